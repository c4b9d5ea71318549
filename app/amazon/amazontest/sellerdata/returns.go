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
	w.eachDay(s, ms, from.Add(-refundWindow-maxOrderLife), to, func(o *order) {
		if !o.afn {
			return
		}
		for _, it := range o.items {
			if f := it.refund; f != nil && !f.returned.Before(from) && f.returned.Before(to) && f.returned.Before(w.Now) {
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
