package datasync_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/models/dbtest"
)

// Sponsored Brands' keywords and targets and Sponsored Display's targets reach 广告管理 with their synced days
// (sbTargeting, sdTargeting), Sponsored Brands' search terms reach 搜索词 (sbSearchTerm) with the stand-in's
// figures exactly, ROAS排名's keywords count them beside Sponsored Products', and a Brands search term is refused as
// a negative keyword (the negatives sent from 搜索词 are Sponsored Products') without a call to Amazon.
func TestBrandsAndDisplayKeywordsTargetsAndSearchTermsReachTheScreens(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind, func(s *amazontest.Server) { s.AdDisplayBrands = true })
			w.syncAds(t)
			now := time.Now()
			a := amazontest.Sponsored(w.amz, usProfile)
			today := (&amazontest.AdAccount{Timezone: a.Timezone}).Today(now)
			start, end := today.AddDate(0, 0, -29).Format(time.DateOnly), today.Format(time.DateOnly)
			spend := map[string]decimal.Decimal{}
			for _, d := range append(a.SBTargetDays(now, start, end), a.SDTargetDays(now, start, end)...) {
				spend[d.AdID] = spend[d.AdID].Add(d.Cost)
			}
			var sb, sd string
			for _, c := range a.Campaigns {
				if c.State == "ENABLED" && c.AdType == "SB" {
					sb = c.CampaignID
				}
				if c.State == "ENABLED" && c.AdType == "SD" {
					sd = c.CampaignID
				}
			}
			check := func(level, campaign string, n int) {
				rows, _ := w.managerPage(t, map[string]any{"currentpage": 1, "pagesize": 100, "level": level,
					"campaignId": campaign, "startDate": start, "endDate": end})
				if len(rows) != n {
					t.Fatalf("%s of %s: %d rows, want %d: %v", level, campaign, len(rows), n, rows)
				}
				for _, r := range rows {
					got, _ := decimal.NewFromString(fmt.Sprint(r["spend"]))
					if want := spend[r["amazonId"].(string)]; !got.Equal(want) || !want.IsPositive() {
						t.Fatalf("%s %v spent %s, the stand-in %s", level, r["name"], got, want)
					}
				}
			}
			check("keyword", sb, 3) // SB 1's three keywords
			check("target", sd, 2)  // SD 1's two ASINs

			type sum struct {
				clicks      int64
				cost, sales decimal.Decimal
			}
			want := map[string]*sum{}
			for _, d := range a.SBSearchTermDays(now, start, end) {
				k := d.KeywordID + "|" + d.SearchTerm
				if want[k] == nil {
					want[k] = &sum{}
				}
				want[k].clicks += d.Clicks
				want[k].cost, want[k].sales = want[k].cost.Add(d.Cost), want[k].sales.Add(d.Sales)
			}
			terms, total := w.searchTerms(t, map[string]any{"currentpage": 1, "pagesize": 100, "campaignId": sb,
				"startDate": start, "endDate": end})
			if total != len(want) || len(terms) != len(want) || len(want) != 6 {
				t.Fatalf("%d SB search terms (total %d), the stand-in %d", len(terms), total, len(want))
			}
			for _, r := range terms {
				s := want[fmt.Sprint(r["targetId"], "|", r["searchTerm"])]
				cost, _ := decimal.NewFromString(fmt.Sprint(r["spend"]))
				sales, _ := decimal.NewFromString(fmt.Sprint(r["sales"]))
				if s == nil || int64(r["clicks"].(float64)) != s.clicks || !cost.Equal(s.cost) || !sales.Equal(s.sales) ||
					!strings.HasPrefix(fmt.Sprint(r["keyword"]), "standin ") || r["adType"] != "SB" || r["adTypeName"] != "品牌推广" {
					t.Fatalf("row %v, the stand-in %+v", r, s)
				}
			}

			// ROAS排名 ranks every keyword and target with days in the range, of all three ad types.
			var targets int64
			w.h.DB.Table("(?) t", w.h.DB.Table("adv_target_days").Select("profile_id, target_id").
				Where("company_id = ? AND day BETWEEN ? AND ?", w.company, start, end).Group("profile_id, target_id")).Count(&targets)
			var spOnly int64
			w.h.DB.Table("(?) t", w.h.DB.Table("adv_target_days").Select("profile_id, target_id").
				Where("company_id = ? AND day BETWEEN ? AND ? AND ad_type = ?", w.company, start, end, "SP").Group("profile_id, target_id")).Count(&spOnly)
			words := w.roas(t, w.owner, map[string]any{"startDate": start, "endDate": end, "level": "keyword", "pagesize": 5})
			// Both profiles: SB 1's three keywords and SD 1's two targets each (SD 2 stopped 30 days ago, SB 2 200).
			if int64(words.Total) != targets || targets != spOnly+10 {
				t.Fatalf("ROAS排名 ranks %d keywords and targets; synced %d, of which SP %d", words.Total, targets, spOnly)
			}

			// A Brands search term as a negative keyword: refused for its row, nothing sent.
			calls := len(w.amz.RequestsTo("/sp/negativeKeywords"))
			got := w.addTerms(t, w.owner, map[string]any{"as": "negative", "matchType": "NEGATIVE_EXACT", "level": "adgroup",
				"terms": []map[string]any{{"id": terms[0]["id"]}}})
			if got.Changed != 0 || got.Refused != 1 || got.Rows[0].Message != advertising.MsgRowNegativeSB ||
				len(w.amz.RequestsTo("/sp/negativeKeywords")) != calls {
				t.Fatalf("SB term as a negative: %+v", got)
			}
		})
	}
}
