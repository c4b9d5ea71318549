package stock_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	stockdb "sellerhub/models/stock"
)

var hrNumber = regexp.MustCompile(`^HR\d{8}-\d{4}$`)

// overseasIn is a 海外仓入库 as its detail answers it.
type overseasIn struct {
	transfer
	ChannelID        string       `json:"channelId"`
	Channel          string       `json:"channel"`
	Carrier          string       `json:"carrier"`
	Tracking         string       `json:"tracking"`
	Boxes            int          `json:"boxes"`
	EstimatedArrival string       `json:"estimatedArrival"`
	ApprovedAt       string       `json:"approvedAt"`
	Creator          string       `json:"creator"`
	Ledger           []ledgerLine `json:"ledger"`
}

// freightChannel adds a channel to 物流跟踪 and answers its id.
func freightChannel(t *testing.T, c *apptest.Client, carrier, name string, days int) string {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"freightChannel", map[string]any{"carrier": carrier, "name": name, "mode": "sea", "days": days,
		"basis": "kg", "unitPrice": "8.5"})
	apptest.ExpectOK(t, env)
	var ch struct{ ID string }
	env.Into(t, &ch)
	return ch.ID
}

func headLegBody(from, to, channel string, lines ...line) map[string]any {
	b := docBody(from, lines...)
	b["toWarehouseId"], b["channelId"], b["boxes"], b["tracking"] = to, channel, 3, "MATS2026001"
	return b
}

func createOverseasIn(t *testing.T, c *apptest.Client, body map[string]any) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"overseasIn", body)
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	return d.ID, d.Number
}

func getOverseasIn(t *testing.T, c *apptest.Client, id string) overseasIn {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"overseasIn/"+id, nil)
	apptest.ExpectOK(t, env)
	var d overseasIn
	env.Into(t, &d)
	return d
}

func stepOverseasIn(t *testing.T, c *apptest.Client, id string, steps ...string) {
	t.Helper()
	for _, s := range steps {
		apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/"+s, nil))
	}
}

// 海外仓入库 on every database: a first leg from an own warehouse by a 物流跟踪 channel ships the lines into the
// overseas warehouse's 待入库 (运输中, expected the channel's days later); the overseas warehouse receives part of
// it, the difference booked with its reason; a shipped one cancelled goes back, a received one is not cancelled;
// a shortage is refused naming the SKU. Every quantity stays its ledger's sum; another company sees none of it.
func TestOverseasInboundShipsAndIsReceivedShort(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			sz := createWarehouse(t, c, "深圳仓", nil)
			us := createWarehouse(t, c, "美西海外仓", map[string]any{"kind": "overseas"})
			a, b := product(t, h, "13700000001", "A-1"), product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", sz.ID, line{a, 10}, line{b, 3})
			sea := freightChannel(t, c, "美森", "美森快船", 18)

			id, number := createOverseasIn(t, c, headLegBody(sz.ID, us.ID, sea, line{a, 6}, line{b, 3}))
			if !hrNumber.MatchString(number) {
				t.Fatalf("number = %q", number)
			}
			d := getOverseasIn(t, c, id)
			if d.StatusName != "待提交" || d.WarehouseName != "深圳仓" || d.ToWarehouseName != "美西海外仓" || d.Channel != "美森快船" ||
				d.Carrier != "美森" || d.Boxes != 3 || d.Tracking != "MATS2026001" || d.ChannelID != sea || d.EstimatedArrival != "" {
				t.Fatalf("draft = %+v", d)
			}
			// The draft is edited: 4 boxes, no tracking number yet.
			edit := headLegBody(sz.ID, us.ID, sea, line{a, 6}, line{b, 3})
			edit["boxes"], edit["tracking"] = 4, ""
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"overseasIn/"+id, edit))
			if d := getOverseasIn(t, c, id); d.Boxes != 4 || d.Tracking != "" || d.Channel != "美森快船" {
				t.Fatalf("edited = %+v", d)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("", line{a, 6}, line{b, 3})), 400, "B0001", "只有运输中的海外仓入库单可以收货")
			stepOverseasIn(t, c, id, "submit", "approve")
			d = getOverseasIn(t, c, id)
			shipDay, err := time.Parse(time.DateOnly, d.ApprovedAt[:min(len(d.ApprovedAt), 10)])
			if err != nil || d.Status != stockdb.DocApproved || d.StatusName != "运输中" || d.EstimatedArrival != shipDay.AddDate(0, 0, 18).Format(time.DateOnly) {
				t.Fatalf("shipped = %+v", d)
			}
			wantStock(t, c, sz.ID, a, 4, 0, 6)
			wantStock(t, c, us.ID, a, 0, 6, 0)
			wantStock(t, c, us.ID, b, 0, 3, 0)
			// In transit, 海外仓库存 shows it as the overseas warehouse's 待入库.
			rows := list[stock](t, c, "stock/overseas/page", map[string]any{"warehouseId": us.ID, "search": "A-1"}).Records
			if len(rows) != 1 || rows[0].Inbound != 6 || rows[0].Fulfillable != 0 {
				t.Fatalf("in transit in 海外仓库存: %+v", rows)
			}

			// The overseas warehouse receives 5 of the 6 A and every B: the difference needs its reason.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("", line{a, 5}, line{b, 3})), 400, "A0400", "实收数量与发货数量不同，请填写差异原因")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("", line{a, 7}, line{b, 3})), 400, "A0400", "SKU A-1：实收数量必须为0到发货数量之间的整数")
			wantStock(t, c, us.ID, a, 0, 6, 0)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("海外仓签收少1件", line{a, 5}, line{b, 3})))
			wantStock(t, c, sz.ID, a, 4, 0, 0)
			wantStock(t, c, us.ID, a, 5, 0, 0)
			wantStock(t, c, us.ID, b, 3, 0, 0)
			d = getOverseasIn(t, c, id)
			if d.Status != stockdb.DocReceived || d.StatusName != "已完成" || d.Reason != "海外仓签收少1件" || n(d.Lines[0].Received) != "5" {
				t.Fatalf("received = %+v", d)
			}
			kinds := map[string]int{}
			for _, l := range d.Ledger {
				kinds[l.DocTypeName+"@"+l.WarehouseName+"@"+l.SKU] += l.FulfillableChange + l.InboundChange + l.OutboundChange
				if l.DocTypeName == "海外仓收货" && l.WarehouseName == "美西海外仓" && l.SKU == "A-1" && (l.InboundChange != -6 || l.FulfillableChange != 5) {
					t.Fatalf("the receipt books the difference: %+v", l)
				}
			}
			if len(d.Ledger) != 8 || kinds["海外仓头程发货@美西海外仓@A-1"] != 6 || kinds["海外仓收货@深圳仓@A-1"] != -6 {
				t.Fatalf("ledger on the detail = %v", kinds)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn/"+id+"/cancel", nil), 400, "B0001", "海外仓入库单已收货，不能作废")

			// Short at the source: refused with what is there, nothing moved.
			short, _ := createOverseasIn(t, c, headLegBody(sz.ID, us.ID, sea, line{a, 9}))
			stepOverseasIn(t, c, short, "submit")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn/"+short+"/approve", nil), 400, "B0001", "库存不足：SKU A-1 可用库存 4，发货数量 9")
			wantStock(t, c, us.ID, a, 5, 0, 0)
			// Shipped, then cancelled: back where it was.
			back, _ := createOverseasIn(t, c, headLegBody(sz.ID, us.ID, sea, line{a, 4}))
			stepOverseasIn(t, c, back, "submit", "approve")
			wantStock(t, c, sz.ID, a, 0, 0, 4)
			wantStock(t, c, us.ID, a, 5, 4, 0)
			stepOverseasIn(t, c, back, "cancel")
			wantStock(t, c, sz.ID, a, 4, 0, 0)
			wantStock(t, c, us.ID, a, 5, 0, 0)
			if p := list[overseasIn](t, c, "overseasIn/page", map[string]any{"status": "4"}); p.Total != 1 || p.Records[0].Number != number {
				t.Fatalf("received list = %+v", p)
			}
			// A channel a first leg goes by is not deleted.
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"freightChannel/"+sea, nil), 400, "B0001", "渠道已用于货件，不能删除")

			// Another company: none of it, and not 甲's channel nor warehouses.
			o := h.SignedIn("13700000002", "乙公司")
			if p := list[overseasIn](t, o, "overseasIn/page", nil); p.Total != 0 {
				t.Fatalf("乙 lists 甲's: %+v", p)
			}
			apptest.Expect(t, o.Call(http.MethodGet, v1+"overseasIn/"+id, nil), 404, "A0404", "海外仓入库单不存在")
			apptest.Expect(t, o.Call(http.MethodPost, v1+"overseasIn/"+id+"/cancel", nil), 404, "A0404", "海外仓入库单不存在")
			oSZ := createWarehouse(t, o, "乙深圳仓", nil)
			oUS := createWarehouse(t, o, "乙海外仓", map[string]any{"kind": "overseas"})
			oa := product(t, h, "13700000002", "A-1")
			apptest.Expect(t, o.Call(http.MethodPost, v1+"overseasIn", headLegBody(oSZ.ID, oUS.ID, sea, line{oa, 1})), 400, "A0400", "物流渠道不存在")
			apptest.Expect(t, o.Call(http.MethodPost, v1+"overseasIn", headLegBody(oSZ.ID, us.ID, freightChannel(t, o, "乙承运", "空派", 7), line{oa, 1})), 400, "A0400", "海外仓不存在")
			var channels []struct{ Name string }
			env := o.Call(http.MethodGet, v1+"overseasIn/channels", nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &channels)
			if len(channels) != 1 || channels[0].Name != "空派" {
				t.Fatalf("乙's channels = %+v", channels)
			}
			ledgerAgrees(t, h)
		})
	}
}

// What 海外仓入库 refuses, with nothing stored: no or an unknown overseas warehouse, a target that is not overseas, a
// source that is not an own warehouse, no or an unknown channel, boxes out of range, no lines.
func TestOverseasInboundInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sz := createWarehouse(t, c, "深圳仓", nil)
	gz := createWarehouse(t, c, "广州仓", nil)
	us := createWarehouse(t, c, "美西海外仓", map[string]any{"kind": "overseas"})
	uk := createWarehouse(t, c, "英国海外仓", map[string]any{"kind": "overseas"})
	a := product(t, h, "13700000001", "A-1")
	sea := freightChannel(t, c, "美森", "美森快船", 18)
	with := func(change map[string]any) map[string]any {
		b := headLegBody(sz.ID, us.ID, sea, line{a, 1})
		for k, v := range change {
			b[k] = v
		}
		return b
	}
	for _, tc := range []struct {
		body map[string]any
		code string
		msg  string
	}{
		{with(map[string]any{"toWarehouseId": ""}), "A0400", "请选择海外仓"},
		{with(map[string]any{"toWarehouseId": "x"}), "A0400", "海外仓不存在"},
		{with(map[string]any{"toWarehouseId": "123"}), "A0400", "海外仓不存在"},
		{with(map[string]any{"toWarehouseId": gz.ID}), "B0001", "收货仓库必须是海外仓"},
		{with(map[string]any{"warehouseId": uk.ID}), "B0001", "海外仓入库只能从自有仓发货"},
		{with(map[string]any{"channelId": ""}), "A0400", "请选择物流渠道"},
		{with(map[string]any{"channelId": "abc"}), "A0400", "物流渠道不存在"},
		{with(map[string]any{"channelId": "4242"}), "A0400", "物流渠道不存在"},
		{with(map[string]any{"boxes": 0}), "A0400", "箱数必须为1到100000的整数"},
		{with(map[string]any{"boxes": 100001}), "A0400", "箱数必须为1到100000的整数"},
		{with(map[string]any{"tracking": strings.Repeat("1", 101)}), "A0400", "跟踪单号不能超过100个字符"},
		{with(map[string]any{"lines": []any{}}), "A0400", "请添加产品"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"overseasIn", tc.body), 400, tc.code, tc.msg)
	}
	var n int64
	h.DB.Model(&stockdb.StockDocument{}).Where("kind = ?", stockdb.DocOverseasIn).Count(&n)
	if n != 0 {
		t.Fatalf("documents stored = %d", n)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"overseasIn/abc", nil), 404, "A0404", "海外仓入库单不存在")
}

// Who may call what: 海外仓库存's screen reads (and lists the channels); 新增, 发货 (审核), 收货 and 作废 each need
// their own permission. The overseas warehouses are the company's: a user limited to a store group works them too.
func TestOverseasInboundCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	sz := createWarehouse(t, admin, "深圳仓", nil)
	us := createWarehouse(t, admin, "美西海外仓", map[string]any{"kind": "overseas"})
	a := product(t, h, apptest.AdminAccount, "A-1")
	approvedDoc(t, admin, "inbound", sz.ID, line{a, 5})
	sea := freightChannel(t, admin, "美森", "美森快船", 18)
	id, _ := createOverseasIn(t, admin, headLegBody(sz.ID, us.ID, sea, line{a, 2}))

	anon := h.Client()
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"inventory.overseas"}, nil)
	writes := []string{"POST overseasIn", "PUT overseasIn/" + id, "POST overseasIn/" + id + "/submit", "POST overseasIn/" + id + "/approve",
		"POST overseasIn/" + id + "/receive", "POST overseasIn/" + id + "/cancel"}
	reads := []string{"POST overseasIn/page", "GET overseasIn/" + id, "GET overseasIn/export", "GET overseasIn/channels"}
	for _, call := range append(reads, writes...) {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[overseasIn](t, reader, "overseasIn/page", nil)
	getOverseasIn(t, reader, id)
	for _, call := range writes {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	clerk, _ := h.RestrictedUser("13900000003", []string{"inventory.overseas"}, []string{"erp:wh:overseasin:add"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"overseasIn/"+id+"/submit", nil))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"overseasIn/"+id+"/approve", nil), 401, "A0301", "访问未授权")
	shipper, _ := h.RestrictedUser("13900000004", []string{"inventory.overseas"}, []string{"erp:wh:overseasin:approve"})
	apptest.ExpectOK(t, shipper.Call(http.MethodPost, v1+"overseasIn/"+id+"/approve", nil))
	apptest.Expect(t, shipper.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("", line{a, 2})), 401, "A0301", "访问未授权")
	receiver, _ := h.RestrictedUser("13900000005", []string{"inventory.overseas"}, []string{"erp:wh:overseasin:receive"})
	apptest.Expect(t, receiver.Call(http.MethodPost, v1+"overseasIn/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	canceller, _ := h.RestrictedUser("13900000006", []string{"inventory.overseas"}, []string{"erp:wh:overseasin:cancel"})
	apptest.ExpectOK(t, canceller.Call(http.MethodPost, v1+"overseasIn/"+id+"/cancel", nil))
	again, _ := createOverseasIn(t, admin, headLegBody(sz.ID, us.ID, sea, line{a, 2}))
	stepOverseasIn(t, admin, again, "submit", "approve")
	apptest.ExpectOK(t, receiver.Call(http.MethodPost, v1+"overseasIn/"+again+"/receive", receipt("", line{a, 2})))
}

// Store groups: own and overseas warehouses are the company's, so a sub-user limited to 演示店铺 makes, ships,
// receives and cancels 海外仓入库 like the owner and lists them all; another store group's FBA warehouse is neither a
// source nor a target for them (it is not there), and the owner's choice of it is refused as not an overseas one.
func TestOverseasInboundUnderStoreGroups(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newStoreGroupFixture(t, h)
			own := fmt.Sprint(f.own.ID)
			us := createWarehouse(t, f.owner, "美西海外仓", map[string]any{"kind": "overseas"})
			a := product(t, h, apptest.AdminAccount, "OS-LAMP")
			approvedDoc(t, f.owner, "inbound", own, line{a, 9})
			sea := freightChannel(t, f.owner, "美森", "美森快船", 18)

			id, number := createOverseasIn(t, f.clerk, headLegBody(own, us.ID, sea, line{a, 5}))
			stepOverseasIn(t, f.clerk, id, "submit", "approve")
			wantStock(t, f.clerk, us.ID, a, 0, 5, 0)
			apptest.ExpectOK(t, f.clerk.Call(http.MethodPost, v1+"overseasIn/"+id+"/receive", receipt("", line{a, 5})))
			wantStock(t, f.owner, us.ID, a, 5, 0, 0)
			if d := getOverseasIn(t, f.owner, id); d.Number != number || d.StatusName != "已完成" || d.Creator == "" || d.Receiver == "" {
				t.Fatalf("the clerk's, read by the owner = %+v", d)
			}
			cancelled, _ := createOverseasIn(t, f.owner, headLegBody(own, us.ID, sea, line{a, 2}))
			stepOverseasIn(t, f.owner, cancelled, "submit", "approve")
			stepOverseasIn(t, f.clerk, cancelled, "cancel")
			wantStock(t, f.owner, own, a, 4, 0, 0)
			if p := list[overseasIn](t, f.clerk, "overseasIn/page", nil); p.Total != 2 {
				t.Fatalf("the clerk lists %d 海外仓入库", p.Total)
			}

			fba := fmt.Sprint(f.fba.ID)
			apptest.Expect(t, f.clerk.Call(http.MethodPost, v1+"overseasIn", headLegBody(own, fba, sea, line{a, 1})), 400, "A0400", "海外仓不存在")
			apptest.Expect(t, f.clerk.Call(http.MethodPost, v1+"overseasIn", headLegBody(fba, us.ID, sea, line{a, 1})), 400, "A0400", "仓库不存在")
			apptest.Expect(t, f.owner.Call(http.MethodPost, v1+"overseasIn", headLegBody(own, fba, sea, line{a, 1})), 400, "B0001", "收货仓库必须是海外仓")
			var n int64
			h.DB.Model(&stockdb.StockDocument{}).Where("kind = ?", stockdb.DocOverseasIn).Count(&n)
			if n != 2 {
				t.Fatalf("documents stored = %d", n)
			}
			ledgerAgrees(t, h)
		})
	}
}
