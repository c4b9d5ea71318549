package purchase_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

type reviewLine struct {
	ProductID   string   `json:"productId"`
	ProductSKU  string   `json:"productSku"`
	IDs         []string `json:"ids"`
	SKUs        []string `json:"skus"`
	Suggested   int      `json:"suggested"`
	Asked       int      `json:"asked"`
	Quantity    int      `json:"quantity"`
	MOQ         int      `json:"moq"`
	CartonUnits int      `json:"cartonUnits"`
	UnitPrice   string   `json:"unitPrice"`
	Tiered      bool     `json:"tiered"`
	Amount      string   `json:"amount"`
}

type review struct {
	Groups []struct {
		SupplierID   string       `json:"supplierId"`
		SupplierName string       `json:"supplierName"`
		Lines        []reviewLine `json:"lines"`
		Quantity     int          `json:"quantity"`
		Amount       string       `json:"amount"`
	} `json:"groups"`
	Quantity int      `json:"quantity"`
	Amount   string   `json:"amount"`
	Problems []string `json:"problems"`
}

// 采购计划提交: the checked lines' products by supplier, the suggestion rounded up to the supplier's MOQ (its smallest
// tier) and whole cartons and priced at its tier, else the product's cost; what 提交 would refuse is listed; a
// supplier and a quantity changed are worked out again; 提交 makes one draft per supplier, and a refused one
// makes none. On both databases.
func TestPlanOrderReviewRoundsAndSubmitsPerSupplier(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			// B-2: sold in the US, stocked at Amazon, without a supplier, nothing to buy.
			must(t, h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", s.bID).Update("price", "3.30").Error)
			must(t, h.DB.Create(&catalogdb.Listing{CompanyID: s.companyID, GroupID: s.groupID, MarketplaceID: us, SellerSKU: "US-B2",
				ProductID: &s.bID, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error)
			_, err := amazondatadb.UpsertFBAInventory(h.DB, []amazondatadb.FBAInventory{{CompanyID: s.companyID, GroupID: s.groupID,
				SellerID: s.sellerID, MarketplaceID: us, SKU: "US-B2", ASIN: "B0B45", Name: "杯盖", Fulfillable: 10}})
			must(t, err)
			// 50 a carton; the supplier sells from 120 units, at 11 from 120 and 9.8765 from 200.
			must(t, h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", s.aID).Update("carton_units", 50).Error)
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"purchaseOrder/priceTiers", map[string]any{"supplierId": s.supplier,
				"productId": s.a, "tiers": []map[string]any{{"minQuantity": 120, "unitPrice": "11"}, {"minQuantity": 200, "unitPrice": "9.8765"}}}))
			ids := map[string]string{}
			for _, l := range s.lines(t, s.c, map[string]any{}) {
				ids[l.SKU] = l.ID
			}
			call := func(path string, body map[string]any) apptest.Envelope {
				return s.c.Call(http.MethodPost, v1+"replenishment/"+path, body)
			}
			reviewOf := func(body map[string]any) review {
				t.Helper()
				env := call("orderReview", body)
				apptest.ExpectOK(t, env)
				var r review
				env.Into(t, &r)
				return r
			}
			both := []string{ids["US-A1"], ids["US-B2"]}
			// The hand calculation's 100 to buy: at least 120, the MOQ, then whole cartons of 50: 150 at 11.00.
			r := reviewOf(map[string]any{"ids": both})
			if len(r.Groups) != 2 || r.Groups[0].SupplierName != "义乌工厂" || r.Groups[1].SupplierName != "未选择供应商" ||
				r.Groups[1].SupplierID != "" || r.Quantity != 150 || r.Amount != "1650.00" || r.Groups[0].Amount != "1650.00" {
				t.Fatalf("review %+v", r)
			}
			a, b := r.Groups[0].Lines[0], r.Groups[1].Lines[0]
			if a.Suggested != 100 || a.Asked != 100 || a.Quantity != 150 || a.MOQ != 120 || a.CartonUnits != 50 || a.UnitPrice != "11.00" ||
				!a.Tiered || a.Amount != "1650.00" || strings.Join(a.SKUs, ",") != "甲店-US US-A1" {
				t.Fatalf("A-1 %+v", a)
			}
			if b.Quantity != 0 || b.UnitPrice != "3.30" || b.Tiered || b.Amount != "0.00" {
				t.Fatalf("B-2 %+v", b)
			}
			if want := "产品 B-2 未选择供应商|产品 B-2：采购数量必须大于0"; strings.Join(r.Problems, "|") != want {
				t.Fatalf("problems %q", r.Problems)
			}

			var before int64
			h.DB.Table("purchase_orders").Where("company_id = ?", s.companyID).Count(&before)
			apptest.Expect(t, call("orderSubmit", map[string]any{"ids": both}), 400, "A0400", "请选择收货仓库")
			apptest.Expect(t, call("orderSubmit", map[string]any{"ids": both, "warehouseId": s.main}), 400, "A0400", "产品 B-2 未选择供应商")
			for _, c := range []struct {
				body map[string]any
				msg  string
			}{
				{map[string]any{"ids": []string{}}, "请选择补货行"},
				{map[string]any{"ids": []string{"1|X|nothing"}}, "第1行：补货行不存在或无权查看"},
				{map[string]any{"ids": both, "lines": []map[string]any{{"productId": "42", "quantity": 1}}}, "产品不在所选补货行中"},
			} {
				c.body["warehouseId"] = s.main
				apptest.Expect(t, call("orderReview", c.body), 400, "A0400", c.msg)
				apptest.Expect(t, call("orderSubmit", c.body), 400, "A0400", c.msg)
			}
			neg := map[string]any{"ids": []string{ids["US-A1"]}, "warehouseId": s.main, "lines": []map[string]any{{"productId": s.a, "supplierId": s.supplier, "quantity": -5}}}
			apptest.Expect(t, call("orderSubmit", neg), 400, "A0400", "产品 A-1：采购数量必须大于0")
			gone := map[string]any{"ids": []string{ids["US-A1"]}, "warehouseId": s.main, "lines": []map[string]any{{"productId": s.a, "supplierId": "123", "quantity": 5}}}
			apptest.Expect(t, call("orderSubmit", gone), 400, "A0400", "产品 A-1：供应商不存在")
			// A warehouse refused inside the transaction: no order at all.
			apptest.Expect(t, call("orderSubmit", map[string]any{"ids": []string{ids["US-A1"]}, "warehouseId": "99"}), 400, "A0400", "仓库不存在")
			var after int64
			h.DB.Table("purchase_orders").Where("company_id = ?", s.companyID).Count(&after)
			if after != before {
				t.Fatalf("refused submits made %d orders", after-before)
			}

			// B-2 to another supplier, 7 units (no tiers there: its cost 3.30); A-1 asked 201: 250 at the 200 tier.
			other := created(t, s.c.Call(http.MethodPost, v1+"supplier", map[string]string{"name": "潮州盖厂", "contact": "林", "phone": "13800000001", "address": "潮州"}))
			changes := []map[string]any{{"productId": s.b, "supplierId": other, "quantity": 7}, {"productId": s.a, "supplierId": s.supplier, "quantity": 201}}
			r = reviewOf(map[string]any{"ids": both, "lines": changes})
			if len(r.Problems) != 0 || len(r.Groups) != 2 || r.Groups[1].SupplierName != "潮州盖厂" || r.Groups[1].Amount != "23.10" ||
				r.Groups[0].Lines[0].Quantity != 250 || r.Groups[0].Lines[0].UnitPrice != "9.8765" || r.Groups[0].Amount != "2469.13" ||
				r.Amount != "2492.23" || r.Quantity != 257 {
				t.Fatalf("changed review %+v", r)
			}
			env := call("orderSubmit", map[string]any{"ids": both, "lines": changes, "warehouseId": s.main})
			apptest.ExpectOK(t, env)
			var docs []struct{ ID, Number, For string }
			env.Into(t, &docs)
			if len(docs) != 2 || docs[0].For != "义乌工厂" || docs[1].For != "潮州盖厂" || docs[0].Number == docs[1].Number {
				t.Fatalf("orders %+v", docs)
			}
			o := s.get(t, docs[0].ID)
			if o.StatusName != "待提交" || o.SupplierName != "义乌工厂" || o.TotalQuantity != 250 || o.Lines[0].UnitPrice != "9.8765" || o.WarehouseName != "深圳仓" {
				t.Fatalf("first draft %+v", o)
			}
			if o := s.get(t, docs[1].ID); o.SupplierName != "潮州盖厂" || o.TotalQuantity != 7 || o.Lines[0].UnitPrice != "3.30" || o.Lines[0].SKU != "B-2" {
				t.Fatalf("second draft %+v", o)
			}
			// Another company's buyer sees none of the lines.
			stranger := h.SignedIn("13700000052", "别家公司")
			apptest.Expect(t, stranger.Call(http.MethodPost, v1+"replenishment/orderReview", map[string]any{"ids": both}), 400, "A0400", "第1行：补货行不存在或无权查看")
		})
	}
}
