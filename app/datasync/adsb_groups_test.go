package datasync_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// managerFigures are a 广告管理 row's figures, or several rows' summed.
type managerFigures struct {
	impressions, clicks, orders, units int64
	spend, sales                       decimal.Decimal
}

func (f *managerFigures) addRow(r map[string]any) {
	spend, _ := decimal.NewFromString(fmt.Sprint(r["spend"]))
	sales, _ := decimal.NewFromString(fmt.Sprint(r["sales"]))
	f.impressions += int64(r["impressions"].(float64))
	f.clicks += int64(r["clicks"].(float64))
	f.orders += int64(r["orders"].(float64))
	f.units += int64(r["units"].(float64))
	f.spend, f.sales = f.spend.Add(spend), f.sales.Add(sales)
}

func (f *managerFigures) addDay(d amazontest.AdDay) {
	f.impressions, f.clicks, f.orders, f.units = f.impressions+d.Impressions, f.clicks+d.Clicks, f.orders+d.Orders, f.units+d.Units
	f.spend, f.sales = f.spend.Add(d.Cost), f.sales.Add(d.Sales)
}

func (f managerFigures) equal(g managerFigures) bool {
	return f.impressions == g.impressions && f.clicks == g.clicks && f.orders == g.orders && f.units == g.units &&
		f.spend.Equal(g.spend) && f.sales.Equal(g.sales)
}

// Sponsored Brands' ad groups and ads reach 广告管理 with their synced days (sbAdGroup, sbAds) for any range: each
// equals the stand-in's, a campaign's ad groups and an ad group's ads sum to it exactly, and a user limited to
// another store group sees none of them.
func TestBrandsAdGroupsAndAdsShowTheirSyncedDaysInTheManager(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind, func(s *amazontest.Server) { s.AdDisplayBrands = true })
			w.syncAds(t)
			now := time.Now()
			checked := 0
			for _, profile := range []int64{1100000000000001, 1100000000000002} {
				a := amazontest.Sponsored(w.amz, profile)
				today := (&amazontest.AdAccount{Timezone: a.Timezone}).Today(now)
				// The last 30 days, and 15 days further back, both within the 60 a first sync reads.
				for _, back := range [][2]int{{29, 0}, {50, 36}} {
					start, end := today.AddDate(0, 0, -back[0]).Format(time.DateOnly), today.AddDate(0, 0, -back[1]).Format(time.DateOnly)
					want := map[string]*managerFigures{}
					at := func(id string) *managerFigures {
						if want[id] == nil {
							want[id] = &managerFigures{}
						}
						return want[id]
					}
					for _, d := range a.SBCampaignDays(now, start, end) {
						at(d.CampaignID).addDay(d)
					}
					for _, d := range append(a.SBAdGroupDays(now, start, end), a.SBAdDays(now, start, end)...) {
						at(d.AdID).addDay(d)
					}
					page := func(c *apptest.Client, body map[string]any) []map[string]any {
						body["currentpage"], body["pagesize"], body["startDate"], body["endDate"] = 1, 100, start, end
						env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", body)
						apptest.ExpectOK(t, env)
						var p struct {
							Records []map[string]any `json:"records"`
						}
						env.Into(t, &p)
						return p.Records
					}
					for _, c := range a.Campaigns {
						if c.AdType != "SB" {
							continue
						}
						campaign := managerFigures{}
						for _, r := range page(w.owner, map[string]any{"level": "campaign", "adType": "SB", "search": c.Name,
							"profileId": profileRow(t, w, profile)}) {
							campaign.addRow(r)
						}
						if !campaign.equal(*at(c.CampaignID)) {
							t.Fatalf("%s %s..%s: campaign %+v, the stand-in %+v", c.Name, start, end, campaign, *at(c.CampaignID))
						}
						groups := page(w.owner, map[string]any{"level": "adgroup", "campaignId": c.CampaignID})
						summed := managerFigures{}
						for _, g := range groups {
							one := managerFigures{}
							one.addRow(g)
							summed.addRow(g)
							if id := g["amazonId"].(string); !one.equal(*at(id)) {
								t.Fatalf("ad group %v %s..%s: %+v, the stand-in %+v", g["name"], start, end, one, *at(id))
							}
							ads := page(w.owner, map[string]any{"level": "brandad", "adGroupId": g["amazonId"]})
							inGroup := managerFigures{}
							for _, ad := range ads {
								one := managerFigures{}
								one.addRow(ad)
								inGroup.addRow(ad)
								if id := ad["amazonId"].(string); !one.equal(*at(id)) || ad["adGroupId"] != g["amazonId"] {
									t.Fatalf("ad %v %s..%s: %+v, the stand-in %+v", ad, start, end, one, *at(id))
								}
							}
							if len(ads) != 1 || !inGroup.equal(one) {
								t.Fatalf("ad group %v: its %d ads %+v", g["name"], len(ads), inGroup)
							}
						}
						if len(groups) != 1 || !summed.equal(campaign) {
							t.Fatalf("%s: %d ad groups summing %+v, the campaign %+v", c.Name, len(groups), summed, campaign)
						}
						if campaign.spend.IsPositive() {
							checked++
							if groups[0]["acos"] == "—" || groups[0]["spendCny"] == "0.00" {
								t.Fatalf("ad group with spend: %v", groups[0])
							}
						}
					}
				}
			}
			// SB 1 of both profiles spent in both ranges; SB 2 stopped 200 days ago.
			if checked != 4 {
				t.Fatalf("%d SB campaigns with spend checked", checked)
			}

			// A user limited to another store group sees none of the ad groups or ads; one of this group sees them.
			other := &storesdb.StoreGroup{CompanyID: w.company, Name: "欧洲店"}
			if err := w.h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			elsewhere := w.staff(t, "13700000002", nil, other.ID)
			here := w.staff(t, "13700000003", nil, w.group)
			sb1 := "1210000001" // the US profile's SB 1
			for _, body := range []map[string]any{{"level": "adgroup", "campaignId": sb1}, {"level": "brandad", "campaignId": sb1},
				{"level": "brandad"}} {
				for c, n := range map[*apptest.Client]int{elsewhere: 0, here: 1} {
					env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", body)
					apptest.ExpectOK(t, env)
					var p struct {
						Records []map[string]any `json:"records"`
						Total   int              `json:"total"`
					}
					env.Into(t, &p)
					if body["campaignId"] == nil {
						n *= 4 // every profile's two ads
					}
					if len(p.Records) != n || p.Total != n {
						t.Fatalf("%v: %d rows (total %d), want %d", body, len(p.Records), p.Total, n)
					}
				}
			}
		})
	}
}

// profileRow is our id of a profile (Amazon's id).
func profileRow(t *testing.T, w *adWorld, amazonID int64) string {
	t.Helper()
	var id int64
	if err := w.h.DB.Table("adv_profiles").Select("id").Where("company_id = ? AND profile_id = ?", w.company, amazonID).
		Scan(&id).Error; err != nil || id == 0 {
		t.Fatalf("profile %d: %v", amazonID, err)
	}
	return fmt.Sprint(id)
}
