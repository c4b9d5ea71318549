package datasync_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

func (w *adWorld) searchTerms(t *testing.T, body map[string]any) (records []map[string]any, total int) {
	t.Helper()
	env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/page", body)
	apptest.ExpectOK(t, env)
	var page struct {
		Records []map[string]any `json:"records"`
		Total   int              `json:"total"`
	}
	env.Into(t, &page)
	return page.Records, page.Total
}

// 搜索词 sums the synced search term report over the days: a manual campaign's terms, each under the keyword or
// target that matched it, with the stand-in's clicks, spend and sales exactly, most spent first; an ad group and a
// part of the term narrow it.
func TestSearchTermsSumTheSyncedReportByCampaignAndAdGroup(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			a := w.amz.AdAccount(1100000000000001)
			today := a.Today(time.Now())
			start, end := today.AddDate(0, 0, -29).Format(time.DateOnly), today.Format(time.DateOnly)
			campaign := a.Campaigns[2] // manual, with keywords and product targets
			type sum struct {
				clicks      int64
				cost, sales decimal.Decimal
			}
			want := map[string]*sum{}
			groups := map[string]bool{}
			for _, d := range a.SearchTermDays(time.Now(), start, end) {
				if d.CampaignID != campaign.CampaignID {
					continue
				}
				k := d.AdGroupID + "|" + d.KeywordID + "|" + d.SearchTerm
				if want[k] == nil {
					want[k] = &sum{}
				}
				want[k].clicks += d.Clicks
				want[k].cost = want[k].cost.Add(d.Cost)
				want[k].sales = want[k].sales.Add(d.Sales)
				groups[d.AdGroupID] = true
			}
			rows, total := w.searchTerms(t, map[string]any{"currentpage": 1, "pagesize": 100,
				"campaignId": campaign.CampaignID, "startDate": start, "endDate": end})
			if total != len(want) || len(rows) != len(want) || len(groups) != 2 {
				t.Fatalf("%d search terms (total %d), the stand-in %d over %d ad groups", len(rows), total, len(want), len(groups))
			}
			last := decimal.NewFromInt(1 << 40)
			asins := 0
			for _, r := range rows {
				k := fmt.Sprint(r["adGroupId"], "|", r["targetId"], "|", r["searchTerm"])
				s := want[k]
				spend, _ := decimal.NewFromString(fmt.Sprint(r["spend"]))
				sales, _ := decimal.NewFromString(fmt.Sprint(r["sales"]))
				if s == nil || int64(r["clicks"].(float64)) != s.clicks || !spend.Equal(s.cost) || !sales.Equal(s.sales) {
					t.Fatalf("row %v, the stand-in %+v", r, s)
				}
				if spend.GreaterThan(last) {
					t.Fatalf("not most spent first: %s after %s", spend, last)
				}
				last = spend
				if r["campaignName"] != campaign.Name || r["adGroupName"] == "" || r["keyword"] == "" || r["ctr"] == "" {
					t.Fatalf("row %v lacks its names", r)
				}
				if r["matchType"] == "商品投放" {
					asins++
				}
			}
			if asins == 0 {
				t.Fatalf("no product target's search term: %v", rows)
			}
			var group string
			for g := range groups {
				group = g
			}
			inGroup, n := w.searchTerms(t, map[string]any{"currentpage": 1, "pagesize": 100, "campaignId": campaign.CampaignID,
				"adGroupId": group, "startDate": start, "endDate": end})
			if n == 0 || n >= total {
				t.Fatalf("ad group %s: %d of %d terms", group, n, total)
			}
			for _, r := range inGroup {
				if r["adGroupId"] != group {
					t.Fatalf("ad group filter let %v through", r)
				}
			}
			found, _ := w.searchTerms(t, map[string]any{"search": "DIGITAL", "startDate": start, "endDate": end, "pagesize": 100})
			for _, r := range found {
				if !strings.Contains(strings.ToLower(r["searchTerm"].(string)), "digital") {
					t.Fatalf("search DIGITAL found %v", r["searchTerm"])
				}
			}
			if len(found) == 0 {
				t.Fatal("search DIGITAL found nothing")
			}
			if env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/page",
				map[string]any{"startDate": "2026-13-01"}); env.Status != http.StatusBadRequest || env.Msg != "日期格式不正确，应为yyyy-MM-dd" {
				t.Fatalf("a bad date: %+v", env)
			}
			res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/searchterms/export?campaignId="+campaign.CampaignID+
				"&startDate="+start+"&endDate="+end, "", nil)
			if res.StatusCode != http.StatusOK || len(body) < 1000 {
				t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
			}
		})
	}
}
