package stock_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

var pdNumber = regexp.MustCompile(`^PD\d{8}-\d{4}$`)

type stocktakeLine struct {
	ProductID  string `json:"productId"`
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	Book       *int   `json:"book"`
	Counted    *int   `json:"counted"`
	Difference *int   `json:"difference"`
	UnitCost   string `json:"unitCost"`
	Amount     string `json:"amount"`
}

type stocktake struct {
	ID            string          `json:"id"`
	Number        string          `json:"number"`
	WarehouseID   string          `json:"warehouseId"`
	WarehouseName string          `json:"warehouseName"`
	Scope         string          `json:"scope"`
	ScopeName     string          `json:"scopeName"`
	Status        int             `json:"status"`
	StatusName    string          `json:"statusName"`
	Creator       string          `json:"creator"`
	Poster        string          `json:"poster"`
	LineCount     int             `json:"lineCount"`
	CountedCount  int             `json:"countedCount"`
	SurplusUnits  int             `json:"surplusUnits"`
	LossUnits     int             `json:"lossUnits"`
	SurplusValue  string          `json:"surplusValue"`
	LossValue     string          `json:"lossValue"`
	StartedAt     string          `json:"startedAt"`
	PostedAt      string          `json:"postedAt"`
	CancelledAt   string          `json:"cancelledAt"`
	Lines         []stocktakeLine `json:"lines"`
}

func createStocktake(t *testing.T, c *apptest.Client, warehouseID, scope string, products ...string) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"stocktake", map[string]any{"warehouseId": warehouseID, "scope": scope,
		"productIds": products, "remark": "月末盘点"})
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

func getStocktake(t *testing.T, c *apptest.Client, id string) stocktake {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"stocktake/"+id, nil)
	apptest.ExpectOK(t, env)
	var s stocktake
	env.Into(t, &s)
	return s
}

func lineOf(s stocktake, sku string) stocktakeLine {
	for _, l := range s.Lines {
		if l.SKU == sku {
			return l
		}
	}
	return stocktakeLine{}
}

func n(v *int) string {
	if v == nil {
		return "nil"
	}
	return strconv.Itoa(*v)
}

// setCost gives a product a 采购成本 from the beginning.
func setCost(t *testing.T, h *apptest.Harness, account, productID, cost string) {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := strconv.ParseInt(productID, 10, 64)
	c := &catalogdb.ProductCost{CompanyID: u.CompanyID, ProductID: id, EffectiveFrom: catalogdb.CostsBeginning,
		UnitCost: decimal.NewNullDecimal(decimal.RequireFromString(cost))}
	if err := h.DB.Create(c).Error; err != nil {
		t.Fatal(err)
	}
}

// ledgerAgrees checks that every stock row's quantities are the sums of its ledger lines and none is negative.
func ledgerAgrees(t *testing.T, h *apptest.Harness) {
	t.Helper()
	var rows []struct {
		ProductID                               int64
		Inbound, Fulfillable, Outbound          int
		SumInbound, SumFulfillable, SumOutbound int
	}
	err := h.DB.Raw(`SELECT s.product_id, s.inbound, s.fulfillable, s.outbound,
		COALESCE((SELECT SUM(l.inbound_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0) AS sum_inbound,
		COALESCE((SELECT SUM(l.fulfillable_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0) AS sum_fulfillable,
		COALESCE((SELECT SUM(l.outbound_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0) AS sum_outbound
		FROM stocks s`).Scan(&rows).Error
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Inbound != r.SumInbound || r.Fulfillable != r.SumFulfillable || r.Outbound != r.SumOutbound ||
			r.Inbound < 0 || r.Fulfillable < 0 || r.Outbound < 0 {
			t.Fatalf("stock of product %d disagrees with its ledger: %+v", r.ProductID, r)
		}
	}
}

// A stocktake of some products: starting it records the book quantities and freezes those products (every other
// movement of them is refused naming the stocktake, other products still move); counts are typed and scanned;
// posting moves counted − book as one document valued at cost and unfreezes; cancelling it moves the difference
// back. On every database.
func TestAStocktakeOfSomeProductsFreezesCountsAndPosts(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			z := product(t, h, "13700000001", "Z-9")
			setCost(t, h, "13700000001", a, "12.5")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10}, line{b, 5})

			id, number := createStocktake(t, c, w.ID, "products", a, z)
			if !pdNumber.MatchString(number) {
				t.Fatalf("number = %q", number)
			}
			s := getStocktake(t, c, id)
			if s.Status != stockdb.StocktakeDraft || s.StatusName != "待提交" || s.ScopeName != "指定产品" || s.LineCount != 2 ||
				s.Creator != "店主0001" || s.WarehouseName != "深圳仓" || lineOf(s, "A-1").Book != nil {
				t.Fatalf("draft = %+v", s)
			}
			// A draft freezes nothing and takes no counts.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "A-1"}), 400, "B0001", "只有盘点中的盘点单可以录入盘点数量")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil), 400, "B0001", "只有盘点中的盘点单可以过账")
			// Editable until started.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id, map[string]any{"warehouseId": w.ID, "scope": "products", "productIds": []string{a}}))
			if s := getStocktake(t, c, id); s.LineCount != 1 {
				t.Fatalf("edited = %+v", s)
			}

			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil), 400, "B0001", "只有待提交的盘点单可以开始盘点")
			apptest.Expect(t, c.Call(http.MethodPut, v1+"stocktake/"+id, map[string]any{"warehouseId": w.ID, "scope": "products", "productIds": []string{a}}), 400, "B0001", "盘点单已开始盘点，不能再编辑")
			s = getStocktake(t, c, id)
			if s.Status != stockdb.StocktakeCounting || s.StatusName != "盘点中" || !dateTime.MatchString(s.StartedAt) || n(lineOf(s, "A-1").Book) != "10" {
				t.Fatalf("started = %+v", s)
			}
			// A is frozen: an outbound approval of it is refused with the stocktake's number; B still moves.
			out, _ := createDoc(t, c, "outbound", w.ID, line{b, 1}, line{a, 2})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil), 400, "B0001",
				"SKU A-1 正在盘点（盘点单 "+number+"），盘点结束前不能出入库")
			approvedDoc(t, c, "outbound", w.ID, line{b, 1})
			wantFulfillable(t, c, w.ID, b, 4)
			// Another stocktake of A is refused, naming this one.
			other, _ := createStocktake(t, c, w.ID, "products", b, a)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+other+"/start", nil), 400, "B0001", "SKU A-1 正在盘点单 "+number+" 中盘点，不能重复盘点")
			if s := getStocktake(t, c, other); s.Status != stockdb.StocktakeDraft {
				t.Fatalf("refused start = %+v", s)
			}
			// B is not on this sheet: scanning it is refused.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "B-2"}), 400, "B0001", "SKU B-2 不在本盘点单中")

			// Counted: typed 6, then 2 scans (case ignored) make 8. 8 − 10: a loss of 2 at 12.50.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": 6}}}))
			for range 2 {
				env := c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "a-1"})
				apptest.ExpectOK(t, env)
			}
			env := c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "A-1", "quantity": 0})
			apptest.ExpectOK(t, env)
			var scanned struct {
				SKU           string
				Book, Counted int
			}
			env.Into(t, &scanned)
			if scanned.SKU != "A-1" || scanned.Book != 10 || scanned.Counted != 9 {
				t.Fatalf("scanned = %+v", scanned)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": 8}}}))
			s = getStocktake(t, c, id)
			if l := lineOf(s, "A-1"); n(l.Counted) != "8" || n(l.Difference) != "-2" || s.CountedCount != 1 || s.LossUnits != 2 || s.SurplusUnits != 0 {
				t.Fatalf("counted = %+v", s)
			}
			wantFulfillable(t, c, w.ID, a, 10)

			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil), 400, "B0001", "只有盘点中的盘点单可以过账")
			wantFulfillable(t, c, w.ID, a, 8)
			s = getStocktake(t, c, id)
			if s.Status != stockdb.StocktakePosted || s.StatusName != "已完成" || s.Poster != "店主0001" || !dateTime.MatchString(s.PostedAt) ||
				s.LossValue != "25.00" || s.SurplusValue != "" || lineOf(s, "A-1").UnitCost != "12.50" || lineOf(s, "A-1").Amount != "-25.00" {
				t.Fatalf("posted = %+v", s)
			}
			p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number})
			if p.Total != 1 || p.Records[0].DocTypeName != "盘点单" || p.Records[0].FulfillableBefore != 10 || p.Records[0].FulfillableChange != -2 {
				t.Fatalf("ledger = %+v", p.Records)
			}
			// Unfrozen: the refused outbound document now goes.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil))
			wantFulfillable(t, c, w.ID, a, 6)
			// Cancelling the posted stocktake gives the 2 back.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/cancel", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/cancel", nil), 400, "B0001", "盘点单已作废")
			wantFulfillable(t, c, w.ID, a, 8)
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number}); p.Total != 2 || p.Records[0].DocTypeName != "盘点单作废" {
				t.Fatalf("ledger after cancel = %+v", p.Records)
			}
			ledgerAgrees(t, h)
		})
	}
}

// A whole warehouse's stocktake: every product of the warehouse is frozen (a product first moved there too), the
// sheet holds the products in stock, a scanned product not on it (by its listing's FNSKU) joins with its book,
// posting moves surplus and loss and unfreezes the warehouse; a count-in-progress stocktake cancelled moves nothing.
func TestAWholeWarehouseIsCountedByScanning(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			fresh := product(t, h, "13700000001", "C-3")
			setCost(t, h, "13700000001", b, "3.3")
			u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
			freshID, _ := strconv.ParseInt(fresh, 10, 64)
			group := &storesdb.StoreGroup{CompanyID: u.CompanyID, Name: "欧美店"}
			if err := h.DB.Create(group).Error; err != nil {
				t.Fatal(err)
			}
			if err := h.DB.Create(&catalogdb.Listing{CompanyID: u.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: "MY-C3", FNSKU: "X00C3FNSKU", ProductID: &freshID}).Error; err != nil {
				t.Fatal(err)
			}
			approvedDoc(t, c, "inbound", w.ID, line{a, 3}, line{b, 2})

			id, number := createStocktake(t, c, w.ID, "warehouse")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
			s := getStocktake(t, c, id)
			if s.LineCount != 2 || n(lineOf(s, "A-1").Book) != "3" || n(lineOf(s, "B-2").Book) != "2" || s.ScopeName != "整仓盘点" {
				t.Fatalf("sheet = %+v", s)
			}
			// Every product of the warehouse is frozen, one never moved there too.
			in, _ := createDoc(t, c, "inbound", w.ID, line{fresh, 1})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil), 400, "B0001", "SKU C-3 正在盘点（盘点单 "+number+"），盘点结束前不能出入库")
			if env := list[warehouse](t, c, "warehouse/page", nil); !env.Records[0].Stocktaking {
				t.Fatalf("warehouse = %+v", env.Records[0])
			}
			// A second stocktake of the warehouse is refused.
			twice, _ := createStocktake(t, c, w.ID, "products", a)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+twice+"/start", nil), 400, "B0001", "仓库正在盘点（盘点单 "+number+"），不能重复盘点")

			// Scanned: A three times, B never, C by its FNSKU twice (it joins the sheet with its book 0).
			for _, code := range []string{"A-1", "A-1", "A-1", "X00C3FNSKU", "x00c3fnsku"} {
				apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": code}))
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "NOPE"}), 400, "A0400", "条码 NOPE 找不到产品（可扫描SKU或已配对Listing的FNSKU）")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "  "}), 400, "A0400", "请扫描或输入条码")
			// B counted 0 by hand: a loss of 2 at 3.30.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": b, "counted": 0}}}))
			s = getStocktake(t, c, id)
			if s.LineCount != 3 || n(lineOf(s, "C-3").Book) != "0" || n(lineOf(s, "C-3").Counted) != "2" || s.SurplusUnits != 2 || s.LossUnits != 2 {
				t.Fatalf("counted = %+v", s)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil))
			wantFulfillable(t, c, w.ID, a, 3)
			wantFulfillable(t, c, w.ID, b, 0)
			wantFulfillable(t, c, w.ID, fresh, 2)
			if s := getStocktake(t, c, id); s.LossValue != "6.60" || s.SurplusValue != "" {
				t.Fatalf("values = %+v", s)
			}
			if env := list[warehouse](t, c, "warehouse/page", nil); env.Records[0].Stocktaking {
				t.Fatalf("warehouse still frozen = %+v", env.Records[0])
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil))
			wantFulfillable(t, c, w.ID, fresh, 3)

			// Started then cancelled: unfrozen, nothing moved.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+twice+"/start", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+twice+"/scan", map[string]any{"code": "A-1"}))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+twice+"/cancel", nil))
			wantFulfillable(t, c, w.ID, a, 3)
			approvedDoc(t, c, "outbound", w.ID, line{a, 1})
			wantFulfillable(t, c, w.ID, a, 2)
			ledgerAgrees(t, h)
		})
	}
}

// Counts imported from the template: every row or none, each wrong cell named.
func TestCountsAreImportedFromASheet(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	b := product(t, h, "13700000001", "B-2")
	product(t, h, "13700000001", "C-3")
	approvedDoc(t, c, "inbound", w.ID, line{a, 3}, line{b, 2})
	id, _ := createStocktake(t, c, w.ID, "products", a, b)

	resp, body := c.Raw(http.MethodGet, v1+"stocktake/countTemplate", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("template: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if rows, _ := f.GetRows(f.GetSheetName(0)); len(rows) == 0 || rows[0][0] != "SKU*" || rows[0][1] != "盘点数量*" {
		t.Fatalf("template rows = %v", rows)
	}

	sheet := func(rows ...[]any) []byte {
		f := excelize.NewFile()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"SKU*", "盘点数量*"})
		for i, r := range rows {
			_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+2), &r)
		}
		var buf bytes.Buffer
		_ = f.Write(&buf)
		return buf.Bytes()
	}
	upload := func(data []byte) apptest.Envelope {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		part, _ := mw.CreateFormFile("file", "盘点.xlsx")
		part.Write(data)
		mw.Close()
		resp, raw := c.Raw(http.MethodPost, v1+"stocktake/"+id+"/import", mw.FormDataContentType(), &body)
		env := apptest.Envelope{Status: resp.StatusCode}
		if err := json.Unmarshal(raw, &env); err != nil {
			t.Fatalf("import answer %s: %v", raw, err)
		}
		return env
	}
	apptest.Expect(t, upload(sheet([]any{"A-1", 4})), 400, "B0001", "只有盘点中的盘点单可以录入盘点数量")
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
	apptest.Expect(t, upload(sheet([]any{"A-1", 4}, []any{"C-3", 1}, []any{"D-4", 1}, []any{"B-2", "x"}, []any{"A-1", 2})), 400, "A0400",
		"导入失败，共4行4处有误，未录入任何盘点数量：第3行 SKU：SKU C-3 不在本盘点单中；第4行 SKU：SKU“D-4”不存在；第5行 盘点数量“x”：盘点数量必须为0到1000000的整数；第6行 SKU“A-1”：与第2行重复")
	if s := getStocktake(t, c, id); s.CountedCount != 0 {
		t.Fatalf("a refused import counted %+v", s)
	}
	apptest.Expect(t, upload([]byte("not a workbook")), 400, "A0400", "文件格式不正确，请使用导入模板（.xlsx）")
	apptest.Expect(t, upload(sheet()), 400, "A0400", "文件中没有盘点数量")
	env := upload(sheet([]any{"A-1", 4}, []any{"B-2", 0}))
	apptest.ExpectOK(t, env)
	if s := getStocktake(t, c, id); n(lineOf(s, "A-1").Counted) != "4" || n(lineOf(s, "B-2").Counted) != "0" {
		t.Fatalf("imported = %+v", s)
	}
}

// Bad input is refused with its message and changes nothing.
func TestStocktakeInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"scope": "warehouse"}, "请选择仓库"},
		{map[string]any{"warehouseId": "x", "scope": "warehouse"}, "仓库不存在"},
		{map[string]any{"warehouseId": "123", "scope": "warehouse"}, "仓库不存在"},
		{map[string]any{"warehouseId": w.ID, "scope": "shelf"}, "请选择盘点范围"},
		{map[string]any{"warehouseId": w.ID, "scope": "products"}, "请添加产品"},
		{map[string]any{"warehouseId": w.ID, "scope": "products", "productIds": []string{a, a}}, "第2行：产品重复"},
		{map[string]any{"warehouseId": w.ID, "scope": "products", "productIds": []string{"9"}}, "第1行：产品不存在"},
		{map[string]any{"warehouseId": w.ID, "scope": "products", "productIds": []string{a}, "remark": strings.Repeat("长", 501)}, "备注不能超过500个字符"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake", tc.body), 400, "A0400", tc.msg)
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"warehouse/"+w.ID+"/disable", nil))
	apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake", map[string]any{"warehouseId": w.ID, "scope": "warehouse"}), 400, "B0001", "仓库已停用，不能新建单据")
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"warehouse/"+w.ID+"/enable", nil))

	id, _ := createStocktake(t, c, w.ID, "products", a)
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
	apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil), 400, "B0001", "还没有录入任何盘点数量，不能过账")
	for _, tc := range []struct {
		lines []map[string]any
		msg   string
	}{
		{nil, "请添加产品"},
		{[]map[string]any{{"productId": a, "counted": -1}}, "第1行：盘点数量必须为0到1000000的整数"},
		{[]map[string]any{{"productId": a, "counted": 1000001}}, "第1行：盘点数量必须为0到1000000的整数"},
		{[]map[string]any{{"productId": "x", "counted": 1}}, "第1行：产品不存在"},
	} {
		apptest.Expect(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": tc.lines}), 400, "A0400", tc.msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "A-1", "quantity": -1}), 400, "A0400", "扫描数量必须为1到1000000的整数")
	// A count set, then forgotten (null).
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": 1}}}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": nil}}}))
	if s := getStocktake(t, c, id); s.CountedCount != 0 || lineOf(s, "A-1").Counted != nil {
		t.Fatalf("forgotten = %+v", s)
	}
	for _, call := range []string{"GET stocktake/1", "GET stocktake/x", "POST stocktake/1/start", "POST stocktake/1/post", "POST stocktake/1/cancel", "POST stocktake/1/scan"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{"code": "A-1"}), 404, "A0404", "盘点单不存在")
	}
	// Another company sees none of it.
	other := h.SignedIn("13700000002", "乙公司")
	apptest.Expect(t, other.Call(http.MethodGet, v1+"stocktake/"+id, nil), 404, "A0404", "盘点单不存在")
	if p := list[stocktake](t, other, "stocktake/page", nil); p.Total != 0 {
		t.Fatalf("other company sees %d", p.Total)
	}
	if p := list[stocktake](t, c, "stocktake/page", map[string]any{"status": "1"}); p.Total != 1 || p.Records[0].ID != id {
		t.Fatalf("by status = %+v", p)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake/page", map[string]any{"status": "9"}), 400, "A0400", "单据状态不正确")
}

// Who may call what: the screen reads, each button permission opens its own calls.
func TestStocktakeCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	w := createWarehouse(t, admin, "深圳仓", nil)
	p := product(t, h, apptest.AdminAccount, "A-1")
	id, _ := createStocktake(t, admin, w.ID, "products", p)

	anon := h.Client()
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"warehouse.stocktake"}, nil)
	writes := []string{"POST stocktake", "PUT stocktake/" + id, "POST stocktake/" + id + "/start", "PUT stocktake/" + id + "/counts",
		"POST stocktake/" + id + "/scan", "POST stocktake/" + id + "/post", "POST stocktake/" + id + "/cancel", "GET stocktake/countTemplate"}
	for _, call := range append([]string{"POST stocktake/page", "GET stocktake/" + id, "GET stocktake/export"}, writes...) {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[stocktake](t, reader, "stocktake/page", nil)
	getStocktake(t, reader, id)
	for _, call := range writes {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	clerk, _ := h.RestrictedUser("13900000003", []string{"warehouse.stocktake"}, []string{"erp:wh:stocktake:add"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"stocktake/"+id+"/scan", map[string]any{"code": "A-1"}))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil), 401, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"stocktake/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	poster, _ := h.RestrictedUser("13900000004", []string{"warehouse.stocktake"}, []string{"erp:wh:stocktake:approve"})
	apptest.ExpectOK(t, poster.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil))
	canceller, _ := h.RestrictedUser("13900000005", []string{"warehouse.stocktake"}, []string{"erp:wh:stocktake:cancel"})
	apptest.ExpectOK(t, canceller.Call(http.MethodPost, v1+"stocktake/"+id+"/cancel", nil))
	if s := getStocktake(t, reader, id); s.Poster != "员工0004" || s.Status != stockdb.StocktakeCancelled {
		t.Fatalf("guarded = %+v", s)
	}
}

// Stocktake postings, outbound approvals and stocktake starts on the same products at once: every quantity stays
// its ledger's sum and never goes below zero, and each outbound document either moved before the freeze, after
// the posting, or was refused naming the stocktake.
func TestConcurrentStocktakesAndOutboundApprovals(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", w.ID, line{a, 40}, line{b, 40})
			for round := range 3 {
				take, number := createStocktake(t, c, w.ID, "products", a, b)
				var outs []string
				for range 6 {
					id, _ := createDoc(t, c, "outbound", w.ID, line{a, 1}, line{b, 1})
					apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+id+"/submit", nil))
					outs = append(outs, id)
				}
				var wg sync.WaitGroup
				var mu sync.Mutex
				var refusals []string
				run := func(path string) {
					defer wg.Done()
					env := c.Call(http.MethodPost, v1+path, nil)
					if env.Code != "201" {
						mu.Lock()
						refusals = append(refusals, path+": "+env.Msg)
						mu.Unlock()
					}
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					wg.Add(1)
					run("stocktake/" + take + "/start")
					apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+take+"/counts", map[string]any{"lines": []map[string]any{
						{"productId": a, "counted": 30 - round}, {"productId": b, "counted": 25}}}))
					wg.Add(1)
					run("stocktake/" + take + "/post")
				}()
				for _, id := range outs {
					wg.Add(1)
					go run("outbound/" + id + "/approve")
				}
				wg.Wait()
				for _, r := range refusals {
					if !strings.Contains(r, "正在盘点（盘点单 "+number+"）") {
						t.Fatalf("round %d refusal: %s", round, r)
					}
				}
				ledgerAgrees(t, h)
				// Right after the posting the counts stand, less the outbound documents approved after it.
				s := getStocktake(t, c, take)
				if s.Status != stockdb.StocktakePosted {
					t.Fatalf("round %d stocktake = %+v", round, s)
				}
			}
		})
	}
}

// A count that matches the book everywhere posts with nothing to move: 已完成, no ledger line, unfrozen.
func TestAStocktakeWithoutDifferencesPostsNothing(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	approvedDoc(t, c, "inbound", w.ID, line{a, 2})
	id, number := createStocktake(t, c, w.ID, "products", a)
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/start", nil))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+id+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": 2}}}))
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+id+"/post", nil))
	if s := getStocktake(t, c, id); s.Status != stockdb.StocktakePosted || s.SurplusUnits != 0 || s.LossUnits != 0 {
		t.Fatalf("posted = %+v", s)
	}
	if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number}); p.Total != 0 {
		t.Fatalf("ledger lines = %d", p.Total)
	}
	approvedDoc(t, c, "outbound", w.ID, line{a, 2})
	wantFulfillable(t, c, w.ID, a, 0)
}
