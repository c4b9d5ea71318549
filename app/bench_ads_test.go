package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// The advertising account the load reports stand: one profile with adBenchCampaigns campaigns of 2 ad groups, each
// with adBenchKeywordsPerGroup keywords and 2 product ads, a year of daily campaign and product days, and the
// keywords' days as a targeting report has them (a keyword shows on about one day in seven).
const (
	adBenchCampaigns        = 200
	adBenchKeywordsPerGroup = 50
	adBenchDays             = 365
	adBenchClients          = 10
	// adBenchImportRows is the targeting report rows the import report reads, in windows of 30 days.
	adBenchImportRows = 1_000_000
)

// TestLoadReportAdManager prints, for `make bench`, issue 47's figures on both databases: a 1,000,000-row
// targeting report read into the keywords' days as 广告报表 reads it (a window's days replaced per transaction;
// goal ≥ 50,000 rows/s), then 广告管理 (POST sp/page) over the last 30 days for a profile with 200 campaigns, 20,000
// keywords and a year of daily data, at 10 concurrent users: campaigns, keywords (most spent first) and a
// campaign's ad groups (goal: p99 < 300 ms).
func TestLoadReportAdManager(t *testing.T) {
	for _, kind := range benchKinds() {
		t.Run(kind, func(t *testing.T) { adManagerReport(t, kind) })
	}
}

func adManagerReport(t *testing.T, kind string) {
	h, client := benchHarness(t, apptest.WithDatabase(kind))
	admin, owner, group, _ := benchSeller(t, h, "广告压测店铺", "AADBENCHSELLER")
	now := time.Now().UTC().Truncate(time.Second)
	auth, err := storesdb.SaveAdvAuth(h.DB, owner.CompanyID, group.ID, "NA", "", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := storesdb.ReplaceAdvProfiles(h.DB, owner.CompanyID, auth.ID, []storesdb.AdvProfile{{CompanyID: owner.CompanyID,
		AuthID: auth.ID, ProfileID: 4400000000000001, CountryCode: "US", CurrencyCode: "USD", Timezone: "America/Los_Angeles",
		MarketplaceID: "ATVPDKIKX0DER", AccountType: "seller", AccountName: "压测", CapturedAt: now}}, now); err != nil {
		t.Fatal(err)
	}
	profiles, err := storesdb.AdvProfilesOf(h.DB, owner.CompanyID, group.ID)
	if err != nil || len(profiles) != 1 {
		t.Fatalf("profiles %v: %v", profiles, err)
	}
	scope := advertisingdb.Profile{CompanyID: owner.CompanyID, GroupID: group.ID, ProfileID: profiles[0].ID,
		MarketplaceID: "ATVPDKIKX0DER", Currency: "USD"}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }

	// The entities and the campaign and product days, as the entity sync and the reports write them.
	started := time.Now()
	var campaigns []advertisingdb.Campaign
	var groups []advertisingdb.AdGroup
	var keywords []advertisingdb.Keyword
	var ads []advertisingdb.ProductAd
	for c := range adBenchCampaigns {
		cid := fmt.Sprint(10_000_000 + c)
		campaigns = append(campaigns, advertisingdb.Campaign{CampaignID: cid, Name: fmt.Sprintf("压测广告活动 %03d", c), State: "ENABLED",
			TargetingType: "MANUAL", Budget: models.MoneyFromUnits(int64(200_000 + c*1000)), BudgetType: "DAILY", StartDate: day(adBenchDays)})
		for g := range 2 {
			gid := fmt.Sprint(20_000_000 + c*10 + g)
			groups = append(groups, advertisingdb.AdGroup{AdGroupID: gid, CampaignID: cid, Name: fmt.Sprintf("组 %03d-%d", c, g),
				State: "ENABLED", DefaultBid: models.MoneyFromUnits(7500)})
			for k := range adBenchKeywordsPerGroup {
				keywords = append(keywords, advertisingdb.Keyword{KeywordID: fmt.Sprint(30_000_000 + (c*10+g)*100 + k), AdGroupID: gid,
					CampaignID: cid, KeywordText: fmt.Sprintf("bench keyword %d %d %d", c, g, k), MatchType: []string{"EXACT", "PHRASE", "BROAD"}[k%3],
					State: "ENABLED", Bid: models.MoneyFromUnits(int64(5000 + k*100))})
			}
			for a := range 2 {
				ads = append(ads, advertisingdb.ProductAd{AdID: fmt.Sprint(40_000_000 + (c*10+g)*10 + a), AdGroupID: gid, CampaignID: cid,
					SKU: fmt.Sprintf("ADB-%03d-%d", c, a), ASIN: fmt.Sprintf("B0ADB%03d%d", c, a), State: "ENABLED"})
			}
		}
	}
	figures := func(seed, d int) advertisingdb.Figures {
		x := int64((seed*2654435761 + d*40503) % 1000)
		clicks := 1 + x%17
		return advertisingdb.Figures{Impressions: 100 + x, Clicks: clicks, Cost: models.MoneyFromUnits(clicks * (3000 + x*10)),
			Orders: clicks / 5, Sales: models.MoneyFromUnits(clicks / 5 * 250_000), Units: clicks / 5}
	}
	err = h.DB.Tx(t.Context(), func(tx *models.DB) error {
		for _, step := range []func() (int64, error){
			func() (int64, error) { return advertisingdb.SaveCampaigns(tx, scope, campaigns, now) },
			func() (int64, error) { return advertisingdb.SaveAdGroups(tx, scope, groups, now) },
			func() (int64, error) { return advertisingdb.SaveKeywords(tx, scope, keywords, now) },
			func() (int64, error) { return advertisingdb.SaveProductAds(tx, scope, ads, now) },
		} {
			if _, err := step(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for back := adBenchDays - 1; back >= 0; back -= 30 {
		from, to := day(back), day(max(back-29, 0))
		var cdays []advertisingdb.CampaignDay
		var pdays []advertisingdb.ProductDay
		for d := back; d >= max(back-29, 0); d-- {
			for i, c := range campaigns {
				cdays = append(cdays, advertisingdb.CampaignDay{CampaignID: c.CampaignID, Day: day(d), Figures: figures(i, d)})
			}
			for i, a := range ads {
				pdays = append(pdays, advertisingdb.ProductDay{AdID: a.AdID, Day: day(d), CampaignID: a.CampaignID, AdGroupID: a.AdGroupID,
					SKU: a.SKU, ASIN: a.ASIN, Figures: figures(i, d)})
			}
		}
		err := h.DB.Tx(t.Context(), func(tx *models.DB) error {
			if _, err := advertisingdb.ReplaceCampaignDays(tx, scope, advertisingdb.AdTypeSP, from, to, cdays, now); err != nil {
				return err
			}
			_, err := advertisingdb.ReplaceProductDays(tx, scope, advertisingdb.AdTypeSP, from, to, pdays, now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fmt.Printf("== 广告管理 on %s: %d campaigns, %d keywords, %d product ads, %d days of campaign and product figures (seeded in %s)\n",
		kind, len(campaigns), len(keywords), len(ads), adBenchDays, time.Since(started).Round(time.Second))

	// The import: the keywords' days of a year, a keyword on about one day in seven, read window by window (the
	// rows of a 30-day targeting report each), until adBenchImportRows.
	started = time.Now()
	rows := 0
	// Newest window first, so that the days 广告管理 reads are in whatever the cap leaves out.
	for back := 0; back < adBenchDays && rows < adBenchImportRows; back += 30 {
		from, to := day(min(back+29, adBenchDays-1)), day(back)
		var tdays []advertisingdb.TargetDay
		for d := back; d <= min(back+29, adBenchDays-1) && rows+len(tdays) < adBenchImportRows; d++ {
			for i, k := range keywords {
				if (i+d)%7 == 0 || i%50 == 0 {
					tdays = append(tdays, advertisingdb.TargetDay{TargetID: k.KeywordID, Day: day(d), CampaignID: k.CampaignID,
						AdGroupID: k.AdGroupID, Figures: figures(i, d)})
				}
			}
		}
		// As 广告报表 reads a report: in CopyTx (COPY on PostgreSQL for a window with nothing stored).
		err := h.DB.CopyTx(t.Context(), func(tx *models.DB) error {
			_, err := advertisingdb.ReplaceTargetDays(tx, scope, advertisingdb.AdTypeSP, from, to, tdays, now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		rows += len(tdays)
	}
	took := time.Since(started)
	perSecond := float64(rows) / took.Seconds()
	fmt.Printf("   targeting report import: %d rows in %s, %.0f rows/s (goal: >= 50000 rows/s)  [%s]\n", rows,
		took.Round(time.Millisecond), perSecond, goalMark(perSecond >= 50_000))
	benchFigure(t, fmt.Sprintf("广告报表 targeting import, %dk rows, %s", rows/1000, kind), fmt.Sprintf("%.0f rows/s", perSecond),
		">= 50000 rows/s", perSecond >= 50_000)
	settle(t, h.DB)

	const goal = 300 * time.Millisecond
	span := fmt.Sprintf(`"startDate":%q,"endDate":%q`, day(29), day(0))
	for _, c := range []struct{ name, body string }{
		{"广告活动, last 30 days", `{"currentpage":1,"pagesize":20,"level":"campaign",` + span + `}`},
		{"关键词, last 30 days, most spent first", `{"currentpage":1,"pagesize":20,"level":"keyword",` + span + `}`},
		{"关键词 page 50", `{"currentpage":50,"pagesize":20,"level":"keyword",` + span + `}`},
		{"a campaign's ad groups", `{"currentpage":1,"pagesize":20,"level":"adgroup","campaignId":"10000042",` + span + `}`},
	} {
		if !benchCase(c.name) {
			continue
		}
		var check struct {
			Total   int64
			Records []map[string]any
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatal(err)
		}
		admin.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", body).Into(t, &check)
		if len(check.Records) == 0 {
			t.Fatalf("%s: no rows", c.name)
		}
		do := signedInPosts(client, h.URL+"/amazonadv/api/v1/sp/page", admin.Token, func() string { return c.body })
		alone := apptest.Load(1, 10, 60*time.Second, do)
		apptest.Load(adBenchClients, 30, 60*time.Second, do)
		r := apptest.Load(adBenchClients, 300, 120*time.Second, do)
		fmt.Printf("   %-40s %6d rows, alone p50 %7.2f ms | %s (goal: p99 < %d ms)  [%s]\n", c.name, check.Total, ms(alone.P50), r,
			goal.Milliseconds(), goalMark(r.P99 < goal && r.Errors == 0))
		benchLatency(t, fmt.Sprintf("广告管理 sp/page, %d campaigns, %dk keywords, a year, %d users, %s, %s", adBenchCampaigns,
			len(keywords)/1000, adBenchClients, kind, c.name), r, goal)
	}
}
