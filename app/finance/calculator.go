package finance

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
)

// Messages of the profit calculator.
const (
	MsgMarketplaceRequired = "请选择站点"
	MsgMarketplaceUnknown  = "利润计算器不支持该站点"
	MsgCategoryRequired    = "请选择品类"
	MsgCategoryUnknown     = "品类不存在"
	MsgOutOfRange          = "尺寸或重量超出计算器支持的范围，请以亚马逊后台的费用预估为准"
	msgRequired            = "不能为空"
	msgNumber              = "必须是数字"
	msgPositive            = "必须大于0"
	msgNotNegative         = "不能小于0"
	msgDecimals            = "最多%d位小数"
	msgWhole               = "必须是整数"
	msgTooLarge            = "数值过大"
)

// CalcInput is the calculator's form, as the screen sends it and a plan keeps it: the marketplace (one with a fee
// card: US, CA, MX, UK, DE, JP), the referral category, the price the buyer pays in the marketplace's currency (VAT or consumption tax
// included where there is one), the unit cost and first-leg freight (头程) of a unit in CNY, the packaged unit's
// sides in cm and weight in kg, and whether the seller is registered for the marketplace's VAT or consumption
// tax. Numbers are decimal strings, never floats.
type CalcInput struct {
	Marketplace   string `json:"marketplace"`
	Category      string `json:"category"`
	Price         string `json:"price"`
	UnitCost      string `json:"unitCost"`
	FirstLeg      string `json:"firstLeg"`
	Length        string `json:"length"`
	Width         string `json:"width"`
	Height        string `json:"height"`
	Weight        string `json:"weight"`
	TaxRegistered bool   `json:"taxRegistered"`
}

// Amount is a figure in the marketplace's currency and in CNY.
type Amount struct {
	Local, CNY decimal.Decimal
}

// CalcResult is what the calculator answers: the card it used, the size tier and shipping weight, the fees,
// the tax, the cost and the profit in both currencies, the margin (profit over price) and the ROI (profit over
// cost) in percent, from the CNY figures; ROI is nil without a cost.
type CalcResult struct {
	Marketplace, Currency, CardNote string
	Tier, TierName                  string
	// ShippingWeight is in WeightUnit (lb in the US, g elsewhere), rounded to 3 decimals for the screen.
	ShippingWeight decimal.Decimal
	WeightUnit     string
	// Decimals are the marketplace currency's minor digits, for writing its figures.
	Decimals                                       int32
	ReferralPercent                                decimal.Decimal
	TaxName                                        string
	Rate                                           decimal.Decimal
	RateMonth                                      string
	Price, Tax, Referral, Fulfilment, Cost, Profit Amount
	Margin                                         decimal.Decimal
	ROI                                            *decimal.Decimal
}

type calcValues struct {
	card          FeeCard
	category      Category
	price, cost   decimal.Decimal
	sides         []decimal.Decimal
	weight        decimal.Decimal
	taxRegistered bool
}

// number checks one decimal field: required or not (empty reads as zero), positive or at least zero, at most
// places decimals.
func number(text, label string, required, positive bool, places int32) (decimal.Decimal, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		if required {
			return decimal.Zero, core.Invalid(label + msgRequired)
		}
		return decimal.Zero, nil
	}
	d, err := decimal.NewFromString(text)
	switch {
	case err != nil:
		return d, core.Invalid(label + msgNumber)
	case positive && !d.IsPositive():
		return d, core.Invalid(label + msgPositive)
	case d.IsNegative():
		return d, core.Invalid(label + msgNotNegative)
	case places == 0 && !d.IsInteger():
		return d, core.Invalid(label + msgWhole)
	case !d.Equal(d.Truncate(places)):
		return d, core.Invalid(label + fmt.Sprintf(msgDecimals, places))
	case d.GreaterThan(decimal.NewFromInt(100000000)):
		return d, core.Invalid(label + msgTooLarge)
	}
	return d, nil
}

// check reads the form against the card in force on day.
func (in *CalcInput) check(day string) (calcValues, error) {
	var v calcValues
	in.Marketplace = strings.ToUpper(strings.TrimSpace(in.Marketplace))
	if in.Marketplace == "" {
		return v, core.Invalid(MsgMarketplaceRequired)
	}
	card, ok := cardOn(in.Marketplace, day)
	if !ok {
		return v, core.Invalid(MsgMarketplaceUnknown)
	}
	v.card, v.taxRegistered = card, in.TaxRegistered
	if in.Category = strings.TrimSpace(in.Category); in.Category == "" {
		return v, core.Invalid(MsgCategoryRequired)
	}
	i := slices.IndexFunc(card.Categories, func(c Category) bool { return c.Code == in.Category })
	if i < 0 {
		return v, core.Invalid(MsgCategoryUnknown)
	}
	v.category = card.Categories[i]
	var err error
	if v.price, err = number(in.Price, "售价", true, true, card.Decimals); err != nil {
		return v, err
	}
	unit, err := number(in.UnitCost, "采购成本", true, false, 4)
	if err != nil {
		return v, err
	}
	freight, err := number(in.FirstLeg, "头程运费", false, false, 4)
	if err != nil {
		return v, err
	}
	v.cost = unit.Add(freight)
	for _, side := range []struct{ text, label string }{{in.Length, "长"}, {in.Width, "宽"}, {in.Height, "高"}} {
		d, err := number(side.text, side.label, true, true, 2)
		if err != nil {
			return v, err
		}
		v.sides = append(v.sides, d)
	}
	v.weight, err = number(in.Weight, "重量", true, true, 3)
	return v, err
}

// Calculate computes a product's fees, profit, margin and ROI on the marketplace with the company's rate of
// today. The rules: the size tier is the first of the card's tiers whose limits the packaged unit fits, by its
// sides and its shipping weight (the unit weight, or the greater of it and the dimensional weight where Amazon
// bills that); the fulfilment fee is that tier's fee for the weight and the price band; the referral fee is the
// category's rate on the price (at least the card's least fee); the tax of a registered seller is the part of the
// price that is VAT or consumption tax (price × rate / (100 + rate)); the cost is the unit cost and freight in CNY,
// converted at the company's rate of the marketplace's currency this month.
func (s *Service) Calculate(ctx context.Context, companyID int64, in CalcInput) (*CalcResult, error) {
	now := s.now()
	v, err := in.check(now.In(s.timeZone).Format("2006-01-02"))
	if err != nil {
		return nil, err
	}
	book, err := s.Rates(ctx, companyID)
	if err != nil {
		return nil, err
	}
	rate, month, err := book.RateOn(v.card.Currency, now)
	if err != nil {
		return nil, err
	}
	return v.result(rate, month)
}

// result is the calculator's arithmetic on checked values at a rate of the marketplace's currency to CNY.
func (v calcValues) result(rate decimal.Decimal, month string) (*CalcResult, error) {
	card := v.card
	tier, weight, err := card.sizeTier(v.sides, v.weight)
	if err != nil {
		return nil, err
	}
	round := func(d decimal.Decimal) decimal.Decimal { return d.Round(card.Decimals) }
	fulfilment := tier.fee(weight, card.priceBand(v.price))
	percent, referral := card.referral(v.category, v.price)
	tax := decimal.Zero
	if v.taxRegistered && card.Tax.IsPositive() {
		tax = round(v.price.Mul(card.Tax).Div(card.Tax.Add(decimal.NewFromInt(100))))
	}
	cny := func(d decimal.Decimal) Amount { return Amount{Local: d, CNY: d.Mul(rate).Round(2)} }
	r := &CalcResult{Marketplace: card.Marketplace, Currency: card.Currency, CardNote: card.EffectiveNote,
		Tier: tier.Code, TierName: tier.Name, ShippingWeight: weight.Round(3), WeightUnit: card.weightUnit(), Decimals: card.Decimals,
		ReferralPercent: percent, TaxName: card.TaxName, Rate: rate, RateMonth: month,
		Price: cny(v.price), Tax: cny(tax), Referral: cny(referral), Fulfilment: cny(fulfilment),
		Cost: Amount{Local: round(v.cost.Div(rate)), CNY: v.cost.Round(2)}}
	r.Profit = Amount{
		Local: r.Price.Local.Sub(r.Tax.Local).Sub(r.Referral.Local).Sub(r.Fulfilment.Local).Sub(r.Cost.Local),
		CNY:   r.Price.CNY.Sub(r.Tax.CNY).Sub(r.Referral.CNY).Sub(r.Fulfilment.CNY).Sub(r.Cost.CNY),
	}
	hundred := decimal.NewFromInt(100)
	r.Margin = r.Profit.CNY.Mul(hundred).DivRound(r.Price.CNY, 2)
	if r.Cost.CNY.IsPositive() {
		roi := r.Profit.CNY.Mul(hundred).DivRound(r.Cost.CNY, 2)
		r.ROI = &roi
	}
	return r, nil
}

func (c FeeCard) weightUnit() string {
	if c.MassUnit.Equal(decimal.NewFromInt(1)) {
		return "g"
	}
	return "lb"
}

// sizeTier finds the unit's tier and its shipping weight in the card's units, from its sides (cm) and weight (kg).
func (c FeeCard) sizeTier(sidesCm []decimal.Decimal, kg decimal.Decimal) (SizeTier, decimal.Decimal, error) {
	sides := make([]decimal.Decimal, len(sidesCm))
	for i, s := range sidesCm {
		sides[i] = s.DivRound(c.LengthUnit, 8)
	}
	slices.SortFunc(sides, func(a, b decimal.Decimal) int { return b.Cmp(a) })
	longest, median, shortest := sides[0], sides[1], sides[2]
	unit := kg.Mul(decimal.NewFromInt(1000)).DivRound(c.MassUnit, 8)
	billable := unit
	if c.DimDivisor.IsPositive() {
		billable = decimal.Max(unit, longest.Mul(median).Mul(shortest).DivRound(c.DimDivisor, 8))
	}
	within := func(v, limit decimal.Decimal) bool { return limit.IsZero() || v.LessThanOrEqual(limit) }
	for _, t := range c.Tiers {
		w := billable
		if t.UnitWeightOnly {
			w = unit
		}
		if within(longest, t.Longest) && within(median, t.Median) && within(shortest, t.Shortest) &&
			within(longest.Add(median.Add(shortest).Mul(decimal.NewFromInt(2))), t.LengthGirth) &&
			within(longest.Add(median).Add(shortest), t.DimSum) && within(w, t.MaxWeight) {
			return t, w, nil
		}
	}
	return SizeTier{}, decimal.Zero, core.Invalid(MsgOutOfRange)
}

// priceBand is the index of the price's band.
func (c FeeCard) priceBand(price decimal.Decimal) int {
	for i, upTo := range c.PriceBands {
		if price.LessThanOrEqual(upTo) {
			return i
		}
	}
	return len(c.PriceBands)
}

// fee is the tier's fulfilment fee for the shipping weight in the price band.
func (t SizeTier) fee(weight decimal.Decimal, priceBand int) decimal.Decimal {
	of := func(fees []decimal.Decimal) decimal.Decimal { return fees[min(priceBand, len(fees)-1)] }
	for _, b := range t.Bands {
		if weight.LessThanOrEqual(b.UpTo) {
			return of(b.Fees)
		}
	}
	o := t.Over
	fee := of(o.Base)
	if weight.GreaterThan(o.From) {
		steps := weight.Sub(o.From).Div(o.Step).Ceil()
		fee = fee.Add(steps.Mul(o.PerStep))
	}
	return fee
}

// referral is the category's referral rate on the price in percent (for a portioned category, the fee over the
// price) and the fee, at least the card's least fee.
func (c FeeCard) referral(cat Category, price decimal.Decimal) (decimal.Decimal, decimal.Decimal) {
	rise := decimal.Zero
	if c.Rise.IsPositive() && price.GreaterThan(c.RiseAbove) {
		rise = c.Rise
	}
	hundred := decimal.NewFromInt(100)
	fee, below, percent := decimal.Zero, decimal.Zero, decimal.Zero
	for _, step := range cat.Steps {
		percent = step.Percent.Add(rise)
		last := step.UpTo.IsZero() || price.LessThanOrEqual(step.UpTo)
		if !cat.Portion {
			if last {
				fee = price.Mul(percent).Div(hundred)
				break
			}
			continue
		}
		top := price
		if !last {
			top = step.UpTo
		}
		fee = fee.Add(top.Sub(below).Mul(percent).Div(hundred))
		if last {
			break
		}
		below = step.UpTo
	}
	if cat.Portion {
		percent = fee.Mul(hundred).DivRound(price, 2)
	}
	return percent, decimal.Max(fee.Round(c.Decimals), c.MinReferral)
}
