package stock_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	stockservice "sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
)

// A draft (待提交) is edited whole, warehouse, lines and remark, checked as a new one is; once submitted it is
// refused with a message saying so, and an outbound draft beyond the stock saves but is still refused at 审核.
// Each line answers the product's fulfillable stock in the document's warehouse, what the form warns against.
// On every database.
func TestDraftDocumentsAreEditableUntilSubmitted(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10})

			out, number := createDoc(t, c, "outbound", w.ID, line{a, 3})
			body := docBody(w.ID, line{b, 1}, line{a, 12})
			body["remark"] = "改过"
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"outbound/"+out, body))
			d := getDoc(t, c, "outbound", out)
			var fulfillable struct {
				Lines []struct {
					SKU         string `json:"sku"`
					Fulfillable int    `json:"fulfillable"`
				} `json:"lines"`
			}
			c.Call(http.MethodGet, v1+"outbound/"+out, nil).Into(t, &fulfillable)
			if d.Number != number || d.Status != stockdb.DocDraft || d.Remark != "改过" || d.TotalQuantity != 13 || len(d.Lines) != 2 ||
				d.Lines[0].SKU != "A-1" || d.Lines[0].Quantity != 12 || d.Lines[1].SKU != "B-2" || d.Lines[1].Quantity != 1 ||
				fulfillable.Lines[0].Fulfillable != 10 || fulfillable.Lines[1].Fulfillable != 0 {
				t.Fatalf("edited draft = %+v, fulfillable %+v", d, fulfillable)
			}

			// A bad edit is refused as a bad new document is, and changes nothing.
			apptest.Expect(t, c.Call(http.MethodPut, v1+"outbound/"+out, docBody(w.ID, line{a, 0})), 400, "A0400", "第1行：数量必须为1到1000000的整数")
			apptest.Expect(t, c.Call(http.MethodPut, v1+"outbound/"+out, docBody(w.ID, line{"123", 1})), 400, "A0400", "第1行：产品不存在")
			if d := getDoc(t, c, "outbound", out); d.TotalQuantity != 13 || d.Remark != "改过" {
				t.Fatalf("after refused edits = %+v", d)
			}

			// Submitted, it is no longer editable, and 审核 refuses the quantity beyond the stock.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPut, v1+"outbound/"+out, docBody(w.ID, line{a, 1})), 400, "B0001", stockservice.MsgDocNotEditable)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil), 400, "B0001", "库存不足：SKU A-1 可用库存 10，出库数量 12")
			if d := getDoc(t, c, "outbound", out); d.TotalQuantity != 13 || d.Status != stockdb.DocSubmitted {
				t.Fatalf("after the refused edit = %+v", d)
			}
			wantFulfillable(t, c, w.ID, a, 10)

			// Another company's draft is not found.
			other := h.SignedIn("13700000002", "乙公司")
			draft, _ := createDoc(t, c, "inbound", w.ID, line{a, 1})
			apptest.Expect(t, other.Call(http.MethodPut, v1+"inbound/"+draft, docBody(w.ID, line{a, 5})), 404, "A0404", "入库单不存在")
			if d := getDoc(t, c, "inbound", draft); d.TotalQuantity != 1 {
				t.Fatalf("after another company's edit = %+v", d)
			}
		})
	}
}
