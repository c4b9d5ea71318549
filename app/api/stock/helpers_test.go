package stock_test

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
)

const v1 = "/erp/api/v1/"

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	digits   = regexp.MustCompile(`^\d+$`)
	rkNumber = regexp.MustCompile(`^RK\d{8}-\d{4}$`)
	ckNumber = regexp.MustCompile(`^CK\d{8}-\d{4}$`)
)

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Size    int   `json:"size"`
	Current int   `json:"current"`
	Pages   int64 `json:"pages"`
}

type warehouse struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	Address       string `json:"address"`
	AllowNegative bool   `json:"allowNegative"`
	Stocktaking   bool   `json:"stocktaking"`
	Disabled      bool   `json:"disabled"`
	Remark        string `json:"remark"`
	CreatedAt     string `json:"createdAt"`
	UpdatedAt     string `json:"updatedAt"`
}

type stock struct {
	ID            string `json:"id"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	Image         string `json:"image"`
	Inbound       int    `json:"inbound"`
	Fulfillable   int    `json:"fulfillable"`
	Outbound      int    `json:"outbound"`
	UpdatedAt     string `json:"updatedAt"`
}

type ledgerLine struct {
	ID                string `json:"id"`
	CreatedAt         string `json:"createdAt"`
	WarehouseName     string `json:"warehouseName"`
	SKU               string `json:"sku"`
	ProductName       string `json:"productName"`
	DocType           string `json:"docType"`
	DocTypeName       string `json:"docTypeName"`
	DocNumber         string `json:"docNumber"`
	InboundBefore     int    `json:"inboundBefore"`
	InboundChange     int    `json:"inboundChange"`
	InboundAfter      int    `json:"inboundAfter"`
	FulfillableBefore int    `json:"fulfillableBefore"`
	FulfillableChange int    `json:"fulfillableChange"`
	FulfillableAfter  int    `json:"fulfillableAfter"`
	OutboundBefore    int    `json:"outboundBefore"`
	OutboundChange    int    `json:"outboundChange"`
	OutboundAfter     int    `json:"outboundAfter"`
	Operator          string `json:"operator"`
}

type docLine struct {
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Name      string `json:"name"`
	Image     string `json:"image"`
	Quantity  int    `json:"quantity"`
	Remark    string `json:"remark"`
}

type document struct {
	ID            string    `json:"id"`
	Number        string    `json:"number"`
	Kind          string    `json:"kind"`
	WarehouseID   string    `json:"warehouseId"`
	WarehouseName string    `json:"warehouseName"`
	Status        int       `json:"status"`
	StatusName    string    `json:"statusName"`
	Remark        string    `json:"remark"`
	Creator       string    `json:"creator"`
	Approver      string    `json:"approver"`
	LineCount     int       `json:"lineCount"`
	TotalQuantity int       `json:"totalQuantity"`
	CreatedAt     string    `json:"createdAt"`
	SubmittedAt   string    `json:"submittedAt"`
	ApprovedAt    string    `json:"approvedAt"`
	CancelledAt   string    `json:"cancelledAt"`
	Lines         []docLine `json:"lines"`
}

func createWarehouse(t *testing.T, c *apptest.Client, name string, extra map[string]any) warehouse {
	t.Helper()
	body := map[string]any{"name": name, "kind": "own", "address": "深圳市宝安区", "remark": "备注" + name}
	for k, v := range extra {
		body[k] = v
	}
	env := c.Call(http.MethodPost, v1+"warehouse", body)
	apptest.ExpectOK(t, env)
	var w warehouse
	env.Into(t, &w)
	return w
}

// product creates a local product straight in the database: the products screens are another module's.
func product(t *testing.T, h *apptest.Harness, account, sku string) string {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	p := &catalogdb.LocalProduct{CompanyID: u.CompanyID, SKU: sku, Name: "产品" + sku, Image: "/uploads/" + sku + ".png",
		Kind: catalogdb.ProductKindProduct}
	if err := h.DB.Create(p).Error; err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(p.ID, 10)
}

type line struct {
	product  string
	quantity int
}

// createDoc creates a draft document of kind (inbound or outbound) and answers its id and number.
func createDoc(t *testing.T, c *apptest.Client, kind, warehouseID string, lines ...line) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+kind, docBody(warehouseID, lines...))
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

func docBody(warehouseID string, lines ...line) map[string]any {
	ls := make([]map[string]any, len(lines))
	for i, l := range lines {
		ls[i] = map[string]any{"productId": l.product, "quantity": l.quantity}
	}
	return map[string]any{"warehouseId": warehouseID, "remark": "测试单据", "lines": ls}
}

// approvedDoc creates, submits and approves a document.
func approvedDoc(t *testing.T, c *apptest.Client, kind, warehouseID string, lines ...line) (string, string) {
	t.Helper()
	id, number := createDoc(t, c, kind, warehouseID, lines...)
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+kind+"/"+id+"/submit", nil))
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+kind+"/"+id+"/approve", nil))
	return id, number
}

func getDoc(t *testing.T, c *apptest.Client, kind, id string) document {
	t.Helper()
	env := c.Call(http.MethodGet, v1+kind+"/"+id, nil)
	apptest.ExpectOK(t, env)
	var d document
	env.Into(t, &d)
	return d
}

func list[T any](t *testing.T, c *apptest.Client, path string, body map[string]any) page[T] {
	t.Helper()
	env := c.Call(http.MethodPost, v1+path, body)
	apptest.ExpectOK(t, env)
	var p page[T]
	env.Into(t, &p)
	if p.Records == nil {
		t.Fatalf("%s: records is null in %s", path, env.Data)
	}
	return p
}

// stockOf answers the fulfillable, inbound and outbound stock of the product in the warehouse (zeros when it has
// no stock row).
func stockOf(t *testing.T, c *apptest.Client, warehouseID, productID string) (fulfillable, inbound, outbound int) {
	t.Helper()
	for _, s := range list[stock](t, c, "stock/page", map[string]any{"warehouseId": warehouseID, "pagesize": 100}).Records {
		if s.ProductID == productID {
			return s.Fulfillable, s.Inbound, s.Outbound
		}
	}
	return 0, 0, 0
}

func wantFulfillable(t *testing.T, c *apptest.Client, warehouseID, productID string, want int) {
	t.Helper()
	if got, in, out := stockOf(t, c, warehouseID, productID); got != want || in != 0 || out != 0 {
		t.Fatalf("stock of %s = %d/%d/%d (fulfillable/inbound/outbound), want %d/0/0", productID, got, in, out, want)
	}
}
