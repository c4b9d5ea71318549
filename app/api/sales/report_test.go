package sales_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/app/sales"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/fixtures"
)

const amz = "/amazon/api/v1/"

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
}

type line struct {
	ID, Key, Name, ASIN, Period, Currency string
	Units, Orders, RefundOrders           int64
	Sales, AveragePrice, Refunds          float64
	SalesCny, RefundsCny                  float64
}

// withOrders gives the demo company (the harness's admin's) the stand-in seller's orders of the 14 days before
// today, imported as a sync would, and answers the admin's client.
func withOrders(t *testing.T, h *apptest.Harness, today time.Time) *apptest.Client {
	t.Helper()
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w := sellerdata.New(today)
	markets := w.Marketplaces(amazontest.DefaultSeller)
	sl, err := fixtures.Seller(ctx, h.DB, admin.CompanyID, "甲店", "NA", amazontest.DefaultSeller, markets...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := w.Content(amazontest.DefaultSeller, amazondata.Orders.ReportType(), markets, today.AddDate(0, 0, -14), today)
	if err != nil {
		t.Fatal(err)
	}
	tsv, err := amazon.NewTSVReader(r)
	if err != nil {
		t.Fatal(err)
	}
	st := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}
	if _, err := amazondata.New(h.DB, time.Now).Import(ctx, amazondata.Orders, st, tsv, nil); err != nil {
		t.Fatal(err)
	}
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

func report(t *testing.T, c *apptest.Client, path string, body map[string]any) page[line] {
	t.Helper()
	env := c.Call(http.MethodPost, amz+path, body)
	apptest.ExpectOK(t, env)
	var p page[line]
	env.Into(t, &p)
	return p
}

// The sales report by SKU and week: lines of the shape the table shows, an export of the same query in the
// user's columns, refusals in words, and only the callers with the screen.
func TestSalesReportCalls(t *testing.T) {
	h := apptest.Start(t)
	today := time.Now().UTC().Truncate(24 * time.Hour)
	c := withOrders(t, h, today)
	start, end := today.AddDate(0, 0, -13).Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly)
	q := map[string]any{"by": "sku", "period": "week", "zone": "beijing", "startDate": start, "endDate": end,
		"pagesize": 100, "sort": "units", "order": "desc"}
	p := report(t, c, "sales/report", q)
	if p.Total == 0 || int64(len(p.Records)) != min(p.Total, 100) {
		t.Fatalf("%d lines of %d", len(p.Records), p.Total)
	}
	top := p.Records[0]
	if top.Units < p.Records[len(p.Records)-1].Units || top.Key == "" || top.ASIN == "" || top.Currency == "" ||
		top.Sales <= 0 || top.SalesCny <= 0 || top.ID != top.Key+"|"+top.Period+"|"+top.Currency {
		t.Fatalf("top line %+v", top)
	}
	monday, err := time.Parse(time.DateOnly, top.Period)
	if err != nil || monday.Weekday() != time.Monday {
		t.Fatalf("week %q does not start on a Monday", top.Period)
	}

	// One SKU's weeks, exported: the same lines in the file as on the screen.
	sku := top.Key
	p = report(t, c, "sales/report", map[string]any{"by": "sku", "period": "week", "zone": "beijing",
		"startDate": start, "endDate": end, "search": sku})
	resp, body := c.Raw(http.MethodGet, amz+"sales/report/export?by=sku&period=week&zone=beijing&startDate="+start+
		"&endDate="+end+"&search="+url.QueryEscape(sku), "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("销售报表_")) {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
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
	col := map[string]int{}
	for i, title := range rows[0] {
		col[title] = i
	}
	if len(rows) != len(p.Records)+1 {
		t.Fatalf("%d rows exported, %d lines shown", len(rows)-1, len(p.Records))
	}
	for i, r := range rows[1:] {
		l := p.Records[i]
		// The orders' figures are named so (issue 43, item 3): 利润报告's come from settlements.
		units, okUnits := col["订单销量"]
		sales, okSales := col["订单销售额"]
		if !okUnits || !okSales {
			t.Fatalf("export columns %v: no 订单销量 or 订单销售额", rows[0])
		}
		if r[col["统计项"]] != sku || r[col["日期"]] != l.Period || r[units] != strconv.FormatInt(l.Units, 10) ||
			r[sales] != strconv.FormatFloat(l.Sales, 'f', -1, 64) {
			t.Fatalf("row %v, line %+v", r, l)
		}
	}

	// The summary: one line per week and currency, and the same units as the report's by marketplace.
	// Its own page of 100: a range over three weeks is twelve lines (three currencies and a total a week), past
	// the default page of 10.
	sum := report(t, c, "sales/summary", map[string]any{"period": "week", "zone": "beijing", "startDate": start,
		"endDate": end, "by": "sku", "pagesize": 100})
	all := report(t, c, "sales/report", map[string]any{"by": "marketplace", "period": "week", "zone": "beijing",
		"startDate": start, "endDate": end, "pagesize": 100})
	var units, summed int64
	for _, l := range sum.Records {
		if l.Key != "" {
			t.Fatalf("the summary shows a key: %+v", l)
		}
		if l.Currency == sales.SummaryTotal {
			// A week's currencies summed in CNY (issue 43, item 4): its units are the currencies' again.
			continue
		}
		summed += l.Units
	}
	for _, l := range all.Records {
		units += l.Units
	}
	if all.Total > 100 || sum.Total > 100 || units != summed || summed == 0 {
		t.Fatalf("summary %d units, report %d (of %d lines)", summed, units, all.Total)
	}

	for _, bad := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"by": "parent"}, "统计维度不正确"},
		{map[string]any{"period": "year"}, "统计周期不正确"},
		{map[string]any{"zone": "utc"}, "时区不正确"},
		{map[string]any{"startDate": "2026-02-02", "endDate": "2026-02-01"}, "开始日期不能晚于结束日期"},
		{map[string]any{"startDate": "2026/02/02"}, "日期格式不正确，应为yyyy-MM-dd"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, amz+"sales/report", bad.body), http.StatusBadRequest, "A0400", bad.msg)
	}

	// Who may call: the report's screen reads the report only; no screen, nothing; no session, refused.
	reader, _ := h.RestrictedUser("13900000011", []string{"sales.report"}, nil)
	apptest.ExpectOK(t, reader.Call(http.MethodPost, amz+"sales/report", q))
	apptest.Expect(t, reader.Call(http.MethodPost, amz+"sales/summary", q), http.StatusUnauthorized, "A0301", "访问未授权")
	clerk, _ := h.RestrictedUser("13900000012", nil, nil)
	for _, path := range []string{"sales/report", "sales/summary"} {
		apptest.Expect(t, clerk.Call(http.MethodPost, amz+path, q), http.StatusUnauthorized, "A0301", "访问未授权")
		apptest.Expect(t, clerk.Call(http.MethodGet, amz+path+"/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	}
	apptest.Expect(t, h.Client().Call(http.MethodPost, amz+"sales/report", q), http.StatusForbidden, "A0231", "token已被禁止访问")
}
