package advertising

import (
	"errors"

	"sellerhub/models"
)

// LevelSKU ranks the advertised products by seller SKU (ROAS排名): the advertised-product days of a SKU's ads.
const LevelSKU = "sku"

// OverviewFilter is 广告概览's query: the user (store groups), a group, a profile (a store's 站点) and the days
// (YYYY-MM-DD, both included). By splits each profile's day further by campaign, ad group, keyword or product
// target (LevelCampaign, LevelAdGroup, LevelKeyword: their daily tables as 广告管理 reads them) or advertised SKU
// (LevelSKU) for ROAS排名.
type OverviewFilter struct {
	UserID             int64
	GroupID, ProfileID int64
	Start, End         string
	By                 string
}

// ProfileDay is one profile's campaigns summed over a day, in the profile's currency; Key is the campaign, ad
// group or SKU when the filter splits by one.
type ProfileDay struct {
	ProfileID int64
	Key       string
	Day       string
	Currency  string
	Figures
}

// OverviewDays sums the campaigns' days by profile and day (and the key the filter splits by): every Sponsored
// Products figure of the days.
func OverviewDays(db *models.DB, companyID int64, f OverviewFilter) ([]ProfileDay, error) {
	table, key := "adv_campaign_days", "''"
	switch f.By {
	case LevelCampaign, LevelAdGroup, LevelKeyword:
		table, key = levels[f.By].days, "d."+levels[f.By].key
	case LevelSKU:
		table, key = "adv_product_days", "d.sku"
	}
	from := table + " d"
	if f.By == LevelAdGroup {
		from = adGroupDaysAs("d")
	}
	q := db.Table(from).Where("d.company_id = ? AND d.day >= ? AND d.day <= ?", companyID, f.Start, f.End).
		Scopes(models.InGrantedGroups("d.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("d.group_id = ?", f.GroupID)
	}
	if f.ProfileID != 0 {
		q = q.Where("d.profile_id = ?", f.ProfileID)
	}
	group := "d.profile_id, d.day, d.currency"
	if f.By != "" {
		group = "d.profile_id, " + key + ", d.day, d.currency"
	}
	cur, err := q.Select("d.profile_id, " + key + ", d.day, d.currency, CAST(SUM(d.impressions) AS BIGINT), CAST(SUM(d.clicks) AS BIGINT), " +
		"CAST(SUM(d.cost) AS BIGINT), CAST(SUM(d.orders) AS BIGINT), CAST(SUM(d.sales) AS BIGINT), CAST(SUM(d.units) AS BIGINT)").
		Group(group).Order("d.day").Order("d.profile_id").Rows()
	if err != nil {
		return nil, err
	}
	out := []ProfileDay{}
	for cur.Next() {
		var r ProfileDay
		var cost, sales int64
		if err := cur.Scan(&r.ProfileID, &r.Key, &r.Day, &r.Currency, &r.Impressions, &r.Clicks, &cost, &r.Orders, &sales, &r.Units); err != nil {
			cur.Close()
			return nil, err
		}
		r.Cost, r.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, r)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// RankedKey is a profile's campaign, ad group or SKU in ROAS排名.
type RankedKey struct {
	ProfileID int64
	Key       string
}

// RankedName is what ROAS排名 shows of a key besides its figures: its name, state and campaign, its store and
// 站点, and a SKU's ASIN.
type RankedName struct {
	Name, State, TargetingType string
	// MatchType is a keyword's match type, or a product target's expression type.
	MatchType                string
	CampaignID, CampaignName string
	ASIN                     string
	GroupID                  int64
	GroupName, CountryCode   string
}

// RankedNames reads the names of the keys of a level (LevelCampaign, LevelAdGroup or LevelSKU).
func RankedNames(db *models.DB, companyID int64, level string, keys []RankedKey) (map[RankedKey]RankedName, error) {
	out := map[RankedKey]RankedName{}
	if len(keys) == 0 {
		return out, nil
	}
	profiles, ids := []int64{}, []string{}
	for _, k := range keys {
		profiles, ids = append(profiles, k.ProfileID), append(ids, k.Key)
	}
	var sel, from string
	switch level {
	case LevelCampaign:
		from = "adv_campaigns e"
		sel = "e.profile_id, e.campaign_id, e.name, e.state, e.targeting_type, '', e.campaign_id, e.name, '', e.group_id"
	case LevelAdGroup:
		from = "adv_ad_groups e LEFT JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id"
		sel = "e.profile_id, e.ad_group_id, e.name, e.state, COALESCE(c.targeting_type, ''), '', e.campaign_id, COALESCE(c.name, ''), '', e.group_id"
	case LevelKeyword:
		// A keyword's or a product target's days are both the targeting report's (target_id).
		from = "(SELECT company_id, group_id, profile_id, keyword_id AS k, keyword_text AS name, match_type AS mt, state, campaign_id FROM adv_keywords " +
			"UNION ALL SELECT company_id, group_id, profile_id, target_id, expression, expression_type, state, campaign_id FROM adv_targets) e " +
			"LEFT JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id"
		sel = "e.profile_id, e.k, e.name, e.state, COALESCE(c.targeting_type, ''), e.mt, e.campaign_id, COALESCE(c.name, ''), '', e.group_id"
	case LevelSKU:
		from = "(SELECT profile_id, sku, MAX(asin) AS asin, MAX(group_id) AS group_id FROM adv_product_ads WHERE company_id = ? AND sku IN ? GROUP BY profile_id, sku) e"
		sel = "e.profile_id, e.sku, e.sku, '', '', '', '', '', e.asin, e.group_id"
	default:
		return nil, errors.New("advertising: unknown level " + level)
	}
	var args []any
	if level == LevelSKU {
		args = []any{companyID, ids}
	}
	key := map[string]string{LevelCampaign: "e.campaign_id", LevelAdGroup: "e.ad_group_id", LevelKeyword: "e.k", LevelSKU: "e.sku"}[level]
	q := db.Table(from, args...).Where("e.profile_id IN ? AND "+key+" IN ?", profiles, ids)
	if level != LevelSKU {
		q = q.Where("e.company_id = ?", companyID)
	}
	cur, err := q.Joins("LEFT JOIN adv_profiles p ON p.id = e.profile_id").Joins("LEFT JOIN store_groups g ON g.id = e.group_id").
		Select(sel + ", COALESCE(g.name, ''), COALESCE(p.country_code, '')").Rows()
	if err != nil {
		return nil, err
	}
	for cur.Next() {
		var k RankedKey
		var n RankedName
		if err := cur.Scan(&k.ProfileID, &k.Key, &n.Name, &n.State, &n.TargetingType, &n.MatchType, &n.CampaignID, &n.CampaignName, &n.ASIN,
			&n.GroupID, &n.GroupName, &n.CountryCode); err != nil {
			cur.Close()
			return nil, err
		}
		out[k] = n
	}
	return out, errors.Join(cur.Err(), cur.Close())
}
