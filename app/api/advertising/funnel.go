package advertising

import (
	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// FunnelLine is a row of 广告漏斗: a campaign, ad group, keyword or SKU as ROAS排名 names it, its impressions,
// clicks and orders of the days with the rates between them, and the previous days' (prev*).
type FunnelLine struct {
	RoasLine
	PrevImpressions int64  `json:"prevImpressions"`
	PrevClicks      int64  `json:"prevClicks"`
	PrevOrders      int64  `json:"prevOrders"`
	PrevCTR         string `json:"prevCtr"`
	PrevCVR         string `json:"prevCvr"`
}

// FunnelPage is a page of 广告漏斗's rows with the days' totals (summary) and the previous days' (previous).
type FunnelPage struct {
	api.Page[FunnelLine]
	StartDate     string      `json:"startDate"`
	EndDate       string      `json:"endDate"`
	PreviousStart string      `json:"previousStart"`
	PreviousEnd   string      `json:"previousEnd"`
	Summary       OverviewDay `json:"summary"`
	Previous      OverviewDay `json:"previous"`
}

func funnelLine(l *advertising.FunnelLine) FunnelLine {
	p := &l.Previous
	impressions, clicks, orders := decimal.NewFromInt(p.Impressions), decimal.NewFromInt(p.Clicks), decimal.NewFromInt(p.Orders)
	return FunnelLine{RoasLine: roasLine(&l.RoasLine), PrevImpressions: p.Impressions, PrevClicks: p.Clicks, PrevOrders: p.Orders,
		PrevCTR: ratio(clicks, impressions, true), PrevCVR: ratio(orders, clicks, true)}
}

// FunnelPage answers POST funnel/page {currentpage, pagesize, groupId, profileId, startDate, endDate, level, rankBy}:
// impressions → clicks → orders of the days and of as many days before them, and a page of the rows.
func (h *Handler) FunnelPage(c *echo.Context) error {
	var q advertising.FunnelQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	f, r, err := h.Ads.FunnelPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	lines := make([]FunnelLine, len(f.Lines))
	for i := range f.Lines {
		lines[i] = funnelLine(&f.Lines[i])
	}
	return api.OK(c, FunnelPage{Page: api.NewPage(lines, f.Count, r.Current, r.Size), StartDate: f.Start, EndDate: f.End,
		PreviousStart: f.PreviousStart, PreviousEnd: f.PreviousEnd, Summary: overviewDay(&f.Total), Previous: overviewDay(&f.Previous)})
}

// FunnelExport answers GET funnel/export?<FunnelPage's filters>: the rows as 广告漏斗_<date>.xlsx.
func (h *Handler) FunnelExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "广告漏斗", "advFunnelList", h.Ads.FunnelLines, funnelLine)
}
