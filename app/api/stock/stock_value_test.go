package stock_test

import (
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

type valueTotal struct {
	Name, Value               string
	Lines, Quantity, Uncosted int
}

type valueTotals struct {
	Date       string
	Warehouses []valueTotal
	Groups     []valueTotal
	Total      valueTotal
}

type valueLine struct {
	SKU, WarehouseName, UnitCost, Value string
	Quantity, Fulfillable               int
}

// 库存货值 values each day's stock at that day's cost: today from the stock, a past day from the ledger, with the
// totals by warehouse equal to the sum of their lines and the units without a cost counted apart.
func TestStockValueAtAnyDate(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			w2 := createWarehouse(t, c, "东莞仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			u, err := accountsdb.UserByAccount(h.DB, "13700000001")
			if err != nil {
				t.Fatal(err)
			}
			zone := h.Config.TimeZone
			now := h.Clock.Now()
			today := now.In(zone).Format(time.DateOnly)
			past := now.In(zone).AddDate(0, 0, -3).Format(time.DateOnly)
			for i, c := range []struct {
				from, cost string
			}{{"2000-01-01", "10.01"}, {today, "12"}} {
				err := h.DB.Exec("INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
					7460000000000950+i, u.CompanyID, a, c.from, c.cost, now, now).Error
				if err != nil {
					t.Fatal(err)
				}
			}
			approvedDoc(t, c, "inbound", w.ID, line{a, 5}, line{b, 2})
			approvedDoc(t, c, "inbound", w2.ID, line{a, 1})
			// Those receipts were three days ago; 2 A-1 left 深圳仓 today.
			if err := h.DB.Exec("UPDATE stock_ledger SET created_at = ?", now.Add(-72*time.Hour)).Error; err != nil {
				t.Fatal(err)
			}
			approvedDoc(t, c, "outbound", w.ID, line{a, 2})

			totals := func(date string) valueTotals {
				env := c.Call(http.MethodPost, v1+"stockValue/totals", map[string]any{"date": date})
				apptest.ExpectOK(t, env)
				var v valueTotals
				env.Into(t, &v)
				return v
			}
			v := totals("")
			if v.Date != today || v.Total.Value != "48.00" || v.Total.Quantity != 6 || v.Total.Uncosted != 1 || len(v.Warehouses) != 2 ||
				v.Warehouses[0].Name != "深圳仓" || v.Warehouses[0].Value != "36.00" || v.Warehouses[1].Value != "12.00" ||
				len(v.Groups) != 1 || v.Groups[0].Name != "公司仓库" {
				t.Fatalf("today = %+v", v)
			}
			lines := list[valueLine](t, c, "stockValue/page", map[string]any{"warehouseId": w.ID})
			if lines.Total != 2 || lines.Records[0].SKU != "A-1" || lines.Records[0].Value != "36.00" || lines.Records[1].Value != "" {
				t.Fatalf("today's lines = %+v", lines.Records)
			}
			// The kept valuation follows a search, a movement and a new cost.
			if found := list[valueLine](t, c, "stockValue/page", map[string]any{"search": "b-2"}); found.Total != 1 || found.Records[0].SKU != "B-2" {
				t.Fatalf("search = %+v", found.Records)
			}
			approvedDoc(t, c, "inbound", w2.ID, line{b, 4})
			err = h.DB.Exec("INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				7460000000000960, u.CompanyID, b, "2000-01-01", "0.25", now, now).Error
			if err != nil {
				t.Fatal(err)
			}
			if v = totals(""); v.Total.Value != "49.50" || v.Total.Quantity != 10 || v.Total.Uncosted != 0 || v.Warehouses[1].Value != "13.00" {
				t.Fatalf("after a receipt and a cost = %+v", v)
			}
			all := list[valueLine](t, c, "stockValue/page", nil)
			if all.Total != 4 || all.Records[0].Value != "36.00" || all.Records[3].Value != "0.50" {
				t.Fatalf("all lines = %+v", all.Records)
			}
			// Three days ago: 5 + 1 A-1 at 10.01, 2 B-2 at 0.25 (entered since).
			v = totals(past)
			if v.Total.Value != "60.56" || v.Total.Quantity != 8 || v.Warehouses[0].Value != "50.55" || v.Warehouses[1].Value != "10.01" {
				t.Fatalf("%s = %+v", past, v)
			}
			// Before anything moved: nothing.
			if v = totals(now.In(zone).AddDate(0, 0, -5).Format(time.DateOnly)); v.Total.Value != "0.00" || len(v.Warehouses) != 0 {
				t.Fatalf("before = %+v", v)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stockValue/totals", map[string]any{"date": now.In(zone).AddDate(0, 0, 1).Format(time.DateOnly)}),
				400, "A0400", "日期不能晚于今天")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stockValue/page", map[string]any{"date": "2026/01/01"}), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")
			// Another company values none of it.
			o := h.SignedIn("13700000002", "乙公司")
			env := o.Call(http.MethodPost, v1+"stockValue/totals", nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &v)
			if v.Total.Value != "0.00" || len(v.Warehouses) != 0 {
				t.Fatalf("乙 = %+v", v)
			}
		})
	}
}

// 库存货值's lines of equal value are listed by warehouse name, then SKU, and the lines without a cost last, however
// the stock was received.
func TestStockValueOrdersEqualValuesByWarehouseAndSKU(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			wb := createWarehouse(t, c, "B仓", nil)
			wa := createWarehouse(t, c, "A仓", nil)
			z, x, free := product(t, h, "13700000001", "Z-9"), product(t, h, "13700000001", "C-3"), product(t, h, "13700000001", "A-0")
			u, err := accountsdb.UserByAccount(h.DB, "13700000001")
			if err != nil {
				t.Fatal(err)
			}
			now := h.Clock.Now()
			for i, p := range []string{z, x} {
				err := h.DB.Exec("INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
					7460000000000970+i, u.CompanyID, p, "2000-01-01", "1.50", now, now).Error
				if err != nil {
					t.Fatal(err)
				}
			}
			approvedDoc(t, c, "inbound", wb.ID, line{z, 2}, line{x, 2})
			approvedDoc(t, c, "inbound", wa.ID, line{free, 9}, line{z, 2}, line{x, 2})
			all := list[valueLine](t, c, "stockValue/page", nil)
			var got []string
			for _, r := range all.Records {
				got = append(got, r.WarehouseName+" "+r.SKU+" "+r.Value)
			}
			want := []string{"A仓 C-3 3.00", "A仓 Z-9 3.00", "B仓 C-3 3.00", "B仓 Z-9 3.00", "A仓 A-0 "}
			if len(got) != len(want) {
				t.Fatalf("lines = %q, want %q", got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("lines = %q, want %q", got, want)
				}
			}
		})
	}
}
