package app_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

// TestLoadReportLists prints, for `make bench`, the latency of the list calls issue 4 names at 50 concurrent
// clients on PostgreSQL with 100,000 dictionary items and 1,000,000 notifications (target: p99 under 30 ms
// each): dict-items/page (first page, and a deep page jumped to and reached by 下一页), notify/getMessage and
// sysQueryField/loadfield.
func TestLoadReportLists(t *testing.T) {
	h, client := benchHarness(t, apptest.WithDatabase(dbtest.Postgres))
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// Bulk rows straight in SQL: a million inserts through the API would take longer than the measurement.
	// Ids start far above the application's so they cannot collide.
	for _, q := range []string{
		fmt.Sprintf(`INSERT INTO dicts (id, company_id, name, code, status, remark, created_at, updated_at)
			VALUES (9000000000000000001, %d, '压测字典', 'bench', 1, '', now(), now())`, owner.CompanyID),
		fmt.Sprintf(`INSERT INTO dict_items (id, company_id, dict_code, name, value, sort, status, remark, created_at, updated_at)
			SELECT 9000000000000000000 + g, %d, 'bench', '项目' || g, 'v' || g, g, 1, '', now(), now()
			FROM generate_series(1, 100000) g`, owner.CompanyID),
		fmt.Sprintf(`INSERT INTO notifications (id, company_id, title, content, ftype, action, sender_id, recipient_id, withdrawn, created_at)
			SELECT 8000000000000000000 + g, %[1]d, '【系统消息】第' || g || '条', '内容', 1 + g %% 3, '', %[2]d, %[2]d, false,
				now() - (g || ' seconds')::interval
			FROM generate_series(1, 1000000) g`, owner.CompanyID, owner.ID),
		fmt.Sprintf(`INSERT INTO notification_targets (id, notification_id, user_id, company_id, ftype, is_read, created_at)
			SELECT 7000000000000000000 + g, 8000000000000000000 + g, %[2]d, %[1]d, 1 + g %% 3, g %% 5 = 0, now()
			FROM generate_series(1, 1000000) g`, owner.CompanyID, owner.ID),
		// A settled database, as production's would be: without this, autovacuum starts on the freshly loaded
		// tables in the middle of the measurement.
		"VACUUM ANALYZE",
	} {
		if err := h.DB.Exec(q).Error; err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	fmt.Printf("== list calls on PostgreSQL, 100,000 dictionary items and 1,000,000 notifications (seeded in %s), %d concurrent clients (target: p99 < 30 ms each)\n",
		time.Since(start).Round(time.Second), benchClients)

	call := func(method, path, body string) func() bool {
		return func() bool {
			req, _ := http.NewRequest(method, h.URL+path, strings.NewReader(body))
			req.Header.Set("jsessionid", admin.Token)
			req.Header.Set("Accept-Encoding", "gzip")
			if body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			resp, err := client.Do(req)
			if err != nil {
				return false
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		}
	}
	// 下一页 from page 2499 names its last row: the island's step to page 2500.
	var page2499 []struct{ ID string }
	admin.Call(http.MethodGet, "/admin/api/v1/dict-items/page?dictCode=bench&page=2499&limit=20", nil).Into(t, &page2499)
	if len(page2499) != 20 {
		t.Fatalf("page 2499: %d rows", len(page2499))
	}
	for _, c := range []struct {
		name string
		do   func() bool
	}{
		{"GET dict-items/page?dictCode=bench (first page)", call(http.MethodGet, "/admin/api/v1/dict-items/page?dictCode=bench&page=1&limit=20", "")},
		{"GET dict-items/page?dictCode=bench (page 2500 by 前往)", call(http.MethodGet, "/admin/api/v1/dict-items/page?dictCode=bench&page=2500&limit=20", "")},
		{"GET dict-items/page (page 2500 by 下一页)", call(http.MethodGet, "/admin/api/v1/dict-items/page?dictCode=bench&page=2500&limit=20&after="+page2499[19].ID, "")},
		{"POST notify/getMessage (first page)", call(http.MethodPost, "/admin/api/v1/notify/getMessage", `{"currentpage":1,"pagesize":10}`)},
		{"GET sysQueryField/loadfield?queryname=dictItemList", call(http.MethodGet, "/admin/api/v1/sysQueryField/loadfield?queryname=dictItemList", "")},
	} {
		if !benchCase(c.name) {
			continue
		}
		// Warm up at full concurrency, so the connection pool has grown before it is measured.
		apptest.Load(benchClients, 300, 30*time.Second, c.do)
		r := apptest.Load(benchClients, 3000, 60*time.Second, c.do)
		fmt.Printf("   %-55s %s\n", c.name, r)
		benchLatency(t, c.name+" (PostgreSQL, 100k items, 1M messages)", r, 30*time.Millisecond)
	}
}
