package amazontest

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"
)

// The Sponsored Brands targeting (sbTargeting) and search term (sbSearchTerm) reports and the Sponsored Display
// targeting report (sdTargeting), as Reporting v3 documents them: each campaign's (Brands) or ad group's (Display)
// day shared over its keywords and targets as Sponsored Products' targeting report shares an ad group's, so that
// they sum to the campaign reports exactly, and a Brands keyword's or target's day split over the searches that
// were clicked as spSearchTerm splits them. Their attribution is Amazon's 14 days: purchases, sales, unitsSold.

func (a *SponsoredAccount) places() int32 {
	if a.Currency == "JPY" {
		return 0
	}
	return 2
}

// SBTargetDays are the Sponsored Brands keywords' and targets' figures of the days (AdID is the keyword's or
// target's id): each campaign's day shared over its keywords, then its targets.
func (a *SponsoredAccount) SBTargetDays(now time.Time, start, end string) []AdDay {
	ids := map[string][]targetShare{}
	for _, k := range a.Keywords {
		ids[k.CampaignID] = append(ids[k.CampaignID], targetShare{id: k.KeywordID, adGroupID: k.AdGroupID})
	}
	for _, t := range a.BrandTargets {
		ids[t.CampaignID] = append(ids[t.CampaignID], targetShare{id: t.TargetID, adGroupID: t.AdGroupID})
	}
	var out []AdDay
	for _, d := range a.SBCampaignDays(now, start, end) {
		if len(ids[d.CampaignID]) > 0 {
			out = append(out, splitOverTargets(d, ids[d.CampaignID], a.places())...)
		}
	}
	return out
}

// SDTargetDays are the Sponsored Display targets' figures of the days: each ad group's product ads' day shared
// over its targets.
func (a *SponsoredAccount) SDTargetDays(now time.Time, start, end string) []AdDay {
	ids := map[string][]targetShare{}
	for _, t := range a.Targets {
		ids[t.AdGroupID] = append(ids[t.AdGroupID], targetShare{id: t.TargetID, adGroupID: t.AdGroupID})
	}
	var out []AdDay
	for _, g := range adGroupDays(a.SDProductDays(now, start, end), func(id string) bool { return len(ids[id]) > 0 }) {
		out = append(out, splitOverTargets(g, ids[g.AdGroupID], a.places())...)
	}
	return out
}

// SBSearchTermDays are the Sponsored Brands search terms' figures of the days.
func (a *SponsoredAccount) SBSearchTermDays(now time.Time, start, end string) []AdSearchTermDay {
	words := map[string]searchWord{}
	for _, k := range a.Keywords {
		words[k.KeywordID] = keywordWord(k)
	}
	for _, t := range a.BrandTargets {
		words[t.TargetID] = targetWord(t.ASIN)
	}
	return searchTermsOf(a.SBTargetDays(now, start, end), words, a.Currency)
}

// sdReportExpression is a Sponsored Display target's expression as its targeting report writes it.
func sdReportExpression(t SponsoredTarget) string {
	if t.Lookback != "" {
		return "views=(exact-product lookback=" + t.Lookback + ")"
	}
	return `asin="` + t.ASIN + `"`
}

// sponsoredTargetingRows are the sbTargeting, sbSearchTerm and sdTargeting reports' rows (false: none of them).
func sponsoredTargetingRows(a *SponsoredAccount, reportType string, now time.Time, start, end string) ([]map[string]any, bool) {
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	row := func(d AdDay) map[string]any {
		return map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "adGroupId": num(d.AdGroupID),
			"impressions": d.Impressions, "clicks": d.Clicks, "cost": json.Number(d.Cost.String()), "purchases": d.Orders,
			"sales": json.Number(d.Sales.String()), "unitsSold": d.Units}
	}
	var rows []map[string]any
	switch reportType {
	case "sbTargeting":
		keywords := map[string]AdKeyword{}
		for _, k := range a.Keywords {
			keywords[k.KeywordID] = k
		}
		targets := map[string]SponsoredTarget{}
		for _, t := range a.BrandTargets {
			targets[t.TargetID] = t
		}
		for _, d := range a.SBTargetDays(now, start, end) {
			r := row(d)
			if k, ok := keywords[d.AdID]; ok {
				// A keyword's row: its id, text and match type; the targeting columns are null.
				r["keywordId"], r["keywordText"], r["matchType"], r["keywordType"] = num(d.AdID), k.Text, k.MatchType, k.MatchType
				r["targetingId"], r["targetingExpression"], r["targetingText"], r["targetingType"] = nil, nil, nil, nil
			} else {
				expr := `asin="` + targets[d.AdID].ASIN + `"`
				r["keywordId"], r["keywordText"], r["matchType"], r["keywordType"] = nil, nil, nil, "TARGETING_EXPRESSION"
				r["targetingId"], r["targetingExpression"], r["targetingText"], r["targetingType"] = num(d.AdID), expr, expr, "TARGETING_EXPRESSION"
			}
			rows = append(rows, r)
		}
	case "sbSearchTerm":
		for _, d := range a.SBSearchTermDays(now, start, end) {
			r := row(d.AdDay)
			r["keywordId"], r["keywordText"], r["matchType"], r["searchTerm"] = num(d.KeywordID), d.Keyword, d.MatchType, d.SearchTerm
			rows = append(rows, r)
		}
	case "sdTargeting":
		targets := map[string]SponsoredTarget{}
		for _, t := range a.Targets {
			targets[t.TargetID] = t
		}
		for _, d := range a.SDTargetDays(now, start, end) {
			r := row(d)
			expr := sdReportExpression(targets[d.AdID])
			r["targetingId"], r["targetingExpression"], r["targetingText"] = num(d.AdID), expr, expr
			rows = append(rows, r)
		}
	default:
		return nil, false
	}
	return rows, true
}

// targetingReports are the configurations Reporting v3 accepts for the Sponsored Brands and Display targeting
// and search term reports and Sponsored Brands' ad group and ad reports: their ad product, groupBy and the columns
// a request may name (those the sync asks for among Amazon's); another is refused with 400, as Amazon refuses a
// column a report type does not have.
var targetingReports = map[string]struct {
	adProduct, groupBy string
	columns            []string
}{
	"sbTargeting": {"SPONSORED_BRANDS", "targeting", []string{"date", "campaignId", "campaignName", "adGroupId", "adGroupName",
		"keywordId", "keywordText", "keywordType", "matchType", "keywordBid", "adKeywordStatus", "targetingId",
		"targetingExpression", "targetingText", "targetingType", "impressions", "clicks", "cost", "purchases", "purchasesClicks",
		"sales", "salesClicks", "unitsSold"}},
	"sbSearchTerm": {"SPONSORED_BRANDS", "searchTerm", []string{"date", "campaignId", "campaignName", "adGroupId", "adGroupName",
		"keywordId", "keywordText", "matchType", "keywordBid", "adKeywordStatus", "searchTerm", "impressions", "clicks", "cost",
		"purchases", "purchasesClicks", "sales", "salesClicks", "unitsSold"}},
	"sdTargeting": {"SPONSORED_DISPLAY", "targeting", []string{"date", "campaignId", "campaignName", "adGroupId", "adGroupName",
		"targetingId", "targetingExpression", "targetingText", "adKeywordStatus", "impressions", "clicks", "cost", "purchases",
		"purchasesClicks", "sales", "salesClicks", "unitsSold", "unitsSoldClicks"}},
	"sbAdGroup": {"SPONSORED_BRANDS", "adGroup", []string{"date", "campaignId", "campaignName", "campaignStatus", "adGroupId",
		"adGroupName", "adStatus", "impressions", "clicks", "cost", "purchases", "purchasesClicks", "sales", "salesClicks",
		"unitsSold", "unitsSoldClicks"}},
	"sbAds": {"SPONSORED_BRANDS", "ads", []string{"date", "campaignId", "campaignName", "campaignStatus", "adGroupId",
		"adGroupName", "adId", "adStatus", "impressions", "clicks", "cost", "purchases", "purchasesClicks", "sales",
		"salesClicks", "unitsSold", "unitsSoldClicks"}},
}

// reportColumnsValid checks a targeting, search term, ad group or ad report's configuration (the others are not
// checked).
func reportColumnsValid(reportType, adProduct string, groupBy, columns []string) bool {
	cfg, ok := targetingReports[reportType]
	if !ok {
		return true
	}
	if adProduct != cfg.adProduct || len(groupBy) != 1 || groupBy[0] != cfg.groupBy || len(columns) == 0 {
		return false
	}
	for _, c := range columns {
		if !slices.Contains(cfg.columns, c) {
			return false
		}
	}
	return true
}
