package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	"sellerhub/models/seed"
	storesdb "sellerhub/models/stores"
)

// demoAdProfiles are the demo store's advertising profiles: the stand-in's US and Canadian ones.
var demoAdProfiles = []amazontest.StandInProfile{
	{ProfileID: 1100000000000001, CountryCode: "US", CurrencyCode: "USD", Timezone: "America/Los_Angeles"},
	{ProfileID: 1100000000000002, CountryCode: "CA", CurrencyCode: "CAD", Timezone: "America/Los_Angeles"},
}

var demoAdMarketplaces = map[string]string{"US": "ATVPDKIKX0DER", "CA": "A2EUQ1WTGCTBG2"}

// demoAds gives the demo store advertising at its first start, so that 广告管理 and 广告概览 have something to show:
// its group's advertising authorisation in North America with the US and Canadian profiles (no token: nothing
// syncs them), each advertising the demo seller's first six listings of its marketplace in the stand-in's
// Sponsored Products, Display and Brands campaigns with a year of daily figures, written as the sync writes them.
// Later starts find the campaigns and write nothing.
func demoAds(ctx context.Context, d demoDeps, demo seed.DemoSeller, world *sellerdata.World, now time.Time) error {
	db := d.DB.With(ctx)
	var n int64
	if err := db.Table("adv_campaigns").Where("company_id = ?", demo.CompanyID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	stamp := now.UTC().Truncate(time.Microsecond)
	started := time.Now()
	var written int64
	err := d.DB.Tx(ctx, func(tx *models.DB) error {
		auth, err := storesdb.SaveAdvAuth(tx, demo.CompanyID, demo.GroupID, demo.Region, "", stamp)
		if err != nil {
			return err
		}
		rows := make([]storesdb.AdvProfile, len(demoAdProfiles))
		for i, p := range demoAdProfiles {
			rows[i] = storesdb.AdvProfile{CompanyID: demo.CompanyID, AuthID: auth.ID, ProfileID: p.ProfileID, CountryCode: p.CountryCode,
				CurrencyCode: p.CurrencyCode, Timezone: p.Timezone, MarketplaceID: demoAdMarketplaces[p.CountryCode],
				AccountID: demo.SellingPartnerID, AccountType: "seller", AccountName: "演示店铺", CapturedAt: stamp}
		}
		if err := storesdb.ReplaceAdvProfiles(tx, demo.CompanyID, auth.ID, rows, stamp); err != nil {
			return err
		}
		profiles, err := storesdb.AdvProfilesOf(tx, demo.CompanyID, demo.GroupID)
		if err != nil {
			return err
		}
		for _, p := range profiles {
			m, err := demoAdProfile(tx, world, advertisingdb.Profile{CompanyID: demo.CompanyID, GroupID: demo.GroupID,
				ProfileID: p.ID, MarketplaceID: p.MarketplaceID, Currency: p.CurrencyCode}, p, now, stamp)
			if err != nil {
				return err
			}
			written += m
		}
		// 利润报告 keeps its answers until the sales generation moves: its 广告费 comes from these days.
		return tx.RaiseSalesGeneration(demo.CompanyID, demo.SellerID)
	})
	if err == nil {
		fmt.Printf("演示数据: 已写入广告 %d 行 (%.1f 秒)\n", written, time.Since(started).Seconds())
	}
	return err
}

// demoAdProfile writes one profile's campaigns and its year of days.
func demoAdProfile(tx *models.DB, world *sellerdata.World, scope advertisingdb.Profile, p storesdb.AdvProfile, now, stamp time.Time) (int64, error) {
	var skus [][2]string
	for _, l := range world.Listings(amazontest.DefaultSeller, p.MarketplaceID) {
		if len(skus) < 6 && l.SellerSKU != "" && l.ASIN != "" {
			skus = append(skus, [2]string{l.SellerSKU, l.ASIN})
		}
	}
	if len(skus) == 0 {
		return 0, nil
	}
	standIn := amazontest.StandInProfile{ProfileID: p.ProfileID, CountryCode: p.CountryCode, CurrencyCode: p.CurrencyCode, Timezone: p.Timezone}
	of := func(amazontest.StandInProfile) [][2]string { return skus }
	sp, sdsb := amazontest.AdAccountOf(standIn, of), amazontest.SponsoredAccountOf(standIn, of)
	today := sp.Today(now)
	start, end := today.AddDate(0, 0, -364).Format(time.DateOnly), today.Format(time.DateOnly)
	money := func(d decimal.Decimal) models.Money { return models.Money{Decimal: d.Round(4)} }
	adType := map[string]string{}
	var campaigns []advertisingdb.Campaign
	for _, c := range sp.Campaigns {
		campaigns = append(campaigns, advertisingdb.Campaign{CampaignID: c.CampaignID, Name: c.Name, State: c.State,
			TargetingType: c.TargetingType, Budget: money(c.Budget), BudgetType: "DAILY", BiddingStrategy: "LEGACY_FOR_SALES",
			StartDate: c.StartDate, PortfolioID: c.PortfolioID, AdType: advertisingdb.AdTypeSP})
	}
	for _, c := range sdsb.Campaigns {
		adType[c.CampaignID] = c.AdType
		start := c.StartDate
		if len(start) == 8 {
			start = start[:4] + "-" + start[4:6] + "-" + start[6:]
		}
		campaigns = append(campaigns, advertisingdb.Campaign{CampaignID: c.CampaignID, Name: c.Name, State: c.State,
			TargetingType: c.Tactic, Budget: money(c.Budget), BudgetType: "DAILY", StartDate: start, AdType: c.AdType})
	}
	var groups []advertisingdb.AdGroup
	for _, g := range sp.AdGroups {
		groups = append(groups, advertisingdb.AdGroup{AdGroupID: g.AdGroupID, CampaignID: g.CampaignID, Name: g.Name, State: g.State,
			DefaultBid: money(g.DefaultBid)})
	}
	for _, g := range sdsb.AdGroups {
		groups = append(groups, advertisingdb.AdGroup{AdGroupID: g.AdGroupID, CampaignID: g.CampaignID, Name: g.Name, State: "ENABLED",
			DefaultBid: money(g.DefaultBid)})
	}
	var keywords []advertisingdb.Keyword
	for _, k := range append(append([]amazontest.AdKeyword{}, sp.Keywords...), sdsb.Keywords...) {
		keywords = append(keywords, advertisingdb.Keyword{KeywordID: k.KeywordID, AdGroupID: k.AdGroupID, CampaignID: k.CampaignID,
			KeywordText: k.Text, MatchType: k.MatchType, State: k.State, Bid: money(k.Bid)})
	}
	var ads []advertisingdb.ProductAd
	for _, a := range append(append([]amazontest.AdProductAd{}, sp.ProductAds...), sdsb.ProductAds...) {
		ads = append(ads, advertisingdb.ProductAd{AdID: a.AdID, AdGroupID: a.AdGroupID, CampaignID: a.CampaignID, SKU: a.SKU,
			ASIN: a.ASIN, State: a.State})
	}
	var targets []advertisingdb.Target
	for _, t := range sp.Targets {
		targets = append(targets, advertisingdb.Target{TargetID: t.TargetID, AdGroupID: t.AdGroupID, CampaignID: t.CampaignID,
			ExpressionType: "MANUAL", Expression: `asin="` + t.ASIN + `"`, State: t.State, Bid: money(t.Bid)})
	}
	for _, t := range sdsb.Targets {
		expression := `asin="` + t.ASIN + `"`
		if t.Lookback != "" {
			expression = "views(exactProduct lookback=" + t.Lookback + ")"
		}
		targets = append(targets, advertisingdb.Target{TargetID: t.TargetID, AdGroupID: t.AdGroupID, CampaignID: t.CampaignID,
			ExpressionType: "MANUAL", Expression: expression, State: "ENABLED", Bid: money(t.Bid)})
	}
	var negatives []advertisingdb.NegativeKeyword
	for _, k := range sp.NegativeKeywords {
		negatives = append(negatives, advertisingdb.NegativeKeyword{KeywordID: k.KeywordID, AdGroupID: k.AdGroupID,
			CampaignID: k.CampaignID, KeywordText: k.Text, MatchType: k.MatchType, State: k.State})
	}
	var excluded []advertisingdb.NegativeTarget
	for _, t := range sp.NegativeTargets {
		excluded = append(excluded, advertisingdb.NegativeTarget{TargetID: t.TargetID, AdGroupID: t.AdGroupID, CampaignID: t.CampaignID,
			ExpressionType: t.Type, Value: t.Value, State: t.State})
	}
	var portfolios []advertisingdb.Portfolio
	for _, x := range sp.Portfolios {
		portfolios = append(portfolios, advertisingdb.Portfolio{PortfolioID: x.PortfolioID, Name: x.Name, State: x.State})
	}
	var brandAds []advertisingdb.BrandAd
	for _, a := range sdsb.Ads {
		campaign := ""
		for _, g := range sdsb.AdGroups {
			if g.AdGroupID == a.AdGroupID {
				campaign = g.CampaignID
			}
		}
		brandAds = append(brandAds, advertisingdb.BrandAd{AdID: a.AdID, AdGroupID: a.AdGroupID, CampaignID: campaign, Name: a.Headline,
			State: "ENABLED", Headline: a.Headline, BrandName: a.BrandName, ASINs: strings.Join(a.ASINs, " ")})
	}
	figures := func(d amazontest.AdDay) advertisingdb.Figures {
		return advertisingdb.Figures{Impressions: d.Impressions, Clicks: d.Clicks, Cost: money(d.Cost), Orders: d.Orders,
			Sales: money(d.Sales), Units: d.Units}
	}
	campaignDays := func(days []amazontest.AdDay) []advertisingdb.CampaignDay {
		out := make([]advertisingdb.CampaignDay, len(days))
		for i, d := range days {
			out[i] = advertisingdb.CampaignDay{CampaignID: d.CampaignID, Day: d.Date, Figures: figures(d)}
		}
		return out
	}
	productDays := func(days []amazontest.AdDay) []advertisingdb.ProductDay {
		out := make([]advertisingdb.ProductDay, len(days))
		for i, d := range days {
			out[i] = advertisingdb.ProductDay{AdID: d.AdID, Day: d.Date, CampaignID: d.CampaignID, AdGroupID: d.AdGroupID,
				SKU: d.SKU, ASIN: d.ASIN, Figures: figures(d)}
		}
		return out
	}
	targetDays := func(days []amazontest.AdDay) []advertisingdb.TargetDay {
		out := make([]advertisingdb.TargetDay, len(days))
		for i, d := range days {
			out[i] = advertisingdb.TargetDay{TargetID: d.AdID, Day: d.Date, CampaignID: d.CampaignID, AdGroupID: d.AdGroupID,
				Figures: figures(d)}
		}
		return out
	}
	steps := []func() (int64, error){
		func() (int64, error) { return advertisingdb.SaveCampaigns(tx, scope, campaigns, stamp) },
		func() (int64, error) { return advertisingdb.SaveAdGroups(tx, scope, groups, stamp) },
		func() (int64, error) { return advertisingdb.SaveKeywords(tx, scope, keywords, stamp) },
		func() (int64, error) { return advertisingdb.SaveProductAds(tx, scope, ads, stamp) },
		func() (int64, error) { return advertisingdb.SaveTargets(tx, scope, targets, stamp) },
		func() (int64, error) { return advertisingdb.SaveNegativeKeywords(tx, scope, negatives, stamp) },
		func() (int64, error) { return advertisingdb.SaveNegativeTargets(tx, scope, excluded, stamp) },
		func() (int64, error) { return advertisingdb.SavePortfolios(tx, scope, portfolios, stamp) },
		func() (int64, error) { return advertisingdb.SaveBrandAds(tx, scope, brandAds, stamp) },
		func() (int64, error) {
			return advertisingdb.ReplaceCampaignDays(tx, scope, advertisingdb.AdTypeSP, start, end, campaignDays(sp.CampaignDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceCampaignDays(tx, scope, advertisingdb.AdTypeSD, start, end, campaignDays(sdsb.SDCampaignDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceCampaignDays(tx, scope, advertisingdb.AdTypeSB, start, end, campaignDays(sdsb.SBCampaignDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceProductDays(tx, scope, advertisingdb.AdTypeSP, start, end, productDays(sp.ProductAdDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceProductDays(tx, scope, advertisingdb.AdTypeSD, start, end, productDays(sdsb.SDProductDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceTargetDays(tx, scope, advertisingdb.AdTypeSP, start, end, targetDays(sp.KeywordDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceTargetDays(tx, scope, advertisingdb.AdTypeSB, start, end, targetDays(sdsb.SBTargetDays(now, start, end)), stamp)
		},
		func() (int64, error) {
			return advertisingdb.ReplaceTargetDays(tx, scope, advertisingdb.AdTypeSD, start, end, targetDays(sdsb.SDTargetDays(now, start, end)), stamp)
		},
	}
	var written int64
	for _, step := range steps {
		n, err := step()
		if err != nil {
			return written, err
		}
		written += n
	}
	return written, nil
}
