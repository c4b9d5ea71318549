package app_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/stores"
	"sellerhub/config"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
)

const metricsToken = "scrape-token-0123456789"

// /metrics is not found unless a token is configured, and then refused without it; with it, Prometheus's text
// format: requests by route, method and status, the database pool, the queue's jobs by kind and state, the
// workers' attempts by kind and outcome, and each store's sync lag. On both databases.
func TestMetrics(t *testing.T) {
	closed := apptest.Start(t)
	if resp, _ := closed.Client().Raw(http.MethodGet, "/metrics", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("/metrics without a token configured: %d", resp.StatusCode)
	}
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind),
				apptest.WithConfig(func(c *config.Config) { c.MetricsToken = config.Secret(metricsToken) }))
			c := h.Client()
			scrape := func(token string) (int, string) {
				t.Helper()
				req, _ := http.NewRequest(http.MethodGet, h.URL+"/metrics", nil)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			if code, body := scrape(""); code != http.StatusUnauthorized || strings.Contains(body, "sellerhub_") {
				t.Fatalf("without the token: %d %q", code, body)
			}
			if code, _ := scrape("wrong-token-0123456789"); code != http.StatusUnauthorized {
				t.Fatalf("with a wrong token: %d", code)
			}

			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
			c.Raw(http.MethodGet, "/healthz", "", nil)
			c.Raw(http.MethodGet, "/no/such/page/12345", "", nil)
			c.Raw(http.MethodGet, "/uploads/no-such-picture.png", "", nil) // a route's own 404 keeps its route
			// A job waiting, then one worked; a store synced a minute ago.
			if _, err := h.Jobs.Insert(h.DB, stores.SecretRemindersArgs{}, nil); err != nil {
				t.Fatal(err)
			}
			var seller struct{ ID, CompanyID int64 }
			if err := h.DB.Raw(`SELECT id, company_id FROM sellers ORDER BY id LIMIT 1`).Scan(&seller).Error; err != nil || seller.ID == 0 {
				t.Fatalf("no seller to sync: %v", err)
			}
			if err := datasyncdb.EnsureSyncTasks(h.DB, seller.CompanyID, seller.ID, []string{"orders"}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := h.DB.Exec(`UPDATE sync_tasks SET last_success_at = ? WHERE seller_id = ?`,
				time.Now().UTC().Add(-time.Minute), seller.ID).Error; err != nil {
				t.Fatal(err)
			}
			code, body := scrape(metricsToken)
			if code != http.StatusOK {
				t.Fatalf("with the token: %d %s", code, body)
			}
			for _, want := range []string{
				`sellerhub_http_requests_total{code="200",method="GET",route="/healthz"} 1`,
				`sellerhub_http_requests_total{code="200",method="POST",route="/admin/api/v1/auth/login"} 1`,
				`sellerhub_http_requests_total{code="404",method="GET",route="unmatched"} 1`,
				`sellerhub_http_requests_total{code="404",method="GET",route="/uploads/:name"} 1`,
				`sellerhub_http_request_duration_seconds_bucket{code="200",method="GET",route="/healthz",le="+Inf"} 1`,
				`go_sql_open_connections{db_name="sellerhub"}`,
				`sellerhub_jobs{kind="secret_reminders",state="available"} 1`,
				`sellerhub_sync_lag_seconds{kind="orders",seller_id="`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("no %s in\n%s", want, grepLines(body, "sellerhub_"))
				}
			}

			h.StartWorkers(t)
			deadline := time.Now().Add(10 * time.Second)
			for {
				_, body = scrape(metricsToken)
				if strings.Contains(body, `sellerhub_job_attempts_total{kind="secret_reminders",outcome="ok"} 1`) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the worked job not counted:\n%s", grepLines(body, "sellerhub_job"))
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}

func grepLines(body, prefix string) string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
