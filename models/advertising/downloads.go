package advertising

import (
	"errors"

	"gorm.io/gorm"

	"sellerhub/models"
)

// DownloadReport is a synced report (every ad type's days together) that 报告下载 gives as rows: its key in the calls, its
// Chinese name and the table that keeps its days.
type DownloadReport struct {
	Key, Name, Table string
}

// DownloadReports are 报告下载's reports, in the order the screen lists them.
var DownloadReports = []DownloadReport{
	{"campaigns", "广告活动报告", "adv_campaign_days"},
	{"products", "推广商品报告", "adv_product_days"},
	{"targets", "投放报告", "adv_target_days"},
	{"searchterms", "搜索词报告", "adv_search_term_days"},
	// Sponsored Brands' ad groups and ads (sbAdGroup, sbAds): Brands has no advertised products.
	{"adgroups", "品牌广告组报告", "adv_ad_group_days"},
	{"brandads", "品牌广告报告", "adv_brand_ad_days"},
}

// DownloadFilter is 报告下载's query: the user (store groups), a group, a profile (a store's 站点) and the days
// (YYYY-MM-DD, both included; none for the coverage).
type DownloadFilter struct {
	UserID             int64
	GroupID, ProfileID int64
	Start, End         string
}

// Coverage is what a report holds for the filter: its rows and its first and last day.
type Coverage struct {
	Rows              int64
	FirstDay, LastDay string
}

// DownloadRow is one row of a report as synced: a day of a campaign, product ad, target or search term, with the
// names it has now; the fields a report does not have stay empty.
type DownloadRow struct {
	Day, GroupName, Country, Currency    string
	AdType                               string
	CampaignName, AdGroupName, SKU, ASIN string
	Target, MatchType, SearchTerm        string
	Impressions, Clicks, Orders, Units   int64
	Cost, Sales                          models.Money
}

func (f DownloadFilter) scope(db *models.DB, companyID int64, table string) *gorm.DB {
	q := db.Table(table+" d").Where("d.company_id = ?", companyID).Scopes(models.InGrantedGroups("d.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("d.group_id = ?", f.GroupID)
	}
	if f.ProfileID != 0 {
		q = q.Where("d.profile_id = ?", f.ProfileID)
	}
	if f.Start != "" {
		q = q.Where("d.day >= ? AND d.day <= ?", f.Start, f.End)
	}
	return q
}

// DownloadCoverage tells, per report, its rows and days in the filter's stores.
func DownloadCoverage(db *models.DB, companyID int64, f DownloadFilter) ([]Coverage, error) {
	out := make([]Coverage, len(DownloadReports))
	for i, r := range DownloadReports {
		row := f.scope(db, companyID, r.Table).Select("COUNT(*), COALESCE(MIN(d.day), ''), COALESCE(MAX(d.day), '')").Row()
		if err := row.Scan(&out[i].Rows, &out[i].FirstDay, &out[i].LastDay); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// DownloadCount counts the report's rows of the filter.
func DownloadCount(db *models.DB, companyID int64, r DownloadReport, f DownloadFilter) (int64, error) {
	var n int64
	err := f.scope(db, companyID, r.Table).Count(&n).Error
	return n, err
}

// DownloadRows reads the report's rows of the filter, by day, store, campaign and what the report is of.
func DownloadRows(db *models.DB, companyID int64, r DownloadReport, f DownloadFilter) ([]DownloadRow, error) {
	q := f.scope(db, companyID, r.Table).
		Joins("LEFT JOIN store_groups g ON g.id = d.group_id").
		Joins("LEFT JOIN adv_profiles p ON p.id = d.profile_id").
		Joins("LEFT JOIN adv_campaigns c ON c.profile_id = d.profile_id AND c.campaign_id = d.campaign_id")
	named := "'', '', '', '', '', ''"
	order := "d.campaign_id"
	if r.Key != "campaigns" {
		q = q.Joins("LEFT JOIN adv_ad_groups a ON a.profile_id = d.profile_id AND a.ad_group_id = d.ad_group_id")
	}
	switch r.Key {
	case "products":
		named, order = "COALESCE(a.name, ''), d.sku, d.asin, '', '', ''", "d.campaign_id, d.ad_group_id, d.ad_id"
	case "targets":
		q = q.Joins("LEFT JOIN adv_keywords k ON k.profile_id = d.profile_id AND k.keyword_id = d.target_id").
			Joins("LEFT JOIN adv_targets t ON t.profile_id = d.profile_id AND t.target_id = d.target_id")
		named = "COALESCE(a.name, ''), '', '', COALESCE(k.keyword_text, t.expression, d.target_id), COALESCE(k.match_type, t.expression_type, ''), ''"
		order = "d.campaign_id, d.ad_group_id, d.target_id"
	case "searchterms":
		named = "COALESCE(a.name, ''), '', '', d.keyword, d.match_type, d.search_term"
		order = "d.campaign_id, d.ad_group_id, d.target_id, d.search_term"
	case "adgroups":
		named, order = "COALESCE(a.name, ''), '', '', '', '', ''", "d.campaign_id, d.ad_group_id"
	case "brandads":
		// An ad's name in Target, its ASINs in ASIN.
		q = q.Joins("LEFT JOIN adv_brand_ads b ON b.profile_id = d.profile_id AND b.ad_id = d.ad_id")
		named, order = "COALESCE(a.name, ''), '', COALESCE(b.asins, ''), COALESCE(b.name, d.ad_id), '', ''", "d.campaign_id, d.ad_group_id, d.ad_id"
	}
	cur, err := q.Select("d.day, COALESCE(g.name, ''), COALESCE(p.country_code, ''), d.ad_type, d.currency, COALESCE(c.name, ''), " + named +
		", d.impressions, d.clicks, d.cost, d.orders, d.sales, d.units").
		Order("d.day").Order("d.profile_id").Order(order).Rows()
	if err != nil {
		return nil, err
	}
	out := []DownloadRow{}
	for cur.Next() {
		var w DownloadRow
		var cost, sales int64
		if err := cur.Scan(&w.Day, &w.GroupName, &w.Country, &w.AdType, &w.Currency, &w.CampaignName, &w.AdGroupName, &w.SKU, &w.ASIN,
			&w.Target, &w.MatchType, &w.SearchTerm, &w.Impressions, &w.Clicks, &cost, &w.Orders, &sales, &w.Units); err != nil {
			cur.Close()
			return nil, err
		}
		w.Cost, w.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, w)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}
