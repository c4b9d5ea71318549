package advertising

import (
	"time"

	"sellerhub/models"
)

// BrandAd is a Sponsored Brands ad (v4): a creative of several of the brand's ASINs, each of which 利润报告 gives
// a share of the campaign's spend.
type BrandAd struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	GroupID    int64
	ProfileID  int64
	AdID       string
	AdGroupID  string
	CampaignID string
	Name       string
	State      string
	Headline   string
	BrandName  string
	// ASINs are the creative's and the landing page's, space-separated, each once.
	ASINs     string `gorm:"column:asins"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TableName is the Sponsored Brands ads' table.
func (BrandAd) TableName() string { return "adv_brand_ads" }

var brandAdsTable = &models.UpsertTable{Name: "adv_brand_ads",
	Columns: []string{"id", "company_id", "group_id", "profile_id", "ad_id", "ad_group_id", "campaign_id", "name", "state",
		"headline", "brand_name", "asins", "created_at", "updated_at"},
	Key: []string{"profile_id", "ad_id"}, Keep: []string{"company_id"}}

// SaveBrandAds upserts a profile's Sponsored Brands ads.
func SaveBrandAds(db *models.DB, p Profile, rows []BrandAd, now time.Time) (int64, error) {
	return db.Upsert(brandAdsTable, len(rows), func(i int) []any {
		a := &rows[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.ProfileID, a.AdID, a.AdGroupID, a.CampaignID, a.Name, a.State,
			a.Headline, a.BrandName, a.ASINs, now, now}
	})
}
