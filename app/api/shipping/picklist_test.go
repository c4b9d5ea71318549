package shipping_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	"sellerhub/models/seed"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// shipForm is the pick list calls' prefix.
const shipForm = v1 + "shipForm/"

var dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

// adminWithShipment starts the application, signs in the demo admin and gives the demo company a shipment of n
// items in 配货 (fixtures.PickingShipment: the models, as the shipment screens will produce it).
func adminWithShipment(t *testing.T, shipmentID string, n int, opts ...apptest.Option) (*apptest.Harness, *apptest.Client, *shippingdb.Shipment) {
	t.Helper()
	h := apptest.Start(t, opts...)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	s, err := fixtures.PickingShipment(context.Background(), h.DB, owner.CompanyID, shipmentID, n)
	if err != nil {
		t.Fatal(err)
	}
	return h, c, s
}

func TestQuotaInfoHasTheContractsFieldsAndTheWarehousesFulfillableStock(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, c, s := adminWithShipment(t, "FBA15QUOTA01", 5, apptest.WithDatabase(kind))
			env := c.Call(http.MethodGet, shipForm+"quotainfo/FBA15QUOTA01", nil)
			apptest.ExpectOK(t, env)
			var raw map[string]json.RawMessage
			env.Into(t, &raw)
			keys := func(m map[string]json.RawMessage) []string {
				out := make([]string, 0, len(m))
				for k := range m {
					out = append(out, k)
				}
				slices.Sort(out)
				return out
			}
			wantHead := []string{"auditime", "center", "country", "createdate", "groupname", "itemList", "remark",
				"shipmentid", "skuamount", "sumQuantity", "warehouse"}
			if got := keys(raw); !slices.Equal(got, wantHead) {
				t.Fatalf("fields %v, want %v", got, wantHead)
			}
			var items []map[string]json.RawMessage
			if err := json.Unmarshal(raw["itemList"], &items); err != nil || len(items) != 5 {
				t.Fatalf("itemList: %v %s", err, raw["itemList"])
			}
			wantItem := []string{"boxheight", "boxlength", "boxnum", "boxweight", "boxwidth", "image", "invquantity",
				"left", "name", "quantityShipped", "reserved", "sellersku", "sku"}
			if got := keys(items[0]); !slices.Equal(got, wantItem) {
				t.Fatalf("item fields %v, want %v", got, wantItem)
			}

			var q struct {
				ShipmentID, CreateDate, GroupName, Country, Center, Warehouse, Remark string
				AuditTime                                                             string `json:"auditime"`
				SKUAmount, SumQuantity                                                int
				ItemList                                                              []struct {
					Image, Name, SKU, SellerSKU                  string
					BoxNum                                       *int
					BoxWeight, BoxLength, BoxWidth, BoxHeight    *float64
					InvQuantity, QuantityShipped, Reserved, Left int
				}
			}
			env.Into(t, &q)
			if q.ShipmentID != "FBA15QUOTA01" || !dateTime.MatchString(q.CreateDate) || !dateTime.MatchString(q.AuditTime) ||
				q.GroupName != "店铺-FBA15QUOTA01" || q.Country != "US" || q.Center != "ONT8" ||
				q.Warehouse != "深圳仓-FBA15QUOTA01" || q.Remark != "易碎品请轻放" || q.SKUAmount != 5 ||
				q.SumQuantity != 10+11+12+13+14 {
				t.Fatalf("head %+v", q)
			}
			if !strings.HasPrefix(q.CreateDate, s.CreatedAt.In(h.Config.TimeZone).Format("2006-01-02 15:04")) {
				t.Errorf("createdate %s is not in the configured zone (created %s)", q.CreateDate, s.CreatedAt)
			}
			first := q.ItemList[0]
			if first.SKU != "FBA15QUOTA01-SKU-001" || first.SellerSKU != "FBA15QUOTA01-MSKU-001" ||
				first.Name != "测试产品001 天蓝硅胶收纳盒 1件装" || first.Image != "/static/demo/mug.svg" || *first.BoxNum != 10 ||
				*first.BoxWeight != 8.5 || *first.BoxLength != 60 || *first.BoxWidth != 40 || *first.BoxHeight != 35 ||
				first.QuantityShipped != 10 {
				t.Fatalf("first item %+v", first)
			}
			if string(items[3]["boxnum"]) != "null" || string(items[3]["boxweight"]) != "null" {
				t.Fatalf("unknown carton spec must be null: %s %s", items[3]["boxnum"], items[3]["boxweight"])
			}
			// invquantity is the fulfillable stock of the product in the shipment's warehouse: the opening stock
			// less what picking moved to outbound.
			var it shippingdb.ShipmentItem
			h.DB.Where("shipment_ref = ? AND seller_sku = ?", s.ID, first.SellerSKU).Take(&it)
			st, _ := stockdb.StockOf(h.DB, s.CompanyID, s.WarehouseID, it.ProductID)
			if first.InvQuantity != st.Fulfillable || first.InvQuantity != fixtures.Opening-10 || st.Outbound != 10 {
				t.Fatalf("invquantity %d, stock %+v", first.InvQuantity, st)
			}
			// The picker reads the units this shipment holds (本单占用, moved at 配货) and what is left beside them
			// (剩余可用), on every print: not the fulfillable stock as if the units were still there to take.
			if first.Reserved != 10 || first.Left != fixtures.Opening-10 {
				t.Fatalf("picked: reserved %d, left %d", first.Reserved, first.Left)
			}
			// While 待确认 the shipment holds nothing yet, and what is left is the stock less what it will take.
			h.DB.Model(&shippingdb.Shipment{}).Where("id = ?", s.ID).Update("status", shippingdb.ShipmentConfirm)
			c.Call(http.MethodGet, shipForm+"quotainfo/FBA15QUOTA01", nil).Into(t, &q)
			if first := q.ItemList[0]; first.Reserved != 0 || first.Left != st.Fulfillable-10 {
				t.Fatalf("待确认: reserved %d, left %d", first.Reserved, first.Left)
			}
		})
	}
}

func TestPickListOfAnotherCompanyOrAnUnknownShipmentIsNotFound(t *testing.T) {
	h, admin, _ := adminWithShipment(t, "FBA15OWNED01", 3)
	other := h.SignedIn("13900000001", "别家公司")
	for _, c := range []*apptest.Client{other, admin} {
		id := "FBA15OWNED01"
		if c == admin {
			id = "FBA15NOSUCH1"
		}
		apptest.Expect(t, c.Call(http.MethodGet, shipForm+"quotainfo/"+id, nil), http.StatusNotFound, "A0404", "货件不存在")
		apptest.Expect(t, c.Call(http.MethodPost, shipForm+"getQRCode/"+id+"/4", nil), http.StatusNotFound, "A0404", "货件不存在")
		resp, body := c.Raw(http.MethodGet, "/orderblank?shipmentid="+id, "", nil)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "货件不存在") || strings.Contains(string(body), id+"-SKU") {
			t.Fatalf("/orderblank of %s: %d", id, resp.StatusCode)
		}
		resp, _ = c.Raw(http.MethodGet, "/shipment_handing/pehuo?shipmentid="+id+"&embed=1", "", nil)
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("pehuo tab of %s: %d", id, resp.StatusCode)
		}
	}
	// The other company has its own demo-less world: its own shipment of the same id is its own.
	owner, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	if _, err := fixtures.PickingShipment(context.Background(), h.DB, owner.CompanyID, "FBA15OWNED01", 1); err != nil {
		t.Fatal(err)
	}
	env := other.Call(http.MethodGet, shipForm+"quotainfo/FBA15OWNED01", nil)
	apptest.ExpectOK(t, env)
	var q struct{ SKUAmount int }
	if env.Into(t, &q); q.SKUAmount != 1 {
		t.Fatalf("the other company sees %d items of its own shipment", q.SKUAmount)
	}

	anonymous := h.Client()
	apptest.Expect(t, anonymous.Call(http.MethodGet, shipForm+"quotainfo/FBA15OWNED01", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	apptest.Expect(t, anonymous.Call(http.MethodPost, shipForm+"getQRCode/FBA15OWNED01/4", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	if resp, _ := anonymous.Raw(http.MethodGet, "/orderblank?shipmentid=FBA15OWNED01", "", nil); resp.StatusCode != http.StatusFound && resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("/orderblank signed out: %d", resp.StatusCode)
	}
}

// decodeQR reads a PNG QR code back.
func decodeQR(t *testing.T, b []byte) (string, int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("no QR code in the image: %v", err)
	}
	return res.GetText(), img.Bounds().Dx()
}

func TestQRCodeEncodesTheShipmentID(t *testing.T) {
	_, c, _ := adminWithShipment(t, "FBA15QRCODE1", 1)
	resp, body := c.Raw(http.MethodPost, shipForm+"getQRCode/FBA15QRCODE1/4", "", nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("getQRCode: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	text, width := decodeQR(t, body)
	// Version 1 (21 modules) plus the quiet zone of 4 on each side, 4 pixels a module.
	if text != "FBA15QRCODE1" || width != (21+8)*4 {
		t.Fatalf("QR code says %q, %d px wide", text, width)
	}
	_, body = c.Raw(http.MethodPost, shipForm+"getQRCode/FBA15QRCODE1/1", "", nil)
	if text, width = decodeQR(t, body); text != "FBA15QRCODE1" || width != 21+8 {
		t.Fatalf("scale 1: %q, %d px", text, width)
	}
	// Beyond the largest scale it is clamped, not refused.
	_, body = c.Raw(http.MethodPost, shipForm+"getQRCode/FBA15QRCODE1/500", "", nil)
	if text, width = decodeQR(t, body); text != "FBA15QRCODE1" || width != (21+8)*shipping.QRScaleMax {
		t.Fatalf("scale 500: %q, %d px", text, width)
	}
	for _, bad := range []string{"0", "-3", "abc", "2.5"} {
		apptest.Expect(t, c.Call(http.MethodPost, shipForm+"getQRCode/FBA15QRCODE1/"+bad, nil), http.StatusBadRequest, "A0400", shipping.MsgQRSizeBad)
	}
	// A GET is not the call.
	if resp, _ := c.Raw(http.MethodGet, shipForm+"getQRCode/FBA15QRCODE1/4", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET getQRCode: %d", resp.StatusCode)
	}
}

func TestOrderBlankIsTheWholePickListOnOnePrintableDocument(t *testing.T) {
	_, c, _ := adminWithShipment(t, "FBA15SHEET01", 4)
	resp, raw := c.Raw(http.MethodGet, "/orderblank?shipmentid=FBA15SHEET01", "", nil)
	body := string(raw)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(body, "<!doctype html>") && !strings.HasPrefix(body, "<!DOCTYPE html>") {
		t.Fatalf("/orderblank: %d", resp.StatusCode)
	}
	for _, want := range []string{
		"<h1>配货单</h1>", "货件ID:</dt><dd>FBA15SHEET01", "SKU数量:</dt><dd>4", "发货数量:</dt><dd>46",
		"目的仓库:</dt><dd>店铺-FBA15SHEET01-US(ONT8)", "发货仓库:</dt><dd>深圳仓-FBA15SHEET01", "备注:</dt><dd>易碎品请轻放",
		"<th class=\"pic\">图片</th>", "名称/SKU", "平台SKU", "本单占用", "剩余可用", "拟发货数", "配送数量", "data-print",
		"箱规:单箱10个, 重8.5kg, 60*40*35cm", `<img src="/static/demo/mug.svg"`, "FBA15SHEET01-MSKU-004",
		"/static/dist/picklist-",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("sheet lacks %s", want)
		}
	}
	// The fourth product has no carton spec: no 箱规 line for it.
	if n := strings.Count(body, "箱规:"); n != 3 {
		t.Errorf("%d carton lines, want 3", n)
	}
	// Nothing of the shell or the islands: a print document.
	for _, not := range []string{"data-island", "app-", "shell-", "<iframe"} {
		if strings.Contains(body, not) {
			t.Errorf("sheet carries %s", not)
		}
	}
	m := regexp.MustCompile(`src="data:image/png;base64,([^"]+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no QR code image")
	}
	png, _ := base64.StdEncoding.DecodeString(m[1])
	if text, _ := decodeQR(t, png); text != "FBA15SHEET01" {
		t.Fatalf("the sheet's QR code says %q", text)
	}

	// The same sheet is the shipment_handing/pehuo tab.
	resp, raw = c.Raw(http.MethodGet, "/shipment_handing/pehuo?shipmentid=FBA15SHEET01&embed=1", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), "货件ID:</dt><dd>FBA15SHEET01") {
		t.Fatalf("pehuo tab: %d", resp.StatusCode)
	}
	resp, raw = c.Raw(http.MethodGet, "/shipment_handing/pehuo?shipmentid=FBA15SHEET01&title=%E9%85%8D%E8%B4%A7%E5%8D%95", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), `data-island="tabbar"`) {
		t.Fatalf("pehuo opened directly must be the shell: %d", resp.StatusCode)
	}
	// Without a shipment id it asks for one, keeping the tab's fields.
	resp, raw = c.Raw(http.MethodGet, "/shipment_handing/pehuo?title=x&embed=1", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), `name="shipmentid"`) || !strings.Contains(string(raw), `name="embed" value="1"`) {
		t.Fatalf("pehuo without a shipment: %d %s", resp.StatusCode, raw)
	}
}

func TestDemoShipmentsPickListAndPicturesAreThere(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	resp, raw := c.Raw(http.MethodGet, "/orderblank?shipmentid="+seed.DemoShipmentPicking, "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), "陶瓷马克杯") {
		t.Fatalf("demo pick list: %d", resp.StatusCode)
	}
	for _, img := range regexp.MustCompile(`<img src="(/static/demo/[a-z]+\.svg)"`).FindAllStringSubmatch(string(raw), -1) {
		resp, body := c.Raw(http.MethodGet, img[1], "", nil)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" || !bytes.HasPrefix(body, []byte("<svg")) {
			t.Errorf("%s: %d %s", img[1], resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	apptest.ExpectOK(t, c.Call(http.MethodGet, shipForm+"quotainfo/"+seed.DemoShipmentNew, nil))
}

func TestAUserLimitedToOtherStoreGroupsDoesNotSeeTheShipment(t *testing.T) {
	h, _, s := adminWithShipment(t, "FBA15GROUP01", 2)
	member := h.Member(apptest.AdminAccount, "13700000001", true)
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	demo := storesdb.StoreGroup{}
	if err := h.DB.Where("company_id = ? AND name = ?", s.CompanyID, "演示店铺").Take(&demo).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: demo.ID}).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, member.Call(http.MethodGet, shipForm+"quotainfo/FBA15GROUP01", nil), http.StatusNotFound, "A0404", "货件不存在")
	apptest.Expect(t, member.Call(http.MethodPost, shipForm+"getQRCode/FBA15GROUP01/4", nil), http.StatusNotFound, "A0404", "货件不存在")
	if resp, _ := member.Raw(http.MethodGet, "/orderblank?shipmentid=FBA15GROUP01", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("/orderblank of another store group: %d", resp.StatusCode)
	}
	// The demo group's shipment is theirs to pick.
	apptest.ExpectOK(t, member.Call(http.MethodGet, shipForm+"quotainfo/"+seed.DemoShipmentPicking, nil))
}
