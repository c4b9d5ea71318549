package amazondata_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

const listingsHeader = "item-name\titem-description\tlisting-id\tseller-sku\tprice\tquantity\topen-date\timage-url\t" +
	"item-is-marketplace\tproduct-id-type\tzshop-shipping-fee\titem-note\titem-condition\tzshop-category1\t" +
	"zshop-browse-path\tzshop-storefront-feature\tasin1\tasin2\tasin3\twill-ship-internationally\t" +
	"expedited-shipping\tzshop-boldface\tproduct-id\tbid-for-featured-placement\tadd-delete\tpending-quantity\t" +
	"fulfillment-channel\tmerchant-shipping-group\tstatus"

// listingLine is a report line: name, seller SKU, price, quantity, ASIN, fulfillment channel, status.
func listingLine(name, sku, price, quantity, asin, channel, status string) string {
	return strings.Join([]string{name, "描述", "0315" + sku, sku, price, quantity, "2026-03-15 10:20:30 PST", "", "y", "1",
		"", "", "11", "", "", "", asin, "", "", "", "", "", asin, "", "", "0", channel, "Migrated Template", status}, "\t")
}

type listingPageOut struct {
	Records []struct {
		SellerSKU  string      `json:"sellerSku"`
		ASIN       string      `json:"asin"`
		ItemName   string      `json:"itemName"`
		Price      json.Number `json:"price"`
		Quantity   int         `json:"quantity"`
		Status     string      `json:"status"`
		Channel    string      `json:"fulfillmentChannel"`
		OpenDate   string      `json:"openDate"`
		Paired     string      `json:"paired"`
		ProductSKU string      `json:"productSku"`
	} `json:"records"`
	Total int `json:"total"`
}

// The listings report adds the seller SKUs the store group lacks as unpaired listings, which SKU配对 lists to be
// paired, and brings known ones up to date without touching their pairing; the same report again writes nothing.
// On SQLite and PostgreSQL.
func TestListingsReportAddsUnpairedListings(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newSeller(t, h, 1)
			s.listing(t, US, "SKU-A", 0)
			lines := []string{
				listingLine("保温杯 500ml", "SKU-A", "19.99", "", "B0NEWASIN1", "AMAZON_NA", "Active"),
				listingLine("折叠椅", "SKU-N1", "24.5", "12", "B0NEWASIN2", "DEFAULT", "Active"),
				listingLine("野餐垫", "SKU-N2", "9.00", "0", "", "AMAZON_NA", "Inactive"),
			}
			if res := s.importFile(t, amazondata.Listings, s.store, listingsHeader, lines...); res.Lines != 3 || res.Written != 3 {
				t.Fatalf("first import = %+v", res)
			}
			page := func(body map[string]any) listingPageOut {
				t.Helper()
				body["currentpage"], body["pagesize"], body["sort"], body["order"] = 1, 20, "sellerSku", "asc"
				env := s.c.Call(http.MethodPost, erp+"listing/page", body)
				apptest.ExpectOK(t, env)
				var out listingPageOut
				env.Into(t, &out)
				return out
			}
			unpaired := page(map[string]any{"paired": "no"})
			if unpaired.Total != 2 {
				t.Fatalf("unpaired listings = %+v", unpaired)
			}
			n1, n2 := unpaired.Records[0], unpaired.Records[1]
			if n1.SellerSKU != "SKU-N1" || n1.ItemName != "折叠椅" || n1.Price != "24.50" || n1.Quantity != 12 ||
				n1.Status != "Active" || n1.Channel != "DEFAULT" || n1.ASIN != "B0NEWASIN2" || n1.Paired != "未配对" || n1.OpenDate == "" {
				t.Fatalf("new listing = %+v", n1)
			}
			if n2.SellerSKU != "SKU-N2" || n2.Price != "9.00" || n2.Status != "Inactive" || n2.ASIN != "" {
				t.Fatalf("new listing = %+v", n2)
			}
			paired := page(map[string]any{"paired": "yes"})
			if a := paired.Records[0]; paired.Total != 1 || a.SellerSKU != "SKU-A" || a.ProductSKU != "P-1" ||
				a.ItemName != "保温杯 500ml" || a.Price != "19.99" || a.ASIN != "B0NEWASIN1" || a.Channel != "AMAZON_NA" {
				t.Fatalf("known listing = %+v", paired)
			}
			var l catalogdb.Listing
			must(t, h.DB.Where("seller_sku = ?", "SKU-N1").Take(&l).Error)
			if l.OpenDate == nil || !l.OpenDate.Equal(time.Date(2026, 3, 15, 18, 20, 30, 0, time.UTC)) || l.Currency != "USD" {
				t.Fatalf("open date %v, currency %q", l.OpenDate, l.Currency)
			}

			if res := s.importFile(t, amazondata.Listings, s.store, listingsHeader, lines...); res.Written != 0 {
				t.Fatalf("second import = %+v, want nothing written", res)
			}
			// A report without the ASIN keeps the one known; a new price is written.
			lines[0] = listingLine("保温杯 500ml", "SKU-A", "17.99", "", "", "AMAZON_NA", "Active")
			if res := s.importFile(t, amazondata.Listings, s.store, listingsHeader, lines...); res.Written != 1 {
				t.Fatalf("third import = %+v, want one row written", res)
			}
			if a := page(map[string]any{"paired": "yes"}).Records[0]; a.Price != "17.99" || a.ASIN != "B0NEWASIN1" || a.ProductSKU != "P-1" {
				t.Fatalf("known listing after a price change = %+v", a)
			}
		})
	}
}
