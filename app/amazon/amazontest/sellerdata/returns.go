package sellerdata

import (
	"strconv"
	"time"
)

// ReturnLine is a line of the FBA customer returns report: a refunded FBA item back at a fulfilment centre.
type ReturnLine struct {
	ReturnDate                                       time.Time
	OrderID, SKU, ASIN, FNSKU, ProductName           string
	Quantity                                         int
	FulfillmentCenterID, DetailedDisposition, Reason string
	Status, LicensePlateNumber, CustomerComments     string
	// MarketplaceID is not a column: the order was placed there.
	MarketplaceID string
}

// Returns is the returns report's truth: the seller's FBA returns with return-date in [from, to), by the
// orders' purchase day, as Content writes them.
func (w *World) Returns(sellerID string, from, to time.Time) []ReturnLine {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	var out []ReturnLine
	w.eachReturn(s, s.markets, from, to, func(o *order, it item) { out = append(out, returnLine(o, it)) })
	return out
}

func (w *World) eachReturn(s *seller, ms []*market, from, to time.Time, fn func(*order, item)) {
	never, neverSKU, _ := w.unreturned(s)
	w.eachDay(s, ms, from.Add(-refundWindow-maxOrderLife), to, func(o *order) {
		if !o.afn {
			return
		}
		for _, it := range o.items {
			if f := it.refund; f != nil && !f.returned.Before(from) && f.returned.Before(to) && f.returned.Before(w.Now) &&
				comesBack(o, it, never, neverSKU) {
				fn(o, it)
			}
		}
	})
}

func returnLine(o *order, it item) ReturnLine {
	f := it.refund
	return ReturnLine{ReturnDate: f.returned, OrderID: o.id, SKU: it.p.sku, ASIN: it.p.asin, FNSKU: it.p.fnsku,
		ProductName: it.p.name, Quantity: int(it.qty), FulfillmentCenterID: f.fc, DetailedDisposition: f.disposition,
		Reason: f.reason, Status: f.status, LicensePlateNumber: f.lpn(), CustomerComments: f.comment,
		MarketplaceID: o.m.id}
}

func appendReturnLine(b []byte, l ReturnLine) []byte {
	return tsvLine(b, string(appendISO(nil, l.ReturnDate)), l.OrderID, l.SKU, l.ASIN, l.FNSKU, l.ProductName,
		strconv.Itoa(l.Quantity), l.FulfillmentCenterID, l.DetailedDisposition, l.Reason, l.Status,
		l.LicensePlateNumber, l.CustomerComments)
}

// The planted refund whose item never came back: the first FBA item of the seller's first marketplace refunded
// between unreturnedFrom and unreturnedTo days before the world's day, inside Amazon's claim window of 60 to 120
// days. The returns report and the ledger leave its return out.
const (
	unreturnedFrom = 75
	unreturnedTo   = 62
)

// unreturned is the planted refund's order id and SKU ("" when the seller has none), and the refund's time.
func (w *World) unreturned(s *seller) (orderID, sku string, at time.Time) {
	today := w.Now.Truncate(day)
	from, to := today.Add(-unreturnedFrom*day), today.Add(-unreturnedTo*day)
	w.eachDay(s, s.markets[:1], from.Add(-refundWindow-maxOrderLife), to, func(o *order) {
		if orderID != "" || !o.afn || o.cancelled {
			return
		}
		for _, it := range o.items {
			if f := it.refund; f != nil && !f.at.Before(from) && f.at.Before(to) {
				orderID, sku, at = o.id, it.p.sku, f.at
				return
			}
		}
	})
	return orderID, sku, at
}

// comesBack says whether a refunded item's return reaches a fulfilment centre (all but the planted one's).
func comesBack(o *order, it item, orderID, sku string) bool {
	return o.id != orderID || it.p.sku != sku
}
