package sellerdata

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// The inventory ledger of the world: each FBA product is stocked at two of its marketplace's fulfilment centres,
// received every two weeks, shipped as the orders ship, returned as the refunds come back, and a few units are
// lost, found or damaged on planted days (Planted says which). The detail lists the events, the summary each day's
// balances per fulfilment centre and disposition; one planted receipt is in the summary but missing from the
// detail, as Amazon's ledger sometimes is, so that a day does not add up.

// The ledger reports' types and columns, as Amazon writes them (every field in double quotes).
const (
	LedgerDetailReport  = "GET_LEDGER_DETAIL_VIEW_DATA"
	LedgerSummaryReport = "GET_LEDGER_SUMMARY_VIEW_DATA"
)

var (
	LedgerDetailHeader = []string{"Date", "FNSKU", "ASIN", "MSKU", "Title", "Event Type", "Reference ID", "Quantity",
		"Fulfillment Center", "Disposition", "Reason", "Country", "Reconciled Quantity", "Unreconciled Quantity",
		"Date and Time", "Store"}
	LedgerSummaryHeader = []string{"Date", "FNSKU", "ASIN", "MSKU", "Title", "Disposition", "Starting Warehouse Balance",
		"In Transit Between Warehouses", "Receipts", "Customer Shipments", "Customer Returns", "Vendor Returns",
		"Warehouse Transfer In/Out", "Found", "Lost", "Damaged", "Disposed", "Other Events", "Ending Warehouse Balance",
		"Unknown Events", "Location", "Store"}
)

// LedgerEvent is a line of the ledger's detail.
type LedgerEvent struct {
	At                                       time.Time
	FNSKU, ASIN, SKU, Title                  string
	EventType, ReferenceID                   string
	Quantity                                 int
	FulfillmentCenter, Disposition, Reason   string
	Country                                  string
	ReconciledQuantity, UnreconciledQuantity int
	// hidden: in the balances, missing from the detail (the planted gap).
	hidden bool
}

// Day is the event's ledger date (yyyy-MM-dd, UTC).
func (e LedgerEvent) Day() string { return e.At.UTC().Format(postedLayout) }

// LedgerBalance is a line of the ledger's daily summary by fulfilment centre.
type LedgerBalance struct {
	Day                                       string
	FNSKU, ASIN, SKU, Title, Disposition      string
	Location                                  string
	Starting, Receipts, Shipments, Returns    int
	Transfers, Found, Lost, Damaged, Disposed int
	Other, Ending                             int
}

// Planted is what the world hides in a seller's first marketplace for the audit and the ledger check to find.
type Planted struct {
	MarketplaceID string
	// MissingDay is the day whose receipt at MissingFC of MissingFNSKU is missing from the detail.
	MissingDay, MissingFC, MissingFNSKU string
	// LostSKU lost 2 units on LostReimbursedDay (reimbursed 30 days later as ReimbursementID) and 1 unit on
	// LostOpenDay that nothing covers; FoundSKU lost 1 unit and found it a week later; ExpiredSKU lost 1 unit 85
	// days ago, past any claim window.
	LostSKU, LostFNSKU                 string
	LostReimbursedDay, LostOpenDay     string
	LostOpenReference, ReimbursementID string
	FoundSKU, ExpiredSKU               string
	// UnreturnedOrder's UnreturnedSKU was refunded on UnreturnedDay and never came back.
	UnreturnedOrder, UnreturnedSKU, UnreturnedDay string
}

// planted days, before the world's day.
const (
	missingDaysAgo        = 12
	lostReimbursedDaysAgo = 50
	reimbursedDaysAgo     = 20
	lostOpenDaysAgo       = 40
	lostFoundDaysAgo      = 45
	foundDaysAgo          = 38
	expiredDaysAgo        = 85
	damagedDaysAgo        = 35
)

// Planted says what the seller's ledger hides.
func (w *World) Planted(sellerID string) Planted {
	s := w.sellers[sellerID]
	if s == nil {
		return Planted{}
	}
	m := s.markets[0]
	ps := s.fbaProducts()
	today := w.Now.Truncate(day)
	dayAgo := func(n int) string { return today.Add(-time.Duration(n) * day).Format(postedLayout) }
	order, sku, at := w.unreturned(s)
	return Planted{UnreturnedOrder: order, UnreturnedSKU: sku, UnreturnedDay: at.UTC().Format(postedLayout), MarketplaceID: m.id, MissingDay: dayAgo(missingDaysAgo), MissingFC: fcsOf(m, ps[0])[0],
		MissingFNSKU: ps[0].fnsku, LostSKU: ps[1].sku, LostFNSKU: ps[1].fnsku, LostReimbursedDay: dayAgo(lostReimbursedDaysAgo),
		LostOpenDay: dayAgo(lostOpenDaysAgo), LostOpenReference: adjustmentRef(s, m, ps[1], lostOpenDaysAgo),
		ReimbursementID: reimbursementID(s, m, ps[1], reimbursedDaysAgo), FoundSKU: ps[2].sku, ExpiredSKU: ps[3].sku}
}

// fbaProducts are the seller's products Amazon stocks, in catalogue order.
func (s *seller) fbaProducts() []*product {
	var out []*product
	for _, p := range s.selling {
		if !p.mfn && !p.newOnly {
			out = append(out, p)
		}
	}
	return out
}

// fcsOf are the two fulfilment centres a product is stocked at in a marketplace.
func fcsOf(m *market, p *product) [2]string {
	i := int(seedOf("fc", m.id, p.sku) % uint64(len(m.fcs)))
	return [2]string{m.fcs[i], m.fcs[(i+1)%len(m.fcs)]}
}

func adjustmentRef(s *seller, m *market, p *product, daysAgo int) string {
	return strconv.FormatUint(seedOf("adj", s.def.id, m.id, p.sku, strconv.Itoa(daysAgo))%9_000_000_000+1_000_000_000, 10)
}

func reimbursementID(s *seller, m *market, p *product, daysAgo int) string {
	return strconv.FormatUint(seedOf("reimb", s.def.id, m.id, p.sku, strconv.Itoa(daysAgo))%9_000_000_000+2_000_000_000, 10)
}

// ledgerEvents are every event of a marketplace's ledger before to, by time, the hidden one included.
func (w *World) ledgerEvents(s *seller, m *market, to time.Time) []LedgerEvent {
	if to.After(w.Now) {
		to = w.Now
	}
	products := s.fbaProducts()
	never, neverSKU, _ := w.unreturned(s)
	country := m.country
	var evs []LedgerEvent
	ev := func(p *product, at time.Time, typ, ref string, qty int, fc, disp, reason string) *LedgerEvent {
		evs = append(evs, LedgerEvent{At: at, FNSKU: p.fnsku, ASIN: p.asin, SKU: p.sku, Title: p.name, EventType: typ,
			ReferenceID: ref, Quantity: qty, FulfillmentCenter: fc, Disposition: disp, Reason: reason, Country: country})
		return &evs[len(evs)-1]
	}
	// Receipts every fourteen days, sized to two weeks' sales and then some.
	for _, p := range products {
		perDay := m.ordersPerDay * trend(w.Now) * p.weight / s.cum[len(s.cum)-1] * 1.3
		offset := int(seedOf("receipt", m.id, p.sku) % 14)
		fcs := fcsOf(m, p)
		for d, i := w.First, 0; d.Before(to); d, i = d.Add(day), i+1 {
			if (i+offset)%14 != 0 && i != 0 {
				continue
			}
			units := int(perDay*14*1.4) + 12
			if i == 0 {
				units += int(perDay*20) + 20 // the stock the world starts with, received on its first day
			}
			at := d.Add(time.Duration(9+i%7) * time.Hour)
			if at.Before(to) {
				ref := "FBA15" + strings.ToUpper(strconv.FormatUint(seedOf("shipment", m.id, p.sku, d.Format(postedLayout))%(36*36*36*36*36*36), 36))
				ev(p, at, "Receipts", ref, units-units/3, fcs[0], "SELLABLE", "")
				ev(p, at.Add(40*time.Minute), "Receipts", ref, units/3, fcs[1], "SELLABLE", "")
			}
		}
	}
	// Shipments as the orders ship, returns as they come back.
	w.eachDay(s, []*market{m}, w.First, to, func(o *order) {
		if !o.afn || o.cancelled {
			return
		}
		for _, it := range o.items {
			if !o.closed.Before(to) {
				continue
			}
			fc := fcsOf(m, it.p)[o.num%2]
			ev(it.p, o.closed, "Shipments", o.id, -int(it.qty), fc, "SELLABLE", "")
			if f := it.refund; f != nil && f.returned.Before(to) && comesBack(o, it, never, neverSKU) {
				disp := f.disposition
				if disp == "" {
					disp = "SELLABLE"
				}
				ev(it.p, f.returned, "CustomerReturns", o.id, int(it.qty), f.fc, disp, "")
			}
		}
	})
	// A unit damaged at a fulfilment centre in every marketplace, which Amazon reimburses (Reimbursements).
	if len(products) > 4 {
		p4 := products[4]
		if at := w.Now.Truncate(day).Add(-damagedDaysAgo*day + 8*time.Hour); at.Before(to) {
			ev(p4, at, "Adjustments", adjustmentRef(s, m, p4, damagedDaysAgo), -1, fcsOf(m, p4)[0], "SELLABLE", "E").ReconciledQuantity = 1
			ev(p4, at, "Adjustments", adjustmentRef(s, m, p4, damagedDaysAgo), 1, fcsOf(m, p4)[0], "WAREHOUSE_DAMAGED", "E")
		}
	}
	// The planted adjustments of the first marketplace.
	if m == s.markets[0] && len(products) > 3 {
		today := w.Now.Truncate(day)
		ago := func(n int, h int) time.Time { return today.Add(-time.Duration(n)*day + time.Duration(h)*time.Hour) }
		p0, p1, p2, p3 := products[0], products[1], products[2], products[3]
		keep := func(at time.Time) bool { return at.Before(to) }
		if at := ago(missingDaysAgo, 14); keep(at) {
			ev(p0, at, "Receipts", "FBA15MISSING", 3, fcsOf(m, p0)[0], "SELLABLE", "").hidden = true
		}
		if at := ago(lostReimbursedDaysAgo, 11); keep(at) {
			e := ev(p1, at, "Adjustments", adjustmentRef(s, m, p1, lostReimbursedDaysAgo), -2, fcsOf(m, p1)[0], "SELLABLE", "M")
			if ago(reimbursedDaysAgo, 0).Before(w.Now) {
				e.ReconciledQuantity = 2
			} else {
				e.UnreconciledQuantity = 2
			}
		}
		if at := ago(lostOpenDaysAgo, 16); keep(at) {
			ev(p1, at, "Adjustments", adjustmentRef(s, m, p1, lostOpenDaysAgo), -1, fcsOf(m, p1)[1], "SELLABLE", "M").UnreconciledQuantity = 1
		}
		if at := ago(lostFoundDaysAgo, 10); keep(at) {
			ev(p2, at, "Adjustments", adjustmentRef(s, m, p2, lostFoundDaysAgo), -1, fcsOf(m, p2)[0], "SELLABLE", "M").ReconciledQuantity = 1
		}
		if at := ago(foundDaysAgo, 13); keep(at) {
			ev(p2, at, "Adjustments", adjustmentRef(s, m, p2, foundDaysAgo), 1, fcsOf(m, p2)[0], "SELLABLE", "F").ReconciledQuantity = 1
		}
		if at := ago(expiredDaysAgo, 12); keep(at) && !at.Before(w.First) {
			ev(p3, at, "Adjustments", adjustmentRef(s, m, p3, expiredDaysAgo), -1, fcsOf(m, p3)[1], "SELLABLE", "M").UnreconciledQuantity = 1
		}
	}
	slices.SortStableFunc(evs, func(a, b LedgerEvent) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return strings.Compare(a.FNSKU, b.FNSKU)
	})
	return evs
}

// LedgerEvents is the detail's truth: a marketplace's ledger events dated in [from, to).
func (w *World) LedgerEvents(sellerID, marketplaceID string, from, to time.Time) []LedgerEvent {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	var out []LedgerEvent
	for _, e := range w.ledgerEvents(s, m, to) {
		if !e.hidden && !e.At.Before(from.UTC().Truncate(day)) {
			out = append(out, e)
		}
	}
	return out
}

// LedgerBalances is the summary's truth: each day in [from, to) of each FNSKU, fulfilment centre and disposition
// that held units or moved any, by day.
func (w *World) LedgerBalances(sellerID, marketplaceID string, from, to time.Time) []LedgerBalance {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	if to.After(w.Now) {
		to = w.Now
	}
	type place struct{ fnsku, fc, disp string }
	info := map[string]*product{}
	for _, p := range s.fbaProducts() {
		info[p.fnsku] = p
	}
	balance := map[place]int{}
	evs := w.ledgerEvents(s, m, to)
	var out []LedgerBalance
	i := 0
	for d := w.First; d.Before(to); d = d.Add(day) {
		end := d.Add(day)
		today := map[place]*LedgerBalance{}
		var keys []place
		row := func(k place) *LedgerBalance {
			if b := today[k]; b != nil {
				return b
			}
			p := info[k.fnsku]
			b := &LedgerBalance{Day: d.Format(postedLayout), FNSKU: k.fnsku, ASIN: p.asin, SKU: p.sku, Title: p.name,
				Disposition: k.disp, Location: k.fc, Starting: balance[k]}
			today[k] = b
			keys = append(keys, k)
			return b
		}
		for k, n := range balance {
			if n != 0 {
				row(k)
			}
		}
		for ; i < len(evs) && evs[i].At.Before(end); i++ {
			e := evs[i]
			k := place{e.FNSKU, e.FulfillmentCenter, e.Disposition}
			b := row(k)
			switch e.EventType {
			case "Receipts":
				b.Receipts += e.Quantity
			case "Shipments":
				b.Shipments += e.Quantity
			case "CustomerReturns":
				b.Returns += e.Quantity
			case "WhseTransfers":
				b.Transfers += e.Quantity
			default:
				switch e.Reason {
				case "M":
					b.Lost += e.Quantity
				case "F":
					b.Found += e.Quantity
				case "E", "H", "K", "6", "7":
					b.Damaged += e.Quantity
				case "D":
					b.Disposed += e.Quantity
				default:
					b.Other += e.Quantity
				}
			}
			balance[k] += e.Quantity
		}
		if d.Before(from.UTC().Truncate(day)) {
			continue
		}
		slices.SortFunc(keys, func(a, b place) int {
			return strings.Compare(a.fnsku+"|"+a.fc+"|"+a.disp, b.fnsku+"|"+b.fc+"|"+b.disp)
		})
		for _, k := range keys {
			b := today[k]
			b.Ending = balance[k]
			out = append(out, *b)
		}
	}
	return out
}

// quoted writes the fields of one line, each in double quotes as the ledger reports write them.
func quoted(b []byte, fields ...string) []byte {
	for i, f := range fields {
		if i > 0 {
			b = append(b, '\t')
		}
		b = append(b, '"')
		b = append(b, strings.ReplaceAll(f, `"`, `""`)...)
		b = append(b, '"')
	}
	return append(b, '\n')
}

// ledgerDate is the ledger's MM/DD/YYYY.
func ledgerDate(day string) string {
	t, _ := time.Parse(postedLayout, day)
	return t.Format("01/02/2006")
}

func appendLedgerEvent(b []byte, e LedgerEvent) []byte {
	n := strconv.Itoa
	return quoted(b, ledgerDate(e.Day()), e.FNSKU, e.ASIN, e.SKU, e.Title, e.EventType, e.ReferenceID, n(e.Quantity),
		e.FulfillmentCenter, e.Disposition, e.Reason, e.Country, n(e.ReconciledQuantity), n(e.UnreconciledQuantity),
		string(appendISO(nil, e.At)), "")
}

func appendLedgerBalance(b []byte, l LedgerBalance) []byte {
	n := strconv.Itoa
	return quoted(b, ledgerDate(l.Day), l.FNSKU, l.ASIN, l.SKU, l.Title, l.Disposition, n(l.Starting), "0", n(l.Receipts),
		n(l.Shipments), n(l.Returns), "0", n(l.Transfers), n(l.Found), n(l.Lost), n(l.Damaged), n(l.Disposed), n(l.Other),
		n(l.Ending), "0", l.Location, "")
}

// quotedHeader is a ledger report's header line.
func quotedHeader(cols []string) []byte { return quoted(nil, cols...) }
