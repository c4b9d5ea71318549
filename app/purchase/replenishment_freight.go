package purchase

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/shopspring/decimal"

	"sellerhub/app/shipping"
	purchasedb "sellerhub/models/purchase"
	shippingdb "sellerhub/models/shipping"
)

// 运输方式: a line's shipment worked out again for each first-leg channel of 物流跟踪, the channel's days in place of
// 头程 and its price on the product's weight or volume (as a shipment's freight is computed from its channel). The
// cheapest channel still in time is recommended; where a cheaper one is too late, the split that ships by the fast
// channel only what bridges the days until the slow one arrives.

// maxPlanChannels bounds the channels a line is worked out for; a company has a handful.
const maxPlanChannels = 100

// PlanMethod is the line shipped by one channel: its ship-by date, whether that is still ahead, the units to ship
// and to buy, and the freight (unit "" when the product lacks the weight or volume the channel is priced on).
type PlanMethod struct {
	ChannelID   string `json:"channelId"`
	Carrier     string `json:"carrier"`
	Channel     string `json:"channel"`
	Mode        string `json:"mode"`
	Days        int    `json:"days"`
	ShipByDate  string `json:"shipByDate"`
	OnTime      bool   `json:"onTime"`
	Ship        int    `json:"ship"`
	Buy         int    `json:"buy"`
	UnitFreight string `json:"unitFreight"`
	Freight     string `json:"freight"`
	Formula     string `json:"formula"`
	Recommended bool   `json:"recommended"`

	unit decimal.NullDecimal
	left int // the suggestion before the local stock caps it
}

// PlanBridge ships FastUnits by the fast channel, which arrive before the stock runs out, and SlowUnits by the
// cheaper one that is too late alone; Saving is against shipping them all by the fast one.
type PlanBridge struct {
	Fast      string `json:"fast"`
	Slow      string `json:"slow"`
	FastUnits int    `json:"fastUnits"`
	SlowUnits int    `json:"slowUnits"`
	Freight   string `json:"freight"`
	AllFast   string `json:"allFast"`
	Saving    string `json:"saving"`
	Formula   string `json:"formula"`
}

func money2(d decimal.Decimal) string { return d.StringFixed(2) }

// methods works the line out for each channel, with the inputs the line was worked out with: on its own facts
// with its shares of local stock and open orders, or on its Pan-EU pool's.
func (b *planBase) methods(l *PlanLine, channels []shippingdb.ChannelRow) ([]PlanMethod, *PlanBridge) {
	own := b.facts[l.ID]
	if own == nil || len(channels) == 0 {
		return nil, nil
	}
	f := *own
	f.localShare, f.orderedShare = l.Local, l.Ordered
	if members := b.pools[l.ID]; members != nil {
		f = poolFacts(members, b.facts)
	}
	today := b.today.Format("2006-01-02")
	ms := make([]PlanMethod, 0, len(channels))
	for _, ch := range channels {
		in := l.Inputs
		in.FirstLegDays = ch.Days
		r := f.compute(in, b.today, false)
		m := PlanMethod{ChannelID: strconv.FormatInt(ch.ID, 10), Carrier: ch.CarrierName, Channel: ch.Name,
			Mode: shipping.ModeNames[ch.Mode], Days: ch.Days, ShipByDate: r.ShipByDate, Ship: r.Ship, Buy: r.Buy,
			left: r.ShipSuggest}
		m.OnTime = r.ShipByDate == "" || r.ShipByDate >= today
		measure, what, unitName := f.unitKg, "重量", "kg"
		if ch.Basis == shippingdb.BasisCbm {
			measure, what, unitName = f.unitCbm, "尺寸", "m³"
		}
		if measure.Valid {
			m.unit = decimal.NewNullDecimal(measure.Decimal.Mul(ch.UnitPrice).Round(2))
			m.UnitFreight = money2(m.unit.Decimal)
			m.Freight = money2(m.unit.Decimal.Mul(decimal.NewFromInt(int64(m.Ship))))
			m.Formula = fmt.Sprintf("单件 %s%s × ¥%s/%s = ¥%s；%d件 × ¥%s = ¥%s", measure.Decimal.String(), unitName,
				money2(ch.UnitPrice), unitName, m.UnitFreight, m.Ship, m.UnitFreight, m.Freight)
		} else {
			m.Formula = fmt.Sprintf("产品未填%s，无法估算运费（%s计价）", what, shipping.BasisNames[ch.Basis])
		}
		ms = append(ms, m)
	}
	// Fastest first, as a buyer reads them: 快递, 空运, 海运.
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Days < ms[j].Days })
	fast := recommend(ms)
	if fast < 0 {
		return ms, nil
	}
	ms[fast].Recommended = true
	return ms, bridge(&f, l, ms, fast)
}

// recommend picks the cheapest channel in time by its unit freight (the faster of equals); without a priced one in
// time, the slowest in time, which is most often the cheapest; with none in time, the fastest. -1 without channels.
func recommend(ms []PlanMethod) int {
	best := -1
	better := func(i int) bool {
		a, b := ms[i], ms[best]
		switch {
		case a.OnTime != b.OnTime:
			return a.OnTime
		case !a.OnTime:
			return a.Days < b.Days
		case a.unit.Valid != b.unit.Valid:
			return a.unit.Valid
		case !a.unit.Valid:
			return a.Days > b.Days
		case !a.unit.Decimal.Equal(b.unit.Decimal):
			return a.unit.Decimal.LessThan(b.unit.Decimal)
		}
		return a.Days < b.Days
	}
	for i := range ms {
		if best < 0 || better(i) {
			best = i
		}
	}
	return best
}

// bridge splits the shipment when a cheaper channel than the recommended one is too late: the fast channel ships
// the days from the stock running out (less the safety days) to the slow channel's arrival, the slow one the rest
// of its suggestion, both within the local stock. Nil when no such channel, no sales, no priced fast channel or
// nothing for one of the two.
func bridge(f *lineFacts, l *PlanLine, ms []PlanMethod, fast int) *PlanBridge {
	fm := ms[fast]
	if !fm.unit.Valid || l.CoverDays < 0 {
		return nil
	}
	slow := -1
	for i, m := range ms {
		if m.OnTime || !m.unit.Valid || m.Days <= fm.Days || !m.unit.Decimal.LessThan(fm.unit.Decimal) {
			continue
		}
		if slow < 0 || m.unit.Decimal.LessThan(ms[slow].unit.Decimal) {
			slow = i
		}
	}
	if slow < 0 {
		return nil
	}
	sm, in := ms[slow], l.Inputs
	gap := sm.Days + in.ReceivingDays + in.SafetyDays - l.CoverDays
	rate := f.rate(in)
	local := f.localShare
	fastUnits := min(ceilTimes(rate, gap), local)
	slowUnits := min(max(0, sm.left-fastUnits), local-fastUnits)
	if fastUnits <= 0 || slowUnits <= 0 {
		return nil // one channel ships it all, or nothing is there to ship
	}
	cost := fm.unit.Decimal.Mul(decimal.NewFromInt(int64(fastUnits))).Add(sm.unit.Decimal.Mul(decimal.NewFromInt(int64(slowUnits))))
	all := fm.unit.Decimal.Mul(decimal.NewFromInt(int64(fastUnits + slowUnits)))
	return &PlanBridge{Fast: fm.Channel, Slow: sm.Channel, FastUnits: fastUnits, SlowUnits: slowUnits,
		Freight: money2(cost), AllFast: money2(all), Saving: money2(all.Sub(cost)),
		Formula: fmt.Sprintf("%s来不及：日均 %s × (头程 %d + 上架 %d + 安全 %d − 可售 %d = %d天)（向上取整）= %d件先走%s（不超过本地可用 %d），"+
			"其余 %d件走%s（其建议发货 %d − %d，不超过本地剩余）", sm.Channel, num(rate), sm.Days, in.ReceivingDays, in.SafetyDays,
			l.CoverDays, gap, fastUnits, fm.Channel, local, slowUnits, sm.Channel, sm.left, fastUnits)}
}

// unitCbm is a product's volume in cubic metres, null when it has no size.
func unitCbm(l purchasedb.PlanListing) decimal.NullDecimal {
	if !l.Length.Valid || !l.Width.Valid || !l.Height.Valid {
		return decimal.NullDecimal{}
	}
	return decimal.NewNullDecimal(l.Length.Decimal.Mul(l.Width.Decimal).Mul(l.Height.Decimal).Div(decimal.NewFromInt(1_000_000)))
}
