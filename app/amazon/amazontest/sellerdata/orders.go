package sellerdata

import (
	"strconv"
	"time"

	"github.com/shopspring/decimal"
)

// Order statuses as the orders report writes them.
const (
	StatusShipped   = "Shipped"
	StatusPending   = "Pending"
	StatusCancelled = "Cancelled"
)

// OrderLine is a line of the orders report: one SKU of one order. A cancelled line has quantity 0 and no amounts
// (Amazon leaves them empty), here zero.
type OrderLine struct {
	AmazonOrderID, MerchantOrderID                   string
	PurchaseDate, LastUpdatedDate                    time.Time
	OrderStatus, FulfillmentChannel, SalesChannel    string
	OrderChannel, ShipServiceLevel                   string
	ProductName, SKU, ASIN, ItemStatus               string
	Quantity                                         int
	Currency                                         string
	ItemPrice, ItemTax, ShippingPrice, ShippingTax   decimal.Decimal
	GiftWrapPrice, GiftWrapTax                       decimal.Decimal
	ItemPromotionDiscount, ShipPromotionDiscount     decimal.Decimal
	ShipCity, ShipState, ShipPostalCode, ShipCountry string
	PromotionIDs                                     string
	IsBusinessOrder                                  bool
	// MarketplaceID is not a column: the sales channel names the marketplace.
	MarketplaceID string
}

// Orders is the orders report's truth: the lines of the seller's orders whose last-updated-date is in
// [from, to), in the order Content writes them.
func (w *World) Orders(sellerID string, from, to time.Time) []OrderLine {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	var out []OrderLine
	w.eachUpdated(s, s.markets, from, to, func(o *order) {
		status, updated := o.state(w.Now)
		for _, it := range o.items {
			out = append(out, orderLine(o, it, status, updated))
		}
	})
	return out
}

func orderLine(o *order, it item, status string, updated time.Time) OrderLine {
	m := o.m
	l := OrderLine{
		AmazonOrderID: o.id, PurchaseDate: o.purchase, LastUpdatedDate: updated, OrderStatus: status,
		FulfillmentChannel: channelName(o.afn), SalesChannel: m.channel, ShipServiceLevel: o.service,
		ProductName: it.p.name, SKU: it.p.sku, ASIN: it.p.asin, ItemStatus: itemStatus(status),
		Quantity: int(it.qty), Currency: m.currency,
		ShipCity: o.place.city, ShipState: o.place.state, ShipPostalCode: o.place.postal, ShipCountry: m.country,
		PromotionIDs: o.promoID, IsBusinessOrder: o.business, MarketplaceID: m.id,
		ItemPrice: decimal.Zero, ItemTax: decimal.Zero, ShippingPrice: decimal.Zero, ShippingTax: decimal.Zero,
		GiftWrapPrice: decimal.Zero, GiftWrapTax: decimal.Zero, ItemPromotionDiscount: decimal.Zero,
		ShipPromotionDiscount: decimal.Zero,
	}
	if it.promo == 0 {
		l.PromotionIDs = ""
	}
	if status == StatusCancelled {
		l.Quantity = 0
		return l
	}
	l.ItemPrice, l.ItemTax = m.money(it.price), m.money(it.tax)
	l.ShippingPrice, l.ShippingTax = m.money(it.ship), m.money(it.shipTax)
	l.ItemPromotionDiscount = m.money(it.promo)
	return l
}

func channelName(afn bool) string {
	if afn {
		return "Amazon"
	}
	return "Merchant"
}

func itemStatus(orderStatus string) string {
	switch orderStatus {
	case StatusShipped:
		return "Shipped"
	case StatusCancelled:
		return "Cancelled"
	}
	return "Unshipped"
}

// appendOrder writes the order's lines as the orders report does.
func appendOrder(b []byte, o *order, now time.Time) []byte {
	status, updated := o.state(now)
	m := o.m
	for _, it := range o.items {
		b = append(b, o.id...)
		b = append(b, '\t', '\t')
		b = appendISO(b, o.purchase)
		b = append(b, '\t')
		b = appendISO(b, updated)
		b = append(b, '\t')
		b = append(b, status...)
		b = append(b, '\t')
		b = append(b, channelName(o.afn)...)
		b = append(b, '\t')
		b = append(b, m.channel...)
		b = append(b, '\t', '\t')
		b = append(b, o.service...)
		b = append(b, '\t')
		b = append(b, it.p.name...)
		b = append(b, '\t')
		b = append(b, it.p.sku...)
		b = append(b, '\t')
		b = append(b, it.p.asin...)
		b = append(b, '\t')
		b = append(b, itemStatus(status)...)
		b = append(b, '\t')
		if status == StatusCancelled {
			b = append(b, '0', '\t')
			b = append(b, m.currency...)
			b = append(b, "\t\t\t\t\t\t\t\t\t"...)
		} else {
			b = strconv.AppendInt(b, it.qty, 10)
			b = append(b, '\t')
			b = append(b, m.currency...)
			for _, v := range [...]int64{it.price, it.tax, it.ship, it.shipTax, 0, 0, it.promo, 0} {
				b = append(b, '\t')
				b = appendMinor(b, v, m.dec)
			}
			b = append(b, '\t')
		}
		b = append(b, o.place.city...)
		b = append(b, '\t')
		b = append(b, o.place.state...)
		b = append(b, '\t')
		b = append(b, o.place.postal...)
		b = append(b, '\t')
		b = append(b, m.country...)
		b = append(b, '\t')
		if it.promo != 0 {
			b = append(b, o.promoID...)
		}
		if o.business {
			b = append(b, "\ttrue\n"...)
		} else {
			b = append(b, "\tfalse\n"...)
		}
	}
	return b
}

// eachUpdated calls fn for every order of the markets whose last-updated-date as of w.Now is in [from, to), by
// purchase day, market, then purchase time.
func (w *World) eachUpdated(s *seller, ms []*market, from, to time.Time, fn func(*order)) {
	w.eachDay(s, ms, from.Add(-maxOrderLife), to, func(o *order) {
		if _, updated := o.state(w.Now); !updated.Before(from) && updated.Before(to) {
			fn(o)
		}
	})
}
