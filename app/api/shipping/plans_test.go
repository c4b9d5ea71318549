package shipping_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/app/shipping"
)

func TestPlanOptionsAndListings(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	type optionsOut struct {
		Groups         []struct{ ID, Name string } `json:"groups"`
		Marketplaces   []struct{ ID, Country string }
		Warehouses     []struct{ ID, Name string }
		AmazonStatuses []struct{ Code, Name string } `json:"amazonStatuses"`
	}
	opts := decode[optionsOut](t, s.c.Call(http.MethodGet, v1+"shipPlan/options", nil))
	if len(opts.Groups) != 1 || opts.Groups[0].Name != "甲公司店铺" || len(opts.Marketplaces) != 20 ||
		len(opts.Warehouses) != 1 || opts.Warehouses[0].ID != fmt.Sprint(s.warehouse.ID) || len(opts.AmazonStatuses) != 9 {
		t.Fatalf("options = %+v", opts)
	}
	q := fmt.Sprintf("shipPlan/listings?groupId=%d&marketplaceId=%s&warehouseId=%d", s.group.ID, US, s.warehouse.ID)
	type listing struct {
		SKU         string `json:"sku"`
		SellerSKU   string `json:"sellerSku"`
		FNSKU       string `json:"fnsku"`
		Fulfillable int    `json:"fulfillable"`
	}
	rows := decode[[]listing](t, s.c.Call(http.MethodGet, v1+q, nil))
	if len(rows) != 2 || rows[0].SellerSKU != s.skus[0] || rows[0].Fulfillable != 100 || rows[1].Fulfillable != 50 || rows[0].FNSKU == "" {
		t.Fatalf("listings = %+v", rows)
	}
	if rows := decode[[]listing](t, s.c.Call(http.MethodGet, v1+q+"&search=-2", nil)); len(rows) != 1 || rows[0].SellerSKU != s.skus[1] {
		t.Fatalf("search = %+v", rows)
	}
	// Another marketplace has no listings; a missing choice is named.
	q2 := fmt.Sprintf("shipPlan/listings?groupId=%d&marketplaceId=A1PA6795UKMFR9&warehouseId=%d", s.group.ID, s.warehouse.ID)
	if rows := decode[[]listing](t, s.c.Call(http.MethodGet, v1+q2, nil)); len(rows) != 0 {
		t.Fatalf("DE listings = %+v", rows)
	}
	apptest.Expect(t, s.c.Call(http.MethodGet, v1+"shipPlan/listings?marketplaceId="+US, nil), 400, "A0400", shipping.MsgGroupEmpty)

	// Another company's store group is not there for this one.
	b := newShop(t, h, "13700000002", "乙公司", 5)
	q3 := fmt.Sprintf("shipPlan/listings?groupId=%d&marketplaceId=%s&warehouseId=%d", s.group.ID, US, b.warehouse.ID)
	apptest.Expect(t, b.c.Call(http.MethodGet, v1+q3, nil), 400, "A0400", shipping.MsgGroupMissing)
}

func TestPlanCreateEditSubmitCancel(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	p := decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(10, 5)))
	if !strings.HasPrefix(p.Number, "SP") || p.Status != 0 || p.StatusName != "待提交" || p.SKUCount != 2 || p.Quantity != 15 ||
		p.Country != "US" || p.GroupName != "甲公司店铺" || p.Remark != "首批" || len(p.Items) != 2 ||
		p.Items[0].Fulfillable != 100 || p.Items[0].FNSKU == "" || p.Items[1].Quantity != 5 {
		t.Fatalf("created plan = %+v", p)
	}
	got := decode[planOut](t, s.c.Call(http.MethodGet, v1+"shipPlan/"+p.ID, nil))
	if got.Number != p.Number || len(got.Items) != 2 {
		t.Fatalf("read back %+v", got)
	}
	body := s.planBody(7)
	body["remark"] = "改"
	p = decode[planOut](t, s.c.Call(http.MethodPut, v1+"shipPlan/"+p.ID, body))
	if p.Quantity != 7 || p.SKUCount != 1 || p.Remark != "改" {
		t.Fatalf("edited plan = %+v", p)
	}
	type pageOut struct {
		Records []planOut `json:"records"`
		Total   int       `json:"total"`
	}
	page := decode[pageOut](t, s.c.Call(http.MethodPost, v1+"shipPlan/page", map[string]any{"currentpage": 1, "pagesize": 10, "status": "0"}))
	if page.Total != 1 || page.Records[0].ID != p.ID || page.Records[0].Quantity != 7 {
		t.Fatalf("page = %+v", page)
	}

	p = decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/submit", nil))
	if p.Status != 1 || p.StatusName != "已提交" {
		t.Fatalf("submitted = %+v", p)
	}
	apptest.Expect(t, s.c.Call(http.MethodPut, v1+"shipPlan/"+p.ID, body), 400, "B0001", shipping.MsgPlanNotDraft)
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/submit", nil), 400, "B0001", shipping.MsgPlanNotDraft)
	p = decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/cancel", nil))
	if p.Status != 3 || p.StatusName != "已作废" {
		t.Fatalf("cancelled = %+v", p)
	}
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/cancel", nil), 400, "B0001", shipping.MsgPlanNotCancellable)
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/fromPlan", map[string]any{"planId": p.ID, "center": "ONT8"}),
		400, "B0001", shipping.MsgPlanNotSubmitted)
	apptest.Expect(t, s.c.Call(http.MethodGet, v1+"shipPlan/123", nil), 404, "A0404", "发货计划不存在")
	apptest.Expect(t, s.c.Call(http.MethodGet, v1+"shipPlan/x", nil), 404, "A0404", "发货计划不存在")
}

func TestPlanFormFaults(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	b := newShop(t, h, "13700000002", "乙公司", 5)
	with := func(change func(map[string]any)) map[string]any {
		body := s.planBody(10, 5)
		change(body)
		return body
	}
	cases := []struct {
		body map[string]any
		msg  string
	}{
		{with(func(m map[string]any) { m["groupId"] = "" }), shipping.MsgGroupEmpty},
		{with(func(m map[string]any) { m["groupId"] = fmt.Sprint(b.group.ID) }), shipping.MsgGroupMissing},
		{with(func(m map[string]any) { m["marketplaceId"] = "" }), core.MsgMarketplaceEmpty},
		{with(func(m map[string]any) { m["marketplaceId"] = "XX" }), shipping.MsgMarketplaceMissing},
		{with(func(m map[string]any) { m["warehouseId"] = "" }), shipping.MsgWarehouseEmpty},
		{with(func(m map[string]any) { m["warehouseId"] = fmt.Sprint(b.warehouse.ID) }), shipping.MsgWarehouseMissing},
		{with(func(m map[string]any) { m["items"] = []any{} }), shipping.MsgItemsEmpty},
		{with(func(m map[string]any) { m["items"] = []any{map[string]any{"sellerSku": " ", "quantity": 1}} }), "第1行：平台SKU不能为空"},
		{with(func(m map[string]any) {
			m["items"] = []any{map[string]any{"sellerSku": s.skus[0], "quantity": 0}}
		}), "第1行：发货数量应为1到1000000之间的整数"},
		{with(func(m map[string]any) {
			m["items"] = []any{map[string]any{"sellerSku": s.skus[0], "quantity": 1}, map[string]any{"sellerSku": "NOPE", "quantity": 1}}
		}), "第2行：平台SKU NOPE 不在该店铺站点，或未配对本地产品"},
		{with(func(m map[string]any) {
			m["items"] = []any{map[string]any{"sellerSku": s.skus[0], "quantity": 1}, map[string]any{"sellerSku": s.skus[0], "quantity": 2}}
		}), "平台SKU " + s.skus[0] + " 重复"},
		{with(func(m map[string]any) { m["remark"] = strings.Repeat("长", 501) }), "备注不能超过500个字符"},
	}
	for _, tc := range cases {
		apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipPlan", tc.body), 400, "A0400", tc.msg)
	}
	// A disabled warehouse is refused by name.
	if err := h.DB.Model(s.warehouse).Update("disabled", true).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(1)), 400, "A0400", shipping.MsgWarehouseDisabled)
	var n int64
	h.DB.Table("shipment_plans").Where("company_id = ?", s.companyID).Count(&n)
	if n != 0 {
		t.Fatalf("%d plans saved by refused calls", n)
	}
}
