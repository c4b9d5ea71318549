package profit_test

import (
	"bytes"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

type monthRow struct {
	ID, Key, Name, Store, GroupID, MoM, YoY string
	Percent                                 bool
	Current, Last, LastYear, Estimated      any
	Local                                   map[string]float64
}

type monthReport struct {
	Month, LastMonth, LastYearMonth, GroupID, GroupName, Label string
	Currencies                                                 []string
	Rows                                                       []monthRow
	Stores                                                     []struct {
		GroupID, GroupName, Sales, Shared, Profit, Margin, MoM string
		Lines, EstimatedLines                                  int
	}
	Lines, EstimatedLines int
	Empty                 bool
}

func (r *monthReport) row(t *testing.T, key string) monthRow {
	t.Helper()
	for _, row := range r.Rows {
		if row.Key == key {
			return row
		}
	}
	t.Fatalf("no row %s in %+v", key, r.Rows)
	return monthRow{}
}

func num(t *testing.T, v any) float64 {
	t.Helper()
	switch v := v.(type) {
	case float64:
		return v
	case string:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("not a number: %q", v)
		}
		return f
	}
	t.Fatalf("not a number: %v", v)
	return 0
}

// 月度报告's call: last month by default, its P&L the same as 利润报告's month to the cent, the one store's equal
// to the company's, the export in the report's columns, a bad month refused in words, another company's owner
// given an empty report, and only the callers with the screen.
func TestMonthReportCalls(t *testing.T) {
	h := apptest.Start(t)
	c := withSettlements(t, h, time.Now().UTC().Truncate(24*time.Hour))
	month := lastMonth()
	r := call[monthReport](t, c, http.MethodPost, amz+"profit/month", map[string]any{})
	if r.Month != month || r.GroupName != "全部店铺" || r.GroupID != "" || r.Empty || r.Lines == 0 || len(r.Stores) != 1 ||
		len(r.Rows) != 14 || r.Rows[len(r.Rows)-1].Key != "margin" || len(r.Currencies) == 0 {
		t.Fatalf("report %+v", r)
	}
	// 利润报告's month, by month: one line per currency, each rounded to the cent.
	byMonth := call[page[line]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month, "by": "month"})
	var profit, sales float64
	for _, l := range byMonth.Records {
		profit += l.Profit
		sales += l.SalesCny
	}
	cents := 0.005 * float64(len(byMonth.Records))
	if got := num(t, r.row(t, "profit").Current); math.Abs(got-profit) > cents {
		t.Fatalf("profit %.2f, 利润报告 %.2f", got, profit)
	}
	if got := num(t, r.row(t, "sales").Current); math.Abs(got-sales) > cents || got <= 0 {
		t.Fatalf("sales %.2f, 利润报告 %.2f", got, sales)
	}
	st := r.Stores[0]
	if st.GroupName != "甲店" || num(t, st.Profit) != num(t, r.row(t, "profit").Current) || st.Margin != "—" {
		t.Fatalf("the one store %+v, company profit %v", st, r.row(t, "profit").Current)
	}
	if m := r.row(t, "margin"); m.Current != "—" || !m.Percent || !strings.HasPrefix(r.Label, "不完整：未配对") {
		t.Fatalf("unpaired lines: margin %+v, label %q", m, r.Label)
	}
	// The store alone is the company's month (it is its only store).
	alone := call[monthReport](t, c, http.MethodPost, amz+"profit/month", map[string]any{"month": month, "groupId": st.GroupID})
	if alone.GroupName != "甲店" || alone.GroupID != st.GroupID || len(alone.Stores) != 0 ||
		num(t, alone.row(t, "profit").Current) != num(t, r.row(t, "profit").Current) {
		t.Fatalf("甲店 alone %+v", alone)
	}

	resp, body := c.Raw(http.MethodGet, amz+"profit/month/export?month="+month, "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("月度报告_")) {
		t.Fatalf("export: %d %s %.200s", resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+14+14 || strings.Join(rows[0][:7], ",") != "店铺,项目,本月,上月,去年同月,环比,同比" ||
		rows[1][0] != "全部店铺" || rows[1][1] != "销售额" || rows[15][0] != "甲店" {
		t.Fatalf("export rows %d: %v / %v / %v", len(rows), rows[0], rows[1], rows[min(15, len(rows)-1)])
	}

	for _, bad := range []string{"2026/01", "2026-13", "上个月"} {
		apptest.Expect(t, c.Call(http.MethodPost, amz+"profit/month", map[string]any{"month": bad}), http.StatusBadRequest, "A0400", "月份格式不正确，应为yyyy-MM")
	}
	resp, body = c.Raw(http.MethodGet, amz+"profit/month/export?month=2026-13", "", nil)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "月份格式不正确") {
		t.Fatalf("a bad month's export: %d %.200s", resp.StatusCode, body)
	}

	other := h.SignedIn("13700000151", "丙公司")
	empty := call[monthReport](t, other, http.MethodPost, amz+"profit/month", map[string]any{"month": month})
	if !empty.Empty || empty.Lines != 0 || len(empty.Stores) != 0 || num(t, empty.row(t, "profit").Current) != 0 {
		t.Fatalf("another company %+v", empty)
	}
	peek := call[monthReport](t, other, http.MethodPost, amz+"profit/month", map[string]any{"month": month, "groupId": st.GroupID})
	if !peek.Empty || peek.GroupName != "" {
		t.Fatalf("another company asking 甲店 %+v", peek)
	}

	reader, _ := h.RestrictedUser("13900000051", []string{"payment.month"}, nil)
	apptest.ExpectOK(t, reader.Call(http.MethodPost, amz+"profit/month", map[string]any{"month": month}))
	apptest.Expect(t, reader.Call(http.MethodPost, amz+"profit/report", map[string]any{}), http.StatusUnauthorized, "A0301", "访问未授权")
	clerk, _ := h.RestrictedUser("13900000052", []string{"payment.profit"}, nil)
	apptest.Expect(t, clerk.Call(http.MethodPost, amz+"profit/month", map[string]any{}), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodGet, amz+"profit/month/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, h.Client().Call(http.MethodPost, amz+"profit/month", map[string]any{}), http.StatusForbidden, "A0231", "token已被禁止访问")
}
