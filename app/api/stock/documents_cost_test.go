package stock_test

import (
	"net/http"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	stockdb "sellerhub/models/stock"
)

// costBody is an inbound body whose lines with their 单价 as the form sends them (text).
func costBody(warehouseID string, lines ...map[string]any) map[string]any {
	return map[string]any{"warehouseId": warehouseID, "remark": "带单价", "lines": lines}
}

type costed struct {
	TotalCost string `json:"totalCost"`
	Lines     []struct {
		SKU      string `json:"sku"`
		Quantity int    `json:"quantity"`
		UnitCost string `json:"unitCost"`
		Amount   string `json:"amount"`
	} `json:"lines"`
}

// An inbound document's lines carry the unit cost they were bought at (单价, CNY): saved with two decimals, shown
// with each line's amount and the document's total in its detail and list, refused with a Chinese message naming
// the line when negative, not a number, of more than two decimals or too high (writing nothing, new or edited),
// and written on the ledger lines of its receipt and of the receipt's reversal. On every database.
func TestInboundUnitCostIsSavedCheckedAndRecordedOnReceipt(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")

			env := c.Call(http.MethodPost, v1+"inbound", costBody(w.ID,
				map[string]any{"productId": a, "quantity": 10, "unitCost": "12.5"},
				map[string]any{"productId": b, "quantity": 3, "unitCost": "0"}))
			apptest.ExpectOK(t, env)
			var made struct{ ID, Number string }
			env.Into(t, &made)
			var d costed
			c.Call(http.MethodGet, v1+"inbound/"+made.ID, nil).Into(t, &d)
			if d.TotalCost != "125.00" || len(d.Lines) != 2 || d.Lines[0].UnitCost != "12.50" || d.Lines[0].Amount != "125.00" ||
				d.Lines[1].UnitCost != "0.00" || d.Lines[1].Amount != "0.00" {
				t.Fatalf("saved = %+v", d)
			}
			rows := list[struct {
				Number    string `json:"number"`
				TotalCost string `json:"totalCost"`
			}](t, c, "inbound/page", map[string]any{})
			if rows.Total != 1 || rows.Records[0].Number != made.Number || rows.Records[0].TotalCost != "125.00" {
				t.Fatalf("list = %+v", rows)
			}

			// Wrong costs are refused, naming the line, and write nothing: no new document, no change to the draft.
			for _, bad := range []struct {
				cost any
				want string
			}{
				{"-1", "第2行：单价(元)必须是不小于0的数字"},
				{"十元", "第2行：单价(元)必须是不小于0的数字"},
				{"1e3", "第2行：单价(元)必须是不小于0的数字"},
				{"1.234", "第2行：单价(元)最多2位小数"},
				{"1000000", "第2行：单价(元)不能超过999999.99"},
			} {
				body := costBody(w.ID, map[string]any{"productId": a, "quantity": 1, "unitCost": "1"},
					map[string]any{"productId": b, "quantity": 1, "unitCost": bad.cost})
				apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound", body), 400, "A0400", bad.want)
				apptest.Expect(t, c.Call(http.MethodPut, v1+"inbound/"+made.ID, body), 400, "A0400", bad.want)
			}
			if rows := list[struct{}](t, c, "inbound/page", map[string]any{}); rows.Total != 1 {
				t.Fatalf("refused costs made documents: %d", rows.Total)
			}
			var after costed
			c.Call(http.MethodGet, v1+"inbound/"+made.ID, nil).Into(t, &after)
			if after.TotalCost != "125.00" || after.Lines[0].UnitCost != "12.50" {
				t.Fatalf("refused edits changed the draft: %+v", after)
			}
			// A cost left empty is not known: the line has none, the total counts the lines that have one.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"inbound/"+made.ID, costBody(w.ID,
				map[string]any{"productId": a, "quantity": 10, "unitCost": "12.50"},
				map[string]any{"productId": b, "quantity": 3, "unitCost": ""})))
			c.Call(http.MethodGet, v1+"inbound/"+made.ID, nil).Into(t, &after)
			if after.TotalCost != "125.00" || after.Lines[1].UnitCost != "" || after.Lines[1].Amount != "" {
				t.Fatalf("without B-2's cost = %+v", after)
			}

			// Approval writes each line's cost with its receipt; cancelling writes it with the reversal.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+made.ID+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+made.ID+"/approve", nil))
			wantFulfillable(t, c, w.ID, a, 10)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+made.ID+"/cancel", nil))
			var ledger []stockdb.StockLedgerLine
			if err := h.DB.Where("doc_number = ?", made.Number).Order("doc_type, product_id").Find(&ledger).Error; err != nil {
				t.Fatal(err)
			}
			got := map[string]any{}
			for _, l := range ledger {
				var cost any
				if l.UnitCost != nil {
					cost = *l.UnitCost
				}
				got[l.DocType+" "+skuOf(l.ProductID, a, b)] = []any{l.FulfillableChange, cost}
			}
			want := map[string]any{
				"inbound A-1": []any{10, int64(125000)}, "inbound B-2": []any{3, nil},
				"inbound_cancel A-1": []any{-10, int64(125000)}, "inbound_cancel B-2": []any{-3, nil},
			}
			if len(got) != len(want) {
				t.Fatalf("ledger = %v", got)
			}
			for k, v := range want {
				if g, ok := got[k].([]any); !ok || g[0] != v.([]any)[0] || g[1] != v.([]any)[1] {
					t.Fatalf("ledger %s = %v, want %v (all %v)", k, got[k], v, got)
				}
			}

			// 库存流水 shows the cost of each receipt's units.
			ledgerPage := list[struct {
				SKU      string `json:"sku"`
				DocType  string `json:"docType"`
				UnitCost string `json:"unitCost"`
			}](t, c, "stock/ledger", map[string]any{"docNumber": made.Number})
			shown := map[string]string{}
			for _, l := range ledgerPage.Records {
				shown[l.DocType+" "+l.SKU] = l.UnitCost
			}
			if len(shown) != 4 || shown["inbound A-1"] != "12.50" || shown["inbound_cancel A-1"] != "12.50" || shown["inbound B-2"] != "" {
				t.Fatalf("ledger list = %+v", ledgerPage.Records)
			}

			// An outbound line keeps no cost, whatever is sent.
			out, _ := createDoc(t, c, "outbound", w.ID, line{a, 1})
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"outbound/"+out, costBody(w.ID, map[string]any{"productId": a, "quantity": 1, "unitCost": "-5"})))
			var o costed
			c.Call(http.MethodGet, v1+"outbound/"+out, nil).Into(t, &o)
			if o.TotalCost != "" || o.Lines[0].UnitCost != "" {
				t.Fatalf("outbound = %+v", o)
			}
		})
	}
}

// skuOf names the test's product of id: A-1 (a) or B-2 (b).
func skuOf(id int64, a, b string) string {
	switch strconv.FormatInt(id, 10) {
	case a:
		return "A-1"
	case b:
		return "B-2"
	}
	return strconv.FormatInt(id, 10)
}
