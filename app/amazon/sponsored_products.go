package amazon

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// Sponsored Products v3 (advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod): every entity
// is listed by POST /sp/<entity>/list with its own versioned media type, a page of at most maxResults and a
// nextToken for the next. The retired v2 GET /v2/sp/campaigns is never called.

// The list operations: path, media type and the answer's array field.
var (
	spCampaigns  = spList{"/sp/campaigns/list", "application/vnd.spCampaign.v3+json", "campaigns"}
	spAdGroups   = spList{"/sp/adGroups/list", "application/vnd.spAdGroup.v3+json", "adGroups"}
	spKeywords   = spList{"/sp/keywords/list", "application/vnd.spKeyword.v3+json", "keywords"}
	spProductAds = spList{"/sp/productAds/list", "application/vnd.spProductAd.v3+json", "productAds"}
)

type spList struct{ path, mediaType, field string }

// spPageSize is maxResults of a list call; Amazon allows up to 5000.
const spPageSize = 1000

// SPCampaign is a Sponsored Products campaign as v3 lists it. Ids are strings in v3.
type SPCampaign struct {
	CampaignID    string `json:"campaignId"`
	PortfolioID   string `json:"portfolioId"`
	Name          string `json:"name"`
	State         string `json:"state"`
	TargetingType string `json:"targetingType"`
	StartDate     string `json:"startDate"`
	EndDate       string `json:"endDate"`
	Budget        struct {
		Budget     decimal.Decimal `json:"budget"`
		BudgetType string          `json:"budgetType"`
	} `json:"budget"`
	DynamicBidding struct {
		Strategy string `json:"strategy"`
	} `json:"dynamicBidding"`
}

// SPAdGroup is an ad group.
type SPAdGroup struct {
	AdGroupID  string          `json:"adGroupId"`
	CampaignID string          `json:"campaignId"`
	Name       string          `json:"name"`
	State      string          `json:"state"`
	DefaultBid decimal.Decimal `json:"defaultBid"`
}

// SPKeyword is a (positive) keyword of an ad group.
type SPKeyword struct {
	KeywordID   string          `json:"keywordId"`
	AdGroupID   string          `json:"adGroupId"`
	CampaignID  string          `json:"campaignId"`
	KeywordText string          `json:"keywordText"`
	MatchType   string          `json:"matchType"`
	State       string          `json:"state"`
	Bid         decimal.Decimal `json:"bid"`
}

// SPProductAd is a product ad: a seller's SKU (and its ASIN) advertised in an ad group.
type SPProductAd struct {
	AdID       string `json:"adId"`
	AdGroupID  string `json:"adGroupId"`
	CampaignID string `json:"campaignId"`
	SKU        string `json:"sku"`
	ASIN       string `json:"asin"`
	State      string `json:"state"`
}

// SPCampaigns lists every campaign of a profile, archived ones included.
func (a *Advertising) SPCampaigns(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPCampaign, error) {
	return listSP[SPCampaign](ctx, a, endpoint, refreshToken, profileID, spCampaigns)
}

// SPAdGroups lists every ad group of a profile.
func (a *Advertising) SPAdGroups(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPAdGroup, error) {
	return listSP[SPAdGroup](ctx, a, endpoint, refreshToken, profileID, spAdGroups)
}

// SPKeywords lists every keyword of a profile.
func (a *Advertising) SPKeywords(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPKeyword, error) {
	return listSP[SPKeyword](ctx, a, endpoint, refreshToken, profileID, spKeywords)
}

// SPProductAds lists every product ad of a profile.
func (a *Advertising) SPProductAds(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPProductAd, error) {
	return listSP[SPProductAd](ctx, a, endpoint, refreshToken, profileID, spProductAds)
}

// listSP reads every page of a list operation. The state filter names all three states: the console's archived
// campaigns still carry spend in the reports.
func listSP[T any](ctx context.Context, a *Advertising, endpoint, refreshToken string, profileID int64, op spList) ([]T, error) {
	return listByToken[T](ctx, a, endpoint+op.path, refreshToken, profileID, op.mediaType, op.field, map[string]any{
		"maxResults": spPageSize, "stateFilter": map[string]any{"include": []string{"ENABLED", "PAUSED", "ARCHIVED"}}})
}

// listByToken reads every page of a POST list that answers {field: [...], nextToken}: body asks the first page, and
// each next page is the same body with the nextToken of the page before, until a page comes without one.
func listByToken[T any](ctx context.Context, a *Advertising, u, refreshToken string, profileID int64, mediaType, field string,
	body map[string]any) ([]T, error) {
	out := []T{}
	for {
		var page map[string]json.RawMessage
		if err := a.adsCall(ctx, http.MethodPost, u, refreshToken, profileID, mediaType, body, &page); err != nil {
			return nil, err
		}
		var items []T
		if raw, ok := page[field]; ok {
			if err := json.Unmarshal(raw, &items); err != nil {
				return nil, err
			}
		}
		out = append(out, items...)
		next := ""
		if raw, ok := page["nextToken"]; ok {
			_ = json.Unmarshal(raw, &next)
		}
		if next == "" {
			return out, nil
		}
		body["nextToken"] = next
	}
}

var (
	spNegativeKeywords = spList{"/sp/negativeKeywords/list", "application/vnd.spNegativeKeyword.v3+json", "negativeKeywords"}
	spTargets          = spList{"/sp/targets/list", "application/vnd.spTargetingClause.v3+json", "targetingClauses"}
	// spCampaignNegativeKeywords are the campaigns' own negative keywords (no ad group).
	spCampaignNegativeKeywords = spList{"/sp/campaignNegativeKeywords/list", "application/vnd.spCampaignNegativeKeyword.v3+json",
		"campaignNegativeKeywords"}
)

// SPNegativeKeyword is a negative keyword of an ad group (NEGATIVE_EXACT or NEGATIVE_PHRASE).
type SPNegativeKeyword struct {
	KeywordID   string `json:"keywordId"`
	AdGroupID   string `json:"adGroupId"`
	CampaignID  string `json:"campaignId"`
	KeywordText string `json:"keywordText"`
	MatchType   string `json:"matchType"`
	State       string `json:"state"`
}

// SPTarget is a targeting clause of an ad group: its expression (an ASIN, a category...) and bid.
type SPTarget struct {
	TargetID       string          `json:"targetId"`
	AdGroupID      string          `json:"adGroupId"`
	CampaignID     string          `json:"campaignId"`
	ExpressionType string          `json:"expressionType"`
	State          string          `json:"state"`
	Bid            decimal.Decimal `json:"bid"`
	Expression     []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"resolvedExpression"`
}

// Text is the clause as the console writes it: type="value" parts (asin="B0...").
func (t SPTarget) Text() string {
	parts := make([]string, len(t.Expression))
	for i, e := range t.Expression {
		kind := strings.ToLower(strings.TrimSuffix(e.Type, "_SAME_AS"))
		if e.Value == "" {
			parts[i] = kind
			continue
		}
		parts[i] = kind + `="` + e.Value + `"`
	}
	return strings.Join(parts, " ")
}

// SPNegativeKeywords lists every negative keyword of a profile.
func (a *Advertising) SPNegativeKeywords(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPNegativeKeyword, error) {
	return listSP[SPNegativeKeyword](ctx, a, endpoint, refreshToken, profileID, spNegativeKeywords)
}

// SPCampaignNegativeKeywords lists every campaign's negative keywords of a profile (their AdGroupID empty).
func (a *Advertising) SPCampaignNegativeKeywords(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPNegativeKeyword, error) {
	return listSP[SPNegativeKeyword](ctx, a, endpoint, refreshToken, profileID, spCampaignNegativeKeywords)
}

// SPTargets lists every targeting clause of a profile.
func (a *Advertising) SPTargets(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPTarget, error) {
	return listSP[SPTarget](ctx, a, endpoint, refreshToken, profileID, spTargets)
}

// spNegativeTargets are the ad groups' negative product targets (ASINs and brands excluded).
var spNegativeTargets = spList{"/sp/negativeTargets/list", "application/vnd.spNegativeTargetingClause.v3+json", "negativeTargetingClauses"}

// SPNegativeTarget is a negative targeting clause of an ad group: one ASIN_SAME_AS or ASIN_BRAND_SAME_AS.
type SPNegativeTarget struct {
	TargetID   string `json:"targetId"`
	AdGroupID  string `json:"adGroupId"`
	CampaignID string `json:"campaignId"`
	State      string `json:"state"`
	Expression []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"expression"`
}

// Kind and Value are the clause's expression: ASIN_SAME_AS or ASIN_BRAND_SAME_AS, and the ASIN or brand id.
func (t SPNegativeTarget) Kind() (kind, value string) {
	if len(t.Expression) == 0 {
		return "", ""
	}
	return t.Expression[0].Type, t.Expression[0].Value
}

// SPNegativeTargets lists every negative product target of a profile.
func (a *Advertising) SPNegativeTargets(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPNegativeTarget, error) {
	return listSP[SPNegativeTarget](ctx, a, endpoint, refreshToken, profileID, spNegativeTargets)
}

// spPortfolios is Portfolios v3's list: POST /portfolios/list.
var spPortfolios = spList{"/portfolios/list", "application/vnd.spPortfolio.v3+json", "portfolios"}

// SPPortfolio is a portfolio: a named group of campaigns (of any ad type).
type SPPortfolio struct {
	PortfolioID string `json:"portfolioId"`
	Name        string `json:"name"`
	State       string `json:"state"`
}

// SPPortfolios lists every portfolio of a profile.
func (a *Advertising) SPPortfolios(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SPPortfolio, error) {
	return listSP[SPPortfolio](ctx, a, endpoint, refreshToken, profileID, spPortfolios)
}
