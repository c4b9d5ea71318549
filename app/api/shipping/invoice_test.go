package shipping_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

type invoiceOut struct {
	ShipmentID, Number, Center, Currency, Consignee string
	Shipper                                         []string
	Quantity, Cartons                               int
	Amount                                          json.Number
	GrossWeight, NetWeight                          *json.Number
	Lines                                           []struct {
		SKU, HSCode, Currency, NameEn, NameCn, Material, Purpose string
		SellerSKUs                                               []string `json:"sellerSkus"`
		Quantity                                                 int
		UnitValue, Amount, NetWeight                             *json.Number
	}
}

// declaration is a complete declaration of a SKU.
func declaration(sku, hs, value string) map[string]any {
	return map[string]any{"sku": sku, "hsCode": hs, "unitValue": value, "currency": "USD", "nameEn": "Wooden Lamp",
		"nameCn": "木质台灯", "material": "木", "purpose": "照明"}
}

const consignee = "Amazon.com Services LLC\n2020 E Mission Blvd, Ontario, CA 91761, US"

func TestShipmentInvoiceIsFilledKeptAndExported(t *testing.T) {
	h, c, s := adminWithShipment(t, "FBA15INVOICE", 2)
	path := v1 + "shipment/FBA15INVOICE/invoice"
	skus := []string{"FBA15INVOICE-SKU-001", "FBA15INVOICE-SKU-002"}
	// The first product weighs 0.8 kg; the shipment is packed in two weighed cartons; its warehouse has an address.
	if err := h.DB.Model(&catalog.LocalProduct{}).Where("sku = ?", skus[0]).Update("weight", "0.8").Error; err != nil {
		t.Fatal(err)
	}
	for i, w := range []int64{155, 60} {
		ct := &shippingdb.ShipmentCarton{CompanyID: s.CompanyID, ShipmentRef: s.ID, Number: i + 1, Weight: decimal.NewNullDecimal(decimal.New(w, -1))}
		if err := h.DB.Create(ct).Error; err != nil {
			t.Fatal(err)
		}
	}
	addr := &stockdb.Address{CompanyID: s.CompanyID, Kind: stockdb.AddressWarehouse, WarehouseID: &s.WarehouseID, Name: "张三",
		AddressLine1: "坂田街道1号", City: "深圳", StateOrProvince: "GD", PostalCode: "518000", CountryCode: "CN", Phone: "13800000000"}
	if err := stockdb.SaveAddress(h.DB, addr, true); err != nil {
		t.Fatal(err)
	}

	inv := decode[invoiceOut](t, c.Call(http.MethodGet, path, nil))
	if inv.ShipmentID != "FBA15INVOICE" || inv.Number != "INV-FBA15INVOICE" || inv.Center != "ONT8" || inv.Currency != "USD" ||
		inv.Consignee != "" || len(inv.Lines) != 2 || inv.Quantity != 21 || inv.Cartons != 2 || inv.Amount != "0.00" ||
		inv.GrossWeight == nil || inv.GrossWeight.String() != "21.500" || inv.NetWeight != nil {
		t.Fatalf("invoice before filling: %+v", inv)
	}
	if !strings.Contains(strings.Join(inv.Shipper, "|"), "坂田街道1号") || inv.Lines[0].HSCode != "" || inv.Lines[0].UnitValue != nil ||
		inv.Lines[0].SellerSKUs[0] != "FBA15INVOICE-MSKU-001" || inv.Lines[0].NetWeight.String() != "8.000" {
		t.Fatalf("lines before filling: %+v shipper %v", inv.Lines, inv.Shipper)
	}
	// Incomplete, it neither prints nor exports: the message names the SKU.
	missing := "发票资料不完整：SKU“FBA15INVOICE-SKU-001”缺少海关编码"
	apptest.Expect(t, c.Call(http.MethodGet, path+"/export", nil), http.StatusBadRequest, "A0400", missing)
	if resp, body := c.Raw(http.MethodGet, "/invoice/print?shipmentid=FBA15INVOICE", "", nil); resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), missing) {
		t.Fatalf("print of an incomplete invoice: %d", resp.StatusCode)
	}

	// Each wrong field is refused by its SKU, and nothing is kept.
	good := func() map[string]any {
		return map[string]any{"consignee": consignee, "items": []any{declaration(skus[0], "9405200090", "12.5"), declaration(skus[1], "940520", "3")}}
	}
	for _, bad := range []struct {
		field string
		value any
		msg   string
	}{
		{"hsCode", "94052", "SKU“FBA15INVOICE-SKU-002”的海关编码应为6-10位数字"},
		{"hsCode", "94052000901", "SKU“FBA15INVOICE-SKU-002”的海关编码应为6-10位数字"},
		{"hsCode", "9405.20", "SKU“FBA15INVOICE-SKU-002”的海关编码应为6-10位数字"},
		{"unitValue", "0", "SKU“FBA15INVOICE-SKU-002”的申报单价应为大于0的金额，最多两位小数"},
		{"unitValue", "-1", "SKU“FBA15INVOICE-SKU-002”的申报单价应为大于0的金额，最多两位小数"},
		{"unitValue", "1.234", "SKU“FBA15INVOICE-SKU-002”的申报单价应为大于0的金额，最多两位小数"},
		{"unitValue", "", "SKU“FBA15INVOICE-SKU-002”的申报单价应为大于0的金额，最多两位小数"},
		{"currency", "XYZ", "SKU“FBA15INVOICE-SKU-002”的申报币种不正确"},
		{"currency", "EUR", "同一发票的申报币种应一致：SKU“FBA15INVOICE-SKU-001”为USD，SKU“FBA15INVOICE-SKU-002”为EUR"},
		{"nameEn", " ", "SKU“FBA15INVOICE-SKU-002”请填写英文品名"},
		{"nameEn", "台灯", "SKU“FBA15INVOICE-SKU-002”的英文品名只能包含英文字母、数字、空格和常用符号"},
		{"nameCn", "", "SKU“FBA15INVOICE-SKU-002”请填写中文品名"},
		{"material", strings.Repeat("木", 101), "SKU“FBA15INVOICE-SKU-002”的材质不能超过100个字符"},
		{"sku", "NOPE", "货件中没有SKU“NOPE”"},
	} {
		body := good()
		body["items"].([]any)[1].(map[string]any)[bad.field] = bad.value
		apptest.Expect(t, c.Call(http.MethodPut, path, body), http.StatusBadRequest, "A0400", bad.msg)
	}
	body := good()
	body["consignee"] = "  "
	apptest.Expect(t, c.Call(http.MethodPut, path, body), http.StatusBadRequest, "A0400", "请填写收货人（目的FBA仓）地址")
	var kept int64
	if h.DB.Table("product_declarations").Count(&kept); kept != 0 {
		t.Fatalf("a refused invoice kept %d declarations", kept)
	}

	// Filled, it is kept, priced and totalled.
	inv = decode[invoiceOut](t, c.Call(http.MethodPut, path, good()))
	if inv.Consignee != consignee || inv.Amount != "158.00" || inv.Lines[0].Amount.String() != "125.00" || inv.Lines[1].UnitValue.String() != "3.00" ||
		inv.Lines[0].HSCode != "9405200090" || inv.Lines[1].Material != "木" {
		t.Fatalf("saved invoice: %+v", inv)
	}
	// The next shipment of the same product to the same centre starts filled.
	again := decode[invoiceOut](t, c.Call(http.MethodGet, path, nil))
	if again.Consignee != consignee || again.Lines[0].NameEn != "Wooden Lamp" || again.Lines[1].Purpose != "照明" {
		t.Fatalf("invoice read again: %+v", again)
	}

	resp, raw := c.Raw(http.MethodGet, path+"/export", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "FBA15INVOICE.xlsx") {
		t.Fatalf("export: %d %s", resp.StatusCode, raw)
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("Invoice")
	text := ""
	for _, r := range rows {
		text += strings.Join(r, "\t") + "\n"
	}
	for _, want := range []string{"COMMERCIAL INVOICE", "INV-FBA15INVOICE", "Amazon FBA ONT8\nAmazon.com Services LLC", "坂田街道1号",
		"1\tFBA15INVOICE-SKU-001\tWooden Lamp\t木质台灯\t9405200090\t木\t照明\t10\t12.5\t125",
		"合计 Total\t\t\t\t\t\t\t21\t\t158", "箱数 Cartons\t2\t毛重 G.W.(kg)\t21.500"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q in\n%s", want, text)
		}
	}

	resp, html := c.Raw(http.MethodGet, "/invoice/print?shipmentid=FBA15INVOICE", "", nil)
	page := string(html)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("print: %d", resp.StatusCode)
	}
	for _, want := range []string{"COMMERCIAL INVOICE", "INV-FBA15INVOICE", "Amazon FBA ONT8", "2020 E Mission Blvd", "9405200090",
		"$12.50", "$158.00", "21.500", "木质台灯", "<thead>"} {
		if !strings.Contains(page, want) {
			t.Errorf("print lacks %q", want)
		}
	}
	if strings.Contains(page, "<script>") {
		t.Error("the printed invoice carries an inline script")
	}
}

func TestShipmentInvoiceIsTheShipmentsViewersOnly(t *testing.T) {
	h, admin, s := adminWithShipment(t, "FBA15INVWHO1", 1)
	path := v1 + "shipment/FBA15INVWHO1/invoice"
	body := map[string]any{"consignee": consignee, "items": []any{declaration("FBA15INVWHO1-SKU-001", "940520", "2")}}
	other := h.SignedIn("13900000001", "别家公司")
	for _, c := range []*apptest.Client{other} {
		apptest.Expect(t, c.Call(http.MethodGet, path, nil), http.StatusNotFound, "A0404", "货件不存在")
		apptest.Expect(t, c.Call(http.MethodPut, path, body), http.StatusNotFound, "A0404", "货件不存在")
		apptest.Expect(t, c.Call(http.MethodGet, path+"/export", nil), http.StatusNotFound, "A0404", "货件不存在")
		if resp, _ := c.Raw(http.MethodGet, "/invoice/print?shipmentid=FBA15INVWHO1", "", nil); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("print of another company's shipment: %d", resp.StatusCode)
		}
	}
	apptest.Expect(t, admin.Call(http.MethodGet, v1+"shipment/FBA15NOSUCH1/invoice", nil), http.StatusNotFound, "A0404", "货件不存在")

	// A viewer of 货件处理 reads and exports the invoice but may not keep declarations (no 处理 button).
	viewer, _ := h.RestrictedUser("13700000009", []string{"ship.quota"}, nil)
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, path, nil))
	apptest.Expect(t, viewer.Call(http.MethodPut, path, body), http.StatusUnauthorized, "A0301", "访问未授权")
	// Without 货件处理, nothing.
	clerk, _ := h.RestrictedUser("13700000008", []string{"warehouse.inbound"}, nil)
	apptest.Expect(t, clerk.Call(http.MethodGet, path, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	if resp, _ := clerk.Raw(http.MethodGet, "/invoice/print?shipmentid=FBA15INVWHO1", "", nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("print without 货件处理: %d", resp.StatusCode)
	}
	anonymous := h.Client()
	apptest.Expect(t, anonymous.Call(http.MethodGet, path, nil), http.StatusForbidden, "A0231", "token已被禁止访问")

	// A member limited to another store group does not see the shipment.
	member := h.Member(apptest.AdminAccount, "13700000001", true)
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	demo := storesdb.StoreGroup{}
	if err := h.DB.Where("company_id = ? AND name = ?", s.CompanyID, "演示店铺").Take(&demo).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: demo.ID}).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, member.Call(http.MethodGet, path, nil), http.StatusNotFound, "A0404", "货件不存在")
	apptest.Expect(t, member.Call(http.MethodPut, path, body), http.StatusNotFound, "A0404", "货件不存在")

	// The owner keeps it; the tab page answers with the island.
	apptest.ExpectOK(t, admin.Call(http.MethodPut, path, body))
	if resp, page := admin.Raw(http.MethodGet, "/invoice/addshipment?shipmentid=FBA15INVWHO1&embed=1", "", nil); resp.StatusCode != http.StatusOK ||
		!strings.Contains(string(page), `data-island="ship"`) || !strings.Contains(string(page), `"screen":"invoice"`) {
		t.Fatalf("the tab page: %d", resp.StatusCode)
	}
}

// The invoice is dated the day its shipment was marked shipped (发货), so that a reprint a month later is the same
// document; before that, today.
func TestShipmentInvoiceIsDatedTheDayItShipped(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000002", "乙公司", 100, 50)
			sh := s.shipmentFromPlan(t, 30, 20)
			id := sh.ShipmentID
			items := []any{}
			for _, p := range s.products {
				items = append(items, declaration(p.SKU, "940520", "2"))
			}
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, v1+"shipment/"+id+"/invoice", map[string]any{"consignee": consignee, "items": items}))
			today := func() string { return h.Clock.Now().In(h.Config.TimeZone).Format(time.DateOnly) }
			printed := func() string {
				t.Helper()
				resp, html := s.c.Raw(http.MethodGet, "/invoice/print?shipmentid="+id, "", nil)
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("print: %d %s", resp.StatusCode, html)
				}
				return string(html)
			}
			exported := func() string {
				t.Helper()
				resp, raw := s.c.Raw(http.MethodGet, v1+"shipment/"+id+"/invoice/export", "", nil)
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("export: %d %s", resp.StatusCode, raw)
				}
				f, err := excelize.OpenReader(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				rows, _ := f.GetRows("Invoice")
				return strings.Join(rows[1], "\t")
			}

			if page := printed(); !strings.Contains(page, today()) {
				t.Errorf("an invoice not shipped yet is not dated today, %s", today())
			}
			h.Clock.Advance(48 * time.Hour)
			shipped := today()
			sh = s.step(t, id, "confirm", nil)
			sh = s.step(t, id, "box", cartons(sh))
			s.step(t, id, "ship", map[string]any{"carrier": "UPS"})

			h.Clock.Advance(31 * 24 * time.Hour)
			if page := printed(); !strings.Contains(page, shipped) || strings.Contains(page, today()) {
				t.Errorf("the reprint a month later is not dated the day it shipped, %s (today %s)", shipped, today())
			}
			if head := exported(); !strings.Contains(head, "日期 Date\t"+shipped) {
				t.Errorf("the export's head %q is not dated %s", head, shipped)
			}
		})
	}
}
