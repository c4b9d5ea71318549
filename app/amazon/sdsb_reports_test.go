package amazon_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

// The Sponsored Brands targeting, search term, ad group and ad reports and the Sponsored Display targeting report
// come through the same ask, poll and download as Sponsored Products', past 429s: each row names its keyword or
// target (a Brands target and a Display target by targetingId) or its ad group and ad with the stand-in's figures,
// and a start older than the ad type's retention (SB 60 days, SD 65) is refused.
func TestSponsoredBrandsAndDisplayTargetingReportsReadAsAmazonServesThem(t *testing.T) {
	s := amazontest.Start(t)
	s.AdDisplayBrands = true
	s.AdReportPolls = 3
	_, adv := advertisingClient(s)
	refresh := s.IssueRefreshToken(amazontest.DefaultSeller)
	a := amazontest.Sponsored(s, usProfile)
	now := time.Now()
	today := (&amazontest.AdAccount{Timezone: a.Timezone}).Today(now)
	start, end := today.AddDate(0, 0, -30).Format(time.DateOnly), today.Format(time.DateOnly)
	read := func(reportType string) []amazon.AdReportRow {
		t.Helper()
		s.FailAdvertisingAPI(http.StatusTooManyRequests)
		rep, err := adv.CreateAdReport(t.Context(), s.URL, refresh, usProfile, reportType, start, end)
		if err != nil {
			t.Fatalf("%s: %v", reportType, err)
		}
		polls := 0
		for rep.Status != amazon.AdReportCompleted {
			if rep, err = adv.GetAdReport(t.Context(), s.URL, refresh, usProfile, rep.ReportID); err != nil {
				t.Fatal(err)
			}
			polls++
		}
		rows, err := adv.DownloadAdReport(t.Context(), rep.URL)
		if err != nil || polls != 3 {
			t.Fatalf("%s: %d polls, %v", reportType, polls, err)
		}
		return rows
	}
	type sums struct {
		rows, clicks, orders, units int64
		cost, sales                 decimal.Decimal
	}
	add := func(s *sums, clicks, orders, units int64, cost, sales decimal.Decimal) {
		s.rows++
		s.clicks, s.orders, s.units = s.clicks+clicks, s.orders+orders, s.units+units
		s.cost, s.sales = s.cost.Add(cost), s.sales.Add(sales)
	}
	for reportType, want := range map[string][]amazontest.AdDay{
		amazon.ReportSBTargeting: a.SBTargetDays(now, start, end),
		amazon.ReportSDTargeting: a.SDTargetDays(now, start, end),
	} {
		var got, exp sums
		ids := map[string]bool{}
		for _, d := range want {
			add(&exp, d.Clicks, d.Orders, d.Units, d.Cost, d.Sales)
		}
		for _, r := range read(reportType) {
			add(&got, r.Clicks, r.Orders, r.Units, r.Cost, r.Sales)
			if r.TargetID == "" || r.AdGroupID == "" || r.Keyword == "" {
				t.Fatalf("%s row %+v", reportType, r)
			}
			ids[r.TargetID] = true
		}
		if !got.cost.Equal(exp.cost) || !got.sales.Equal(exp.sales) || got.rows != exp.rows || got.clicks != exp.clicks ||
			got.orders != exp.orders || got.units != exp.units || exp.orders == 0 {
			t.Fatalf("%s: %+v, the stand-in %+v", reportType, got, exp)
		}
		// SB 1's three keywords; SD 1's two ASINs and SD 2's audience (paused 30 days ago: its last day is in).
		if n := map[string]int{amazon.ReportSBTargeting: 3, amazon.ReportSDTargeting: 3}[reportType]; len(ids) != n {
			t.Fatalf("%s names %d keywords or targets, want %d", reportType, len(ids), n)
		}
	}
	var got, exp sums
	for _, d := range a.SBSearchTermDays(now, start, end) {
		add(&exp, d.Clicks, d.Orders, d.Units, d.Cost, d.Sales)
	}
	for _, r := range read(amazon.ReportSBSearchTerm) {
		add(&got, r.Clicks, r.Orders, r.Units, r.Cost, r.Sales)
		if r.SearchTerm == "" || r.TargetID == "" || r.MatchType == "" || r.Keyword == "" {
			t.Fatalf("search term row %+v", r)
		}
	}
	if !got.cost.Equal(exp.cost) || !got.sales.Equal(exp.sales) || got.rows != exp.rows || got.clicks != exp.clicks ||
		got.orders != exp.orders || got.units != exp.units || exp.rows == 0 {
		t.Fatalf("sbSearchTerm: %+v, the stand-in %+v", got, exp)
	}
	// Sponsored Brands' ad groups and ads: each row names its ad group (and ad), and both sum to the campaigns' days.
	var campaigns sums
	for _, d := range a.SBCampaignDays(now, start, end) {
		add(&campaigns, d.Clicks, d.Orders, d.Units, d.Cost, d.Sales)
	}
	for reportType, want := range map[string][]amazontest.AdDay{
		amazon.ReportSBAdGroup: a.SBAdGroupDays(now, start, end),
		amazon.ReportSBAds:     a.SBAdDays(now, start, end),
	} {
		var got, exp sums
		for _, d := range want {
			add(&exp, d.Clicks, d.Orders, d.Units, d.Cost, d.Sales)
		}
		for _, r := range read(reportType) {
			add(&got, r.Clicks, r.Orders, r.Units, r.Cost, r.Sales)
			if r.AdGroupID == "" || r.CampaignID == "" || (reportType == amazon.ReportSBAds) == (r.AdID == "") {
				t.Fatalf("%s row %+v", reportType, r)
			}
		}
		if got.rows != exp.rows || !got.cost.Equal(exp.cost) || !got.sales.Equal(exp.sales) || !got.cost.Equal(campaigns.cost) || !got.sales.Equal(campaigns.sales) || got.clicks != campaigns.clicks ||
			got.orders != campaigns.orders || got.units != campaigns.units || exp.orders == 0 {
			t.Fatalf("%s: %+v, the stand-in %+v, its campaigns %+v", reportType, got, exp, campaigns)
		}
	}
	for reportType, days := range map[string]int{amazon.ReportSBTargeting: 61, amazon.ReportSBSearchTerm: 61, amazon.ReportSDTargeting: 66,
		amazon.ReportSBAdGroup: 61, amazon.ReportSBAds: 61} {
		old := today.AddDate(0, 0, -days).Format(time.DateOnly)
		if _, err := adv.CreateAdReport(t.Context(), s.URL, refresh, usProfile, reportType, old, old); !amazon.IsAdvertisingStatus(err, 400) {
			t.Fatalf("%s %d days back: %v", reportType, days, err)
		}
	}
}
