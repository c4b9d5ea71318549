package stock_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	stockdb "sellerhub/models/stock"
)

var dbNumber = regexp.MustCompile(`^DB\d{8}-\d{4}$`)

type transferLine struct {
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Quantity  int    `json:"quantity"`
	Received  *int   `json:"received"`
}

type transfer struct {
	ID              string         `json:"id"`
	Number          string         `json:"number"`
	WarehouseName   string         `json:"warehouseName"`
	ToWarehouseID   string         `json:"toWarehouseId"`
	ToWarehouseName string         `json:"toWarehouseName"`
	Status          int            `json:"status"`
	StatusName      string         `json:"statusName"`
	Receiver        string         `json:"receiver"`
	ReceivedAt      string         `json:"receivedAt"`
	Reason          string         `json:"reason"`
	Lines           []transferLine `json:"lines"`
}

func createTransfer(t *testing.T, c *apptest.Client, from, to string, lines ...line) (string, string) {
	t.Helper()
	body := docBody(from, lines...)
	body["toWarehouseId"] = to
	env := c.Call(http.MethodPost, v1+"transfer", body)
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

func getTransfer(t *testing.T, c *apptest.Client, id string) transfer {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"transfer/"+id, nil)
	apptest.ExpectOK(t, env)
	var d transfer
	env.Into(t, &d)
	return d
}

func receipt(reason string, lines ...line) map[string]any {
	ls := make([]map[string]any, len(lines))
	for i, l := range lines {
		ls[i] = map[string]any{"productId": l.product, "received": l.quantity}
	}
	return map[string]any{"lines": ls, "reason": reason}
}

func wantStock(t *testing.T, c *apptest.Client, warehouseID, productID string, fulfillable, inbound, outbound int) {
	t.Helper()
	if f, in, out := stockOf(t, c, warehouseID, productID); f != fulfillable || in != inbound || out != outbound {
		t.Fatalf("stock = %d/%d/%d (fulfillable/inbound/outbound), want %d/%d/%d", f, in, out, fulfillable, inbound, outbound)
	}
}

// A transfer ships from its source (fulfillable -> outbound) into transit at its target (inbound), and its receipt
// consumes the source's outbound and makes the target's fulfillable what came; a short receipt books the
// difference with its reason; a shipped transfer cancelled goes back; a received one is not cancelled. On every
// database, every quantity its ledger's sum.
func TestATransferShipsAndIsReceivedInTheOtherWarehouse(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			sz := createWarehouse(t, c, "深圳仓", nil)
			gz := createWarehouse(t, c, "广州仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", sz.ID, line{a, 10}, line{b, 3})

			id, number := createTransfer(t, c, sz.ID, gz.ID, line{a, 6}, line{b, 3})
			if !dbNumber.MatchString(number) {
				t.Fatalf("number = %q", number)
			}
			d := getTransfer(t, c, id)
			if d.StatusName != "待提交" || d.WarehouseName != "深圳仓" || d.ToWarehouseName != "广州仓" || d.ToWarehouseID != gz.ID || len(d.Lines) != 2 {
				t.Fatalf("draft = %+v", d)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{a, 6}, line{b, 3})), 400, "B0001", "只有调拨中的调拨单可以收货")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/approve", nil))
			if d := getTransfer(t, c, id); d.Status != stockdb.DocApproved || d.StatusName != "调拨中" {
				t.Fatalf("shipped = %+v", d)
			}
			wantStock(t, c, sz.ID, a, 4, 0, 6)
			wantStock(t, c, gz.ID, a, 0, 6, 0)
			wantStock(t, c, sz.ID, b, 0, 0, 3)

			// Received: 5 of the 6 A (one broken in transit), every B. A difference needs its reason.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{a, 5}, line{b, 3})), 400, "A0400", "实收数量与发货数量不同，请填写差异原因")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{a, 7}, line{b, 3})), 400, "A0400", "SKU A-1：实收数量必须为0到发货数量之间的整数")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{a, 6})), 400, "A0400", "请填写每个产品的实收数量")
			wantStock(t, c, gz.ID, a, 0, 6, 0)
			// A is put away at receipt into a bin of the target; B waits to be put away. A bin of the source is refused.
			gzBin, szBin := createBin(t, c, gz.ID, "R-01"), createBin(t, c, sz.ID, "S-01")
			binned := func(bin string) map[string]any {
				body := receipt("运输途中破损1件", line{a, 5}, line{b, 3})
				body["lines"].([]map[string]any)[0]["binId"] = bin
				return body
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", binned(szBin.ID)), 400, "A0400", "第1行：库位不属于所选仓库")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", binned("x")), 400, "A0400", "第1行：库位不存在")
			wantStock(t, c, gz.ID, a, 0, 6, 0)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", binned(gzBin.ID)))
			if got := binUnits(t, c, gz.ID); got["R-01 A-1"] != 5 || got["R-01 B-2"] != 0 {
				t.Fatalf("bins of the target after the receipt: %v", got)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{a, 6}, line{b, 3})), 400, "B0001", "只有调拨中的调拨单可以收货")
			wantStock(t, c, sz.ID, a, 4, 0, 0)
			wantStock(t, c, gz.ID, a, 5, 0, 0)
			wantStock(t, c, gz.ID, b, 3, 0, 0)
			d = getTransfer(t, c, id)
			if d.Status != stockdb.DocReceived || d.StatusName != "已完成" || d.Reason != "运输途中破损1件" || d.Receiver != "店主0001" ||
				!dateTime.MatchString(d.ReceivedAt) || n(d.Lines[0].Received) != "5" {
				t.Fatalf("received = %+v", d)
			}
			p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number, "productId": a, "sort": "createdAt", "order": "asc"})
			names := []string{}
			for _, l := range p.Records {
				names = append(names, l.DocTypeName+"@"+l.WarehouseName)
			}
			if p.Total != 4 || !strings.Contains(strings.Join(names, ","), "调拨收货@广州仓") {
				t.Fatalf("ledger = %v", names)
			}
			for _, l := range p.Records {
				if l.DocTypeName == "调拨收货" && l.WarehouseName == "广州仓" && (l.InboundChange != -6 || l.FulfillableChange != 5) {
					t.Fatalf("receipt line books the difference: %+v", l)
				}
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+id+"/cancel", nil), 400, "B0001", "调拨单已收货，不能作废")

			// Short at the source: refused with what is there.
			short, _ := createTransfer(t, c, sz.ID, gz.ID, line{a, 9})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+short+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+short+"/approve", nil), 400, "B0001", "库存不足：SKU A-1 可用库存 4，调拨数量 9")
			// Shipped, then cancelled: back where it was.
			back, _ := createTransfer(t, c, sz.ID, gz.ID, line{a, 4})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+back+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+back+"/approve", nil))
			wantStock(t, c, sz.ID, a, 0, 0, 4)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+back+"/cancel", nil))
			wantStock(t, c, sz.ID, a, 4, 0, 0)
			wantStock(t, c, gz.ID, a, 5, 0, 0)
			// A stocktake of the target freezes A there: shipping refused, naming it.
			take, takeNumber := createStocktake(t, c, gz.ID, "products", a)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+take+"/start", nil))
			frozen, _ := createTransfer(t, c, sz.ID, gz.ID, line{a, 1})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"transfer/"+frozen+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/"+frozen+"/approve", nil), 400, "B0001", "SKU A-1 正在盘点（盘点单 "+takeNumber+"），盘点结束前不能出入库")
			// The list by state, and by either warehouse.
			if p := list[transfer](t, c, "transfer/page", map[string]any{"status": "4"}); p.Total != 1 || p.Records[0].StatusName != "已完成" {
				t.Fatalf("received list = %+v", p)
			}
			if p := list[transfer](t, c, "transfer/page", map[string]any{"warehouseId": gz.ID}); p.Total != 4 {
				t.Fatalf("by target = %d", p.Total)
			}
			ledgerAgrees(t, h)
		})
	}
}

func TestTransferInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sz := createWarehouse(t, c, "深圳仓", nil)
	gz := createWarehouse(t, c, "广州仓", nil)
	a := product(t, h, "13700000001", "A-1")
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	fba := &stockdb.Warehouse{CompanyID: u.CompanyID, Name: "FBA-欧美-US", Kind: stockdb.WarehouseFBA}
	if err := h.DB.Create(fba).Error; err != nil {
		t.Fatal(err)
	}
	fbaID := strconv.FormatInt(fba.ID, 10)
	for _, tc := range []struct {
		to, msg string
		status  int
		code    string
	}{
		{"", "请选择调入仓库", 400, "A0400"},
		{"x", "调入仓库不存在", 400, "A0400"},
		{"123", "调入仓库不存在", 400, "A0400"},
		{sz.ID, "调出仓库和调入仓库不能相同", 400, "A0400"},
		{fbaID, "FBA仓的库存由亚马逊同步，不能调拨", 400, "B0001"},
	} {
		body := docBody(sz.ID, line{a, 1})
		body["toWarehouseId"] = tc.to
		apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer", body), tc.status, tc.code, tc.msg)
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"warehouse/"+gz.ID+"/disable", nil))
	body := docBody(sz.ID, line{a, 1})
	body["toWarehouseId"] = gz.ID
	apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer", body), 400, "B0001", "调入仓库已停用，不能调拨")
	if p := list[transfer](t, c, "transfer/page", nil); p.Total != 0 {
		t.Fatalf("refused transfers stored: %d", p.Total)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"transfer/1", nil), 404, "A0404", "调拨单不存在")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"transfer/1/receive", receipt("")), 404, "A0404", "调拨单不存在")
}

// Who may call what: the screen reads; 新增, 发货, 收货 and 作废 each need their own permission.
func TestTransferCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	sz := createWarehouse(t, admin, "深圳仓", nil)
	gz := createWarehouse(t, admin, "广州仓", nil)
	p := product(t, h, apptest.AdminAccount, "A-1")
	approvedDoc(t, admin, "inbound", sz.ID, line{p, 5})
	id, _ := createTransfer(t, admin, sz.ID, gz.ID, line{p, 2})

	anon := h.Client()
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"warehouse.transfer"}, nil)
	writes := []string{"POST transfer", "PUT transfer/" + id, "POST transfer/" + id + "/submit", "POST transfer/" + id + "/approve",
		"POST transfer/" + id + "/receive", "POST transfer/" + id + "/cancel"}
	for _, call := range append([]string{"POST transfer/page", "GET transfer/" + id, "GET transfer/export"}, writes...) {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[transfer](t, reader, "transfer/page", nil)
	getTransfer(t, reader, id)
	for _, call := range writes {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	clerk, _ := h.RestrictedUser("13900000003", []string{"warehouse.transfer"}, []string{"erp:wh:transfer:add"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"transfer/"+id+"/submit", nil))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"transfer/"+id+"/approve", nil), 401, "A0301", "访问未授权")
	shipper, _ := h.RestrictedUser("13900000004", []string{"warehouse.transfer"}, []string{"erp:wh:transfer:approve"})
	apptest.ExpectOK(t, shipper.Call(http.MethodPost, v1+"transfer/"+id+"/approve", nil))
	apptest.Expect(t, shipper.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{p, 2})), 401, "A0301", "访问未授权")
	receiver, _ := h.RestrictedUser("13900000005", []string{"warehouse.transfer"}, []string{"erp:wh:transfer:receive"})
	apptest.ExpectOK(t, receiver.Call(http.MethodPost, v1+"transfer/"+id+"/receive", receipt("", line{p, 2})))
	apptest.Expect(t, receiver.Call(http.MethodPost, v1+"transfer/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	if d := getTransfer(t, reader, id); d.Receiver != "员工0005" {
		t.Fatalf("receiver = %+v", d)
	}
}

// Transfers shipped and received, outbound approvals and a stocktake posted on the same products at once: every
// quantity stays its ledger's sum and never goes below zero; each refusal is a shortage or names the stocktake.
func TestConcurrentTransfersOutboundsAndStocktakes(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			sz := createWarehouse(t, c, "深圳仓", nil)
			gz := createWarehouse(t, c, "广州仓", nil)
			a := product(t, h, "13700000001", "A-1")
			approvedDoc(t, c, "inbound", sz.ID, line{a, 30})
			approvedDoc(t, c, "inbound", gz.ID, line{a, 30})
			submitted := func(kind string, n int, create func() string) []string {
				ids := make([]string, n)
				for i := range ids {
					ids[i] = create()
					apptest.ExpectOK(t, c.Call(http.MethodPost, v1+kind+"/"+ids[i]+"/submit", nil))
				}
				return ids
			}
			there := submitted("transfer", 6, func() string { id, _ := createTransfer(t, c, sz.ID, gz.ID, line{a, 4}); return id })
			back := submitted("transfer", 6, func() string { id, _ := createTransfer(t, c, gz.ID, sz.ID, line{a, 3}); return id })
			outs := submitted("outbound", 6, func() string { id, _ := createDoc(t, c, "outbound", sz.ID, line{a, 3}); return id })
			take, number := createStocktake(t, c, gz.ID, "products", a)

			var wg sync.WaitGroup
			var mu sync.Mutex
			var refusals []string
			run := func(path string, body any) bool {
				env := c.Call(http.MethodPost, v1+path, body)
				if env.Code != "201" {
					mu.Lock()
					refusals = append(refusals, path+": "+env.Msg)
					mu.Unlock()
				}
				return env.Code == "201"
			}
			for _, id := range there {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if run("transfer/"+id+"/approve", nil) {
						run("transfer/"+id+"/receive", receipt("少收1件", line{a, 3}))
					}
				}()
			}
			for _, id := range back {
				wg.Add(1)
				go func() {
					defer wg.Done()
					run("transfer/"+id+"/approve", nil)
				}()
			}
			for _, id := range outs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					run("outbound/"+id+"/approve", nil)
				}()
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if run("stocktake/"+take+"/start", nil) {
					apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+take+"/counts", map[string]any{"lines": []map[string]any{{"productId": a, "counted": 20}}}))
					run("stocktake/"+take+"/post", nil)
				}
			}()
			wg.Wait()
			for _, r := range refusals {
				if !strings.Contains(r, "库存不足") && !strings.Contains(r, "正在盘点（盘点单 "+number+"）") && !strings.Contains(r, "只有调拨中的调拨单可以收货") {
					t.Fatalf("refusal: %s", r)
				}
			}
			ledgerAgrees(t, h)
		})
	}
}
