package profit

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	"sellerhub/models"
)

// MonthRow is a line of 月度报告's P&L (销售额 … 利润, 利润率) of a store (store: its name, 全部店铺 for the company):
// CNY for the month, the month before and the same month a year before; mom and yoy are the change against them
// in percent (a margin's in percentage points), empty when the month compared has none; local is the month's
// Amazon amount in each currency booked (none for cost, freight, profit and margin, which are CNY); estimated is
// the part of sales or profit that no settlement covers (the orders and Amazon's fee estimates), empty otherwise.
type MonthRow struct {
	ID        string                 `json:"id"`
	Key       string                 `json:"key"`
	Name      string                 `json:"name"`
	Store     string                 `json:"store"`
	GroupID   string                 `json:"groupId"`
	Percent   bool                   `json:"percent"`
	Current   any                    `json:"current"`
	Last      any                    `json:"last"`
	LastYear  any                    `json:"lastYear"`
	MoM       string                 `json:"mom"`
	YoY       string                 `json:"yoy"`
	Local     map[string]json.Number `json:"local,omitempty"`
	LocalText string                 `json:"localText"`
	Estimated any                    `json:"estimated"`
}

// MonthStore is a store's month in 月度报告's list of stores: sales, shared costs (分摊费用), profit and margin (CNY), profit the month before
// and a year before with the changes, and how many of its lines by SKU are estimated.
type MonthStore struct {
	GroupID        string `json:"groupId"`
	GroupName      string `json:"groupName"`
	Sales          string `json:"sales"`
	Shared         string `json:"shared"`
	Profit         string `json:"profit"`
	Margin         string `json:"margin"`
	LastProfit     string `json:"lastProfit"`
	LastYearProfit string `json:"lastYearProfit"`
	MoM            string `json:"mom"`
	YoY            string `json:"yoy"`
	Lines          int    `json:"lines"`
	EstimatedLines int    `json:"estimatedLines"`
}

// MonthReport answers POST profit/month: the months compared, the scope (groupId "" and 全部店铺: every store the
// user may see), the currencies of its Amazon amounts, its P&L rows, each store's month (the company's only),
// the lines by SKU summed and how many are estimated, what the month's lines lack (label, as 利润报告 says it),
// and empty when the three months have no line at all.
type MonthReport struct {
	Month          string       `json:"month"`
	LastMonth      string       `json:"lastMonth"`
	LastYearMonth  string       `json:"lastYearMonth"`
	GroupID        string       `json:"groupId"`
	GroupName      string       `json:"groupName"`
	Currencies     []string     `json:"currencies" null:"never"`
	Rows           []MonthRow   `json:"rows" null:"never"`
	Stores         []MonthStore `json:"stores" null:"never"`
	Lines          int          `json:"lines"`
	EstimatedLines int          `json:"estimatedLines"`
	Gaps           []Gap        `json:"gaps" null:"never"`
	Label          string       `json:"label"`
	Empty          bool         `json:"empty"`
}

var hundred = decimal.NewFromInt(100)

// change is this against before in percent (two decimals, signed), "" when before is zero; of a margin, the
// difference in percentage points.
func change(this, before models.Money, hasThis, hasBefore, percent bool) string {
	switch {
	case !hasThis || !hasBefore:
		return ""
	case percent:
		return signed(this.Sub(before.Decimal)) + "个百分点"
	case before.IsZero():
		return ""
	}
	return signed(this.Sub(before.Decimal).Mul(hundred).DivRound(before.Abs(), 2)) + "%"
}

func signed(d decimal.Decimal) string {
	if d.IsPositive() {
		return "+" + d.StringFixed(2)
	}
	return d.StringFixed(2)
}

// figure is an amount as an exact number (the export's sheet sums it), a margin as text (12.34%, — without one).
func figure(m models.Money, has, percent bool) any {
	switch {
	case !has && percent:
		return MarginMissing
	case !has:
		return ""
	case percent:
		return m.StringFixed(2) + "%"
	}
	return amount(m)
}

func monthRow(r *profit.MonthRow) MonthRow {
	out := MonthRow{Estimated: "", Key: r.Key, Name: r.Name, Store: r.Store, Percent: r.Percent,
		Current: figure(r.Current, r.HasCurrent, r.Percent), Last: figure(r.Last, r.HasLast, r.Percent),
		LastYear: figure(r.LastYear, r.HasLastYr, r.Percent),
		MoM:      change(r.Current, r.Last, r.HasCurrent, r.HasLast, r.Percent),
		YoY:      change(r.Current, r.LastYear, r.HasCurrent, r.HasLastYr, r.Percent)}
	if r.StoreID != 0 {
		out.GroupID = fmt.Sprint(r.StoreID)
	}
	if r.HasEstimated {
		out.Estimated = amount(r.Estimated)
	}
	if len(r.Local) > 0 {
		out.Local = map[string]json.Number{}
		for c, m := range r.Local {
			out.Local[c] = amount(m)
		}
		out.LocalText = localText(r.Local)
	}
	out.ID = out.GroupID + "|" + out.Key
	return out
}

// localText is the amounts by currency in words for the export (USD 12.00；GBP 3.00), in the currencies' order.
func localText(local map[string]models.Money) string {
	text := ""
	for _, c := range sortedKeys(local) {
		if text != "" {
			text += "；"
		}
		text += c + " " + local[c].StringFixed(2)
	}
	return text
}

func sortedKeys(m map[string]models.Money) []string { return slices.Sorted(maps.Keys(m)) }

// MonthPage answers POST profit/month {month (yyyy-MM, last month when none), groupId}.
func (h *Handler) MonthPage(c *echo.Context) error {
	var q profit.MonthQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	r, err := h.Profit.Month(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := MonthReport{Month: r.Month, LastMonth: r.LastMonth, LastYearMonth: r.LastYearMonth, GroupName: r.GroupName,
		Currencies: []string{}, Rows: []MonthRow{}, Stores: []MonthStore{}, Lines: r.Current.Lines,
		EstimatedLines: r.Current.Total.Estimated, Empty: r.Current.Lines+r.Last.Lines+r.LastYear.Lines == 0}
	if r.GroupID != 0 {
		out.GroupID = fmt.Sprint(r.GroupID)
	} else {
		out.GroupName = "全部店铺"
	}
	for _, c := range r.Currencies {
		out.Currencies = append(out.Currencies, c.Currency)
	}
	rows := r.Rows()
	for i := range rows {
		if rows[i].StoreID == r.GroupID {
			out.Rows = append(out.Rows, monthRow(&rows[i]))
		}
	}
	if r.GroupID == 0 {
		for _, st := range r.Stores {
			cur, last, lastYear := &st.Current.Total, &st.Last.Total, &st.LastYear.Total
			m, hasMargin := cur.Margin()
			ms := MonthStore{GroupID: fmt.Sprint(st.GroupID), GroupName: st.GroupName,
				Sales: cur.AmazonCNY[profit.BucketSales].StringFixed(2), Shared: cur.Shared.StringFixed(2), Profit: cur.Profit.StringFixed(2),
				Margin: MarginMissing, LastProfit: last.Profit.StringFixed(2), LastYearProfit: lastYear.Profit.StringFixed(2),
				MoM:   change(cur.Profit, last.Profit, true, st.Last.Lines > 0, false),
				YoY:   change(cur.Profit, lastYear.Profit, true, st.LastYear.Lines > 0, false),
				Lines: st.Current.Lines, EstimatedLines: cur.Estimated}
			if hasMargin {
				ms.Margin = m.StringFixed(2) + "%"
			}
			out.Stores = append(out.Stores, ms)
		}
	}
	out.Gaps = gaps(r.Current.Total.Gaps(), true)
	out.Label = incomplete(out.Gaps, true)
	return api.OK(c, out)
}

// MonthShared answers POST profit/month/shared {currentpage, pagesize, month (yyyy-MM), groupId ("": every store
// the user may see)}: a page of the shares that make the month's 分摊费用, each with its cost and rule, and their
// footer, the report's figure.
func (h *Handler) MonthShared(c *echo.Context) error {
	var q profit.MonthSharedQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, total, r, sum, err := h.Profit.MonthShared(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]DetailLine, len(rows))
	for i := range rows {
		out[i] = detail(&rows[i])
	}
	return api.OK(c, DetailPage{Page: api.NewPage(out, total, r.Current, r.Size), Sum: detailSum(sum)})
}

// monthRows are the report's rows for the export: the scope's, then each store's.
func (h *Handler) monthRows(ctx context.Context, p core.Principal, q profit.MonthQuery) ([]profit.MonthRow, int64, core.PageRequest, error) {
	r, err := h.Profit.Month(ctx, p, q)
	if err != nil {
		return nil, 0, q.PageRequest, err
	}
	rows := r.Rows()
	return rows, int64(len(rows)), q.PageRequest, nil
}

// MonthExport answers GET profit/month/export?month=&groupId=: 月度报告_<date>.xlsx, the scope's P&L then, for the
// company, each store's.
func (h *Handler) MonthExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "月度报告", "monthReportList", h.monthRows, monthRow)
}
