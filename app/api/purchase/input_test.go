package purchase_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	stockdb "sellerhub/models/stock"
)

// Every refusal of the order form, with its message, and nothing saved.
func TestOrderInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	other := newFixture(t, h, "13700000002", "乙公司")
	fba := created(t, f.c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "停用仓", "kind": "own"}))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"warehouse/"+fba+"/disable", nil))
	good := func(change func(map[string]any)) map[string]any {
		b := f.body("CNY", "receipt", pl{f.a, "12.50", "13", 10})
		change(b)
		return b
	}
	line := func(l map[string]any) func(map[string]any) {
		return func(b map[string]any) { b["lines"] = []map[string]any{l} }
	}
	cases := []struct {
		name   string
		body   map[string]any
		status int
		code   string
		msg    string
	}{
		{"no supplier", good(func(b map[string]any) { b["supplierId"] = "" }), 400, "A0400", "请选择供应商"},
		{"another company's supplier", good(func(b map[string]any) { b["supplierId"] = other.supplier }), 400, "A0400", "供应商不存在"},
		{"bad supplier", good(func(b map[string]any) { b["supplierId"] = "x" }), 400, "A0400", "供应商不存在"},
		{"no warehouse", good(func(b map[string]any) { b["warehouseId"] = "" }), 400, "A0400", "请选择收货仓库"},
		{"another company's warehouse", good(func(b map[string]any) { b["warehouseId"] = other.main }), 400, "A0400", "仓库不存在"},
		{"disabled warehouse", good(func(b map[string]any) { b["warehouseId"] = fba }), 400, "B0001", "仓库已停用"},
		{"currency", good(func(b map[string]any) { b["currency"] = "XYZ" }), 400, "A0400", "请选择币种"},
		{"terms", good(func(b map[string]any) { b["paymentTerms"] = "later" }), 400, "A0400", "请选择付款方式"},
		{"terms days", good(func(b map[string]any) { b["paymentTerms"] = "terms"; b["termsDays"] = 0 }), 400, "A0400", "账期天数必须为1到365的整数"},
		{"expected date", good(func(b map[string]any) { b["expectedDate"] = "2026-13-01" }), 400, "A0400", "预计到货日期格式不正确，应为yyyy-MM-dd"},
		{"no lines", good(func(b map[string]any) { b["lines"] = []any{} }), 400, "A0400", "请添加产品"},
		{"another company's product", good(line(map[string]any{"productId": other.a, "quantity": 1, "unitPrice": "1"})), 400, "A0400", "第1行：产品不存在"},
		{"product twice", good(func(b map[string]any) {
			b["lines"] = []map[string]any{{"productId": f.a, "quantity": 1, "unitPrice": "1"}, {"productId": f.a, "quantity": 1, "unitPrice": "1"}}
		}), 400, "A0400", "第2行：产品重复"},
		{"quantity", good(line(map[string]any{"productId": f.a, "quantity": 0, "unitPrice": "1"})), 400, "A0400", "第1行：数量必须为1到1000000的整数"},
		{"no price", good(line(map[string]any{"productId": f.a, "quantity": 1, "unitPrice": ""})), 400, "A0400", "第1行：请填写单价"},
		{"price text", good(line(map[string]any{"productId": f.a, "quantity": 1, "unitPrice": "-1"})), 400, "A0400", "第1行：单价必须是不小于0的数字"},
		{"price decimals", good(line(map[string]any{"productId": f.a, "quantity": 1, "unitPrice": "1.23456"})), 400, "A0400", "第1行：单价最多4位小数"},
		{"price too high", good(line(map[string]any{"productId": f.a, "quantity": 1, "unitPrice": "1000000"})), 400, "A0400", "第1行：单价不能超过999999.99"},
		{"tax", good(line(map[string]any{"productId": f.a, "quantity": 1, "unitPrice": "1", "taxRate": "101"})), 400, "A0400", "第1行：税率必须是0到100之间的数字，最多2位小数"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder", c.body), c.status, c.code, c.msg)
		})
	}
	var p page[order]
	env := f.c.Call(http.MethodPost, v1+"purchaseOrder/page", map[string]any{})
	apptest.ExpectOK(t, env)
	env.Into(t, &p)
	if p.Total != 0 || len(p.Records) != 0 {
		t.Fatalf("a refused order was saved: %+v", p)
	}

	// The receipt form's refusals.
	id := f.ordered(t, pl{f.a, "1", "", 5})
	la := f.get(t, id).lineOf(t, f.a).ID
	receipt := func(body map[string]any, status int, code, msg string) {
		t.Helper()
		apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", body), status, code, msg)
	}
	receipt(eventBody("", "", "", rl{la, 1}), 400, "A0400", "请选择收货仓库")
	receipt(eventBody(other.main, "", "", rl{la, 1}), 400, "A0400", "仓库不存在")
	receipt(eventBody(f.main, "2026/1/1", "", rl{la, 1}), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")
	receipt(eventBody(f.main, "2999-01-01", "", rl{la, 1}), 400, "A0400", "日期不能晚于今天")
	receipt(eventBody(f.main, "", "", rl{"1", 1}), 400, "A0400", "第1行：采购单没有该产品")
	receipt(eventBody(f.main, "", "", rl{la, 1}, rl{la, 1}), 400, "A0400", "第2行：产品重复")
	receipt(eventBody(f.main, "", "", rl{la, -1}), 400, "A0400", "第1行：数量必须为0到1000000的整数")
	receipt(eventBody(f.main, "", "", rl{la, 0}), 400, "A0400", "请填写至少一个产品的数量")
	f.wantStock(t, f.mainID, f.aID, 5, 0)
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/x/receive", eventBody(f.main, "", "", rl{la, 1})), 404, "A0404", "采购单不存在")
	apptest.Expect(t, f.c.Call(http.MethodGet, v1+"purchaseOrder/1", nil), 404, "A0404", "采购单不存在")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/page", map[string]any{"status": "9"}), 400, "A0400", "单据状态不正确")
}

// Another company's orders are not found by id, not listed, and its steps refused; nothing of them changes.
func TestCompaniesSeeOnlyTheirOwnOrders(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	other := newFixture(t, h, "13700000002", "乙公司")
	id := f.ordered(t, pl{f.a, "1", "", 5})
	la := f.get(t, id).lineOf(t, f.a).ID
	var p page[order]
	env := other.c.Call(http.MethodPost, v1+"purchaseOrder/page", map[string]any{})
	env.Into(t, &p)
	if p.Total != 0 {
		t.Fatalf("乙 lists 甲's orders: %+v", p)
	}
	for _, call := range []struct{ method, path string }{{"GET", ""}, {"PUT", ""}, {"POST", "/submit"}, {"POST", "/approve"},
		{"POST", "/reject"}, {"POST", "/place"}, {"POST", "/cancel"}, {"POST", "/receive"}, {"POST", "/return"}, {"POST", "/close"}} {
		body := eventBody(other.main, "", "x", rl{la, 1})
		body["reason"] = "x"
		if call.method == "PUT" {
			body = other.body("CNY", "receipt", pl{other.a, "1", "", 1})
		}
		apptest.Expect(t, other.c.Call(call.method, v1+"purchaseOrder/"+id+call.path, body), 404, "A0404", "采购单不存在")
	}
	if o := f.get(t, id); o.Status != 4 || o.TotalReceived != 0 {
		t.Fatalf("甲's order changed: %+v", o)
	}
	f.wantStock(t, f.mainID, f.aID, 5, 0)
}

// A supplier with purchase orders, a product on one and its warehouse are not deleted: each refusal says why.
func TestASupplierOrProductOnAnOrderIsKept(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	f.create(t, "CNY", "receipt", pl{f.a, "1", "", 5})
	apptest.Expect(t, f.c.Call(http.MethodDelete, v1+"supplier/"+f.supplier, nil), 400, "B0001", "该供应商有采购单，不能删除")
	apptest.Expect(t, f.c.Call(http.MethodDelete, v1+"warehouse/"+f.main, nil), 400, "B0001", "仓库已有库存、流水或单据，不能删除，可以停用")
	env := f.c.Call(http.MethodDelete, v1+"material/"+f.a, nil)
	if env.Status != 400 || env.Code != "B0001" {
		t.Fatalf("deleting a product on an order: %d %s %q", env.Status, env.Code, env.Msg)
	}
}

// The steps an order's state does not allow, each with its message, and an FBA warehouse refused for receipts.
func TestStepsOutOfTurnAreRefused(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	fba := &stockdb.Warehouse{CompanyID: f.companyID, Name: "FBA-店-US", Kind: stockdb.WarehouseFBA}
	if err := h.DB.Create(fba).Error; err != nil {
		t.Fatal(err)
	}
	body := f.body("CNY", "receipt", pl{f.a, "1", "", 5})
	body["warehouseId"] = idOf(fba.ID)
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder", body), 400, "A0400", "采购只能收货到自有仓或海外仓")

	draft, _ := f.create(t, "CNY", "receipt", pl{f.a, "1", "", 5})
	la := f.get(t, draft).lineOf(t, f.a).ID
	step := func(path string, body any, msg string) {
		t.Helper()
		apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+path, body), 400, "B0001", msg)
	}
	step("/reject", nil, "只有待审核的采购单可以审核")
	step("/return", eventBody(f.main, "", "坏", rl{la, 1}), "只有待收货或已完成的采购单可以退货")
	step("/close", map[string]string{"reason": "不要了"}, "只有待付款或待收货的采购单可以结案")
	step("/receive", eventBody(f.main, "", "", rl{la, 1}), "只有待收货的采购单可以收货")
	placed := f.ordered(t, pl{f.a, "1", "", 5})
	lp := f.get(t, placed).lineOf(t, f.a).ID
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+placed+"/receive", eventBody(idOf(fba.ID), "", "", rl{lp, 1})),
		400, "A0400", "采购只能收货到自有仓或海外仓")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+placed+"/return", eventBody(f.main, "", "坏", rl{lp, 1})),
		400, "B0001", "第1行：退货数量 1 超出已收未退数量 0")
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/cancel", nil))
	step("/receive", eventBody(f.main, "", "", rl{la, 1}), "采购单已作废")
	step("/return", eventBody(f.main, "", "坏", rl{la, 1}), "采购单已作废")
	f.wantStock(t, f.mainID, f.aID, 5, 0)

	// The payment list exports its query.
	created(t, f.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": placed, "kind": "deposit", "amount": "2"}))
	resp, raw := f.c.Raw(http.MethodGet, v1+"paymentRequest/export", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("付款申请_")) {
		t.Fatalf("payment export: %d %s %.200s", resp.StatusCode, resp.Header.Get("Content-Disposition"), raw)
	}
}
