package advertising

import (
	"encoding/json"

	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// IndicatorFigures are a SKU's (a day's, the days') ad figures and all its sales in CNY: ACOS is the spend over
// the ad sales, TACOS the spend over all the sales, adShare the ad sales over all the sales ("—" without a base).
type IndicatorFigures struct {
	Spend    json.Number `json:"spend"`
	AdSales  json.Number `json:"adSales"`
	AdOrders int64       `json:"adOrders"`
	Clicks   int64       `json:"clicks"`
	Sales    json.Number `json:"sales"`
	Orders   int64       `json:"orders"`
	Units    int64       `json:"units"`
	ACOS     string      `json:"acos"`
	TACOS    string      `json:"tacos"`
	AdShare  string      `json:"adShare"`
	ROAS     string      `json:"roas"`
}

func indicatorFigures(f *advertising.SKUFigures) IndicatorFigures {
	a := &f.Ads
	return IndicatorFigures{Spend: money2(a.CostCNY), AdSales: money2(a.SalesCNY), AdOrders: a.Orders, Clicks: a.Clicks,
		Sales: money2(f.SalesCNY), Orders: f.Orders, Units: f.Units, ACOS: ratio(a.CostCNY.Decimal, a.SalesCNY.Decimal, true),
		TACOS: ratio(a.CostCNY.Decimal, f.SalesCNY.Decimal, true), AdShare: ratio(a.SalesCNY.Decimal, f.SalesCNY.Decimal, true),
		ROAS: ratio(a.SalesCNY.Decimal, a.CostCNY.Decimal, false)}
}

// IndicatorLine is a row of 指标分析: an advertised SKU with its figures of the days and of the days before.
type IndicatorLine struct {
	ID   string `json:"id"`
	Rank int    `json:"rank"`
	SKU  string `json:"sku"`
	ASIN string `json:"asin"`
	Name string `json:"name"`
	IndicatorFigures
	Previous IndicatorFigures `json:"previous"`
	// PrevTACOS is the previous days' TACOS, a column of its own for the table and the export.
	PrevTACOS string `json:"prevTacos"`
}

// IndicatorDay is a day of 指标分析's chart.
type IndicatorDay struct {
	Day string `json:"day"`
	IndicatorFigures
}

// IndicatorsPage is a page of 指标分析's SKUs with the days' totals (summary), the previous days' (previous) and
// every day (days, the earliest first).
type IndicatorsPage struct {
	api.Page[IndicatorLine]
	StartDate     string           `json:"startDate"`
	EndDate       string           `json:"endDate"`
	PreviousStart string           `json:"previousStart"`
	PreviousEnd   string           `json:"previousEnd"`
	Summary       IndicatorFigures `json:"summary"`
	Previous      IndicatorFigures `json:"previous"`
	Days          []IndicatorDay   `json:"days" null:"never"`
}

func indicatorLine(l *advertising.IndicatorLine) IndicatorLine {
	prev := indicatorFigures(&l.Previous)
	return IndicatorLine{ID: l.SKU, Rank: l.Rank, SKU: l.SKU, ASIN: l.ASIN, Name: l.Name, IndicatorFigures: indicatorFigures(&l.Now),
		Previous: prev, PrevTACOS: prev.TACOS}
}

// IndicatorsPage answers POST indicators/page {currentpage, pagesize, groupId, profileId, startDate, endDate, rankBy}:
// the advertised SKUs' spend against all their sales (TACOS), ACOS and the ads' share of sales, the days' and the
// days before's totals, and each day.
func (h *Handler) IndicatorsPage(c *echo.Context) error {
	var q advertising.IndicatorQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	a, r, err := h.Indicators.Page(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	lines := make([]IndicatorLine, len(a.Lines))
	for i := range a.Lines {
		lines[i] = indicatorLine(&a.Lines[i])
	}
	days := make([]IndicatorDay, len(a.Days))
	for i := range a.Days {
		days[i] = IndicatorDay{Day: a.Days[i].Day, IndicatorFigures: indicatorFigures(&a.Days[i].SKUFigures)}
	}
	return api.OK(c, IndicatorsPage{Page: api.NewPage(lines, a.Count, r.Current, r.Size), StartDate: a.Start, EndDate: a.End,
		PreviousStart: a.PreviousStart, PreviousEnd: a.PreviousEnd, Summary: indicatorFigures(&a.Total),
		Previous: indicatorFigures(&a.Previous), Days: days})
}

// IndicatorsExport answers GET indicators/export?<IndicatorsPage's filters>: the SKUs as 指标分析_<date>.xlsx.
func (h *Handler) IndicatorsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "指标分析", "advIndicatorList", h.Indicators.Lines, indicatorLine)
}
