package datasync_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
)

type funnelFigures struct {
	Impressions, Clicks, Orders int64
	CTR, CVR                    string
}

type funnelPage struct {
	Records []struct {
		AmazonID, ProfileID, Name               string
		Rank                                    int
		Impressions, Clicks, Orders             int64
		PrevImpressions, PrevClicks, PrevOrders int64
		CTR, CVR                                string
	} `json:"records"`
	Total                                          int
	StartDate, EndDate, PreviousStart, PreviousEnd string
	Summary, Previous                              funnelFigures
}

func (w *adWorld) funnel(t *testing.T, c *apptest.Client, body map[string]any) funnelPage {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/funnel/page", body)
	apptest.ExpectOK(t, env)
	var p funnelPage
	env.Into(t, &p)
	return p
}

// percentOf reads "12.34%" as a number to order by ("—" as -1: a row without a base is not listed where it matters).
func percentOf(t *testing.T, s string) decimal.Decimal {
	t.Helper()
	if s == "—" {
		return decimal.NewFromInt(-1)
	}
	return decimal.RequireFromString(strings.TrimSuffix(s, "%"))
}

// checkFunnel holds 广告漏斗 to the synced days: its stages are 广告概览's totals, its campaigns add up to them, a
// campaign's previous days are its synced days before, and the leak views start at the lowest rate.
func (w *adWorld) checkFunnel(t *testing.T, start, end string) {
	t.Helper()
	o := w.overview(t, w.owner, map[string]any{"startDate": start, "endDate": end})
	f := w.funnel(t, w.owner, map[string]any{"startDate": start, "endDate": end, "pagesize": 500})
	if f.Summary.Impressions != o.Total.Impressions || f.Summary.Clicks != o.Total.Clicks || f.Summary.Orders != o.Total.Orders ||
		f.Previous.Clicks != o.Previous.Clicks || f.PreviousStart != o.PreviousStart || f.Total == 0 || len(f.Records) != f.Total {
		t.Fatalf("广告漏斗 %+v (%d rows), 广告概览 %+v", f.Summary, f.Total, o.Total)
	}
	var impressions, clicks int64
	for i, r := range f.Records {
		impressions += r.Impressions
		clicks += r.Clicks
		if i > 0 && r.Impressions > f.Records[i-1].Impressions {
			t.Fatalf("row %d has more impressions (%d) than row %d", i, r.Impressions, i-1)
		}
	}
	if impressions != f.Summary.Impressions || clicks != f.Summary.Clicks {
		t.Fatalf("campaigns: %d impressions %d clicks, the totals %+v", impressions, clicks, f.Summary)
	}
	first := f.Records[0]
	q := w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND day BETWEEN ? AND ? AND profile_id = ? AND campaign_id = ?",
		w.company, f.PreviousStart, f.PreviousEnd, first.ProfileID, first.AmazonID)
	if _, _, orders, clicks := w.syncedCNY(t, q); first.PrevClicks != clicks || first.PrevOrders != orders {
		t.Fatalf("%s before: %d clicks %d orders, the synced days %d %d", first.Name, first.PrevClicks, first.PrevOrders, clicks, orders)
	}
	for _, sort := range []string{"ctr", "cvr"} {
		leaks := w.funnel(t, w.owner, map[string]any{"startDate": start, "endDate": end, "level": "keyword", "rankBy": sort, "pagesize": 500})
		if leaks.Total == 0 {
			t.Fatalf("no keywords by %s", sort)
		}
		for i, r := range leaks.Records {
			rate := map[string]string{"ctr": r.CTR, "cvr": r.CVR}[sort]
			if rate == "—" || (sort == "cvr" && r.Clicks == 0) {
				t.Fatalf("by %s, row %d without a base: %+v", sort, i, r)
			}
			if i > 0 && percentOf(t, rate).LessThan(percentOf(t, map[string]string{"ctr": leaks.Records[i-1].CTR, "cvr": leaks.Records[i-1].CVR}[sort])) {
				t.Fatalf("by %s, row %d (%s) below row %d", sort, i, rate, i-1)
			}
		}
	}
	res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/funnel/export?level=sku&startDate="+start+"&endDate="+end, "", nil)
	if res.StatusCode != http.StatusOK || len(body) < 1000 {
		t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
	}
	apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/funnel/page", map[string]any{"level": "portfolio"}),
		http.StatusBadRequest, "A0400", "请选择分析对象（广告活动、广告组、关键词/投放或广告SKU）")
	apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/funnel/page", map[string]any{"rankBy": "spend"}),
		http.StatusBadRequest, "A0400", "请选择排序（曝光量、点击量、点击率最低或转化率最低）")
}

type indicatorFigures struct {
	Spend, AdSales, Sales decimal.Decimal
	Orders                int64
	ACOS, TACOS, AdShare  string
}

type indicatorsPage struct {
	Records []struct {
		SKU, ASIN string
		Rank      int
		indicatorFigures
		Previous indicatorFigures
	} `json:"records"`
	Total             int
	PreviousStart     string
	Summary, Previous indicatorFigures
	Days              []struct {
		Day string
		indicatorFigures
	}
}

func (w *adWorld) indicators(t *testing.T, c *apptest.Client, body map[string]any) indicatorsPage {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/indicators/page", body)
	apptest.ExpectOK(t, env)
	var p indicatorsPage
	env.Into(t, &p)
	return p
}

// salesCNY sums 销售报表's lines (by SKU and day, in the marketplaces' days) of the days, of one SKU or all.
func (w *adWorld) salesCNY(t *testing.T, start, end, sku string) decimal.Decimal {
	t.Helper()
	env := w.owner.Call(http.MethodPost, "/amazon/api/v1/sales/report", map[string]any{"by": "sku", "period": "day", "zone": "marketplace",
		"startDate": start, "endDate": end, "search": sku, "pagesize": 500})
	apptest.ExpectOK(t, env)
	var p struct {
		Records []struct {
			Key      string
			SalesCNY decimal.Decimal `json:"salesCny"`
		}
	}
	env.Into(t, &p)
	sum := decimal.Zero
	for _, l := range p.Records {
		if sku == "" || l.Key == sku {
			sum = sum.Add(l.SalesCNY)
		}
	}
	return sum
}

// checkIndicators holds 指标分析 to the synced advertised-product days and 销售报表: orders of an advertised SKU and
// of one never advertised are imported on the last day; the SKU's spend is its synced days', its sales 销售报表's,
// TACOS the one over the other; the other SKU counts in the total sales only.
func (w *adWorld) checkIndicators(t *testing.T, start, end string) {
	t.Helper()
	const sku = "ADSKU-US-1"
	at := end + "T18:00:00+00:00"
	row := func(id, sku, qty, price string) string {
		return strings.Join([]string{id, "", at, at, "Shipped", "Amazon", "Amazon.com", "", "Standard", "商品 " + sku, sku, "B0AD" + id[len(id)-4:],
			"Shipped", qty, "USD", price, "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "SEATTLE", "WA", "98101", "US", "", "false"}, "\t")
	}
	file := strings.Join([]string{strings.Join(sellerdata.OrdersHeader, "\t"), row("111-0000001-0001", sku, "1", "19.99"),
		row("111-0000002-0002", sku, "2", "39.98"), row("111-0000003-0003", "ORGANIC-1", "1", "10.00")}, "\n") + "\n"
	tsv, err := amazon.NewTSVReader(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.h.Svc.AmazonData.Import(context.Background(), amazondata.Orders,
		amazondata.Store{CompanyID: w.company, SellerID: w.seller, GroupID: w.group, Region: "NA"}, tsv, nil); err != nil {
		t.Fatal(err)
	}
	p := w.indicators(t, w.owner, map[string]any{"startDate": start, "endDate": end, "pagesize": 500})
	sold := w.salesCNY(t, start, end, sku)
	all := w.salesCNY(t, start, end, "")
	if !sold.IsPositive() || !p.Summary.Sales.Equal(all) || !all.GreaterThan(sold) {
		t.Fatalf("指标分析's sales %s, 销售报表 %s (the SKU %s)", p.Summary.Sales, all, sold)
	}
	var distinct int64
	if err := w.h.DB.Raw("SELECT COUNT(DISTINCT sku) FROM adv_product_days WHERE company_id = ? AND day BETWEEN ? AND ?",
		w.company, p.PreviousStart, end).Scan(&distinct).Error; err != nil {
		t.Fatal(err)
	}
	found := false
	for i, r := range p.Records {
		if r.SKU == "ORGANIC-1" {
			t.Fatal("a SKU never advertised is listed")
		}
		if i > 0 && r.Spend.GreaterThan(p.Records[i-1].Spend) {
			t.Fatalf("row %d spent more than row %d", i, i-1)
		}
		if r.SKU != sku {
			if !r.Sales.IsZero() || r.TACOS != "—" {
				t.Fatalf("%s sold nothing, yet %+v", r.SKU, r)
			}
			continue
		}
		found = true
		q := w.h.DB.Table("adv_product_days").Where("company_id = ? AND day BETWEEN ? AND ? AND sku = ?", w.company, start, end, sku)
		spend, adSales, _, _ := w.syncedCNY(t, q)
		tacos := spend.Mul(decimal.NewFromInt(100)).DivRound(sold, 2).StringFixed(2) + "%"
		if !r.Spend.Equal(spend) || !r.AdSales.Equal(adSales) || !r.Sales.Equal(sold) || r.TACOS != tacos {
			t.Fatalf("%s: %+v; want spend %s ad sales %s sales %s TACOS %s", sku, r.indicatorFigures, spend, adSales, sold, tacos)
		}
	}
	if !found || int64(p.Total) > distinct || p.Total == 0 {
		t.Fatalf("%d SKUs (%d advertised), %s found %v", p.Total, distinct, sku, found)
	}
	// The day's all sales are the imported orders'.
	last := p.Days[len(p.Days)-1]
	if last.Day != end || !last.Sales.Equal(all) {
		t.Fatalf("the last day %+v, want %s of %s", last, all, end)
	}
	tacos := w.indicators(t, w.owner, map[string]any{"startDate": start, "endDate": end, "rankBy": "tacos", "pagesize": 1})
	if tacos.Records[0].SKU != sku {
		t.Fatalf("the highest TACOS %+v", tacos.Records[0])
	}
	res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/indicators/export?startDate="+start+"&endDate="+end, "", nil)
	if res.StatusCode != http.StatusOK || len(body) < 1000 {
		t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
	}
	apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/indicators/page", map[string]any{"rankBy": "name"}),
		http.StatusBadRequest, "A0400", "请选择排序（花费、TACOS、ACOS或广告销售占比）")
}
