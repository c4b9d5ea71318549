package sales

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/sales"
)

// ForecastHandler serves 销售预测's calls.
type ForecastHandler struct {
	Forecasts *sales.Forecasts
}

// ForecastRow is a line of 销售预测 with its months also as columns (m1..m6 the forecast, p1..p6 the plan, ""
// for none), which the list and its export show.
type ForecastRow struct {
	sales.ForecastLine
	M1 *int `json:"m1"`
	M2 *int `json:"m2"`
	M3 *int `json:"m3"`
	M4 *int `json:"m4"`
	M5 *int `json:"m5"`
	M6 *int `json:"m6"`
	P1 *int `json:"p1"`
	P2 *int `json:"p2"`
	P3 *int `json:"p3"`
	P4 *int `json:"p4"`
	P5 *int `json:"p5"`
	P6 *int `json:"p6"`
}

func forecastRow(l *sales.ForecastLine) ForecastRow {
	r := ForecastRow{ForecastLine: *l}
	ms, ps := []**int{&r.M1, &r.M2, &r.M3, &r.M4, &r.M5, &r.M6}, []**int{&r.P1, &r.P2, &r.P3, &r.P4, &r.P5, &r.P6}
	for i, m := range l.Months {
		v := m.Forecast
		*ms[i], *ps[i] = &v, m.Plan
	}
	return r
}

// ForecastPage answers POST sales/forecast {currentpage, pagesize, sort, order, groupId, marketplaceId, search,
// months}.
func (h *ForecastHandler) ForecastPage(c *echo.Context) error {
	return api.PageOf(h.Forecasts.Page, forecastRow)(c)
}

// ForecastExport answers GET sales/forecast/export?<the page's filters>: 销售预测_<date>.xlsx.
func (h *ForecastHandler) ForecastExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "销售预测", "salesForecastList", h.Forecasts.Page, forecastRow)
}

// SavePlan answers PUT sales/forecast/plan {id, plans: {yyyy-MM: units or ""}}.
func (h *ForecastHandler) SavePlan(c *echo.Context) error {
	var f sales.PlanForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Forecasts.SavePlan(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "")
}
