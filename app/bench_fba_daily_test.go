package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
)

// ledgerBenchSKUs are the seller SKUs FBA每日库存's report seeds, each at ledgerBenchCentres fulfilment centres for
// ledgerBenchDays days. The store has 5,000; seeding its 9 million balances took longer than the report
// may on the shared machine, so it seeds a fifth of them, which leaves one SKU's year the same size.
const ledgerBenchSKUs = 1000

// ledgerBenchCentres are the fulfilment centres every SKU is kept at.
const ledgerBenchCentres = 5

// ledgerBenchDays is how many days back the ledger goes: a year.
const ledgerBenchDays = 365

// ledgerBenchBalances is how many daily balances that makes.
const ledgerBenchBalances = ledgerBenchSKUs * ledgerBenchCentres * ledgerBenchDays

// ledgerBenchClients is how many users issue 44 asks FBA每日库存 to serve at once.
const ledgerBenchClients = 20

// seedLedgerBench are the statements that give a store group (%[1]d company, %[2]d group, %[3]d seller) a year of
// the ledger: each SKU's daily sellable balance at five US centres, a shipment on every other day of a centre
// (its balance lower by the units shipped), one day in 97 short of its event (marked 不符, its difference as the
// imports keep it), and the ledger's
// (SKU, FNSKU) pairs. @days is the VALUES list of (k, day) for the days back. Ids start far above the
// application's so they cannot collide.
var seedLedgerBench = []string{
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ` + fmt.Sprint(ledgerBenchSKUs) + `),
		c(j, fc) AS (VALUES ` + ledgerBenchFCs + `), d(k, day) AS (VALUES @days)
		INSERT INTO fba_ledger_balances (id, company_id, group_id, seller_id, marketplace_id, day, fnsku, asin, sku, title,
			disposition, location, starting, customer_shipments, ending, difference, created_at, updated_at)
		SELECT 6600000000000000000 + (n * 10 + j) * 1000 + k, %[1]d, %[2]d, %[3]d, 'ATVPDKIKX0DER', d.day, 'X0L' || n,
			'B0L' || n, 'LB-' || n || '-X', '账本压测商品 ' || n, 'SELLABLE', c.fc, 400 + k,
			CASE WHEN (n + j + k) %% 2 = 0 THEN -2 ELSE 0 END,
			400 + k - CASE WHEN (n + j + k) %% 2 = 0 THEN 2 ELSE 0 END - CASE WHEN (n + k) %% 97 = 0 THEN 3 ELSE 0 END,
			CASE WHEN (n + k) %% 97 = 0 THEN -3 ELSE 0 END, @now, @now
		FROM g CROSS JOIN c CROSS JOIN d`,
	`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ` + fmt.Sprint(ledgerBenchSKUs) + `),
		c(j, fc) AS (VALUES ` + ledgerBenchFCs + `), d(k, day) AS (VALUES @days)
		INSERT INTO fba_ledger_events (id, company_id, group_id, seller_id, marketplace_id, day, event_at, fnsku, asin,
			sku, title, event_type, reference_id, quantity, fulfillment_center, disposition, country, created_at, updated_at)
		SELECT 6700000000000000000 + (n * 10 + j) * 1000 + k, %[1]d, %[2]d, %[3]d, 'ATVPDKIKX0DER', d.day, @now,
			'X0L' || n, 'B0L' || n, 'LB-' || n || '-X', '账本压测商品 ' || n, 'Shipments', 'L' || n || '-' || j || '-' || k,
			-2, c.fc, 'SELLABLE', 'US', @now, @now
		FROM g CROSS JOIN c CROSS JOIN d WHERE (n + j + k) %% 2 = 0`,
	// The distinct (SKU, FNSKU) pairs, as the balances' import records them.
	`INSERT INTO fba_ledger_skus (company_id, sku, fnsku) SELECT DISTINCT company_id, sku, fnsku FROM fba_ledger_balances
		WHERE company_id = %[1]d`,
}

// ledgerBenchFCs are the five centres as a VALUES list of (j, code).
const ledgerBenchFCs = `(1, 'PHX7'), (2, 'ONT8'), (3, 'LGB8'), (4, 'SMF3'), (5, 'TUS2')`

// TestLoadReportFBADaily prints, for `make bench`, issue 44's figure on both databases: FBA每日库存 (POST
// fbaDaily/page) of one SKU over a year, in a store whose ledger holds 1,000 SKUs × 5 centres × 365 days of
// balances and their shipments, at 20 concurrent users: the newest days, the days that do not add up, and page 50
// (goal: p99 < 50 ms).
func TestLoadReportFBADaily(t *testing.T) {
	for _, kind := range benchKinds() {
		t.Run(kind, func(t *testing.T) { fbaDailyReport(t, kind) })
	}
}

func fbaDailyReport(t *testing.T, kind string) {
	h, client := benchHarness(t, apptest.WithDatabase(kind))
	admin, owner, group, seller := benchSeller(t, h, "账本压测店铺", "ALBBENCHSELLER")
	start := time.Now()
	now := time.Now().UTC().Truncate(time.Second)
	local := h.Clock.Now().In(h.Config.TimeZone)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	days := make([]string, ledgerBenchDays)
	for k := range days {
		days[k] = fmt.Sprintf("(%d, '%s')", k+1, today.AddDate(0, 0, -(k+1)).Format(time.DateOnly))
	}
	for _, q := range seedLedgerBench {
		q = strings.ReplaceAll(fmt.Sprintf(q, owner.CompanyID, group.ID, seller.ID), "@days", strings.Join(days, ", "))
		var args []any // a statement without @now takes no argument
		if strings.Contains(q, "@now") {
			args = append(args, map[string]any{"now": now})
		}
		if err := h.DB.Exec(q, args...).Error; err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	settle(t, h.DB)
	fmt.Printf("== FBA每日库存 on %s, %d SKUs × %d centres × %d days = %d daily balances and their shipments (seeded in %s), %d concurrent users\n",
		kind, ledgerBenchSKUs, ledgerBenchCentres, ledgerBenchDays, ledgerBenchBalances, time.Since(start).Round(time.Second), ledgerBenchClients)

	const goal = 50 * time.Millisecond
	year := fmt.Sprintf(`"keyword":"LB-420-X","from":%q,"to":%q`, today.AddDate(0, 0, -ledgerBenchDays).Format(time.DateOnly),
		today.AddDate(0, 0, -1).Format(time.DateOnly))
	for _, c := range []struct {
		name, body string
		rows       int
	}{
		{"one SKU, a year, newest first", `{"currentpage":1,"pagesize":20,` + year + `}`, 20},
		{"one SKU, a year, 不符 only", `{"currentpage":1,"pagesize":20,"check":"bad",` + year + `}`, 20},
		{"one SKU, a year, page 50", `{"currentpage":50,"pagesize":20,` + year + `}`, 20},
	} {
		if !benchCase(c.name) {
			continue
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatal(err)
		}
		var check struct {
			Total   int64
			Records []struct{ SellerSKU, Check string }
		}
		env := admin.Call(http.MethodPost, "/erp/api/v1/fbaDaily/page", body)
		apptest.ExpectOK(t, env)
		env.Into(t, &check)
		if len(check.Records) != c.rows || check.Records[0].SellerSKU != "LB-420-X" {
			t.Fatalf("%s: %d rows of %d", c.name, len(check.Records), check.Total)
		}
		do := signedInPosts(client, h.URL+"/erp/api/v1/fbaDaily/page", admin.Token, func() string { return c.body })
		alone := apptest.Load(1, 20, 30*time.Second, do)
		// Warm up at full concurrency, so the connection pool has grown before it is measured.
		apptest.Load(ledgerBenchClients, 100, 30*time.Second, do)
		r := apptest.Load(ledgerBenchClients, 1000, 60*time.Second, do)
		fmt.Printf("   %-32s %4d days, alone p50 %6.2f ms | %s (goal: p99 < %d ms)  [%s]\n", c.name, check.Total, ms(alone.P50), r,
			goal.Milliseconds(), goalMark(r.P99 < goal && r.Errors == 0))
		benchLatency(t, fmt.Sprintf("fbaDaily/page at %.2fM balances (%dk SKUs), %d users, %s, %s", float64(ledgerBenchBalances)/1e6,
			ledgerBenchSKUs/1000, ledgerBenchClients, kind, c.name), r, goal)
	}
}
