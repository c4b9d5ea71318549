package sellerdata

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// order is one order with every event it will ever have; what a report shows depends on the moment it is asked
// (state): an order shipped after that moment is still Pending then.
type order struct {
	m        *market
	id       string
	num      uint64 // the order's unique number, which the other ids derive from
	purchase time.Time
	// created is its first last-updated-date (Amazon touches a new order a few minutes after it is placed).
	created time.Time
	// closed is when it shipped, or was cancelled.
	closed    time.Time
	cancelled bool
	afn       bool
	service   string
	business  bool
	place     *place
	promoID   string
	items     []item
}

// item is one SKU of an order. Amounts are the market's minor units for the whole line (all units).
type item struct {
	p                                *product
	qty                              int64
	price, tax, ship, shipTax, promo int64 // promo is negative
	refund                           *refund
}

// refund is a refunded item: the buyer's return (FBA items come back to a fulfilment centre) and the refund.
type refund struct {
	returned, at                    time.Time
	reason, disposition, status, fc string
	comment                         string
	// lpnCode makes the license plate number (drawn always, spelt out only when a return is written).
	lpnCode uint64
}

// state is the order's status and last-updated-date as seen at now.
func (o *order) state(now time.Time) (string, time.Time) {
	if o.closed.Before(now) {
		if o.cancelled {
			return StatusCancelled, o.closed
		}
		return StatusShipped, o.closed
	}
	return StatusPending, o.created
}

// maxOrderLife bounds how long after its purchase an order can still change (ship or be cancelled).
const maxOrderLife = 4 * day

// eachDay calls fn for the orders purchased on the days that overlap [from, to), within the world's history and
// before its moment (an order of today purchased after Now has not happened yet).
func (w *World) eachDay(s *seller, ms []*market, from, to time.Time, fn func(*order)) {
	start := from.UTC().Truncate(day)
	if start.Before(w.First) {
		start = w.First
	}
	if to.After(w.Now) {
		to = w.Now
	}
	for d := start; d.Before(to); d = d.Add(day) {
		for _, m := range ms {
			for _, o := range s.dayOrders(m, d) {
				if o.purchase.Before(w.Now) {
					fn(o)
				}
			}
		}
	}
}

// dayOrders are a market's orders purchased on day d (UTC), from the seed of (seller, market, day) alone.
func (s *seller) dayOrders(m *market, d time.Time) []*order {
	r := rngOf("orders", s.def.id, m.id, d.Format(postedLayout))
	ev := eventOn(d)
	expected := m.ordersPerDay * weekday[d.Weekday()] * trend(d) * ev.factor
	n := int(expected*(0.85+0.3*r.Float64()) + 0.5)
	secs := make([]int, n)
	for i := range secs {
		secs[i] = purchaseSecond(r, m)
	}
	slices.Sort(secs)
	dayNum := uint64(d.Unix() / 86400)
	out := make([]*order, n)
	for i, sec := range secs {
		num := (dayNum*8+uint64(m.index))*10_000 + uint64(i)
		out[i] = s.genOrder(r, m, d.Add(time.Duration(sec)*time.Second), num, ev)
	}
	return out
}

// weekday scales a day's orders: Sundays and Mondays are busiest, midweek quietest.
var weekday = [7]float64{1.18, 1.10, 0.94, 0.90, 0.93, 0.97, 1.02}

// trend is the sellers' growth: 60% a year from the start of 2026.
func trend(d time.Time) float64 {
	years := d.Sub(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)).Hours() / (24 * 365)
	return max(0.5, 1+0.6*years)
}

// event is a promotion running on a day: its name (the promotion id) and how much it lifts orders.
type event struct {
	name   string
	factor float64
}

// eventOn finds the promotion of a calendar day: Amazon's big sales and the sellers' coupons on the first three
// days of each month.
func eventOn(d time.Time) event {
	mo, dd, y := d.Month(), d.Day(), strconv.Itoa(d.Year())
	switch {
	case mo == time.July && dd >= 8 && dd <= 11:
		return event{"Prime Day Deal " + y, 2.2}
	case mo == time.October && dd >= 7 && dd <= 8:
		return event{"Prime Big Deal Days " + y, 1.8}
	case mo == time.November && dd >= 21 || mo == time.December && dd == 1:
		return event{"Black Friday Cyber Monday " + y, 1.7}
	case dd <= 3:
		return event{"Monthly Coupon " + d.Format("2006-01"), 1.25}
	}
	return event{factor: 1}
}

// localHour weights when buyers order, by the marketplace's local hour: evenings busiest, small hours quiet.
var localHour = [24]float64{0.6, 0.35, 0.2, 0.15, 0.15, 0.2, 0.4, 0.7, 0.9, 1.0, 1.1, 1.15,
	1.2, 1.15, 1.1, 1.1, 1.15, 1.25, 1.4, 1.55, 1.6, 1.5, 1.2, 0.9}

var localHourTotal = func() float64 {
	t := 0.0
	for _, v := range localHour {
		t += v
	}
	return t
}()

// purchaseSecond draws the second of the UTC day an order is placed, weighted by the buyers' local hour.
func purchaseSecond(r *rand.Rand, m *market) int {
	_, offset := time.Unix(0, 0).In(m.zone).Zone()
	u := r.Float64() * localHourTotal
	h := 0
	for ; h < 23 && u >= localHour[h]; h++ {
		u -= localHour[h]
	}
	utcHour := ((h-offset/3600)%24 + 24) % 24
	return utcHour*3600 + r.IntN(3600)
}

var services = []string{"Standard", "Standard", "Standard", "Standard", "Standard", "Standard", "Expedited", "Expedited", "SecondDay", "NextDay"}

// genOrder draws one order. It draws the same values whatever the day of the world, so an order is the same order
// in every world that shows it.
func (s *seller) genOrder(r *rand.Rand, m *market, at time.Time, num uint64, ev event) *order {
	first := s.pick(r.Float64())
	o := &order{m: m, num: num, purchase: at, afn: !first.mfn, business: r.IntN(20) == 0}
	o.id = orderID(m, num, r.IntN(len(prefixes[m.id])))
	o.created = at.Add(time.Duration(60+r.IntN(600)) * time.Second)
	o.place = &places[m.country][r.IntN(len(places[m.country]))]
	o.service = "Standard"
	if o.afn {
		o.service = services[r.IntN(len(services))]
	}
	o.cancelled = r.IntN(50) == 0
	switch {
	case o.cancelled:
		o.closed = at.Add(time.Duration(600+r.IntN(12*3600)) * time.Second)
	case o.afn:
		o.closed = at.Add(time.Duration(3*3600+r.IntN(37*3600)) * time.Second)
	default:
		o.closed = at.Add(time.Duration(12*3600+r.IntN(60*3600)) * time.Second)
	}
	n := 1
	if u := r.IntN(100); u >= 97 {
		n = 3
	} else if u >= 85 {
		n = 2
	}
	o.items = make([]item, 0, n)
	o.promoID = ev.name
	for i := range n {
		p := first
		if i > 0 {
			p = s.pick(r.Float64())
			if p.mfn != first.mfn || o.has(p) {
				continue
			}
		}
		o.items = append(o.items, s.genItem(r, o, p, i == 0, ev))
	}
	return o
}

func (o *order) has(p *product) bool {
	for _, it := range o.items {
		if it.p == p {
			return true
		}
	}
	return false
}

var (
	returnReasons = []string{"UNWANTED_ITEM", "DEFECTIVE", "NOT_AS_DESCRIBED", "DAMAGED_BY_CARRIER", "ORDERED_WRONG_ITEM", "FOUND_BETTER_PRICE", "MISSED_ESTIMATED_DELIVERY"}
	dispositions  = []string{"SELLABLE", "SELLABLE", "SELLABLE", "CUSTOMER_DAMAGED", "DEFECTIVE", "CARRIER_DAMAGED"}
	commentsEN    = []string{"Colour was different from the picture", "Arrived scratched", "Changed my mind", "Stopped working after a week"}
	commentsJA    = []string{"写真と色が違いました", "届いた時に傷がありました", "イメージと違ったため", "一週間で動かなくなりました"}
)

func (s *seller) genItem(r *rand.Rand, o *order, p *product, first bool, ev event) item {
	m := o.m
	it := item{p: p, qty: 1}
	if u := r.IntN(100); u >= 96 {
		it.qty = 3
	} else if u >= 86 {
		it.qty = 2
	}
	it.price = p.price[m.index] * it.qty
	if ev.name != "" && p.promo {
		it.promo = -(it.price*15 + 50) / 100
	}
	if first {
		switch {
		case !o.afn:
			it.ship = m.mfnShipping
		case o.service != "Standard":
			it.ship = m.expedited
		}
	}
	it.tax, it.shipTax = m.taxOf(it.price+it.promo), m.taxOf(it.ship)
	refundOdds := 33
	if !o.afn {
		refundOdds = 50
	}
	// Every draw happens whatever the outcome, so later orders of the day stay the same.
	refunded := r.IntN(refundOdds) == 0
	f := &refund{
		reason: returnReasons[r.IntN(len(returnReasons))], disposition: dispositions[r.IntN(len(dispositions))],
		fc: m.fcs[r.IntN(len(m.fcs))], lpnCode: r.Uint64(),
	}
	f.at = o.closed.Add(time.Duration(4*24*3600+r.IntN(26*24*3600)) * time.Second)
	f.returned = f.at.Add(-time.Duration(12*3600+r.IntN(48*3600)) * time.Second)
	f.status = "Unit returned to inventory"
	if f.disposition != "SELLABLE" {
		f.status = "Reimbursed"
	}
	if c := r.IntN(12); c < len(commentsEN) {
		f.comment = commentsEN[c]
		if s.def.japanese {
			f.comment = commentsJA[c]
		}
	}
	if refunded && !o.cancelled {
		it.refund = f
	}
	return it
}

// lpn is the return's license plate number: LPNR and nine letters and digits.
func (f *refund) lpn() string {
	b := []byte("LPNR")
	v := f.lpnCode
	for range 9 {
		b = append(b, alphabet36[v%36])
		v /= 36
	}
	return string(b)
}

// taxOf is the tax of an amount: added on top where Amazon collects it, the part of the price that is VAT
// elsewhere.
func (m *market) taxOf(v int64) int64 {
	if m.facilitator {
		return (v*m.taxBP + 5000) / 10000
	}
	return v - (v*10000+(10000+m.taxBP)/2)/(10000+m.taxBP)
}

// prefixes are the first three digits of each marketplace's order ids.
var prefixes = map[string][]string{
	US: {"111", "112", "113", "114"}, CA: {"701", "702"}, MX: {"701", "702"},
	JP: {"249", "250", "503"}, UK: {"202", "203", "204", "205", "206"}, DE: {"302", "303", "304", "305", "306"},
}

// orderID makes Amazon's 3-7-7 order id from the order's unique number.
func orderID(m *market, num uint64, prefix int) string {
	b := make([]byte, 0, 19)
	b = append(b, prefixes[m.id][prefix]...)
	v := permute(num, 0)
	b = append(b, '-')
	b = appendDigits(b, v/10_000_000, 7)
	b = append(b, '-')
	b = appendDigits(b, v%10_000_000, 7)
	return string(b)
}

// place is a ship-to city.
type place struct{ city, state, postal string }

var places = map[string][]place{
	"US": {{"SEATTLE", "WA", "98109"}, {"AUSTIN", "TX", "78701"}, {"BROOKLYN", "NY", "11201"}, {"CHICAGO", "IL", "60614"},
		{"SAN JOSE", "CA", "95112"}, {"DENVER", "CO", "80205"}, {"MIAMI", "FL", "33130"}, {"COLUMBUS", "OH", "43215"}},
	"CA": {{"TORONTO", "ON", "M5V 2T6"}, {"VANCOUVER", "BC", "V6B 1A1"}, {"CALGARY", "AB", "T2P 1J9"}, {"MONTREAL", "QC", "H2X 1Y4"}},
	"MX": {{"CIUDAD DE MEXICO", "CDMX", "06600"}, {"GUADALAJARA", "JAL", "44100"}, {"MONTERREY", "NL", "64000"}},
	"JP": {{"渋谷区", "東京都", "150-0002"}, {"大阪市北区", "大阪府", "530-0001"}, {"横浜市西区", "神奈川県", "220-0012"},
		{"名古屋市中区", "愛知県", "460-0008"}, {"札幌市中央区", "北海道", "060-0001"}, {"福岡市博多区", "福岡県", "812-0011"}},
	"GB": {{"London", "Greater London", "SW1A 1AA"}, {"Manchester", "Greater Manchester", "M1 1AE"}, {"Bristol", "Bristol", "BS1 4DJ"}, {"Leeds", "West Yorkshire", "LS1 4DY"}},
	"DE": {{"Berlin", "Berlin", "10115"}, {"München", "Bayern", "80331"}, {"Hamburg", "Hamburg", "20095"}, {"Köln", "Nordrhein-Westfalen", "50667"}},
}
