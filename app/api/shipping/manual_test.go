package shipping_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/app/shipping"
)

func TestManualShipment(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	body := func(change func(map[string]any)) map[string]any {
		m := map[string]any{"groupId": itoa(s.group.ID), "marketplaceId": US, "warehouseId": itoa(s.warehouse.ID),
			"shipmentId": " fba15abc1234 ", "name": "手工货件", "center": "lgb3", "remark": "无API",
			"items": []map[string]any{{"sellerSku": s.skus[1], "quantity": 12}}}
		if change != nil {
			change(m)
		}
		return m
	}
	sh := decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment", body(nil)))
	if sh.ShipmentID != "FBA15ABC1234" || sh.Center != "LGB3" || sh.PlanID != "" || sh.Status != 1 || sh.Quantity != 12 ||
		sh.Items[0].SKU != s.products[1].SKU || sh.Items[0].FNSKU == "" || sh.Items[0].Fulfillable != 50 || sh.WarehouseName != "甲公司深圳仓" {
		t.Fatalf("manual shipment = %+v", sh)
	}
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment", body(nil)), 400, "B0001", shipping.MsgShipmentIDTaken)
	faults := []struct {
		change func(map[string]any)
		msg    string
	}{
		{func(m map[string]any) { m["shipmentId"] = "ABC" }, shipping.MsgShipmentIDBad},
		{func(m map[string]any) { m["shipmentId"] = "FBA15-1" }, shipping.MsgShipmentIDBad},
		{func(m map[string]any) { m["center"] = "" }, shipping.MsgCenterEmpty},
		{func(m map[string]any) { m["center"] = "L-3" }, shipping.MsgCenterBad},
		{func(m map[string]any) { m["name"] = strings.Repeat("名", 101) }, "货件名称不能超过100个字符"},
		{func(m map[string]any) { m["groupId"] = "" }, shipping.MsgGroupEmpty},
		{func(m map[string]any) { m["items"] = nil }, shipping.MsgItemsEmpty},
	}
	for _, f := range faults {
		apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment", body(f.change)), 400, "A0400", f.msg)
	}
	// Without an id one is generated.
	sh = decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment", body(func(m map[string]any) { m["shipmentId"] = "" })))
	if !generatedID.MatchString(sh.ShipmentID) {
		t.Fatalf("generated id %q", sh.ShipmentID)
	}
	type pageOut struct {
		Records []shipmentOut `json:"records"`
		Total   int           `json:"total"`
	}
	p := decode[pageOut](t, s.c.Call(http.MethodPost, v1+"shipment/page", map[string]any{"shipmentId": "abc1234"}))
	if p.Total != 1 || p.Records[0].ShipmentID != "FBA15ABC1234" || p.Records[0].SKUCount != 1 || p.Records[0].Quantity != 12 ||
		p.Records[0].GroupName != "甲公司店铺" || p.Records[0].Country != "US" || p.Records[0].StatusName != "待确认" {
		t.Fatalf("page = %+v", p)
	}
	if p := decode[pageOut](t, s.c.Call(http.MethodPost, v1+"shipment/page", map[string]any{"status": "2"})); p.Total != 0 {
		t.Fatalf("status 2 page = %+v", p)
	}
}

func workbook(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		vals := make([]any, len(r))
		for j, v := range r {
			vals[j] = v
		}
		if err := f.SetSheetRow(sheet, cell, &vals); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func upload(t *testing.T, c *apptest.Client, content []byte) apptest.Envelope {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "货件.xlsx")
	part.Write(content)
	w.Close()
	resp, raw := c.Raw(http.MethodPost, v1+"shipment/import", w.FormDataContentType(), &body)
	env := apptest.Envelope{Status: resp.StatusCode}
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("import answer %s: %v", raw, err)
	}
	return env
}

func TestImportShipments(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	resp, raw := s.c.Raw(http.MethodGet, v1+"shipment/importTemplate", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("template: %d %s", resp.StatusCode, resp.Header)
	}
	book, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	header, _ := book.GetRows(book.GetSheetName(0))
	if len(header) != 1 || strings.Join(header[0], ",") != strings.Join(shipping.ShipmentImportColumns, ",") {
		t.Fatalf("template's first sheet %v: want the columns alone", header)
	}
	// The example and the allowed values (the user's stores, country codes, the warehouses) are on the help sheet.
	help, err := book.GetRows(core.TemplateHelpSheet)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"示例货件", "可填的值", s.group.Name, "US", "JP", s.warehouse.Name} {
		if !strings.Contains(fmt.Sprint(help), want) {
			t.Fatalf("help sheet lacks %q: %v", want, help)
		}
	}
	apptest.Expect(t, upload(t, s.c, raw), 400, "A0400", shipping.MsgShipmentImportEmpty)
	head := shipping.ShipmentImportColumns
	group, wh := s.group.Name, s.warehouse.Name

	// Every faulty row is named, and nothing is saved.
	env := upload(t, s.c, workbook(t, [][]string{head,
		{"FBA15IMPORT1", "", group, "US", wh, "ONT8", s.skus[0], "10", ""},
		{"", "", "无此店铺", "US", wh, "ONT8", s.skus[0], "10", ""},
		{"", "", group, "XX", wh, "ONT8", s.skus[0], "10", ""},
		{"", "", group, "US", "无此仓", "ONT8", s.skus[0], "abc", ""},
		{"", "", group, "US", wh, "ONT8", "NOPE", "1", ""},
		{"FBA15IMPORT1", "", group, "US", wh, "LGB3", s.skus[1], "1", ""},
		{"bad", "", group, "US", wh, "ONT8", s.skus[1], "1", ""},
	}))
	want := "导入失败，共6行7处有误，没有保存任何货件：第3行 店铺：店铺“无此店铺”不存在；第4行 站点：站点“XX”不存在，请填国家代码，如US；" +
		"第5行 发货仓库：发货仓库“无此仓”不存在或已停用；第5行 数量“abc”：数量应为1到1000000之间的整数；" +
		"第6行 平台SKU：平台SKU NOPE 不在该店铺站点，或未配对本地产品；第7行 货件ID“FBA15IMPORT1”：同一货件的店铺、站点、发货仓库、目的配送中心应一致；" +
		"第8行 货件ID“bad”：" + shipping.MsgShipmentIDBad
	apptest.Expect(t, env, 400, "A0400", want)
	var n int64
	h.DB.Table("shipments").Where("company_id = ?", s.companyID).Count(&n)
	if n != 0 {
		t.Fatalf("%d shipments saved by a refused import", n)
	}
	apptest.Expect(t, upload(t, s.c, workbook(t, [][]string{{"x"}})), 400, "A0400", shipping.MsgShipmentImportHeaderBad)
	apptest.Expect(t, upload(t, s.c, workbook(t, [][]string{head})), 400, "A0400", shipping.MsgShipmentImportEmpty)
	apptest.Expect(t, upload(t, s.c, []byte("not a workbook")), 400, "A0400", shipping.MsgShipmentImportFileBad)
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/import", map[string]any{}), 400, "A0400", shipping.MsgShipmentImportFileEmpty)

	// A good workbook: two rows of one shipment by id, two rows of another without one.
	env = upload(t, s.c, workbook(t, [][]string{head,
		{"FBA15IMPORT1", "导入1", group, "US", wh, "ONT8", s.skus[0], "10", "备注"},
		{"FBA15IMPORT1", "导入1", group, "us", wh, "ont8", s.skus[1], "5", ""},
		{"", "", group, "US", wh, "LGB3", s.skus[0], "3", ""},
		{"", "", group, "US", wh, "LGB3", s.skus[1], "4", ""},
		{},
	}))
	var ids []string
	env.Into(t, &ids)
	apptest.ExpectOK(t, env)
	if len(ids) != 2 || ids[0] != "FBA15IMPORT1" || !generatedID.MatchString(ids[1]) {
		t.Fatalf("imported %v", ids)
	}
	sh := decode[shipmentOut](t, s.c.Call(http.MethodGet, v1+"shipment/"+ids[1], nil))
	if sh.Center != "LGB3" || sh.Quantity != 7 || sh.SKUCount != 2 {
		t.Fatalf("second imported shipment = %+v", sh)
	}
	// Importing the same id again is refused by row.
	apptest.Expect(t, upload(t, s.c, workbook(t, [][]string{head, {"FBA15IMPORT1", "", group, "US", wh, "ONT8", s.skus[0], "1", ""}})),
		400, "A0400", "导入失败，共1行1处有误，没有保存任何货件：第2行 货件ID：货件ID FBA15IMPORT1 已存在")
}
