package profit_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/fixtures"
)

const amz = "/amazon/api/v1/"

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
}

type gap struct {
	Code, Text string
	Lines      int
}

type line struct {
	ID, Month, GroupID, GroupName, MarketplaceID, MarketplaceName, SKU, Currency, Source, Flags, Margin string
	Gaps                                                                                                []gap
	Estimated                                                                                           bool
	Units                                                                                               int64
	Sales, Referral, SalesCny, Settled, Cost, Freight, Profit                                           float64
}

type detailLine struct {
	ID, Source, Date, Reference, OrderID, Kind, Description, Currency string
	KindCode, DescriptionCode                                         string
	Quantity                                                          int64
	Amount                                                            float64
}

// withSettlements gives the harness admin's company the stand-in seller's orders of the 40 days before today and
// every settlement of its 90 days, imported as a sync would, and answers the admin's client.
func withSettlements(t *testing.T, h *apptest.Harness, today time.Time) *apptest.Client {
	t.Helper()
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w := sellerdata.New(today)
	seller := amazontest.DefaultSeller
	markets := w.Marketplaces(seller)
	sl, err := fixtures.Seller(ctx, h.DB, admin.CompanyID, "甲店", "NA", seller, markets...)
	if err != nil {
		t.Fatal(err)
	}
	st := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}
	read := func(kind amazondata.Kind, reportMarkets []string, start, end time.Time, reportID string) {
		r, err := w.Content(seller, kind.ReportType(), reportMarkets, start, end)
		if err != nil {
			t.Fatal(err)
		}
		tsv, err := amazon.NewTSVReader(r)
		if err != nil {
			t.Fatal(err)
		}
		file := st
		file.ReportID = reportID
		if _, err := amazondata.New(h.DB, time.Now).Import(ctx, kind, file, tsv, nil); err != nil {
			t.Fatal(err)
		}
	}
	read(amazondata.Orders, markets, today.AddDate(0, 0, -40), today, "")
	for _, set := range w.Scheduled(seller) {
		read(amazondata.Settlements, set.MarketplaceIDs, set.DataStartTime, set.DataEndTime, set.ReportID)
	}
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

func call[T any](t *testing.T, c *apptest.Client, method, path string, body any) T {
	t.Helper()
	env := c.Call(method, path, body)
	apptest.ExpectOK(t, env)
	var out T
	env.Into(t, &out)
	return out
}

// lastMonth is the month before this one, Beijing time: the stand-in's settlements cover it.
func lastMonth() string {
	loc, _ := time.LoadLocation("Asia/Shanghai")
	now := time.Now().In(loc)
	return time.Date(now.Year(), now.Month()-1, 1, 0, 0, 0, 0, loc).Format("2006-01")
}

// The report's page, a figure's lines, the export in the user's columns, refusals in words, and only the callers
// with the screen.
func TestProfitReportCalls(t *testing.T) {
	h := apptest.Start(t)
	c := withSettlements(t, h, time.Now().UTC().Truncate(24*time.Hour))
	month := lastMonth()
	q := map[string]any{"startMonth": month, "endMonth": month, "pagesize": 100, "sort": "salesCny", "order": "desc"}
	p := call[page[line]](t, c, http.MethodPost, amz+"profit/report", q)
	if p.Total == 0 || int64(len(p.Records)) != min(p.Total, 100) {
		t.Fatalf("%d lines of %d", len(p.Records), p.Total)
	}
	top := p.Records[0]
	if top.SKU == "" || top.Source != "结算" || top.Estimated || top.Month != month || top.Units <= 0 || top.Sales <= 0 ||
		top.SalesCny <= 0 || top.Referral <= 0 || top.GroupName != "甲店" || top.MarketplaceID == "" ||
		!strings.Contains(top.Flags, "未配对") ||
		top.ID != strings.Join([]string{top.Month, top.GroupID, top.MarketplaceID, top.SKU, top.Currency}, "|") {
		t.Fatalf("top line %+v", top)
	}

	// Unpaired, so without a cost (issue 42, item 5): its margin is —, not its sales' share of a profit that lacks
	// the cost, and it says why; the query's summary counts the lines lacking each input, 不完整.
	if top.Margin != "—" || len(top.Gaps) != 1 || top.Gaps[0] != (gap{"unpaired", "未配对", 1}) {
		t.Fatalf("an unpaired line's margin %q, gaps %+v", top.Margin, top.Gaps)
	}
	withSummary := call[struct {
		Total   int64
		Summary struct {
			Lines int
			Label string
			Gaps  []gap
		}
	}](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month, "by": "month"})
	unpaired := 0
	for n := int64(1); (n-1)*100 < p.Total; n++ {
		for _, l := range call[page[line]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month,
			"endMonth": month, "pagesize": 100, "currentpage": n}).Records {
			if l.SKU != "" {
				unpaired++
			}
		}
	}
	if withSummary.Summary.Lines != int(p.Total) || len(withSummary.Summary.Gaps) != 1 ||
		withSummary.Summary.Gaps[0] != (gap{"unpaired", fmt.Sprintf("未配对 %d 行", unpaired), unpaired}) ||
		withSummary.Summary.Label != fmt.Sprintf("不完整：未配对 %d 行", unpaired) {
		t.Fatalf("summary of %d lines (%d unpaired): %+v", p.Total, unpaired, withSummary.Summary)
	}

	// Its referral fee opens its settlement lines, a page at a time.
	d := call[page[detailLine]](t, c, http.MethodPost, amz+"profit/detail", map[string]any{"figure": "referral", "month": month,
		"groupId": top.GroupID, "marketplaceId": top.MarketplaceID, "sku": top.SKU, "currency": top.Currency, "pagesize": 10})
	if d.Total == 0 || len(d.Records) == 0 || d.Records[0].Source != "结算" || d.Records[0].Reference == "" ||
		d.Records[0].OrderID == "" {
		t.Fatalf("referral lines %+v", d)
	}
	// Each says what it is in Chinese, with Amazon's names beside (one table, app/amazon/names.go).
	for _, r := range d.Records {
		want := map[string]string{"ItemFees / Commission": "佣金", "ItemFees / RefundCommission": "退款手续费"}[r.DescriptionCode]
		kind := map[string]string{"Order": "订单", "Refund": "退款"}[r.KindCode]
		if want == "" || r.Description != want || kind == "" || r.Kind != kind {
			t.Fatalf("a referral line's names: %+v", r)
		}
	}

	// The dialogs name the marketplace (美国, not its id) and total the lines (issue 43, item 9): every line of the
	// figure, one page here, adds up to the footer; freight's footer is the month's freight, not the shipments' sum.
	names := map[string]string{"ATVPDKIKX0DER": "美国", "A2EUQ1WTGCTBG2": "加拿大", "A1AM78C64UM0Y8": "墨西哥"}
	for _, l := range p.Records {
		if l.MarketplaceName != names[l.MarketplaceID] {
			t.Fatalf("line of %s named %q", l.MarketplaceID, l.MarketplaceName)
		}
	}
	type summed struct {
		Records []detailLine `json:"records"`
		Total   int64        `json:"total"`
		Sum     *struct {
			Label, Description, Currency string
			Amount                       float64
			Sums                         bool
		} `json:"sum"`
	}
	var all summed
	var lines float64
	for n := 1; n == 1 || int64(n-1)*100 < all.Total; n++ {
		all = call[summed](t, c, http.MethodPost, amz+"profit/detail", map[string]any{"figure": "referral", "month": month,
			"groupId": top.GroupID, "marketplaceId": top.MarketplaceID, "sku": top.SKU, "currency": top.Currency,
			"pagesize": 100, "currentpage": n})
		for _, r := range all.Records {
			lines += r.Amount
		}
	}
	if all.Sum == nil || !all.Sum.Sums || all.Sum.Label != "合计" || all.Sum.Currency != top.Currency ||
		math.Abs(all.Sum.Amount-lines) > 0.00005 || math.Abs(all.Sum.Amount+top.Referral) > 0.005 {
		t.Fatalf("referral's %d lines sum to %.4f, footer %+v, report %.2f", all.Total, lines, all.Sum, top.Referral)
	}
	freight := call[summed](t, c, http.MethodPost, amz+"profit/detail", map[string]any{"figure": "freight", "month": month,
		"groupId": top.GroupID, "marketplaceId": top.MarketplaceID, "sku": top.SKU, "currency": top.Currency, "pagesize": 1000})
	if freight.Sum == nil || freight.Sum.Sums || freight.Sum.Label != "本月头程" || math.Abs(freight.Sum.Amount-top.Freight) > 0.005 {
		t.Fatalf("freight's footer %+v, report %.2f", freight.Sum, top.Freight)
	}
	for _, r := range freight.Records {
		if r.Source == "合计" {
			t.Fatalf("freight lists its total among the shipments: %+v", r)
		}
	}

	// Exported: the same lines in the file as on the screen.
	sku := top.SKU
	shown := call[page[line]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month, "search": sku})
	resp, body := c.Raw(http.MethodGet, amz+"profit/report/export?startMonth="+month+"&endMonth="+month+"&search="+url.QueryEscape(sku), "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("利润报告_")) {
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
	if len(rows) != len(shown.Records)+1 || len(rows) < 2 {
		t.Fatalf("%d rows exported, %d lines shown", len(rows)-1, len(shown.Records))
	}
	// The figures are named by their source (issue 43, item 3): a settlement's units and sales are not the orders'
	// that 销售报表 shows, and a column of the same name said they were.
	for _, name := range []string{"结算销量", "结算销售额", "结算销售额(CNY)"} {
		if _, ok := col[name]; !ok {
			t.Fatalf("export columns %v: no %s", rows[0], name)
		}
	}
	if _, ok := col["销量"]; ok {
		t.Fatalf("export columns %v: 销量 does not say its source", rows[0])
	}
	for i, r := range rows[1:] {
		if r[col["SKU"]] != shown.Records[i].SKU || r[col["月份"]] != month || r[col["利润(CNY)"]] == "" {
			t.Fatalf("row %v, line %+v", r, shown.Records[i])
		}
	}

	// Grouped by store: one line per currency of 甲店.
	stores := call[page[line]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month, "by": "store"})
	if stores.Total != 3 || stores.Records[0].GroupName != "甲店" || stores.Records[0].Source != "" {
		t.Fatalf("by store: %+v", stores)
	}
	for _, s := range stores.Records {
		if s.Margin != "—" || !strings.HasPrefix(s.Flags, "不完整：未配对 ") {
			t.Fatalf("a store's total over unpaired lines: margin %q, flags %q", s.Margin, s.Flags)
		}
	}

	for _, bad := range []struct {
		path string
		body map[string]any
		msg  string
	}{
		{"profit/report", map[string]any{"by": "asin"}, "统计维度不正确"},
		{"profit/report", map[string]any{"startMonth": "2026/01"}, "月份格式不正确，应为yyyy-MM"},
		{"profit/report", map[string]any{"startMonth": "2026-03", "endMonth": "2026-02"}, "开始月份不能晚于结束月份"},
		{"profit/report", map[string]any{"startMonth": "2023-01", "endMonth": "2026-01"}, "查询范围不能超过24个月"},
		{"profit/detail", map[string]any{"figure": "tax", "month": month, "groupId": top.GroupID, "marketplaceId": top.MarketplaceID, "currency": "USD"}, "明细项目不正确"},
		{"profit/detail", map[string]any{"figure": "sales", "month": "x", "groupId": top.GroupID, "marketplaceId": top.MarketplaceID, "currency": "USD"}, "月份格式不正确，应为yyyy-MM"},
		{"profit/detail", map[string]any{"figure": "sales", "month": month}, "请指定要查看的月份、店铺、站点和币种"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, amz+bad.path, bad.body), http.StatusBadRequest, "A0400", bad.msg)
	}

	// Who may call: the report's screen reads the report and its lines, not the settings; no screen, nothing; no
	// session, refused.
	reader, _ := h.RestrictedUser("13900000021", []string{"payment.profit"}, nil)
	apptest.ExpectOK(t, reader.Call(http.MethodPost, amz+"profit/report", q))
	apptest.Expect(t, reader.Call(http.MethodGet, amz+"profit/config", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	clerk, _ := h.RestrictedUser("13900000022", nil, nil)
	apptest.Expect(t, clerk.Call(http.MethodPost, amz+"profit/report", q), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodPost, amz+"profit/detail", q), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodGet, amz+"profit/report/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, h.Client().Call(http.MethodPost, amz+"profit/report", q), http.StatusForbidden, "A0231", "token已被禁止访问")
}

type config struct{ FreightBasis, BasisName string }

// 利润配置: by weight until changed; a bad basis is refused in words and changes nothing; the change is logged;
// reading needs the screen, changing its button permission.
func TestProfitConfigCalls(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	if got := call[config](t, c, http.MethodGet, amz+"profit/config", nil); got.FreightBasis != "weight" || got.BasisName != "按重量" {
		t.Fatalf("default %+v", got)
	}
	apptest.Expect(t, c.Call(http.MethodPut, amz+"profit/config", map[string]any{"freightBasis": "price"}), http.StatusBadRequest,
		"A0400", "头程分摊方式不正确，应为按重量或按体积")
	if got := call[config](t, c, http.MethodPut, amz+"profit/config", map[string]any{"freightBasis": "volume"}); got.FreightBasis != "volume" || got.BasisName != "按体积" {
		t.Fatalf("saved %+v", got)
	}
	if got := call[config](t, c, http.MethodGet, amz+"profit/config", nil); got.FreightBasis != "volume" {
		t.Fatalf("read back %+v", got)
	}
	var actions []string
	h.DB.Model(&admindb.OperationLog{}).Where("action = ?", "保存利润配置").Pluck("action", &actions)
	if len(actions) != 1 {
		t.Fatalf("operation log = %v", actions)
	}

	viewer, _ := h.RestrictedUser("13900000031", []string{"profit.config"}, nil)
	if got := call[config](t, viewer, http.MethodGet, amz+"profit/config", nil); got.FreightBasis != "volume" {
		t.Fatalf("viewer reads %+v", got)
	}
	apptest.Expect(t, viewer.Call(http.MethodPut, amz+"profit/config", map[string]any{"freightBasis": "weight"}), http.StatusUnauthorized, "A0301", "访问未授权")
	editor, _ := h.RestrictedUser("13900000032", []string{"profit.config"}, []string{"amz:profit:config:edit"})
	apptest.ExpectOK(t, editor.Call(http.MethodPut, amz+"profit/config", map[string]any{"freightBasis": "weight"}))
	other := h.SignedIn("13700000141", "乙公司")
	if got := call[config](t, other, http.MethodGet, amz+"profit/config", nil); got.FreightBasis != "weight" {
		t.Fatalf("another company reads %+v", got)
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, amz+"profit/config", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
}
