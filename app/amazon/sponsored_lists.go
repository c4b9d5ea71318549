package amazon

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Listing Sponsored Display and Sponsored Brands entities, as Amazon documents it. Sponsored Display's are GET
// /sd/campaigns, /sd/adGroups, /sd/productAds and /sd/targets, a page of at most count items from startIndex (an
// empty one after the last), ids as numbers, states and dates as Sponsored Display writes them (enabled,
// YYYYMMDD). Sponsored Brands v4's campaigns, ad groups and ads are POST /sb/v4/<entity>/list with their media
// types, paged by nextToken as Sponsored Products v3's; its keywords are v3's GET /sb/keywords (paged like
// Sponsored Display's) and its targets POST /sb/targets/list ({filters, nextToken} → {targets, nextToken}).

var (
	sbCampaigns = spList{"/sb/v4/campaigns/list", "application/vnd.sbcampaignresource.v4+json", "campaigns"}
	sbAdGroups  = spList{"/sb/v4/adGroups/list", "application/vnd.sbadgroupresource.v4+json", "adGroups"}
	sbAds       = spList{"/sb/v4/ads/list", "application/vnd.sbadresource.v4+json", "ads"}
)

// sdPageSize is count of a Sponsored Display list page (Amazon allows up to 5000).
const sdPageSize = 1000

// SDCampaign is a Sponsored Display campaign as /sd/campaigns lists it.
type SDCampaign struct {
	CampaignID  json.Number     `json:"campaignId"`
	PortfolioID json.Number     `json:"portfolioId"`
	Name        string          `json:"name"`
	State       string          `json:"state"`
	Tactic      string          `json:"tactic"`
	CostType    string          `json:"costType"`
	Budget      decimal.Decimal `json:"budget"`
	BudgetType  string          `json:"budgetType"`
	StartDate   string          `json:"startDate"`
	EndDate     string          `json:"endDate"`
}

// SDAdGroup is a Sponsored Display ad group.
type SDAdGroup struct {
	AdGroupID  json.Number     `json:"adGroupId"`
	CampaignID json.Number     `json:"campaignId"`
	Name       string          `json:"name"`
	State      string          `json:"state"`
	DefaultBid decimal.Decimal `json:"defaultBid"`
}

// SDProductAd is a Sponsored Display product ad: a seller SKU.
type SDProductAd struct {
	AdID       json.Number `json:"adId"`
	AdGroupID  json.Number `json:"adGroupId"`
	CampaignID json.Number `json:"campaignId"`
	SKU        string      `json:"sku"`
	ASIN       string      `json:"asin"`
	State      string      `json:"state"`
}

// SDTarget is a Sponsored Display target: an ASIN's page (asinSameAs) or an audience (views of products).
type SDTarget struct {
	TargetID       json.Number     `json:"targetId"`
	AdGroupID      json.Number     `json:"adGroupId"`
	CampaignID     json.Number     `json:"campaignId"`
	ExpressionType string          `json:"expressionType"`
	State          string          `json:"state"`
	Bid            decimal.Decimal `json:"bid"`
	Expression     []struct {
		Type  string          `json:"type"`
		Value json.RawMessage `json:"value"`
	} `json:"expression"`
}

// Text is the target as 创建SD广告 writes it: asin="B0..." or views(exactProduct lookback=30).
func (t SDTarget) Text() string {
	parts := make([]string, 0, len(t.Expression))
	for _, e := range t.Expression {
		var one string
		if json.Unmarshal(e.Value, &one) == nil {
			parts = append(parts, strings.TrimSuffix(strings.ToLower(e.Type), "sameas")+`="`+one+`"`)
			continue
		}
		var inner []struct{ Type, Value string }
		_ = json.Unmarshal(e.Value, &inner)
		words := make([]string, len(inner))
		for i, x := range inner {
			words[i] = x.Type
			if x.Value != "" {
				words[i] += "=" + x.Value
			}
		}
		parts = append(parts, e.Type+"("+strings.Join(words, " ")+")")
	}
	return strings.Join(parts, " ")
}

// SBCampaign is a Sponsored Brands campaign as v4 lists it.
type SBCampaign struct {
	CampaignID    string          `json:"campaignId"`
	PortfolioID   string          `json:"portfolioId"`
	Name          string          `json:"name"`
	State         string          `json:"state"`
	Budget        decimal.Decimal `json:"budget"`
	BudgetType    string          `json:"budgetType"`
	StartDate     string          `json:"startDate"`
	EndDate       string          `json:"endDate"`
	BrandEntityID string          `json:"brandEntityId"`
}

// SBAdGroup is a Sponsored Brands ad group.
type SBAdGroup struct {
	AdGroupID  string `json:"adGroupId"`
	CampaignID string `json:"campaignId"`
	Name       string `json:"name"`
	State      string `json:"state"`
}

// SBAd is a Sponsored Brands ad: its creative's ASINs, headline and brand, and its landing page's ASINs.
type SBAd struct {
	AdID       string `json:"adId"`
	AdGroupID  string `json:"adGroupId"`
	CampaignID string `json:"campaignId"`
	Name       string `json:"name"`
	State      string `json:"state"`
	Creative   struct {
		ASINs     []string `json:"asins"`
		Headline  string   `json:"headline"`
		BrandName string   `json:"brandName"`
	} `json:"creative"`
	LandingPage struct {
		ASINs []string `json:"asins"`
	} `json:"landingPage"`
}

// ASINs are the ad's creative's and landing page's ASINs, each once, in their order.
func (a SBAd) ASINs() []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range append(append([]string{}, a.Creative.ASINs...), a.LandingPage.ASINs...) {
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// SBKeyword is a Sponsored Brands keyword (v3: ids as numbers, states and match types in lower case).
type SBKeyword struct {
	KeywordID   json.Number     `json:"keywordId"`
	AdGroupID   json.Number     `json:"adGroupId"`
	CampaignID  json.Number     `json:"campaignId"`
	KeywordText string          `json:"keywordText"`
	MatchType   string          `json:"matchType"`
	State       string          `json:"state"`
	Bid         decimal.Decimal `json:"bid"`
}

// SBTarget is a Sponsored Brands product target.
type SBTarget struct {
	TargetID    json.Number     `json:"targetId"`
	AdGroupID   json.Number     `json:"adGroupId"`
	CampaignID  json.Number     `json:"campaignId"`
	State       string          `json:"state"`
	Bid         decimal.Decimal `json:"bid"`
	Expressions []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"expressions"`
}

// Text is the target as the console writes it (asin="B0...").
func (t SBTarget) Text() string {
	parts := make([]string, len(t.Expressions))
	for i, e := range t.Expressions {
		parts[i] = strings.TrimSuffix(strings.ToLower(e.Type), "sameas") + `="` + e.Value + `"`
	}
	return strings.Join(parts, " ")
}

// SDCampaigns lists every Sponsored Display campaign of a profile, archived ones included.
func (a *Advertising) SDCampaigns(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SDCampaign, error) {
	return listIndexed[SDCampaign](ctx, a, endpoint+"/sd/campaigns", refreshToken, profileID)
}

// SDAdGroups lists every Sponsored Display ad group of a profile.
func (a *Advertising) SDAdGroups(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SDAdGroup, error) {
	return listIndexed[SDAdGroup](ctx, a, endpoint+"/sd/adGroups", refreshToken, profileID)
}

// SDProductAds lists every Sponsored Display product ad of a profile.
func (a *Advertising) SDProductAds(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SDProductAd, error) {
	return listIndexed[SDProductAd](ctx, a, endpoint+"/sd/productAds", refreshToken, profileID)
}

// SDTargets lists every Sponsored Display target of a profile.
func (a *Advertising) SDTargets(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SDTarget, error) {
	return listIndexed[SDTarget](ctx, a, endpoint+"/sd/targets", refreshToken, profileID)
}

// SBCampaigns lists every Sponsored Brands campaign of a profile.
func (a *Advertising) SBCampaigns(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBCampaign, error) {
	return listSP[SBCampaign](ctx, a, endpoint, refreshToken, profileID, sbCampaigns)
}

// SBAdGroups lists every Sponsored Brands ad group of a profile.
func (a *Advertising) SBAdGroups(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBAdGroup, error) {
	return listSP[SBAdGroup](ctx, a, endpoint, refreshToken, profileID, sbAdGroups)
}

// SBAds lists every Sponsored Brands ad of a profile.
func (a *Advertising) SBAds(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBAd, error) {
	return listSP[SBAd](ctx, a, endpoint, refreshToken, profileID, sbAds)
}

// SBKeywords lists every Sponsored Brands keyword of a profile.
func (a *Advertising) SBKeywords(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBKeyword, error) {
	return listIndexed[SBKeyword](ctx, a, endpoint+"/sb/keywords", refreshToken, profileID)
}

// SBTargets lists every Sponsored Brands product target of a profile.
func (a *Advertising) SBTargets(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBTarget, error) {
	return listByToken[SBTarget](ctx, a, endpoint+"/sb/targets/list", refreshToken, profileID, "application/json", "targets",
		map[string]any{"maxResults": 100, "filters": []map[string]any{{"filterType": "STATE",
			"values": []string{"enabled", "paused", "archived"}}}})
}

// listIndexed reads every page of a startIndex/count list, every state included, until an empty one: a page may
// hold fewer than count before the last.
func listIndexed[T any](ctx context.Context, a *Advertising, u, refreshToken string, profileID int64) ([]T, error) {
	out := []T{}
	for {
		start := len(out)
		q := url.Values{"startIndex": {strconv.Itoa(start)}, "count": {strconv.Itoa(sdPageSize)},
			"stateFilter": {"enabled,paused,archived"}}
		var page []T
		if err := a.adsCall(ctx, http.MethodGet, u+"?"+q.Encode(), refreshToken, profileID, "application/json", nil, &page); err != nil {
			return nil, err
		}
		if len(page) == 0 {
			return out, nil
		}
		out = append(out, page...)
	}
}
