package finance

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
)

// MsgCurrencyUnknown names a currency the product has no rate for.
const MsgCurrencyUnknown = "不支持的币种："

// monthLayout is how a rate's month is written: 2026-11.
const monthLayout = "2006-01"

// RateBook is a company's exchange rates as one conversion reads them. The rule, the one every screen and report
// follows: the rate of a currency on a day is the rate the company set for that day's month (Beijing time) or,
// when it set none for that month, for the latest month before it; before the company's first month, the
// product's default rate (Currencies). CNY is always 1.
type RateBook struct {
	// months are each currency's months with a rate of the company's, ascending, with their rates.
	months   map[string][]monthRate
	timeZone *time.Location
}

type monthRate struct {
	month string
	rate  decimal.Decimal
}

// Rates loads the company's rates for conversions: load once, convert many (a report's every line).
func (s *Service) Rates(ctx context.Context, companyID int64) (*RateBook, error) {
	rows, err := financedb.ExchangeRates(s.db.With(ctx), companyID)
	if err != nil {
		return nil, err
	}
	b := &RateBook{months: map[string][]monthRate{}, timeZone: s.timeZone}
	for _, r := range rows {
		b.months[r.Currency] = append(b.months[r.Currency], monthRate{r.Month, r.Rate.Decimal})
	}
	for _, ms := range b.months {
		sort.Slice(ms, func(i, j int) bool { return ms[i].month < ms[j].month })
	}
	return b, nil
}

// ToCNY converts amount, in currency, on the instant on, to CNY with the company's rates: the one conversion of
// the product. It is Rates and RateBook.ToCNY for a single amount.
func (s *Service) ToCNY(ctx context.Context, companyID int64, amount models.Money, currency string, on time.Time) (models.Money, error) {
	b, err := s.Rates(ctx, companyID)
	if err != nil {
		return models.Money{}, err
	}
	return b.ToCNY(amount, currency, on)
}

// ToCNY converts amount, in currency, on the instant on, to CNY, rounded to Money's four decimals (half away from
// zero). An unknown currency is an error naming it.
func (b *RateBook) ToCNY(amount models.Money, currency string, on time.Time) (models.Money, error) {
	rate, _, err := b.RateOn(currency, on)
	if err != nil {
		return models.Money{}, err
	}
	return models.Money{Decimal: amount.Mul(rate).Round(4)}, nil
}

// RateOn is the rate of currency on the instant on and the month it was set for ("" for the default).
func (b *RateBook) RateOn(currency string, on time.Time) (decimal.Decimal, string, error) {
	return b.RateOfMonth(currency, on.In(b.timeZone).Format(monthLayout))
}

// RateOfMonth is the rate of currency in month (yyyy-MM) and the month it was set for ("" for the default).
func (b *RateBook) RateOfMonth(currency, month string) (decimal.Decimal, string, error) {
	code := strings.ToUpper(strings.TrimSpace(currency))
	c, ok := currencyOf(code)
	if !ok {
		return decimal.Decimal{}, "", core.Invalid(MsgCurrencyUnknown + currency)
	}
	if code == "CNY" {
		return c.Default, "", nil
	}
	ms := b.months[code]
	// The last month at or before month: the first one after it, less one.
	i := sort.Search(len(ms), func(i int) bool { return ms[i].month > month })
	if i == 0 {
		return c.Default, "", nil
	}
	return ms[i-1].rate, ms[i-1].month, nil
}
