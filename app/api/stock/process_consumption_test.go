package stock_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	purchasedb "sellerhub/models/purchase"
)

// consumption is a processing order's body with its own lines: the consumption as the user edited it.
func consumption(warehouseID, product string, quantity int, fee string, lines ...map[string]any) map[string]any {
	b := processBody(warehouseID, product, quantity, fee)
	b["ownLines"], b["lines"] = true, lines
	return b
}

// A draft 加工单's consumption is edited: a component's quantity changed, one removed, one added; bad edits are
// refused in Chinese and change nothing; the cost rolls up from the edited lines exactly; once submitted (and
// approved) the consumption is fixed. On every database.
//
// Hand calculation: K-1's bill says 2 × M-1 (average 2.50) and 1 × P-1 (1.20) a unit; 5 made would take 10 M-1 and
// 5 P-1. Edited: 12 M-1, no P-1, 2 × C-1 (3.10), with a fee of 0.75: (12 × 2.50 + 2 × 3.10 + 5 × 0.75) ÷ 5 =
// (30.00 + 6.20 + 3.75) ÷ 5 = 39.95 ÷ 5 = 7.99 a unit; the components cost 36.20.
func TestAProcessingOrdersConsumptionIsEditedWhileADraft(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
			w := createWarehouse(t, c, "深圳仓", nil)
			kit := product(t, h, "13700000001", "K-1")
			m := product(t, h, "13700000001", "M-1")
			pk := product(t, h, "13700000001", "P-1")
			cc := product(t, h, "13700000001", "C-1")
			setCost(t, h, "13700000001", pk, "1.20")
			setCost(t, h, "13700000001", cc, "3.10")
			approvedDoc(t, c, "inbound", w.ID, line{m, 20}, line{pk, 8}, line{cc, 5})
			wid, _ := strconv.ParseInt(w.ID, 10, 64)
			mid, _ := strconv.ParseInt(m, 10, 64)
			if err := purchasedb.SetStockCost(h.DB, u.CompanyID, wid, mid, 25000, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			saveBOM(t, c, kit, line{m, 2}, line{pk, 1})
			env := c.Call(http.MethodPost, v1+"process", processBody(w.ID, kit, 5, "0.75"))
			apptest.ExpectOK(t, env)
			var made struct{ ID, Number string }
			env.Into(t, &made)
			path := v1 + "process/" + made.ID
			edited := []map[string]any{{"productId": m, "quantity": 12}, {"productId": cc, "quantity": 2}}

			// Bad edits: refused in words, the draft as it was.
			for _, tc := range []struct {
				lines []map[string]any
				msg   string
			}{
				{nil, "请至少保留一个组件"},
				{[]map[string]any{{"productId": m, "quantity": 12}, {"productId": kit, "quantity": 1}}, "第2行：组件不能是加工产品本身"},
				{[]map[string]any{{"productId": m, "quantity": 12}, {"productId": m, "quantity": 1}}, "第2行：产品重复"},
				{[]map[string]any{{"productId": m, "quantity": 0}}, "第1行：数量必须为1到1000000的整数"},
				{[]map[string]any{{"productId": m, "quantity": 1000001}}, "第1行：数量必须为1到1000000的整数"},
				{[]map[string]any{{"productId": "999", "quantity": 1}}, "第1行：产品不存在"},
				{[]map[string]any{{"productId": m, "quantity": 2}, {"productId": "abc", "quantity": 1}}, "第2行：产品不存在"},
			} {
				apptest.Expect(t, c.Call(http.MethodPut, path, consumption(w.ID, kit, 5, "0.75", tc.lines...)), 400, "A0400", tc.msg)
			}
			if d := getProcess(t, c, made.ID); len(d.Lines) != 2 || d.Lines[0].SKU != "M-1" || d.Lines[0].Quantity != 10 || d.Lines[1].SKU != "P-1" || d.Lines[1].Quantity != 5 {
				t.Fatalf("a refused edit changed the draft: %+v", d.Lines)
			}

			apptest.ExpectOK(t, c.Call(http.MethodPut, path, consumption(w.ID, kit, 5, "0.75", edited...)))
			d := getProcess(t, c, made.ID)
			got := map[string]int{}
			for _, l := range d.Lines {
				got[l.SKU] = l.Quantity
			}
			if len(d.Lines) != 2 || got["M-1"] != 12 || got["C-1"] != 2 || d.MadeQuantity != 5 || d.ProcessFee != "0.75" {
				t.Fatalf("edited draft = %+v", d)
			}

			// Submitted, the consumption is fixed; approved, it moves and costs as edited.
			apptest.ExpectOK(t, c.Call(http.MethodPost, path+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPut, path, consumption(w.ID, kit, 5, "0.75", map[string]any{"productId": m, "quantity": 1})),
				400, "B0001", "单据已提交，不能再编辑")
			apptest.ExpectOK(t, c.Call(http.MethodPost, path+"/approve", nil))
			apptest.Expect(t, c.Call(http.MethodPut, path, consumption(w.ID, kit, 5, "0.75", edited...)), 400, "B0001", "单据已提交，不能再编辑")
			wantFulfillable(t, c, w.ID, m, 8)
			wantFulfillable(t, c, w.ID, pk, 8)
			wantFulfillable(t, c, w.ID, cc, 3)
			wantFulfillable(t, c, w.ID, kit, 5)
			d = getProcess(t, c, made.ID)
			if d.StatusName != "已完成" || d.MadeCost != "7.99" || d.TotalCost != "36.20" || len(d.Lines) != 2 {
				t.Fatalf("approved = %+v", d)
			}
			if got := stockCost(t, h, u.CompanyID, w.ID, kit); got != 79900 {
				t.Fatalf("K-1's average = %d, want 79900", got)
			}
			ledger := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": made.Number})
			changes := map[string]int{}
			for _, l := range ledger.Records {
				changes[l.SKU] += l.FulfillableChange
			}
			if ledger.Total != 3 || changes["M-1"] != -12 || changes["C-1"] != -2 || changes["K-1"] != 5 || changes["P-1"] != 0 {
				t.Fatalf("ledger = %+v", ledger.Records)
			}
			ledgerAgrees(t, h)
		})
	}
}
