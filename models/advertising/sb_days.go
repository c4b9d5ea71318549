package advertising

import (
	"time"

	"sellerhub/models"
)

// AdGroupDay is an ad group's day as an ad group report has it (Sponsored Brands' sbAdGroup).
type AdGroupDay struct {
	AdGroupID  string
	Day        string
	CampaignID string
	Figures
}

// BrandAdDay is a Sponsored Brands ad's day (sbAds).
type BrandAdDay struct {
	AdID       string
	Day        string
	CampaignID string
	AdGroupID  string
	Figures
}

var (
	adGroupDaysTable = &models.UpsertTable{Name: "adv_ad_group_days",
		Columns: []string{"company_id", "group_id", "profile_id", "ad_group_id", "day", "campaign_id", "ad_type", "currency",
			"impressions", "clicks", "cost", "orders", "sales", "units", "created_at", "updated_at"},
		Key: []string{"profile_id", "ad_group_id", "day"}, Keep: []string{"company_id"}}
	brandAdDaysTable = &models.UpsertTable{Name: "adv_brand_ad_days",
		Columns: []string{"company_id", "group_id", "profile_id", "ad_id", "day", "campaign_id", "ad_group_id", "ad_type",
			"currency", "impressions", "clicks", "cost", "orders", "sales", "units", "created_at", "updated_at"},
		Key: []string{"profile_id", "ad_id", "day"}, Keep: []string{"company_id"}}
)

// ReplaceAdGroupDays is ReplaceCampaignDays for an ad type's ad group days (Sponsored Brands').
func ReplaceAdGroupDays(db *models.DB, p Profile, adType, start, end string, rows []AdGroupDay, now time.Time) (int64, error) {
	return replaceDays(db, adGroupDaysTable, "ad_group_id", p.ProfileID, adType, start, end, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.AdGroupID, d.Day, d.CampaignID, adType, p.Currency,
			d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, now, now}
	}, func(i int) [2]string { return [2]string{rows[i].AdGroupID, rows[i].Day} })
}

// ReplaceBrandAdDays is ReplaceCampaignDays for the Sponsored Brands ads' days.
func ReplaceBrandAdDays(db *models.DB, p Profile, start, end string, rows []BrandAdDay, now time.Time) (int64, error) {
	return replaceDays(db, brandAdDaysTable, "ad_id", p.ProfileID, AdTypeSB, start, end, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.AdID, d.Day, d.CampaignID, d.AdGroupID, AdTypeSB, p.Currency,
			d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, now, now}
	}, func(i int) [2]string { return [2]string{rows[i].AdID, rows[i].Day} })
}
