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
		Price: w.priceOf(s, m, p), Currency: m.currency, OpenDate: p.opened.In(m.zone),
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

// Offer is what the Listings Items API knows of a seller's SKU in a marketplace: its price now (a price changed
// through patchListingsItem, else the world's), the least price Amazon accepts for it (half the world's price:
// the seller's Minimum Seller Allowed Price, guarding against pricing errors) and the currency. ok is false for a
// SKU or marketplace the seller does not have.
func (w *World) Offer(sellerID, marketplaceID, sku string) (price, minimum decimal.Decimal, currency string, ok bool) {
	s := w.sellers[sellerID]
	m := markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return price, minimum, "", false
	}
	for _, p := range s.products {
		if p.sku != sku {
			continue
		}
		list := p.price[m.index]
		return w.priceOf(s, m, p), m.money(list / 2), m.currency, true
	}
	return price, minimum, "", false
}

// SetOfferPrice keeps a SKU's new price: the listings report gives it from now on.
func (w *World) SetOfferPrice(sellerID, marketplaceID, sku string, price decimal.Decimal) {
	w.priceMu.Lock()
	defer w.priceMu.Unlock()
	if w.prices == nil {
		w.prices = map[string]decimal.Decimal{}
	}
	w.prices[sellerID+"\x00"+marketplaceID+"\x00"+sku] = price
}

// priceOf is a product's listing price in a marketplace: the one set through the API, else the world's.
func (w *World) priceOf(s *seller, m *market, p *product) decimal.Decimal {
	w.priceMu.Lock()
	defer w.priceMu.Unlock()
	if v, ok := w.prices[s.def.id+"\x00"+m.id+"\x00"+p.sku]; ok {
		return v
	}
	return m.money(p.price[m.index])
}
