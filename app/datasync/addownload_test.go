package datasync_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/advertising"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

type reportCoverage struct {
	Report, Name, FirstDay, LastDay string
	Rows                            int64
}

// downloadSheet downloads a 报告下载 file and reads its rows.
func downloadSheet(t *testing.T, c *apptest.Client, query string) (string, [][]string) {
	t.Helper()
	res, body := c.Raw(http.MethodGet, "/amazonadv/api/v1/sp/download/export?"+query, "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("download %s: %d %s", query, res.StatusCode, body)
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
	return res.Header.Get("Content-Disposition"), rows
}

// 报告下载 gives each synced report as it is kept: the coverage counts every synced row with its first and last
// day; a week of the campaign report is a row per campaign and day, of each ad type named as synced, whose spend
// and sales sum to the synced ones to the cent; the search-term report names each term; one 站点 narrows it. A wrong report or date is
// refused in Chinese, another company's file is empty, and a user without the screen is refused.
func TestAdReportDownloadsAreTheSyncedRows(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind, func(s *amazontest.Server) { s.AdDisplayBrands = true })
			w.syncAds(t)
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/download/coverage", map[string]any{})
			apptest.ExpectOK(t, env)
			var coverage []reportCoverage
			env.Into(t, &coverage)
			tables := map[string]string{"campaigns": "adv_campaign_days", "products": "adv_product_days", "targets": "adv_target_days",
				"searchterms": "adv_search_term_days", "adgroups": "adv_ad_group_days", "brandads": "adv_brand_ad_days"}
			if len(coverage) != 6 {
				t.Fatalf("coverage %+v", coverage)
			}
			for _, c := range coverage {
				var want struct {
					N           int64
					First, Last string
				}
				w.h.DB.Table(tables[c.Report]).Where("company_id = ?", w.company).Select("COUNT(*) AS n, MIN(day) AS first, MAX(day) AS last").Scan(&want)
				if want.N == 0 || c.Rows != want.N || c.FirstDay != want.First || c.LastDay != want.Last {
					t.Errorf("%s: coverage %+v, synced %+v", c.Report, c, want)
				}
			}

			a := w.amz.AdAccount(1100000000000001)
			today := a.Today(time.Now())
			start, end := today.AddDate(0, 0, -13).Format(time.DateOnly), today.AddDate(0, 0, -7).Format(time.DateOnly)
			disposition, rows := downloadSheet(t, w.owner, "report=campaigns&startDate="+start+"&endDate="+end)
			if want := "广告活动报告_" + start + "_" + end + ".xlsx"; !bytes.Contains([]byte(disposition), []byte(url.PathEscape(want))) {
				t.Errorf("file name %q, want %s", disposition, want)
			}
			head := []string{"日期", "店铺", "站点", "广告类型", "币种", "广告活动", "曝光量", "点击量", "花费", "订单量", "销量", "销售额"}
			if !slices.Equal(rows[0], head) {
				t.Fatalf("header %q", rows[0])
			}
			var synced struct {
				N           int64
				Cost, Sales int64
			}
			w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND day BETWEEN ? AND ?", w.company, start, end).
				Select("COUNT(*) AS n, SUM(cost) AS cost, SUM(sales) AS sales").Scan(&synced)
			cost, sales := decimal.Zero, decimal.Zero
			types := map[string]int{}
			for _, r := range rows[1:] {
				if r[0] < start || r[0] > end || r[1] == "" || r[2] == "" || r[5] == "" {
					t.Fatalf("row %q", r)
				}
				types[r[3]]++
				cost, sales = cost.Add(decimal.RequireFromString(r[8])), sales.Add(decimal.RequireFromString(r[11]))
			}
			var byType []struct {
				AdType string
				N      int
			}
			w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND day BETWEEN ? AND ?", w.company, start, end).
				Select("ad_type, COUNT(*) AS n").Group("ad_type").Scan(&byType)
			names := map[string]string{"SP": "商品推广", "SD": "展示型推广", "SB": "品牌推广"}
			for _, b := range byType {
				if types[names[b.AdType]] != b.N {
					t.Errorf("%s: %d rows in the file, %d synced (%v)", b.AdType, types[names[b.AdType]], b.N, types)
				}
			}
			if len(byType) != 3 || len(types) != 3 {
				t.Errorf("ad types in the file %v, synced %+v", types, byType)
			}
			if int64(len(rows)-1) != synced.N || !cost.Equal(models.MoneyFromUnits(synced.Cost).Decimal) || !sales.Equal(models.MoneyFromUnits(synced.Sales).Decimal) {
				t.Fatalf("%d rows, spend %s, sales %s; synced %d rows, %d, %d", len(rows)-1, cost, sales, synced.N, synced.Cost, synced.Sales)
			}

			var us int64
			w.h.DB.Table("adv_profiles").Where("company_id = ? AND country_code = ?", w.company, "US").Pluck("id", &us)
			_, terms := downloadSheet(t, w.owner, fmt.Sprintf("report=searchterms&startDate=%s&endDate=%s&profileId=%d", start, end, us))
			var usTerms int64
			w.h.DB.Table("adv_search_term_days").Where("profile_id = ? AND day BETWEEN ? AND ?", us, start, end).Count(&usTerms)
			if terms[0][7] != "搜索词" || int64(len(terms)-1) != usTerms || usTerms == 0 {
				t.Fatalf("search terms: header %q, %d rows of %d", terms[0], len(terms)-1, usTerms)
			}
			for _, r := range terms[1:] {
				if r[2] != "US" || r[3] == "" || r[7] == "" || r[9] == "" {
					t.Fatalf("search term row %q", r)
				}
			}

			// Sponsored Brands' ads: a row per ad and day with its name and ASINs, summing to the synced days.
			_, ads := downloadSheet(t, w.owner, "report=brandads&startDate="+start+"&endDate="+end)
			w.h.DB.Table("adv_brand_ad_days").Where("company_id = ? AND day BETWEEN ? AND ?", w.company, start, end).
				Select("COUNT(*) AS n, SUM(cost) AS cost, SUM(sales) AS sales").Scan(&synced)
			if !slices.Equal(ads[0][5:9], []string{"广告活动", "广告组", "广告", "ASIN"}) || int64(len(ads)-1) != synced.N || synced.N == 0 {
				t.Fatalf("SB ads: header %q, %d rows of %d", ads[0], len(ads)-1, synced.N)
			}
			cost = decimal.Zero
			for _, r := range ads[1:] {
				if r[3] != "品牌推广" || r[7] == "" || !strings.HasPrefix(r[8], "B0AD") {
					t.Fatalf("SB ad row %q", r)
				}
				cost = cost.Add(decimal.RequireFromString(r[11]))
			}
			if !cost.Equal(models.MoneyFromUnits(synced.Cost).Decimal) {
				t.Fatalf("SB ads spent %s, synced %d", cost, synced.Cost)
			}

			for query, msg := range map[string]string{
				"report=sales":                                          advertising.MsgReportBad,
				"report=campaigns&startDate=2026-02-30":                 "日期格式不正确，应为yyyy-MM-dd",
				"report=targets&startDate=" + end + "&endDate=" + start: "开始日期不能晚于结束日期",
			} {
				apptest.Expect(t, w.owner.Call(http.MethodGet, "/amazonadv/api/v1/sp/download/export?"+query, nil), http.StatusBadRequest, "A0400", msg)
			}
			other := w.h.SignedIn("13900000002", "乙公司")
			if _, rows := downloadSheet(t, other, "report=campaigns"); len(rows) != 1 {
				t.Fatalf("another company downloads %d rows", len(rows)-1)
			}
			sub := w.h.Member("13900000001", "13900000003", false)
			for _, call := range []struct{ method, path string }{{http.MethodPost, "/amazonadv/api/v1/sp/download/coverage"}, {http.MethodGet, "/amazonadv/api/v1/sp/download/export?report=campaigns"}} {
				if env := sub.Call(call.method, call.path, map[string]any{}); env.Status != http.StatusUnauthorized || env.Code != "A0301" {
					t.Fatalf("a user without 报告下载: %s %+v", call.path, env)
				}
			}
		})
	}
}
