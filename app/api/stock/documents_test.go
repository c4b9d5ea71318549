package stock_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

var databases = dbtest.Kinds

// The stock arithmetic of every movement and its cancel, on every database: approving an inbound document adds
// each line to the fulfillable stock, an outbound one takes it (refused when short, naming the SKU and what is
// there), cancelling reverses exactly what approval did (refused when the stock has been used since), and
// cancelling a document that never moved stock moves none. Every movement writes its ledger lines.
func TestDocumentsMoveStockExactlyOnEveryDatabase(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")

			// Inbound: a draft and a submitted document move nothing.
			in, number := createDoc(t, c, "inbound", w.ID, line{a, 10}, line{b, 4})
			if !rkNumber.MatchString(number) || !strings.HasSuffix(number, "-0001") {
				t.Fatalf("number = %q", number)
			}
			d := getDoc(t, c, "inbound", in)
			if d.Number != number || d.Status != stockdb.DocDraft || d.StatusName != "待提交" || d.WarehouseName != "深圳仓" ||
				d.LineCount != 2 || d.TotalQuantity != 14 || d.Creator != "店主0001" || d.Remark != "测试单据" ||
				!dateTime.MatchString(d.CreatedAt) || d.SubmittedAt != "" || len(d.Lines) != 2 ||
				d.Lines[0] != (docLine{ProductID: a, SKU: "A-1", Name: "产品A-1", Image: "/uploads/A-1.png", Quantity: 10}) {
				t.Fatalf("draft = %+v", d)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/submit", nil), 400, "B0001", "只有待提交的单据可以提交")
			if d := getDoc(t, c, "inbound", in); d.Status != stockdb.DocSubmitted || d.StatusName != "待审核" || !dateTime.MatchString(d.SubmittedAt) {
				t.Fatalf("submitted = %+v", d)
			}
			wantFulfillable(t, c, w.ID, a, 0)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			if d := getDoc(t, c, "inbound", in); d.Status != stockdb.DocApproved || d.StatusName != "已完成" || d.Approver != "店主0001" || !dateTime.MatchString(d.ApprovedAt) {
				t.Fatalf("approved = %+v", d)
			}
			wantFulfillable(t, c, w.ID, a, 10)
			wantFulfillable(t, c, w.ID, b, 4)

			// Outbound: short on one line, nothing moves and the message names the SKU and what is there.
			out, outNumber := createDoc(t, c, "outbound", w.ID, line{a, 3}, line{b, 5})
			if !ckNumber.MatchString(outNumber) {
				t.Fatalf("outbound number = %q", outNumber)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil), 400, "B0001", "库存不足：SKU B-2 可用库存 4，出库数量 5")
			if d := getDoc(t, c, "outbound", out); d.Status != stockdb.DocSubmitted {
				t.Fatalf("refused outbound = %+v", d)
			}
			wantFulfillable(t, c, w.ID, a, 10)
			wantFulfillable(t, c, w.ID, b, 4)
			// The short one is cancelled without a movement; a fitting one takes the stock.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/cancel", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/cancel", nil), 400, "B0001", "单据已作废")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			if d := getDoc(t, c, "outbound", out); d.Status != stockdb.DocCancelled || d.StatusName != "已作废" || !dateTime.MatchString(d.CancelledAt) {
				t.Fatalf("cancelled = %+v", d)
			}
			taken, takenNumber := approvedDoc(t, c, "outbound", w.ID, line{a, 3}, line{b, 4})
			wantFulfillable(t, c, w.ID, a, 7)
			wantFulfillable(t, c, w.ID, b, 0)

			// Cancelling the approved inbound document would take A and B below zero: refused, nothing changes.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/cancel", nil), 400, "B0001", "库存已被使用，不能作废：SKU A-1 可用库存 7，需扣回 10")
			if d := getDoc(t, c, "inbound", in); d.Status != stockdb.DocApproved {
				t.Fatalf("refused cancel = %+v", d)
			}
			wantFulfillable(t, c, w.ID, a, 7)
			// Cancelling the approved outbound document gives its stock back; then the inbound one can go.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+taken+"/cancel", nil))
			wantFulfillable(t, c, w.ID, a, 10)
			wantFulfillable(t, c, w.ID, b, 4)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+in+"/cancel", nil))
			wantFulfillable(t, c, w.ID, a, 0)
			wantFulfillable(t, c, w.ID, b, 0)

			// The ledger of A, oldest first: in 10, out 3, out cancelled +3, in cancelled -10.
			p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"search": "A-1", "sort": "createdAt", "order": "asc"})
			type flow struct {
				typ, number           string
				before, change, after int
			}
			want := []flow{{"入库单", number, 0, 10, 10}, {"出库单", takenNumber, 10, -3, 7},
				{"出库单作废", takenNumber, 7, 3, 10}, {"入库单作废", number, 10, -10, 0}}
			if len(p.Records) != len(want) {
				t.Fatalf("ledger = %+v", p.Records)
			}
			for i, l := range p.Records {
				got := flow{l.DocTypeName, l.DocNumber, l.FulfillableBefore, l.FulfillableChange, l.FulfillableAfter}
				if got != want[i] || l.InboundBefore != 0 || l.InboundChange != 0 || l.InboundAfter != 0 || l.OutboundAfter != 0 ||
					l.SKU != "A-1" || l.ProductName != "产品A-1" || l.WarehouseName != "深圳仓" || l.Operator != "店主0001" ||
					!dateTime.MatchString(l.CreatedAt) {
					t.Fatalf("ledger line %d = %+v, want %+v", i, l, want[i])
				}
			}
			// Newest first by default; filters by document number, warehouse, product and dates.
			if p := list[ledgerLine](t, c, "stock/ledger", nil); p.Total != 8 || p.Records[0].DocTypeName != "入库单作废" {
				t.Fatalf("ledger = %d, first %+v", p.Total, p.Records[0])
			}
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": takenNumber}); p.Total != 4 {
				t.Fatalf("by number = %d", p.Total)
			}
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"productId": b, "warehouseId": w.ID}); p.Total != 4 {
				t.Fatalf("by product = %d", p.Total)
			}
			today := number[2:6] + "-" + number[6:8] + "-" + number[8:10]
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"startDate": today, "endDate": today}); p.Total != 8 {
				t.Fatalf("today = %d", p.Total)
			}
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"endDate": "2020-01-01"}); p.Total != 0 {
				t.Fatalf("before 2020 = %d", p.Total)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"stock/ledger", map[string]any{"startDate": "2026/11/22"}), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")

			// A warehouse being stocktaken takes no movement.
			next, _ := createDoc(t, c, "inbound", w.ID, line{a, 1})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+next+"/submit", nil))
			h.DB.Model(&stockdb.Warehouse{}).Where("name = ?", "深圳仓").Update("stocktaking", true)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+next+"/approve", nil), 400, "B0001", "仓库正在盘点，暂停出入库")
			if d := getDoc(t, c, "inbound", next); d.Status != stockdb.DocSubmitted || !strings.HasSuffix(d.Number, "-0002") {
				t.Fatalf("after stocktaking refusal = %+v", d)
			}

			// Every change is in the operation log, the refused ones not.
			var actions []string
			h.DB.Model(&admindb.OperationLog{}).Where("action LIKE ?", "%单").Order("created_at, id").Pluck("action", &actions)
			want2 := "新增入库单,提交入库单,审核入库单,新增出库单,提交出库单,作废出库单,新增出库单,提交出库单,审核出库单," +
				"作废出库单,作废入库单,新增入库单,提交入库单"
			if strings.Join(actions, ",") != want2 {
				t.Fatalf("operation log = %v", actions)
			}
		})
	}
}

// A warehouse that allows negative stock lets an outbound document take more than there is.
func TestAWarehouseAllowingNegativeStockShipsShort(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "海外仓", map[string]any{"kind": "overseas", "allowNegative": true})
	a := product(t, h, "13700000001", "A-1")
	approvedDoc(t, c, "outbound", w.ID, line{a, 2})
	if got, _, _ := stockOf(t, c, w.ID, a); got != -2 {
		t.Fatalf("fulfillable = %d", got)
	}
}

// Concurrent approvals on every database: documents on the same product lose no update and never take the stock
// below zero, and one document approved many times at once moves its stock once.
func TestConcurrentApprovalsOnEveryDatabase(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")

			// 8 inbound documents of 3 A and 2 B, approved at once: 24 and 16.
			approveAll := func(kind string, ids []string) (ok, refused []string) {
				var mu sync.Mutex
				var wg sync.WaitGroup
				for _, id := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						env := c.Call(http.MethodPost, v1+kind+"/"+id+"/approve", nil)
						mu.Lock()
						defer mu.Unlock()
						if env.Code == "201" {
							ok = append(ok, id)
						} else {
							refused = append(refused, env.Msg)
						}
					}()
				}
				wg.Wait()
				return ok, refused
			}
			submitted := func(kind string, n int, lines ...line) []string {
				ids := make([]string, n)
				for i := range ids {
					ids[i], _ = createDoc(t, c, kind, w.ID, lines...)
					apptest.ExpectOK(t, c.Call(http.MethodPost, v1+kind+"/"+ids[i]+"/submit", nil))
				}
				return ids
			}
			if ok, refused := approveAll("inbound", submitted("inbound", 8, line{a, 3}, line{b, 2})); len(ok) != 8 {
				t.Fatalf("inbound approvals refused: %v", refused)
			}
			wantFulfillable(t, c, w.ID, a, 24)
			wantFulfillable(t, c, w.ID, b, 16)

			// 12 outbound documents of 2 A and 2 B (lines in either order): 8 fit B's 16, 4 are short.
			ids := submitted("outbound", 6, line{a, 2}, line{b, 2})
			ids = append(ids, submitted("outbound", 6, line{b, 2}, line{a, 2})...)
			ok, refused := approveAll("outbound", ids)
			if len(ok) != 8 || len(refused) != 4 {
				t.Fatalf("outbound: %d approved, refused %v", len(ok), refused)
			}
			for _, msg := range refused {
				if msg != "库存不足：SKU B-2 可用库存 0，出库数量 2" {
					t.Fatalf("refusal = %q", msg)
				}
			}
			wantFulfillable(t, c, w.ID, a, 8)
			wantFulfillable(t, c, w.ID, b, 0)

			// One document approved by 10 requests at once moves once.
			once := submitted("inbound", 1, line{a, 5})[0]
			same := make([]string, 10)
			for i := range same {
				same[i] = once
			}
			if ok, refused := approveAll("inbound", same); len(ok) != 1 || len(refused) != 9 || refused[0] != "只有待审核的单据可以审核" {
				t.Fatalf("approved %d times, refused %v", len(ok), refused)
			}
			wantFulfillable(t, c, w.ID, a, 13)
			d := getDoc(t, c, "inbound", once)
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": d.Number}); p.Total != 1 {
				t.Fatalf("ledger lines of %s = %d", d.Number, p.Total)
			}

			// Cancelled by 10 requests at once, it is reversed once.
			if ok, _ := approveAllCancel(c, "inbound", once, 10); ok != 1 {
				t.Fatalf("cancelled %d times", ok)
			}
			wantFulfillable(t, c, w.ID, a, 8)
		})
	}
}

func approveAllCancel(c *apptest.Client, kind, id string, n int) (ok int, refused []string) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			env := c.Call(http.MethodPost, v1+kind+"/"+id+"/cancel", nil)
			mu.Lock()
			defer mu.Unlock()
			if env.Code == "201" {
				ok++
			} else {
				refused = append(refused, env.Msg)
			}
		}()
	}
	wg.Wait()
	return ok, refused
}

// Documents created at once each get their own number.
func TestDocumentNumbersAreUniquePerCompany(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			other := h.SignedIn("13700000002", "乙公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			ow := createWarehouse(t, other, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			oa := product(t, h, "13700000002", "A-1")
			var mu sync.Mutex
			var wg sync.WaitGroup
			numbers := map[string]bool{}
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					env := c.Call(http.MethodPost, v1+"inbound", docBody(w.ID, line{a, 1}))
					var d struct{ Number string }
					if env.Code == "201" {
						env.Into(t, &d)
					}
					mu.Lock()
					defer mu.Unlock()
					numbers[d.Number+env.Msg] = true
				}()
			}
			wg.Wait()
			if len(numbers) != 4 {
				t.Fatalf("numbers = %v", numbers)
			}
			// Another company counts from 1.
			if _, n := createDoc(t, other, "inbound", ow.ID, line{oa, 1}); !strings.HasSuffix(n, "-0001") {
				t.Fatalf("other company's number = %s", n)
			}
		})
	}
}

func TestDocumentInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	b := product(t, h, "13700000001", "B-2")
	many := make([]line, 501)
	for i := range many {
		many[i] = line{fmt.Sprint(i + 1), 1}
	}
	for _, kind := range []string{"inbound", "outbound"} {
		for msg, body := range map[string]map[string]any{
			"请选择仓库":                 docBody("", line{a, 1}),
			"仓库不存在":                 docBody("abc", line{a, 1}),
			"请添加产品":                 docBody(w.ID),
			"产品不能超过500行":            docBody(w.ID, many...),
			"第1行：产品不存在":             docBody(w.ID, line{"x", 1}),
			"第2行：产品不存在":             docBody(w.ID, line{a, 1}, line{"123", 1}),
			"第2行：产品重复":              docBody(w.ID, line{a, 1}, line{a, 2}),
			"第1行：数量必须为1到1000000的整数": docBody(w.ID, line{a, 0}),
			"第2行：数量必须为1到1000000的整数": docBody(w.ID, line{b, 1}, line{a, 1000001}),
			"备注不能超过500个字符": {"warehouseId": w.ID, "remark": strings.Repeat("注", 501),
				"lines": []map[string]any{{"productId": a, "quantity": 1}}},
		} {
			apptest.Expect(t, c.Call(http.MethodPost, v1+kind, body), 400, "A0400", msg)
		}
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind, docBody("123", line{a, 1})), 400, "A0400", "仓库不存在")
		for _, bad := range []string{"0", "abc", "999"} {
			what := map[string]string{"inbound": "入库单不存在", "outbound": "出库单不存在"}[kind]
			apptest.Expect(t, c.Call(http.MethodGet, v1+kind+"/"+bad, nil), 404, "A0404", what)
			for _, step := range []string{"submit", "approve", "cancel"} {
				apptest.Expect(t, c.Call(http.MethodPost, v1+kind+"/"+bad+"/"+step, nil), 404, "A0404", what)
			}
		}
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind+"/page", map[string]any{"status": "9"}), 400, "A0400", "单据状态不正确")
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind+"/page", map[string]any{"startDate": "昨天"}), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")
	}
	// An inbound document is not an outbound one.
	in, _ := createDoc(t, c, "inbound", w.ID, line{a, 1})
	apptest.Expect(t, c.Call(http.MethodGet, v1+"outbound/"+in, nil), 404, "A0404", "出库单不存在")
	var n int64
	h.DB.Model(&stockdb.StockDocument{}).Count(&n)
	if n != 1 {
		t.Fatalf("documents stored = %d", n)
	}
}

func TestDocumentListsFilterAndPage(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sz := createWarehouse(t, c, "深圳仓", nil)
	gz := createWarehouse(t, c, "广州仓", nil)
	a := product(t, h, "13700000001", "A-1")
	_, first := approvedDoc(t, c, "inbound", sz.ID, line{a, 5})
	createDoc(t, c, "inbound", sz.ID, line{a, 1})
	createDoc(t, c, "inbound", gz.ID, line{a, 2})
	createDoc(t, c, "outbound", sz.ID, line{a, 1})

	p := list[document](t, c, "inbound/page", map[string]any{"pagesize": 2})
	if p.Total != 3 || p.Pages != 2 || len(p.Records) != 2 || p.Records[0].WarehouseName != "广州仓" || p.Records[0].Lines != nil {
		t.Fatalf("page = %+v", p)
	}
	if p := list[document](t, c, "inbound/page", map[string]any{"warehouseId": gz.ID}); p.Total != 1 || p.Records[0].TotalQuantity != 2 {
		t.Fatalf("by warehouse = %+v", p)
	}
	if p := list[document](t, c, "inbound/page", map[string]any{"status": "2"}); p.Total != 1 || p.Records[0].Number != first {
		t.Fatalf("approved = %+v", p)
	}
	if p := list[document](t, c, "inbound/page", map[string]any{"number": first[len(first)-4:]}); p.Total != 1 {
		t.Fatalf("by number = %+v", p)
	}
	if p := list[document](t, c, "inbound/page", map[string]any{"warehouseId": "x"}); p.Total != 0 {
		t.Fatalf("by a bad warehouse = %+v", p)
	}
	if p := list[document](t, c, "outbound/page", nil); p.Total != 1 || p.Records[0].Kind != "outbound" {
		t.Fatalf("outbound = %+v", p)
	}

	// The stock list: by warehouse, by SKU or name, sorted.
	s := list[stock](t, c, "stock/page", map[string]any{"search": "产品A"})
	if s.Total != 1 || s.Records[0].SKU != "A-1" || s.Records[0].ProductName != "产品A-1" || s.Records[0].Image != "/uploads/A-1.png" ||
		s.Records[0].WarehouseName != "深圳仓" || s.Records[0].Fulfillable != 5 || !dateTime.MatchString(s.Records[0].UpdatedAt) {
		t.Fatalf("stock = %+v", s)
	}
	if s := list[stock](t, c, "stock/page", map[string]any{"warehouseId": gz.ID}); s.Total != 0 {
		t.Fatalf("广州仓 = %+v", s)
	}
	list[stock](t, c, "stock/page", map[string]any{"sort": "fulfillable", "order": "desc"})

	// The picker: every product matching, with its stock in the warehouse.
	product(t, h, "13700000001", "B-2")
	var picked []struct {
		ProductID, SKU, Name, Image    string
		Inbound, Fulfillable, Outbound int
	}
	env := c.Call(http.MethodGet, v1+"stock/products?warehouseId="+sz.ID+"&search=-", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &picked)
	if len(picked) != 2 || picked[0].SKU != "A-1" || picked[0].Fulfillable != 5 || picked[1].SKU != "B-2" || picked[1].Fulfillable != 0 {
		t.Fatalf("picker = %+v", picked)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"stock/products", nil), 400, "A0400", "请选择仓库")
	apptest.Expect(t, c.Call(http.MethodGet, v1+"stock/products?warehouseId=999", nil), 404, "A0404", "仓库不存在")
}

// Another company's warehouses, stock, ledger and documents are out of reach: not listed, not read, not changed,
// not used in a document.
func TestCompaniesSeeOnlyTheirOwn(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	other := h.SignedIn("13700000002", "乙公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	a := product(t, h, "13700000001", "A-1")
	in, _ := approvedDoc(t, c, "inbound", w.ID, line{a, 5})
	draft, _ := createDoc(t, c, "inbound", w.ID, line{a, 1})
	out, _ := createDoc(t, c, "outbound", w.ID, line{a, 1})
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))

	for _, path := range []string{"warehouse/page", "stock/page", "stock/ledger", "inbound/page", "outbound/page"} {
		if p := list[map[string]any](t, other, path, nil); p.Total != 0 {
			t.Fatalf("乙 sees %s: %+v", path, p)
		}
	}
	var options []map[string]any
	env := other.Call(http.MethodGet, v1+"warehouse/options?all=true", nil)
	env.Into(t, &options)
	if len(options) != 0 {
		t.Fatalf("乙's options = %v", options)
	}
	notFound := map[string]string{
		"GET warehouse/" + w.ID: "仓库不存在", "PUT warehouse/" + w.ID: "仓库不存在",
		"POST warehouse/" + w.ID + "/disable": "仓库不存在", "POST warehouse/" + w.ID + "/enable": "仓库不存在",
		"DELETE warehouse/" + w.ID: "仓库不存在", "GET stock/products?warehouseId=" + w.ID: "仓库不存在",
		"GET inbound/" + in: "入库单不存在", "POST inbound/" + in + "/cancel": "入库单不存在",
		"POST inbound/" + draft + "/submit": "入库单不存在", "POST outbound/" + out + "/approve": "出库单不存在",
		"GET outbound/" + out: "出库单不存在", "POST outbound/" + out + "/cancel": "出库单不存在",
	}
	for call, msg := range notFound {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, other.Call(method, v1+path, map[string]any{"name": "乙的仓"}), 404, "A0404", msg)
	}
	// 乙 cannot put 甲's warehouse or 甲's product in a document.
	ow := createWarehouse(t, other, "乙仓", nil)
	apptest.Expect(t, other.Call(http.MethodPost, v1+"inbound", docBody(w.ID, line{a, 1})), 400, "A0400", "仓库不存在")
	apptest.Expect(t, other.Call(http.MethodPost, v1+"outbound", docBody(ow.ID, line{a, 1})), 400, "A0400", "第1行：产品不存在")
	if p := list[map[string]any](t, other, "stock/ledger", map[string]any{"productId": a}); p.Total != 0 {
		t.Fatalf("乙 reads 甲's product's ledger: %+v", p)
	}

	// Nothing of 甲's changed.
	if got := createWarehouse(t, c, "另一仓", nil); got.Name != "另一仓" {
		t.Fatal(got)
	}
	wantFulfillable(t, c, w.ID, a, 5)
	for id, status := range map[string]int{in: stockdb.DocApproved, draft: stockdb.DocDraft} {
		if d := getDoc(t, c, "inbound", id); d.Status != status {
			t.Fatalf("甲's document %s = %+v", id, d)
		}
	}
	if d := getDoc(t, c, "outbound", out); d.Status != stockdb.DocSubmitted {
		t.Fatalf("甲's outbound = %+v", d)
	}
	env = c.Call(http.MethodGet, v1+"warehouse/"+w.ID, nil)
	var got warehouse
	env.Into(t, &got)
	if got.Name != "深圳仓" || got.Disabled {
		t.Fatalf("甲's warehouse = %+v", got)
	}
}
