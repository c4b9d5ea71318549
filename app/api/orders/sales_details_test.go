package orders_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/orders"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

type salesDetail struct {
	AmazonOrderID         string      `json:"amazonOrderId"`
	GroupName             string      `json:"groupName"`
	MarketplaceName       string      `json:"marketplaceName"`
	PurchaseDate          string      `json:"purchaseDate"`
	SKU                   string      `json:"sku"`
	ASIN                  string      `json:"asin"`
	StatusName            string      `json:"statusName"`
	ChannelName           string      `json:"channelName"`
	Business              string      `json:"business"`
	Quantity              int         `json:"quantity"`
	Currency              string      `json:"currency"`
	ItemPrice             json.Number `json:"itemPrice"`
	ItemTax               json.Number `json:"itemTax"`
	ShippingPrice         json.Number `json:"shippingPrice"`
	ItemPromotionDiscount json.Number `json:"itemPromotionDiscount"`
	PromotionIDs          string      `json:"promotionIds"`
}

// 销售明细 lists every order line with its taxes, promotions, channel and B2B flag, filtered by each; a bad filter
// is a message; the list exports; and only its screen's users, of the company, may read it.
func TestSalesDetailCalls(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.Client()
			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
			owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
			if err != nil {
				t.Fatal(err)
			}
			sold(t, h, owner.CompanyID)
			// A business buyer's FBM order of two SKUs, with shipping and a promotion, an hour earlier.
			var s storesdb.Seller
			if err := h.DB.Where("company_id = ?", owner.CompanyID).First(&s).Error; err != nil {
				t.Fatal(err)
			}
			at := time.Now().UTC().Truncate(time.Second).Add(-time.Hour)
			b2b := amazondatadb.AmazonOrder{CompanyID: owner.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
				AmazonOrderID: "112-0000000-0000001", PurchaseDate: at, LastUpdatedDate: at, OrderStatus: "Unshipped",
				FulfillmentChannel: "Merchant", IsBusinessOrder: true}
			line := func(sku string, qty int, price string) amazondatadb.AmazonOrderItem {
				return amazondatadb.AmazonOrderItem{CompanyID: owner.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
					AmazonOrderID: b2b.AmazonOrderID, SKU: sku, ASIN: "B0" + sku, PurchaseDate: at, OrderStatus: "Unshipped",
					FulfillmentChannel: "Merchant", Quantity: qty, Currency: "USD", ItemPrice: money(price), ShippingPrice: money("4.99"),
					ItemPromotionDiscount: money("-1.00"), PromotionIDs: "BULK10"}
			}
			if _, err := amazondatadb.UpsertAmazonOrders(h.DB, []amazondatadb.AmazonOrder{b2b},
				[]amazondatadb.AmazonOrderItem{line("CUP-BLUE", 10, "99.90"), line("CUP-GREEN", 5, "49.95")}); err != nil {
				t.Fatal(err)
			}

			details := func(body map[string]any) page[salesDetail] {
				t.Helper()
				return decode[page[salesDetail]](t, c.Call(http.MethodPost, v1+"orders/details", body))
			}
			all := details(map[string]any{})
			if all.Total != 3 || all.Records[0].SKU != "MUG-RED" {
				t.Fatalf("销售明细 = %+v", all)
			}
			mug := all.Records[0]
			if mug.AmazonOrderID != "111-2223334-5556667" || mug.GroupName != "甲店" || mug.MarketplaceName != "美国" ||
				mug.ChannelName != "FBA" || mug.StatusName != "已发货" || mug.Business != "否" || mug.Quantity != 1 ||
				mug.ItemPrice != "19.99" || mug.ItemTax != "1.60" || mug.ItemPromotionDiscount != "-2.00" || mug.Currency != "USD" ||
				!dateTime.MatchString(mug.PurchaseDate) {
				t.Fatalf("MUG-RED line = %+v", mug)
			}
			skus := func(p page[salesDetail]) []string {
				var out []string
				for _, r := range p.Records {
					out = append(out, r.SKU)
				}
				return out
			}
			for _, tc := range []struct {
				body map[string]any
				want []string
			}{
				{map[string]any{"business": "yes"}, []string{"CUP-BLUE", "CUP-GREEN"}},
				{map[string]any{"business": "no"}, []string{"MUG-RED"}},
				{map[string]any{"channel": "Merchant", "sort": "sku"}, []string{"CUP-BLUE", "CUP-GREEN"}},
				{map[string]any{"status": "Shipped"}, []string{"MUG-RED"}},
				{map[string]any{"search": "112-0000000"}, []string{"CUP-BLUE", "CUP-GREEN"}},
				{map[string]any{"search": "B0CUP-G"}, []string{"CUP-GREEN"}},
				{map[string]any{"sort": "quantity", "order": "desc"}, []string{"CUP-BLUE", "CUP-GREEN", "MUG-RED"}},
			} {
				got := details(tc.body)
				if g := skus(got); len(g) != len(tc.want) || int(got.Total) != len(tc.want) || (tc.body["sort"] != nil && !equal(g, tc.want)) {
					t.Fatalf("销售明细 %v = %v (%d), want %v", tc.body, g, got.Total, tc.want)
				}
			}
			blue := details(map[string]any{"search": "CUP-BLUE"}).Records[0]
			if blue.Business != "是" || blue.ChannelName != "FBM" || blue.ShippingPrice != "4.99" || blue.PromotionIDs != "BULK10" ||
				blue.Quantity != 10 || blue.ItemPrice != "99.90" {
				t.Fatalf("CUP-BLUE line = %+v", blue)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"orders/details", map[string]any{"business": "maybe"}), http.StatusBadRequest, "A0400", orders.MsgBusinessBad)

			resp, body := c.Raw(http.MethodGet, v1+"orders/details/export?business=yes&sort=sku", "", nil)
			f, err := excelize.OpenReader(bytes.NewReader(body))
			if resp.StatusCode != http.StatusOK || err != nil {
				t.Fatalf("export: %d %v", resp.StatusCode, err)
			}
			rows, _ := f.GetRows(f.GetSheetName(0))
			if len(rows) != 3 || rows[0][0] != "下单时间(北京)" || rows[1][1] != "112-0000000-0000001" || rows[1][4] != "CUP-BLUE" {
				t.Fatalf("export rows %v", rows)
			}

			viewer, _ := h.RestrictedUser("13700000071", []string{"sales.details"}, nil)
			if got := decode[page[salesDetail]](t, viewer.Call(http.MethodPost, v1+"orders/details", map[string]any{})); got.Total != 3 {
				t.Fatalf("the 销售明细 user sees %d lines", got.Total)
			}
			clerk, _ := h.RestrictedUser("13700000072", []string{"sales.orders.manager"}, nil)
			apptest.Expect(t, clerk.Call(http.MethodPost, v1+"orders/details", map[string]any{}), http.StatusUnauthorized, "A0301", "访问未授权")
			other := h.SignedIn("13700000073", "乙公司")
			if got := decode[page[salesDetail]](t, other.Call(http.MethodPost, v1+"orders/details", map[string]any{})); got.Total != 0 {
				t.Fatalf("another company sees %d lines", got.Total)
			}
		})
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
