package purchase_test

import (
	"net/http"
	"regexp"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	purchasedb "sellerhub/models/purchase"
)

var (
	cgNumber = regexp.MustCompile(`^CG\d{8}-0001$`)
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
)

// An order's whole life on every database: a draft edited, submitted (no longer editable), approved (its units
// wait in the warehouse's 待入库), placed, received in two parts into two warehouses (each part leaving 待入库 and
// becoming 可用, with its ledger lines), a return to the supplier, and a short close with its reason that takes
// the rest out of 待入库. Stock equals the ledger's sum after every step and is never negative.
func TestAnOrderFromDraftToShortCloseOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newFixture(t, h, "13700000001", "甲公司")
			id, number := f.create(t, "CNY", "receipt", pl{f.a, "12.50", "13", 100}, pl{f.b, "3.3333", "", 40})
			if !cgNumber.MatchString(number) {
				t.Fatalf("number = %q", number)
			}
			o := f.get(t, id)
			if o.Number != number || o.Status != purchasedb.OrderDraft || o.StatusName != "待提交" || o.SupplierName != "义乌工厂" ||
				o.WarehouseName != "深圳仓" || o.Currency != "CNY" || o.PaymentTermsName != "货到付款" || o.ExpectedDate != "2026-12-20" ||
				o.LineCount != 2 || o.TotalQuantity != 140 || o.TotalAmount != "1383.33" || o.Creator != "店主0001" ||
				!dateTime.MatchString(o.CreatedAt) || o.Remark != "首批备货" || len(o.Lines) != 2 || len(o.Events) != 0 {
				t.Fatalf("draft = %+v", o)
			}
			if l := o.lineOf(t, f.a); l != (oline{ID: l.ID, ProductID: f.a, SKU: "A-1", Name: "产品A-1", Image: "/uploads/A-1.png",
				Quantity: 100, UnitPrice: "12.50", TaxRate: "13", Amount: "1250.00", Tax: "143.81", Outstanding: 100}) {
				t.Fatalf("line A = %+v", l)
			}
			if l := o.lineOf(t, f.b); l.UnitPrice != "3.3333" || l.Amount != "133.33" || l.TaxRate != "0" || l.Tax != "0.00" {
				t.Fatalf("line B = %+v", l)
			}
			f.wantStock(t, f.mainID, f.aID, 0, 0)

			// The draft is edited: A becomes 120 units; steps out of turn are refused.
			apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"purchaseOrder/"+id, f.body("CNY", "receipt", pl{f.a, "12.50", "13", 120}, pl{f.b, "3.3333", "", 40})))
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/approve", nil), 400, "B0001", "只有待审核的采购单可以审核")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/place", nil), 400, "B0001", "只有待下单的采购单可以下单")
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/submit", nil))
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/submit", nil), 400, "B0001", "只有待提交的采购单可以提交")
			apptest.Expect(t, f.c.Call(http.MethodPut, v1+"purchaseOrder/"+id, f.body("CNY", "receipt", pl{f.a, "1", "", 1})), 400, "B0001", "采购单已提交，不能再编辑")
			if o := f.get(t, id); o.Status != purchasedb.OrderSubmitted || o.StatusName != "待审核" || o.TotalQuantity != 160 || !dateTime.MatchString(o.SubmittedAt) {
				t.Fatalf("submitted = %+v", o)
			}
			f.wantStock(t, f.mainID, f.aID, 0, 0)

			// Approval puts the ordered units in 待入库.
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/approve", nil))
			if o := f.get(t, id); o.Status != purchasedb.OrderApproved || o.StatusName != "待下单" || o.Approver != "店主0001" || !dateTime.MatchString(o.ApprovedAt) {
				t.Fatalf("approved = %+v", o)
			}
			f.wantStock(t, f.mainID, f.aID, 120, 0)
			f.wantStock(t, f.mainID, f.bID, 40, 0)
			receive := eventBody(f.main, "", "", rl{f.get(t, id).lineOf(t, f.a).ID, 1})
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", receive), 400, "B0001", "只有待收货的采购单可以收货")
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/place", nil))
			o = f.get(t, id)
			if o.Status != purchasedb.OrderToReceive || o.StatusName != "待收货" || !dateTime.MatchString(o.OrderedAt) {
				t.Fatalf("placed = %+v", o)
			}
			la, lb := o.lineOf(t, f.a).ID, o.lineOf(t, f.b).ID

			// First receipt: 50 A and 40 B into the order's warehouse.
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.main, "", "第一批", rl{la, 50}, rl{lb, 40})))
			f.wantStock(t, f.mainID, f.aID, 70, 50)
			f.wantStock(t, f.mainID, f.bID, 0, 40)
			// More than is outstanding is refused and nothing moves.
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.other, "", "", rl{la, 71})),
				400, "B0001", "第1行：收货数量 71 超出未收数量 70")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", eventBody(f.other, "", "", rl{lb, 1})),
				400, "B0001", "第1行：收货数量 1 超出未收数量 0")
			// Second receipt: 30 A into the other warehouse: 待入库 leaves the order's warehouse, 可用 comes in the other,
			// put away into a bin there (a bin of another warehouse is refused).
			bin := func(warehouse, code string) string {
				env := f.c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": warehouse, "code": code})
				apptest.ExpectOK(t, env)
				var b struct{ ID string }
				env.Into(t, &b)
				return b.ID
			}
			mainBin, otherBin := bin(f.main, "M-01"), bin(f.other, "P-01")
			binned := func(b string) map[string]any {
				body := eventBody(f.other, "", "", rl{la, 30})
				body["lines"].([]map[string]any)[0]["binId"] = b
				return body
			}
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", binned(mainBin)), 400, "A0400", "第1行：库位不属于所选仓库")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", binned("x")), 400, "A0400", "第1行：库位不存在")
			f.wantStock(t, f.otherID, f.aID, 0, 0)
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", binned(otherBin)))
			f.wantStock(t, f.mainID, f.aID, 40, 50)
			f.wantStock(t, f.otherID, f.aID, 0, 30)
			env := f.c.Call(http.MethodPost, v1+"binStock/page", map[string]any{"warehouseId": f.other, "pagesize": 50})
			apptest.ExpectOK(t, env)
			var binned30 struct {
				Records []struct {
					BinCode, SKU string
					Quantity     int
				}
			}
			env.Into(t, &binned30)
			if len(binned30.Records) != 1 || binned30.Records[0].BinCode != "P-01" || binned30.Records[0].Quantity != 30 {
				t.Fatalf("bins of the other warehouse after the receipt: %+v", binned30.Records)
			}

			// A return: the reason is required, the warehouse must hold the units, at most what came back.
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.other, "", "", rl{la, 5})), 400, "A0400", "请填写原因")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.other, "", "破损", rl{la, 31})), 400, "B0001", "库存不足：SKU A-1 可用库存 30，需扣减 31")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.other, "", "破损", rl{la, 81})), 400, "B0001", "第1行：退货数量 81 超出已收未退数量 80")
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.other, "", "破损", rl{la, 6})))
			f.wantStock(t, f.otherID, f.aID, 0, 24)

			// Cancelling is refused once something came; the order is closed short instead.
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/cancel", nil), 400, "B0001", "采购单已有收货，不能作废，请结案")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/close", map[string]string{"reason": " "}), 400, "A0400", "请填写原因")
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/close", map[string]string{"reason": "工厂停产"}))
			f.wantStock(t, f.mainID, f.aID, 0, 50)
			f.wantStock(t, f.otherID, f.aID, 0, 24)
			o = f.get(t, id)
			if o.Status != purchasedb.OrderCompleted || o.StatusName != "已完成" || o.CloseReason != "工厂停产" || o.TotalReceived != 120 ||
				o.TotalReturned != 6 || o.TotalClosed != 40 || !dateTime.MatchString(o.CompletedAt) {
				t.Fatalf("closed = %+v", o)
			}
			if l := o.lineOf(t, f.a); l.Received != 80 || l.Returned != 6 || l.Closed != 40 || l.Outstanding != 0 {
				t.Fatalf("closed line A = %+v", l)
			}
			kinds := ""
			for _, e := range o.Events {
				kinds += e.KindName + "/" + e.WarehouseName + " "
			}
			if kinds != "收货/深圳仓 收货/东莞仓 退货/东莞仓 结案/深圳仓 " || o.Events[0].Number != number+"-1" ||
				o.Events[3].Number != number+"-4" || o.Events[0].TotalQuantity != 90 || o.Events[0].Remark != "第一批" ||
				o.Events[2].Remark != "破损" || o.Events[3].Remark != "工厂停产" || o.Events[0].Operator != "店主0001" ||
				o.Events[0].Lines[0].UnitCost != "12.50" {
				t.Fatalf("events = %+v", o.Events)
			}
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/close", map[string]string{"reason": "再结"}), 400, "B0001", "采购单已完成")
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", receive), 400, "B0001", "采购单已完成")
			// A completed order still takes a return.
			apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", eventBody(f.main, "", "质量问题", rl{la, 10})))
			f.wantStock(t, f.mainID, f.aID, 0, 40)

			// The ledger names each movement with the order's or the event's number.
			var docs []string
			h.DB.Raw("SELECT doc_type || ':' || doc_number FROM stock_ledger WHERE product_id = ? ORDER BY created_at, id", f.aID).Scan(&docs)
			want := []string{"purchase_approve:" + number, "purchase_receipt:" + number + "-1"}
			for i, w := range want {
				if i >= len(docs) || docs[i] != w {
					t.Fatalf("ledger = %v, want it to start with %v", docs, want)
				}
			}
			// approve, receipt, receipt (2 lines: two warehouses), return (2 lines: out of the bin the units were put
			// away into), close, return.
			if len(docs) != 8 {
				t.Fatalf("ledger = %v", docs)
			}
			// 库存流水 names the purchasing movements.
			env = f.c.Call(http.MethodPost, v1+"stock/ledger", map[string]any{"docNumber": number + "-1"})
			apptest.ExpectOK(t, env)
			var ledger page[struct {
				DocTypeName string `json:"docTypeName"`
				UnitCost    string `json:"unitCost"`
			}]
			env.Into(t, &ledger)
			if ledger.Total != 2 || ledger.Records[0].DocTypeName != "采购收货" {
				t.Fatalf("ledger of the first receipt = %+v", ledger)
			}
		})
	}
}

// Cancelling: a draft or a submitted order moves nothing; an approved one takes its units out of 待入库; a
// cancelled order takes no further step.
func TestCancellingAnApprovedOrderTakesItsUnitsOutOfInbound(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	draft, _ := f.create(t, "CNY", "receipt", pl{f.a, "1", "", 5})
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/cancel", nil))
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/cancel", nil), 400, "B0001", "采购单已作废")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/submit", nil), 400, "B0001", "只有待提交的采购单可以提交")
	if o := f.get(t, draft); o.Status != purchasedb.OrderCancelled || o.StatusName != "已作废" || !dateTime.MatchString(o.CancelledAt) {
		t.Fatalf("cancelled draft = %+v", o)
	}
	f.wantStock(t, f.mainID, f.aID, 0, 0)

	id := f.ordered(t, pl{f.a, "2", "", 7})
	f.wantStock(t, f.mainID, f.aID, 7, 0)
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/cancel", nil))
	f.wantStock(t, f.mainID, f.aID, 0, 0)
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/close", map[string]string{"reason": "x"}), 400, "B0001", "采购单已作废")

	// 驳回 sends a submitted order back to the draft, editable again.
	back, _ := f.create(t, "CNY", "receipt", pl{f.a, "1", "", 5})
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+back+"/submit", nil))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+back+"/reject", nil))
	apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"purchaseOrder/"+back, f.body("CNY", "receipt", pl{f.a, "1", "", 6})))
	if o := f.get(t, back); o.Status != purchasedb.OrderDraft || o.TotalQuantity != 6 || o.SubmittedAt != "" {
		t.Fatalf("rejected = %+v", o)
	}
	// An order paid before the goods (款到发货) waits for its payment once placed.
	prepaid, _ := f.create(t, "USD", "prepay", pl{f.a, "1.25", "", 2})
	for _, step := range []string{"submit", "approve", "place"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+prepaid+"/"+step, nil))
	}
	if o := f.get(t, prepaid); o.Status != purchasedb.OrderToPay || o.StatusName != "待付款" || o.PaymentTermsName != "款到发货" {
		t.Fatalf("prepaid = %+v", o)
	}
}
