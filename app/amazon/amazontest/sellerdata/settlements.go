package sellerdata

import (
	"strconv"
	"time"

	"github.com/shopspring/decimal"
)

// Settlement periods are 14 days, counted per marketplace from a fixed Friday (07:00 UTC, midnight Pacific), so
// a period is the same period whatever the world's day.
const settlePeriod = 14 * day

var settleAnchor = time.Date(2020, 1, 3, 7, 0, 0, 0, time.UTC)

// SettlementFile is a settlement report's truth: the settlement's own fields and every line. TotalAmount is the
// sum of the lines' amounts, exactly.
type SettlementFile struct {
	ReportID, SettlementID, MarketplaceID string
	Start, End, DepositDate               time.Time
	TotalAmount                           decimal.Decimal
	Currency                              string
	Lines                                 []SettlementLine
}

// SettlementLine is a line of a settlement report after its first (which carries only the settlement's fields).
type SettlementLine struct {
	TransactionType, OrderID, MerchantOrderID, AdjustmentID, ShipmentID, MarketplaceName string
	AmountType, AmountDescription                                                        string
	Amount                                                                               decimal.Decimal
	FulfillmentID                                                                        string
	PostedDate                                                                           time.Time
	OrderItemCode, MerchantOrderItemID, MerchantAdjustmentItemID, SKU                    string
	QuantityPurchased                                                                    int
	PromotionID                                                                          string
}

// period is one settlement: a marketplace's 14 days.
type period struct {
	s          *seller
	m          *market
	k          int64
	start, end time.Time
}

func (p period) settlementID() string { return p.id(10_000_000_000) }
func (p period) reportID() string     { return p.id(50_000_000_000) }

// id numbers the period uniquely per seller, marketplace and period: base + seller hash, market, period index.
func (p period) id(base uint64) string {
	v := base + seedOf(p.s.def.id)%100_000*100_000 + uint64(p.m.index)*10_000 + uint64(p.k)%10_000
	return strconv.FormatUint(v, 10)
}

func (p period) created() time.Time { return p.end.Add(3 * time.Hour) }
func (p period) deposit() time.Time { return p.end.Add(day) }

// periods are the settlements of a market Amazon has made by now: whole periods within the orders' history.
func (w *World) periods(s *seller, m *market) []period {
	anchor := settleAnchor.Add(m.settleOffset)
	k := (w.First.Sub(anchor) + settlePeriod - 1) / settlePeriod
	var out []period
	for ; ; k++ {
		p := period{s: s, m: m, k: int64(k), start: anchor.Add(k * settlePeriod)}
		p.end = p.start.Add(settlePeriod)
		if p.created().After(w.Now) {
			return out
		}
		out = append(out, p)
	}
}

// Scheduled lists the seller's settlement reports, by marketplace then period, as getReports would.
func (w *World) Scheduled(sellerID string) []Scheduled {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	var out []Scheduled
	for _, m := range s.markets {
		for _, p := range w.periods(s, m) {
			out = append(out, Scheduled{ReportID: p.reportID(), ReportType: SettlementReport,
				MarketplaceIDs: []string{m.id}, DataStartTime: p.start, DataEndTime: p.end, CreatedTime: p.created()})
		}
	}
	return out
}

// findPeriod finds the settlement of a marketplace with these dates (what the stand-in asks Content for).
func (w *World) findPeriod(s *seller, marketplaceID string, start, end time.Time) (period, bool) {
	for _, m := range s.markets {
		if m.id != marketplaceID {
			continue
		}
		for _, p := range w.periods(s, m) {
			if p.start.Equal(start) && p.end.Equal(end) {
				return p, true
			}
		}
	}
	return period{}, false
}

// Settlement is a settlement report's truth, found by its report id (zero when there is none).
func (w *World) Settlement(sellerID, reportID string) SettlementFile {
	s := w.sellers[sellerID]
	if s == nil {
		return SettlementFile{}
	}
	for _, m := range s.markets {
		for _, p := range w.periods(s, m) {
			if p.reportID() != reportID {
				continue
			}
			f := SettlementFile{ReportID: reportID, SettlementID: p.settlementID(), MarketplaceID: m.id,
				Start: p.start, End: p.end, DepositDate: p.deposit(), Currency: m.currency}
			var total int64
			w.eachSettlementLine(p, func(l *sline) {
				total += l.amount
				f.Lines = append(f.Lines, l.line(m))
			})
			f.TotalAmount = m.money(total)
			return f
		}
	}
	return SettlementFile{}
}

// sline is a settlement line with its amount in minor units.
type sline struct {
	txType, orderID, adjustmentID, shipmentID string
	amountType, description                   string
	amount                                    int64
	fulfilment                                string
	posted                                    time.Time
	itemCode, sku, promotionID                string
	qty                                       int64
}

func (l *sline) line(m *market) SettlementLine {
	return SettlementLine{TransactionType: l.txType, OrderID: l.orderID, AdjustmentID: l.adjustmentID,
		ShipmentID: l.shipmentID, MarketplaceName: m.channel, AmountType: l.amountType,
		AmountDescription: l.description, Amount: m.money(l.amount), FulfillmentID: l.fulfilment,
		PostedDate: l.posted, OrderItemCode: l.itemCode, SKU: l.sku, QuantityPurchased: int(l.qty),
		PromotionID: l.promotionID}
}

func appendSline(b []byte, settlementID string, m *market, l *sline) []byte {
	b = append(b, settlementID...)
	b = append(b, "\t\t\t\t\t\t"...)
	b = append(b, l.txType...)
	b = append(b, '\t')
	b = append(b, l.orderID...)
	b = append(b, '\t', '\t')
	b = append(b, l.adjustmentID...)
	b = append(b, '\t')
	b = append(b, l.shipmentID...)
	b = append(b, '\t')
	b = append(b, m.channel...)
	b = append(b, '\t')
	b = append(b, l.amountType...)
	b = append(b, '\t')
	b = append(b, l.description...)
	b = append(b, '\t')
	b = appendMinor(b, l.amount, m.dec)
	b = append(b, '\t')
	b = append(b, l.fulfilment...)
	b = append(b, '\t')
	b = l.posted.UTC().AppendFormat(b, postedLayout)
	b = append(b, '\t')
	b = l.posted.UTC().AppendFormat(b, settlementLayout)
	b = append(b, '\t')
	b = append(b, l.itemCode...)
	b = append(b, "\t\t\t"...)
	b = append(b, l.sku...)
	b = append(b, '\t')
	if l.qty > 0 {
		b = strconv.AppendInt(b, l.qty, 10)
	}
	b = append(b, '\t')
	b = append(b, l.promotionID...)
	return append(b, '\n')
}

// appendSettlementHead writes the first line: only the settlement's own fields.
func appendSettlementHead(b []byte, p period, total int64) []byte {
	b = append(b, p.settlementID()...)
	for _, t := range []time.Time{p.start, p.end, p.deposit()} {
		b = append(b, '\t')
		b = t.UTC().AppendFormat(b, settlementLayout)
	}
	b = append(b, '\t')
	b = appendMinor(b, total, p.m.dec)
	b = append(b, '\t')
	b = append(b, p.m.currency...)
	for range len(SettlementHeader) - 6 {
		b = append(b, '\t')
	}
	return append(b, '\n')
}

// refundWindow is how long after shipping a refund can come (see genItem).
const refundWindow = 31 * day

// eachSettlementLine calls fn for every line of a settlement: the orders that shipped in the period and the
// refunds made in it (by purchase day), then the period's charges.
func (w *World) eachSettlementLine(p period, fn func(*sline)) {
	for d := p.start.Add(-refundWindow - maxOrderLife).Truncate(day); d.Before(p.end); d = d.Add(day) {
		w.settlementDay(p, d, fn)
	}
	p.charges(fn)
}

// settlementDay calls fn for the period's lines of the orders purchased on day d.
func (w *World) settlementDay(p period, d time.Time, fn func(*sline)) {
	if d.Before(w.First) || !d.Before(w.Now) {
		return
	}
	in := func(t time.Time) bool { return !t.Before(p.start) && t.Before(p.end) }
	m := p.m
	for _, o := range p.s.dayOrders(m, d) {
		shipped := !o.cancelled && in(o.closed)
		for i, it := range o.items {
			if shipped {
				orderLines(o, i, it, fn)
			}
			if it.refund != nil && in(it.refund.at) {
				refundLines(o, i, it, fn)
			}
		}
	}
}

func orderLines(o *order, i int, it item, fn func(*sline)) {
	m := o.m
	base := sline{txType: "Order", orderID: o.id, shipmentID: shipmentID(o), fulfilment: fulfilmentID(o),
		posted: o.closed, itemCode: itemCode(o, i), sku: it.p.sku, qty: it.qty}
	emit := func(amountType, description string, amount int64, promo string) {
		if amount == 0 {
			return
		}
		l := base
		l.amountType, l.description, l.amount, l.promotionID = amountType, description, amount, promo
		fn(&l)
	}
	emit("ItemPrice", "Principal", it.price, "")
	if m.facilitator {
		emit("ItemPrice", "Tax", it.tax, "")
	}
	emit("ItemPrice", "Shipping", it.ship, "")
	if m.facilitator {
		emit("ItemPrice", "ShippingTax", it.shipTax, "")
	}
	emit("Promotion", "Principal", it.promo, o.promoID)
	if m.facilitator {
		emit("ItemWithheldTax", "MarketplaceFacilitatorTax-Principal", -it.tax, "")
		emit("ItemWithheldTax", "MarketplaceFacilitatorTax-Shipping", -it.shipTax, "")
	}
	f := feeOf(it.p, m)
	if o.afn {
		emit("ItemFees", "FBAPerUnitFulfillmentFee", -f.fulfilment*it.qty, "")
	}
	emit("ItemFees", "Commission", -f.commission(m, it), "")
}

// refundLines reverse the item's sale; Amazon keeps a fifth of the commission (at most 5.00) as RefundCommission.
func refundLines(o *order, i int, it item, fn func(*sline)) {
	m := o.m
	base := sline{txType: "Refund", orderID: o.id, adjustmentID: adjustmentID(o, i), fulfilment: fulfilmentID(o),
		posted: it.refund.at, itemCode: itemCode(o, i), sku: it.p.sku}
	emit := func(amountType, description string, amount int64, promo string) {
		if amount == 0 {
			return
		}
		l := base
		l.amountType, l.description, l.amount, l.promotionID = amountType, description, amount, promo
		fn(&l)
	}
	emit("ItemPrice", "Principal", -it.price, "")
	if m.facilitator {
		emit("ItemPrice", "Tax", -it.tax, "")
	}
	emit("ItemPrice", "Shipping", -it.ship, "")
	if m.facilitator {
		emit("ItemPrice", "ShippingTax", -it.shipTax, "")
	}
	emit("Promotion", "Principal", -it.promo, o.promoID)
	if m.facilitator {
		emit("ItemWithheldTax", "MarketplaceFacilitatorTax-Principal", it.tax, "")
		emit("ItemWithheldTax", "MarketplaceFacilitatorTax-Shipping", it.shipTax, "")
	}
	c := feeOf(it.p, m).commission(m, it)
	emit("ItemFees", "Commission", c, "")
	emit("ItemFees", "RefundCommission", -min((c+2)/5, 500*m.priceRate/100), "")
}

// charges are the period's lines that belong to no order: the monthly subscription and storage fee in the
// periods that hold the 1st and the 7th of a month, and advertising invoices.
func (p period) charges(fn func(*sline)) {
	m := p.m
	r := rngOf("charges", p.s.def.id, m.id, strconv.FormatInt(p.k, 10))
	other := func(txType, amountType, description string, amount int64, posted time.Time) {
		fn(&sline{txType: txType, amountType: amountType, description: description, amount: amount, posted: posted})
	}
	for d := p.start.Truncate(day).Add(day); d.Before(p.end); d = d.Add(day) {
		switch d.Day() {
		case 1:
			other("other-transaction", "other-transaction", "Subscription Fee", -m.subscription, d.Add(9*time.Hour))
		case 7:
			storage := int64(2000+r.IntN(10000)) * m.priceRate / 100
			other("other-transaction", "other-transaction", "Storage Fee", -storage, d.Add(11*time.Hour))
		}
	}
	for i := range 1 + r.IntN(3) {
		ads := int64(5000+r.IntN(35000)) * m.priceRate / 100
		posted := p.start.Add(time.Duration(i+1) * 4 * day)
		other("ServiceFee", "Cost of Advertising", "TransactionTotalAmount", -ads, posted)
	}
}

func fulfilmentID(o *order) string {
	if o.afn {
		return "AFN"
	}
	return "MFN"
}

// shipmentID, itemCode and adjustmentID derive Amazon's ids from the order's unique number.
func shipmentID(o *order) string {
	v := permute(o.num, 17)
	b := []byte{'D'}
	for range 9 {
		b = append(b, alphabet36[v%36])
		v /= 36
	}
	return string(b)
}

func itemCode(o *order, i int) string {
	return string(appendDigits(nil, permute(o.num*4+uint64(i), 31), 14))
}

func adjustmentID(o *order, i int) string {
	return string(appendDigits(nil, permute(o.num*4+uint64(i), 53), 14))
}
