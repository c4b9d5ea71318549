package advertising

import (
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// Rule is a 广告规则: what it acts on (a store group, one of its profiles or all), its kind and figures, its
// schedule, and what its last run did. Percent and ratio figures are hundredths (4000: 40 %, 150: ROAS 1.5); Bid is
// ten-thousandths of the target ad group's currency.
type Rule struct {
	ID           int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID    int64
	GroupID      int64
	ProfileID    int64
	Name         string
	Kind         string
	Enabled      bool
	LookbackDays int
	MinClicks    int
	MinOrders    int
	AcosAbove    int64
	RoasBelow    int64
	CoverBelow   int
	CoverAbove   int
	RoasAbove    int64
	SpentDays    int
	Percent      int64
	Bid          int64
	AdGroupID    int64
	Weekdays     string
	Hour         int
	LastDay      string
	LastRunAt    *time.Time
	LastChanged  int
	LastRefused  int
	CreatedBy    int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// TableName is the rules' table.
func (Rule) TableName() string { return "adv_rules" }

// RuleRow is a rule as 广告规则 lists it, with its store group's and profile's names and its ad group's.
type RuleRow struct {
	Rule
	GroupName   string
	CountryCode string
	AdGroupName string
	CreatorName string
}

// RuleFilter is 广告规则's query: the user (store groups), a group, a kind, enabled or not ("on", "off", ""), a part
// of the name, the page.
type RuleFilter struct {
	UserID        int64
	GroupID       int64
	Kind, State   string
	Search        string
	Offset, Limit int
}

// RulesPage reads a page of the company's rules in the user's store groups, the latest first.
func RulesPage(db *models.DB, companyID int64, f RuleFilter) ([]RuleRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("adv_rules r").Where("r.company_id = ?", companyID).Scopes(models.InGrantedGroups("r.group_id", f.UserID))
		if f.GroupID != 0 {
			q = q.Where("r.group_id = ?", f.GroupID)
		}
		if f.Kind != "" {
			q = q.Where("r.kind = ?", f.Kind)
		}
		switch f.State {
		case "on":
			q = q.Where("r.enabled = ?", true)
		case "off":
			q = q.Where("r.enabled = ?", false)
		}
		if f.Search != "" {
			q = q.Where("r.name "+db.Caseless(), models.ContainsPattern(f.Search))
		}
		return q
	}
	var total int64
	if err := base().Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []RuleRow{}
	err := base().Joins("LEFT JOIN store_groups g ON g.id = r.group_id").
		Joins("LEFT JOIN adv_profiles p ON p.id = r.profile_id").
		Joins("LEFT JOIN adv_ad_groups a ON a.id = r.ad_group_id").
		Joins("LEFT JOIN users u ON u.id = r.created_by").
		Joins("LEFT JOIN user_profiles up ON up.user_id = r.created_by").
		Select("r.*, COALESCE(g.name, '') AS group_name, COALESCE(p.country_code, '') AS country_code, " +
			"COALESCE(a.name, '') AS ad_group_name, COALESCE(NULLIF(up.name, ''), u.account, '') AS creator_name").
		Order("r.created_at DESC").Order("r.id DESC").Offset(f.Offset).Limit(f.Limit).Scan(&rows).Error
	return rows, total, err
}

// RuleOf reads a rule of the company by id within the user's store groups.
func RuleOf(db *models.DB, companyID, userID, id int64) (Rule, error) {
	var r Rule
	err := db.Where("company_id = ? AND id = ?", companyID, id).Scopes(models.InGrantedGroups("group_id", userID)).Take(&r).Error
	return r, err
}

// EnabledRules reads every company's enabled rules, oldest first: the daily job's list.
func EnabledRules(db *models.DB, companyID int64) ([]Rule, error) {
	var out []Rule
	q := db.Where("enabled = ?", true)
	if companyID != 0 {
		q = q.Where("company_id = ?", companyID)
	}
	return out, q.Order("id").Find(&out).Error
}

// SaveRule writes a rule (a new one when its id is not yet stored).
func SaveRule(db *models.DB, r *Rule) error { return db.Save(r).Error }

// SetRulesEnabled switches the company's rules of ids within the user's store groups on or off, answering how many.
func SetRulesEnabled(db *models.DB, companyID, userID int64, ids []int64, on bool, now time.Time) (int64, error) {
	res := db.Model(&Rule{}).Where("company_id = ? AND id IN ?", companyID, ids).Scopes(models.InGrantedGroups("group_id", userID)).
		Updates(map[string]any{"enabled": on, "updated_at": now})
	return res.RowsAffected, res.Error
}

// DeleteRules deletes the company's rules of ids within the user's store groups with their runs; the operations
// they made stay in 操作记录.
func DeleteRules(db *models.DB, companyID, userID int64, ids []int64) (int64, error) {
	var mine []int64
	if err := db.Model(&Rule{}).Where("company_id = ? AND id IN ?", companyID, ids).
		Scopes(models.InGrantedGroups("group_id", userID)).Pluck("id", &mine).Error; err != nil || len(mine) == 0 {
		return 0, err
	}
	if err := db.Exec("DELETE FROM adv_rule_runs WHERE company_id = ? AND rule_id IN ?", companyID, mine).Error; err != nil {
		return 0, err
	}
	res := db.Where("company_id = ? AND id IN ?", companyID, mine).Delete(&Rule{})
	return res.RowsAffected, res.Error
}

// ClaimRuleRun keeps that a rule runs on a day of data; false: it already has (the key refused a second row).
func ClaimRuleRun(db *models.DB, companyID, ruleID int64, day string, now time.Time) (bool, error) {
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Table("adv_rule_runs").Create(map[string]any{
		"rule_id": ruleID, "data_day": day, "company_id": companyID, "changed": 0, "refused": 0, "created_at": now})
	return res.RowsAffected == 1, res.Error
}

// FinishRuleRun writes what a run did to its row and its rule.
func FinishRuleRun(db *models.DB, companyID, ruleID int64, day string, changed, refused int, now time.Time) error {
	if err := db.Exec("UPDATE adv_rule_runs SET changed = ?, refused = ? WHERE rule_id = ? AND data_day = ?",
		changed, refused, ruleID, day).Error; err != nil {
		return err
	}
	return db.Model(&Rule{}).Where("company_id = ? AND id = ?", companyID, ruleID).Updates(map[string]any{
		"last_day": day, "last_run_at": now, "last_changed": changed, "last_refused": refused}).Error
}

// RuleScope is what a rule reads: a company's store group and one of its profiles (0: all).
type RuleScope struct {
	CompanyID, GroupID, ProfileID int64
}

func (s RuleScope) where(q *gorm.DB, alias string) *gorm.DB {
	q = q.Where(alias+".company_id = ? AND "+alias+".group_id = ?", s.CompanyID, s.GroupID)
	if s.ProfileID != 0 {
		q = q.Where(alias+".profile_id = ?", s.ProfileID)
	}
	return q
}

// NewestDay is the scope's newest day of campaign figures ("" without any): a rule's day of data.
func NewestDay(db *models.DB, s RuleScope) (string, error) {
	var day *string
	err := s.where(db.Table("adv_campaign_days d"), "d").Select("MAX(d.day)").Scan(&day).Error
	if day == nil {
		return "", err
	}
	return *day, err
}

// Sums are figures summed over days.
type Sums struct {
	Impressions, Clicks, Orders int64
	Cost, Sales                 int64 // ten-thousandths
}

// RuleKeyword is an enabled keyword of an enabled campaign with its figures over a rule's days.
type RuleKeyword struct {
	ID            int64
	ProfileID     int64
	MarketplaceID string
	Currency      string
	KeywordID     string
	Text          string
	MatchType     string
	Bid           int64
	AdGroupID     string
	CampaignID    string
	CampaignName  string
	Sums
}

// RuleKeywords reads the scope's enabled keywords of enabled Sponsored Products campaigns and ad groups with their
// targeting days summed from start to end (both included).
func RuleKeywords(db *models.DB, s RuleScope, start, end string) ([]RuleKeyword, error) {
	days := s.where(db.Table("adv_target_days t"), "t").Where("t.day >= ? AND t.day <= ?", start, end).
		Select("t.profile_id, t.target_id, SUM(t.impressions) AS impressions, SUM(t.clicks) AS clicks, " +
			"SUM(t.orders) AS orders, SUM(t.cost) AS cost, SUM(t.sales) AS sales").Group("t.profile_id, t.target_id")
	out := []RuleKeyword{}
	err := s.where(db.Table("adv_keywords k"), "k").Where("k.state = ? AND c.state = ? AND g.state = ? AND c.ad_type = ?", "ENABLED", "ENABLED", "ENABLED", AdTypeSP).
		Joins("JOIN adv_campaigns c ON c.profile_id = k.profile_id AND c.campaign_id = k.campaign_id").
		Joins("JOIN adv_ad_groups g ON g.profile_id = k.profile_id AND g.ad_group_id = k.ad_group_id").
		Joins("JOIN adv_profiles p ON p.id = k.profile_id").
		Joins("LEFT JOIN (?) d ON d.profile_id = k.profile_id AND d.target_id = k.keyword_id", days).
		Select("k.id, k.profile_id, p.marketplace_id, p.currency_code AS currency, k.keyword_id, k.keyword_text AS text, " +
			"k.match_type, k.bid, k.ad_group_id, k.campaign_id, c.name AS campaign_name, COALESCE(d.impressions, 0) AS impressions, " +
			"COALESCE(d.clicks, 0) AS clicks, COALESCE(d.orders, 0) AS orders, COALESCE(d.cost, 0) AS cost, COALESCE(d.sales, 0) AS sales").
		Order("k.id").Scan(&out).Error
	return out, err
}

// RuleTerm is a search term of the scope summed over a rule's days, under the keyword or target that matched it
// most (its orders, then its id, decide).
type RuleTerm struct {
	TermKey
	CampaignID string
	AdGroupID  string
	Sums
}

// RuleTerms reads the profile's search terms with at least minOrders orders from start to end, each once (its
// figures under every keyword that matched it summed, keyed by the one with the most orders).
func RuleTerms(db *models.DB, s RuleScope, start, end string, minOrders int) ([]RuleTerm, error) {
	var rows []RuleTerm
	err := s.where(db.Table("adv_search_term_days t"), "t").Where("t.day >= ? AND t.day <= ?", start, end).
		Select("t.profile_id, t.target_id, t.search_term, MAX(t.campaign_id) AS campaign_id, MAX(t.ad_group_id) AS ad_group_id, " +
			"SUM(t.impressions) AS impressions, SUM(t.clicks) AS clicks, SUM(t.orders) AS orders, SUM(t.cost) AS cost, SUM(t.sales) AS sales").
		Group("t.profile_id, t.target_id, t.search_term").Order("t.search_term").Order("t.target_id").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	type key struct {
		profile int64
		term    string
	}
	at := map[key]int{}
	out := []RuleTerm{}
	for _, r := range rows {
		k := key{r.ProfileID, r.SearchTerm}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, r)
			continue
		}
		sum := out[i].Sums
		if r.Orders > out[i].Orders {
			out[i] = r
		}
		out[i].Impressions, out[i].Clicks = sum.Impressions+r.Impressions, sum.Clicks+r.Clicks
		out[i].Orders, out[i].Cost, out[i].Sales = sum.Orders+r.Orders, sum.Cost+r.Cost, sum.Sales+r.Sales
	}
	kept := out[:0]
	for _, r := range out {
		if r.Orders >= int64(minOrders) {
			kept = append(kept, r)
		}
	}
	return kept, nil
}

// RuleAdGroup is a rule's target ad group: where its search terms become keywords.
type RuleAdGroup struct {
	ID            int64
	GroupID       int64
	ProfileID     int64
	AdGroupID     string
	CampaignID    string
	Name          string
	State         string
	Currency      string
	TargetingType string
}

// ProfileInGroup tells whether the company's advertising profile (our id) belongs to the store group.
func ProfileInGroup(db *models.DB, companyID, profileID, groupID int64) (bool, error) {
	var n int64
	err := db.Table("adv_profiles p").Joins("JOIN adv_auths a ON a.id = p.auth_id").
		Where("p.company_id = ? AND p.id = ? AND a.group_id = ?", companyID, profileID, groupID).Count(&n).Error
	return n > 0, err
}

// RuleAdGroupOf reads the company's ad group by our id in a store group.
func RuleAdGroupOf(db *models.DB, companyID, groupID, id int64) (RuleAdGroup, error) {
	var g RuleAdGroup
	err := db.Table("adv_ad_groups e").Where("e.company_id = ? AND e.group_id = ? AND e.id = ?", companyID, groupID, id).
		Joins("JOIN adv_profiles p ON p.id = e.profile_id").
		Joins("LEFT JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id").
		Select("e.id, e.group_id, e.profile_id, e.ad_group_id, e.campaign_id, e.name, e.state, p.currency_code AS currency, " +
			"COALESCE(c.targeting_type, '') AS targeting_type").Take(&g).Error
	return g, err
}

// ExactTexts are the texts of an ad group's exact keywords (any state: Amazon refuses a duplicate of an archived
// one too).
func ExactTexts(db *models.DB, profileID int64, adGroupID string) ([]string, error) {
	var out []string
	err := db.Table("adv_keywords").Where("profile_id = ? AND ad_group_id = ? AND match_type = ?", profileID, adGroupID, "EXACT").
		Pluck("keyword_text", &out).Error
	return out, err
}

// RuleCampaign is an enabled campaign with a daily budget and its days' spend from a rule's start to end.
type RuleCampaign struct {
	ID         int64
	ProfileID  int64
	Currency   string
	CampaignID string
	Name       string
	Budget     int64
	// Spent are the days' costs, by day.
	Spent map[string]int64 `gorm:"-"`
}

// RuleCampaigns reads the scope's enabled Sponsored Products campaigns with a budget (the rules act through SP's
// calls), and their costs by day from start to end.
func RuleCampaigns(db *models.DB, s RuleScope, start, end string) ([]RuleCampaign, error) {
	out := []RuleCampaign{}
	if err := s.where(db.Table("adv_campaigns c"), "c").Where("c.state = ? AND c.budget > 0 AND c.ad_type = ?", "ENABLED", AdTypeSP).
		Joins("JOIN adv_profiles p ON p.id = c.profile_id").
		Select("c.id, c.profile_id, p.currency_code AS currency, c.campaign_id, c.name, c.budget").Order("c.id").Scan(&out).Error; err != nil {
		return nil, err
	}
	var days []struct {
		ProfileID  int64
		CampaignID string
		Day        string
		Cost       int64
	}
	if err := s.where(db.Table("adv_campaign_days d"), "d").Where("d.day >= ? AND d.day <= ?", start, end).
		Select("d.profile_id, d.campaign_id, d.day, d.cost").Scan(&days).Error; err != nil {
		return nil, err
	}
	type key struct {
		profile  int64
		campaign string
	}
	at := map[key]int{}
	for i := range out {
		out[i].Spent = map[string]int64{}
		at[key{out[i].ProfileID, out[i].CampaignID}] = i
	}
	for _, d := range days {
		if i, ok := at[key{d.ProfileID, d.CampaignID}]; ok {
			out[i].Spent[d.Day] = d.Cost
		}
	}
	return out, nil
}

// AdGroupSKU is a seller SKU an ad group advertises, with its profile's marketplace.
type AdGroupSKU struct {
	ProfileID     int64
	AdGroupID     string
	MarketplaceID string
	SKU           string
}

// AdGroupSKUs reads the SKUs of the scope's product ads that are not archived.
func AdGroupSKUs(db *models.DB, s RuleScope) ([]AdGroupSKU, error) {
	out := []AdGroupSKU{}
	err := s.where(db.Table("adv_product_ads a"), "a").Where("a.state <> ? AND a.sku <> ''", "ARCHIVED").
		Joins("JOIN adv_profiles p ON p.id = a.profile_id").
		Select("DISTINCT a.profile_id, a.ad_group_id, p.marketplace_id, a.sku").Scan(&out).Error
	return out, err
}

// ErrNoRule is a rule gone.
var ErrNoRule = errors.New("advertising: no such rule")

// RuleAdGroupChoice is an ad group a rule may add keywords to: of a manual campaign, not archived.
type RuleAdGroupChoice struct {
	ID           int64
	Name         string
	CampaignName string
	CountryCode  string
}

// RuleAdGroupChoices lists a store group's ad groups of manual campaigns that are not archived, within the user's
// store groups, by campaign and name.
func RuleAdGroupChoices(db *models.DB, companyID, userID, groupID int64) ([]RuleAdGroupChoice, error) {
	out := []RuleAdGroupChoice{}
	err := db.Table("adv_ad_groups e").Where("e.company_id = ? AND e.group_id = ? AND e.state <> ?", companyID, groupID, "ARCHIVED").
		Scopes(models.InGrantedGroups("e.group_id", userID)).
		Joins("JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id").
		Joins("JOIN adv_profiles p ON p.id = e.profile_id").
		Where("c.targeting_type = ? AND c.state <> ?", "MANUAL", "ARCHIVED").
		Select("e.id, e.name, c.name AS campaign_name, p.country_code").Order("p.country_code").Order("c.name").Order("e.name").
		Limit(1000).Scan(&out).Error
	return out, err
}
