package advertising

import (
	"encoding/json"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// OverviewDay is a day of 广告概览 (or a period's totals, without the day): every campaign's figures, spend and
// sales in CNY, and the ratios (— without a base).
type OverviewDay struct {
	Day         string      `json:"day,omitempty"`
	Spend       json.Number `json:"spend"`
	Sales       json.Number `json:"sales"`
	Orders      int64       `json:"orders"`
	Units       int64       `json:"units"`
	Impressions int64       `json:"impressions"`
	Clicks      int64       `json:"clicks"`
	ACOS        string      `json:"acos"`
	ROAS        string      `json:"roas"`
	CPC         string      `json:"cpc"`
	CTR         string      `json:"ctr"`
	CVR         string      `json:"cvr"`
}

// OverviewAnswer is 广告概览: the period and its totals, the previous period of as many days, and each day.
type OverviewAnswer struct {
	StartDate     string        `json:"startDate"`
	EndDate       string        `json:"endDate"`
	PreviousStart string        `json:"previousStart"`
	PreviousEnd   string        `json:"previousEnd"`
	Total         OverviewDay   `json:"total"`
	Previous      OverviewDay   `json:"previous"`
	Days          []OverviewDay `json:"days"`
}

func overviewDay(d *advertising.OverviewDay) OverviewDay {
	impressions, clicks, orders := decimal.NewFromInt(d.Impressions), decimal.NewFromInt(d.Clicks), decimal.NewFromInt(d.Orders)
	return OverviewDay{Day: d.Day, Spend: money2(d.CostCNY), Sales: money2(d.SalesCNY), Orders: d.Orders, Units: d.Units,
		Impressions: d.Impressions, Clicks: d.Clicks, ACOS: ratio(d.CostCNY.Decimal, d.SalesCNY.Decimal, true),
		ROAS: ratio(d.SalesCNY.Decimal, d.CostCNY.Decimal, false), CPC: ratio(d.CostCNY.Decimal, clicks, false),
		CTR: ratio(clicks, impressions, true), CVR: ratio(orders, clicks, true)}
}

// Overview answers POST overview {groupId, profileId, startDate, endDate}: 广告概览's totals in CNY, the previous
// period's and each day's.
func (h *Handler) Overview(c *echo.Context) error {
	var q advertising.OverviewQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	o, err := h.Ads.Overview(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := OverviewAnswer{StartDate: o.Start, EndDate: o.End, PreviousStart: o.PreviousStart, PreviousEnd: o.PreviousEnd,
		Total: overviewDay(&o.Total), Previous: overviewDay(&o.Previous), Days: make([]OverviewDay, len(o.Days))}
	for i := range o.Days {
		out.Days[i] = overviewDay(&o.Days[i])
	}
	return api.OK(c, out)
}

// OverviewDays answers POST overview/days {currentpage, pagesize, <Overview's filters>}: a page of the days, the
// latest first.
func (h *Handler) OverviewDays(c *echo.Context) error {
	return api.PageOf(h.Ads.OverviewDays, overviewDay)(c)
}

// OverviewExport answers GET overview/export?<Overview's filters>: the days as 广告概览_<date>.xlsx.
func (h *Handler) OverviewExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "广告概览", "advOverviewDays", h.Ads.OverviewDays, overviewDay)
}
