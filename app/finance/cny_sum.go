package finance

import (
	"github.com/shopspring/decimal"

	"sellerhub/models"
)

// CNYSum adds amounts of any currencies and months into one CNY figure by the rule every CNY total of the product
// follows (首页's ranges, 销售报表's lines, 周/月汇总's 合计(CNY)): a currency's amounts of one rate month are summed
// as they are, each such sum is converted at its month's rate without rounding, the conversions are added, and the
// total alone is rounded, once, to the fen. Rounding each part first made two screens of the same days a fen
// apart. The zero value is not usable: start one with RateBook.Sum.
type CNYSum struct {
	book  *RateBook
	parts []cnyPart
}

// cnyPart is a currency's amounts of one rate month, in ten-thousandths (Money's units: they add exactly).
type cnyPart struct {
	currency, month string
	units           int64
}

// Sum starts an empty CNY sum converted with the book's rates.
func (b *RateBook) Sum() CNYSum { return CNYSum{book: b} }

// Add adds amount, in currency, to the sum of its rate month (yyyy-MM, Beijing time).
func (s *CNYSum) Add(amount models.Money, currency, month string) {
	s.AddUnits(amount.Units(), currency, month)
}

// AddUnits adds an amount in ten-thousandths (a kept line's sum), as Add does.
func (s *CNYSum) AddUnits(units int64, currency, month string) {
	if units == 0 {
		return
	}
	// A total has a few currencies and months: a short list beats a map.
	for i := range s.parts {
		if p := &s.parts[i]; p.currency == currency && p.month == month {
			p.units += units
			return
		}
	}
	s.parts = append(s.parts, cnyPart{currency, month, units})
}

// Merge adds every part of another sum (of the same book) to this one.
func (s *CNYSum) Merge(o *CNYSum) {
	for _, p := range o.parts {
		s.AddUnits(p.units, p.currency, p.month)
	}
}

// CNY is the sum in CNY, rounded once to the fen (half away from zero); an unknown currency is an error naming
// it, as ToCNY's.
func (s *CNYSum) CNY() (models.Money, error) {
	total := decimal.Zero
	for _, p := range s.parts {
		rate, _, err := s.book.RateOfMonth(p.currency, p.month)
		if err != nil {
			return models.Money{}, err
		}
		total = total.Add(models.MoneyFromUnits(p.units).Mul(rate))
	}
	return models.Money{Decimal: total.Round(2)}, nil
}
