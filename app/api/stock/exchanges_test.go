package stock_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

var hhNumber = regexp.MustCompile(`^HH\d{8}-\d{4}$`)

// exchangeLine is a line of an exchange's body: units of product made into to.
type exchangeLine struct {
	product, to string
	quantity    int
	bin         string
}

func exchangeBody(warehouseID string, lines ...exchangeLine) map[string]any {
	ls := make([]map[string]any, len(lines))
	for i, l := range lines {
		ls[i] = map[string]any{"productId": l.product, "toProductId": l.to, "quantity": l.quantity, "binId": l.bin}
	}
	return map[string]any{"warehouseId": warehouseID, "remark": "贴新标换货", "lines": ls}
}

func createExchange(t *testing.T, c *apptest.Client, warehouseID string, lines ...exchangeLine) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"exchange", exchangeBody(warehouseID, lines...))
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

type exchange struct {
	ID         string `json:"id"`
	Number     string `json:"number"`
	Status     int    `json:"status"`
	StatusName string `json:"statusName"`
	TotalCost  string `json:"totalCost"`
	Lines      []struct {
		SKU           string `json:"sku"`
		ToProductID   string `json:"toProductId"`
		ToSKU         string `json:"toSku"`
		ToName        string `json:"toName"`
		Quantity      int    `json:"quantity"`
		UnitCost      string `json:"unitCost"`
		Fulfillable   int    `json:"fulfillable"`
		ToFulfillable int    `json:"toFulfillable"`
		BinCode       string `json:"binCode"`
	} `json:"lines"`
}

func getExchange(t *testing.T, c *apptest.Client, id string) exchange {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"exchange/"+id, nil)
	apptest.ExpectOK(t, env)
	var d exchange
	env.Into(t, &d)
	return d
}

// stockCost reads the weighted average cost (Money's units) the warehouse keeps for the product.
func stockCost(t *testing.T, h *apptest.Harness, companyID int64, warehouseID, productID string) int64 {
	t.Helper()
	w, _ := strconv.ParseInt(warehouseID, 10, 64)
	p, _ := strconv.ParseInt(productID, 10, 64)
	cost, ok, err := purchasedb.StockCostOf(h.DB, companyID, w, p)
	if err != nil || !ok {
		t.Fatalf("no average cost of %s: %v", productID, err)
	}
	return cost
}

// cents is units × a cost in Money's units, in yuan rounded to the cent.
func cents(units int, cost int64) decimal.Decimal {
	return decimal.New(cost, -4).Mul(decimal.NewFromInt(int64(units)))
}

// An exchange turns units of one product into another's in one warehouse: approving it moves exactly its
// quantities (two ledger lines under its number), the new units at the old ones' weighted average cost, so the
// warehouse's stock value is the same to the cent; a line naming a bin takes the units out of it and puts the new
// ones in it; cancelling it moves them back, value still the same. Short stock is refused as an outbound's is, a
// product frozen by a stocktake naming it, and another company sees and touches nothing. On every database.
//
// Hand calculation: A-1 holds 10 at an average of 12.3456, B-2 holds 3 at its entered cost 20.00: 123.456 + 60
// = 183.456 = 183.46. Four A become B: A 6 × 12.3456 = 74.0736; B (3 × 20 + 4 × 12.3456) ÷ 7 = 109.3824 ÷ 7 =
// 15.6260571… kept as 15.6261, 7 × 15.6261 = 109.3827; 183.4563 = 183.46. Cancelled: A (6 × 12.3456 + 4 ×
// 12.3456) ÷ 10 = 12.3456; B (7 × 15.6261 − 4 × 12.3456) ÷ 3 = 60.0003 ÷ 3 = 20.0001; 123.456 + 60.0003 = 183.46.
func TestAnExchangeMovesItsUnitsAndCarriesTheirCost(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			setCost(t, h, "13700000001", b, "20")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10}, line{b, 3})
			wid, _ := strconv.ParseInt(w.ID, 10, 64)
			aid, _ := strconv.ParseInt(a, 10, 64)
			if err := purchasedb.SetStockCost(h.DB, u.CompanyID, wid, aid, 123456, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			before := cents(10, 123456).Add(cents(3, 200000))

			id, number := createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 4})
			if !hhNumber.MatchString(number) {
				t.Fatalf("number = %q", number)
			}
			d := getExchange(t, c, id)
			if d.StatusName != "待提交" || len(d.Lines) != 1 || d.Lines[0].SKU != "A-1" || d.Lines[0].ToSKU != "B-2" ||
				d.Lines[0].ToProductID != b || d.Lines[0].Fulfillable != 10 || d.Lines[0].ToFulfillable != 3 || d.Lines[0].UnitCost != "" {
				t.Fatalf("draft = %+v", d)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPut, v1+"exchange/"+id, exchangeBody(w.ID, exchangeLine{product: a, to: b, quantity: 1})), 400, "B0001", "单据已提交，不能再编辑")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/approve", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			wantStock(t, c, w.ID, a, 6, 0, 0)
			wantStock(t, c, w.ID, b, 7, 0, 0)
			if got := stockCost(t, h, u.CompanyID, w.ID, a); got != 123456 {
				t.Fatalf("A's average moved: %d", got)
			}
			if got := stockCost(t, h, u.CompanyID, w.ID, b); got != 156261 {
				t.Fatalf("B's average = %d, want 156261", got)
			}
			after := cents(6, 123456).Add(cents(7, 156261))
			if !before.Round(2).Equal(after.Round(2)) {
				t.Fatalf("value before %s, after %s", before, after)
			}
			d = getExchange(t, c, id)
			if d.StatusName != "已完成" || d.Lines[0].UnitCost != "12.35" || d.TotalCost != "49.38" {
				t.Fatalf("approved = %+v", d)
			}
			ledger := list[struct {
				ledgerLine
				ProductID string `json:"productId"`
				UnitCost  string `json:"unitCost"`
			}](t, c, "stock/ledger", map[string]any{"docNumber": number})
			changes := map[string]int{}
			for _, l := range ledger.Records {
				if l.DocTypeName != "换货单" || l.UnitCost != "12.35" {
					t.Fatalf("ledger line = %+v", l)
				}
				changes[l.SKU] += l.FulfillableChange
			}
			if ledger.Total != 2 || changes["A-1"] != -4 || changes["B-2"] != 4 {
				t.Fatalf("ledger = %+v", ledger.Records)
			}

			// Cancelled: the units go back, at the cost they came with.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/cancel", nil))
			wantStock(t, c, w.ID, a, 10, 0, 0)
			wantStock(t, c, w.ID, b, 3, 0, 0)
			ca, cb := stockCost(t, h, u.CompanyID, w.ID, a), stockCost(t, h, u.CompanyID, w.ID, b)
			if ca != 123456 || cb != 200001 {
				t.Fatalf("averages after the cancel: A %d, B %d", ca, cb)
			}
			if back := cents(10, ca).Add(cents(3, cb)); !before.Round(2).Equal(back.Round(2)) {
				t.Fatalf("value before %s, after the cancel %s", before, back)
			}
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number}); p.Total != 4 {
				t.Fatalf("ledger after the cancel = %d lines", p.Total)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+id+"/cancel", nil), 400, "B0001", "单据已作废")

			// Short: refused as an outbound is, nothing moved.
			short, _ := createExchange(t, c, w.ID, exchangeLine{product: b, to: a, quantity: 5})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+short+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+short+"/approve", nil), 400, "B0001", "库存不足：SKU B-2 可用库存 3，换货数量 5")
			// The made product used since: the cancel is refused, naming it.
			used, _ := createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 2})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+used+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+used+"/approve", nil))
			approvedDoc(t, c, "outbound", w.ID, line{b, 4})
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+used+"/cancel", nil), 400, "B0001", "库存已被使用，不能作废：SKU B-2 可用库存 1，需扣回 2")

			// A bin: the units come out of it and the new ones go into it.
			cp := product(t, h, "13700000001", "C-3")
			dp := product(t, h, "13700000001", "D-4")
			env := c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": w.ID, "code": "A-01-01"})
			apptest.ExpectOK(t, env)
			var bin struct{ ID string }
			env.Into(t, &bin)
			in := c.Call(http.MethodPost, v1+"inbound", map[string]any{"warehouseId": w.ID,
				"lines": []map[string]any{{"productId": cp, "quantity": 5, "binId": bin.ID}}})
			apptest.ExpectOK(t, in)
			var made struct{ ID string }
			in.Into(t, &made)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+made.ID+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+made.ID+"/approve", nil))
			binned, _ := createExchange(t, c, w.ID, exchangeLine{product: cp, to: dp, quantity: 2, bin: bin.ID})
			if d := getExchange(t, c, binned); d.Lines[0].BinCode != "A-01-01" {
				t.Fatalf("bin = %+v", d)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+binned+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+binned+"/approve", nil))
			for product, want := range map[string]int{cp: 3, dp: 2} {
				var q []int
				h.DB.Model(&stockdb.BinStock{}).Where("bin_id = ? AND product_id = ?", bin.ID, product).Pluck("quantity", &q)
				if len(q) != 1 || q[0] != want {
					t.Fatalf("bin holds %v of %s, want %d", q, product, want)
				}
			}

			// A stocktake of the made product freezes it: approval refused, naming the stocktake.
			take, takeNumber := createStocktake(t, c, w.ID, "products", b)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+take+"/start", nil))
			frozen, _ := createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 1})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+frozen+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange/"+frozen+"/approve", nil), 400, "B0001", "SKU B-2 正在盘点（盘点单 "+takeNumber+"），盘点结束前不能出入库")
			wantStock(t, c, w.ID, a, 8, 0, 0)

			// Another company: sees none, moves none, cannot use 甲's products.
			other := h.SignedIn("13700000002", "乙公司")
			if p := list[exchange](t, other, "exchange/page", nil); p.Total != 0 {
				t.Fatalf("乙 sees %d exchanges", p.Total)
			}
			for _, call := range []string{"GET exchange/" + frozen, "POST exchange/" + frozen + "/approve", "POST exchange/" + frozen + "/cancel",
				"PUT exchange/" + frozen} {
				method, path, _ := strings.Cut(call, " ")
				apptest.Expect(t, other.Call(method, v1+path, exchangeBody(w.ID, exchangeLine{product: a, to: b, quantity: 1})), 404, "A0404", "换货单不存在")
			}
			ow := createWarehouse(t, other, "乙仓", nil)
			mine := product(t, h, "13700000002", "Y-1")
			apptest.Expect(t, other.Call(http.MethodPost, v1+"exchange", exchangeBody(ow.ID, exchangeLine{product: mine, to: b, quantity: 1})), 400, "A0400", "第1行：换入产品不存在")
			theirs := product(t, h, "13700000002", "Y-2")
			apptest.Expect(t, other.Call(http.MethodPost, v1+"exchange", exchangeBody(w.ID, exchangeLine{product: mine, to: theirs, quantity: 1})), 400, "A0400", "仓库不存在")
			if d := getExchange(t, c, frozen); d.Status != stockdb.DocSubmitted {
				t.Fatalf("甲's exchange = %+v", d)
			}
			// The list by state.
			if p := list[exchange](t, c, "exchange/page", map[string]any{"status": "3"}); p.Total != 1 || p.Records[0].Number != number {
				t.Fatalf("cancelled list = %+v", p)
			}
			ledgerAgrees(t, h)
		})
	}
}

func TestExchangeInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	b := product(t, h, "13700000001", "B-2")
	z := product(t, h, "13700000001", "Z-9")
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	fba := &stockdb.Warehouse{CompanyID: u.CompanyID, Name: "FBA-欧美-US", Kind: stockdb.WarehouseFBA}
	if err := h.DB.Create(fba).Error; err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		warehouse string
		lines     []exchangeLine
		status    int
		code, msg string
	}{
		{w.ID, []exchangeLine{{product: a, quantity: 1}}, 400, "A0400", "第1行：请选择换入产品"},
		{w.ID, []exchangeLine{{product: a, to: "x", quantity: 1}}, 400, "A0400", "第1行：换入产品不存在"},
		{w.ID, []exchangeLine{{product: a, to: "123", quantity: 1}}, 400, "A0400", "第1行：换入产品不存在"},
		{w.ID, []exchangeLine{{product: a, to: a, quantity: 1}}, 400, "A0400", "第1行：换出产品和换入产品不能相同"},
		{w.ID, []exchangeLine{{product: a, to: b, quantity: 1}, {product: z, to: b, quantity: 1}}, 400, "A0400", "第2行：产品重复"},
		{w.ID, []exchangeLine{{product: a, to: b, quantity: 1}, {product: b, to: z, quantity: 1}}, 400, "A0400", "第1行：产品重复"},
		{w.ID, []exchangeLine{{product: a, to: b, quantity: 0}}, 400, "A0400", "第1行：数量必须为1到1000000的整数"},
		{w.ID, []exchangeLine{{product: a, to: b, quantity: 1, bin: "1"}}, 400, "A0400", "第1行：库位不存在"},
		{strconv.FormatInt(fba.ID, 10), []exchangeLine{{product: a, to: b, quantity: 1}}, 400, "B0001", "FBA仓的库存由亚马逊同步，不能换货"},
		{"", []exchangeLine{{product: a, to: b, quantity: 1}}, 400, "A0400", "请选择仓库"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"exchange", exchangeBody(tc.warehouse, tc.lines...)), tc.status, tc.code, tc.msg)
	}
	if p := list[exchange](t, c, "exchange/page", nil); p.Total != 0 {
		t.Fatalf("refused exchanges stored: %d", p.Total)
	}
	// A draft is edited in place, checked as a new one is.
	id, _ := createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 1})
	apptest.Expect(t, c.Call(http.MethodPut, v1+"exchange/"+id, exchangeBody(w.ID, exchangeLine{product: a, to: a, quantity: 1})), 400, "A0400", "第1行：换出产品和换入产品不能相同")
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"exchange/"+id, exchangeBody(w.ID, exchangeLine{product: a, to: z, quantity: 3})))
	if d := getExchange(t, c, id); len(d.Lines) != 1 || d.Lines[0].ToSKU != "Z-9" || d.Lines[0].Quantity != 3 {
		t.Fatalf("edited = %+v", d)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"exchange/1", nil), 404, "A0404", "换货单不存在")
	// A product an exchange makes is in use: it is not deleted.
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"material/"+z, nil), 400, "B0001", "该产品已用于出入库单，不能删除")
	// The list exports the whole query.
	rows, name := exportSheet(t, c, "exchange/export?warehouseId="+w.ID)
	if !strings.HasPrefix(name, "换货单_") || len(rows) != 2 || rows[1][indexOf(rows[0], "换货单号")] != getExchange(t, c, id).Number {
		t.Fatalf("export %s: %v", name, rows)
	}
}

// Who may call what: the screen reads; 新增, 审核 and 作废 each need their own permission.
func TestExchangeCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	w := createWarehouse(t, admin, "深圳仓", nil)
	a := product(t, h, apptest.AdminAccount, "A-1")
	b := product(t, h, apptest.AdminAccount, "B-2")
	approvedDoc(t, admin, "inbound", w.ID, line{a, 5})
	id, _ := createExchange(t, admin, w.ID, exchangeLine{product: a, to: b, quantity: 2})

	anon := h.Client()
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"warehouse.exchange"}, nil)
	writes := []string{"POST exchange", "PUT exchange/" + id, "POST exchange/" + id + "/submit", "POST exchange/" + id + "/approve",
		"POST exchange/" + id + "/cancel"}
	for _, call := range append([]string{"POST exchange/page", "GET exchange/" + id, "GET exchange/export"}, writes...) {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[exchange](t, reader, "exchange/page", nil)
	getExchange(t, reader, id)
	for _, call := range writes {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	clerk, _ := h.RestrictedUser("13900000003", []string{"warehouse.exchange"}, []string{"erp:wh:exchange:add"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"exchange/"+id+"/submit", nil))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"exchange/"+id+"/approve", nil), 401, "A0301", "访问未授权")
	approver, _ := h.RestrictedUser("13900000004", []string{"warehouse.exchange"}, []string{"erp:wh:exchange:approve"})
	apptest.ExpectOK(t, approver.Call(http.MethodPost, v1+"exchange/"+id+"/approve", nil))
	apptest.Expect(t, approver.Call(http.MethodPost, v1+"exchange/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	canceller, _ := h.RestrictedUser("13900000005", []string{"warehouse.exchange"}, []string{"erp:wh:exchange:cancel"})
	apptest.ExpectOK(t, canceller.Call(http.MethodPost, v1+"exchange/"+id+"/cancel", nil))
}

// Exchanges of the same units approved at once, beside outbound approvals of them and exchanges the other way:
// no quantity goes below zero, every one stays its ledger's sum, each exchange's two lines move together, and
// every refusal is a shortage. On every database.
func TestConcurrentExchangesOnTheSameStock(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			z := product(t, h, "13700000001", "Z-9")
			setCost(t, h, "13700000001", a, "10")
			approvedDoc(t, c, "inbound", w.ID, line{a, 20}, line{b, 4})
			submitted := func(kind string, n int, create func() string) []string {
				ids := make([]string, n)
				for i := range ids {
					ids[i] = create()
					apptest.ExpectOK(t, c.Call(http.MethodPost, v1+kind+"/"+ids[i]+"/submit", nil))
				}
				return ids
			}
			toB := submitted("exchange", 6, func() string {
				id, _ := createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 4})
				return id
			})
			toZ := submitted("exchange", 4, func() string {
				id, _ := createExchange(t, c, w.ID, exchangeLine{product: b, to: z, quantity: 3})
				return id
			})
			back := submitted("exchange", 3, func() string {
				id, _ := createExchange(t, c, w.ID, exchangeLine{product: z, to: a, quantity: 2})
				return id
			})
			outs := submitted("outbound", 3, func() string { id, _ := createDoc(t, c, "outbound", w.ID, line{a, 3}); return id })

			var wg sync.WaitGroup
			var mu sync.Mutex
			var refusals []string
			approved := map[string]bool{}
			for _, job := range [][2][]string{{toB, {"exchange"}}, {toZ, {"exchange"}}, {back, {"exchange"}}, {outs, {"outbound"}}} {
				for _, id := range job[0] {
					wg.Add(1)
					go func() {
						defer wg.Done()
						env := c.Call(http.MethodPost, v1+job[1][0]+"/"+id+"/approve", nil)
						mu.Lock()
						defer mu.Unlock()
						if env.Code != "201" {
							refusals = append(refusals, env.Msg)
						} else {
							approved[id] = true
						}
					}()
				}
			}
			wg.Wait()
			for _, r := range refusals {
				if !strings.Contains(r, "库存不足") {
					t.Fatalf("refusal: %s", r)
				}
			}
			ledgerAgrees(t, h)
			// Each exchange approved moved both its products, and only those approved moved any.
			count := func(ids []string) (n int) {
				for _, id := range ids {
					if approved[id] {
						n++
					}
				}
				return n
			}
			fa, _, _ := stockOf(t, c, w.ID, a)
			fb, _, _ := stockOf(t, c, w.ID, b)
			fz, _, _ := stockOf(t, c, w.ID, z)
			if want := 20 - 4*count(toB) + 2*count(back) - 3*count(outs); fa != want {
				t.Fatalf("A = %d, want %d", fa, want)
			}
			if want := 4 + 4*count(toB) - 3*count(toZ); fb != want {
				t.Fatalf("B = %d, want %d", fb, want)
			}
			if want := 3*count(toZ) - 2*count(back); fz != want {
				t.Fatalf("Z = %d, want %d", fz, want)
			}
			if count(toB) == 0 {
				t.Fatal("no exchange was approved")
			}
		})
	}
}

// Exchanges approved while purchase receipts of the same product come in: both move the product's average cost
// after locking its stock, in the same order, so none deadlocks (on PostgreSQL) and every refusal is a shortage;
// every quantity stays its ledger's sum, and the units held are valued at the averages kept.
func TestExchangesBesideReceiptsOfTheSameProduct(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			setCost(t, h, "13700000001", a, "10")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10})
			env := c.Call(http.MethodPost, v1+"supplier", map[string]string{"name": "义乌供应商"})
			apptest.ExpectOK(t, env)
			var supplier struct{ ID string }
			env.Into(t, &supplier)
			env = c.Call(http.MethodPost, v1+"purchaseOrder", map[string]any{"supplierId": supplier.ID, "warehouseId": w.ID,
				"currency": "CNY", "paymentTerms": "receipt", "expectedDate": "2026-12-20",
				"lines": []map[string]any{{"productId": a, "quantity": 20, "unitPrice": "8", "taxRate": "13"}}})
			apptest.ExpectOK(t, env)
			var order struct{ ID string }
			env.Into(t, &order)
			for _, step := range []string{"submit", "approve", "place"} {
				apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"purchaseOrder/"+order.ID+"/"+step, nil))
			}
			var placed struct {
				Lines []struct{ ID string } `json:"lines"`
			}
			c.Call(http.MethodGet, v1+"purchaseOrder/"+order.ID, nil).Into(t, &placed)
			exchanges := make([]string, 6)
			for i := range exchanges {
				exchanges[i], _ = createExchange(t, c, w.ID, exchangeLine{product: a, to: b, quantity: 3})
				apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"exchange/"+exchanges[i]+"/submit", nil))
			}
			today := time.Now().In(time.FixedZone("CST", 8*3600)).Format(time.DateOnly)
			var wg sync.WaitGroup
			var mu sync.Mutex
			var refusals []string
			run := func(path string, body any) {
				defer wg.Done()
				env := c.Call(http.MethodPost, v1+path, body)
				if env.Code != "201" {
					mu.Lock()
					refusals = append(refusals, path+": "+env.Msg)
					mu.Unlock()
				}
			}
			for range 4 {
				wg.Add(1)
				go run("purchaseOrder/"+order.ID+"/receive", map[string]any{"warehouseId": w.ID, "date": today,
					"lines": []map[string]any{{"lineId": placed.Lines[0].ID, "quantity": 5}}})
			}
			for _, id := range exchanges {
				wg.Add(1)
				go run("exchange/"+id+"/approve", nil)
			}
			wg.Wait()
			for _, r := range refusals {
				if !strings.Contains(r, "库存不足") {
					t.Fatalf("refusal: %s", r)
				}
			}
			ledgerAgrees(t, h)
			if fa, _, _ := stockOf(t, c, w.ID, a); fa < 0 || fa > 30 {
				t.Fatalf("A = %d", fa)
			}
		})
	}
}
