package advertising

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	storesdb "sellerhub/models/stores"
)

// rankedNames are ROAS排名's rows in the console's words.
var rankedNames = map[string]string{"campaign": "广告活动", "adgroup": "广告组", "keyword": "关键词/投放", "sku": "广告SKU"}

// RoasLine is a row of ROAS排名: its place, a campaign, an ad group, a keyword or product target, or an advertised SKU with its store and 站点,
// and its figures of the days as 广告概览 gives them (spend and sales in CNY, the ratios — without a base).
type RoasLine struct {
	ID              string `json:"id"`
	Rank            int    `json:"rank"`
	Level           string `json:"level"`
	LevelName       string `json:"levelName"`
	AmazonID        string `json:"amazonId"`
	Name            string `json:"name"`
	State           string `json:"state"`
	StateName       string `json:"stateName"`
	TargetingType   string `json:"targetingType"`
	MatchType       string `json:"matchType"`
	CampaignID      string `json:"campaignId"`
	CampaignName    string `json:"campaignName"`
	ASIN            string `json:"asin"`
	GroupName       string `json:"groupName"`
	ProfileID       string `json:"profileId"`
	MarketplaceName string `json:"marketplaceName"`
	OverviewDay
}

func roasLine(l *advertising.RoasLine) RoasLine {
	m, _ := storesdb.MarketplaceByCountry(l.CountryCode)
	profile := strconv.FormatInt(l.ProfileID, 10)
	return RoasLine{ID: profile + ":" + l.Key, Rank: l.Rank, Level: l.Level, LevelName: rankedNames[l.Level], AmazonID: l.Key,
		Name: l.Name, State: l.State, StateName: stateNames[l.State], TargetingType: l.TargetingType, MatchType: l.MatchType, CampaignID: l.CampaignID,
		CampaignName: l.CampaignName, ASIN: l.ASIN, GroupName: l.GroupName, ProfileID: profile, MarketplaceName: m.Name,
		OverviewDay: overviewDay(&l.OverviewDay)}
}

// RoasPage answers POST roas/page {currentpage, pagesize, groupId, profileId, startDate, endDate, level, minSpend,
// ranking}: a page of ROAS排名, the highest ROAS first (ranking bottom: the lowest).
func (h *Handler) RoasPage(c *echo.Context) error { return api.PageOf(h.Ads.RoasPage, roasLine)(c) }

// RoasExport answers GET roas/export?<RoasPage's filters>: the ranking as ROAS排名_<date>.xlsx.
func (h *Handler) RoasExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "ROAS排名", "advRoasList", h.Ads.RoasPage, roasLine)
}
