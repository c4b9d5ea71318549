package datasync

import (
	"strings"

	"sellerhub/app/amazon"
	advertisingdb "sellerhub/models/advertising"
)

// sponsoredRows are a profile's Sponsored Display and Sponsored Brands entities, written as 创建SD广告 and
// 创建SB广告 write them (states and match types in upper case, dates YYYY-MM-DD, a Display campaign's tactic as its
// targeting type), so that a sync after a creation changes only what Amazon added.
type sponsoredRows struct {
	campaigns  []advertisingdb.Campaign
	adGroups   []advertisingdb.AdGroup
	keywords   []advertisingdb.Keyword
	productAds []advertisingdb.ProductAd
	targets    []advertisingdb.Target
	brandAds   []advertisingdb.BrandAd
}

// sponsored lists a profile's Sponsored Display (campaigns, ad groups, product ads, targets) and Sponsored
// Brands entities (campaigns, ad groups, ads, keywords, targets).
func (ad *adSyncing) sponsored(profileID int64) (sponsoredRows, error) {
	sy := ad.syncing
	c, ep, token := ad.api.Client, ad.api.Endpoint, ad.api.RefreshToken
	var out sponsoredRows
	sdCampaigns, err := c.SDCampaigns(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sdGroups, err := c.SDAdGroups(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sdAds, err := c.SDProductAds(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sdTargets, err := c.SDTargets(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sbCampaigns, err := c.SBCampaigns(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sbGroups, err := c.SBAdGroups(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sbAds, err := c.SBAds(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sbKeywords, err := c.SBKeywords(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	sbTargets, err := c.SBTargets(sy.ctx, ep, token, profileID)
	if err != nil {
		return out, err
	}
	up := strings.ToUpper
	for _, x := range sdCampaigns {
		out.campaigns = append(out.campaigns, advertisingdb.Campaign{CampaignID: x.CampaignID.String(), Name: x.Name,
			State: up(x.State), TargetingType: x.Tactic, Budget: money(x.Budget), BudgetType: up(x.BudgetType),
			StartDate: dashed(x.StartDate), EndDate: dashed(x.EndDate), PortfolioID: noZero(x.PortfolioID.String()),
			AdType: advertisingdb.AdTypeSD})
	}
	for _, x := range sdGroups {
		out.adGroups = append(out.adGroups, advertisingdb.AdGroup{AdGroupID: x.AdGroupID.String(), CampaignID: x.CampaignID.String(),
			Name: x.Name, State: up(x.State), DefaultBid: money(x.DefaultBid)})
	}
	for _, x := range sdAds {
		out.productAds = append(out.productAds, advertisingdb.ProductAd{AdID: x.AdID.String(), AdGroupID: x.AdGroupID.String(),
			CampaignID: x.CampaignID.String(), SKU: x.SKU, ASIN: x.ASIN, State: up(x.State)})
	}
	for _, x := range sdTargets {
		out.targets = append(out.targets, advertisingdb.Target{TargetID: x.TargetID.String(), AdGroupID: x.AdGroupID.String(),
			CampaignID: x.CampaignID.String(), ExpressionType: up(x.ExpressionType), Expression: truncate(x.Text(), 500),
			State: up(x.State), Bid: money(x.Bid)})
	}
	for _, x := range sbCampaigns {
		out.campaigns = append(out.campaigns, advertisingdb.Campaign{CampaignID: x.CampaignID, Name: x.Name, State: up(x.State),
			Budget: money(x.Budget), BudgetType: up(x.BudgetType), StartDate: dashed(x.StartDate), EndDate: dashed(x.EndDate),
			PortfolioID: x.PortfolioID, AdType: advertisingdb.AdTypeSB})
	}
	for _, x := range sbGroups {
		out.adGroups = append(out.adGroups, advertisingdb.AdGroup{AdGroupID: x.AdGroupID, CampaignID: x.CampaignID, Name: x.Name,
			State: up(x.State)})
	}
	for _, x := range sbAds {
		out.brandAds = append(out.brandAds, advertisingdb.BrandAd{AdID: x.AdID, AdGroupID: x.AdGroupID, CampaignID: x.CampaignID,
			Name: cut(x.Name, 300), State: up(x.State), Headline: cut(x.Creative.Headline, 300), BrandName: cut(x.Creative.BrandName, 300),
			ASINs: truncate(strings.Join(x.ASINs(), " "), 2000)})
	}
	for _, x := range sbKeywords {
		out.keywords = append(out.keywords, advertisingdb.Keyword{KeywordID: x.KeywordID.String(), AdGroupID: x.AdGroupID.String(),
			CampaignID: x.CampaignID.String(), KeywordText: x.KeywordText, MatchType: up(x.MatchType), State: up(x.State),
			Bid: money(x.Bid)})
	}
	for _, x := range sbTargets {
		out.targets = append(out.targets, advertisingdb.Target{TargetID: x.TargetID.String(), AdGroupID: x.AdGroupID.String(),
			CampaignID: x.CampaignID.String(), ExpressionType: "MANUAL", Expression: truncate(x.Text(), 500), State: up(x.State),
			Bid: money(x.Bid)})
	}
	return out, nil
}

// dashed is a date as the campaigns keep it (YYYY-MM-DD): Sponsored Display writes YYYYMMDD.
func dashed(d string) string {
	if len(d) == 8 && !strings.Contains(d, "-") {
		return d[:4] + "-" + d[4:6] + "-" + d[6:]
	}
	return d
}

// noZero is an id Amazon may write as 0 for none.
func noZero(id string) string {
	if id == "0" {
		return ""
	}
	return id
}

// sponsoredReportTypes are the reports of the ad types other than Sponsored Products, read for a profile only
// once it has campaigns of the type.
var sponsoredReportTypes = map[string][]string{
	advertisingdb.AdTypeSD: {amazon.ReportSDCampaigns, amazon.ReportSDAdvertisedProduct, amazon.ReportSDTargeting},
	advertisingdb.AdTypeSB: {amazon.ReportSBCampaigns, amazon.ReportSBTargeting, amazon.ReportSBSearchTerm,
		amazon.ReportSBAdGroup, amazon.ReportSBAds},
}

// sponsoredAdTypes are the ad types other than Sponsored Products that each profile (Amazon's id) has campaigns
// of at Amazon: the entities' sync may not have run yet.
func (ad *adSyncing) sponsoredAdTypes() (map[int64][]string, error) {
	sy := ad.syncing
	c, ep, token := ad.api.Client, ad.api.Endpoint, ad.api.RefreshToken
	out := map[int64][]string{}
	for _, p := range ad.api.Profiles {
		sd, err := c.SDCampaigns(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return nil, err
		}
		if len(sd) > 0 {
			out[p.ProfileID] = append(out[p.ProfileID], advertisingdb.AdTypeSD)
		}
		sb, err := c.SBCampaigns(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return nil, err
		}
		if len(sb) > 0 {
			out[p.ProfileID] = append(out[p.ProfileID], advertisingdb.AdTypeSB)
		}
	}
	return out, nil
}
