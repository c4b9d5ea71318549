package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
)

// fbaBenchRows is how many seller SKU × marketplace rows the FBA库存明细 report seeds: 50,000 SKUs in the US and
// Canada.
const fbaBenchRows = 100_000

// fbaBenchClients is how many users issue 42 asks FBA库存明细 to serve at once.
const fbaBenchClients = 20

// seedFBABench are the statements that give a store group (%[1]d company, %[2]d group, %[3]d seller) 100,000 FBA
// inventory rows, every tenth US SKU paired with one of 5,000 products, and every fifth US SKU sold today, straight
// in SQL (one form for both databases). Ids start far above the application's so they cannot collide.
var seedFBABench = []string{
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5000)
		INSERT INTO local_products (id, company_id, sku, name, kind, remark, disabled, created_at, updated_at)
		SELECT 6200000000000000000 + n, %[1]d, 'BP-' || n, '压测产品 ' || n, 1, '', false, @now, @now FROM g`,
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5000)
		INSERT INTO listings (id, company_id, group_id, marketplace_id, seller_sku, product_id, created_at, updated_at)
		SELECT 6400000000000000000 + n, %[1]d, %[2]d, 'ATVPDKIKX0DER', 'BENCH-' || (n * 10), 6200000000000000000 + n, @now, @now FROM g`,
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ` + fmt.Sprint(fbaBenchRows) + `)
		INSERT INTO fba_inventory (id, company_id, group_id, seller_id, marketplace_id, sku, fnsku, asin, name, currency,
			fulfillable, reserved, inbound_shipped, unsellable, total, created_at, updated_at)
		SELECT 6300000000000000000 + n, %[1]d, %[2]d, %[3]d, CASE WHEN n %% 2 = 0 THEN 'A2EUQ1WTGCTBG2' ELSE 'ATVPDKIKX0DER' END,
			'BENCH-' || ((n + 1) / 2), 'X00' || n, 'B0' || n, '压测商品 ' || n, 'USD',
			n %% 500, n %% 7, CASE WHEN n %% 10 = 0 THEN 24 ELSE 0 END, n %% 3, n %% 500 + n %% 7 + n %% 3, @now, @now FROM g`,
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 10000)
		INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, bj_day, asin,
			product_name, units, orders, amount)
		SELECT %[1]d, %[2]d, %[3]d, 'ATVPDKIKX0DER', 'BENCH-' || (n * 5), 'USD', @day, @day, '', '', n %% 9 + 1, 1, 199900 FROM g`,
}

// TestLoadReportFBAInventory prints, for `make bench`, issue 42's figure on both databases: FBA库存明细 (POST
// fbaInventory/page) of a store group with 100,000 seller SKU × marketplace rows at 20 concurrent users: the first
// page, sorted by 可售, the unpaired SKUs, the SKUs with stock of one marketplace, and page 100 (goal: p99 < 50 ms).
func TestLoadReportFBAInventory(t *testing.T) {
	for _, kind := range benchKinds() {
		t.Run(kind, func(t *testing.T) { fbaInventoryReport(t, kind) })
	}
}

func fbaInventoryReport(t *testing.T, kind string) {
	h, client := benchHarness(t, apptest.WithDatabase(kind))
	admin, owner, group, seller := benchSeller(t, h, "压测店铺", "ABENCHSELLER")
	start := time.Now()
	now := time.Now().UTC().Truncate(time.Second)
	day := now.In(amazondatadb.SalesDaysZone).Format(time.DateOnly)
	for _, q := range seedFBABench {
		err := h.DB.Exec(fmt.Sprintf(q, owner.CompanyID, group.ID, seller.ID), map[string]any{"now": now, "day": day}).Error
		if err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	settle(t, h.DB)
	fmt.Printf("== FBA库存明细 on %s, %d seller SKU × marketplace rows (seeded in %s), %d concurrent users\n",
		kind, fbaBenchRows, time.Since(start).Round(time.Second), fbaBenchClients)

	const goal = 50 * time.Millisecond
	fixed := func(body string) func() string { return func() string { return body } }
	for _, c := range []struct{ name, body string }{
		{"first page", `{"currentpage":1,"pagesize":20}`},
		{"sorted by 可售, most first", `{"currentpage":1,"pagesize":20,"sort":"fulfillable","order":"desc"}`},
		{"未配对", `{"currentpage":1,"pagesize":20,"paired":"no"}`},
		{"有库存 in 加拿大", `{"currentpage":1,"pagesize":20,"stock":"yes","marketplaceId":"A2EUQ1WTGCTBG2"}`},
		{"page 100 by 前往", `{"currentpage":100,"pagesize":20}`},
	} {
		if !benchCase(c.name) {
			continue
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatal(err)
		}
		var check struct{ Records []struct{ SellerSKU string } }
		admin.Call(http.MethodPost, "/erp/api/v1/fbaInventory/page", body).Into(t, &check)
		if len(check.Records) != 20 {
			t.Fatalf("%s: %d rows", c.name, len(check.Records))
		}
		do := signedInPosts(client, h.URL+"/erp/api/v1/fbaInventory/page", admin.Token, fixed(c.body))
		alone := apptest.Load(1, 20, 30*time.Second, do)
		// Warm up at full concurrency, so the connection pool has grown before it is measured.
		apptest.Load(fbaBenchClients, 100, 15*time.Second, do)
		r := apptest.Load(fbaBenchClients, 2000, 30*time.Second, do)
		fmt.Printf("   %-30s alone p50 %6.2f ms | %s (goal: p99 < %d ms)  [%s]\n", c.name, ms(alone.P50), r, goal.Milliseconds(), goalMark(r.P99 < goal && r.Errors == 0))
		benchLatency(t, fmt.Sprintf("fbaInventory/page at 100k rows, %d users, %s, %s", fbaBenchClients, kind, c.name), r, goal)
	}
}
