package profit

import (
	"time"

	"github.com/shopspring/decimal"

	catalogdb "sellerhub/models/catalog"
	profitdb "sellerhub/models/profit"
)

// Landed is a product's landed unit cost of a month (成本核算), CNY per unit: the purchase cost in force on the
// month's last day (the weighted average purchasing keeps, the cost 存货价值 values that month's end at), 辅料,
// 包材 (its 包材用量's materials at their costs when it has packing, else entered), 加工费, 关税 (the duty rate of
// the purchase cost) and 头程 (entered here, else the product's own). Unit is what 利润报告 takes as the unit's
// 商品成本 (all but 头程, which stays its own column); Total adds 头程.
type Landed struct {
	Purchase, FirstLeg                     decimal.NullDecimal
	Materials, Packing, Processing, Duties decimal.Decimal
	// PackingEntered is the 包材 entered in 成本核算, kept while 包材用量's cost stands in for it.
	PackingEntered decimal.Decimal
	DutyRate       decimal.Decimal
	// Set: the month has 成本核算's parts (entered for it or an earlier month, or the product has packing);
	// FirstLegEntered: its 头程 is; PackingUsed: 包材 is its 包材用量's, PackingUncosted with a material of no cost.
	Set, FirstLegEntered         bool
	PackingUsed, PackingUncosted bool
	// From is the month whose row holds ("" when none does).
	From string
}

var hundredth = decimal.New(1, -2)

// Unit is the landed cost without 头程, invalid without a purchase cost.
func (l Landed) Unit() decimal.NullDecimal {
	if !l.Purchase.Valid {
		return decimal.NullDecimal{}
	}
	d := l.Purchase.Decimal.Add(l.Materials).Add(l.Packing).Add(l.Processing).Add(l.Duties)
	return decimal.NullDecimal{Decimal: d.Round(4), Valid: true}
}

// Total is the landed cost with 头程 (none counted when there is none).
func (l Landed) Total() decimal.NullDecimal {
	u := l.Unit()
	if u.Valid && l.FirstLeg.Valid {
		u.Decimal = u.Decimal.Add(l.FirstLeg.Decimal)
	}
	return u
}

// monthEnd is the last day (yyyy-MM-dd) of a month yyyy-MM.
func monthEnd(month string, loc *time.Location) string {
	first, err := time.ParseInLocation("2006-01", month, loc)
	if err != nil {
		return month + "-31"
	}
	return first.AddDate(0, 1, -1).Format(time.DateOnly)
}

// landedOf is a product's landed cost of month from its cost history, its 成本核算 rows and its packing's cost.
// The packing's cost replaces an entered 包材: the same bags and boxes are not counted twice.
func landedOf(history []catalogdb.ProductCost, rows []profitdb.LandedCost, packing packingPart, month string, loc *time.Location) Landed {
	c := catalogdb.CostOn(history, monthEnd(month, loc))
	out := Landed{Purchase: c.UnitCost, FirstLeg: c.FirstLeg}
	if packing.Has {
		out.Set, out.Packing, out.PackingUsed, out.PackingUncosted = true, packing.Cost, true, packing.Uncosted
	}
	lc, ok := profitdb.LandedOn(rows, month)
	if !ok {
		return out
	}
	out.Set, out.From = true, lc.Month
	out.Materials, out.Processing, out.DutyRate = lc.Materials.Decimal, lc.Processing.Decimal, lc.DutyRate.Decimal
	out.PackingEntered = lc.Packing.Decimal
	if !packing.Has {
		out.Packing = lc.Packing.Decimal
	}
	if out.Purchase.Valid {
		out.Duties = out.Purchase.Decimal.Mul(out.DutyRate).Mul(hundredth).Round(4)
	}
	if lc.FirstLeg != nil {
		out.FirstLeg, out.FirstLegEntered = decimal.NullDecimal{Decimal: lc.FirstLeg.Decimal, Valid: true}, true
	}
	return out
}
