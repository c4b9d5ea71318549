package app_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// slowStatement counts to up to in a recursive query, marked so that PostgreSQL's list of running statements
// shows it. A billion is minutes of work on either database.
func slowStatement(upTo int) string {
	return fmt.Sprintf(`/* sellerhub-slow-statement */ WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) SELECT count(*) FROM n`, upTo)
}

// sqliteStepsUnwatched is how far the statements read through database/sql's Query count on SQLite: its driver
// (modernc.org/sqlite) interrupts a statement at its context's end only while preparing it, taking its first step
// or running it as an Exec, not while its further rows are stepped, so such a statement runs to its end (seconds,
// not minutes, here) and only then answers the timeout.
const sqliteStepsUnwatched = 4000000

// leftMidTransaction is the token of the session row slow-tx writes before its slow statement.
const leftMidTransaction = "left-mid-transaction"

// slowRoutes are stand-ins that run the slow statement the three ways gorm runs one (a query callback with Find,
// a row callback with Scan, Exec), as every service does, and inside a transaction after a write, under the
// request's context.
func slowRoutes(h **apptest.Harness, kind string, started chan<- struct{}) apptest.Option {
	read := slowStatement(1000000000)
	if kind == dbtest.SQLite {
		read = slowStatement(sqliteStepsUnwatched)
	}
	return apptest.WithRoutes(func(e *echo.Echo) {
		e.GET("/admin/api/v1/test/slow-find", func(c *echo.Context) error {
			started <- struct{}{}
			var n []int64
			return (*h).DB.With(c.Request().Context()).Raw(read).Find(&n).Error
		})
		e.GET("/admin/api/v1/test/slow-scan", func(c *echo.Context) error {
			started <- struct{}{}
			var n int64
			return (*h).DB.With(c.Request().Context()).Raw(read).Scan(&n).Error
		})
		e.GET("/admin/api/v1/test/slow-exec", func(c *echo.Context) error {
			started <- struct{}{}
			return (*h).DB.With(c.Request().Context()).Exec(slowStatement(1000000000)).Error
		})
		// A write, then the slow statement, in one transaction: if the request gives up, neither may land.
		e.GET("/admin/api/v1/test/slow-tx", func(c *echo.Context) error {
			return (*h).DB.Tx(c.Request().Context(), func(tx *models.DB) error {
				if err := tx.Create(&models.Session{Token: leftMidTransaction, Data: []byte{}, Expiry: time.Now().Add(time.Hour)}).Error; err != nil {
					return err
				}
				started <- struct{}{}
				return tx.Exec(slowStatement(1000000000)).Error
			})
		})
	})
}

// stillRunning tells whether PostgreSQL is still working on the slow statement (for any connection).
func stillRunning(t *testing.T, db *models.DB) bool {
	t.Helper()
	var n int64
	if err := db.Raw(`SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '/* sellerhub-slow-statement */%'`).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// waitStopped fails the test unless the database stops working on the slow statement within a few seconds
// (it would run for minutes): on PostgreSQL the statement must be cancelled in the server, not only abandoned by
// the client.
func waitStopped(t *testing.T, kind string, db *models.DB) {
	t.Helper()
	if kind != dbtest.Postgres {
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for stillRunning(t, db) {
		if time.Now().After(deadline) {
			t.Fatal("PostgreSQL still runs the statement its request gave up on")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAStatementPastItsTimeLimitAnswersTheTimeoutMessage runs a statement that would take minutes under a
// SELLERHUB_QUERY_TIMEOUT of 300 ms: the request answers 503 with the specification's 查询数据超时 message, logged
// at WARN and not as a server error, and the database stops the statement at once (on SQLite, see
// sqliteStepsUnwatched).
func TestAStatementPastItsTimeLimitAnswersTheTimeoutMessage(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			var h *apptest.Harness
			started := make(chan struct{}, 3)
			h = apptest.Start(t, apptest.WithDatabase(kind), slowRoutes(&h, kind, started),
				apptest.WithConfig(func(c *config.Config) { c.QueryTimeout = 300 * time.Millisecond }))
			for _, path := range []string{"/admin/api/v1/test/slow-exec", "/admin/api/v1/test/slow-find", "/admin/api/v1/test/slow-scan"} {
				start := time.Now()
				env := h.Client().Call(http.MethodGet, path, nil)
				took := time.Since(start)
				if env.Status != http.StatusServiceUnavailable || env.Code != "B0001" || env.Msg != core.MsgQueryTimeout {
					t.Fatalf("%s: answered %d %s %q, want 503 B0001 %q", path, env.Status, env.Code, env.Msg, core.MsgQueryTimeout)
				}
				if (kind == dbtest.Postgres || strings.HasSuffix(path, "exec")) && took > 5*time.Second {
					t.Fatalf("%s: the answer took %s under a 300 ms limit", path, took)
				}
				waitStopped(t, kind, h.DB)
				line := h.Log.WaitFor(t, `"path":"`+path+`","status":503`, 5*time.Second)
				if !strings.Contains(line, `"level":"WARN"`) {
					t.Fatalf("%s: the request's line: %s", path, line)
				}
			}
			if log := h.Log.String(); strings.Contains(log, `"level":"ERROR"`) {
				t.Fatalf("a statement past its time limit was logged as an error:\n%s", log)
			}
			// Quick statements under the same limit answer as ever.
			apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, apptest.AdminPassword))
		})
	}
}

// TestAClientThatLeavesStopsItsStatement has a client give up while its request's statement runs, alone or in a
// transaction after a write: the database stops the statement (on PostgreSQL a cancel request, not a connection
// left working until the result is sent; on SQLite an interrupt, see sqliteStepsUnwatched), the transaction's
// write does not land, the request is logged as 499, and the connections serve the next requests.
func TestAClientThatLeavesStopsItsStatement(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			var h *apptest.Harness
			started := make(chan struct{}, 1)
			h = apptest.Start(t, apptest.WithDatabase(kind), slowRoutes(&h, kind, started))
			alone := "/admin/api/v1/test/slow-find"
			if kind == dbtest.SQLite {
				alone = "/admin/api/v1/test/slow-exec"
			}
			for _, path := range []string{alone, "/admin/api/v1/test/slow-tx"} {
				leaveDuring(t, h, kind, path, started)
				line := h.Log.WaitFor(t, `"path":"`+path+`","status"`, 5*time.Second)
				if !strings.Contains(line, `"status":499`) {
					t.Fatalf("%s: the request's line: %s", path, line)
				}
			}
			var written int64
			if err := h.DB.Model(&models.Session{}).Where("token = ?", leftMidTransaction).Count(&written).Error; err != nil {
				t.Fatal(err)
			}
			if written != 0 {
				t.Fatal("the write of a transaction its client left landed")
			}
			apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, apptest.AdminPassword))
		})
	}
}

// leaveDuring sends a request to path and leaves once its slow statement runs, then waits until the database has
// stopped it.
func leaveDuring(t *testing.T, h *apptest.Harness, kind, path string, started <-chan struct{}) {
	t.Helper()
	ctx, leave := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	gone := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		gone <- err
	}()
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: the handler never ran", path)
	}
	if kind == dbtest.Postgres {
		deadline := time.Now().Add(5 * time.Second)
		for !stillRunning(t, h.DB) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the statement never started", path)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	leave()
	<-gone
	waitStopped(t, kind, h.DB)
}
