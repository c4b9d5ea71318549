package app_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	"sellerhub/models/migrations"
)

// /healthz answers while the process runs; /readyz only while the database answers at the schema this build
// expects (and Redis, when configured). Both are plain text to anyone, saying nothing but ok or not ready.
func TestHealthAndReadiness(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{
		{"sqlite", nil},
		{"postgres", []apptest.Option{apptest.WithDatabase(dbtest.Postgres)}},
		{"postgres+redis", []apptest.Option{apptest.WithDatabase(dbtest.Postgres), apptest.WithRedisSessions()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := apptest.Start(t, tc.opts...)
			c := h.Client()
			expect := func(path string, status int, body string) {
				t.Helper()
				resp, b := c.Raw(http.MethodGet, path, "", nil)
				if resp.StatusCode != status || string(b) != body || resp.Header.Get("Set-Cookie") != "" {
					t.Fatalf("%s: %d %q (cookie %q), want %d %q", path, resp.StatusCode, b, resp.Header.Get("Set-Cookie"), status, body)
				}
			}
			expect("/healthz", 200, "ok")
			expect("/readyz", 200, "ok")

			// The newest migration rolled back: an instance of this build must not take traffic.
			sqlDB, err := h.DB.DB.DB()
			if err != nil {
				t.Fatal(err)
			}
			cur, err := migrations.NewCurrent(sqlDB, h.DB.Driver)
			if err != nil {
				t.Fatal(err)
			}
			if err := migrations.DownTo(t.Context(), sqlDB, h.DB.Driver, cur.Newest()-1); err != nil {
				t.Fatal(err)
			}
			expect("/readyz", 503, "not ready")
			if err := migrations.Up(t.Context(), sqlDB, h.DB.Driver); err != nil {
				t.Fatal(err)
			}
			expect("/readyz", 200, "ok")

			// A newer release's migration has run (expand, then contract): this release stays ready during the
			// rolling restart.
			if err := h.DB.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (?, ?)`, cur.Newest()+1, true).Error; err != nil {
				t.Fatal(err)
			}
			expect("/readyz", 200, "ok")

			// The database gone: not ready, while the process still answers.
			if err := sqlDB.Close(); err != nil {
				t.Fatal(err)
			}
			expect("/readyz", 503, "not ready")
			expect("/healthz", 200, "ok")
		})
	}
}
