package app_test

// The closing table of `make bench`. A TestLoadReport* records each figure it measures with one of
//
//	benchFigure(t, figure, value, goal string, met bool) // any figure; goal "" for one that has none
//	benchLatency(t, figure string, r apptest.LoadResult, p99 time.Duration) // p50/p99/req/s/cpu, goal p99 < p99 (0: none)
//	benchWeight(t, figure string, bytes, goalKB int) // bytes on the wire, goal at most goalKB KB (0: none)
//
// Each writes a line to the file named by SELLERHUB_BENCH_FIGURES (the Makefile sets it, empties it before the
// run and prints it as one table after); without it nothing is recorded and the report's own lines still print.

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// benchClients is how many clients the load reports run at once.
const benchClients = 50

// benchHarness starts the application for a `make bench` report and returns it with a client that counts bytes
// as sent; without SELLERHUB_BENCH=1 the report is skipped, so `make test` does not run it.
func benchHarness(t *testing.T, opts ...apptest.Option) (*apptest.Harness, *http.Client) {
	t.Helper()
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	return apptest.Start(t, opts...), apptest.WireClient(benchClients)
}

// benchKinds are the databases a report measures: both, or the one SELLERHUB_BENCH_DB names (sqlite, postgres).
func benchKinds() []string {
	if only := os.Getenv("SELLERHUB_BENCH_DB"); only != "" {
		return []string{only}
	}
	return dbtest.Kinds
}

// benchCase tells whether a report measures the case of this name: every case, or those whose names contain
// SELLERHUB_BENCH_CASE, so that one case can be profiled alone.
func benchCase(name string) bool {
	return strings.Contains(name, os.Getenv("SELLERHUB_BENCH_CASE"))
}

// goalMark is the report's mark beside a figure: ok when it meets its goal, MISSED when not.
func goalMark(met bool) string {
	if met {
		return "ok"
	}
	return "MISSED"
}

// benchFigure records one row of the closing table: the figure, its value, its goal and whether the value meets
// it (ignored without a goal). Tabs and line breaks would break the table's columns, so they become spaces.
func benchFigure(t testing.TB, figure, value, goal string, met bool) {
	t.Helper()
	path := os.Getenv("SELLERHUB_BENCH_FIGURES")
	if path == "" {
		return
	}
	mark := ""
	if goal != "" {
		mark = goalMark(met)
	}
	clean := strings.NewReplacer("\t", " ", "\n", " ")
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatalf("record a bench figure: %v", err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "%s\t%s\t%s\t%s\n", clean.Replace(figure), clean.Replace(value), clean.Replace(goal), mark); err != nil {
		t.Fatalf("record a bench figure: %v", err)
	}
}

// benchLatency records a load run: p50, p99, throughput and errors; a run with errors misses its goal.
func benchLatency(t testing.TB, figure string, r apptest.LoadResult, p99 time.Duration) {
	t.Helper()
	value := fmt.Sprintf("p50 %.1f ms, p99 %.1f ms, %.0f req/s, cpu %d µs/req%s", ms(r.P50), ms(r.P99), r.PerSecond,
		r.CPUPerRequest.Microseconds(), r.StealNote())
	if r.Errors > 0 {
		value += fmt.Sprintf(", %d errors", r.Errors)
	}
	goal := ""
	if p99 > 0 {
		goal = fmt.Sprintf("p99 < %.0f ms", ms(p99))
	}
	benchFigure(t, figure, value, goal, r.P99 < p99 && r.Errors == 0)
}

// benchWeight records bytes on the wire against a goal in KB.
func benchWeight(t testing.TB, figure string, bytes, goalKB int) {
	t.Helper()
	goal := ""
	if goalKB > 0 {
		goal = fmt.Sprintf("<= %d KB", goalKB)
	}
	benchFigure(t, figure, fmt.Sprintf("%.1f KB", float64(bytes)/1024), goal, bytes <= goalKB*1024)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// benchSeller signs the admin in and gives its company a store group (name) with a North American seller account
// (sellingPartnerID), which a report seeds its data into.
func benchSeller(t *testing.T, h *apptest.Harness, name, sellingPartnerID string) (*apptest.Client, *accountsdb.User, *storesdb.StoreGroup, *storesdb.Seller) {
	t.Helper()
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	group := &storesdb.StoreGroup{CompanyID: owner.CompanyID, Name: name}
	if err := h.DB.Create(group).Error; err != nil {
		t.Fatal(err)
	}
	seller := &storesdb.Seller{ID: models.NewID(), CompanyID: owner.CompanyID, GroupID: group.ID, Region: "NA",
		SellingPartnerID: sellingPartnerID, RefreshToken: "token", Status: storesdb.SellerActive, AuthorizedAt: time.Now()}
	if err := h.DB.Create(seller).Error; err != nil {
		t.Fatal(err)
	}
	return admin, owner, group, seller
}
