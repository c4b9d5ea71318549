package stock_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

type valueMonth struct {
	Month, End, KeptAt, Own, Overseas, FBA, Inbound, Total string
	Kept                                                   bool
	Lines, Uncosted, Units, InUnits                        int
}

type valueMonthLine struct {
	WarehouseName, KindName, SKU, UnitCost, Value string
	OnHand, Inbound                               int
}

// 存货价值 values each month's end from the ledger and the costs of that day until the month is closed: last
// month's end holds what was received before it, this month's what is left today; a month's total is the sum of its
// lines to the cent. Closing last month keeps it: a cost changed afterwards for last month moves this month's value
// (still read live) but not the closed one. This month cannot be closed yet, a month cannot be closed twice, bad or
// too long ranges are refused in Chinese, the close needs its button, and another company sees nothing.
func TestInventoryValueKeepsAClosedMonth(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000030", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			w2 := createWarehouse(t, c, "东莞仓", nil)
			a := product(t, h, "13700000030", "A-1")
			b := product(t, h, "13700000030", "B-2")
			u, err := accountsdb.UserByAccount(h.DB, "13700000030")
			if err != nil {
				t.Fatal(err)
			}
			zone := h.Config.TimeZone
			now := h.Clock.Now()
			first := time.Date(now.In(zone).Year(), now.In(zone).Month(), 1, 0, 0, 0, 0, zone)
			this, last := first.Format("2006-01"), first.AddDate(0, 0, -1).Format("2006-01")
			cost := func(id int64, from, unit string) {
				err := h.DB.Exec("INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
					id, u.CompanyID, a, from, unit, now, now).Error
				if err != nil {
					t.Fatal(err)
				}
			}
			cost(7460000000000970, "2000-01-01", "10.01")
			approvedDoc(t, c, "inbound", w.ID, line{a, 5}, line{b, 2})
			approvedDoc(t, c, "inbound", w2.ID, line{a, 1})
			// The receipts were two days before this month began; 2 A-1 left 深圳仓 today.
			if err := h.DB.Exec("UPDATE stock_ledger SET created_at = ?", first.Add(-48*time.Hour)).Error; err != nil {
				t.Fatal(err)
			}
			approvedDoc(t, c, "outbound", w.ID, line{a, 2})

			months := func(cl *apptest.Client, body map[string]any) []valueMonth {
				env := cl.Call(http.MethodPost, v1+"inventoryValue/months", body)
				apptest.ExpectOK(t, env)
				var m []valueMonth
				env.Into(t, &m)
				return m
			}
			m := months(c, map[string]any{"from": last, "to": this})
			if len(m) != 2 || m[0].Month != this || m[1].Month != last {
				t.Fatalf("months %+v", m)
			}
			if m[0].Total != "40.04" || m[0].Own != "40.04" || m[0].Lines != 3 || m[0].Uncosted != 1 || m[0].Units != 6 || m[0].Kept {
				t.Fatalf("this month %+v", m[0])
			}
			if m[1].Total != "60.06" || m[1].End != first.AddDate(0, 0, -1).Format(time.DateOnly) || m[1].Units != 8 {
				t.Fatalf("last month %+v", m[1])
			}
			// A month's total is its lines' sum.
			lines := list[valueMonthLine](t, c, "inventoryValue/lines/page", map[string]any{"month": last})
			sum := decimal.Zero
			for _, l := range lines.Records {
				if l.Value != "" {
					sum = sum.Add(decimal.RequireFromString(l.Value))
				}
			}
			if lines.Total != 3 || sum.StringFixed(2) != m[1].Total || lines.Records[0].KindName != "自有仓" {
				t.Fatalf("last month's lines %+v sum to %s", lines.Records, sum)
			}

			apptest.Expect(t, c.Call(http.MethodPost, v1+"inventoryValue/close", map[string]any{"month": this}), 400, "A0400", "该月尚未结束，月末之后才能结转")
			// In the seeded company: the screen reads, the close needs its button.
			reader, _ := h.RestrictedUser("13700000031", []string{"finance.inventoryvalue"}, nil)
			if got := months(reader, map[string]any{"from": last, "to": last}); len(got) != 1 {
				t.Fatalf("the reader reads %+v", got)
			}
			apptest.Expect(t, reader.Call(http.MethodPost, v1+"inventoryValue/close", map[string]any{"month": last}), 401, "A0301", "访问未授权")
			nobody, _ := h.RestrictedUser("13700000033", nil, nil)
			apptest.Expect(t, nobody.Call(http.MethodPost, v1+"inventoryValue/months", nil), 401, "A0301", "访问未授权")
			env := c.Call(http.MethodPost, v1+"inventoryValue/close", map[string]any{"month": last})
			apptest.ExpectOK(t, env)
			var closed valueMonth
			env.Into(t, &closed)
			if !closed.Kept || closed.Total != "60.06" || closed.KeptAt == "" {
				t.Fatalf("closed %+v", closed)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inventoryValue/close", map[string]any{"month": last}), 400, "A0400", "该月已结转，不能重复结转")

			// A-1's cost is set again from last month's first day: this month moves, the closed one does not.
			cost(7460000000000971, first.AddDate(0, -1, 0).Format(time.DateOnly), "20")
			m = months(c, map[string]any{"from": last, "to": this})
			if m[0].Total != "80.00" || m[1].Total != "60.06" || !m[1].Kept {
				t.Fatalf("after the cost change: %+v", m)
			}
			if lines = list[valueMonthLine](t, c, "inventoryValue/lines/page", map[string]any{"month": last, "search": "a-1"}); lines.Total != 2 || lines.Records[0].UnitCost != "10.01" {
				t.Fatalf("the closed month's A-1 lines %+v", lines.Records)
			}
			res, body := c.Raw(http.MethodGet, v1+"inventoryValue/lines/export?month="+last, "", nil)
			if res.StatusCode != http.StatusOK || len(body) < 1000 {
				t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
			}

			future := first.AddDate(0, 1, 0).Format("2006-01")
			for body, msg := range map[string]map[string]any{
				"月份格式不正确，应为yyyy-MM": {"from": "2026/01"},
				"开始月份不能晚于结束月份":      {"from": this, "to": last},
				"不能查询未来的月份":         {"to": future},
				"一次最多查询24个月":        {"from": first.AddDate(-2, 0, 0).Format("2006-01"), "to": this},
			} {
				apptest.Expect(t, c.Call(http.MethodPost, v1+"inventoryValue/months", msg), 400, "A0400", body)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inventoryValue/lines/page", map[string]any{"month": "2026-13"}), 400, "A0400", "月份格式不正确，应为yyyy-MM")
			if lines = list[valueMonthLine](t, c, "inventoryValue/lines/page", nil); lines.Total != 3 {
				t.Fatalf("the month under way by default: %+v", lines.Records)
			}

			other := h.SignedIn("13700000032", "乙公司")
			if got := months(other, map[string]any{"from": last, "to": this}); got[0].Total != "0.00" || got[1].Total != "0.00" || got[1].Kept {
				t.Fatalf("another company reads %+v", got)
			}
		})
	}
}

// A sub-user limited to 演示店铺 values only the warehouses it may see (not 欧洲店铺's FBA warehouse, whose stock the
// owner's month counts), and may not close a month: the kept lines are the whole company's.
func TestInventoryValueKeepsToTheUsersWarehouses(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newStoreGroupFixture(t, h)
			this := h.Clock.Now().In(h.Config.TimeZone).Format("2006-01")
			linesOf := func(c *apptest.Client) []valueMonthLine {
				return list[valueMonthLine](t, c, "inventoryValue/lines/page", map[string]any{"month": this, "pagesize": 500}).Records
			}
			has := func(lines []valueMonthLine, warehouse string) bool {
				for _, l := range lines {
					if l.WarehouseName == warehouse && l.SKU == "EU-MUG-01" {
						return true
					}
				}
				return false
			}
			if !has(linesOf(f.owner), f.fba.Name) {
				t.Fatalf("the owner's month misses %s's EU-MUG-01", f.fba.Name)
			}
			if has(linesOf(f.clerk), f.fba.Name) {
				t.Fatalf("the 演示店铺 clerk sees %s", f.fba.Name)
			}
			now := h.Clock.Now().In(h.Config.TimeZone)
			last := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location()).AddDate(0, 0, -1).Format("2006-01")
			apptest.Expect(t, f.clerk.Call(http.MethodPost, v1+"inventoryValue/close", map[string]any{"month": last}), 400, "A0400",
				"结转保存全公司所有仓库的明细，需由能查看全部仓库的账号操作")
		})
	}
}
