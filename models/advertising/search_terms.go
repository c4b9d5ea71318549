package advertising

import (
	"errors"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// SearchTermDay is a search term's day under the keyword or product target that matched it.
type SearchTermDay struct {
	TargetID   string
	SearchTerm string
	Day        string
	CampaignID string
	AdGroupID  string
	// Keyword is the keyword's text or the target's expression, MatchType its match type.
	Keyword   string
	MatchType string
	Figures
}

var searchTermDaysTable = &models.UpsertTable{Name: "adv_search_term_days",
	Columns: []string{"company_id", "group_id", "profile_id", "target_id", "search_term", "day", "campaign_id",
		"ad_group_id", "keyword", "match_type", "currency", "impressions", "clicks", "cost", "orders", "sales", "units",
		"ad_type", "created_at", "updated_at"},
	Key: []string{"profile_id", "target_id", "search_term", "day"}, Keep: []string{"company_id"}}

// searchTermKey is a search term day's key beside its day, as dropMissing reads it (a target id has no '|').
const searchTermKey = "target_id || '|' || search_term"

// ReplaceSearchTermDays is ReplaceCampaignDays for the search terms' days (Sponsored Products' and Sponsored
// Brands').
func ReplaceSearchTermDays(db *models.DB, p Profile, adType, start, end string, rows []SearchTermDay, now time.Time) (int64, error) {
	written, err := db.Upsert(searchTermDaysTable, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.TargetID, d.SearchTerm, d.Day, d.CampaignID, d.AdGroupID,
			d.Keyword, d.MatchType, p.Currency, d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units,
			adType, now, now}
	})
	if err != nil {
		return written, err
	}
	keep := make(map[[2]string]bool, len(rows))
	for _, d := range rows {
		keep[[2]string{d.TargetID + "|" + d.SearchTerm, d.Day}] = true
	}
	gone, err := dropMissing(db, "adv_search_term_days", searchTermKey, p.ProfileID, adType, start, end, keep)
	return written + gone, err
}

// SearchTermFilter is 搜索词's query: the user (store groups), a group, a profile, the campaign and ad group
// (Amazon's ids), a part of the search term, the days (YYYY-MM-DD, both included), the page.
type SearchTermFilter struct {
	UserID                int64
	GroupID, ProfileID    int64
	CampaignID, AdGroupID string
	Search                string
	Start, End            string
	Offset, Limit         int
}

// SearchTermRow is a search term under one keyword or target of an ad group, with its figures over the days.
type SearchTermRow struct {
	SearchTerm   string
	TargetID     string
	Keyword      string
	MatchType    string
	GroupID      int64
	GroupName    string
	ProfileID    int64
	CountryCode  string
	Currency     string
	CampaignID   string
	CampaignName string
	AdGroupID    string
	AdGroupName  string
	AdType       string
	Figures
}

// SearchTermPage reads a page of the search terms of the days, most spent first, with the count.
func SearchTermPage(db *models.DB, companyID int64, f SearchTermFilter) ([]SearchTermRow, int64, error) {
	grouped := func() *gorm.DB {
		q := db.Table("adv_search_term_days d").Where("d.company_id = ? AND d.day >= ? AND d.day <= ?", companyID, f.Start, f.End).
			Scopes(models.InGrantedGroups("d.group_id", f.UserID))
		if f.GroupID != 0 {
			q = q.Where("d.group_id = ?", f.GroupID)
		}
		if f.ProfileID != 0 {
			q = q.Where("d.profile_id = ?", f.ProfileID)
		}
		if f.CampaignID != "" {
			q = q.Where("d.campaign_id = ?", f.CampaignID)
		}
		if f.AdGroupID != "" {
			q = q.Where("d.ad_group_id = ?", f.AdGroupID)
		}
		if f.Search != "" {
			q = q.Where("d.search_term "+db.Caseless(), models.ContainsPattern(f.Search))
		}
		return q.Group("d.profile_id, d.group_id, d.campaign_id, d.ad_group_id, d.target_id, d.search_term")
	}
	var total int64
	if err := db.Table("(?) t", grouped().Select("d.profile_id")).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	sums := grouped().Select(`d.profile_id, d.group_id, d.campaign_id, d.ad_group_id, d.target_id, d.search_term,
		MAX(d.keyword) AS keyword, MAX(d.match_type) AS match_type, MAX(d.currency) AS currency, MAX(d.ad_type) AS ad_type,
		CAST(SUM(d.impressions) AS BIGINT) AS impressions, CAST(SUM(d.clicks) AS BIGINT) AS clicks,
		CAST(SUM(d.cost) AS BIGINT) AS cost, CAST(SUM(d.orders) AS BIGINT) AS orders,
		CAST(SUM(d.sales) AS BIGINT) AS sales, CAST(SUM(d.units) AS BIGINT) AS units`)
	cur, err := db.Table("(?) t", sums).
		Joins("LEFT JOIN adv_campaigns c ON c.profile_id = t.profile_id AND c.campaign_id = t.campaign_id").
		Joins("LEFT JOIN adv_ad_groups a ON a.profile_id = t.profile_id AND a.ad_group_id = t.ad_group_id").
		Joins("LEFT JOIN adv_profiles p ON p.id = t.profile_id").
		Joins("LEFT JOIN store_groups g ON g.id = t.group_id").
		Select("t.search_term, t.target_id, t.keyword, t.match_type, t.group_id, COALESCE(g.name, ''), t.profile_id, " +
			"COALESCE(p.country_code, ''), t.currency, t.campaign_id, COALESCE(c.name, ''), t.ad_group_id, COALESCE(a.name, ''), " +
			"t.ad_type, t.impressions, t.clicks, t.cost, t.orders, t.sales, t.units").
		Order("t.cost DESC").Order("t.search_term").Order("t.target_id").Order("t.profile_id").
		Offset(f.Offset).Limit(f.Limit).Rows()
	if err != nil {
		return nil, 0, err
	}
	out := []SearchTermRow{}
	for cur.Next() {
		var r SearchTermRow
		var cost, sales int64
		if err := cur.Scan(&r.SearchTerm, &r.TargetID, &r.Keyword, &r.MatchType, &r.GroupID, &r.GroupName, &r.ProfileID,
			&r.CountryCode, &r.Currency, &r.CampaignID, &r.CampaignName, &r.AdGroupID, &r.AdGroupName, &r.AdType,
			&r.Impressions, &r.Clicks, &cost, &r.Orders, &sales, &r.Units); err != nil {
			cur.Close()
			return nil, 0, err
		}
		r.Cost, r.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, r)
	}
	return out, total, errors.Join(cur.Err(), cur.Close())
}

// SearchTermMonths sums the rows' cost and sales by month over the days; AmazonID is the row's target id and
// search term joined by '|'.
func SearchTermMonths(db *models.DB, companyID int64, rows []SearchTermRow, start, end string) ([]MonthFigures, error) {
	out := []MonthFigures{}
	if len(rows) == 0 {
		return out, nil
	}
	profiles, targets := []int64{}, []string{}
	want := map[[2]any]bool{}
	for _, r := range rows {
		profiles, targets = append(profiles, r.ProfileID), append(targets, r.TargetID)
		want[[2]any{r.ProfileID, r.TargetID + "|" + r.SearchTerm}] = true
	}
	cur, err := db.Table("adv_search_term_days").Where("company_id = ? AND day >= ? AND day <= ? AND profile_id IN ? AND target_id IN ?",
		companyID, start, end, profiles, targets).
		Select("profile_id, target_id, search_term, SUBSTR(day, 1, 7), CAST(SUM(cost) AS BIGINT), CAST(SUM(sales) AS BIGINT)").
		Group("profile_id, target_id, search_term, SUBSTR(day, 1, 7)").Rows()
	if err != nil {
		return nil, err
	}
	for cur.Next() {
		var m MonthFigures
		var target, term string
		var cost, sales int64
		if err := cur.Scan(&m.ProfileID, &target, &term, &m.Month, &cost, &sales); err != nil {
			cur.Close()
			return nil, err
		}
		m.AmazonID = target + "|" + term
		if !want[[2]any{m.ProfileID, m.AmazonID}] {
			continue
		}
		m.Cost, m.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, m)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// TermKey names a search term as 搜索词 lists it: our profile, the keyword or target that matched it, the term.
type TermKey struct {
	ProfileID  int64
	TargetID   string
	SearchTerm string
}

// TermToAdd is a search term found for adding it as a keyword or negative keyword: where it was searched (store
// group, profile, campaign, ad group with their names) and what calling Amazon for its profile takes.
type TermToAdd struct {
	TermKey
	GroupID       int64
	AmazonProfile int64
	Region        string
	MarketplaceID string
	Currency      string
	CampaignID    string
	CampaignName  string
	AdGroupID     string
	AdGroupName   string
	// AdType is the ad product whose search term it is (SP, SB).
	AdType string
}

// TermsToAdd finds the company's search terms by their keys within the user's store groups; a key not found (or
// not the user's) is left out.
func TermsToAdd(db *models.DB, companyID, userID int64, keys []TermKey) ([]TermToAdd, error) {
	out := []TermToAdd{}
	for _, k := range keys {
		var t TermToAdd
		found := false
		cur, err := db.Table("adv_search_term_days d").
			Where("d.company_id = ? AND d.profile_id = ? AND d.target_id = ? AND d.search_term = ?", companyID, k.ProfileID, k.TargetID, k.SearchTerm).
			Scopes(models.InGrantedGroups("d.group_id", userID)).
			Joins("JOIN adv_profiles p ON p.id = d.profile_id").Joins("JOIN adv_auths a ON a.id = p.auth_id").
			Joins("LEFT JOIN adv_campaigns c ON c.profile_id = d.profile_id AND c.campaign_id = d.campaign_id").
			Joins("LEFT JOIN adv_ad_groups g ON g.profile_id = d.profile_id AND g.ad_group_id = d.ad_group_id").
			Select("d.group_id, p.profile_id, a.region, p.marketplace_id, p.currency_code, d.campaign_id, COALESCE(c.name, ''), " +
				"d.ad_group_id, COALESCE(g.name, ''), d.ad_type").Order("d.day DESC").Limit(1).Rows()
		if err != nil {
			return nil, err
		}
		for cur.Next() {
			if err := cur.Scan(&t.GroupID, &t.AmazonProfile, &t.Region, &t.MarketplaceID, &t.Currency, &t.CampaignID,
				&t.CampaignName, &t.AdGroupID, &t.AdGroupName, &t.AdType); err != nil {
				cur.Close()
				return nil, err
			}
			found = true
		}
		if err := errors.Join(cur.Err(), cur.Close()); err != nil {
			return nil, err
		}
		if found {
			t.TermKey = k
			out = append(out, t)
		}
	}
	return out, nil
}

// AdGroupToAdd is the ad group keywords are added to: our profile, Amazon's ids, its name and state, and the
// campaign's targeting type.
type AdGroupToAdd struct {
	GroupID       int64
	ProfileID     int64
	AdGroupID     string
	CampaignID    string
	Name          string
	State         string
	TargetingType string
}

// AdGroupForAdding reads the company's ad group by our id within the user's store groups.
func AdGroupForAdding(db *models.DB, companyID, userID, id int64) (AdGroupToAdd, error) {
	var g AdGroupToAdd
	err := db.Table("adv_ad_groups e").Where("e.company_id = ? AND e.id = ?", companyID, id).
		Scopes(models.InGrantedGroups("e.group_id", userID)).
		Joins("LEFT JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id").
		Select("e.group_id, e.profile_id, e.ad_group_id, e.campaign_id, e.name, e.state, COALESCE(c.targeting_type, '') AS targeting_type").
		Take(&g).Error
	return g, err
}
