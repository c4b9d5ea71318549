// Package advertising holds the synced Sponsored Products of each advertising profile: campaigns, ad groups,
// keywords and product ads as the Advertising API lists them, and their daily figures from its reports.
package advertising

import (
	"time"

	"sellerhub/models"
)

// Profile is the profile a sync writes for: the company, its store group, our profile row, the marketplace and
// the currency of its amounts.
type Profile struct {
	CompanyID     int64
	GroupID       int64
	ProfileID     int64
	MarketplaceID string
	Currency      string
}

// Campaign is a Sponsored Products campaign.
type Campaign struct {
	ID              int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID       int64
	GroupID         int64
	ProfileID       int64
	CampaignID      string
	Name            string
	State           string
	TargetingType   string
	Budget          models.Money
	BudgetType      string
	BiddingStrategy string
	StartDate       string
	EndDate         string
	PortfolioID     string
	// AdType is the campaign's ad product: AdTypeSP (the default), AdTypeSD or AdTypeSB.
	AdType    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// The ad products a campaign is of.
const (
	AdTypeSP = "SP"
	AdTypeSD = "SD"
	AdTypeSB = "SB"
)

// TableName is the campaigns' table.
func (Campaign) TableName() string { return "adv_campaigns" }

// AdGroup is an ad group of a campaign.
type AdGroup struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	GroupID    int64
	ProfileID  int64
	AdGroupID  string
	CampaignID string
	Name       string
	State      string
	DefaultBid models.Money
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TableName is the ad groups' table.
func (AdGroup) TableName() string { return "adv_ad_groups" }

// Keyword is a keyword of an ad group.
type Keyword struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	GroupID     int64
	ProfileID   int64
	KeywordID   string
	AdGroupID   string
	CampaignID  string
	KeywordText string
	MatchType   string
	State       string
	Bid         models.Money
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName is the keywords' table.
func (Keyword) TableName() string { return "adv_keywords" }

// ProductAd is a seller SKU advertised in an ad group.
type ProductAd struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	GroupID    int64
	ProfileID  int64
	AdID       string
	AdGroupID  string
	CampaignID string
	SKU        string
	ASIN       string
	State      string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TableName is the product ads' table.
func (ProductAd) TableName() string { return "adv_product_ads" }

var (
	campaignsTable = &models.UpsertTable{Name: "adv_campaigns",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "campaign_id", "name", "state", "targeting_type",
			"budget", "budget_type", "bidding_strategy", "start_date", "end_date", "portfolio_id", "ad_type", "created_at", "updated_at"},
		Key: []string{"profile_id", "campaign_id"}, Keep: []string{"company_id"}}
	adGroupsTable = &models.UpsertTable{Name: "adv_ad_groups",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "ad_group_id", "campaign_id", "name", "state",
			"default_bid", "created_at", "updated_at"},
		Key: []string{"profile_id", "ad_group_id"}, Keep: []string{"company_id"}}
	keywordsTable = &models.UpsertTable{Name: "adv_keywords",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "keyword_id", "ad_group_id", "campaign_id",
			"keyword_text", "match_type", "state", "bid", "created_at", "updated_at"},
		Key: []string{"profile_id", "keyword_id"}, Keep: []string{"company_id"}}
	productAdsTable = &models.UpsertTable{Name: "adv_product_ads",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "ad_id", "ad_group_id", "campaign_id", "sku",
			"asin", "state", "created_at", "updated_at"},
		Key: []string{"profile_id", "ad_id"}, Keep: []string{"company_id"}}
)

// SaveCampaigns upserts a profile's campaigns; it returns the rows inserted or changed. Run it in a transaction.
func SaveCampaigns(db *models.DB, p Profile, rows []Campaign, now time.Time) (int64, error) {
	return db.Upsert(campaignsTable, len(rows), func(i int) []any {
		c := &rows[i]
		adType := c.AdType
		if adType == "" {
			adType = AdTypeSP
		}
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, c.CampaignID, c.Name, c.State, c.TargetingType,
			c.Budget.Units(), c.BudgetType, c.BiddingStrategy, c.StartDate, c.EndDate, c.PortfolioID, adType, now, now}
	})
}

// SaveAdGroups upserts a profile's ad groups.
func SaveAdGroups(db *models.DB, p Profile, rows []AdGroup, now time.Time) (int64, error) {
	return db.Upsert(adGroupsTable, len(rows), func(i int) []any {
		g := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, g.AdGroupID, g.CampaignID, g.Name, g.State,
			g.DefaultBid.Units(), now, now}
	})
}

// SaveKeywords upserts a profile's keywords.
func SaveKeywords(db *models.DB, p Profile, rows []Keyword, now time.Time) (int64, error) {
	return db.Upsert(keywordsTable, len(rows), func(i int) []any {
		k := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, k.KeywordID, k.AdGroupID, k.CampaignID,
			k.KeywordText, k.MatchType, k.State, k.Bid.Units(), now, now}
	})
}

// SaveProductAds upserts a profile's product ads.
func SaveProductAds(db *models.DB, p Profile, rows []ProductAd, now time.Time) (int64, error) {
	return db.Upsert(productAdsTable, len(rows), func(i int) []any {
		a := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, a.AdID, a.AdGroupID, a.CampaignID, a.SKU,
			a.ASIN, a.State, now, now}
	})
}

// NegativeKeyword is a negative keyword of an ad group.
type NegativeKeyword struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	GroupID     int64
	ProfileID   int64
	KeywordID   string
	AdGroupID   string
	CampaignID  string
	KeywordText string
	MatchType   string
	State       string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName is the negative keywords' table.
func (NegativeKeyword) TableName() string { return "adv_negative_keywords" }

// Target is a product targeting clause of an ad group.
type Target struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID      int64
	GroupID        int64
	ProfileID      int64
	TargetID       string
	AdGroupID      string
	CampaignID     string
	ExpressionType string
	Expression     string
	State          string
	Bid            models.Money
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName is the targets' table.
func (Target) TableName() string { return "adv_targets" }

var (
	negativeKeywordsTable = &models.UpsertTable{Name: "adv_negative_keywords",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "keyword_id", "ad_group_id", "campaign_id",
			"keyword_text", "match_type", "state", "created_at", "updated_at"},
		Key: []string{"profile_id", "keyword_id"}, Keep: []string{"company_id"}}
	targetsTable = &models.UpsertTable{Name: "adv_targets",
		Columns: []string{"id", "company_id", "group_id", "profile_id", "target_id", "ad_group_id", "campaign_id",
			"expression_type", "expression", "state", "bid", "created_at", "updated_at"},
		Key: []string{"profile_id", "target_id"}, Keep: []string{"company_id"}}
)

// SaveNegativeKeywords upserts a profile's negative keywords.
func SaveNegativeKeywords(db *models.DB, p Profile, rows []NegativeKeyword, now time.Time) (int64, error) {
	return db.Upsert(negativeKeywordsTable, len(rows), func(i int) []any {
		k := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, k.KeywordID, k.AdGroupID, k.CampaignID,
			k.KeywordText, k.MatchType, k.State, now, now}
	})
}

// SaveTargets upserts a profile's targeting clauses.
func SaveTargets(db *models.DB, p Profile, rows []Target, now time.Time) (int64, error) {
	return db.Upsert(targetsTable, len(rows), func(i int) []any {
		t := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, t.TargetID, t.AdGroupID, t.CampaignID,
			t.ExpressionType, t.Expression, t.State, t.Bid.Units(), now, now}
	})
}

// Portfolio is a portfolio of campaigns.
type Portfolio struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	GroupID     int64
	ProfileID   int64
	PortfolioID string
	Name        string
	State       string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName is the portfolios' table.
func (Portfolio) TableName() string { return "adv_portfolios" }

var portfoliosTable = &models.UpsertTable{Name: "adv_portfolios",
	Columns: []string{"id", "company_id", "group_id", "profile_id", "portfolio_id", "name", "state", "created_at", "updated_at"},
	Key:     []string{"profile_id", "portfolio_id"}, Keep: []string{"company_id"}}

// SavePortfolios upserts a profile's portfolios.
func SavePortfolios(db *models.DB, p Profile, rows []Portfolio, now time.Time) (int64, error) {
	return db.Upsert(portfoliosTable, len(rows), func(i int) []any {
		r := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, r.PortfolioID, r.Name, r.State, now, now}
	})
}

// NegativeTarget is a negative product target of an ad group: an ASIN or a brand it excludes.
type NegativeTarget struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	GroupID    int64
	ProfileID  int64
	TargetID   string
	AdGroupID  string
	CampaignID string
	// ExpressionType is ASIN_SAME_AS or ASIN_BRAND_SAME_AS; Value the ASIN or brand id; Expression the clause as
	// the console writes it.
	ExpressionType string
	Expression     string
	Value          string
	State          string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName is the negative product targets' table.
func (NegativeTarget) TableName() string { return "adv_negative_targets" }

// The kinds of negative product target.
const (
	NegativeASIN  = "ASIN_SAME_AS"
	NegativeBrand = "ASIN_BRAND_SAME_AS"
)

// NegativeExpression is a negative target as the console writes it: asin="B0..." or brand="123".
func NegativeExpression(kind, value string) string {
	if kind == NegativeBrand {
		return `brand="` + value + `"`
	}
	return `asin="` + value + `"`
}

var negativeTargetsTable = &models.UpsertTable{Name: "adv_negative_targets",
	Columns: []string{"id", "company_id", "group_id", "profile_id", "target_id", "ad_group_id", "campaign_id",
		"expression_type", "expression", "value", "state", "created_at", "updated_at"},
	Key: []string{"profile_id", "target_id"}, Keep: []string{"company_id"}}

// SaveNegativeTargets upserts a profile's negative product targets.
func SaveNegativeTargets(db *models.DB, p Profile, rows []NegativeTarget, now time.Time) (int64, error) {
	return db.Upsert(negativeTargetsTable, len(rows), func(i int) []any {
		t := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, t.TargetID, t.AdGroupID, t.CampaignID,
			t.ExpressionType, NegativeExpression(t.ExpressionType, t.Value), t.Value, t.State, now, now}
	})
}
