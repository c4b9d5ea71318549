package catalog_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// openListing is a row of 在售报告 as the call answers it.
type openListing struct {
	ID, GroupName, MarketplaceName, SellerSKU, ASIN, FNSKU, ItemName, Currency string
	Price                                                                      json.Number
	Quantity                                                                   int
	Status, StatusName, FulfillmentChannel, ChannelName, OpenDate, ProductSKU  string
}

// reported writes listings as the all-listings report's import does: store group, marketplace, seller SKU, ASIN,
// title, price, quantity, status, channel and open date.
func reported(t *testing.T, h *apptest.Harness, company int64, group, market, currency string, lines ...[7]string) {
	t.Helper()
	opened := time.Date(2026, 3, 15, 18, 20, 30, 0, time.UTC)
	now := time.Now().UTC().Truncate(time.Second)
	var rows []catalogdb.Listing
	for i, l := range lines {
		price, err := models.NewMoney(l[3])
		if err != nil {
			t.Fatal(err)
		}
		var qty int
		fmt.Sscan(l[4], &qty)
		at := opened.AddDate(0, 0, i)
		rows = append(rows, catalogdb.Listing{CompanyID: company, GroupID: mustID(t, group), MarketplaceID: market, SellerSKU: l[0],
			ASIN: l[1], ItemName: l[2], Price: price, Currency: currency, Quantity: qty, Status: l[5], FulfillmentChannel: l[6],
			OpenDate: &at, CreatedAt: now, UpdatedAt: now})
	}
	if _, err := amazondatadb.UpsertReportedListings(h.DB, rows); err != nil {
		t.Fatal(err)
	}
}

// 在售报告 lists the listings Amazon's listings report gave (not one entered by hand), with price in its currency,
// status and channel named and the paired product, found by each filter, sorted and exported; a bad filter is a
// message; only its screen's users reach it, another company sees none of it and a user limited to a store group
// sees that group's only.
func TestOpenListingsReport(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			company := companyOf(t, h, ownerAccount)
			us, eu := storeGroup(t, h, ownerAccount, "美国店"), storeGroup(t, h, ownerAccount, "欧洲店")
			reported(t, h, company, us, "ATVPDKIKX0DER", "USD",
				[7]string{"MUG-BLUE-350", "B0MUGBLUE1", "Ceramic Coffee Mug, Blue 350ml", "12.99", "0", "Active", "AMAZON_NA"},
				[7]string{"LAMP-DESK", "B0LAMPDESK", "LED Desk Lamp with USB Port", "29.50", "7", "Active", "DEFAULT"},
				[7]string{"CABLE-USB", "B0CABLEUSB", "Braided Cable 2m", "8.00", "0", "Inactive", "AMAZON_NA"})
			reported(t, h, company, eu, "A1PA6795UKMFR9", "EUR",
				[7]string{"MUG-BLUE-DE", "B0MUGBLUE1", "Kaffeebecher blau 350ml", "11.90", "0", "Active", "AMAZON_EU"})
			pid := create(t, c, "/material", map[string]string{"sku": "LAMP-1", "name": "台灯"})
			create(t, c, "/listing", map[string]string{"groupId": us, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "HAND-1", "asin": "B0HAND0001"})
			lamp, err := catalogdb.ListingIDBySellerSKU(h.DB, company, mustID(t, us), "ATVPDKIKX0DER", "LAMP-DESK")
			if err != nil {
				t.Fatal(err)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+fmt.Sprintf("/listing/%d/pair", lamp), map[string]string{"productId": pid}))

			list := func(cl *apptest.Client, body map[string]any) page[openListing] {
				t.Helper()
				return into[page[openListing]](t, cl.Call(http.MethodPost, v1+"/listing/open", body))
			}
			skus := func(p page[openListing]) []string {
				out := []string{}
				for _, r := range p.Records {
					out = append(out, r.SellerSKU)
				}
				return out
			}
			all := list(c, map[string]any{"sort": "sellerSku"})
			if got := skus(all); all.Total != 4 || !slices.Equal(got, []string{"CABLE-USB", "LAMP-DESK", "MUG-BLUE-350", "MUG-BLUE-DE"}) {
				t.Fatalf("在售报告 = %v (%d), the hand-entered HAND-1 left out", got, all.Total)
			}
			mug := all.Records[2]
			want := openListing{ID: mug.ID, GroupName: "美国店", MarketplaceName: "美国", SellerSKU: "MUG-BLUE-350", ASIN: "B0MUGBLUE1",
				ItemName: "Ceramic Coffee Mug, Blue 350ml", Price: "12.99", Currency: "USD", Status: "Active", StatusName: "在售",
				FulfillmentChannel: "AMAZON_NA", ChannelName: "FBA", OpenDate: "2026-03-16 02:20:30"}
			if mug != want {
				t.Fatalf("MUG-BLUE-350 = %+v", mug)
			}
			if l := all.Records[1]; l.ProductSKU != "LAMP-1" || l.ChannelName != "FBM" || l.Quantity != 7 || l.Price != "29.50" {
				t.Fatalf("LAMP-DESK = %+v", l)
			}
			if l := all.Records[0]; l.StatusName != "不可售" || l.ProductSKU != "" {
				t.Fatalf("CABLE-USB = %+v", l)
			}
			if de := all.Records[3]; de.Currency != "EUR" || de.Price != "11.90" || de.MarketplaceName != "德国" || de.GroupName != "欧洲店" {
				t.Fatalf("MUG-BLUE-DE = %+v", de)
			}

			for _, tc := range []struct {
				body map[string]any
				want []string
			}{
				{map[string]any{"groupId": eu}, []string{"MUG-BLUE-DE"}},
				{map[string]any{"marketplaceId": "ATVPDKIKX0DER"}, []string{"CABLE-USB", "LAMP-DESK", "MUG-BLUE-350"}},
				{map[string]any{"status": "Active"}, []string{"LAMP-DESK", "MUG-BLUE-350", "MUG-BLUE-DE"}},
				{map[string]any{"status": "Inactive"}, []string{"CABLE-USB"}},
				{map[string]any{"channel": "FBM"}, []string{"LAMP-DESK"}},
				{map[string]any{"channel": "fba", "groupId": us}, []string{"CABLE-USB", "MUG-BLUE-350"}},
				{map[string]any{"keyword": "desk lamp"}, []string{"LAMP-DESK"}},
				{map[string]any{"keyword": "b0mugblue1"}, []string{"MUG-BLUE-350", "MUG-BLUE-DE"}},
				{map[string]any{"keyword": "350"}, []string{"MUG-BLUE-350", "MUG-BLUE-DE"}},
				{map[string]any{"keyword": "CABLE-"}, []string{"CABLE-USB"}},
				{map[string]any{"keyword": "HAND"}, []string{}},
				{map[string]any{"paired": "yes"}, []string{"LAMP-DESK"}},
				{map[string]any{"keyword": "100%_"}, []string{}},
			} {
				tc.body["sort"] = "sellerSku"
				got := list(c, tc.body)
				if g := skus(got); !slices.Equal(g, tc.want) || int(got.Total) != len(tc.want) {
					t.Errorf("在售报告 %v = %v (%d), want %v", tc.body, g, got.Total, tc.want)
				}
			}
			if got := skus(list(c, map[string]any{"sort": "price", "order": "desc", "marketplaceId": "ATVPDKIKX0DER"})); !slices.Equal(got, []string{"LAMP-DESK", "MUG-BLUE-350", "CABLE-USB"}) {
				t.Errorf("by price, highest first = %v", got)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/listing/open", map[string]any{"status": "Deleted"}), http.StatusBadRequest, "A0400", catalog.MsgOpenStatusBad)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/listing/open", map[string]any{"channel": "AFN"}), http.StatusBadRequest, "A0400", catalog.MsgOpenChannelBad)

			sheet := func(cl *apptest.Client, query url.Values) [][]string {
				t.Helper()
				resp, body := cl.Raw(http.MethodGet, v1+"/listing/open/export?"+query.Encode(), "", nil)
				f, err := excelize.OpenReader(bytes.NewReader(body))
				if resp.StatusCode != http.StatusOK || err != nil {
					t.Fatalf("export: %d %v %s", resp.StatusCode, err, body)
				}
				rows, _ := f.GetRows(f.GetSheetName(0))
				return rows
			}
			rows := sheet(c, url.Values{"status": {"Active"}, "sort": {"sellerSku"}, "keyword": {"mug"}})
			if len(rows) != 3 || !slices.Equal(rows[0][:6], []string{"店铺", "站点", "平台SKU", "ASIN", "FNSKU", "商品名称"}) ||
				rows[1][2] != "MUG-BLUE-350" || rows[2][2] != "MUG-BLUE-DE" || !slices.Contains(rows[1], "在售") || !slices.Contains(rows[1], "FBA") {
				t.Fatalf("export rows %v", rows)
			}
			apptest.Expect(t, c.Call(http.MethodGet, v1+"/listing/open/export?channel=AFN", nil), http.StatusBadRequest, "A0400", catalog.MsgOpenChannelBad)

			// A colleague without a role is refused; one limited to 美国店 sees and exports its listings only.
			nobody := h.Member(ownerAccount, "13600000007", false)
			apptest.Expect(t, nobody.Call(http.MethodPost, v1+"/listing/open", map[string]any{}), http.StatusUnauthorized, "A0301", msgNoGrant)
			apptest.Expect(t, nobody.Call(http.MethodGet, v1+"/listing/open/export", nil), http.StatusUnauthorized, "A0301", msgNoGrant)
			m := h.Member(ownerAccount, "13600000008", true)
			member, err := accountsdb.UserByAccount(h.DB, "13600000008")
			if err != nil {
				t.Fatal(err)
			}
			if err := storesdb.SetUserStoreGroups(h.DB, member.CompanyID, member.ID, []int64{mustID(t, us)}); err != nil {
				t.Fatal(err)
			}
			if got := list(m, map[string]any{"sort": "sellerSku"}); !slices.Equal(skus(got), []string{"CABLE-USB", "LAMP-DESK", "MUG-BLUE-350"}) || got.Total != 3 {
				t.Errorf("the 美国店 member lists %v (%d)", skus(got), got.Total)
			}
			if got := list(m, map[string]any{"groupId": eu}); got.Total != 0 {
				t.Errorf("the 美国店 member lists 欧洲店's %v", skus(got))
			}
			if rows := sheet(m, url.Values{"keyword": {"mug"}}); len(rows) != 2 || rows[1][2] != "MUG-BLUE-350" {
				t.Errorf("the 美国店 member exports %v", rows)
			}

			// The demo company's users: one granted only SKU配对 is refused, one granted 在售报告 sees none of the owner's.
			pairer, _ := h.RestrictedUser("13700000081", []string{"product.pairing"}, nil)
			apptest.Expect(t, pairer.Call(http.MethodPost, v1+"/listing/open", map[string]any{}), http.StatusUnauthorized, "A0301", msgNoGrant)
			viewer, _ := h.RestrictedUser("13700000082", []string{"sales.reports.open"}, nil)
			if got := list(viewer, map[string]any{"keyword": "MUG-BLUE"}); got.Total != 0 {
				t.Errorf("another company lists %v", skus(got))
			}
			if got := list(h.SignedIn("13700000083", "乙公司"), map[string]any{}); got.Total != 0 {
				t.Errorf("a new company lists %v", skus(got))
			}
		})
	}
}
