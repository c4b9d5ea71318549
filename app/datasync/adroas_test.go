package datasync_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

type roasRow struct {
	ID, AmazonID, Name, ProfileID, Level string
	Rank                                 int
	Spend, Sales                         decimal.Decimal
	Orders, Clicks                       int64
	ROAS, ACOS                           string
}

type roasPage struct {
	Records []roasRow `json:"records"`
	Total   int       `json:"total"`
}

func (w *adWorld) roas(t *testing.T, c *apptest.Client, body map[string]any) roasPage {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/roas/page", body)
	apptest.ExpectOK(t, env)
	var p roasPage
	env.Into(t, &p)
	return p
}

type statisticsPage struct {
	Records []struct {
		Period, From, To, Of string
		Spend, Sales         decimal.Decimal
		Orders               int64
	} `json:"records"`
	Total   int `json:"total"`
	Summary struct {
		Spend, Sales decimal.Decimal
		Orders       int64
	} `json:"summary"`
	Chart []struct {
		Period string
		Spend  decimal.Decimal
	} `json:"chart"`
}

func (w *adWorld) statistics(t *testing.T, c *apptest.Client, body map[string]any) statisticsPage {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/statistics/page", body)
	apptest.ExpectOK(t, env)
	var p statisticsPage
	env.Into(t, &p)
	return p
}

// checkStatistics holds 广告统计 to the synced days: its totals are 广告概览's, a week's line is its days' (within
// the days asked), a day's line split by 站点 is each 站点's day, a type is 自动投放 or 手动投放.
func (w *adWorld) checkStatistics(t *testing.T, start, end string) {
	t.Helper()
	spend, sales, orders, _ := w.syncedOverview(t, start, end, 0)
	weeks := w.statistics(t, w.owner, map[string]any{"startDate": start, "endDate": end, "period": "week"})
	if !weeks.Summary.Spend.Equal(spend) || !weeks.Summary.Sales.Equal(sales) || weeks.Summary.Orders != orders {
		t.Fatalf("广告统计 totals %+v, the synced days %s %s %d", weeks.Summary, spend, sales, orders)
	}
	if weeks.Total < 1 || weeks.Total > 2 {
		t.Fatalf("7 days in %d weeks", weeks.Total)
	}
	// The chart has every week, the earliest first.
	if len(weeks.Chart) != weeks.Total || weeks.Chart[len(weeks.Chart)-1].Period != weeks.Records[0].Period {
		t.Fatalf("chart %+v of weeks %+v", weeks.Chart, weeks.Records)
	}
	for _, l := range weeks.Records {
		s, _, o, _ := w.syncedOverview(t, l.From, l.To, 0)
		if l.From < start || l.To > end || !l.Spend.Equal(s) || l.Orders != o {
			t.Fatalf("week %s (%s..%s): spend %s orders %d, the synced days %s %d", l.Period, l.From, l.To, l.Spend, l.Orders, s, o)
		}
	}
	days := w.statistics(t, w.owner, map[string]any{"startDate": start, "endDate": end, "period": "day", "groupBy": "profile", "pagesize": 100})
	var us int64
	if err := w.h.DB.Table("adv_profiles").Where("company_id = ? AND country_code = ?", w.company, "US").Pluck("id", &us).Error; err != nil {
		t.Fatal(err)
	}
	usSpend, _, _, _ := w.syncedOverview(t, end, end, us)
	found := false
	for _, l := range days.Records {
		if l.Period == end && strings.HasSuffix(l.Of, "美国") {
			found = l.Spend.Equal(usSpend)
		}
	}
	if !found || days.Total < 7 || days.Chart != nil {
		t.Fatalf("the US day %s: want %s in %+v (chart %d)", end, usSpend, days.Records, len(days.Chart))
	}
	types := w.statistics(t, w.owner, map[string]any{"startDate": start, "endDate": end, "period": "month", "groupBy": "type"})
	for _, l := range types.Records {
		if l.Of != "自动投放" && l.Of != "手动投放" {
			t.Fatalf("campaign type %q", l.Of)
		}
	}
	res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/statistics/export?period=week&groupBy=store&startDate="+start+"&endDate="+end, "", nil)
	if res.StatusCode != http.StatusOK || len(body) < 1000 {
		t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
	}
	apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/statistics/page", map[string]any{"period": "year"}),
		http.StatusBadRequest, "A0400", "请选择统计周期（按日、按周或按月）")
	apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/statistics/page", map[string]any{"endDate": "2026-13-01"}),
		http.StatusBadRequest, "A0400", "日期格式不正确，应为yyyy-MM-dd")
}

// ROAS排名 ranks a period's campaigns (ad groups, SKUs) by ROAS with their synced days summed in CNY as 广告概览
// sums them, to the cent (and 广告统计 sums them by week, day and month, one sync for both); the least spend keeps small spenders out; the bottom view starts at the lowest; another
// company sees nothing; a user without the screen is refused; a bad date is refused with its message.
func TestAdRoasAndStatisticsSumTheSyncedDaysInCNY(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			today := w.amz.AdAccount(1100000000000001).Today(time.Now())
			start, end := today.AddDate(0, 0, -13).Format(time.DateOnly), today.AddDate(0, 0, -7).Format(time.DateOnly)
			days := map[string]any{"startDate": start, "endDate": end, "pagesize": 500}
			top := w.roas(t, w.owner, days)
			if top.Total < 3 || len(top.Records) != top.Total {
				t.Fatalf("%d campaigns ranked, %d rows", top.Total, len(top.Records))
			}
			for i, r := range top.Records {
				if r.Rank != i+1 || r.Level != "campaign" || r.Name == "" || !r.Spend.IsPositive() {
					t.Fatalf("row %d: %+v", i, r)
				}
				if i > 0 && decimal.RequireFromString(r.ROAS).GreaterThan(decimal.RequireFromString(top.Records[i-1].ROAS)) {
					t.Fatalf("row %d ROAS %s above row %d's %s", i, r.ROAS, i-1, top.Records[i-1].ROAS)
				}
				// Each campaign's figures are its synced days, each profile's day at its month's rate.
				q := w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND day BETWEEN ? AND ? AND profile_id = ? AND campaign_id = ?",
					w.company, start, end, r.ProfileID, r.AmazonID)
				spend, sales, orders, clicks := w.syncedCNY(t, q)
				if !r.Spend.Equal(spend) || !r.Sales.Equal(sales) || r.Orders != orders || r.Clicks != clicks {
					t.Fatalf("%s: spend %s sales %s orders %d clicks %d, the synced days %s %s %d %d", r.Name, r.Spend, r.Sales, r.Orders, r.Clicks,
						spend, sales, orders, clicks)
				}
				if want := sales.DivRound(spend, 2).StringFixed(2); r.ROAS != want {
					t.Fatalf("%s: ROAS %s, want %s", r.Name, r.ROAS, want)
				}
			}
			// The campaigns together are 广告概览's total, less each row's rounding to the cent.
			all, _, _, _ := w.syncedOverview(t, start, end, 0)
			sum := decimal.Zero
			for _, r := range top.Records {
				sum = sum.Add(r.Spend)
			}
			if sum.Sub(all).Abs().GreaterThan(decimal.New(5, -3).Mul(decimal.NewFromInt(int64(top.Total)))) {
				t.Fatalf("campaigns spent %s, 广告概览 %s", sum, all)
			}
			// The bottom view starts where the top view ends.
			bottom := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "ranking": "bottom", "pagesize": 2})
			last := top.Records[len(top.Records)-1]
			if bottom.Total != top.Total || bottom.Records[0].ROAS != last.ROAS || bottom.Records[0].Rank != 1 {
				t.Fatalf("bottom %+v, the top's last %+v", bottom.Records[0], last)
			}
			// The least spend: the median spend keeps those below it out. The rows run by ROAS, so the spends are
			// sorted first; the row in the middle of the ranking may be the smallest spender.
			spends := make([]decimal.Decimal, len(top.Records))
			for i, r := range top.Records {
				spends[i] = r.Spend
			}
			slices.SortFunc(spends, func(a, b decimal.Decimal) int { return a.Cmp(b) })
			least := spends[len(spends)/2]
			want := 0
			for _, r := range top.Records {
				if r.Spend.GreaterThanOrEqual(least) {
					want++
				}
			}
			some := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "minSpend": least.String(), "pagesize": 500})
			if some.Total != want || want == top.Total {
				t.Fatalf("spend at least %s: %d campaigns, want %d of %d", least, some.Total, want, top.Total)
			}
			for _, r := range some.Records {
				if r.Spend.LessThan(least) {
					t.Fatalf("%s spent %s, under %s", r.Name, r.Spend, least)
				}
			}
			// Ad groups: the advertised products' days of the ad group.
			groups := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "level": "adgroup", "pagesize": 5})
			if groups.Total == 0 || groups.Records[0].Level != "adgroup" {
				t.Fatalf("ad groups %+v", groups)
			}
			g := groups.Records[0]
			q := w.h.DB.Table("adv_product_days").Where("company_id = ? AND day BETWEEN ? AND ? AND profile_id = ? AND ad_group_id = ?",
				w.company, start, end, g.ProfileID, g.AmazonID)
			if spend, sales, _, _ := w.syncedCNY(t, q); !g.Spend.Equal(spend) || !g.Sales.Equal(sales) {
				t.Fatalf("ad group %s: spend %s sales %s, the synced days %s %s", g.Name, g.Spend, g.Sales, spend, sales)
			}
			// Keywords and product targets: the targeting report's days.
			words := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "level": "keyword", "pagesize": 5})
			if words.Total == 0 || words.Records[0].Level != "keyword" || words.Records[0].Name == "" {
				t.Fatalf("keywords %+v", words)
			}
			k := words.Records[0]
			q = w.h.DB.Table("adv_target_days").Where("company_id = ? AND day BETWEEN ? AND ? AND profile_id = ? AND target_id = ?",
				w.company, start, end, k.ProfileID, k.AmazonID)
			if spend, sales, _, _ := w.syncedCNY(t, q); !k.Spend.Equal(spend) || !k.Sales.Equal(sales) {
				t.Fatalf("keyword %s: spend %s sales %s, the synced days %s %s", k.Name, k.Spend, k.Sales, spend, sales)
			}
			skus := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "level": "sku", "pagesize": 5})
			if skus.Total == 0 || skus.Records[0].Name == "" {
				t.Fatalf("SKUs %+v", skus)
			}
			// One 站点 only.
			one := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "profileId": top.Records[0].ProfileID, "pagesize": 500})
			if one.Total == 0 || one.Total >= top.Total {
				t.Fatalf("one 站点: %d of %d campaigns", one.Total, top.Total)
			}
			res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/roas/export?level=adgroup&startDate="+start+"&endDate="+end, "", nil)
			if res.StatusCode != http.StatusOK || len(body) < 1000 {
				t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
			}
			for _, bad := range []struct {
				body map[string]any
				msg  string
			}{
				{map[string]any{"startDate": "2026/11/01"}, "日期格式不正确，应为yyyy-MM-dd"},
				{map[string]any{"level": "portfolio"}, "请选择排名对象（广告活动、广告组、关键词/投放或广告SKU）"},
				{map[string]any{"minSpend": "-1"}, "最低花费应为不小于0的金额"},
				{map[string]any{"ranking": "up"}, "排名方向应为ROAS最高（top）或ROAS最低（bottom）"},
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/roas/page", bad.body), http.StatusBadRequest, "A0400", bad.msg)
			}
			w.checkStatistics(t, start, end)
			w.checkFunnel(t, start, end)
			w.checkIndicators(t, start, end)
			// Another company sees nothing of it.
			other := w.h.SignedIn("13900000002", "乙公司")
			if p := w.roas(t, other, days); p.Total != 0 || len(p.Records) != 0 {
				t.Fatalf("another company sees %+v", p)
			}
			// A sub-user without the screen is refused.
			sub := w.h.Member("13900000001", "13900000003", false)
			for _, path := range []string{"roas", "statistics", "funnel", "indicators"} {
				if env := sub.Call(http.MethodPost, "/amazonadv/api/v1/sp/"+path+"/page", map[string]any{}); env.Status != http.StatusUnauthorized || env.Code != "A0301" {
					t.Fatalf("a user without the screen of %s: %+v", path, env)
				}
			}
			if p := w.statistics(t, other, map[string]any{"startDate": start, "endDate": end}); p.Total != 0 || !p.Summary.Spend.IsZero() {
				t.Fatalf("another company's 广告统计 %+v", p)
			}
			if p := w.funnel(t, other, map[string]any{"startDate": start, "endDate": end}); p.Total != 0 || p.Summary.Impressions != 0 {
				t.Fatalf("another company's 广告漏斗 %+v", p)
			}
			if p := w.indicators(t, other, map[string]any{"startDate": start, "endDate": end}); p.Total != 0 || !p.Summary.Sales.IsZero() {
				t.Fatalf("another company's 指标分析 %+v", p)
			}
		})
	}
}
