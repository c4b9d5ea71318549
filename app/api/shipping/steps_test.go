package shipping_test

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// generatedID is our number of a shipment made without Amazon's id: LS, the date and the day's sequence.
var generatedID = regexp.MustCompile(`^LS\d{8}-\d{4}$`)

// Every step and every cancel moves the stock exactly as domain.md says, on SQLite and PostgreSQL.
func TestStepsMoveStockAndCancelsReverseThem(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 50)
			sh := s.shipmentFromPlan(t, 30, 20)
			if !generatedID.MatchString(sh.ShipmentID) || sh.Status != 1 || sh.StatusName != "待确认" || sh.AmazonStatus != "WORKING" ||
				sh.Center != "ONT8" || sh.SKUCount != 2 || sh.Quantity != 50 || sh.Items[0].FNSKU == "" || sh.PlanID == "" ||
				len(sh.Events) != 1 || sh.Events[0].Action != "创建货件" || sh.Events[0].Operator == "" {
				t.Fatalf("created shipment = %+v", sh)
			}
			id := sh.ShipmentID
			s.wantStock(t, h, 0, 100, 0)

			// 配货: fulfillable -> outbound; its cancel moves it back.
			sh = s.step(t, id, "confirm", nil)
			if sh.Status != 2 || sh.StatusName != "配货" || sh.AuditedAt == "" || sh.Items[0].Fulfillable != 70 {
				t.Fatalf("confirmed = %+v", sh)
			}
			s.wantStock(t, h, 0, 70, 30)
			s.wantStock(t, h, 1, 30, 20)
			sh = s.step(t, id, "unconfirm", nil)
			if sh.Status != 1 || sh.AuditedAt != "" {
				t.Fatalf("unconfirmed = %+v", sh)
			}
			s.wantStock(t, h, 0, 100, 0)
			s.wantStock(t, h, 1, 50, 0)
			s.step(t, id, "confirm", nil)

			// 装箱: totals must match; its cancel removes the cartons; no stock moves.
			sh = s.step(t, id, "box", cartons(sh))
			if sh.Status != 3 || sh.StatusName != "装箱" || len(sh.Cartons) != 2 || sh.Cartons[0].Weight != "12.5" ||
				sh.Cartons[1].Items[0].SellerSKU != s.skus[1] || sh.Cartons[1].Items[0].Quantity != 20 {
				t.Fatalf("boxed = %+v", sh)
			}
			s.wantStock(t, h, 0, 70, 30)
			sh = s.step(t, id, "unbox", nil)
			if sh.Status != 2 || len(sh.Cartons) != 0 {
				t.Fatalf("unboxed = %+v", sh)
			}
			sh = s.step(t, id, "box", cartons(sh))

			// 发货 of fewer than planned: outbound consumed, the remainder back to fulfillable.
			sh = s.step(t, id, "ship", map[string]any{"carrier": "UPS", "channel": "美森快船", "tracking": "1Z999", "freight": "1234.5",
				"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 28}}})
			if sh.Status != 4 || sh.AmazonStatus != "SHIPPED" || sh.StatusName != "已发货" || sh.ShippedAt == "" || sh.Carrier != "UPS" ||
				sh.Freight != "1234.50" || sh.Items[0].QuantityShipped != 28 || sh.Items[1].QuantityShipped != 20 {
				t.Fatalf("shipped = %+v", sh)
			}
			s.wantStock(t, h, 0, 72, 0)
			s.wantStock(t, h, 1, 30, 0)
			s.wantFBA(t, h, 0, 28, 0)
			s.wantFBA(t, h, 1, 20, 0)

			// Its cancel puts everything back as it was after 装箱.
			sh = s.step(t, id, "unship", nil)
			if sh.Status != 3 || sh.AmazonStatus != "WORKING" || sh.ShippedAt != "" || sh.Items[0].QuantityShipped != 0 {
				t.Fatalf("unshipped = %+v", sh)
			}
			s.wantStock(t, h, 0, 70, 30)
			s.wantStock(t, h, 1, 30, 20)
			s.wantFBA(t, h, 0, 0, 0)
			s.wantFBA(t, h, 1, 0, 0)
			sh = s.step(t, id, "ship", map[string]any{"carrier": "UPS"})
			s.wantStock(t, h, 0, 70, 0)
			s.wantStock(t, h, 1, 30, 0)

			// 收货 turns what was received from inbound to fulfillable in the FBA warehouse; Amazon's status moves
			// no stock.
			sh = s.step(t, id, "receive", map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 29}}})
			if sh.Items[0].QuantityReceived != 29 || sh.Items[1].QuantityReceived != 0 {
				t.Fatalf("received = %+v", sh)
			}
			s.wantFBA(t, h, 0, 1, 29)
			s.wantFBA(t, h, 1, 20, 0)
			sh = s.step(t, id, "amazonStatus", map[string]any{"status": "receiving"})
			if sh.AmazonStatus != "RECEIVING" || sh.StatusName != "接收中" {
				t.Fatalf("receiving = %+v", sh)
			}
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id+"/unship", nil), 400, "B0001", shipping.MsgNotUnshippable)
			sh = s.step(t, id, "amazonStatus", map[string]any{"status": "CLOSED"})
			if sh.StatusName != "已完成" {
				t.Fatalf("closed = %+v", sh)
			}
			sh = s.step(t, id, "amazonStatus", map[string]any{"status": "ERROR"})
			if sh.StatusName != "错误（异常）" {
				t.Fatalf("error = %+v", sh)
			}
			s.wantStock(t, h, 0, 70, 0)
			s.wantFBA(t, h, 0, 1, 29)

			// The ledger has one line per product and movement, under the shipment's id: in the shop's warehouse
			// confirm, unconfirm, confirm, ship, unship, ship; in the FBA warehouse ship, unship, ship and the one
			// product received.
			var lines, fba int64
			h.DB.Model(&stockdb.StockLedgerLine{}).Where("doc_type = ? AND doc_number = ? AND warehouse_id = ?", "FBA货件", id, s.warehouse.ID).Count(&lines)
			h.DB.Model(&stockdb.StockLedgerLine{}).Where("doc_type = ? AND doc_number = ? AND warehouse_id <> ?", "FBA货件", id, s.warehouse.ID).Count(&fba)
			if lines != 2*6 || fba != 2*3+1 {
				t.Fatalf("%d ledger lines in the shop's warehouse, want 12; %d in the FBA warehouse, want 7", lines, fba)
			}
			actions := []string{"创建货件", "确认配货", "取消配货", "确认配货", "装箱", "取消装箱", "装箱", "发货", "取消发货", "发货",
				"登记收货", "更新亚马逊状态", "更新亚马逊状态", "更新亚马逊状态"}
			if len(sh.Events) != len(actions) {
				t.Fatalf("timeline = %+v", sh.Events)
			}
			for i, a := range actions {
				if sh.Events[i].Action != a {
					t.Fatalf("event %d = %+v, want %s", i, sh.Events[i], a)
				}
			}

			// Cancelling a shipment undoes the steps taken and gives its plan back.
			for _, upto := range []string{"", "confirm", "box"} {
				sh := s.shipmentFromPlan(t, 10, 10)
				if upto != "" {
					sh = s.step(t, sh.ShipmentID, "confirm", nil)
				}
				if upto == "box" {
					s.step(t, sh.ShipmentID, "box", cartons(sh))
				}
				s.wantStock(t, h, 0, map[string]int{"": 70, "confirm": 60, "box": 60}[upto], map[string]int{"": 0, "confirm": 10, "box": 10}[upto])
				sh = s.step(t, sh.ShipmentID, "cancel", nil)
				if sh.Status != 0 || sh.StatusName != "取消" || len(sh.Cartons) != 0 {
					t.Fatalf("cancelled after %q = %+v", upto, sh)
				}
				s.wantStock(t, h, 0, 70, 0)
				s.wantStock(t, h, 1, 30, 0)
				p := decode[planOut](t, s.c.Call(http.MethodGet, v1+"shipPlan/"+sh.PlanID, nil))
				if p.Status != 1 {
					t.Fatalf("plan after its shipment was cancelled = %+v", p)
				}
			}
		})
	}
}

// Two confirmations at once of shipments of the same product with stock for only one: exactly one wins, the
// other is refused naming the SKU, and nothing is lost or negative.
func TestConcurrentConfirmationsOneWins(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 100)
			a := s.shipmentFromPlan(t, 60, 10)
			b := s.shipmentFromPlan(t, 60, 10)
			var wg sync.WaitGroup
			results := make([]apptest.Envelope, 2)
			for i, id := range []string{a.ShipmentID, b.ShipmentID} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i] = s.c.Call(http.MethodPost, v1+"shipment/"+id+"/confirm", nil)
				}()
			}
			wg.Wait()
			won, lost := 0, 0
			for _, env := range results {
				switch {
				case env.Code == "201":
					won++
				case env.Status == 400 && env.Msg == "库存不足：SKU "+s.products[0].SKU+" 在发货仓库的可用库存为40，需要60":
					lost++
				default:
					t.Fatalf("confirmation answered %d %s %q", env.Status, env.Code, env.Msg)
				}
			}
			if won != 1 || lost != 1 {
				t.Fatalf("won %d, lost %d", won, lost)
			}
			s.wantStock(t, h, 0, 40, 60)
			s.wantStock(t, h, 1, 90, 10)
		})
	}
}

func TestStepFaults(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 5)
	sh := s.shipmentFromPlan(t, 10, 8)
	id := sh.ShipmentID
	call := func(step string, body any) apptest.Envelope {
		return s.c.Call(http.MethodPost, v1+"shipment/"+id+"/"+step, body)
	}
	// Out of order.
	apptest.Expect(t, call("unconfirm", nil), 400, "B0001", shipping.MsgNotPicking)
	apptest.Expect(t, call("box", cartons(sh)), 400, "B0001", shipping.MsgNotPicking)
	apptest.Expect(t, call("ship", map[string]any{"carrier": "UPS"}), 400, "B0001", shipping.MsgNotBoxed)
	apptest.Expect(t, call("unbox", nil), 400, "B0001", shipping.MsgNotBoxed)
	apptest.Expect(t, call("unship", nil), 400, "B0001", shipping.MsgNotUnshippable)
	apptest.Expect(t, call("receive", map[string]any{}), 400, "B0001", shipping.MsgNotShipped)
	apptest.Expect(t, call("amazonStatus", map[string]any{"status": "CLOSED"}), 400, "B0001", shipping.MsgNotShipped)
	apptest.Expect(t, call("amazonStatus", map[string]any{"status": "LOST"}), 400, "A0400", shipping.MsgAmazonStatusBad)

	// Short stock names the SKU and moves nothing, not even the item that had enough.
	apptest.Expect(t, call("confirm", nil), 400, "B0001", "库存不足：SKU "+s.products[1].SKU+" 在发货仓库的可用库存为5，需要8")
	s.wantStock(t, h, 0, 100, 0)
	if got := decode[shipmentOut](t, s.c.Call(http.MethodGet, v1+"shipment/"+id, nil)); got.Status != 1 || len(got.Events) != 1 {
		t.Fatalf("after the refused confirmation: %+v", got)
	}
	// A warehouse being stocktaken refuses.
	h.DB.Model(s.warehouse).Update("stocktaking", true)
	apptest.Expect(t, call("confirm", nil), 400, "B0001", shipping.MsgWarehouseCounting)
	h.DB.Model(s.warehouse).Update("stocktaking", false)

	sh2 := s.shipmentFromPlan(t, 10, 2)
	id = sh2.ShipmentID
	s.step(t, id, "confirm", nil)
	apptest.Expect(t, call("confirm", nil), 400, "B0001", shipping.MsgNotConfirmable)
	it0, it1 := sh2.Items[0].ID, sh2.Items[1].ID
	carton := func(number int, weight string, items ...map[string]any) map[string]any {
		return map[string]any{"number": number, "weight": weight, "length": "50", "width": "40", "height": "30", "items": items}
	}
	content := func(item string, n int) map[string]any { return map[string]any{"itemId": item, "quantity": n} }
	boxFaults := []struct {
		cartons []map[string]any
		msg     string
	}{
		{nil, shipping.MsgCartonsEmpty},
		{[]map[string]any{carton(0, "1", content(it0, 10))}, "第1箱：箱号应为正整数"},
		{[]map[string]any{carton(1, "1", content(it0, 5)), carton(1, "1", content(it0, 5))}, "箱号1重复"},
		{[]map[string]any{carton(1, "0", content(it0, 10))}, "第1箱：请填写大于0的重量(kg，最多3位小数)和长宽高(cm，最多2位小数)"},
		{[]map[string]any{carton(1, "abc", content(it0, 10))}, "第1箱：请填写大于0的重量(kg，最多3位小数)和长宽高(cm，最多2位小数)"},
		{[]map[string]any{carton(1, "1.2345", content(it0, 10))}, "第1箱：请填写大于0的重量(kg，最多3位小数)和长宽高(cm，最多2位小数)"},
		{[]map[string]any{carton(1, "1")}, "第1箱：箱内没有产品"},
		{[]map[string]any{carton(1, "1", content("42", 1))}, "第1箱：产品不在该货件中"},
		{[]map[string]any{carton(1, "1", content(it0, 0))}, "第1箱：装箱数量应为正整数"},
		{[]map[string]any{carton(1, "1", content(it0, 10), content(it1, 1))}, "平台SKU " + s.skus[1] + " 装箱合计1，与计划发货数量2不一致"},
	}
	for _, f := range boxFaults {
		apptest.Expect(t, call("box", map[string]any{"cartons": f.cartons}), 400, "A0400", f.msg)
	}
	s.step(t, id, "box", map[string]any{"cartons": []map[string]any{carton(1, "8.25", content(it0, 6), content(it1, 2)), carton(2, "5", content(it0, 4))}})
	shipFaults := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"carrier": " "}, shipping.MsgCarrierEmpty},
		{map[string]any{"carrier": "UPS", "freight": "-1"}, shipping.MsgFreightBad},
		{map[string]any{"carrier": "UPS", "freight": "1.234"}, shipping.MsgFreightBad},
		{map[string]any{"carrier": "UPS", "freight": "abc"}, shipping.MsgFreightBad},
		{map[string]any{"carrier": "UPS", "items": []map[string]any{content(it0, 11)}}, "平台SKU " + s.skus[0] + " 发货数量应在0到10之间"},
		{map[string]any{"carrier": "UPS", "items": []map[string]any{content("7", 1)}}, "产品不在该货件中"},
		{map[string]any{"carrier": "UPS", "items": []map[string]any{content(it0, 0), content(it1, 0)}}, shipping.MsgShippedNone},
	}
	for _, f := range shipFaults {
		apptest.Expect(t, call("ship", f.body), 400, "A0400", f.msg)
	}
	s.step(t, id, "ship", map[string]any{"carrier": "UPS", "items": []map[string]any{content(it0, 9)}})
	apptest.Expect(t, call("receive", map[string]any{"items": []map[string]any{content(it0, 10)}}), 400, "A0400", "平台SKU "+s.skus[0]+" 收货数量应在0到9之间")
	apptest.Expect(t, call("receive", map[string]any{"items": []map[string]any{content(it0, -1)}}), 400, "A0400", "平台SKU "+s.skus[0]+" 收货数量应在0到9之间")
	apptest.Expect(t, call("cancel", nil), 400, "B0001", shipping.MsgNotCancellable)
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/FBA15NOTHERE/confirm", nil), 404, "A0404", "货件不存在")
}

// Another company's shipment is not there: every call answers 404 and changes nothing.
func TestAnotherCompanysShipmentIsNotFound(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	b := newShop(t, h, "13700000002", "乙公司", 100)
	sh := a.shipmentFromPlan(t, 10, 5)
	a.step(t, sh.ShipmentID, "confirm", nil)
	plan := decode[planOut](t, a.c.Call(http.MethodPost, v1+"shipPlan", a.planBody(1)))

	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "shipment/" + sh.ShipmentID},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/confirm"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/unconfirm"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/box"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/unbox"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/ship"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/unship"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/receive"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/amazonStatus"},
		{http.MethodPost, "shipment/" + sh.ShipmentID + "/cancel"},
	} {
		body := map[string]any{"carrier": "UPS", "status": "CLOSED", "cartons": cartons(sh)["cartons"]}
		apptest.Expect(t, b.c.Call(c.method, v1+c.path, body), 404, "A0404", "货件不存在")
	}
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "shipPlan/" + plan.ID},
		{http.MethodPut, "shipPlan/" + plan.ID},
		{http.MethodPost, "shipPlan/" + plan.ID + "/submit"},
		{http.MethodPost, "shipPlan/" + plan.ID + "/cancel"},
	} {
		apptest.Expect(t, b.c.Call(c.method, v1+c.path, b.planBody(1)), 404, "A0404", "发货计划不存在")
	}
	apptest.Expect(t, b.c.Call(http.MethodPost, v1+"shipment/fromPlan", map[string]any{"planId": plan.ID, "center": "ONT8"}), 404, "A0404", "发货计划不存在")
	// 乙's lists are empty; 甲's shipment and stock are as they were.
	type pageOut struct {
		Total int `json:"total"`
	}
	if p := decode[pageOut](t, b.c.Call(http.MethodPost, v1+"shipment/page", map[string]any{})); p.Total != 0 {
		t.Fatalf("乙 sees %d shipments", p.Total)
	}
	if p := decode[pageOut](t, b.c.Call(http.MethodPost, v1+"shipPlan/page", map[string]any{})); p.Total != 0 {
		t.Fatalf("乙 sees %d plans", p.Total)
	}
	got := decode[shipmentOut](t, a.c.Call(http.MethodGet, v1+"shipment/"+sh.ShipmentID, nil))
	if got.Status != 2 || len(got.Events) != 2 {
		t.Fatalf("甲's shipment after 乙's calls: %+v", got)
	}
	a.wantStock(t, h, 0, 90, 10)
	if p := decode[planOut](t, a.c.Call(http.MethodGet, v1+"shipPlan/"+plan.ID, nil)); p.Status != 0 || p.Quantity != 1 {
		t.Fatalf("甲's plan after 乙's calls: %+v", p)
	}
	// The same Amazon shipment id may exist in both companies.
	for _, s := range []*shop{a, b} {
		body := map[string]any{"groupId": itoa(s.group.ID), "marketplaceId": US, "warehouseId": itoa(s.warehouse.ID), "center": "LGB3",
			"shipmentId": "FBA15BOTH001", "items": []map[string]any{{"sellerSku": s.skus[0], "quantity": 1}}}
		decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment", body))
	}
}

// A user granted the 货件处理 screen but not its button permissions reads shipments but takes no step and creates
// none; a member without the screen reads nothing.
func TestHandlingNeedsItsPermission(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := a.shipmentFromPlan(t, 10, 5)
	viewer, _ := h.RestrictedUser("13700000009", []string{"ship.quota"}, nil)
	decode[struct{}](t, viewer.Call(http.MethodPost, v1+"shipment/page", map[string]any{}))
	apptest.Expect(t, viewer.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/confirm", nil), 401, "A0301", "访问未授权")
	apptest.Expect(t, viewer.Call(http.MethodPost, v1+"shipment", map[string]any{}), 401, "A0301", "访问未授权")
	apptest.Expect(t, viewer.Call(http.MethodPost, v1+"shipPlan/page", map[string]any{}), 401, "A0301", "访问未授权")
	member := h.Member("13700000001", "13700000008", false)
	apptest.Expect(t, member.Call(http.MethodGet, v1+"shipment/"+sh.ShipmentID, nil), 401, "A0301", "访问未授权")
	apptest.Expect(t, member.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/confirm", nil), 401, "A0301", "访问未授权")
	a.wantStock(t, h, 0, 100, 0)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// 货件详情 is rendered on the server for the shipment's company only.
func TestShipmentDetailsPage(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	b := newShop(t, h, "13700000002", "乙公司", 100)
	sh := a.shipmentFromPlan(t, 10, 5)
	sh = a.step(t, sh.ShipmentID, "confirm", nil)
	a.step(t, sh.ShipmentID, "box", cartons(sh))
	resp, body := a.c.Raw(http.MethodGet, "/shipmentdetails?embed=1&shipmentid="+sh.ShipmentID, "", nil)
	page := string(body)
	for _, want := range []string{sh.ShipmentID, a.products[0].SKU, a.skus[1], "12.5", "60*40*35", a.skus[0] + " × 10", "确认配货", "装箱",
		"/orderblank?shipmentid=" + sh.ShipmentID} {
		if resp.StatusCode != 200 || !strings.Contains(page, want) {
			t.Fatalf("details page (%d) lacks %q", resp.StatusCode, want)
		}
	}
	if resp, _ := b.c.Raw(http.MethodGet, "/shipmentdetails?embed=1&shipmentid="+sh.ShipmentID, "", nil); resp.StatusCode != 404 {
		t.Fatalf("乙 reading 甲's details: %d", resp.StatusCode)
	}
}

// 货件详情's 差异 reads as 收货's does (issue 43, item 18): nothing received yet is no difference ("—", not the
// whole shipment short), and once Amazon has received some, each line's received less shipped.
func TestShipmentDetailsDifferenceAsReceived(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := a.shipmentFromPlan(t, 10, 5)
	sh = a.step(t, sh.ShipmentID, "confirm", nil)
	sh = a.step(t, sh.ShipmentID, "box", cartons(sh))
	sh = a.step(t, sh.ShipmentID, "ship", map[string]any{"carrier": "UPS"})
	differences := func() []string {
		resp, body := a.c.Raw(http.MethodGet, "/shipmentdetails?embed=1&shipmentid="+sh.ShipmentID, "", nil)
		page := string(body)
		start, end := strings.Index(page, "货件明细"), strings.Index(page, "装箱信息")
		if resp.StatusCode != 200 || start < 0 || end < start {
			t.Fatalf("details page (%d) without its items", resp.StatusCode)
		}
		var out []string
		for _, row := range strings.Split(page[start:end], "<tr>")[2:] { // the text before the header, the header
			cells := regexp.MustCompile(`<td[^>]*>([^<]*)</td>`).FindAllStringSubmatch(row, -1)
			out = append(out, cells[len(cells)-1][1])
		}
		return out
	}
	if got := differences(); !slices.Equal(got, []string{"—", "—"}) {
		t.Fatalf("差异 before anything was received: %v", got)
	}
	a.step(t, sh.ShipmentID, "receive", map[string]any{"items": []map[string]any{
		{"itemId": sh.Items[0].ID, "quantity": sh.Items[0].QuantityShipped - 1}, {"itemId": sh.Items[1].ID, "quantity": sh.Items[1].QuantityShipped}}})
	if got := differences(); !slices.Equal(got, []string{"-1", "0"}) {
		t.Fatalf("差异 after a receipt one short: %v", got)
	}
}

// 货件详情 is for those granted the 货件处理 screen, as its calls are, and within the store groups they are
// limited to: a user without the screen gets the refusal of every guarded page, one limited to another store
// group the shipment's 404, and neither sees its carrier, tracking or items.
func TestShipmentDetailsNeedTheScreenAndTheStoreGroup(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := a.shipmentFromPlan(t, 10, 5)
	sh = a.step(t, sh.ShipmentID, "confirm", nil)
	sh = a.step(t, sh.ShipmentID, "box", cartons(sh))
	a.step(t, sh.ShipmentID, "ship", map[string]any{"carrier": "UPS", "tracking": "1Z999TRACK", "freight": "1234.5"})
	path := "/shipmentdetails?embed=1&shipmentid=" + sh.ShipmentID
	secrets := []string{"1Z999TRACK", "1234.50", a.skus[0]}
	shows := func(c *apptest.Client) (int, bool) {
		resp, body := c.Raw(http.MethodGet, path, "", nil)
		for _, s := range secrets {
			if strings.Contains(string(body), s) {
				return resp.StatusCode, true
			}
		}
		return resp.StatusCode, false
	}
	if status, ok := shows(a.c); status != 200 || !ok {
		t.Fatalf("the owner reading the details: %d", status)
	}
	if status, ok := shows(h.Member("13700000001", "13700000005", true)); status != 200 || !ok {
		t.Fatalf("an admin member reading the details: %d", status)
	}

	noRoles := h.Member("13700000001", "13700000006", false)
	resp, body := noRoles.Raw(http.MethodGet, path, "", nil)
	if resp.StatusCode != 403 || !strings.Contains(string(body), "无权限") || !strings.Contains(string(body), `data-exception="noPermission"`) {
		t.Fatalf("a member without roles reading the details: %d %s", resp.StatusCode, body)
	}
	if _, ok := shows(noRoles); ok {
		t.Fatal("the refusal shows the shipment")
	}

	other := &storesdb.StoreGroup{CompanyID: a.companyID, Name: "欧洲店铺"}
	if err := h.DB.Create(other).Error; err != nil {
		t.Fatal(err)
	}
	limited := h.Member("13700000001", "13700000007", true)
	member, err := accountsdb.UserByAccount(h.DB, "13700000007")
	if err != nil {
		t.Fatal(err)
	}
	if err := storesdb.SetUserStoreGroups(h.DB, a.companyID, member.ID, []int64{other.ID}); err != nil {
		t.Fatal(err)
	}
	if status, ok := shows(limited); status != 404 || ok {
		t.Fatalf("a member limited to another store group reading the details: %d (shows it: %v)", status, ok)
	}
}

// Every change lands in the operation log under its action, with the shipment's id as its target; refused calls
// do not.
func TestChangesAreLogged(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := a.shipmentFromPlan(t, 10, 5)
	sh = a.step(t, sh.ShipmentID, "confirm", nil)
	a.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/confirm", nil)
	a.step(t, sh.ShipmentID, "box", cartons(sh))
	a.step(t, sh.ShipmentID, "unbox", nil)
	a.step(t, sh.ShipmentID, "cancel", nil)
	var logs []admindb.OperationLog
	h.DB.Where("company_id = ?", a.companyID).Order("created_at, id").Find(&logs)
	var got []string
	for _, l := range logs {
		got = append(got, l.Action)
		if strings.HasPrefix(l.Path, "/erp/api/v1/shipment/FBA") && l.TargetID != sh.ShipmentID {
			t.Fatalf("log %+v has target %q", l, l.TargetID)
		}
	}
	want := "新建发货计划,提交发货计划,创建货件,确认配货,货件装箱,取消装箱,取消货件"
	if strings.Join(got, ",") != want {
		t.Fatalf("logged %v, want %s", got, want)
	}
}

// A user limited to some store groups sees and handles only their plans and shipments: others are not found.
func TestUserLimitedToOtherStoreGroups(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := a.shipmentFromPlan(t, 10, 5)
	plan := decode[planOut](t, a.c.Call(http.MethodPost, v1+"shipPlan", a.planBody(1)))
	other := &storesdb.StoreGroup{CompanyID: a.companyID, Name: "欧洲店铺"}
	if err := h.DB.Create(other).Error; err != nil {
		t.Fatal(err)
	}
	m := h.Member("13700000001", "13700000007", true)
	member, err := accountsdb.UserByAccount(h.DB, "13700000007")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: member.ID, GroupID: other.ID}).Error; err != nil {
		t.Fatal(err)
	}
	type pageOut struct {
		Total int `json:"total"`
	}
	if p := decode[pageOut](t, m.Call(http.MethodPost, v1+"shipment/page", map[string]any{})); p.Total != 0 {
		t.Fatalf("the member sees %d shipments", p.Total)
	}
	if p := decode[pageOut](t, m.Call(http.MethodPost, v1+"shipPlan/page", map[string]any{})); p.Total != 0 {
		t.Fatalf("the member sees %d plans", p.Total)
	}
	apptest.Expect(t, m.Call(http.MethodGet, v1+"shipment/"+sh.ShipmentID, nil), 404, "A0404", "货件不存在")
	apptest.Expect(t, m.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/confirm", nil), 404, "A0404", "货件不存在")
	apptest.Expect(t, m.Call(http.MethodGet, v1+"shipPlan/"+plan.ID, nil), 404, "A0404", "发货计划不存在")
	apptest.Expect(t, m.Call(http.MethodPost, v1+"shipPlan", a.planBody(1)), 400, "A0400", shipping.MsgGroupMissing)
	apptest.Expect(t, m.Call(http.MethodGet, v1+"shipPlan/listings?marketplaceId="+US+"&groupId="+itoa(a.group.ID)+"&warehouseId="+itoa(a.warehouse.ID), nil),
		400, "A0400", shipping.MsgGroupMissing)
	type optionsOut struct {
		Groups []struct{ Name string } `json:"groups"`
	}
	if o := decode[optionsOut](t, m.Call(http.MethodGet, v1+"shipPlan/options", nil)); len(o.Groups) != 1 || o.Groups[0].Name != "欧洲店铺" {
		t.Fatalf("the member's groups: %+v", o.Groups)
	}
	a.wantStock(t, h, 0, 100, 0)
	// The owner, without limits, still sees everything.
	decode[shipmentOut](t, a.c.Call(http.MethodGet, v1+"shipment/"+sh.ShipmentID, nil))
}
