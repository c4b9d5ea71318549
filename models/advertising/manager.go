package advertising

import (
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The levels of 广告管理: campaigns, their ad groups, and the ad groups' keywords, product ads, product targets,
// negative keywords and negative product targets.
const (
	LevelCampaign        = "campaign"
	LevelAdGroup         = "adgroup"
	LevelKeyword         = "keyword"
	LevelProductAd       = "productad"
	LevelTarget          = "target"
	LevelNegativeKeyword = "negkeyword"
	LevelNegativeTarget  = "negtarget"
	LevelPortfolio       = "portfolio"
	// LevelBrandAd is Sponsored Brands' ads (their creatives), under an SB ad group as product ads are under SP's.
	LevelBrandAd = "brandad"
)

// portfolioDays are the campaigns' days with their portfolio: a portfolio's figures are its campaigns'.
const portfolioDays = "(SELECT d.*, c.portfolio_id FROM adv_campaign_days d JOIN adv_campaigns c " +
	"ON c.profile_id = d.profile_id AND c.campaign_id = d.campaign_id) pd"

// adGroupDaysAs are the ad groups' days, named alias: Sponsored Products' and Display's summed from their
// advertised products, Sponsored Brands' (which has none) from its ad group report. Both databases take the
// filters on it into each table's indexes.
func adGroupDaysAs(alias string) string {
	const columns = "company_id, group_id, profile_id, campaign_id, ad_group_id, day, currency, impressions, clicks, cost, " +
		"orders, sales, units"
	return "(SELECT " + columns + " FROM adv_product_days UNION ALL SELECT " + columns + " FROM adv_ad_group_days) " + alias
}

// level is where a level's entities and figures are: the entity table, its Amazon id column, and the daily table
// and its column that sums them (keywords from the targeting report's days).
type level struct {
	table, id, name, days, key string
}

var levels = map[string]level{
	LevelCampaign:        {"adv_campaigns", "campaign_id", "name", "adv_campaign_days", "campaign_id"},
	LevelAdGroup:         {"adv_ad_groups", "ad_group_id", "name", adGroupDaysAs("gd"), "ad_group_id"},
	LevelKeyword:         {"adv_keywords", "keyword_id", "keyword_text", "adv_target_days", "target_id"},
	LevelProductAd:       {"adv_product_ads", "ad_id", "sku", "adv_product_days", "ad_id"},
	LevelTarget:          {"adv_targets", "target_id", "expression", "adv_target_days", "target_id"},
	LevelNegativeKeyword: {"adv_negative_keywords", "keyword_id", "keyword_text", "", ""},
	LevelNegativeTarget:  {"adv_negative_targets", "target_id", "expression", "", ""},
	LevelPortfolio:       {"adv_portfolios", "portfolio_id", "name", portfolioDays, "portfolio_id"},
	LevelBrandAd:         {"adv_brand_ads", "ad_id", "name", "adv_brand_ad_days", "ad_id"},
}

// ManagerFilter is 广告管理's query: the level, the user (store groups), a group, a profile, a state, the parent
// campaign or ad group, a part of the name, the days (YYYY-MM-DD, both included), the page.
type ManagerFilter struct {
	Level                 string
	UserID                int64
	GroupID, ProfileID    int64
	State                 string
	CampaignID, AdGroupID string
	// PortfolioID keeps a portfolio's campaigns (Amazon's id).
	PortfolioID string
	// AdType keeps one ad product's campaigns (SP, SD, SB).
	AdType        string
	Search        string
	Start, End    string
	Offset, Limit int
}

// ManagerRow is an entity with its figures over the days.
type ManagerRow struct {
	ID            int64
	AmazonID      string
	Name          string
	State         string
	GroupID       int64
	GroupName     string
	ProfileID     int64
	CountryCode   string
	Currency      string
	CampaignID    string
	AdGroupID     string
	TargetingType string
	MatchType     string
	ASIN          string
	// AdType is a campaign's ad product (SP, SD, SB); empty on the other levels.
	AdType string
	// Budget is a campaign's daily budget, Bid an ad group's default bid or a keyword's bid.
	Budget, Bid models.Money
	Figures
}

// ManagerPage reads a page of a level's entities, most spent first, with the count.
func ManagerPage(db *models.DB, companyID int64, f ManagerFilter) ([]ManagerRow, int64, error) {
	lv, ok := levels[f.Level]
	if !ok {
		return nil, 0, errors.New("advertising: unknown level " + f.Level)
	}
	base := func() *gorm.DB {
		q := db.Table(lv.table+" e").Where("e.company_id = ?", companyID).Scopes(models.InGrantedGroups("e.group_id", f.UserID))
		if f.GroupID != 0 {
			q = q.Where("e.group_id = ?", f.GroupID)
		}
		if f.ProfileID != 0 {
			q = q.Where("e.profile_id = ?", f.ProfileID)
		}
		if f.State != "" {
			q = q.Where("e.state = ?", f.State)
		}
		if f.PortfolioID != "" && f.Level == LevelCampaign {
			q = q.Where("e.portfolio_id = ?", f.PortfolioID)
		}
		if f.AdType != "" && f.Level == LevelCampaign {
			q = q.Where("e.ad_type = ?", f.AdType)
		}
		if f.CampaignID != "" && f.Level != LevelCampaign && f.Level != LevelPortfolio {
			q = q.Where("e.campaign_id = ?", f.CampaignID)
		}
		if f.AdGroupID != "" && f.Level != LevelCampaign && f.Level != LevelAdGroup {
			q = q.Where("e.ad_group_id = ?", f.AdGroupID)
		}
		if f.Search != "" {
			q = q.Where("e."+lv.name+" "+db.Caseless(), models.ContainsPattern(f.Search))
		}
		return q
	}
	// The count stops at the list's cap (models.CountCapped), as every long list's: 20,000 keywords were counted
	// whole on every page.
	counted, err := db.CountCapped(base())
	if err != nil {
		return nil, 0, err
	}
	total := func(rows []ManagerRow, err error) ([]ManagerRow, int64, error) {
		if err != nil {
			return nil, 0, err
		}
		return rows, models.PageTotal(counted, f.Offset, len(rows), f.Limit), nil
	}
	extra := map[string]string{
		LevelCampaign:        "e.campaign_id, '', e.targeting_type, '', '', e.ad_type, e.budget, 0",
		LevelAdGroup:         "e.campaign_id, e.ad_group_id, '', '', '', '', 0, e.default_bid",
		LevelKeyword:         "e.campaign_id, e.ad_group_id, '', e.match_type, '', '', 0, e.bid",
		LevelProductAd:       "e.campaign_id, e.ad_group_id, '', '', e.asin, '', 0, 0",
		LevelTarget:          "e.campaign_id, e.ad_group_id, e.expression_type, '', '', '', 0, e.bid",
		LevelNegativeKeyword: "e.campaign_id, e.ad_group_id, '', e.match_type, '', '', 0, 0",
		LevelNegativeTarget:  "e.campaign_id, e.ad_group_id, e.expression_type, '', '', '', 0, 0",
		LevelPortfolio:       "'', '', '', '', '', '', 0, 0",
		LevelBrandAd:         "e.campaign_id, e.ad_group_id, '', '', e.asins, '', 0, 0",
	}[f.Level]
	page := func(q *gorm.DB, figures string, offset, limit int, order ...string) ([]ManagerRow, error) {
		q = q.Joins("LEFT JOIN adv_profiles p ON p.id = e.profile_id").
			Joins("LEFT JOIN store_groups g ON g.id = e.group_id").
			Select("e.id, e." + lv.id + ", e." + lv.name + ", e.state, e.group_id, COALESCE(g.name, ''), e.profile_id, " +
				"COALESCE(p.country_code, ''), COALESCE(p.currency_code, ''), " + extra + ", " + figures)
		for _, o := range order {
			q = q.Order(o)
		}
		return scanManagerRows(q.Order("e." + lv.name).Order("e.id").Offset(offset).Limit(limit))
	}
	const summed = "COALESCE(m.impressions, 0), COALESCE(m.clicks, 0), COALESCE(m.cost, 0), COALESCE(m.orders, 0), " +
		"COALESCE(m.sales, 0), COALESCE(m.units, 0)"
	if lv.days == "" {
		return total(page(base(), "0, 0, 0, 0, 0, 0", f.Offset, f.Limit, "e.id"))
	}
	if lv.days == targetDaysTable.Name {
		ready, err := targetTotalsReady(db, companyID, f.Start, f.End, time.Now())
		if err != nil {
			return nil, 0, err
		}
		if ready {
			return total(keptTotalsPage(db, companyID, f, base, page, lv.id))
		}
	}
	// The days summed are the page's parent's only, not every ad group's of the company for the join to keep two.
	within, args := "company_id = ? AND day >= ? AND day <= ?", []any{companyID, f.Start, f.End}
	if f.CampaignID != "" && f.Level != LevelCampaign && f.Level != LevelPortfolio {
		within, args = within+" AND campaign_id = ?", append(args, f.CampaignID)
	}
	if f.AdGroupID != "" && f.Level != LevelCampaign && f.Level != LevelAdGroup && f.Level != LevelPortfolio {
		within, args = within+" AND ad_group_id = ?", append(args, f.AdGroupID)
	}
	q := base().Joins(`LEFT JOIN (SELECT profile_id, `+lv.key+` AS k, CAST(SUM(impressions) AS BIGINT) AS impressions,
		CAST(SUM(clicks) AS BIGINT) AS clicks, CAST(SUM(cost) AS BIGINT) AS cost, CAST(SUM(orders) AS BIGINT) AS orders,
		CAST(SUM(sales) AS BIGINT) AS sales, CAST(SUM(units) AS BIGINT) AS units FROM `+lv.days+`
		WHERE `+within+` GROUP BY profile_id, `+lv.key+`) m
		ON m.profile_id = e.profile_id AND m.k = e.`+lv.id, args...)
	return total(page(q, summed, f.Offset, f.Limit, "COALESCE(m.cost, 0) DESC"))
}

// keptTotalsPage is a page of keywords or targets (idColumn) most spent first from the range's kept totals: those
// with spend read in the totals' cost order, which stops at the page; then, past them, the rest by name.
func keptTotalsPage(db *models.DB, companyID int64, f ManagerFilter, base func() *gorm.DB,
	page func(q *gorm.DB, figures string, offset, limit int, order ...string) ([]ManagerRow, error), idColumn string) ([]ManagerRow, error) {
	kept := func(join string) *gorm.DB {
		return base().Joins(join+" adv_target_totals m ON m.company_id = ? AND m.start_day = ? AND m.end_day = ? "+
			"AND m.profile_id = e.profile_id AND m.target_id = e."+idColumn, companyID, f.Start, f.End)
	}
	spentRows := func() *gorm.DB { return kept("JOIN").Where("m.cost > 0") }
	onPage := spentRows()
	// The page is among the offset+limit most spent rows. SQLite reads them in the index's cost order and sorts
	// only each cost's ties by name; PostgreSQL, whose statistics do not know totals summed a moment ago, sorted
	// every spent row. There the rows are read in cost order first, without a sort, to the page's end: its cost
	// bounds the rows sorted by cost and name, its ties included.
	if db.Driver == "postgres" {
		var bound []int64
		err := spentRows().Order("m.cost DESC").Offset(f.Offset+f.Limit-1).Limit(1).Pluck("m.cost", &bound).Error
		if err != nil {
			return nil, err
		}
		if len(bound) == 1 {
			onPage = onPage.Where("m.cost >= ?", bound[0])
		}
	}
	rows, err := page(onPage, "m.impressions, m.clicks, m.cost, m.orders, m.sales, m.units", f.Offset, f.Limit, "m.cost DESC")
	if err != nil || len(rows) == f.Limit {
		return rows, err
	}
	// spent are the rows with spend: those before the page and on it, or counted when the page is past them all.
	spent := int64(f.Offset + len(rows))
	if len(rows) == 0 {
		if err := spentRows().Count(&spent).Error; err != nil {
			return nil, err
		}
	}
	rest, err := page(kept("LEFT JOIN").Where("m.cost IS NULL OR m.cost <= 0"),
		"COALESCE(m.impressions, 0), COALESCE(m.clicks, 0), COALESCE(m.cost, 0), COALESCE(m.orders, 0), "+
			"COALESCE(m.sales, 0), COALESCE(m.units, 0)", max(f.Offset-int(spent), 0), f.Limit-len(rows), "COALESCE(m.cost, 0) DESC")
	return append(rows, rest...), err
}

// scanManagerRows reads 广告管理's rows as ManagerPage selects them.
func scanManagerRows(q *gorm.DB) ([]ManagerRow, error) {
	cur, err := q.Rows()
	if err != nil {
		return nil, err
	}
	out := []ManagerRow{}
	for cur.Next() {
		var r ManagerRow
		var budget, bid, cost, sales int64
		if err := cur.Scan(&r.ID, &r.AmazonID, &r.Name, &r.State, &r.GroupID, &r.GroupName, &r.ProfileID, &r.CountryCode,
			&r.Currency, &r.CampaignID, &r.AdGroupID, &r.TargetingType, &r.MatchType, &r.ASIN, &r.AdType, &budget, &bid,
			&r.Impressions, &r.Clicks, &cost, &r.Orders, &sales, &r.Units); err != nil {
			cur.Close()
			return nil, err
		}
		r.Budget, r.Bid, r.Cost, r.Sales = models.MoneyFromUnits(budget), models.MoneyFromUnits(bid),
			models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, r)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// MonthFigures are an entity's cost and sales in one month of the days: the CNY figures convert each month at
// its rate.
type MonthFigures struct {
	ProfileID   int64
	AmazonID    string
	Month       string
	Cost, Sales models.Money
}

// ManagerMonths sums the rows' cost and sales by month over the days.
func ManagerMonths(db *models.DB, companyID int64, levelName string, rows []ManagerRow, start, end string) ([]MonthFigures, error) {
	lv := levels[levelName]
	out := []MonthFigures{}
	if lv.days == "" || len(rows) == 0 {
		return out, nil
	}
	profiles, ids, campaigns := []int64{}, []string{}, []string{}
	for _, r := range rows {
		profiles, ids, campaigns = append(profiles, r.ProfileID), append(ids, r.AmazonID), append(campaigns, r.CampaignID)
	}
	q := db.Table(lv.days).Where("company_id = ? AND day >= ? AND day <= ? AND profile_id IN ? AND "+lv.key+" IN ?",
		companyID, start, end, profiles, ids)
	// An ad group's, product ad's or keyword's days are under its campaign: naming the campaigns lets an ad
	// group's months be read on (company, campaign, day) rather than from every product day of the range.
	if lv.key != "campaign_id" && !slices.Contains(campaigns, "") {
		q = q.Where("campaign_id IN ?", campaigns)
	}
	cur, err := q.
		Select("profile_id, " + lv.key + ", SUBSTR(day, 1, 7), CAST(SUM(cost) AS BIGINT), CAST(SUM(sales) AS BIGINT)").
		Group("profile_id, " + lv.key + ", SUBSTR(day, 1, 7)").Rows()
	if err != nil {
		return nil, err
	}
	for cur.Next() {
		var m MonthFigures
		var cost, sales int64
		if err := cur.Scan(&m.ProfileID, &m.AmazonID, &m.Month, &cost, &sales); err != nil {
			cur.Close()
			return nil, err
		}
		m.Cost, m.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, m)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}
