package app_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// Issue 49's bench of 月度报告: a company of 20 stores with two years of settlements.
const (
	monthBenchStores = 20
	monthBenchSKUs   = 40
	monthBenchUsers  = 10
	monthBenchGoal   = 300 * time.Millisecond
)

// monthBenchPerDay is how many items a store sells a day on average (seasonal); SELLERHUB_BENCH_MONTH_PER_DAY
// changes it (a quick run on a loaded machine).
func monthBenchPerDay() int {
	if n, err := strconv.Atoi(os.Getenv("SELLERHUB_BENCH_MONTH_PER_DAY")); err == nil && n > 0 {
		return n
	}
	return 12
}

// seedMonthBench gives the company 20 US stores of 40 SKUs each, every SKU paired with a local product of its
// own with a cost, and two years of settlements to now: each item's principal, commission and FBA fee, one in
// fifty refunded ten days later, and each month's subscription, storage fee, advertising invoice and a
// reimbursement, as the settlement report books them. It answers how many settlement lines it wrote.
func seedMonthBench(t *testing.T, db *models.DB, companyID int64, now time.Time) int {
	t.Helper()
	ctx := context.Background()
	const us = "ATVPDKIKX0DER"
	end := now.UTC()
	start := time.Date(end.Year()-2, end.Month(), 1, 0, 0, 0, 0, time.UTC)
	perDay := monthBenchPerDay()
	total := 0
	for n := range monthBenchStores {
		s, err := fixtures.Seller(ctx, db, companyID, fmt.Sprintf("月报店铺%02d", n+1), "NA", fmt.Sprintf("A1MONTH%02d", n+1), us)
		if err != nil {
			t.Fatal(err)
		}
		products := make([]catalogdb.LocalProduct, monthBenchSKUs)
		listings := make([]catalogdb.Listing, monthBenchSKUs)
		sku := func(k int) string { return fmt.Sprintf("M%02d-%03d", n+1, k) }
		for k := range products {
			price := decimal.NewNullDecimal(decimal.New(int64(800+k*37%900), -2))
			products[k] = catalogdb.LocalProduct{ID: models.NewID(), CompanyID: companyID, SKU: "LP-" + sku(k), Name: "月报产品 " + sku(k),
				Kind: catalogdb.ProductKindProduct, Price: price}
			listings[k] = catalogdb.Listing{CompanyID: companyID, GroupID: s.GroupID, MarketplaceID: us, SellerSKU: sku(k),
				ASIN: fmt.Sprintf("B0M%02d%05d", n+1, k), ProductID: &products[k].ID}
		}
		if err := db.CreateInBatches(&products, 500).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.CreateInBatches(&listings, 500).Error; err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewSource(int64(49 + n)))
		settlements := map[string]amazondatadb.Settlement{}
		next := map[string]int{}
		var lines []amazondatadb.SettlementLine
		book := func(posted time.Time, tx, order, sku, kind, desc string, cents int64, qty int) {
			if posted.After(end) {
				return
			}
			fortnight := posted.Unix() / (14 * 24 * 3600)
			id := fmt.Sprintf("M%02d%07d", n+1, fortnight)
			if _, ok := settlements[id]; !ok {
				from := time.Unix(fortnight*14*24*3600, 0).UTC()
				to := from.Add(14 * 24 * time.Hour)
				settlements[id] = amazondatadb.Settlement{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: us,
					SettlementID: id, SettlementStartDate: &from, SettlementEndDate: &to, DepositDate: &to, Currency: "USD"}
			}
			next[id]++
			lines = append(lines, amazondatadb.SettlementLine{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID,
				SettlementID: id, LineNo: next[id], MarketplaceID: us, TransactionType: tx, OrderID: order, AmountType: kind,
				AmountDescription: desc, Amount: models.MoneyFromUnits(cents * 100), Currency: "USD", PostedDate: &posted,
				SKU: sku, QuantityPurchased: qty})
		}
		flush := func() {
			for len(lines) > 0 {
				batch := lines[:min(5000, len(lines))]
				lines = lines[len(batch):]
				seen := map[string]bool{}
				var heads []amazondatadb.Settlement
				for _, l := range batch {
					if !seen[l.SettlementID] {
						seen[l.SettlementID] = true
						heads = append(heads, settlements[l.SettlementID])
					}
				}
				if _, err := amazondatadb.UpsertSettlementLines(db, heads, batch); err != nil {
					t.Fatal(err)
				}
				total += len(batch)
			}
		}
		order := 0
		for d := start; d.Before(end); d = d.AddDate(0, 0, 1) {
			if d.Day() == 1 {
				book(d.Add(9*time.Hour), "other-transaction", "", "", "other-transaction", "Subscription Fee", -3999, 0)
			}
			if d.Day() == 7 {
				book(d.Add(11*time.Hour), "other-transaction", "", "", "other-transaction", "Storage Fee", -int64(2000+rnd.Intn(9000)), 0)
				book(d.Add(12*time.Hour), "ServiceFee", "", "", "Cost of Advertising", "TransactionTotalAmount", -int64(20000+rnd.Intn(40000)), 0)
				book(d.Add(13*time.Hour), "other-transaction", "", sku(rnd.Intn(monthBenchSKUs)), "FBA Inventory Reimbursement", "WAREHOUSE_DAMAGE", int64(500+rnd.Intn(3000)), 0)
			}
			for range int(float64(perDay) * seasonality(d, start)) {
				order++
				k := int(rnd.ExpFloat64()*8) % monthBenchSKUs
				id := fmt.Sprintf("112-%07d-%07d", n+1, order)
				price := int64(1299 + k*211%4000)
				posted := d.Add(time.Duration(rnd.Intn(24*60)) * time.Minute)
				book(posted, "Order", id, sku(k), "ItemPrice", "Principal", price, 1)
				book(posted, "Order", id, sku(k), "ItemFees", "Commission", -price*15/100, 0)
				book(posted, "Order", id, sku(k), "ItemFees", "FBAPerUnitFulfillmentFee", -int64(322+k*13%300), 0)
				if rnd.Intn(50) == 0 {
					back := posted.AddDate(0, 0, 10)
					book(back, "Refund", id, sku(k), "ItemPrice", "Principal", -price, 0)
					book(back, "Refund", id, sku(k), "ItemFees", "Commission", price*15/100, 0)
				}
			}
			if len(lines) > 20000 {
				flush()
			}
		}
		flush()
	}
	return total
}

// TestLoadReportMonth prints, for `make bench`, issue 49's 月度报告 of a company of 20 stores with two years of
// settlements, signed in as its owner over HTTP: last month for every store (the company and each store's), and
// one store's; the first call after the seeding computes its three months, the load at 10 users reads the kept
// answers of 利润报告 they are (goal p99 < 300 ms on both databases).
func TestLoadReportMonth(t *testing.T) {
	for _, kind := range benchKinds() {
		t.Run(kind, func(t *testing.T) { monthBenchReport(t, kind) })
	}
}

func monthBenchReport(t *testing.T, kind string) {
	h, client := benchHarness(t, apptest.WithDatabase(kind))
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	now := h.Clock.Now()
	started := time.Now()
	lines := seedMonthBench(t, h.DB, owner.CompanyID, now)
	settle(t, h.DB)
	fmt.Printf("== issue 49's 月度报告 on %s: %d stores, %d settlement lines over two years (seeded in %s), %d users (goal: p99 < %d ms)\n",
		kind, monthBenchStores, lines, time.Since(started).Round(time.Second), monthBenchUsers, monthBenchGoal.Milliseconds())
	today := now.In(h.Config.TimeZone)
	lastMonth := time.Date(today.Year(), today.Month()-1, 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	var store int64
	if err := h.DB.Model(&storesdb.StoreGroup{}).Where("company_id = ? AND name = ?", owner.CompanyID, "月报店铺07").
		Pluck("id", &store).Error; err != nil || store == 0 {
		t.Fatalf("store 月报店铺07: %d (%v)", store, err)
	}
	amz := h.URL + "/amazon/api/v1/"
	for _, c := range []struct {
		name string
		do   func() bool
	}{
		{"月度报告, last month, 20 stores", signedInPost(client, amz+"profit/month", admin.Token, fmt.Sprintf(`{"month":%q}`, lastMonth))},
		{"月度报告, last month, one store", signedInPost(client, amz+"profit/month", admin.Token,
			fmt.Sprintf(`{"month":%q,"groupId":"%d"}`, lastMonth, store))},
	} {
		if !benchCase(c.name) {
			continue
		}
		first := apptest.Load(1, 1, time.Minute, c.do)
		alone := apptest.Load(1, 5, 30*time.Second, c.do)
		apptest.Load(monthBenchUsers, 2*monthBenchUsers, 30*time.Second, c.do)
		r := apptest.Load(monthBenchUsers, 500, 30*time.Second, c.do)
		fmt.Printf("   %-40s first %8.2f ms, alone p50 %7.2f ms | %d users: %s (goal: p99 < %d ms)  [%s]\n", c.name,
			ms(first.P50), ms(alone.P50), monthBenchUsers, r, monthBenchGoal.Milliseconds(),
			goalMark(r.P99 < monthBenchGoal && r.Errors == 0 && alone.Errors == 0 && r.Requests > 0))
		if first.Errors+alone.Errors > 0 {
			t.Errorf("%s failed alone", c.name)
		}
		name := fmt.Sprintf("%s, %s, %d settlement lines", c.name, kind, lines)
		benchFigure(t, name+", first call (three months computed)", fmt.Sprintf("%.1f ms, cpu %d µs", ms(first.P50),
			first.CPUPerRequest.Microseconds()), "", false)
		benchLatency(t, fmt.Sprintf("%s, %d users", name, monthBenchUsers), r, monthBenchGoal)
	}
}
