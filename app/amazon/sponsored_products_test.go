package amazon_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

const usProfile = 1100000000000001

func TestSponsoredProductsListsEveryPageInTheProfilesScope(t *testing.T) {
	s := amazontest.Start(t)
	_, adv := advertisingClient(s)
	refresh := s.IssueRefreshToken(amazontest.DefaultSeller)
	want := s.AdAccount(usProfile)
	campaigns, err := adv.SPCampaigns(t.Context(), s.URL, refresh, usProfile)
	if err != nil {
		t.Fatal(err)
	}
	groups, err := adv.SPAdGroups(t.Context(), s.URL, refresh, usProfile)
	if err != nil {
		t.Fatal(err)
	}
	keywords, err := adv.SPKeywords(t.Context(), s.URL, refresh, usProfile)
	if err != nil {
		t.Fatal(err)
	}
	ads, err := adv.SPProductAds(t.Context(), s.URL, refresh, usProfile)
	if err != nil {
		t.Fatal(err)
	}
	if len(campaigns) != len(want.Campaigns) || len(groups) != len(want.AdGroups) || len(keywords) != len(want.Keywords) ||
		len(ads) != len(want.ProductAds) {
		t.Fatalf("listed %d campaigns, %d ad groups, %d keywords, %d ads; the account has %d, %d, %d, %d",
			len(campaigns), len(groups), len(keywords), len(ads), len(want.Campaigns), len(want.AdGroups), len(want.Keywords), len(want.ProductAds))
	}
	if c := campaigns[0]; c.CampaignID != want.Campaigns[0].CampaignID || !c.Budget.Budget.Equal(want.Campaigns[0].Budget) ||
		c.Budget.BudgetType != "DAILY" || c.State != "ENABLED" {
		t.Fatalf("first campaign = %+v", c)
	}
	lists := s.RequestsTo("/sp/keywords/list")
	if len(lists) < 2 {
		t.Fatalf("keywords listed in %d pages: the stand-in pages by 7", len(lists))
	}
	for _, r := range lists {
		if r.Header.Get("Amazon-Advertising-API-Scope") != "1100000000000001" ||
			r.Header.Get("Content-Type") != "application/vnd.spKeyword.v3+json" || r.Header.Get("Accept") != "application/vnd.spKeyword.v3+json" {
			t.Fatalf("headers = %v", r.Header)
		}
	}
	// Another advertiser's profile is out of the token's scope.
	if _, err := adv.SPCampaigns(t.Context(), s.URL, refresh, 4400000000000009); !amazon.IsAdvertisingStatus(err, http.StatusUnauthorized) {
		t.Fatalf("another profile: %v", err)
	}
}

func TestSponsoredProductsRetryThrottlingAndAnExpiredToken(t *testing.T) {
	s := amazontest.Start(t)
	_, adv := advertisingClient(s)
	refresh := s.IssueRefreshToken(amazontest.DefaultSeller)
	if _, err := adv.SPCampaigns(t.Context(), s.URL, refresh, usProfile); err != nil {
		t.Fatal(err)
	}
	tokens := len(s.RequestsTo("/auth/o2/token"))
	s.ExpireAccessTokens()
	s.FailAdvertisingAPI(http.StatusTooManyRequests, http.StatusTooManyRequests)
	campaigns, err := adv.SPCampaigns(t.Context(), s.URL, refresh, usProfile)
	if err != nil || len(campaigns) != 5 {
		t.Fatalf("after two 429s and an expired token: %d campaigns, %v", len(campaigns), err)
	}
	if n := len(s.RequestsTo("/auth/o2/token")); n != tokens+1 {
		t.Fatalf("token asked %d times after it expired, want once", n-tokens)
	}
}

func TestAdReportIsAskedPolledAndReadAsAmazonServesIt(t *testing.T) {
	s := amazontest.Start(t)
	s.AdReportPolls = 3
	_, adv := advertisingClient(s)
	refresh := s.IssueRefreshToken(amazontest.DefaultSeller)
	acct := s.AdAccount(usProfile)
	today := acct.Today(time.Now())
	start, end := today.AddDate(0, 0, -30).Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly)
	rep, err := adv.CreateAdReport(t.Context(), s.URL, refresh, usProfile, amazon.ReportSPAdvertisedProduct, start, end)
	if err != nil || rep.Status != amazon.AdReportPending || rep.ReportID == "" {
		t.Fatalf("create: %+v %v", rep, err)
	}
	var statuses []string
	for rep.Status != amazon.AdReportCompleted {
		if rep, err = adv.GetAdReport(t.Context(), s.URL, refresh, usProfile, rep.ReportID); err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, rep.Status)
	}
	if len(statuses) != 3 || statuses[0] != amazon.AdReportPending || statuses[1] != amazon.AdReportProcessing {
		t.Fatalf("statuses = %v", statuses)
	}
	rows, err := adv.DownloadAdReport(t.Context(), rep.URL)
	if err != nil {
		t.Fatal(err)
	}
	want := acct.ProductAdDays(time.Now(), start, end)
	if len(rows) != len(want) || len(rows) == 0 {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	cost, wantCost := decimal.Zero, decimal.Zero
	for i := range rows {
		cost, wantCost = cost.Add(rows[i].Cost), wantCost.Add(want[i].Cost)
	}
	if !cost.Equal(wantCost) || rows[0].SKU == "" || rows[0].AdID == "" {
		t.Fatalf("cost %s, want %s; first row %+v", cost, wantCost, rows[0])
	}
	// Amazon keeps 95 days and a report covers at most 31.
	old := today.AddDate(0, 0, -120).Format(time.DateOnly)
	if _, err := adv.CreateAdReport(t.Context(), s.URL, refresh, usProfile, amazon.ReportSPCampaigns, old, old); !amazon.IsAdvertisingStatus(err, 400) {
		t.Fatalf("120 days back: %v", err)
	}
	if _, err := adv.CreateAdReport(t.Context(), s.URL, refresh, usProfile, amazon.ReportSPCampaigns,
		today.AddDate(0, 0, -40).Format(time.DateOnly), end); !amazon.IsAdvertisingStatus(err, 400) {
		t.Fatalf("40 days: %v", err)
	}
}
