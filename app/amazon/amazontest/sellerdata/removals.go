package sellerdata

import (
	"strconv"
	"time"
)

// Removal orders: what the seller asked Amazon to send back (Return), destroy (Disposal) or sell off (Liquidations),
// and the packages Amazon shipped for the returns. Each marketplace has a few, kept small (the reports ride every
// seller's first sync): the slow product Amazon recommends removing (InventoryPlanning's last) sent back in two
// packages by two carriers; the unsellable units of another product disposed of; a return requested three days ago
// still in process, one package out; in the first marketplace also a cancelled return and a liquidation.

// The removal reports' types and columns, as Amazon names them.
const (
	RemovalOrderReport    = "GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA"
	RemovalShipmentReport = "GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA"
)

var (
	RemovalOrderHeader = []string{"request-date", "order-id", "order-source", "order-type", "service-speed", "order-status",
		"last-updated-date", "sku", "fnsku", "disposition", "requested-quantity", "cancelled-quantity", "disposed-quantity",
		"shipped-quantity", "in-process-quantity", "removal-fee", "currency"}
	RemovalShipmentHeader = []string{"request-date", "order-id", "shipment-date", "sku", "fnsku", "disposition",
		"shipped-quantity", "carrier", "tracking-number", "removal-order-type"}
)

// RemovalOrderLine is a line of the removal order detail report: a SKU and disposition of a removal order. The fee
// in the marketplace's minor units.
type RemovalOrderLine struct {
	RequestDate, LastUpdated                                      time.Time
	OrderID, Source, Type, Speed, Status, SKU, FNSKU, Disposition string
	Requested, Cancelled, Disposed, Shipped, InProcess            int
	Fee                                                           int64
	Currency                                                      string
	dec                                                           int32
}

// RemovalShipmentLine is a line of the removal shipment detail report: a package of a return order.
type RemovalShipmentLine struct {
	RequestDate, ShipmentDate                   time.Time
	OrderID, SKU, FNSKU, Disposition, OrderType string
	Shipped                                     int
	Carrier, TrackingNumber                     string
}

// removalCents is the US removal and disposal fee per unit in cents (standard size, up to a pound).
const removalCents = 104

// removal is an order of the world with its lines and packages.
type removal struct {
	lines    []RemovalOrderLine
	packages []RemovalShipmentLine
}

// removalsOf are every removal order of a marketplace of the seller by the world's day, in request order.
func (w *World) removalsOf(sellerID, marketplaceID string) []removal {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	ps := s.fbaProducts()
	if len(ps) < 5 {
		return nil
	}
	today := w.Now.Truncate(day)
	fee := func(units int) int64 { return int64(units) * removalCents * m.priceRate / 100 }
	at := func(daysAgo int, hour int) time.Time {
		return today.Add(-time.Duration(daysAgo)*day + time.Duration(hour)*time.Hour)
	}
	id := func(kind string, daysAgo int) string { return removalOrderID(s.def.id, m.id, kind, daysAgo) }
	line := func(orderID, typ, status string, requested, updated time.Time, p *product, disposition string) RemovalOrderLine {
		return RemovalOrderLine{RequestDate: requested, LastUpdated: updated, OrderID: orderID, Source: "Seller-initiated Manual Removal",
			Type: typ, Speed: "Standard", Status: status, SKU: p.sku, FNSKU: p.fnsku, Disposition: disposition,
			Currency: m.currency, dec: m.dec}
	}
	pkg := func(l RemovalOrderLine, shipped time.Time, units int, carrier string) RemovalShipmentLine {
		return RemovalShipmentLine{RequestDate: l.RequestDate, ShipmentDate: shipped, OrderID: l.OrderID, SKU: l.SKU, FNSKU: l.FNSKU,
			Disposition: l.Disposition, OrderType: l.Type, Shipped: units, Carrier: carrier,
			TrackingNumber: trackingNumber(carrier, l.OrderID, shipped)}
	}
	carriers := map[bool][2]string{false: {"UPS", "USPS"}, true: {"DHL", "Royal Mail"}}[m.metric]
	if m.currency == "JPY" {
		carriers = [2]string{"ヤマト運輸", "佐川急便"}
	}
	var out []removal

	// The slow product sent back: 10 sellable units in two packages, and 2 unsellable ones.
	slow := ps[len(ps)-1]
	req := at(40, 9)
	a := line(id("return", 40), "Return", "Completed", req, at(33, 16), slow, "Sellable")
	a.Requested, a.Shipped, a.Fee = 10, 10, fee(10)
	b := line(a.OrderID, "Return", "Completed", req, at(33, 16), slow, "Unsellable")
	b.Requested, b.Shipped, b.Fee = 2, 2, fee(2)
	out = append(out, removal{lines: []RemovalOrderLine{a, b}, packages: []RemovalShipmentLine{
		pkg(a, at(36, 14), 6, carriers[0]), pkg(a, at(34, 11), 4, carriers[1]), pkg(b, at(34, 11), 2, carriers[1])}})

	// The damaged units of another product disposed of.
	d := line(id("disposal", 21), "Disposal", "Completed", at(21, 10), at(17, 8), ps[4], "Unsellable")
	d.Requested, d.Disposed, d.Fee = 3, 3, fee(3)
	out = append(out, removal{lines: []RemovalOrderLine{d}})

	// A return of three days ago under way: one package out, the rest being picked.
	p := line(id("return", 3), "Return", "Pending", at(3, 7), at(1, 18), ps[2], "Sellable")
	p.Requested, p.Shipped, p.InProcess, p.Fee = 5, 2, 3, fee(2)
	out = append(out, removal{lines: []RemovalOrderLine{p}, packages: []RemovalShipmentLine{pkg(p, at(1, 18), 2, carriers[0])}})

	if m == s.markets[0] {
		c := line(id("return", 60), "Return", "Cancelled", at(60, 12), at(59, 9), ps[3], "Sellable")
		c.Requested, c.Cancelled = 4, 4
		l := line(id("liquidations", 50), "Liquidations", "Completed", at(50, 15), at(44, 10), slow, "Sellable")
		l.Requested, l.Shipped, l.Fee = 6, 6, fee(6)
		out = append(out, removal{lines: []RemovalOrderLine{c}}, removal{lines: []RemovalOrderLine{l}})
	}
	return out
}

func removalOrderID(seller, marketplace, kind string, daysAgo int) string {
	const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	n := seedOf("removal", seller, marketplace, kind, strconv.Itoa(daysAgo))
	b := make([]byte, 10)
	for i := range b {
		b[i] = letters[n%uint64(len(letters))]
		n /= uint64(len(letters))
	}
	return string(b)
}

func trackingNumber(carrier, orderID string, shipped time.Time) string {
	n := seedOf("tracking", carrier, orderID, shipped.Format(time.RFC3339))
	switch carrier {
	case "UPS":
		return "1Z" + strconv.FormatUint(n%1e16, 10)
	case "DHL", "Royal Mail":
		return "JD" + strconv.FormatUint(n%1e18, 10)
	}
	return strconv.FormatUint(n%1e12+1e11, 10)
}

// RemovalOrders is the removal order detail report's truth: a marketplace's order lines last updated in [from, to).
func (w *World) RemovalOrders(sellerID, marketplaceID string, from, to time.Time) []RemovalOrderLine {
	var out []RemovalOrderLine
	for _, r := range w.removalsOf(sellerID, marketplaceID) {
		for _, l := range r.lines {
			if !l.LastUpdated.Before(from) && l.LastUpdated.Before(to) && l.LastUpdated.Before(w.Now) {
				out = append(out, l)
			}
		}
	}
	return out
}

// RemovalShipments is the removal shipment detail report's truth: a marketplace's packages shipped in [from, to).
func (w *World) RemovalShipments(sellerID, marketplaceID string, from, to time.Time) []RemovalShipmentLine {
	var out []RemovalShipmentLine
	for _, r := range w.removalsOf(sellerID, marketplaceID) {
		for _, p := range r.packages {
			if !p.ShipmentDate.Before(from) && p.ShipmentDate.Before(to) && p.ShipmentDate.Before(w.Now) {
				out = append(out, p)
			}
		}
	}
	return out
}

func appendRemovalOrder(b []byte, l RemovalOrderLine) []byte {
	n := strconv.Itoa
	return tsvLine(b, string(appendISO(nil, l.RequestDate)), l.OrderID, l.Source, l.Type, l.Speed, l.Status,
		string(appendISO(nil, l.LastUpdated)), l.SKU, l.FNSKU, l.Disposition, n(l.Requested), n(l.Cancelled), n(l.Disposed),
		n(l.Shipped), n(l.InProcess), string(appendMinor(nil, l.Fee, l.dec)), l.Currency)
}

func appendRemovalShipment(b []byte, l RemovalShipmentLine) []byte {
	return tsvLine(b, string(appendISO(nil, l.RequestDate)), l.OrderID, string(appendISO(nil, l.ShipmentDate)), l.SKU, l.FNSKU,
		l.Disposition, strconv.Itoa(l.Shipped), l.Carrier, l.TrackingNumber, l.OrderType)
}
