package profit

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	"sellerhub/models"
)

// PerformanceRow is an owner's or department's month in 业绩报告: sales and profit in CNY, the targets ("" for
// none) and the progress in percent ("" without a target). subjectId is "" for the 未分配 row and the sum.
type PerformanceRow struct {
	SubjectID      string `json:"subjectId"`
	Name           string `json:"name"`
	DeptName       string `json:"deptName"`
	Lines          int    `json:"lines"`
	Units          int64  `json:"units"`
	Sales          string `json:"sales"`
	Profit         string `json:"profit"`
	SalesTarget    string `json:"salesTarget"`
	ProfitTarget   string `json:"profitTarget"`
	SalesProgress  string `json:"salesProgress"`
	ProfitProgress string `json:"profitProgress"`
	Total          bool   `json:"total"`
}

// Performance is 业绩报告's answer: the month, the dimension (owner or dept), the rows and their sum.
type Performance struct {
	Month string           `json:"month"`
	By    string           `json:"by"`
	Rows  []PerformanceRow `json:"rows"`
	Total PerformanceRow   `json:"total"`
}

func target(m models.Money) string {
	if m.IsZero() {
		return ""
	}
	return m.StringFixed(2)
}

func progress(figure, goal models.Money) string {
	if p, ok := profit.Progress(figure, goal); ok {
		return p.StringFixed(2)
	}
	return ""
}

func performanceRow(r *profit.PerformanceRow) PerformanceRow {
	out := PerformanceRow{Name: r.Name, DeptName: r.DeptName, Lines: r.Lines, Units: r.Units, Sales: r.Sales.StringFixed(2),
		Profit: r.Profit.StringFixed(2), SalesTarget: target(r.SalesTarget), ProfitTarget: target(r.ProfitTarget),
		SalesProgress: progress(r.Sales, r.SalesTarget), ProfitProgress: progress(r.Profit, r.ProfitTarget), Total: r.Total}
	if r.Total {
		// The sum's sales hold 未分配's, which no target covers: a rate over the targets' sum would mislead.
		out.SalesProgress, out.ProfitProgress = "", ""
	}
	if r.SubjectID != 0 {
		out.SubjectID = strconv.FormatInt(r.SubjectID, 10)
	}
	return out
}

// PerformancePage answers POST profit/performance {month, by (owner|dept), groupId}.
func (h *Handler) PerformancePage(c *echo.Context) error {
	var q profit.PerformanceQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	r, err := h.Profit.Performance(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := Performance{Month: r.Month, By: r.By, Rows: make([]PerformanceRow, len(r.Rows)), Total: performanceRow(&r.Total)}
	for i := range r.Rows {
		out.Rows[i] = performanceRow(&r.Rows[i])
	}
	return api.OK(c, out)
}

// PerformanceExport answers GET profit/performance/export?month&by&groupId: 业绩报告_<date>.xlsx, the rows then the
// sum.
func (h *Handler) PerformanceExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "业绩报告", "performanceList", h.Profit.PerformancePage, performanceRow)
}

// SetTarget answers PUT profit/performance/target {month, kind (owner|dept), subjectId, salesTarget,
// profitTarget}.
func (h *Handler) SetTarget(c *echo.Context) error {
	var in profit.TargetForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Profit.SetTarget(c.Request().Context(), p, in); err != nil {
		return err
	}
	return api.OK(c, "")
}

// TargetChoice is a user or department the targets' form offers.
type TargetChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TargetChoices are the targets' form's owners and departments.
type TargetChoices struct {
	Owners []TargetChoice `json:"owners"`
	Depts  []TargetChoice `json:"depts"`
}

// PerformanceChoices answers GET profit/performance/choices.
func (h *Handler) PerformanceChoices(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ch, err := h.Profit.PerformanceChoices(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := TargetChoices{Owners: make([]TargetChoice, len(ch.Owners)), Depts: make([]TargetChoice, len(ch.Depts))}
	for i, o := range ch.Owners {
		out.Owners[i] = TargetChoice{ID: strconv.FormatInt(o.ID, 10), Name: o.Name}
	}
	for i, d := range ch.Depts {
		out.Depts[i] = TargetChoice{ID: strconv.FormatInt(d.ID, 10), Name: d.Name}
	}
	return api.OK(c, out)
}
