package amazontest

import (
	"encoding/json"
	"strconv"
	"time"
)

// The Sponsored Brands ad group (sbAdGroup, groupBy adGroup) and ad (sbAds, groupBy ads) reports, as Reporting v3
// documents them: each campaign's day shared over its ad groups, and each ad group's over its ads, as the
// targeting report shares it over keywords, so that both sum to sbCampaigns exactly. Their attribution is
// Amazon's 14 days: purchases, sales, unitsSold.

// SBAdGroupDays are the Sponsored Brands ad groups' figures of the days (AdID and AdGroupID are the ad group's id).
func (a *SponsoredAccount) SBAdGroupDays(now time.Time, start, end string) []AdDay {
	ids := map[string][]targetShare{}
	for _, g := range a.AdGroups {
		ids[g.CampaignID] = append(ids[g.CampaignID], targetShare{id: g.AdGroupID, adGroupID: g.AdGroupID})
	}
	var out []AdDay
	for _, d := range a.SBCampaignDays(now, start, end) {
		if len(ids[d.CampaignID]) > 0 {
			out = append(out, splitOverTargets(d, ids[d.CampaignID], a.places())...)
		}
	}
	return out
}

// SBAdDays are the Sponsored Brands ads' figures of the days (AdID is the ad's id): each ad group's day shared over
// its ads.
func (a *SponsoredAccount) SBAdDays(now time.Time, start, end string) []AdDay {
	ids := map[string][]targetShare{}
	for _, ad := range a.Ads {
		ids[ad.AdGroupID] = append(ids[ad.AdGroupID], targetShare{id: ad.AdID, adGroupID: ad.AdGroupID})
	}
	var out []AdDay
	for _, g := range a.SBAdGroupDays(now, start, end) {
		if len(ids[g.AdGroupID]) > 0 {
			out = append(out, splitOverTargets(g, ids[g.AdGroupID], a.places())...)
		}
	}
	return out
}

// sbAdRows are the sbAdGroup and sbAds reports' rows (false: neither).
func sbAdRows(a *SponsoredAccount, reportType string, now time.Time, start, end string) ([]map[string]any, bool) {
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	names := map[string]string{}
	for _, g := range a.AdGroups {
		names[g.AdGroupID] = g.Name
	}
	row := func(d AdDay) map[string]any {
		return map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "adGroupId": num(d.AdGroupID),
			"adGroupName": names[d.AdGroupID], "adStatus": a.stateOf(d.CampaignID), "impressions": d.Impressions,
			"clicks": d.Clicks, "cost": json.Number(d.Cost.String()), "purchases": d.Orders,
			"sales": json.Number(d.Sales.String()), "unitsSold": d.Units}
	}
	var rows []map[string]any
	switch reportType {
	case "sbAdGroup":
		for _, d := range a.SBAdGroupDays(now, start, end) {
			rows = append(rows, row(d))
		}
	case "sbAds":
		for _, d := range a.SBAdDays(now, start, end) {
			r := row(d)
			r["adId"] = num(d.AdID)
			rows = append(rows, r)
		}
	default:
		return nil, false
	}
	return rows, true
}
