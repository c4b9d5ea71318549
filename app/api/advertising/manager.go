package advertising

import (
	"encoding/json"
	"strconv"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// Line is a row of 广告管理: a campaign, an ad group, a keyword or a product ad with its figures over the days, in
// the profile's currency and cost and sales in CNY, and the ratios Amazon's console shows (— without a base).
type Line struct {
	ID              string `json:"id"`
	Level           string `json:"level"`
	AmazonID        string `json:"amazonId"`
	Name            string `json:"name"`
	State           string `json:"state"`
	StateName       string `json:"stateName"`
	GroupID         string `json:"groupId"`
	GroupName       string `json:"groupName"`
	ProfileID       string `json:"profileId"`
	MarketplaceName string `json:"marketplaceName"`
	Currency        string `json:"currency"`
	CampaignID      string `json:"campaignId"`
	AdGroupID       string `json:"adGroupId"`
	TargetingType   string `json:"targetingType"`
	// AdTypeName is a campaign's ad product in the console's words (商品推广 SP, 展示型推广 SD, 品牌推广 SB).
	AdType     string `json:"adType"`
	AdTypeName string `json:"adTypeName"`
	MatchType  string `json:"matchType"`
	ASIN       string `json:"asin"`
	// Budget is a campaign's, Bid an ad group's or keyword's; null on the other levels.
	Budget      *json.Number `json:"budget"`
	Bid         *json.Number `json:"bid"`
	Impressions int64        `json:"impressions"`
	Clicks      int64        `json:"clicks"`
	CTR         string       `json:"ctr"`
	CPC         string       `json:"cpc"`
	Spend       json.Number  `json:"spend"`
	SpendCNY    json.Number  `json:"spendCny"`
	Orders      int64        `json:"orders"`
	Units       int64        `json:"units"`
	Sales       json.Number  `json:"sales"`
	SalesCNY    json.Number  `json:"salesCny"`
	ACOS        string       `json:"acos"`
	ROAS        string       `json:"roas"`
	Conversion  string       `json:"conversion"`
}

// stateNames are Amazon's states in the console's words.
var stateNames = map[string]string{"ENABLED": "启用", "PAUSED": "暂停", "ARCHIVED": "归档"}

// adTypeNames are the ad products in the console's words.
var adTypeNames = map[string]string{advertisingdb.AdTypeSP: "商品推广", advertisingdb.AdTypeSD: "展示型推广", advertisingdb.AdTypeSB: "品牌推广"}

func money2(m models.Money) json.Number { return json.Number(m.StringFixed(2)) }

// amountOf is an amount the level has, nil for one it has not (a campaign's bid).
func amountOf(has bool, m models.Money) *json.Number {
	if !has {
		return nil
	}
	n := money2(m)
	return &n
}

// ratio is a/b to two decimals (times 100 for a percentage), "—" when b is zero.
func ratio(a, b decimal.Decimal, percent bool) string {
	if b.IsZero() {
		return "—"
	}
	if percent {
		return a.Mul(decimal.NewFromInt(100)).DivRound(b, 2).StringFixed(2) + "%"
	}
	return a.DivRound(b, 2).StringFixed(2)
}

func line(l *advertising.ManagerLine) Line {
	m, _ := storesdb.MarketplaceByCountry(l.CountryCode)
	impressions, clicks, orders := decimal.NewFromInt(l.Impressions), decimal.NewFromInt(l.Clicks), decimal.NewFromInt(l.Orders)
	return Line{ID: strconv.FormatInt(l.ID, 10), Level: l.Level, AmazonID: l.AmazonID, Name: l.Name, State: l.State,
		StateName: stateNames[l.State], GroupID: strconv.FormatInt(l.GroupID, 10), GroupName: l.GroupName,
		ProfileID: strconv.FormatInt(l.ProfileID, 10), MarketplaceName: m.Name, Currency: l.Currency,
		CampaignID: l.CampaignID, AdGroupID: l.AdGroupID, TargetingType: l.TargetingType, MatchType: l.MatchType, ASIN: l.ASIN,
		AdType: l.AdType, AdTypeName: adTypeNames[l.AdType], Budget: amountOf(l.Level == advertisingdb.LevelCampaign, l.Budget),
		Bid: amountOf(l.Level == advertisingdb.LevelAdGroup || l.Level == advertisingdb.LevelKeyword ||
			l.Level == advertisingdb.LevelTarget, l.Bid), Impressions: l.Impressions, Clicks: l.Clicks,
		CTR: ratio(clicks, impressions, true), CPC: ratio(l.Cost.Decimal, clicks, false), Spend: money2(l.Cost),
		SpendCNY: money2(l.CostCNY), Orders: l.Orders, Units: l.Units, Sales: money2(l.Sales), SalesCNY: money2(l.SalesCNY),
		ACOS: ratio(l.Cost.Decimal, l.Sales.Decimal, true), ROAS: ratio(l.Sales.Decimal, l.Cost.Decimal, false),
		Conversion: ratio(orders, clicks, true)}
}

// ManagerPage answers POST sp/page {currentpage, pagesize, level, groupId, profileId, state, campaignId,
// adGroupId, search, startDate, endDate}: a page of 广告管理, most spent first.
func (h *Handler) ManagerPage(c *echo.Context) error { return api.PageOf(h.Ads.ManagerPage, line)(c) }

// ManagerExport answers GET sp/export?<ManagerPage's filters>: the whole query as 广告管理_<date>.xlsx.
func (h *Handler) ManagerExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "广告管理", "advManagerList", h.Ads.ManagerPage, line)
}
