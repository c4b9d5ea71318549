package sellerdata

import (
	"strconv"
	"time"

	"github.com/shopspring/decimal"
)

// ListingLine is a line of the all-listings report: one offer in one marketplace. Quantity is the seller's own
// stock, written only for offers the seller ships (fulfillment-channel DEFAULT); FBA offers leave it empty.
type ListingLine struct {
	ItemName, ItemDescription, ListingID, SellerSKU string
	Price                                           decimal.Decimal
	Currency                                        string
	Quantity                                        int
	OpenDate                                        time.Time
	ImageURL, ItemIsMarketplace, ProductIDType      string
	ItemCondition, ASIN, ProductID                  string
	FulfillmentChannel, Status                      string
}

// Listings is the listings report's truth for one marketplace: every product, the new listings (which no other
// report knows yet) included. An FBA offer with no fulfillable stock is Inactive, as on Amazon.
func (w *World) Listings(sellerID, marketplaceID string) []ListingLine {
	s := w.sellers[sellerID]
	m := markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	out := make([]ListingLine, 0, len(s.products))
	for _, p := range s.products {
		out = append(out, w.listingLine(s, m, p))
	}
	return out
}

func (w *World) listingLine(s *seller, m *market, p *product) ListingLine {
	r := rngOf("listing", s.def.id, m.id, p.sku)
	l := ListingLine{ItemName: p.name, ItemDescription: p.description, SellerSKU: p.sku,
		Price: m.money(p.price[m.index]), Currency: m.currency, OpenDate: p.opened.In(m.zone),
		ItemIsMarketplace: "y", ProductIDType: "1", ItemCondition: "11", ASIN: p.asin, ProductID: p.asin,
		FulfillmentChannel: m.fbaChannel, Status: "Active"}
	l.ListingID = p.opened.Format("0102") + code36(r, 7)
	l.ImageURL = "https://m.media-amazon.com/images/I/" + code36(r, 11) + ".jpg"
	switch {
	case p.newOnly:
		l.FulfillmentChannel = "DEFAULT"
		l.Quantity = 5 + r.IntN(20)
	case p.mfn:
		l.FulfillmentChannel = "DEFAULT"
		l.Quantity = w.inventoryLine(s, m, p).MFNFulfillableQuantity
		if l.Quantity == 0 {
			l.Status = "Inactive"
		}
	default:
		if w.inventoryLine(s, m, p).AFNFulfillable == 0 {
			l.Status = "Inactive"
		}
	}
	return l
}

func appendListingLine(b []byte, l ListingLine) []byte {
	qty := ""
	if l.FulfillmentChannel == "DEFAULT" {
		qty = strconv.Itoa(l.Quantity)
	}
	return tsvLine(b, l.ItemName, l.ItemDescription, l.ListingID, l.SellerSKU, l.Price.StringFixed(moneyDec(l.Currency)),
		qty, l.OpenDate.Format(openLayout), l.ImageURL, l.ItemIsMarketplace, l.ProductIDType, "", "", l.ItemCondition, "", "", "", l.ASIN,
		"", "", "", "", "", l.ProductID, "", "", "", l.FulfillmentChannel, "", l.Status)
}
