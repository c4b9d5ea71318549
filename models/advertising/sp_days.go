package advertising

import (
	"time"

	"sellerhub/models"
)

// Figures are one day's numbers of a campaign or an advertised product.
type Figures struct {
	Impressions int64
	Clicks      int64
	Cost        models.Money
	Orders      int64
	Sales       models.Money
	Units       int64
}

// CampaignDay is a campaign's day.
type CampaignDay struct {
	CampaignID string
	Day        string
	Figures
}

// ProductDay is an advertised product's day (a product ad's).
type ProductDay struct {
	AdID       string
	Day        string
	CampaignID string
	AdGroupID  string
	SKU        string
	ASIN       string
	Figures
}

// TargetDay is a keyword's (or product target's) day.
type TargetDay struct {
	TargetID   string
	Day        string
	CampaignID string
	AdGroupID  string
	Figures
}

var (
	targetDaysTable = &models.UpsertTable{Name: "adv_target_days",
		Columns: []string{"company_id", "group_id", "profile_id", "target_id", "day", "campaign_id", "ad_group_id",
			"currency", "impressions", "clicks", "cost", "orders", "sales", "units", "created_at", "updated_at"},
		Key: []string{"profile_id", "target_id", "day"}, Keep: []string{"company_id"}}
	campaignDaysTable = &models.UpsertTable{Name: "adv_campaign_days",
		Columns: []string{"company_id", "group_id", "profile_id", "campaign_id", "day", "currency", "impressions", "clicks",
			"cost", "orders", "sales", "units", "ad_type", "created_at", "updated_at"},
		Key: []string{"profile_id", "campaign_id", "day"}, Keep: []string{"company_id"}}
	productDaysTable = &models.UpsertTable{Name: "adv_product_days",
		Columns: []string{"company_id", "group_id", "profile_id", "ad_id", "day", "marketplace_id", "campaign_id",
			"ad_group_id", "sku", "asin", "currency", "impressions", "clicks", "cost", "orders", "sales", "units",
			"ad_type", "created_at", "updated_at"},
		Key: []string{"profile_id", "ad_id", "day"}, Keep: []string{"company_id"}}
)

// ReplaceCampaignDays makes a profile's campaign days of an ad type (AdTypeSP, AdTypeSD, AdTypeSB) from start to
// end (YYYY-MM-DD, inclusive) those of a report: rows are upserted (an unchanged one is not written) and days the
// report no longer has are deleted, because attribution keeps moving for weeks; the other ad types' days stay.
// It returns the rows written or deleted. Run it in a transaction.
func ReplaceCampaignDays(db *models.DB, p Profile, adType, start, end string, rows []CampaignDay, now time.Time) (int64, error) {
	written, err := db.Upsert(campaignDaysTable, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.CampaignID, d.Day, p.Currency, d.Impressions, d.Clicks,
			d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, adType, now, now}
	})
	if err != nil {
		return written, err
	}
	keep := make(map[[2]string]bool, len(rows))
	for _, d := range rows {
		keep[[2]string{d.CampaignID, d.Day}] = true
	}
	gone, err := dropMissing(db, "adv_campaign_days", "campaign_id", p.ProfileID, adType, start, end, keep)
	return written + gone, err
}

// ReplaceProductDays is ReplaceCampaignDays for the advertised products' days (Sponsored Products' and Sponsored
// Display's).
func ReplaceProductDays(db *models.DB, p Profile, adType, start, end string, rows []ProductDay, now time.Time) (int64, error) {
	written, err := db.Upsert(productDaysTable, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.AdID, d.Day, p.MarketplaceID, d.CampaignID, d.AdGroupID,
			d.SKU, d.ASIN, p.Currency, d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, adType, now, now}
	})
	if err != nil {
		return written, err
	}
	keep := make(map[[2]string]bool, len(rows))
	for _, d := range rows {
		keep[[2]string{d.AdID, d.Day}] = true
	}
	gone, err := dropMissing(db, "adv_product_days", "ad_id", p.ProfileID, adType, start, end, keep)
	return written + gone, err
}

// ReplaceTargetDays is ReplaceCampaignDays for the keywords' and product targets' days.
func ReplaceTargetDays(db *models.DB, p Profile, start, end string, rows []TargetDay, now time.Time) (int64, error) {
	written, err := db.Upsert(targetDaysTable, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.TargetID, d.Day, d.CampaignID, d.AdGroupID, p.Currency,
			d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, now, now}
	})
	if err != nil {
		return written, err
	}
	keep := make(map[[2]string]bool, len(rows))
	for _, d := range rows {
		keep[[2]string{d.TargetID, d.Day}] = true
	}
	gone, err := dropMissing(db, "adv_target_days", "target_id", p.ProfileID, "", start, end, keep)
	return written + gone, err
}

// dropMissing deletes the profile's rows of the range (of the ad type, unless "": a table without one) whose key
// (idColumn, day) keep lacks.
func dropMissing(db *models.DB, table, idColumn string, profileID int64, adType, start, end string, keep map[[2]string]bool) (int64, error) {
	var stored []struct {
		ID  string
		Day string
	}
	q := db.Table(table).Select(idColumn+" AS id, day").Where("profile_id = ? AND day BETWEEN ? AND ?", profileID, start, end)
	if adType != "" {
		q = q.Where("ad_type = ?", adType)
	}
	err := q.Find(&stored).Error
	if err != nil {
		return 0, err
	}
	var n int64
	for _, s := range stored {
		if keep[[2]string{s.ID, s.Day}] {
			continue
		}
		res := db.Exec("DELETE FROM "+table+" WHERE profile_id = ? AND "+idColumn+" = ? AND day = ?", profileID, s.ID, s.Day)
		if res.Error != nil {
			return n, res.Error
		}
		n += res.RowsAffected
	}
	return n, nil
}
