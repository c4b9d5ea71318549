package stock_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

var hwNumber = regexp.MustCompile(`^HW\d{8}-\d{4}$`)

// overseasOut is a 海外仓发货 as its detail answers it.
type overseasOut struct {
	document
	Destination     string       `json:"destination"`
	DestinationName string       `json:"destinationName"`
	DestGroupName   string       `json:"destGroupName"`
	DestMarketplace string       `json:"destMarketplace"`
	DestCountry     string       `json:"destCountry"`
	DestCenter      string       `json:"destCenter"`
	ShipmentID      string       `json:"shipmentId"`
	ToWarehouseID   string       `json:"toWarehouseId"`
	ToWarehouseName string       `json:"toWarehouseName"`
	BuyerName       string       `json:"buyerName"`
	BuyerAddress    string       `json:"buyerAddress"`
	Carrier         string       `json:"carrier"`
	Tracking        string       `json:"tracking"`
	Ledger          []ledgerLine `json:"ledger"`
}

func toFBA(warehouseID string, group int64, shipment string, lines ...line) map[string]any {
	b := docBody(warehouseID, lines...)
	b["destination"], b["destGroupId"], b["destMarketplace"], b["destCenter"], b["shipmentId"] = "fba", fmt.Sprint(group), "ATVPDKIKX0DER", "ont8", shipment
	b["carrier"], b["tracking"] = "Matson", "MATS123"
	return b
}

func toBuyer(warehouseID string, lines ...line) map[string]any {
	b := docBody(warehouseID, lines...)
	b["destination"], b["buyerName"], b["buyerPhone"], b["buyerAddress"] = "buyer", "John Smith", "+1 555 0100", "1 Main St, Los Angeles, CA 90001, US"
	b["carrier"], b["tracking"] = "UPS", "1Z999"
	return b
}

func createOverseasOut(t *testing.T, c *apptest.Client, body map[string]any) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"overseasOut", body)
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

func getOverseasOut(t *testing.T, c *apptest.Client, id string) overseasOut {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"overseasOut/"+id, nil)
	apptest.ExpectOK(t, env)
	var d overseasOut
	env.Into(t, &d)
	return d
}

// overseasWorld is a company with an own and an overseas warehouse (A-1 ×10 and B-2 ×3 received there), a store
// group 欧美店 and two of its US shipments: one from the own warehouse, one from the overseas warehouse itself.
type overseasWorld struct {
	c                 *apptest.Client
	own, us           warehouse
	a, b              string
	group             int64
	fromOwn, fromHere string
}

func newOverseasWorld(t *testing.T, h *apptest.Harness) *overseasWorld {
	t.Helper()
	w := &overseasWorld{c: h.SignedIn("13700000001", "甲公司")}
	w.own = createWarehouse(t, w.c, "深圳仓", nil)
	w.us = createWarehouse(t, w.c, "美西海外仓", map[string]any{"kind": "overseas"})
	w.a, w.b = product(t, h, "13700000001", "A-1"), product(t, h, "13700000001", "B-2")
	approvedDoc(t, w.c, "inbound", w.us.ID, line{w.a, 10}, line{w.b, 3})
	u, err := accountsdb.UserByAccount(h.DB, "13700000001")
	if err != nil {
		t.Fatal(err)
	}
	g := &storesdb.StoreGroup{CompanyID: u.CompanyID, Name: "欧美店"}
	if err := h.DB.Create(g).Error; err != nil {
		t.Fatal(err)
	}
	w.group, w.fromOwn, w.fromHere = g.ID, "FBA15OWN0001", "FBA15HERE001"
	for number, from := range map[string]string{w.fromOwn: w.own.ID, w.fromHere: w.us.ID} {
		var wid int64
		fmt.Sscan(from, &wid)
		sh := &shippingdb.Shipment{CompanyID: u.CompanyID, ShipmentID: number, Name: number, GroupID: g.ID, MarketplaceID: "ATVPDKIKX0DER",
			WarehouseID: wid, Status: shippingdb.ShipmentConfirm, AmazonStatus: "WORKING"}
		if err := h.DB.Create(sh).Error; err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// 海外仓发货 to FBA and to a buyer, on every database: a draft is edited until submitted; 审核 takes the lines out of
// the overseas warehouse (and, to FBA, adds them to the store group's FBA warehouse's inbound), a ledger line
// each, shown on the detail; a shortage is refused naming the SKU with nothing moved; 作废 moves everything back.
// Every quantity stays its ledger's sum and none goes below zero.
func TestOverseasOutboundToFBAAndToABuyer(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			w := newOverseasWorld(t, h)
			c := w.c
			id, number := createOverseasOut(t, c, toFBA(w.us.ID, w.group, w.fromOwn, line{w.a, 4}, line{w.b, 1}))
			if !hwNumber.MatchString(number) {
				t.Fatalf("number %q", number)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"overseasOut/"+id, toFBA(w.us.ID, w.group, w.fromOwn, line{w.a, 5}, line{w.b, 1})))
			d := getOverseasOut(t, c, id)
			if d.Status != 0 || d.StatusName != "待提交" || d.Destination != "fba" || d.DestinationName != "发往FBA" || d.DestGroupName != "欧美店" ||
				d.DestCountry != "美国" || d.DestCenter != "ONT8" || d.ShipmentID != w.fromOwn || !strings.HasPrefix(d.ToWarehouseName, "FBA-欧美店") ||
				d.TotalQuantity != 6 || d.Carrier != "Matson" || d.Tracking != "MATS123" || len(d.Ledger) != 0 || !dateTime.MatchString(d.CreatedAt) {
				t.Fatalf("draft = %+v", d)
			}
			fba := d.ToWarehouseID
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+id+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPut, v1+"overseasOut/"+id, toFBA(w.us.ID, w.group, "", line{w.a, 1})), 400, "B0001", "单据已提交，不能再编辑")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+id+"/approve", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut/"+id+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			wantFulfillable(t, c, w.us.ID, w.a, 5)
			wantFulfillable(t, c, w.us.ID, w.b, 2)
			if f, in, out := stockOf(t, c, fba, w.a); f != 0 || in != 5 || out != 0 {
				t.Fatalf("FBA A-1 = %d/%d/%d", f, in, out)
			}
			d = getOverseasOut(t, c, id)
			changes := map[string]int{}
			for _, l := range d.Ledger {
				if l.DocNumber != number || l.DocTypeName != "海外仓发货" {
					t.Fatalf("ledger line %+v", l)
				}
				changes[l.WarehouseName+" "+l.SKU] = l.FulfillableChange + l.InboundChange
			}
			if d.Status != 2 || d.StatusName != "已完成" || d.Approver == "" || d.SubmittedAt == "" || d.ApprovedAt == "" || len(d.Ledger) != 4 ||
				changes["美西海外仓 A-1"] != -5 || changes["美西海外仓 B-2"] != -1 || changes[d.ToWarehouseName+" A-1"] != 5 {
				t.Fatalf("approved = %+v, ledger %v", d, changes)
			}

			// To a buyer, more than is there: refused naming the SKU, nothing moves, the document stays 待审核.
			buyer, _ := createOverseasOut(t, c, toBuyer(w.us.ID, line{w.a, 6}))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+buyer+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut/"+buyer+"/approve", nil), 400, "B0001", "海外仓库存不足：SKU A-1 可用库存 5，发货数量 6")
			if b := getOverseasOut(t, c, buyer); b.Status != 1 || len(b.Ledger) != 0 || b.DestinationName != "发往买家" || b.BuyerName != "John Smith" || b.ToWarehouseID != "" {
				t.Fatalf("refused buyer document = %+v", b)
			}
			wantFulfillable(t, c, w.us.ID, w.a, 5)

			// 作废 puts the units back in the overseas warehouse and takes them out of FBA's inbound.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+id+"/cancel", nil))
			wantFulfillable(t, c, w.us.ID, w.a, 10)
			wantFulfillable(t, c, w.us.ID, w.b, 3)
			if _, in, _ := stockOf(t, c, fba, w.a); in != 0 {
				t.Fatalf("FBA inbound after the cancel = %d", in)
			}
			if d = getOverseasOut(t, c, id); d.Status != 3 || len(d.Ledger) != 8 || d.Ledger[7].DocTypeName != "海外仓发货作废" {
				t.Fatalf("cancelled = %+v", d)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+buyer+"/approve", nil))
			wantFulfillable(t, c, w.us.ID, w.a, 4)

			p := list[overseasOut](t, c, "overseasOut/page", map[string]any{"warehouseId": w.us.ID})
			if p.Total != 2 || p.Records[0].ID != buyer || p.Records[0].Carrier != "UPS" {
				t.Fatalf("list = %+v", p)
			}
			if rows, name := exportSheet(t, c, "overseasOut/export"); !strings.HasPrefix(name, "海外仓发货单_") || len(rows) != 3 {
				t.Fatalf("export %s: %v", name, rows)
			}
			if p := list[overseasOut](t, c, "inbound/page", map[string]any{}); p.Total != 1 {
				t.Fatalf("the inbound list holds %d documents", p.Total)
			}
			o := h.SignedIn("13700000002", "乙公司")
			apptest.Expect(t, o.Call(http.MethodGet, v1+"overseasOut/"+id, nil), 404, "A0404", "海外仓发货单不存在")
			if p := list[overseasOut](t, o, "overseasOut/page", nil); p.Total != 0 {
				t.Fatalf("乙 reads 甲's documents: %+v", p)
			}
			ledgerAgrees(t, h)
		})
	}
}

// Approvals of 海外仓发货 and 出库单 of the same overseas units at once: none goes below zero, every quantity is its
// ledger's sum and every refusal is a shortage.
func TestConcurrentOverseasOutbounds(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			w := newOverseasWorld(t, h)
			c := w.c
			var ids []string
			for i := 0; i < 6; i++ {
				body := toBuyer(w.us.ID, line{w.a, 3})
				if i%2 == 0 {
					body = toFBA(w.us.ID, w.group, "", line{w.a, 3}, line{w.b, 1})
				}
				id, _ := createOverseasOut(t, c, body)
				apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasOut/"+id+"/submit", nil))
				ids = append(ids, "overseasOut/"+id)
			}
			out, _ := createDoc(t, c, "outbound", w.us.ID, line{w.a, 2})
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+out+"/submit", nil))
			ids = append(ids, "outbound/"+out)
			var wg sync.WaitGroup
			var mu sync.Mutex
			var refusals []string
			for _, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					env := c.Call(http.MethodPost, v1+id+"/approve", nil)
					if env.Code != "201" {
						mu.Lock()
						refusals = append(refusals, env.Msg)
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			for _, r := range refusals {
				if !strings.Contains(r, "库存不足") {
					t.Fatalf("refusal: %s", r)
				}
			}
			if len(refusals) == 0 || len(refusals) == len(ids) {
				t.Fatalf("refusals: %v", refusals)
			}
			ledgerAgrees(t, h)
		})
	}
}

// What 海外仓发货 refuses, with nothing stored: a warehouse not overseas, a destination missing its fields, an
// unknown store group, marketplace or shipment, a shipment of another marketplace or one that moves this stock
// itself.
func TestOverseasOutboundInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	w := newOverseasWorld(t, h)
	c := w.c
	noDest := docBody(w.us.ID, line{w.a, 1})
	noGroup := toFBA(w.us.ID, w.group, "", line{w.a, 1})
	noGroup["destGroupId"] = ""
	otherGroup := toFBA(w.us.ID, 424242, "", line{w.a, 1})
	noMarket := toFBA(w.us.ID, w.group, "", line{w.a, 1})
	noMarket["destMarketplace"] = ""
	badMarket := toFBA(w.us.ID, w.group, "", line{w.a, 1})
	badMarket["destMarketplace"] = "XX"
	noName, noAddress, noCarrier := toBuyer(w.us.ID, line{w.a, 1}), toBuyer(w.us.ID, line{w.a, 1}), toBuyer(w.us.ID, line{w.a, 1})
	noName["buyerName"], noAddress["buyerAddress"], noCarrier["carrier"] = " ", "", ""
	for msg, body := range map[string]map[string]any{
		"请选择发往FBA或发往买家": noDest,
		"请选择店铺":         noGroup,
		"店铺不存在":         otherGroup,
		"请选择站点":         noMarket,
		"站点不存在":         badMarket,
		"收件人不能为空":       noName,
		"收件地址不能为空":      noAddress,
		"承运商不能为空":       noCarrier,
		"货件不存在":         toFBA(w.us.ID, w.group, "FBA15NOPE", line{w.a, 1}),
		"请添加产品":         toBuyer(w.us.ID),
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut", body), 400, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut", toBuyer(w.own.ID, line{w.a, 1})), 400, "B0001", "海外仓发货只能从海外仓发出，请选择海外仓")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut", toFBA(w.us.ID, w.group, w.fromHere, line{w.a, 1})), 400, "B0001",
		"货件 FBA15HERE001 从本海外仓发货，库存由货件扣减，不能再关联海外仓发货单")
	other := toFBA(w.us.ID, w.group, w.fromOwn, line{w.a, 1})
	other["destMarketplace"] = "A2EUQ1WTGCTBG2"
	apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasOut", other), 400, "B0001", "货件 FBA15OWN0001 不属于所选店铺和站点，不能关联")
	var n int64
	h.DB.Model(&stockdb.StockDocument{}).Where("kind = ?", stockdb.DocOverseasOut).Count(&n)
	if n != 0 {
		t.Fatalf("documents stored = %d", n)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"overseasOut/abc", nil), 404, "A0404", "海外仓发货单不存在")
}

// Who may call what: 海外仓库存's screen reads; 新增, 审核 and 作废 each need their own permission.
func TestOverseasOutboundCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	us := createWarehouse(t, admin, "美西海外仓", map[string]any{"kind": "overseas"})
	a := product(t, h, apptest.AdminAccount, "A-1")
	approvedDoc(t, admin, "inbound", us.ID, line{a, 5})
	id, _ := createOverseasOut(t, admin, toBuyer(us.ID, line{a, 2}))

	anon := h.Client()
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"inventory.overseas"}, nil)
	writes := []string{"POST overseasOut", "PUT overseasOut/" + id, "POST overseasOut/" + id + "/submit", "POST overseasOut/" + id + "/approve",
		"POST overseasOut/" + id + "/cancel"}
	for _, call := range append([]string{"POST overseasOut/page", "GET overseasOut/" + id, "GET overseasOut/export"}, writes...) {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[overseasOut](t, reader, "overseasOut/page", nil)
	getOverseasOut(t, reader, id)
	for _, call := range writes {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	clerk, _ := h.RestrictedUser("13900000003", []string{"inventory.overseas"}, []string{"erp:wh:overseas:add"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"overseasOut/"+id+"/submit", nil))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"overseasOut/"+id+"/approve", nil), 401, "A0301", "访问未授权")
	approver, _ := h.RestrictedUser("13900000004", []string{"inventory.overseas"}, []string{"erp:wh:overseas:approve"})
	apptest.ExpectOK(t, approver.Call(http.MethodPost, v1+"overseasOut/"+id+"/approve", nil))
	apptest.Expect(t, approver.Call(http.MethodPost, v1+"overseasOut/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	canceller, _ := h.RestrictedUser("13900000005", []string{"inventory.overseas"}, []string{"erp:wh:overseas:cancel"})
	apptest.ExpectOK(t, canceller.Call(http.MethodPost, v1+"overseasOut/"+id+"/cancel", nil))
}
