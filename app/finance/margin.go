package finance

import (
	"context"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
)

// Messages of pricing to a target margin.
const (
	MsgMarginRange       = "目标利润率须大于-100且小于100"
	MsgMarginUnreachable = "按当前费用和成本无法达到该利润率"
)

// marginCeiling is the highest price PriceForMargin tries, in the marketplace's currency.
var marginCeiling = decimal.NewFromInt(1000000)

// PriceForMargin is the least price, at the currency's decimals, at which the calculator's margin (profit over
// price, CNY) reaches target percent, for the product of in (its Price is ignored), with the same fees, tax and
// costs as Calculate and the company's rate of today; with the calculator's answer at that price. 调价 prices a
// listing to a margin with it. The margin rises with the price (the fees that grow with it are shares of it), so
// the price is found by bisection between the currency's least unit and the ceiling.
func (s *Service) PriceForMargin(ctx context.Context, companyID int64, in CalcInput, target decimal.Decimal) (*CalcResult, error) {
	hundred := decimal.NewFromInt(100)
	if target.LessThanOrEqual(hundred.Neg()) || target.GreaterThanOrEqual(hundred) {
		return nil, core.Invalid(MsgMarginRange)
	}
	now := s.now()
	in.Price = "1"
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
	at := func(price decimal.Decimal) (*CalcResult, error) {
		v.price = price
		return v.result(rate, month)
	}
	unit := decimal.New(1, -v.card.Decimals)
	lo, hi := unit, marginCeiling
	top, err := at(hi)
	if err != nil {
		return nil, err
	}
	if top.Margin.LessThan(target) {
		return nil, core.Invalid(MsgMarginUnreachable)
	}
	if r, err := at(lo); err != nil {
		return nil, err
	} else if r.Margin.GreaterThanOrEqual(target) {
		return r, nil
	}
	// lo's margin is under the target, hi's reaches it: halve until they are one unit apart.
	for hi.Sub(lo).GreaterThan(unit) {
		mid := lo.Add(hi).Div(decimal.NewFromInt(2)).Round(v.card.Decimals)
		if mid.Equal(lo) || mid.Equal(hi) {
			break
		}
		r, err := at(mid)
		if err != nil {
			return nil, err
		}
		if r.Margin.GreaterThanOrEqual(target) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return at(hi)
}
