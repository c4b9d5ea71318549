package datasync_test

import (
	"net/http"

	"sellerhub/app/apptest"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	advertisingdb "sellerhub/models/advertising"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
)

// typeSums are the synced tables' rows and figures of one ad type.
type typeSums struct {
	Campaigns, AdGroups, Keywords, ProductAds, Targets, BrandAds    int64
	CampaignDays, CampaignImpressions, CampaignClicks, CampaignCost int64
	CampaignOrders, CampaignSales, CampaignUnits                    int64
	ProductDays, ProductClicks, ProductCost, ProductSales           int64
	// The keywords' and targets' days (sbTargeting, sdTargeting) and the search terms' (sbSearchTerm).
	TargetDays, TargetImpressions, TargetClicks, TargetCost int64
	TargetOrders, TargetSales, TargetUnits                  int64
	TermDays, TermImpressions, TermClicks, TermCost         int64
	TermOrders, TermSales, TermUnits                        int64
	// Sponsored Brands' ad groups' and ads' days (sbAdGroup, sbAds).
	GroupDays, GroupImpressions, GroupClicks, GroupCost int64
	GroupOrders, GroupSales, GroupUnits                 int64
	AdDays, AdImpressions, AdClicks, AdCost             int64
	AdOrders, AdSales, AdUnits                          int64
}

func (w *adWorld) typeSums(t *testing.T, adType string) typeSums {
	t.Helper()
	var s typeSums
	campaigns := w.h.DB.Table("adv_campaigns").Select("campaign_id").Where("company_id = ? AND ad_type = ?", w.company, adType)
	w.h.DB.Table("adv_campaigns").Where("company_id = ? AND ad_type = ?", w.company, adType).Count(&s.Campaigns)
	for table, n := range map[string]*int64{"adv_ad_groups": &s.AdGroups, "adv_keywords": &s.Keywords,
		"adv_product_ads": &s.ProductAds, "adv_targets": &s.Targets, "adv_brand_ads": &s.BrandAds} {
		w.h.DB.Table(table).Where("company_id = ? AND campaign_id IN (?)", w.company, campaigns).Count(n)
	}
	row := w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND ad_type = ?", w.company, adType).
		Select("COUNT(*), COALESCE(SUM(impressions), 0), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), " +
			"COALESCE(SUM(orders), 0), COALESCE(SUM(sales), 0), COALESCE(SUM(units), 0)").Row()
	if err := row.Scan(&s.CampaignDays, &s.CampaignImpressions, &s.CampaignClicks, &s.CampaignCost, &s.CampaignOrders,
		&s.CampaignSales, &s.CampaignUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_product_days").Where("company_id = ? AND ad_type = ?", w.company, adType).
		Select("COUNT(*), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), COALESCE(SUM(sales), 0)").Row()
	if err := row.Scan(&s.ProductDays, &s.ProductClicks, &s.ProductCost, &s.ProductSales); err != nil {
		t.Fatal(err)
	}
	sums := "COUNT(*), COALESCE(SUM(impressions), 0), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), " +
		"COALESCE(SUM(orders), 0), COALESCE(SUM(sales), 0), COALESCE(SUM(units), 0)"
	row = w.h.DB.Table("adv_target_days").Where("company_id = ? AND ad_type = ?", w.company, adType).Select(sums).Row()
	if err := row.Scan(&s.TargetDays, &s.TargetImpressions, &s.TargetClicks, &s.TargetCost, &s.TargetOrders,
		&s.TargetSales, &s.TargetUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_search_term_days").Where("company_id = ? AND ad_type = ?", w.company, adType).Select(sums).Row()
	if err := row.Scan(&s.TermDays, &s.TermImpressions, &s.TermClicks, &s.TermCost, &s.TermOrders, &s.TermSales,
		&s.TermUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_ad_group_days").Where("company_id = ? AND ad_type = ?", w.company, adType).Select(sums).Row()
	if err := row.Scan(&s.GroupDays, &s.GroupImpressions, &s.GroupClicks, &s.GroupCost, &s.GroupOrders, &s.GroupSales,
		&s.GroupUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_brand_ad_days").Where("company_id = ? AND ad_type = ?", w.company, adType).Select(sums).Row()
	if err := row.Scan(&s.AdDays, &s.AdImpressions, &s.AdClicks, &s.AdCost, &s.AdOrders, &s.AdSales, &s.AdUnits); err != nil {
		t.Fatal(err)
	}
	return s
}

// typeTruth is what the stand-in's Sponsored Display (or Brands) accounts hold over the days a first sync reads
// of them: 65 days of Sponsored Display, 60 of Sponsored Brands (their reports' retention).
func (w *adWorld) typeTruth(t *testing.T, adType string) typeSums {
	t.Helper()
	var s typeSums
	units := func(d decimal.Decimal) int64 { return d.Shift(4).IntPart() }
	now := time.Now()
	for _, id := range []int64{1100000000000001, 1100000000000002} {
		a := amazontest.Sponsored(w.amz, id)
		ads := map[string]bool{}
		for _, c := range a.Campaigns {
			if c.AdType == adType {
				s.Campaigns++
				ads[c.CampaignID] = true
			}
		}
		for _, g := range a.AdGroups {
			if ads[g.CampaignID] {
				s.AdGroups++
			}
		}
		days := 60
		campaignDays := a.SBCampaignDays
		if adType == advertisingdb.AdTypeSD {
			days, campaignDays = 65, a.SDCampaignDays
			s.ProductAds, s.Targets = s.ProductAds+int64(len(a.ProductAds)), s.Targets+int64(len(a.Targets))
		} else {
			s.Keywords, s.Targets, s.BrandAds = s.Keywords+int64(len(a.Keywords)), s.Targets+int64(len(a.BrandTargets)), s.BrandAds+int64(len(a.Ads))
		}
		today := (&amazontest.AdAccount{Timezone: a.Timezone}).Today(now)
		start, end := today.AddDate(0, 0, -(days-1)).Format(time.DateOnly), today.Format(time.DateOnly)
		for _, d := range campaignDays(now, start, end) {
			s.CampaignDays++
			s.CampaignImpressions += d.Impressions
			s.CampaignClicks += d.Clicks
			s.CampaignCost += units(d.Cost)
			s.CampaignOrders += d.Orders
			s.CampaignSales += units(d.Sales)
			s.CampaignUnits += d.Units
		}
		targetDays := a.SBTargetDays
		if adType == advertisingdb.AdTypeSD {
			for _, d := range a.SDProductDays(now, start, end) {
				s.ProductDays++
				s.ProductClicks += d.Clicks
				s.ProductCost += units(d.Cost)
				s.ProductSales += units(d.Sales)
			}
			targetDays = a.SDTargetDays
		} else {
			for _, d := range a.SBAdGroupDays(now, start, end) {
				s.GroupDays++
				s.GroupImpressions += d.Impressions
				s.GroupClicks += d.Clicks
				s.GroupCost += units(d.Cost)
				s.GroupOrders += d.Orders
				s.GroupSales += units(d.Sales)
				s.GroupUnits += d.Units
			}
			for _, d := range a.SBAdDays(now, start, end) {
				s.AdDays++
				s.AdImpressions += d.Impressions
				s.AdClicks += d.Clicks
				s.AdCost += units(d.Cost)
				s.AdOrders += d.Orders
				s.AdSales += units(d.Sales)
				s.AdUnits += d.Units
			}
			// Sponsored Display has no search term report.
			for _, d := range a.SBSearchTermDays(now, start, end) {
				s.TermDays++
				s.TermImpressions += d.Impressions
				s.TermClicks += d.Clicks
				s.TermCost += units(d.Cost)
				s.TermOrders += d.Orders
				s.TermSales += units(d.Sales)
				s.TermUnits += d.Units
			}
		}
		for _, d := range targetDays(now, start, end) {
			s.TargetDays++
			s.TargetImpressions += d.Impressions
			s.TargetClicks += d.Clicks
			s.TargetCost += units(d.Cost)
			s.TargetOrders += d.Orders
			s.TargetSales += units(d.Sales)
			s.TargetUnits += d.Units
		}
	}
	return s
}

func TestSponsoredDisplayAndBrandsSyncExactlyBesideSponsoredProducts(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind, func(s *amazontest.Server) { s.AdDisplayBrands = true })
			w.syncAds(t)
			for _, adType := range []string{advertisingdb.AdTypeSD, advertisingdb.AdTypeSB} {
				got, want := w.typeSums(t, adType), w.typeTruth(t, adType)
				if got != want || want.Campaigns != 4 || want.CampaignCost == 0 || want.Targets == 0 || want.TargetDays == 0 ||
					want.TargetOrders == 0 || (adType == advertisingdb.AdTypeSB) != (want.TermDays > 0) {
					t.Fatalf("%s synced %+v\nstand-in %+v", adType, got, want)
				}
				// The keywords' and targets' days share the campaigns' out exactly: every campaign with keywords
				// or targets has them (Sponsored Brands' spending campaign, both of Sponsored Display's).
				if want.TargetCost != want.CampaignCost || want.TargetClicks != want.CampaignClicks ||
					want.TargetSales != want.CampaignSales || want.TargetUnits != want.CampaignUnits {
					t.Fatalf("%s targeting days do not sum to its campaigns': %+v", adType, want)
				}
				// Sponsored Brands' ad groups and ads share its campaigns' days out exactly too (sbAdGroup, sbAds);
				// Sponsored Display's ad groups are summed from its advertised products.
				type figures struct{ impressions, clicks, cost, orders, sales, units int64 }
				campaigns := figures{got.CampaignImpressions, got.CampaignClicks, got.CampaignCost, got.CampaignOrders, got.CampaignSales, got.CampaignUnits}
				groups := figures{got.GroupImpressions, got.GroupClicks, got.GroupCost, got.GroupOrders, got.GroupSales, got.GroupUnits}
				ads := figures{got.AdImpressions, got.AdClicks, got.AdCost, got.AdOrders, got.AdSales, got.AdUnits}
				if adType == advertisingdb.AdTypeSB && (groups != campaigns || ads != campaigns || got.GroupDays == 0 || got.AdDays == 0) {
					t.Fatalf("SB ad groups %+v and ads %+v, its campaigns %+v", groups, ads, campaigns)
				}
				if adType == advertisingdb.AdTypeSD && (got.GroupDays != 0 || got.AdDays != 0) {
					t.Fatalf("SD ad group or ad days: %+v", got)
				}
			}
			// Sponsored Products' days are whole beside them: its reports replace its own days only.
			sp, spWant := w.sums(t), w.truth(t)
			spDays := w.typeSums(t, advertisingdb.AdTypeSP)
			if spDays.CampaignDays != spWant.CampaignDays || spDays.CampaignCost != spWant.CampaignCost ||
				spDays.ProductDays != spWant.ProductDays || spDays.ProductCost != spWant.ProductCost ||
				spDays.TargetDays != spWant.TargetDays || spDays.TargetCost != spWant.TargetCost ||
				spDays.TargetSales != spWant.TargetSales || spDays.TermDays != spWant.TermDays || spDays.TermCost != spWant.TermCost {
				t.Fatalf("SP days %+v, stand-in %+v", spDays, spWant)
			}
			var brand advertisingdb.BrandAd
			w.h.DB.Where("company_id = ? AND ad_id = ?", w.company, "1230000001").First(&brand)
			if brand.ASINs != "B0ADUS0001 B0ADUS0002 B0ADUS0003" || brand.State != "ENABLED" {
				t.Fatalf("brand ad %+v", brand)
			}
			var audience advertisingdb.Target
			w.h.DB.Where("company_id = ? AND expression LIKE ?", w.company, "views%").First(&audience)
			if audience.Expression != "views(exactProduct lookback=30)" || audience.ExpressionType != "MANUAL" {
				t.Fatalf("audience target %+v", audience)
			}
			tasks := w.adTasks(t)
			// 2 profiles × (SP 3 windows × 4 + SD 3 windows × 3 + SB 2 windows × 5) on the first run (SD keeps 65
			// days, SB 60); 2 × (8 + 6 + 10) on a later one.
			if r := tasks["adreports"]; r.ReportsDone != r.ReportsTotal || (r.ReportsTotal != 62 && r.ReportsTotal != 48) {
				t.Fatalf("reports task = %+v", r)
			}

			// A second sync finds the same at Amazon: it writes nothing, of any ad type.
			w.syncAds(t)
			if again := w.sums(t); again != sp {
				t.Fatalf("second sync changed SP: %+v, was %+v", again, sp)
			}
			for _, adType := range []string{advertisingdb.AdTypeSD, advertisingdb.AdTypeSB} {
				if again := w.typeSums(t, adType); again != w.typeTruth(t, adType) {
					t.Fatalf("second sync changed %s: %+v", adType, again)
				}
			}
			var last []datasyncdb.SyncRun
			w.h.DB.Where("seller_id = ? AND kind IN ?", w.seller, []string{"adentities", "adreports"}).
				Order("id DESC").Limit(2).Find(&last)
			for _, r := range last {
				if r.Status != datasyncdb.SyncDone || r.Written != 0 || r.Lines == 0 {
					t.Fatalf("second run of %s: status %s, %d lines, %d written", r.Kind, r.Status, r.Lines, r.Written)
				}
			}
		})
	}
}

func TestProfitAddsDisplaySpendBySKUAndSpreadsBrandsSpendOverItsSKUs(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind, func(s *amazontest.Server) { s.AdDisplayBrands = true })
			w.syncAds(t)
			now := time.Now()
			beijing, _ := time.LoadLocation("Asia/Shanghai")
			first := time.Date(now.In(beijing).Year(), now.In(beijing).Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
			month := first.Format("2006-01")
			// want is each SKU's month of Sponsored Products and Display spend, and its share of the Sponsored Brands
			// campaigns showing it: equal, as nothing sold in this world. Each ad type's days are those its first
			// sync read.
			want := map[string]decimal.Decimal{}
			for _, id := range []int64{1100000000000001, 1100000000000002} {
				sp, sd := w.amz.AdAccount(id), amazontest.Sponsored(w.amz, id)
				today := sp.Today(now)
				from := func(days int) string {
					start := today.AddDate(0, 0, -(days - 1))
					if start.Before(first) {
						start = first
					}
					return start.Format(time.DateOnly)
				}
				end := first.AddDate(0, 1, -1).Format(time.DateOnly)
				for _, d := range sp.ProductAdDays(now, from(90), end) {
					want[d.SKU] = want[d.SKU].Add(d.Cost)
				}
				for _, d := range sd.SDProductDays(now, from(65), end) {
					want[d.SKU] = want[d.SKU].Add(d.Cost)
				}
				skuOf := map[string]string{}
				for _, ad := range append(sp.ProductAds, sd.ProductAds...) {
					skuOf[ad.ASIN] = ad.SKU
				}
				cost := map[string]decimal.Decimal{}
				for _, d := range sd.SBCampaignDays(now, from(60), end) {
					cost[d.CampaignID] = cost[d.CampaignID].Add(d.Cost)
				}
				for _, ad := range sd.Ads {
					var skus []string
					for _, asin := range ad.ASINs {
						if skuOf[asin] != "" {
							skus = append(skus, skuOf[asin])
						}
					}
					total := cost[sd.AdGroups[slicesIndex(sd, ad.AdGroupID)].CampaignID]
					for i, sku := range skus {
						share := total.Div(decimal.NewFromInt(int64(len(skus)))).Truncate(2)
						if i == 0 {
							share = total.Sub(share.Mul(decimal.NewFromInt(int64(len(skus) - 1))))
						}
						want[sku] = want[sku].Add(share)
					}
				}
			}
			env := w.owner.Call(http.MethodPost, "/amazon/api/v1/profit/report", map[string]any{"currentpage": 1, "pagesize": 100,
				"by": "sku", "startMonth": month, "endMonth": month})
			apptest.ExpectOK(t, env)
			var page struct {
				Records []struct {
					SKU         string          `json:"sku"`
					Marketplace string          `json:"marketplaceId"`
					Advertising decimal.Decimal `json:"advertising"`
				} `json:"records"`
			}
			env.Into(t, &page)
			got := map[string]decimal.Decimal{}
			net := decimal.Zero
			for _, r := range page.Records {
				net = net.Add(r.Advertising)
				if r.SKU != "" {
					got[r.SKU] = got[r.SKU].Add(r.Advertising)
				}
			}
			if !net.IsZero() || len(got) != len(want) {
				t.Fatalf("the month's lines' 广告费 sum to %s; SKUs %v, want %v", net, got, want)
			}
			for sku, spend := range want {
				if !got[sku].Equal(spend) || spend.IsZero() {
					t.Fatalf("%s in %s: 广告费 %s, want SP + SD + its SB share %s\n%v", sku, month, got[sku], spend, got)
				}
			}
		})
	}
}

// slicesIndex is the ad group's index in the account.
func slicesIndex(a *amazontest.SponsoredAccount, adGroupID string) int {
	for i, g := range a.AdGroups {
		if g.AdGroupID == adGroupID {
			return i
		}
	}
	return -1
}
