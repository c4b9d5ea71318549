package finance

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
)

// Messages of the 汇率 calls.
const (
	MsgCurrencyRequired = "请选择币种"
	MsgCNYFixed         = "人民币汇率固定为1，不能修改"
	MsgMonthRequired    = "月份不能为空"
	MsgMonthBad         = "月份格式应为yyyy-MM，如2026-11"
	MsgRateRequired     = "汇率不能为空"
	MsgRateBad          = "汇率必须是数字，如7.1"
	MsgRatePositive     = "汇率必须大于0"
	MsgRateDecimals     = "汇率最多6位小数"
	MsgRateTooLarge     = "汇率不能超过100000"
	MsgRateRace         = "该月份汇率刚被他人设置，请刷新后重试"
)

const whatRate = "汇率"

// maxRate bounds a rate: no currency is worth more than this many yuan, so a larger one is a typo.
var maxRate = decimal.NewFromInt(100000)

// RateRow is a currency as the 汇率 list shows it: its default, the rate in force this month and the month it was
// set for ("" while the default applies), how many months the company set, and when it last changed one.
type RateRow struct {
	Currency
	Rate      decimal.Decimal
	Since     string
	Months    int
	UpdatedAt *time.Time
}

// RateQuery is the body of the 汇率 list: the page and a part of a currency's code or name.
type RateQuery struct {
	core.PageRequest
	Currency string `json:"currency" query:"currency"`
}

// RatePage lists the currencies with the company's rates in force now. The list is the eleven currencies, so
// it is built whole and paged in memory.
func (s *Service) RatePage(ctx context.Context, p core.Principal, q RateQuery) ([]RateRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	book, err := s.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, 0, r, err
	}
	rows, err := financedb.ExchangeRates(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return nil, 0, r, err
	}
	latest := map[string]time.Time{}
	for _, row := range rows {
		if row.UpdatedAt.After(latest[row.Currency]) {
			latest[row.Currency] = row.UpdatedAt
		}
	}
	find := strings.ToUpper(strings.TrimSpace(q.Currency))
	all := []RateRow{}
	for _, c := range Currencies {
		if find != "" && !strings.Contains(c.Code, find) && !strings.Contains(strings.ToUpper(c.Name), find) {
			continue
		}
		rate, since, _ := book.RateOn(c.Code, s.now())
		row := RateRow{Currency: c, Rate: rate, Since: since, Months: len(book.months[c.Code])}
		if t, ok := latest[c.Code]; ok {
			row.UpdatedAt = &t
		}
		all = append(all, row)
	}
	from := min(r.Offset(), len(all))
	return all[from:min(from+r.Size, len(all))], int64(len(all)), r, nil
}

// HistoryQuery is the body of a currency's history: the page and the currency.
type HistoryQuery struct {
	core.PageRequest
	Currency string `json:"currency" query:"currency"`
}

// RateHistory lists a page of the months the company set a rate for the currency, the latest first.
func (s *Service) RateHistory(ctx context.Context, p core.Principal, q HistoryQuery) ([]financedb.ExchangeRate, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	code, err := editableCurrency(q.Currency)
	if err != nil {
		return nil, 0, r, err
	}
	rows, total, err := financedb.ExchangeRateHistory(s.db.With(ctx), p.CompanyID, code, r.Offset(), r.Size)
	return rows, total, r, err
}

// RateForm is a month's rate as the dialog sends it: the currency's code, the month (yyyy-MM) and the rate (CNY
// per unit, a decimal string).
type RateForm struct {
	Currency string `json:"currency"`
	Month    string `json:"month"`
	Rate     string `json:"rate"`
}

// editableCurrency checks a currency's code for a rate of the company's: known, and not CNY.
func editableCurrency(code string) (string, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	switch _, ok := currencyOf(code); {
	case code == "":
		return "", core.Invalid(MsgCurrencyRequired)
	case !ok:
		return "", core.Invalid(MsgCurrencyUnknown + code)
	case code == "CNY":
		return "", core.Invalid(MsgCNYFixed)
	}
	return code, nil
}

func (f *RateForm) check() (models.Rate, error) {
	var err error
	if f.Currency, err = editableCurrency(f.Currency); err != nil {
		return models.Rate{}, err
	}
	if f.Month = strings.TrimSpace(f.Month); f.Month == "" {
		return models.Rate{}, core.Invalid(MsgMonthRequired)
	}
	if t, err := time.Parse(monthLayout, f.Month); err != nil || t.Format(monthLayout) != f.Month {
		return models.Rate{}, core.Invalid(MsgMonthBad)
	}
	text := strings.TrimSpace(f.Rate)
	if text == "" {
		return models.Rate{}, core.Invalid(MsgRateRequired)
	}
	d, err := decimal.NewFromString(text)
	switch {
	case err != nil:
		return models.Rate{}, core.Invalid(MsgRateBad)
	case !d.IsPositive():
		return models.Rate{}, core.Invalid(MsgRatePositive)
	case !d.Equal(d.Truncate(models.RateScale)):
		return models.Rate{}, core.Invalid(MsgRateDecimals)
	case d.GreaterThan(maxRate):
		return models.Rate{}, core.Invalid(MsgRateTooLarge)
	}
	return models.Rate{Decimal: d}, nil
}

// SetRate sets the company's rate of a currency from a month on: the month's row is created, or changed when the
// month has one. Months after it that have rates of their own keep them.
func (s *Service) SetRate(ctx context.Context, p core.Principal, f RateForm) (*financedb.ExchangeRate, error) {
	rate, err := f.check()
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	var out *financedb.ExchangeRate
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		r, err := financedb.ExchangeRateOfMonth(tx.ForUpdate(), p.CompanyID, f.Currency, f.Month)
		switch {
		case models.IsNotFound(err):
			out = &financedb.ExchangeRate{CompanyID: p.CompanyID, Currency: f.Currency, Month: f.Month, Rate: rate,
				CreatedAt: now, UpdatedAt: now}
			// Two first saves of the same month at once: the unique index keeps one, the other is told to try again.
			return core.DuplicateAs(financedb.CreateExchangeRate(tx, out), MsgRateRace)
		case err != nil:
			return err
		}
		r.Rate, r.UpdatedAt = rate, now
		out = r
		return financedb.UpdateExchangeRate(tx, r)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Rate loads one of the company's month rates by the id in the path.
func (s *Service) Rate(ctx context.Context, p core.Principal, id string) (*financedb.ExchangeRate, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatRate)
	}
	r, err := financedb.ExchangeRateByID(s.db.With(ctx), p.CompanyID, n)
	return r, core.NotFoundAs(err, whatRate)
}

// DeleteRate deletes one of the company's month rates: the month before it (or the default) applies again.
func (s *Service) DeleteRate(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatRate)
	}
	return core.NotFoundAs(financedb.DeleteExchangeRate(s.db.With(ctx), p.CompanyID, n), whatRate)
}
