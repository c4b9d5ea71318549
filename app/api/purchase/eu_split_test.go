package purchase_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

const (
	de = "A1PA6795UKMFR9"
	fr = "A13V1IB3VIYZZH"
	it = "APJ6JRA9NG5V4"
	uk = "A1F83G8C2ARO7P"
)

type euSplit struct {
	SKU       string `json:"sku"`
	Countries string `json:"countries"`
	Pool      struct {
		Rate        string `json:"rate"`
		FBATotal    int    `json:"fbaTotal"`
		ShipNeed    int    `json:"shipNeed"`
		ShipSuggest int    `json:"shipSuggest"`
		Ship        int    `json:"ship"`
		Local       int    `json:"local"`
		Steps       []struct{ Key, Formula, Value string }
	} `json:"pool"`
	Total   int `json:"total"`
	Markets []struct {
		ID, Country, Share string
		Units30, Quantity  int
	} `json:"markets"`
}

// 欧洲拆分发货: A-1 sells in DE, FR and IT (and the UK, outside Pan-EU's pool). The pool's need is one line worked out
// by hand below, split by the last 30 days' sales (DE half, FR and IT a quarter each), the rounding remainder on the
// largest; the quantities become a shipment plan per marketplace, all or none. On both databases.
func TestEUSplitPoolsTheMarketplacesAndMakesAPlanEach(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f, ids := newEUShop(t, h)
			split := func(body map[string]any) euSplit {
				t.Helper()
				env := f.c.Call(http.MethodPost, v1+"replenishment/euSplit", body)
				apptest.ExpectOK(t, env)
				var s euSplit
				env.Into(t, &s)
				return s
			}
			// By hand: 7 days 28 units → 4.0000; 14 days 56 → 4.0000; 30 days 120 → 4.0000; 60 days 120 → 2.0000;
			// rate (40×4 + 30×4 + 20×4 + 10×2) / 100 = 3.8000; FBA 20 + 5 + 0 = 25 (the UK's 50 apart);
			// ship need ceil(3.8 × 81) = 308; 308 − 25 = 283, no more than the 100 in the warehouse: 100.
			s := split(map[string]any{"id": ids["FR"]})
			if s.SKU != "EU-A1" || s.Countries != "DE+FR+IT" || s.Pool.Rate != "3.8000" || s.Pool.FBATotal != 25 || s.Pool.ShipNeed != 308 ||
				s.Pool.ShipSuggest != 283 || s.Pool.Ship != 100 || s.Pool.Local != 100 || s.Total != 100 || len(s.Pool.Steps) == 0 {
				t.Fatalf("pool %+v", s)
			}
			got := map[string][2]any{}
			for _, m := range s.Markets {
				got[m.Country] = [2]any{m.Quantity, m.Share}
			}
			if len(s.Markets) != 3 || got["DE"] != [2]any{50, "50.0%"} || got["FR"] != [2]any{25, "25.0%"} || got["IT"] != [2]any{25, "25.0%"} {
				t.Fatalf("split %+v", s.Markets)
			}
			// 7 by shares: 3.5, 1.75, 1.75 → 3, 1, 1, the 2 left on DE.
			seven := 7
			s = split(map[string]any{"id": ids["DE"], "total": seven})
			if s.Total != 7 || s.Markets[0].Country != "DE" || s.Markets[0].Quantity != 5 || s.Markets[1].Quantity != 1 || s.Markets[2].Quantity != 1 {
				t.Fatalf("split of 7 %+v", s.Markets)
			}

			var before int64
			h.DB.Table("shipment_plans").Where("company_id = ?", f.companyID).Count(&before)
			submit := func(lines ...map[string]any) apptest.Envelope {
				return f.c.Call(http.MethodPost, v1+"replenishment/euSplitSubmit", map[string]any{"id": ids["DE"], "warehouseId": f.main, "lines": lines})
			}
			for _, c := range []struct {
				env apptest.Envelope
				msg string
			}{
				{f.c.Call(http.MethodPost, v1+"replenishment/euSplit", map[string]any{"id": ids["UK"]}), "该站点不在欧洲库存池中（德、法、意、西、荷、瑞典、波兰、比利时）"},
				{f.c.Call(http.MethodPost, v1+"replenishment/euSplit", map[string]any{"id": "1|X|nothing"}), "补货行不存在或无权查看"},
				{f.c.Call(http.MethodPost, v1+"replenishment/euSplit", map[string]any{"id": ids["DE"], "total": -1}), "发货总数必须为0到1000000的整数"},
				{f.c.Call(http.MethodPost, v1+"replenishment/euSplitSubmit", map[string]any{"id": ids["DE"], "lines": []any{}}), "请选择发货仓库"},
				{submit(map[string]any{"id": ids["DE"], "quantity": 0}), "请填写至少一个站点的发货数量"},
				{submit(map[string]any{"id": ids["DE"], "quantity": 5}, map[string]any{"id": ids["FR"], "quantity": -1}), "FR：数量必须为0到1000000的整数"},
				{submit(map[string]any{"id": ids["UK"], "quantity": 5}), "站点不在该SKU的欧洲库存池中"},
			} {
				apptest.Expect(t, c.env, 400, "A0400", c.msg)
			}
			var after int64
			h.DB.Table("shipment_plans").Where("company_id = ?", f.companyID).Count(&after)
			if after != before {
				t.Fatalf("refused splits made %d plans", after-before)
			}
			env := submit(map[string]any{"id": ids["DE"], "quantity": 50}, map[string]any{"id": ids["FR"], "quantity": 25}, map[string]any{"id": ids["IT"], "quantity": 0})
			apptest.ExpectOK(t, env)
			var docs []struct{ ID, Number, For string }
			env.Into(t, &docs)
			if len(docs) != 2 || docs[0].For != "欧店-DE" || docs[1].For != "欧店-FR" {
				t.Fatalf("plans %+v", docs)
			}
			var items []struct {
				MarketplaceID string
				Quantity      int
			}
			h.DB.Table("shipment_plan_items").Joins("JOIN shipment_plans ON shipment_plans.id = shipment_plan_items.plan_id").
				Where("shipment_plans.company_id = ? AND shipment_plan_items.seller_sku = 'EU-A1'", f.companyID).
				Select("shipment_plans.marketplace_id, shipment_plan_items.quantity").Order("shipment_plan_items.quantity DESC").Scan(&items)
			if len(items) != 2 || items[0].MarketplaceID != de || items[0].Quantity != 50 || items[1].MarketplaceID != fr || items[1].Quantity != 25 {
				t.Fatalf("plan items %+v", items)
			}
			stranger := h.SignedIn("13700000061", "别家公司")
			apptest.Expect(t, stranger.Call(http.MethodPost, v1+"replenishment/euSplit", map[string]any{"id": ids["DE"]}), 400, "A0400", "补货行不存在或无权查看")
		})
	}
}

// newEUShop is a company selling A-1 in DE, FR, IT and the UK: FBA stock 20, 5, 0 and 50; the last 30 days DE
// sold 2 a day, FR and IT 1 a day; 100 units in the local warehouse. It answers the plan's line ids by country.
func newEUShop(t *testing.T, h *apptest.Harness) (*fixture, map[string]string) {
	t.Helper()
	f := newFixture(t, h, "13700000060", "欧洲公司")
	sl, err := fixtures.Seller(context.Background(), h.DB, f.companyID, "欧店", "EU", "A60SELLER", de, fr, it, uk)
	must(t, err)
	now := h.Clock.Now().In(h.Config.TimeZone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for market, stock := range map[string]int{de: 20, fr: 5, it: 0, uk: 50} {
		must(t, h.DB.Create(&catalogdb.Listing{CompanyID: f.companyID, GroupID: sl.GroupID, MarketplaceID: market, SellerSKU: "EU-A1",
			ProductID: &f.aID, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error)
		_, err := amazondatadb.UpsertFBAInventory(h.DB, []amazondatadb.FBAInventory{{CompanyID: f.companyID, GroupID: sl.GroupID,
			SellerID: sl.ID, MarketplaceID: market, SKU: "EU-A1", ASIN: "B0A60", Name: "欧洲商品", Fulfillable: stock}})
		must(t, err)
	}
	for n := 1; n <= 30; n++ {
		day := today.AddDate(0, 0, -n).Format(time.DateOnly)
		for market, units := range map[string]int{de: 2, fr: 1, it: 1} {
			must(t, h.DB.Exec("INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, "+
				"bj_day, asin, product_name, units, orders, amount) VALUES (?, ?, ?, ?, 'EU-A1', 'EUR', ?, ?, 'B0A60', '', ?, ?, 0)",
				f.companyID, sl.GroupID, sl.ID, market, day, day, units, units).Error)
		}
	}
	id := f.ordered(t, pl{f.a, "12.50", "", 100})
	line := f.get(t, id).lineOf(t, f.a).ID
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, today.Format(time.DateOnly), "", rl{line, 100})))
	ids := map[string]string{}
	for _, l := range f.planLines(t) {
		ids[l.Country] = l.ID
	}
	return f, ids
}

// planLines is the company's plan as its list answers it.
func (f *fixture) planLines(t *testing.T) []planLine {
	t.Helper()
	env := f.c.Call(http.MethodPost, v1+"replenishment/page", map[string]any{"currentpage": 1, "pagesize": 100})
	apptest.ExpectOK(t, env)
	var lines page[planLine]
	env.Into(t, &lines)
	return lines.Records
}
