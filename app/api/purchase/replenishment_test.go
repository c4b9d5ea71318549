package purchase_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

const us = "ATVPDKIKX0DER"

type planLine struct {
	ID           string   `json:"id"`
	GroupName    string   `json:"groupName"`
	Country      string   `json:"country"`
	SKU          string   `json:"sku"`
	ProductSKU   string   `json:"productSku"`
	Rate         string   `json:"rate"`
	Fulfillable  int      `json:"fulfillable"`
	FBATotal     int      `json:"fbaTotal"`
	Local        int      `json:"local"`
	Ordered      int      `json:"ordered"`
	CoverDays    *int     `json:"coverDays"`
	StockOutDate string   `json:"stockOutDate"`
	ShipByDate   string   `json:"shipByDate"`
	OrderByDate  string   `json:"orderByDate"`
	ShipNeed     int      `json:"shipNeed"`
	Ship         int      `json:"ship"`
	BuyNeed      int      `json:"buyNeed"`
	Buy          int      `json:"buy"`
	CoverAfter   *int     `json:"coverAfter"`
	Warnings     []string `json:"warnings"`
	Inputs       inputs   `json:"inputs"`
	Windows      []struct {
		Days, Units, OutOfStock, InStock int
		Rate                             string
	} `json:"windows"`
	Steps []struct{ Key, Label, Formula, Value string } `json:"steps"`
}

type inputs struct {
	Weight7        int `json:"weight7"`
	Weight14       int `json:"weight14"`
	Weight30       int `json:"weight30"`
	Weight60       int `json:"weight60"`
	ProductionDays int `json:"productionDays"`
	FirstLegDays   int `json:"firstLegDays"`
	ReceivingDays  int `json:"receivingDays"`
	SafetyDays     int `json:"safetyDays"`
	CycleDays      int `json:"cycleDays"`
	AdjustPercent  int `json:"adjustPercent"`
}

// shop is the fixture with a store group selling A-1 in the US: its FBA stock, 60 days of sales with a two-week
// stock-out, the local stock and an open purchase order.
type shop struct {
	*fixture
	groupID  int64
	sellerID int64
	today    time.Time
}

func (s *shop) day(n int) string { return s.today.AddDate(0, 0, n).Format(time.DateOnly) }

func newShop(t *testing.T, h *apptest.Harness) *shop {
	t.Helper()
	f := newFixture(t, h, "13700000045", "补货公司")
	sl, err := fixtures.Seller(context.Background(), h.DB, f.companyID, "甲店", "NA", "A45SELLER", us)
	if err != nil {
		t.Fatal(err)
	}
	now := h.Clock.Now().In(h.Config.TimeZone)
	s := &shop{fixture: f, groupID: sl.GroupID, sellerID: sl.ID, today: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)}
	sup, _ := parseID(f.supplier)
	must(t, h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", f.aID).Updates(map[string]any{"supplier_id": sup, "price": "12.50"}).Error)
	must(t, h.DB.Create(&catalogdb.Listing{CompanyID: f.companyID, GroupID: sl.GroupID, MarketplaceID: us, SellerSKU: "US-A1",
		ProductID: &f.aID, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error)
	_, err = amazondatadb.UpsertFBAInventory(h.DB, []amazondatadb.FBAInventory{{CompanyID: f.companyID, GroupID: sl.GroupID,
		SellerID: sl.ID, MarketplaceID: us, SKU: "US-A1", ASIN: "B0A45", Name: "补货测试商品", Fulfillable: 30, Reserved: 5, InboundShipped: 20}})
	must(t, err)
	// Sold: 3 a day over the last 7 days, 2 a day before, nothing on days 15 to 28 ago, when the ledger says no
	// sellable unit was there all day.
	for n := 1; n <= 60; n++ {
		units := 2
		switch {
		case n <= 7:
			units = 3
		case n >= 15 && n <= 28:
			units = 0
		}
		start, end := 40, 40-units
		if n >= 15 && n <= 28 {
			start, end = 0, 0
		}
		must(t, h.DB.Create(&amazondatadb.LedgerBalance{ID: models.NewID(), CompanyID: f.companyID, GroupID: sl.GroupID,
			SellerID: sl.ID, MarketplaceID: us, Day: s.day(-n), FNSKU: "X0A45", SKU: "US-A1", Disposition: "SELLABLE",
			Location: "US", Starting: start, Ending: end, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error)
		if units == 0 {
			continue
		}
		must(t, h.DB.Exec("INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, "+
			"bj_day, asin, product_name, units, orders, amount) VALUES (?, ?, ?, ?, 'US-A1', 'USD', ?, ?, 'B0A45', '', ?, ?, 0)",
			f.companyID, sl.GroupID, sl.ID, us, s.day(-n), s.day(-n), units, units).Error)
	}
	// 100 ordered, 40 received: 40 in the local warehouse, 60 still to come.
	id := f.ordered(t, pl{f.a, "12.50", "", 100})
	line := f.get(t, id).lineOf(t, f.a).ID
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, s.day(0), "", rl{line, 40})))
	return s
}

func parseID(s string) (int64, bool) {
	var n int64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (s *shop) lines(t *testing.T, c *apptest.Client, body map[string]any) []planLine {
	t.Helper()
	body["currentpage"], body["pagesize"] = 1, 100
	env := c.Call(http.MethodPost, v1+"replenishment/page", body)
	apptest.ExpectOK(t, env)
	var p page[planLine]
	env.Into(t, &p)
	return p.Records
}

func (s *shop) compute(t *testing.T, id string, in inputs) planLine {
	t.Helper()
	env := s.c.Call(http.MethodPost, v1+"replenishment/compute", map[string]any{"id": id, "inputs": in})
	apptest.ExpectOK(t, env)
	var l planLine
	env.Into(t, &l)
	return l
}

// The suggestion for a SKU with a known history equals the hand calculation to the unit and the day, on every
// database: its two-week stock-out does not count as days nobody bought it, the open order and local stock are
// counted, and every step is shown with its numbers. Changing the safety days moves the quantities without
// saving; the suggestion becomes a draft order (after which it is not suggested again) and a shipment plan.
func TestReplenishmentEqualsTheHandCalculation(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			ls := s.lines(t, s.c, map[string]any{})
			if len(ls) != 1 {
				t.Fatalf("lines %+v", ls)
			}
			l := s.compute(t, ls[0].ID, ls[0].Inputs)
			// By hand, with the defaults (weights 40/30/20/10, production 15, first leg 30, receiving 7, safety 14,
			// cycle 30 days):
			//   7 days: 21 units / 7 days = 3.0000; 14 days: 35 / 14 = 2.5000;
			//   30 days: 39 units / (30 − 14 out of stock) = 2.4375; 60 days: 99 / (60 − 14) = 2.1522
			//   rate = (40×3 + 30×2.5 + 20×2.4375 + 10×2.1522) / 100 = 2.65272 → 2.6527
			//   FBA = 30 + 5 + 20 = 55; cover = floor(55 / 2.6527) = 20 days
			//   ship need = ceil(2.6527 × 81) = 215; ship = min(215 − 55, local 40) = 40
			//   buy need = ceil(2.6527 × 96) = 255; buy = 255 − 55 − 40 − 60 = 100
			//   ship by = stock-out − 51 days; order by = stock-out − 66 days
			//   arrival = max(0, 55 − ceil(2.6527 × 37) = 99) + 40 = 40; cover after = floor(40 / 2.6527) = 15
			wantWindows := []string{"3.0000", "2.5000", "2.4375", "2.1522"}
			for i, w := range l.Windows {
				if w.Rate != wantWindows[i] {
					t.Fatalf("window %d: %+v, want rate %s", w.Days, w, wantWindows[i])
				}
			}
			if l.Windows[2].OutOfStock != 14 || l.Windows[3].InStock != 46 || l.Windows[3].Units != 99 {
				t.Fatalf("windows %+v", l.Windows)
			}
			if l.Rate != "2.6527" || l.FBATotal != 55 || *l.CoverDays != 20 || l.StockOutDate != s.day(20) ||
				l.ShipByDate != s.day(-31) || l.OrderByDate != s.day(-46) || l.ShipNeed != 215 || l.Ship != 40 ||
				l.BuyNeed != 255 || l.Local != 40 || l.Ordered != 60 || l.Buy != 100 || *l.CoverAfter != 15 {
				t.Fatalf("line %+v", l)
			}
			want := []string{"在库可售13天，低于28天：亚马逊将收取低库存水平费", "到货后可售15天，仍低于28天", "已过最晚发货日",
				"已过最晚下单日", "本地可用不足，还差120件"}
			if strings.Join(l.Warnings, "|") != strings.Join(want, "|") {
				t.Fatalf("warnings %q", l.Warnings)
			}
			shown := map[string]string{}
			for _, st := range l.Steps {
				shown[st.Key] = st.Formula + " = " + st.Value
			}
			for key, text := range map[string]string{
				"rate30": "销量 39 ÷ 在售天数 16（30天 − 断货 14天） = 2.4375",
				"buy":    "max(0, 采购需求 255 − FBA总库存 55 − 本地可用 40 − 采购未到货 60) = 100",
				"ship":   "max(0, 发货需求 215 − FBA总库存 55) = 160，不超过本地可用 40 = 40",
			} {
				if shown[key] != text {
					t.Fatalf("step %s = %q, want %q", key, shown[key], text)
				}
			}

			// No safety days: ship need ceil(2.6527 × 67) = 178, buy need ceil(2.6527 × 82) = 218 → buy 63. Not saved.
			in := l.Inputs
			in.SafetyDays = 0
			if l := s.compute(t, l.ID, in); l.ShipNeed != 178 || l.Ship != 40 || l.BuyNeed != 218 || l.Buy != 63 || l.ShipByDate != s.day(-17) {
				t.Fatalf("without safety days %+v", l)
			}
			if again := s.lines(t, s.c, map[string]any{}); again[0].Buy != 100 {
				t.Fatalf("trying inputs saved them: %+v", again[0])
			}
			// Kept for the SKU: the list follows.
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"replenishment/sku", map[string]any{"id": l.ID, "inputs": in}))
			if again := s.lines(t, s.c, map[string]any{}); again[0].Buy != 63 || again[0].Inputs.SafetyDays != 0 {
				t.Fatalf("kept inputs: %+v", again[0])
			}

			// The supplier's tiers: 63 units reach the 50-unit tier.
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"purchaseOrder/priceTiers", map[string]any{"supplierId": s.supplier,
				"productId": s.a, "tiers": []map[string]any{{"minQuantity": 1, "unitPrice": "12.50"}, {"minQuantity": 50, "unitPrice": "11"},
					{"minQuantity": 100, "unitPrice": "9.8765"}}}))
			env := s.c.Call(http.MethodPost, v1+"replenishment/purchaseOrders", map[string]any{"warehouseId": s.main,
				"lines": []map[string]any{{"id": l.ID, "quantity": 63}}})
			apptest.ExpectOK(t, env)
			var docs []struct{ ID, Number, For string }
			env.Into(t, &docs)
			if len(docs) != 1 || docs[0].For != "义乌工厂" {
				t.Fatalf("orders %+v", docs)
			}
			o := s.get(t, docs[0].ID)
			if o.StatusName != "待提交" || o.TotalQuantity != 63 || o.Lines[0].UnitPrice != "11.00" || o.WarehouseName != "深圳仓" {
				t.Fatalf("draft %+v", o)
			}
			if again := s.lines(t, s.c, map[string]any{}); again[0].Buy != 0 || again[0].Ordered != 123 {
				t.Fatalf("after the draft: %+v", again[0])
			}
			env = s.c.Call(http.MethodPost, v1+"replenishment/shipPlans", map[string]any{"warehouseId": s.main,
				"lines": []map[string]any{{"id": l.ID, "quantity": 40}}})
			apptest.ExpectOK(t, env)
			env.Into(t, &docs)
			if len(docs) != 1 || docs[0].For != "甲店-US" {
				t.Fatalf("plans %+v", docs)
			}
			var items int64
			h.DB.Table("shipment_plan_items").Where("company_id = ? AND seller_sku = 'US-A1' AND quantity = 40", s.companyID).Count(&items)
			if items != 1 {
				t.Fatalf("plan items %d", items)
			}
		})
	}
}

// Bad inputs are refused with their message and nothing kept; a user limited to another store group sees no line
// and cannot order from one; another company sees nothing.
func TestReplenishmentRefusesAndLimits(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h)
	l := s.lines(t, s.c, map[string]any{})[0]
	bad := l.Inputs
	bad.Weight7, bad.Weight14, bad.Weight30, bad.Weight60 = 0, 0, 0, 0
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"replenishment/compute", map[string]any{"id": l.ID, "inputs": bad}), 400, "A0400", "权重必须为0到100的整数，且至少一个大于0")
	bad = l.Inputs
	bad.SafetyDays = -1
	apptest.Expect(t, s.c.Call(http.MethodPut, v1+"replenishment/sku", map[string]any{"id": l.ID, "inputs": bad}), 400, "A0400", "天数必须为0到365的整数")
	apptest.Expect(t, s.c.Call(http.MethodPut, v1+"replenishment/settings", map[string]any{"weight7": 40, "productionDays": 400}), 400, "A0400", "天数必须为0到365的整数")
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"replenishment/purchaseOrders", map[string]any{"warehouseId": s.main, "lines": []any{}}), 400, "A0400", "请选择补货行")
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"replenishment/purchaseOrders", map[string]any{"warehouseId": s.main,
		"lines": []map[string]any{{"id": l.ID, "quantity": 0}}}), 400, "A0400", "第1行：数量必须为1到1000000的整数")
	var n int64
	h.DB.Table("replenishment_sku_settings").Count(&n)
	if n != 0 {
		t.Fatalf("%d settings kept from bad input", n)
	}

	other := &storesdb.StoreGroup{CompanyID: s.companyID, Name: "乙店"}
	must(t, h.DB.Create(other).Error)
	clerk := h.Member(s.account, "13700000046", true)
	u, err := accountsdb.UserByAccount(h.DB, "13700000046")
	must(t, err)
	must(t, h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: other.ID}).Error)
	if ls := s.lines(t, clerk, map[string]any{}); len(ls) != 0 {
		t.Fatalf("a user of 乙店 sees %+v", ls)
	}
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"replenishment/purchaseOrders", map[string]any{"warehouseId": s.main,
		"lines": []map[string]any{{"id": l.ID, "quantity": 5}}}), 400, "A0400", "第1行：补货行不存在或无权查看")
	stranger := h.SignedIn("13700000047", "别家公司")
	if ls := s.lines(t, stranger, map[string]any{}); len(ls) != 0 {
		t.Fatalf("another company sees %+v", ls)
	}
}

type reportRow struct {
	ID, Name, Detail                     string
	Orders, Quantity, Received, Returned int
	Cost, LeadDays, OnTimeRate           string
}

// 采购报表 sums approved orders by supplier, product and month: units, the CNY cost of receipts, the lead time from
// approval to the first receipt and the share of receipts on time; a draft is not counted.
func TestPurchaseReportSumsApprovedOrders(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newFixture(t, h, "13700000048", "报表公司")
			id := f.ordered(t, pl{f.a, "12.50", "", 100}, pl{f.b, "3.3333", "", 40})
			f.create(t, "CNY", "receipt", pl{f.a, "1", "", 999}) // a draft
			approved := h.Clock.Now().AddDate(0, 0, -5)
			must(t, h.DB.Table("purchase_orders").Where("id = ?", id).Update("approved_at", approved).Error)
			line := f.get(t, id).lineOf(t, f.a).ID
			today := h.Clock.Now().In(h.Config.TimeZone).Format(time.DateOnly)
			for _, n := range []int{60, 40} {
				apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, today, "", rl{line, n})))
			}
			report := func(by string) []reportRow {
				env := f.c.Call(http.MethodPost, v1+"purchaseReport/page", map[string]any{"by": by, "currentpage": 1, "pagesize": 100})
				apptest.ExpectOK(t, env)
				var p page[reportRow]
				env.Into(t, &p)
				return p.Records
			}
			lead := "5.0"
			if got := report("supplier"); len(got) != 1 || got[0] != (reportRow{ID: f.supplier, Name: "义乌工厂", Orders: 1, Quantity: 140,
				Received: 100, Cost: "1250.00", LeadDays: lead, OnTimeRate: "100%"}) {
				t.Fatalf("by supplier %+v", got)
			}
			if got := report("product"); len(got) != 2 || got[0].Name != "A-1" || got[0].Received != 100 || got[0].LeadDays != lead ||
				got[1].Name != "B-2" || got[1].Quantity != 40 || got[1].Received != 0 || got[1].Cost != "0.00" || got[1].LeadDays != "" || got[1].OnTimeRate != "" {
				t.Fatalf("by product %+v", got)
			}
			month := h.Clock.Now().In(h.Config.TimeZone).Format("2006-01")
			if got := report("month"); len(got) != 1 || got[0].Name != month || got[0].Quantity != 140 {
				t.Fatalf("by month %+v", got)
			}
			// By buyer: the order's creator, the fixture's signed-in user; the draft is not counted.
			if got := report("buyer"); len(got) != 1 || got[0].ID == "0" || got[0].Name == "" || got[0].Orders != 1 ||
				got[0].Quantity != 140 || got[0].Received != 100 || got[0].LeadDays != lead {
				t.Fatalf("by buyer %+v", got)
			}
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseReport/page", map[string]any{"by": "weekday"}), 400, "A0400", "请选择统计维度")
			stranger := h.SignedIn("13700000049", "别家公司")
			env := stranger.Call(http.MethodPost, v1+"purchaseReport/page", map[string]any{"by": "supplier"})
			apptest.ExpectOK(t, env)
			var p page[reportRow]
			if env.Into(t, &p); len(p.Records) != 0 {
				t.Fatalf("another company sees %+v", p.Records)
			}
		})
	}
}

type tier struct {
	ProductID   string `json:"productId"`
	MinQuantity int    `json:"minQuantity"`
	UnitPrice   string `json:"unitPrice"`
}

// A supplier's price tiers of a product are kept whole, read back by product, and refused whole when one tier is
// wrong (the tiers kept before stay); another company's product has none to set.
func TestPriceTiersAreKeptWholeOrRefused(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000050", "阶梯公司")
	put := func(product string, tiers ...map[string]any) apptest.Envelope {
		return f.c.Call(http.MethodPut, v1+"purchaseOrder/priceTiers", map[string]any{"supplierId": f.supplier, "productId": product, "tiers": tiers})
	}
	read := func() []tier {
		env := f.c.Call(http.MethodGet, v1+"purchaseOrder/priceTiers?supplierId="+f.supplier+"&productIds="+f.a+","+f.b, nil)
		apptest.ExpectOK(t, env)
		var ts []tier
		env.Into(t, &ts)
		return ts
	}
	apptest.ExpectOK(t, put(f.a, map[string]any{"minQuantity": 100, "unitPrice": "5.5"}, map[string]any{"minQuantity": 1, "unitPrice": "6.12345"[:6]}))
	want := []tier{{f.a, 1, "6.1234"}, {f.a, 100, "5.50"}}
	if got := read(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("tiers %+v", got)
	}
	for _, c := range []struct {
		tiers []map[string]any
		msg   string
	}{
		{[]map[string]any{{"minQuantity": 0, "unitPrice": "1"}}, "第1档：起订量必须为1到1000000的整数"},
		{[]map[string]any{{"minQuantity": 5, "unitPrice": "1"}, {"minQuantity": 5, "unitPrice": "2"}}, "第2档：起订量重复"},
		{[]map[string]any{{"minQuantity": 5, "unitPrice": "1.23456"}}, "第1档：单价最多4位小数"},
		{[]map[string]any{{"minQuantity": 5, "unitPrice": ""}}, "第1档：请填写单价"},
	} {
		apptest.Expect(t, put(f.a, c.tiers...), 400, "A0400", c.msg)
	}
	if got := read(); len(got) != 2 || got[1] != want[1] {
		t.Fatalf("a refused change touched the tiers: %+v", got)
	}
	other := newFixture(t, h, "13700000051", "别家公司")
	apptest.Expect(t, put(other.a, map[string]any{"minQuantity": 1, "unitPrice": "1"}), 400, "A0400", "产品不存在")
	apptest.ExpectOK(t, put(f.a))
	if got := read(); len(got) != 0 {
		t.Fatalf("cleared tiers %+v", got)
	}
}

// The list is kept until what it reads changes: whatever code writes local stock, a warehouse's kind, purchase
// orders, Amazon's FBA stock, 销售预测's plan, a product's supplier or the supplier's name, the next call shows it.
// (The writes here are the database's, not a screen's: the triggers of 00156 must see every writer.)
func TestReplenishmentFollowsEveryInput(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			type row struct {
				planLine
				SupplierName string `json:"supplierName"`
			}
			read := func() row {
				t.Helper()
				env := s.c.Call(http.MethodPost, v1+"replenishment/page", map[string]any{"currentpage": 1, "pagesize": 10})
				apptest.ExpectOK(t, env)
				var p page[row]
				env.Into(t, &p)
				if len(p.Records) != 1 {
					t.Fatalf("%d lines", len(p.Records))
				}
				return p.Records[0]
			}
			l := read()
			if l.Local != 40 || l.Ordered != 60 || l.Fulfillable != 30 || l.SupplierName != "义乌工厂" {
				t.Fatalf("before: %+v", l)
			}
			steps := []struct {
				what  string
				write string
				args  []any
				check func(row) bool
			}{
				{"local stock", "UPDATE stocks SET fulfillable = fulfillable + 10 WHERE company_id = ?", []any{s.companyID},
					func(l row) bool { return l.Local == 50 }},
				{"a warehouse disabled", "UPDATE warehouses SET disabled = ? WHERE company_id = ?", []any{true, s.companyID},
					func(l row) bool { return l.Local == 0 }},
				{"an order line", "UPDATE purchase_order_lines SET quantity = quantity + 5 WHERE company_id = ?", []any{s.companyID},
					func(l row) bool { return l.Ordered == 65 }},
				{"Amazon's FBA stock", "UPDATE fba_inventory SET fulfillable = 7 WHERE company_id = ?", []any{s.companyID},
					func(l row) bool { return l.Fulfillable == 7 }},
				{"the supplier's name", "UPDATE suppliers SET name = '义乌新工厂' WHERE company_id = ?", []any{s.companyID},
					func(l row) bool { return l.SupplierName == "义乌新工厂" }},
				{"the product's supplier", "UPDATE local_products SET supplier_id = NULL WHERE company_id = ?", []any{s.companyID},
					func(l row) bool { return l.SupplierName == "" }},
				{"销售预测's plan", "INSERT INTO sales_plans (company_id, group_id, marketplace_id, sku, month, units, updated_by, updated_at) " +
					"VALUES (?, ?, ?, 'US-A1', ?, 300, 1, ?)", []any{s.companyID, s.groupID, us, s.today.Format("2006-01"), time.Now()},
					func(l row) bool {
						return l.Rate == fmt.Sprintf("%.2f", 300/float64(s.today.AddDate(0, 1, -s.today.Day()).Day()))
					}},
			}
			for _, step := range steps {
				must(t, h.DB.Exec(step.write, step.args...).Error)
				if l = read(); !step.check(l) {
					t.Fatalf("after %s: %+v", step.what, l)
				}
			}
			// The SKU's own inputs, saved through the screen, show at once too.
			in := l.Inputs
			in.SafetyDays = 90
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"replenishment/sku", map[string]any{"id": l.ID, "inputs": in}))
			if l = read(); l.Inputs.SafetyDays != 90 {
				t.Fatalf("after the SKU's inputs: %+v", l.Inputs)
			}
		})
	}
}

// A supplier's lead time measured on three received order lines or more (approval to first receipt, as 采购报表
// measures it) replaces the default production days, shown as such in the line and its steps; a SKU's own days
// replace it. One line measured (newShop's order) is not enough.
func TestReplenishmentReadsTheSuppliersMeasuredLeadTime(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h)
	type row struct {
		planLine
		ProductionFrom string `json:"productionFrom"`
	}
	read := func() row {
		t.Helper()
		env := s.c.Call(http.MethodPost, v1+"replenishment/page", map[string]any{"currentpage": 1, "pagesize": 10})
		apptest.ExpectOK(t, env)
		var p page[row]
		env.Into(t, &p)
		return p.Records[0]
	}
	if l := read(); l.Inputs.ProductionDays != 15 || l.ProductionFrom != "默认" {
		t.Fatalf("one order measured: %d days from %s", l.Inputs.ProductionDays, l.ProductionFrom)
	}
	for range 2 {
		id := s.ordered(t, pl{s.a, "12.50", "", 10})
		line := s.get(t, id).lineOf(t, s.a).ID
		apptest.ExpectOK(t, s.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(s.main, s.day(0), "", rl{line, 10})))
	}
	// Approved 20, 21 and 22 days before their receipt today: 21 days on average.
	var ids []int64
	must(t, h.DB.Table("purchase_orders").Where("company_id = ?", s.companyID).Order("id").Pluck("id", &ids).Error)
	for i, id := range ids {
		must(t, h.DB.Exec("UPDATE purchase_orders SET approved_at = ? WHERE id = ?", s.today.AddDate(0, 0, -20-i).Add(4*time.Hour), id).Error)
	}
	l := read()
	if l.Inputs.ProductionDays != 21 || l.ProductionFrom != "供应商实测" {
		t.Fatalf("three orders measured: %d days from %s", l.Inputs.ProductionDays, l.ProductionFrom)
	}
	got := s.compute(t, l.ID, l.Inputs)
	found := false
	for _, st := range got.Steps {
		if st.Key == "supplierLead" {
			found = st.Value == "21天" && strings.Contains(st.Formula, "近一年 3 个采购明细")
		}
	}
	if !found {
		t.Fatalf("the arithmetic does not show the measured lead time: %+v", got.Steps)
	}
	in := l.Inputs
	in.ProductionDays = 9
	apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"replenishment/sku", map[string]any{"id": l.ID, "inputs": in}))
	if l = read(); l.Inputs.ProductionDays != 9 || l.ProductionFrom != "自定义" {
		t.Fatalf("the SKU's own days: %d from %s", l.Inputs.ProductionDays, l.ProductionFrom)
	}
}

// FBA容量: a capacity entered for the store's marketplace warns the lines whose suggested shipment takes its FBA
// stock over it (volumes from the products' sizes in centimetres, in cubic feet), and not once it is raised;
// bad values and another store group's marketplace are refused, changing nothing.
func TestReplenishmentWarnsOverTheFBACapacity(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			// 50 × 40 × 30 cm: 2.1189 cubic feet a unit.
			must(t, h.DB.Exec("UPDATE local_products SET length = 50, width = 40, height = 30 WHERE company_id = ?", s.companyID).Error)
			l := s.lines(t, s.c, map[string]any{})[0]
			if l.FBATotal != 55 || l.Ship != 40 {
				t.Fatalf("line %+v", l)
			}
			type capacityRow struct {
				GroupID, GroupName, MarketplaceID, Country string
				CubicFeet, UsedCubicFeet, Unsized          int
			}
			rows := func() []capacityRow {
				env := s.c.Call(http.MethodGet, v1+"replenishment/capacity", nil)
				apptest.ExpectOK(t, env)
				var out []capacityRow
				env.Into(t, &out)
				return out
			}
			got := rows()
			if len(got) != 1 || got[0].GroupName != "甲店" || got[0].Country != "US" || got[0].CubicFeet != 0 || got[0].UsedCubicFeet != 117 || got[0].Unsized != 0 {
				t.Fatalf("capacities %+v", got)
			}
			save := func(feet any) apptest.Envelope {
				return s.c.Call(http.MethodPut, v1+"replenishment/capacity", map[string]any{"groupId": got[0].GroupID, "marketplaceId": us, "cubicFeet": feet})
			}
			for _, bad := range []any{-1, 100_000_001, nil} {
				apptest.Expect(t, save(bad), 400, "A0400", "FBA容量必须为0到100000000的整数（立方英尺），0表示不设")
			}
			apptest.Expect(t, s.c.Call(http.MethodPut, v1+"replenishment/capacity", map[string]any{"groupId": got[0].GroupID, "marketplaceId": "NOPE", "cubicFeet": 5}),
				400, "A0400", "店铺或站点不存在或无权查看")
			other := &storesdb.StoreGroup{CompanyID: s.companyID, Name: "乙店"}
			must(t, h.DB.Create(other).Error)
			clerk := h.Member(s.account, "13700000048", true)
			u, err := accountsdb.UserByAccount(h.DB, "13700000048")
			must(t, err)
			must(t, h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: other.ID}).Error)
			apptest.Expect(t, clerk.Call(http.MethodPut, v1+"replenishment/capacity", map[string]any{"groupId": got[0].GroupID, "marketplaceId": us, "cubicFeet": 5}),
				400, "A0400", "店铺或站点不存在或无权查看")
			var n int64
			h.DB.Table("fba_capacities").Count(&n)
			if n != 0 {
				t.Fatalf("%d capacities kept from refused calls", n)
			}

			// 150 cubic feet: 55 units in stock and 40 to ship take 202.
			apptest.ExpectOK(t, save(150))
			const over = "建议发货后本站点FBA库存约202立方英尺，超过FBA容量150立方英尺"
			if l := s.lines(t, s.c, map[string]any{}); !slices.Contains(l[0].Warnings, over) {
				t.Fatalf("warnings at 150: %v", l[0].Warnings)
			}
			if got := rows(); got[0].CubicFeet != 150 {
				t.Fatalf("capacities %+v", got)
			}
			// Trying no lead, safety or cycle days ships nothing, and nothing warns.
			in := l.Inputs
			in.SafetyDays, in.CycleDays, in.FirstLegDays, in.ReceivingDays = 0, 0, 0, 0
			if tried := s.compute(t, l.ID, in); tried.Ship != 0 || slices.Contains(tried.Warnings, over) {
				t.Fatalf("tried without shipping: ship %d, %v", tried.Ship, tried.Warnings)
			}
			apptest.ExpectOK(t, save(500))
			if l := s.lines(t, s.c, map[string]any{}); slices.ContainsFunc(l[0].Warnings, func(w string) bool { return strings.Contains(w, "FBA容量") }) {
				t.Fatalf("warnings at 500: %v", l[0].Warnings)
			}
			apptest.ExpectOK(t, save(0))
			if h.DB.Table("fba_capacities").Count(&n); n != 0 {
				t.Fatal("0 kept a capacity")
			}
		})
	}
}
