package advertising

import (
	"encoding/json"
	"strconv"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	storesdb "sellerhub/models/stores"
)

// SearchTerm is a row of 搜索词: what shoppers searched under one keyword or product target of an ad group, with
// its figures over the days, in the profile's currency and cost and sales in CNY (— for a ratio without a base).
type SearchTerm struct {
	// ID is the row's key: the profile, the keyword or target, the term.
	ID              string      `json:"id"`
	SearchTerm      string      `json:"searchTerm"`
	TargetID        string      `json:"targetId"`
	Keyword         string      `json:"keyword"`
	MatchType       string      `json:"matchType"`
	GroupID         string      `json:"groupId"`
	GroupName       string      `json:"groupName"`
	ProfileID       string      `json:"profileId"`
	MarketplaceName string      `json:"marketplaceName"`
	Currency        string      `json:"currency"`
	CampaignID      string      `json:"campaignId"`
	CampaignName    string      `json:"campaignName"`
	AdGroupID       string      `json:"adGroupId"`
	AdGroupName     string      `json:"adGroupName"`
	AdType          string      `json:"adType"`
	AdTypeName      string      `json:"adTypeName"`
	Impressions     int64       `json:"impressions"`
	Clicks          int64       `json:"clicks"`
	CTR             string      `json:"ctr"`
	CPC             string      `json:"cpc"`
	Spend           json.Number `json:"spend"`
	SpendCNY        json.Number `json:"spendCny"`
	Orders          int64       `json:"orders"`
	Units           int64       `json:"units"`
	Sales           json.Number `json:"sales"`
	SalesCNY        json.Number `json:"salesCny"`
	ACOS            string      `json:"acos"`
	ROAS            string      `json:"roas"`
	Conversion      string      `json:"conversion"`
}

// matchNames are the match types in the console's words.
var matchNames = map[string]string{"EXACT": "精准", "PHRASE": "词组", "BROAD": "广泛", "TARGETING_EXPRESSION": "商品投放",
	"TARGETING_EXPRESSION_PREDEFINED": "自动投放"}

func searchTerm(l *advertising.SearchTermLine) SearchTerm {
	m, _ := storesdb.MarketplaceByCountry(l.CountryCode)
	impressions, clicks, orders := decimal.NewFromInt(l.Impressions), decimal.NewFromInt(l.Clicks), decimal.NewFromInt(l.Orders)
	match := matchNames[l.MatchType]
	if match == "" {
		match = l.MatchType
	}
	return SearchTerm{ID: strconv.FormatInt(l.ProfileID, 10) + ":" + l.TargetID + ":" + l.SearchTerm, SearchTerm: l.SearchTerm, TargetID: l.TargetID, Keyword: l.Keyword, MatchType: match,
		GroupID: strconv.FormatInt(l.GroupID, 10), GroupName: l.GroupName, ProfileID: strconv.FormatInt(l.ProfileID, 10),
		MarketplaceName: m.Name, Currency: l.Currency, CampaignID: l.CampaignID, CampaignName: l.CampaignName,
		AdGroupID: l.AdGroupID, AdGroupName: l.AdGroupName, AdType: l.AdType, AdTypeName: adTypeNames[l.AdType],
		Impressions: l.Impressions, Clicks: l.Clicks,
		CTR: ratio(clicks, impressions, true), CPC: ratio(l.Cost.Decimal, clicks, false), Spend: money2(l.Cost),
		SpendCNY: money2(l.CostCNY), Orders: l.Orders, Units: l.Units, Sales: money2(l.Sales), SalesCNY: money2(l.SalesCNY),
		ACOS: ratio(l.Cost.Decimal, l.Sales.Decimal, true), ROAS: ratio(l.Sales.Decimal, l.Cost.Decimal, false),
		Conversion: ratio(orders, clicks, true)}
}

// SearchTermsPage answers POST sp/searchterms/page {currentpage, pagesize, groupId, profileId, campaignId,
// adGroupId, search, startDate, endDate}: a page of 搜索词, most spent first.
func (h *Handler) SearchTermsPage(c *echo.Context) error {
	return api.PageOf(h.Ads.SearchTermsPage, searchTerm)(c)
}

// SearchTermsExport answers GET sp/searchterms/export?<SearchTermsPage's filters>: the whole query as
// 搜索词_<date>.xlsx.
func (h *Handler) SearchTermsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "搜索词", "advSearchTermList", h.Ads.SearchTermsPage, searchTerm)
}
