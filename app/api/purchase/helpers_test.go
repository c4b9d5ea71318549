package purchase_test

import (
	"net/http"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

const v1 = "/erp/api/v1/"

type order struct {
	ID               string  `json:"id"`
	Number           string  `json:"number"`
	SupplierID       string  `json:"supplierId"`
	SupplierName     string  `json:"supplierName"`
	WarehouseID      string  `json:"warehouseId"`
	WarehouseName    string  `json:"warehouseName"`
	Currency         string  `json:"currency"`
	PaymentTerms     string  `json:"paymentTerms"`
	PaymentTermsName string  `json:"paymentTermsName"`
	TermsDays        int     `json:"termsDays"`
	ExpectedDate     string  `json:"expectedDate"`
	Status           int     `json:"status"`
	StatusName       string  `json:"statusName"`
	Remark           string  `json:"remark"`
	CloseReason      string  `json:"closeReason"`
	Creator          string  `json:"creator"`
	Approver         string  `json:"approver"`
	LineCount        int     `json:"lineCount"`
	TotalQuantity    int     `json:"totalQuantity"`
	TotalReceived    int     `json:"totalReceived"`
	TotalReturned    int     `json:"totalReturned"`
	TotalClosed      int     `json:"totalClosed"`
	TotalAmount      string  `json:"totalAmount"`
	CreatedAt        string  `json:"createdAt"`
	SubmittedAt      string  `json:"submittedAt"`
	ApprovedAt       string  `json:"approvedAt"`
	OrderedAt        string  `json:"orderedAt"`
	CompletedAt      string  `json:"completedAt"`
	CancelledAt      string  `json:"cancelledAt"`
	Lines            []oline `json:"lines"`
	Events           []event `json:"events"`
}

type oline struct {
	ID          string `json:"id"`
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	Quantity    int    `json:"quantity"`
	UnitPrice   string `json:"unitPrice"`
	TaxRate     string `json:"taxRate"`
	Amount      string `json:"amount"`
	Tax         string `json:"tax"`
	Received    int    `json:"received"`
	Returned    int    `json:"returned"`
	Closed      int    `json:"closed"`
	Outstanding int    `json:"outstanding"`
	Remark      string `json:"remark"`
}

type event struct {
	Number        string `json:"number"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	WarehouseName string `json:"warehouseName"`
	Date          string `json:"date"`
	Remark        string `json:"remark"`
	Operator      string `json:"operator"`
	TotalQuantity int    `json:"totalQuantity"`
	Lines         []struct {
		SKU      string `json:"sku"`
		Quantity int    `json:"quantity"`
		UnitCost string `json:"unitCost"`
	} `json:"lines"`
}

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
}

// fixture is a company with a supplier, two own warehouses and two products.
type fixture struct {
	h                *apptest.Harness
	c                *apptest.Client
	account          string
	companyID        int64
	supplier         string
	main, other      string // warehouses
	a, b             string // products
	aID, bID, mainID int64
	otherID          int64
}

func newFixture(t *testing.T, h *apptest.Harness, account, company string) *fixture {
	t.Helper()
	dumpErrors(t, h)
	c := h.SignedIn(account, company)
	f := &fixture{h: h, c: c, account: account}
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	f.companyID = u.CompanyID
	f.supplier = created(t, c.Call(http.MethodPost, v1+"supplier", map[string]string{"name": "义乌工厂", "contact": "王经理", "phone": "13800000000", "address": "浙江义乌"}))
	f.main = created(t, c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "深圳仓", "kind": "own"}))
	f.other = created(t, c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "东莞仓", "kind": "own"}))
	f.mainID, _ = strconv.ParseInt(f.main, 10, 64)
	f.otherID, _ = strconv.ParseInt(f.other, 10, 64)
	f.aID, f.a = f.product(t, "A-1")
	f.bID, f.b = f.product(t, "B-2")
	return f
}

func (f *fixture) product(t *testing.T, sku string) (int64, string) {
	t.Helper()
	p := &catalogdb.LocalProduct{CompanyID: f.companyID, SKU: sku, Name: "产品" + sku, Image: "/uploads/" + sku + ".png",
		Kind: catalogdb.ProductKindProduct}
	if err := f.h.DB.Create(p).Error; err != nil {
		t.Fatal(err)
	}
	return p.ID, strconv.FormatInt(p.ID, 10)
}

func created(t *testing.T, env apptest.Envelope) string {
	t.Helper()
	apptest.ExpectOK(t, env)
	var v struct{ ID string }
	env.Into(t, &v)
	return v.ID
}

type pl struct {
	product, price, tax string
	quantity            int
}

func (f *fixture) body(currency, terms string, lines ...pl) map[string]any {
	ls := make([]map[string]any, len(lines))
	for i, l := range lines {
		ls[i] = map[string]any{"productId": l.product, "quantity": l.quantity, "unitPrice": l.price, "taxRate": l.tax}
	}
	return map[string]any{"supplierId": f.supplier, "warehouseId": f.main, "currency": currency, "paymentTerms": terms,
		"expectedDate": "2026-12-20", "remark": "首批备货", "lines": ls}
}

// create makes a draft and answers its id and number.
func (f *fixture) create(t *testing.T, currency, terms string, lines ...pl) (string, string) {
	t.Helper()
	env := f.c.Call(http.MethodPost, v1+"purchaseOrder", f.body(currency, terms, lines...))
	apptest.ExpectOK(t, env)
	var v struct{ ID, Number string }
	env.Into(t, &v)
	return v.ID, v.Number
}

// ordered makes an order and takes it to 待收货 (submitted, approved, placed).
func (f *fixture) ordered(t *testing.T, lines ...pl) string {
	t.Helper()
	id, _ := f.create(t, "CNY", "receipt", lines...)
	for _, step := range []string{"submit", "approve", "place"} {
		apptest.ExpectOK(t, f.c.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/"+step, nil))
	}
	return id
}

func (f *fixture) get(t *testing.T, id string) order {
	t.Helper()
	env := f.c.Call(http.MethodGet, v1+"purchaseOrder/"+id, nil)
	apptest.ExpectOK(t, env)
	var o order
	env.Into(t, &o)
	return o
}

// lineOf answers the order's line of a product.
func (o order) lineOf(t *testing.T, product string) oline {
	t.Helper()
	for _, l := range o.Lines {
		if l.ProductID == product {
			return l
		}
	}
	t.Fatalf("order %s has no line of %s", o.Number, product)
	return oline{}
}

type rl struct {
	line     string
	quantity int
}

func eventBody(warehouse, date, remark string, lines ...rl) map[string]any {
	ls := make([]map[string]any, len(lines))
	for i, l := range lines {
		ls[i] = map[string]any{"lineId": l.line, "quantity": l.quantity}
	}
	return map[string]any{"warehouseId": warehouse, "date": date, "remark": remark, "lines": ls}
}

// stock reads a product's quantities in a warehouse and checks them against the ledger: each quantity is the sum
// of its ledger changes, and none is below zero.
func (f *fixture) stock(t *testing.T, warehouse, product int64) stockdb.Stock {
	t.Helper()
	s, err := stockdb.StockOf(f.h.DB, f.companyID, warehouse, product)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct{ In, Ful, Out int }
	f.h.DB.Raw("SELECT COALESCE(SUM(inbound_change), 0) AS \"in\", COALESCE(SUM(fulfillable_change), 0) AS ful, "+
		"COALESCE(SUM(outbound_change), 0) AS \"out\" FROM stock_ledger WHERE warehouse_id = ? AND product_id = ?",
		warehouse, product).Scan(&sum)
	if sum.In != s.Inbound || sum.Ful != s.Fulfillable || sum.Out != s.Outbound {
		t.Fatalf("stock %d/%d/%d differs from the ledger's sums %d/%d/%d", s.Inbound, s.Fulfillable, s.Outbound, sum.In, sum.Ful, sum.Out)
	}
	if s.Inbound < 0 || s.Fulfillable < 0 || s.Outbound < 0 {
		t.Fatalf("negative stock %+v", s)
	}
	return s
}

func (f *fixture) wantStock(t *testing.T, warehouse, product int64, inbound, fulfillable int) {
	t.Helper()
	if s := f.stock(t, warehouse, product); s.Inbound != inbound || s.Fulfillable != fulfillable || s.Outbound != 0 {
		t.Fatalf("stock = %d 待入库 / %d 可用 / %d 待出库, want %d / %d / 0", s.Inbound, s.Fulfillable, s.Outbound, inbound, fulfillable)
	}
}

func idOf(n int64) string { return strconv.FormatInt(n, 10) }
