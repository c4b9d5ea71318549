// Package finance answers the 汇率 calls of /erp/api/v1/exchangeRate (the company's rates to CNY, a currency's
// months, setting and deleting a month's rate) and the 利润计算器 calls of /amazon/api/v1 (profitCalc: the
// marketplaces and a calculation; profitPlan: the saved 计算方案). Lists are paged POST calls answering {records,
// total, size, current, pages}, the table island's shape; amounts are decimal strings.
package finance

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	financedb "sellerhub/models/finance"
)

// Handler serves the calls.
type Handler struct {
	Finance  *finance.Service
	TimeZone *time.Location
}

// Rate is a currency as the 汇率 list shows it. Since is the month whose rate is in force ("" while the default
// applies, which SinceName says as 默认汇率).
type Rate struct {
	ID          string `json:"id"`
	Currency    string `json:"currency"`
	Name        string `json:"name"`
	Symbol      string `json:"symbol"`
	DefaultRate string `json:"defaultRate"`
	Rate        string `json:"rate"`
	Since       string `json:"since"`
	SinceName   string `json:"sinceName"`
	Months      int    `json:"months"`
	UpdatedAt   string `json:"updatedAt"`
}

// MonthRate is one month's rate of the company's, in a currency's history.
type MonthRate struct {
	ID        string `json:"id"`
	Currency  string `json:"currency"`
	Month     string `json:"month"`
	Rate      string `json:"rate"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

func (h *Handler) rate(r *finance.RateRow) Rate {
	out := Rate{ID: r.Code, Currency: r.Code, Name: r.Name, Symbol: r.Symbol, DefaultRate: r.Default.String(),
		Rate: r.Rate.String(), Since: r.Since, SinceName: r.Since, Months: r.Months,
		UpdatedAt: api.FormatTime(r.UpdatedAt, h.TimeZone)}
	if r.Since == "" {
		out.SinceName = "默认汇率"
	}
	return out
}

func (h *Handler) monthRate(r *financedb.ExchangeRate) MonthRate {
	return MonthRate{ID: strconv.FormatInt(r.ID, 10), Currency: r.Currency, Month: r.Month, Rate: r.Rate.String(),
		CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&r.UpdatedAt, h.TimeZone)}
}

// RatePage answers POST exchangeRate/page {currentpage, pagesize, currency}: the currencies with the rate in
// force this month.
func (h *Handler) RatePage(c *echo.Context) error { return api.PageOf(h.Finance.RatePage, h.rate)(c) }

// RateExport answers GET exchangeRate/export?<RatePage's filters> as 汇率_<date>.xlsx.
func (h *Handler) RateExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "汇率", "exchangeRateList", h.Finance.RatePage, h.rate)
}

// History answers POST exchangeRate/history {currentpage, pagesize, currency}: the months the company set a rate
// for the currency, the latest first.
func (h *Handler) History(c *echo.Context) error {
	return api.PageOf(h.Finance.RateHistory, h.monthRate)(c)
}

// HistoryExport answers GET exchangeRate/history/export?currency= as 汇率历史_<date>.xlsx.
func (h *Handler) HistoryExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "汇率历史", "exchangeRateHistory", h.Finance.RateHistory, h.monthRate)
}

// SetRate answers PUT exchangeRate {currency, month, rate} with the month's rate, created or changed; the
// operation log gets the currency and month and the rate before and after.
func (h *Handler) SetRate(c *echo.Context) error {
	var f finance.RateForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	before, err := h.Finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return err
	}
	r, err := h.Finance.SetRate(ctx, p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, r.Currency+" "+r.Month)
	if old, _, err := before.RateOfMonth(r.Currency, r.Month); err == nil {
		middleware.NoteChange(c, "汇率", old.String(), r.Rate.String())
	}
	return api.OK(c, h.monthRate(r))
}

// DeleteRate answers DELETE exchangeRate/{id}: the month's rate goes, the month before it (or the default)
// applies again.
func (h *Handler) DeleteRate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	r, err := h.Finance.Rate(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	if err := h.Finance.DeleteRate(ctx, p, c.Param("id")); err != nil {
		return err
	}
	middleware.NoteSubject(c, r.Currency+" "+r.Month)
	return api.OK(c, "success")
}
