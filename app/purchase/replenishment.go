package purchase

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	purchasedb "sellerhub/models/purchase"
)

// Replenishment (亚马逊补货计划): per seller SKU and marketplace, the sales rate corrected for the days it was out of
// stock, the stock at and on the way to Amazon, the local stock and open purchase orders of its product, and from
// them what to ship and what to buy, each step written out with its numbers (Steps) so that a buyer can check it.

// Messages of the replenishment inputs.
const (
	MsgPlanDaysBad    = "天数必须为0到365的整数"
	MsgPlanWeightsBad = "权重必须为0到100的整数，且至少一个大于0"
	MsgPlanAdjustBad  = "销量调整必须为-100到500之间的整数百分比"
	MsgPlanLineGone   = "补货行不存在或无权查看"
)

// Windows are the sales windows (days) whose rates the weighted rate blends.
var Windows = [4]int{7, 14, 30, 60}

// LowInventoryCard is a dated rule: from From (yyyy-MM-dd) Amazon charges its low-inventory-level fee on units of
// a SKU whose days of cover are under Days.
type LowInventoryCard struct {
	From   string
	Days   int
	Source string
}

// LowInventoryCards are the rule's cards, oldest first; the day's card is the last one in force.
var LowInventoryCards = []LowInventoryCard{
	{From: "2024-04-01", Days: 28, Source: "亚马逊低库存水平费（2024年4月1日起，历史库存天数低于28天）"},
}

// lowInventoryDays is the threshold in force on day (0 before the fee existed).
func lowInventoryDays(day string) int {
	days := 0
	for _, c := range LowInventoryCards {
		if c.From <= day {
			days = c.Days
		}
	}
	return days
}

// PlanInputs are a line's editable inputs: the windows' weights, the lead times and safety and cycle days, and the
// seller's adjustment of the rate in percent.
type PlanInputs struct {
	Weight7        int `json:"weight7"`
	Weight14       int `json:"weight14"`
	Weight30       int `json:"weight30"`
	Weight60       int `json:"weight60"`
	ProductionDays int `json:"productionDays"`
	FirstLegDays   int `json:"firstLegDays"`
	ReceivingDays  int `json:"receivingDays"`
	SafetyDays     int `json:"safetyDays"`
	CycleDays      int `json:"cycleDays"`
	AdjustPercent  int `json:"adjustPercent"`
}

// DefaultInputs are a company's inputs until it saves its own.
var DefaultInputs = PlanInputs{Weight7: 40, Weight14: 30, Weight30: 20, Weight60: 10, ProductionDays: 15,
	FirstLegDays: 30, ReceivingDays: 7, SafetyDays: 14, CycleDays: 30}

func (in PlanInputs) weights() [4]int {
	return [4]int{in.Weight7, in.Weight14, in.Weight30, in.Weight60}
}

// check refuses inputs out of range.
func (in PlanInputs) check() error {
	sum := 0
	for _, w := range in.weights() {
		if w < 0 || w > 100 {
			return core.Invalid(MsgPlanWeightsBad)
		}
		sum += w
	}
	if sum == 0 {
		return core.Invalid(MsgPlanWeightsBad)
	}
	for _, d := range []int{in.ProductionDays, in.FirstLegDays, in.ReceivingDays, in.SafetyDays, in.CycleDays} {
		if d < 0 || d > 365 {
			return core.Invalid(MsgPlanDaysBad)
		}
	}
	if in.AdjustPercent < -100 || in.AdjustPercent > 500 {
		return core.Invalid(MsgPlanAdjustBad)
	}
	return nil
}

// PlanWindow is one sales window: units sold, the days out of stock and in stock, and the rate of the days in stock.
type PlanWindow struct {
	Days       int    `json:"days"`
	Units      int    `json:"units"`
	OutOfStock int    `json:"outOfStock"`
	InStock    int    `json:"inStock"`
	Rate       int64  `json:"-"`    // ten-thousandths
	RateText   string `json:"rate"` // four decimals, as the arithmetic carries it
	Weight     int    `json:"weight"`
	Used       bool   `json:"used"`
}

// PlanStep is one step of a line's arithmetic: what it is, the formula with its numbers, and the result.
type PlanStep struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	Formula string `json:"formula"`
	Value   string `json:"value"`
}

// lineFacts are what the data says of a line before the arithmetic.
type lineFacts struct {
	purchasedb.PlanKey
	// units[i] and outDays[i] are the units sold and the days out of stock in the Windows[i] days before today.
	units        [len(Windows)]int
	outDays      [len(Windows)]int
	fulfillable  int
	reserved     int
	inbound      int
	ourShipments int
	localShare   int
	localTotal   int
	orderedShare int
	orderedTotal int
	hasProduct   bool
	// unitCubicFeet is the product's volume (0: no size), which FBA容量's check sums.
	unitCubicFeet float64
	// unitKg and unitCbm are the product's weight and volume (m³), which the channels' freight is priced on.
	unitKg, unitCbm decimal.NullDecimal
	// supplierLead is the product's supplier's measured lead time, set when measured on minLeadLines lines or more.
	supplierLead SupplierLead
	// plan is the seller's units of this month in 销售预测 (nil: none), planDays the month's days.
	plan     *int
	planDays int
}

// PlanResult is a line's arithmetic: the rates, the supply, the dates and the quantities, with the steps.
type PlanResult struct {
	Windows      []PlanWindow    `json:"windows"`
	BaseRate     decimal.Decimal `json:"-"`
	Rate         decimal.Decimal `json:"-"`
	PlanUnits    *int            `json:"planUnits"` // this month's plan in 销售预测, which sets the rate
	BaseRateText string          `json:"baseRate"`
	RateText     string          `json:"rate"`
	Trend        string          `json:"trend"`
	Fulfillable  int             `json:"fulfillable"`
	Reserved     int             `json:"reserved"`
	Inbound      int             `json:"inbound"`
	OurShipments int             `json:"ourShipments"`
	FBATotal     int             `json:"fbaTotal"`
	Local        int             `json:"local"`
	LocalTotal   int             `json:"localTotal"`
	Ordered      int             `json:"ordered"`
	OrderedTotal int             `json:"orderedTotal"`
	CoverDays    int             `json:"coverDays"` // -1: no sales, no end in sight
	StockOutDate string          `json:"stockOutDate"`
	ShipByDate   string          `json:"shipByDate"`
	OrderByDate  string          `json:"orderByDate"`
	ShipNeed     int             `json:"shipNeed"`
	ShipSuggest  int             `json:"shipSuggest"`
	Ship         int             `json:"ship"`
	BuyNeed      int             `json:"buyNeed"`
	Buy          int             `json:"buy"`
	CoverAfter   int             `json:"coverAfter"`
	Projection   []int           `json:"projection"`
	Threshold    int             `json:"threshold"`
	Warnings     []string        `json:"warnings"`
	Steps        []PlanStep      `json:"steps"`
}

// projectionDays is how far the projected stock looks ahead.
const projectionDays = 120

// The arithmetic carries rates to four decimals, in whole ten-thousandths (int64): the list works 20,000 lines at
// each call, and decimal's big integers made that 600 ms of allocation; the figures are the same to the digit
// (each division rounds half away from zero at the fourth decimal, as decimal's Round(4) did).

// num writes ten-thousandths with their four decimals (26527 → "2.6527").
func num(r int64) string {
	sign := ""
	if r < 0 {
		sign, r = "-", -r
	}
	frac := strconv.FormatInt(r%10000, 10)
	return sign + strconv.FormatInt(r/10000, 10) + "." + strings.Repeat("0", 4-len(frac)) + frac
}

// rateDecimal is ten-thousandths as the decimal the results carry.
func rateDecimal(r int64) decimal.Decimal { return decimal.New(r, -4) }

// roundDiv is n / d (d > 0) rounded half away from zero.
func roundDiv(n, d int64) int64 {
	if n < 0 {
		return -((-n*2 + d) / (2 * d))
	}
	return (n*2 + d) / (2 * d)
}

// floorDiv is n / d (d > 0) rounded down.
func floorDiv(n, d int64) int64 {
	q := n / d
	if n%d != 0 && n < 0 {
		q--
	}
	return q
}

// rateOf is units over days in ten-thousandths (0 with no days).
func rateOf(units, days int) int64 {
	if days <= 0 {
		return 0
	}
	return roundDiv(int64(units)*10000, int64(days))
}

// ceilTimes is a rate (ten-thousandths) × days rounded up to a whole unit.
func ceilTimes(rate int64, days int) int {
	n := rate * int64(days)
	q := n / 10000
	if n%10000 > 0 {
		q++
	}
	return int(q)
}

// rates blends the windows: each window's rate is its units over its days in stock, and the weighted rate the
// windows' rates weighted by in.weights() over the weights of the windows with a day in stock.
// (Rates in ten-thousandths; the windows' texts only when asked, the list shows none.)
func (f *lineFacts) rates(in PlanInputs, texts bool) ([]PlanWindow, int64) {
	ws := make([]PlanWindow, len(Windows))
	var sum, weights int64
	for i, days := range Windows {
		w := PlanWindow{Days: days, Weight: in.weights()[i], Units: f.units[i], OutOfStock: f.outDays[i]}
		w.InStock = days - w.OutOfStock
		w.Rate = rateOf(w.Units, w.InStock)
		if texts {
			w.RateText = num(w.Rate)
		}
		w.Used = w.InStock > 0 && w.Weight > 0
		if w.Used {
			sum += w.Rate * int64(w.Weight)
			weights += int64(w.Weight)
		}
		ws[i] = w
	}
	if weights == 0 {
		return ws, 0
	}
	return ws, roundDiv(sum, weights)
}

// adjusted is the rate (ten-thousandths) moved by the seller's adjustment.
func adjusted(base int64, in PlanInputs) int64 {
	return roundDiv(base*int64(100+in.AdjustPercent), 100)
}

// rate is the line's daily rate (ten-thousandths): this month's plan over its days where 销售预测 has one, else
// the windows' blend moved by the seller's adjustment.
func (f *lineFacts) rate(in PlanInputs) int64 {
	if f.plan != nil {
		return rateOf(*f.plan, f.planDays)
	}
	_, base := f.rates(in, false)
	return adjusted(base, in)
}

// compute works a line out on today (yyyy-MM-dd) with the inputs, shares already given; with detail, also its
// steps and projected stock, which only a line's arithmetic shows (the list needs neither).
func (f *lineFacts) compute(in PlanInputs, today time.Time, detail bool) PlanResult {
	r := PlanResult{Fulfillable: f.fulfillable, Reserved: f.reserved, Inbound: f.inbound, OurShipments: f.ourShipments,
		Local: f.localShare, LocalTotal: f.localTotal, Ordered: f.orderedShare, OrderedTotal: f.orderedTotal,
		Warnings: []string{}}
	day := func(n int) string { return today.AddDate(0, 0, n).Format(time.DateOnly) }
	step := func(key, label, formula, value string) {
		r.Steps = append(r.Steps, PlanStep{Key: key, Label: label, Formula: formula, Value: value})
	}
	windows, base := f.rates(in, detail)
	r.Windows = windows
	var parts, used []string
	for _, w := range r.Windows {
		if detail {
			step(fmt.Sprintf("rate%d", w.Days), fmt.Sprintf("%d天日均", w.Days),
				fmt.Sprintf("销量 %d ÷ 在售天数 %d（%d天 − 断货 %d天）", w.Units, w.InStock, w.Days, w.OutOfStock), num(w.Rate))
		}
		if w.Used && detail {
			parts = append(parts, fmt.Sprintf("%d×%s", w.Weight, num(w.Rate)))
			used = append(used, fmt.Sprint(w.Weight))
		}
	}
	switch {
	case !detail:
	case len(parts) == 0:
		step("baseRate", "加权日均", "没有在售的天数，日均按0计", num(base))
	default:
		step("baseRate", "加权日均", fmt.Sprintf("(%s) ÷ (%s)", strings.Join(parts, " + "), strings.Join(used, " + ")), num(base))
	}
	rate := adjusted(base, in)
	switch {
	case f.plan != nil:
		rate, r.PlanUnits = rateOf(*f.plan, f.planDays), f.plan
		if detail {
			step("rate", "销售计划日均", fmt.Sprintf("本月销售计划 %d件 ÷ %d天（销售预测中设置，代替加权日均）", *f.plan, f.planDays), num(rate))
		}
	case detail:
		step("rate", "调整后日均", fmt.Sprintf("%s × (100%% %+d%%)", num(base), in.AdjustPercent), num(rate))
	}
	r.BaseRate, r.Rate = rateDecimal(base), rateDecimal(rate)
	r.BaseRateText, r.RateText = num(base), num(rate)
	if w7, w30 := r.Windows[0], r.Windows[2]; w7.InStock > 0 && w30.Rate > 0 {
		r.Trend = strconv.FormatInt(roundDiv(100*(w7.Rate-w30.Rate), w30.Rate), 10) + "%"
	}
	r.FBATotal = f.fulfillable + f.reserved + f.inbound + f.ourShipments
	if detail {
		step("fbaTotal", "FBA总库存", fmt.Sprintf("可售 %d + 预留 %d + 入库中 %d + 未入亚马逊的货件 %d", f.fulfillable, f.reserved,
			f.inbound, f.ourShipments), fmt.Sprint(r.FBATotal))
	}

	if detail && f.supplierLead.Lines >= minLeadLines {
		step("supplierLead", "供应商实测交期", fmt.Sprintf("近一年 %d 个采购明细从审核到首次收货的平均天数（向上取整）；本行生产 %d天",
			f.supplierLead.Lines, in.ProductionDays), fmt.Sprintf("%d天", f.supplierLead.Days))
	}
	shipLead := in.FirstLegDays + in.ReceivingDays
	buyLead := in.ProductionDays + shipLead
	shipDays := shipLead + in.SafetyDays + in.CycleDays
	buyDays := buyLead + in.SafetyDays + in.CycleDays
	threshold := lowInventoryDays(day(0))
	r.Threshold = threshold
	r.CoverDays, r.CoverAfter = -1, -1
	if rate > 0 {
		r.CoverDays = int(floorDiv(int64(r.FBATotal)*10000, rate))
		if detail {
			step("cover", "可售天数", fmt.Sprintf("FBA总库存 %d ÷ 日均 %s（向下取整）", r.FBATotal, num(rate)), fmt.Sprintf("%d天", r.CoverDays))
		}
		r.StockOutDate = day(r.CoverDays)
		if detail {
			step("stockOut", "断货日期", fmt.Sprintf("今天 %s + %d天", day(0), r.CoverDays), r.StockOutDate)
		}
		r.ShipByDate = day(r.CoverDays - shipLead - in.SafetyDays)
		if detail {
			step("shipBy", "最晚发货日", fmt.Sprintf("断货日期 %s − 头程 %d天 − 上架 %d天 − 安全 %d天", r.StockOutDate,
				in.FirstLegDays, in.ReceivingDays, in.SafetyDays), r.ShipByDate)
		}
		r.OrderByDate = day(r.CoverDays - buyLead - in.SafetyDays)
		if detail {
			step("orderBy", "最晚下单日", fmt.Sprintf("断货日期 %s − 生产 %d天 − 头程 %d天 − 上架 %d天 − 安全 %d天", r.StockOutDate,
				in.ProductionDays, in.FirstLegDays, in.ReceivingDays, in.SafetyDays), r.OrderByDate)
		}
	} else if detail {
		step("cover", "可售天数", "日均为0，不会断货", "—")
	}
	r.ShipNeed = ceilTimes(rate, shipDays)
	if detail {
		step("shipNeed", "发货需求", fmt.Sprintf("日均 %s × (头程 %d + 上架 %d + 安全 %d + 备货周期 %d = %d天)（向上取整）",
			num(rate), in.FirstLegDays, in.ReceivingDays, in.SafetyDays, in.CycleDays, shipDays), fmt.Sprint(r.ShipNeed))
	}
	r.ShipSuggest = max(0, r.ShipNeed-r.FBATotal)
	r.Ship = min(r.ShipSuggest, f.localShare)
	if detail {
		step("ship", "建议发货", fmt.Sprintf("max(0, 发货需求 %d − FBA总库存 %d) = %d，不超过本地可用 %d", r.ShipNeed, r.FBATotal,
			r.ShipSuggest, f.localShare), fmt.Sprint(r.Ship))
	}
	r.BuyNeed = ceilTimes(rate, buyDays)
	if detail {
		step("buyNeed", "采购需求", fmt.Sprintf("日均 %s × (生产 %d + 头程 %d + 上架 %d + 安全 %d + 备货周期 %d = %d天)（向上取整）",
			num(rate), in.ProductionDays, in.FirstLegDays, in.ReceivingDays, in.SafetyDays, in.CycleDays, buyDays), fmt.Sprint(r.BuyNeed))
	}
	r.Buy = max(0, r.BuyNeed-r.FBATotal-f.localShare-f.orderedShare)
	if detail {
		step("buy", "建议采购", fmt.Sprintf("max(0, 采购需求 %d − FBA总库存 %d − 本地可用 %d − 采购未到货 %d)", r.BuyNeed, r.FBATotal,
			f.localShare, f.orderedShare), fmt.Sprint(r.Buy))
	}

	// Projected FBA stock: what is there sold down at the rate, the suggested shipment in from its lead time.
	used0 := ceilTimes(rate, shipLead)
	for d := 0; detail && d <= projectionDays; d++ {
		v := max(0, r.FBATotal-ceilTimes(rate, d))
		if d >= shipLead {
			v = max(0, r.FBATotal-used0) + max(0, r.Ship-ceilTimes(rate, d-shipLead))
		}
		r.Projection = append(r.Projection, v)
	}
	if rate > 0 {
		arrival := max(0, r.FBATotal-used0) + r.Ship
		r.CoverAfter = int(floorDiv(int64(arrival)*10000, rate))
		if detail {
			step("coverAfter", "到货后可售天数", fmt.Sprintf("(max(0, FBA总库存 %d − 日均 %s × %d天) + 建议发货 %d) ÷ 日均 %s",
				r.FBATotal, num(rate), shipLead, r.Ship, num(rate)), fmt.Sprintf("%d天", r.CoverAfter))
		}
		onHand := int(floorDiv(int64(f.fulfillable+f.reserved)*10000, rate))
		if threshold > 0 && onHand < threshold {
			r.Warnings = append(r.Warnings, fmt.Sprintf("在库可售%d天，低于%d天：亚马逊将收取低库存水平费", onHand, threshold))
		}
		if threshold > 0 && r.CoverAfter < threshold {
			r.Warnings = append(r.Warnings, fmt.Sprintf("到货后可售%d天，仍低于%d天", r.CoverAfter, threshold))
		}
		if r.ShipByDate < day(0) {
			r.Warnings = append(r.Warnings, "已过最晚发货日")
		}
		if r.OrderByDate < day(0) {
			r.Warnings = append(r.Warnings, "已过最晚下单日")
		}
	}
	if r.ShipSuggest > r.Ship {
		r.Warnings = append(r.Warnings, fmt.Sprintf("本地可用不足，还差%d件", r.ShipSuggest-r.Ship))
	}
	if !f.hasProduct && (r.Buy > 0 || r.ShipSuggest > 0) {
		r.Warnings = append(r.Warnings, "未配对本地产品，请先在SKU配对中配对")
	}
	return r
}
