package purchase_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	purchasedb "sellerhub/models/purchase"
)

// The weighted average cost after receipts at three prices, exact to the cent, on every database. Hand
// calculation: 10 units held at the entered cost 4.00; received 10 at 5.00 on 11-01: (10×4.00 + 10×5.00) ÷ 20
// = 4.50; 20 at 6.10 on 11-10: (20×4.50 + 20×6.10) ÷ 40 = 5.30; 15 shipped out; 30 at 7.37 on 11-20:
// (25×5.30 + 30×7.37) ÷ 55 = 353.60 ÷ 55 = 6.4290909… = 6.43. Then 10 at 9.00 into another warehouse on 11-25:
// that warehouse's average is 9.00 and the product's (55×6.4290909… + 10×9.00) ÷ 65 = 443.60 ÷ 65 = 6.8246… =
// 6.82. The product's cost (what 利润报告's 商品成本 reads) holds from each receipt's date; before the first,
// the entered cost.
func TestWeightedAverageCostAfterThreePricesIsExactToTheCent(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newFixture(t, h, "13700000001", "甲公司")
			apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"material/"+f.a+"/cost", map[string]any{"unitCost": "4.00", "effectiveFrom": "2026-01-01"}))
			opening := map[string]any{"warehouseId": f.main, "lines": []map[string]any{{"productId": f.a, "quantity": 10}}}
			in := created(t, f.c.Call(http.MethodPost, v1+"inbound", opening))
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"inbound/"+in+"/submit", nil))
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil))

			receive := func(price string, n int, warehouse, date string) {
				t.Helper()
				id := f.ordered(t, pl{f.a, price, "13", n})
				la := f.get(t, id).lineOf(t, f.a).ID
				apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(warehouse, date, "", rl{la, n})))
			}
			receive("5.00", 10, f.main, "2026-11-01")
			f.wantCost(t, f.mainID, "4.5")
			receive("6.10", 20, f.main, "2026-11-10")
			f.wantCost(t, f.mainID, "5.3")
			out := created(t, f.c.Call(http.MethodPost, v1+"outbound", map[string]any{"warehouseId": f.main,
				"lines": []map[string]any{{"productId": f.a, "quantity": 15}}}))
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil))
			receive("7.37", 30, f.main, "2026-11-20")
			f.wantCost(t, f.mainID, "6.4291")
			receive("9.00", 10, f.other, "2026-11-25")
			f.wantCost(t, f.otherID, "9")

			histories, err := catalogdb.CostHistories(h.DB, f.companyID, []int64{f.aID})
			if err != nil {
				t.Fatal(err)
			}
			for date, want := range map[string]string{"2026-06-30": "4", "2026-11-01": "4.5", "2026-11-09": "4.5",
				"2026-11-10": "5.3", "2026-11-20": "6.43", "2026-11-24": "6.43", "2026-11-25": "6.82", "2026-12-31": "6.82"} {
				if got := catalogdb.CostOn(histories[f.aID], date).UnitCost.Decimal; !got.Equal(decimal.RequireFromString(want)) {
					t.Errorf("cost on %s = %s, want %s", date, got, want)
				}
			}
			var price decimal.NullDecimal
			h.DB.Table("local_products").Where("id = ?", f.aID).Pluck("price", &price)
			if !price.Decimal.Equal(decimal.RequireFromString("6.82")) {
				t.Fatalf("本地产品's 采购成本 = %s, want 6.82", price.Decimal)
			}
		})
	}
}

// wantCost checks the product A's weighted average cost in a warehouse (CNY, four decimals kept).
func (f *fixture) wantCost(t *testing.T, warehouse int64, want string) {
	t.Helper()
	cost, ok, err := purchasedb.StockCostOf(f.h.DB, f.companyID, warehouse, f.aID)
	if err != nil || !ok {
		t.Fatalf("no cost: %v", err)
	}
	if got := decimal.New(cost, -4); !got.Equal(decimal.RequireFromString(want)) {
		t.Fatalf("average cost = %s, want %s", got, want)
	}
}

// A receipt in a foreign currency costs its units at the month's rate of the receipt's date.
func TestAReceiptInDollarsCostsAtTheMonthsRate(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"exchangeRate", map[string]string{"currency": "USD", "month": "2026-10", "rate": "7.2"}))
	id, _ := f.create(t, "USD", "receipt", pl{f.a, "1.25", "", 8})
	for _, step := range []string{"submit", "approve", "place"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/"+step, nil))
	}
	la := f.get(t, id).lineOf(t, f.a).ID
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, "2026-10-15", "", rl{la, 8})))
	f.wantCost(t, f.mainID, "9") // 1.25 × 7.2
	if e := f.get(t, id).Events[0]; e.Date != "2026-10-15" || e.Lines[0].UnitCost != "9.00" {
		t.Fatalf("receipt = %+v", e)
	}
}

// Receipts at once, on every database: ten receipts of 15 against 100 outstanding take exactly 90 (six of them),
// the rest refused; receipts of two orders of the product into one warehouse and returns from it at once all
// land. Stock equals the ledger's sums and is never negative.
func TestConcurrentReceiptsNeverTakeAUnitTwiceOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newFixture(t, h, "13700000001", "甲公司")
			id := f.ordered(t, pl{f.a, "2.00", "", 100})
			la := f.get(t, id).lineOf(t, f.a).ID
			var mu sync.Mutex
			var wg sync.WaitGroup
			ok, refused := 0, map[string]int{}
			for range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					env := f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, "", "", rl{la, 15}))
					mu.Lock()
					defer mu.Unlock()
					if env.Code == "201" {
						ok++
					} else {
						refused[env.Msg]++
					}
				}()
			}
			wg.Wait()
			if ok != 6 || refused["第1行：收货数量 15 超出未收数量 10"] != 4 {
				t.Fatalf("%d received, refused %v", ok, refused)
			}
			f.wantStock(t, f.mainID, f.aID, 10, 90)
			if o := f.get(t, id); o.TotalReceived != 90 || len(o.Events) != 6 {
				t.Fatalf("order = %+v", o)
			}

			// Two more orders received and returned at once into and from the same warehouse.
			second := f.ordered(t, pl{f.a, "3.00", "", 40})
			third := f.ordered(t, pl{f.a, "4.00", "", 40})
			f.wantStock(t, f.mainID, f.aID, 90, 90)
			steps := []func() string{}
			for _, oid := range []string{second, third} {
				l := f.get(t, oid).lineOf(t, f.a).ID
				for range 4 {
					steps = append(steps, func() string {
						return f.c.Call(http.MethodPost, v1+"purchaseOrder/"+oid+"/receive", eventBody(f.main, "", "", rl{l, 10})).Msg
					})
				}
			}
			for range 6 {
				steps = append(steps, func() string {
					return f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.main, "", "退货", rl{la, 5})).Msg
				})
			}
			answers := make([]string, len(steps))
			for i, step := range steps {
				wg.Add(1)
				go func() { defer wg.Done(); answers[i] = step() }()
			}
			wg.Wait()
			for i, a := range answers {
				if a != "一切ok" {
					t.Fatalf("step %d answered %q", i, a)
				}
			}
			f.wantStock(t, f.mainID, f.aID, 10, 90+80-30)
			for _, oid := range []string{second, third} {
				if o := f.get(t, oid); o.StatusName != "已完成" || o.TotalReceived != 40 {
					t.Fatalf("order %s = %+v", oid, o)
				}
			}
		})
	}
}
