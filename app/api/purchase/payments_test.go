package purchase_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	purchasedb "sellerhub/models/purchase"
)

type payment struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	OrderID       string `json:"orderId"`
	OrderNumber   string `json:"orderNumber"`
	ReceiptNumber string `json:"receiptNumber"`
	SupplierName  string `json:"supplierName"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	Currency      string `json:"currency"`
	Amount        string `json:"amount"`
	DueDate       string `json:"dueDate"`
	Status        int    `json:"status"`
	StatusName    string `json:"statusName"`
	Account       string `json:"account"`
	PaidDate      string `json:"paidDate"`
	Requester     string `json:"requester"`
	Approver      string `json:"approver"`
	Payer         string `json:"payer"`
	ApprovedAt    string `json:"approvedAt"`
	PaidAt        string `json:"paidAt"`
}

type owed struct {
	SupplierName, Currency, Ordered, Received, Paid, Approved, Owed, Unpaid string
}

var fkNumber = regexp.MustCompile(`^FK\d{8}-\d{4}$`)

func (f *fixture) getPayment(t *testing.T, id string) payment {
	t.Helper()
	env := f.c.Call(http.MethodGet, v1+"paymentRequest/"+id, nil)
	apptest.ExpectOK(t, env)
	var p payment
	env.Into(t, &p)
	return p
}

func (f *fixture) owed(t *testing.T) []owed {
	t.Helper()
	env := f.c.Call(http.MethodGet, v1+"paymentRequest/owed", nil)
	apptest.ExpectOK(t, env)
	var o []owed
	env.Into(t, &o)
	return o
}

// 付款申请 against an order paid before its goods (款到发货) and its receipts: a deposit requested, approved and
// paid moves the order from 待付款 to 待收货; a payment on receipt is due the receipt's day, one on terms that
// day plus the order's terms; requests never pass the order's worth; what is owed per supplier follows.
func TestPaymentRequestsAgainstAnOrderAndItsReceiptsOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { paymentRequests(t, apptest.Start(t, apptest.WithDatabase(kind))) })
	}
}

func paymentRequests(t *testing.T, h *apptest.Harness) {
	f := newFixture(t, h, "13700000001", "甲公司")
	body := f.body("CNY", "prepay", pl{f.a, "10", "13", 100})
	body["paymentTerms"], body["termsDays"] = "prepay", 0
	draft := created(t, f.c.Call(http.MethodPost, v1+"purchaseOrder", body))
	request := func(kind, receipt, amount string) apptest.Envelope {
		return f.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": draft, "kind": kind, "receiptId": receipt, "amount": amount, "remark": "定金30%"})
	}
	apptest.Expect(t, request("deposit", "", "300"), 400, "B0001", "只有已审核的采购单可以申请付款")
	for _, step := range []string{"submit", "approve", "place"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/"+step, nil))
	}
	if o := f.get(t, draft); o.StatusName != "待付款" {
		t.Fatalf("placed prepaid order = %+v", o)
	}
	apptest.Expect(t, request("later", "", "300"), 400, "A0400", "请选择付款类型")
	apptest.Expect(t, request("deposit", "", "0"), 400, "A0400", "付款金额必须大于0，最多2位小数")
	apptest.Expect(t, request("deposit", "", "1.234"), 400, "A0400", "付款金额必须大于0，最多2位小数")
	apptest.Expect(t, request("receipt", "", "300"), 400, "A0400", "请选择收货记录")
	apptest.Expect(t, request("receipt", "123", "300"), 400, "A0400", "收货记录不存在")
	apptest.Expect(t, request("deposit", "", "1000.01"), 400, "B0001", "付款金额超过可申请金额 ¥1,000.00")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": "1", "kind": "deposit", "amount": "1"}), 404, "A0404", "采购单不存在")

	env := request("deposit", "", "300")
	deposit := created(t, env)
	p := f.getPayment(t, deposit)
	if !fkNumber.MatchString(p.Number) || p.StatusName != "待审批" || p.KindName != "定金/预付款" || p.Amount != "300.00" ||
		p.Currency != "CNY" || p.SupplierName != "义乌工厂" || p.OrderID != draft || p.Requester != "店主0001" || p.DueDate == "" {
		t.Fatalf("deposit = %+v", p)
	}
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/pay", map[string]string{"account": "招商银行"}), 400, "B0001", "只有待付款的付款申请可以确认付款")
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/approve", nil))
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/approve", nil), 400, "B0001", "只有待审批的付款申请可以审批")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/pay", map[string]string{"account": " "}), 400, "A0400", "请填写付款账户")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/pay", map[string]string{"account": "招商银行", "paidDate": "2999-01-01"}), 400, "A0400", "付款日期不能晚于今天")
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/pay", map[string]string{"account": "招商银行", "paidDate": "1/2/2026"}), 400, "A0400", "付款日期格式不正确，应为yyyy-MM-dd")
	if o := f.owed(t); len(o) != 1 || o[0] != (owed{"义乌工厂", "CNY", "1000.00", "0.00", "0.00", "300.00", "0.00", "1000.00"}) {
		t.Fatalf("owed after approval = %+v", o)
	}
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/pay", map[string]string{"account": "招商银行 6225", "paidDate": "2026-12-01"}))
	if p := f.getPayment(t, deposit); p.StatusName != "已付款" || p.PaidDate != "2026-12-01" || p.Account != "招商银行 6225" || p.Payer != "店主0001" || p.Approver != "店主0001" {
		t.Fatalf("paid = %+v", p)
	}
	apptest.Expect(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+deposit+"/cancel", nil), 400, "B0001", "只有待审批或待付款的付款申请可以作废")
	o := f.get(t, draft)
	if o.StatusName != "待收货" || len(o.Events) != 0 {
		t.Fatalf("the paid order = %+v", o)
	}

	// A receipt of 40, paid on receipt: due that day, at most what is left of the order's worth.
	la := o.lineOf(t, f.a).ID
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/receive", eventBody(f.main, "2026-12-02", "", rl{la, 40})))
	receipt := f.get(t, draft).Events[0]
	var receiptID string
	h.DB.Raw("SELECT CAST(id AS TEXT) FROM purchase_receipts WHERE number = ?", receipt.Number).Scan(&receiptID)
	onReceipt := created(t, request("receipt", receiptID, "400"))
	if p := f.getPayment(t, onReceipt); p.DueDate != "2026-12-02" || p.ReceiptNumber != receipt.Number || p.KindName != "到货款" {
		t.Fatalf("on receipt = %+v", p)
	}
	apptest.Expect(t, request("receipt", receiptID, "300.01"), 400, "B0001", "付款金额超过可申请金额 ¥300.00")
	// Rejected and void requests give their amount back.
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+onReceipt+"/reject", nil))
	if p := f.getPayment(t, onReceipt); p.StatusName != "已驳回" {
		t.Fatalf("rejected = %+v", p)
	}
	again := created(t, request("receipt", receiptID, "700"))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+again+"/cancel", nil))
	if p := f.getPayment(t, again); p.StatusName != "已作废" {
		t.Fatalf("void = %+v", p)
	}
	// Closing short lowers the worth: 40 came, the 60 left will not.
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+draft+"/close", map[string]string{"reason": "只要40"}))
	apptest.Expect(t, request("receipt", receiptID, "100.01"), 400, "B0001", "付款金额超过可申请金额 ¥100.00")
	if o := f.owed(t); len(o) != 1 || o[0] != (owed{"义乌工厂", "CNY", "400.00", "400.00", "300.00", "0.00", "100.00", "100.00"}) {
		t.Fatalf("owed after the close = %+v", o)
	}

	// An order on terms: due 30 days after the receipt.
	terms := f.body("USD", "terms", pl{f.b, "2.5", "", 10})
	terms["termsDays"] = 30
	tid := created(t, f.c.Call(http.MethodPost, v1+"purchaseOrder", terms))
	for _, step := range []string{"submit", "approve", "place"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+tid+"/"+step, nil))
	}
	lb := f.get(t, tid).lineOf(t, f.b).ID
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+tid+"/receive", eventBody(f.main, "2026-11-20", "", rl{lb, 10})))
	var tReceipt string
	h.DB.Raw("SELECT CAST(id AS TEXT) FROM purchase_receipts WHERE number = ?", f.get(t, tid).Events[0].Number).Scan(&tReceipt)
	tp := created(t, f.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": tid, "kind": "terms", "receiptId": tReceipt, "amount": "25"}))
	if p := f.getPayment(t, tp); p.DueDate != "2026-12-20" || p.Currency != "USD" || p.KindName != "账期款" {
		t.Fatalf("on terms = %+v", p)
	}
	if o := f.owed(t); len(o) != 2 || o[1] != (owed{"义乌工厂", "USD", "25.00", "25.00", "0.00", "0.00", "25.00", "25.00"}) {
		t.Fatalf("owed in two currencies = %+v", o)
	}
	// 应付汇总 as a list: paged, and exported as 应付汇总_<date>.xlsx.
	var owedPage page[struct {
		Key, Currency, Owed string
	}]
	env = f.c.Call(http.MethodPost, v1+"paymentRequest/owed/page", map[string]any{"pagesize": 1, "currentpage": 2})
	apptest.ExpectOK(t, env)
	env.Into(t, &owedPage)
	if owedPage.Total != 2 || len(owedPage.Records) != 1 || owedPage.Records[0].Currency != "USD" || owedPage.Records[0].Key == "" {
		t.Fatalf("owed page 2 = %+v", owedPage)
	}
	if resp, raw := f.c.Raw(http.MethodGet, v1+"paymentRequest/owed/export", "", nil); resp.StatusCode != http.StatusOK ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("应付汇总_")) {
		t.Fatalf("owed export: %d %.200s", resp.StatusCode, raw)
	}
	// The order's detail lists its requests; the list finds them by order and state.
	if o := f.get(t, draft); o.Status != purchasedb.OrderCompleted {
		t.Fatalf("order = %+v", o)
	}
	var pg page[payment]
	env = f.c.Call(http.MethodPost, v1+"paymentRequest/page", map[string]any{"orderId": draft, "status": "2"})
	apptest.ExpectOK(t, env)
	env.Into(t, &pg)
	if pg.Total != 1 || pg.Records[0].ID != deposit {
		t.Fatalf("paid requests of the order = %+v", pg)
	}
	// A deposit paid before the order is placed: placing it goes straight to 待收货.
	early := f.body("CNY", "prepay", pl{f.b, "1", "", 10})
	eid := created(t, f.c.Call(http.MethodPost, v1+"purchaseOrder", early))
	for _, step := range []string{"submit", "approve"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+eid+"/"+step, nil))
	}
	ep := created(t, f.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": eid, "kind": "deposit", "amount": "3"}))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+ep+"/approve", nil))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"paymentRequest/"+ep+"/pay", map[string]string{"account": "现金"}))
	apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+eid+"/place", nil))
	if o := f.get(t, eid); o.StatusName != "待收货" {
		t.Fatalf("a prepaid order paid before placing = %+v", o)
	}
	// Another company finds none of it.
	other := newFixture(t, h, "13700000002", "乙公司")
	apptest.Expect(t, other.c.Call(http.MethodGet, v1+"paymentRequest/"+deposit, nil), 404, "A0404", "付款申请不存在")
	apptest.Expect(t, other.c.Call(http.MethodPost, v1+"paymentRequest/"+onReceipt+"/approve", nil), 404, "A0404", "付款申请不存在")
	apptest.Expect(t, other.c.Call(http.MethodPost, v1+"paymentRequest", map[string]any{"orderId": draft, "kind": "deposit", "amount": "1"}), 404, "A0404", "采购单不存在")
	if o := other.owed(t); len(o) != 0 {
		t.Fatalf("乙 sees what 甲 owes: %+v", o)
	}
}

// Who may call the payment routes: the screen reads; 申请付款 requests and voids, 审批付款 approves and rejects,
// 确认付款 pays.
func TestPaymentStepsNeedTheirPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	var warehouse, product int64
	h.DB.Raw("SELECT id FROM warehouses WHERE name = ?", "深圳自有仓").Scan(&warehouse)
	h.DB.Raw("SELECT id FROM local_products WHERE sku = ?", "DEMO-MUG-01").Scan(&product)
	supplier := created(t, admin.Call(http.MethodPost, v1+"supplier", map[string]string{"name": "演示供应商"}))
	order := created(t, admin.Call(http.MethodPost, v1+"purchaseOrder", map[string]any{"supplierId": supplier, "warehouseId": idOf(warehouse),
		"currency": "CNY", "paymentTerms": "receipt", "lines": []map[string]any{{"productId": idOf(product), "quantity": 4, "unitPrice": "8.8"}}}))
	for _, step := range []string{"submit", "approve"} {
		apptest.ExpectOK(t, admin.Call(http.MethodPost, v1+"purchaseOrder/"+order+"/"+step, nil))
	}
	screen := []string{"finance.payment"}
	clerk, _ := h.RestrictedUser("13900000201", screen, []string{"erp:finance:payment:add"})
	approver, _ := h.RestrictedUser("13900000202", screen, []string{"erp:finance:payment:approve"})
	cashier, _ := h.RestrictedUser("13900000203", screen, []string{"erp:finance:payment:pay"})
	stranger, _ := h.RestrictedUser("13900000204", []string{"purchase.orders.list"}, []string{"erp:purchase:add"})
	refused := func(c *apptest.Client, path string, body any) {
		t.Helper()
		apptest.Expect(t, c.Call(http.MethodPost, v1+path, body), http.StatusUnauthorized, "A0301", "访问未授权")
	}
	body := map[string]any{"orderId": order, "kind": "deposit", "amount": "5"}
	refused(stranger, "paymentRequest/page", map[string]any{})
	refused(stranger, "paymentRequest", body)
	refused(approver, "paymentRequest", body)
	apptest.ExpectOK(t, cashier.Call(http.MethodPost, v1+"paymentRequest/page", map[string]any{}))
	apptest.ExpectOK(t, cashier.Call(http.MethodGet, v1+"paymentRequest/owed", nil))
	id := created(t, clerk.Call(http.MethodPost, v1+"paymentRequest", body))
	refused(clerk, "paymentRequest/"+id+"/approve", nil)
	refused(cashier, "paymentRequest/"+id+"/approve", nil)
	apptest.ExpectOK(t, approver.Call(http.MethodPost, v1+"paymentRequest/"+id+"/approve", nil))
	pay := map[string]string{"account": "现金"}
	refused(clerk, "paymentRequest/"+id+"/pay", pay)
	refused(approver, "paymentRequest/"+id+"/pay", pay)
	apptest.ExpectOK(t, cashier.Call(http.MethodPost, v1+"paymentRequest/"+id+"/pay", pay))
	other := created(t, clerk.Call(http.MethodPost, v1+"paymentRequest", body))
	refused(cashier, "paymentRequest/"+other+"/cancel", nil)
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"paymentRequest/"+other+"/cancel", nil))
}
