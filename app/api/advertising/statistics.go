package advertising

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// StatisticsLine is a row of 广告统计: a day, week (from its Monday) or month, the store, 站点 or campaign type it
// is of (empty when not split), its first and last day within the days asked, and its figures as 广告概览 gives them.
type StatisticsLine struct {
	ID     string `json:"id"`
	Period string `json:"period"`
	From   string `json:"from"`
	To     string `json:"to"`
	Of     string `json:"of"`
	OverviewDay
}

// StatisticsPage is a page of 广告统计 with the days' totals and, on the first page of lines not split, every
// line (the earliest first) for the chart; null otherwise.
type StatisticsPage struct {
	api.Page[StatisticsLine]
	Summary OverviewDay      `json:"summary"`
	Chart   []StatisticsLine `json:"chart"`
}

func statisticsLine(l *advertising.StatisticsLine) StatisticsLine {
	return StatisticsLine{ID: l.Period + "|" + l.Of, Period: l.Period, From: l.From, To: l.To, Of: l.Of, OverviewDay: overviewDay(&l.OverviewDay)}
}

// StatisticsPage answers POST statistics/page {currentpage, pagesize, groupId, profileId, startDate, endDate,
// period, groupBy}: a page of 广告统计, the latest period first, and the days' totals (summary).
func (h *Handler) StatisticsPage(c *echo.Context) error {
	var q advertising.StatisticsQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	st, r, err := h.Ads.StatisticsPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	lines := make([]StatisticsLine, len(st.Lines))
	for i := range st.Lines {
		lines[i] = statisticsLine(&st.Lines[i])
	}
	var chart []StatisticsLine
	if st.Chart != nil {
		chart = make([]StatisticsLine, len(st.Chart))
		for i := range st.Chart {
			chart[i] = statisticsLine(&st.Chart[i])
		}
	}
	return api.OK(c, StatisticsPage{Page: api.NewPage(lines, st.Count, r.Current, r.Size), Summary: overviewDay(&st.Total), Chart: chart})
}

// StatisticsExport answers GET statistics/export?<StatisticsPage's filters>: the lines as 广告统计_<date>.xlsx.
func (h *Handler) StatisticsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "广告统计", "advStatisticsList", h.Ads.StatisticsLines, statisticsLine)
}
