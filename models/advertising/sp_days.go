package advertising

import (
	"cmp"
	"slices"
	"strings"
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
			"currency", "impressions", "clicks", "cost", "orders", "sales", "units", "ad_type", "created_at", "updated_at"},
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
	return replaceDays(db, campaignDaysTable, "campaign_id", p.ProfileID, adType, start, end, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.CampaignID, d.Day, p.Currency, d.Impressions, d.Clicks,
			d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, adType, now, now}
	}, func(i int) [2]string { return [2]string{rows[i].CampaignID, rows[i].Day} })
}

// ReplaceProductDays is ReplaceCampaignDays for the advertised products' days (Sponsored Products' and Sponsored
// Display's).
func ReplaceProductDays(db *models.DB, p Profile, adType, start, end string, rows []ProductDay, now time.Time) (int64, error) {
	return replaceDays(db, productDaysTable, "ad_id", p.ProfileID, adType, start, end, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.AdID, d.Day, p.MarketplaceID, d.CampaignID, d.AdGroupID,
			d.SKU, d.ASIN, p.Currency, d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, adType, now, now}
	}, func(i int) [2]string { return [2]string{rows[i].AdID, rows[i].Day} })
}

// ReplaceTargetDays is ReplaceCampaignDays for the keywords' and targets' days (Sponsored Products' keywords and
// product targets, Sponsored Brands' keywords and targets, Sponsored Display's targets). It raises the company's
// GenerationAdvTargets, last so that concurrent imports wait on its row briefly: the kept totals of 广告管理's
// ranges (target_totals.go) are summed again.
func ReplaceTargetDays(db *models.DB, p Profile, adType, start, end string, rows []TargetDay, now time.Time) (int64, error) {
	written, err := replaceDays(db, targetDaysTable, "target_id", p.ProfileID, adType, start, end, len(rows), func(i int) []any {
		d := &rows[i]
		return []any{p.CompanyID, p.GroupID, p.ProfileID, d.TargetID, d.Day, d.CampaignID, d.AdGroupID, p.Currency,
			d.Impressions, d.Clicks, d.Cost.Units(), d.Orders, d.Sales.Units(), d.Units, adType, now, now}
	}, func(i int) [2]string { return [2]string{rows[i].TargetID, rows[i].Day} })
	if err != nil || written == 0 {
		return written, err
	}
	return written, db.RaiseReportGeneration(p.CompanyID, models.GenerationAdvTargets)
}

// replaceDays writes a report's n rows over the profile's days start..end (of the ad type, unless ""): a range
// with nothing stored (a first read) takes them as new inserts, without the upsert's look at each key; otherwise
// they are upserted and the stored days the report no longer has are deleted. It returns the rows written or
// deleted.
func replaceDays(db *models.DB, t *models.UpsertTable, idColumn string, profileID int64, adType, start, end string, n int,
	row func(i int) []any, key func(i int) [2]string) (int64, error) {
	stored, err := storedDays(db, t.Name, idColumn, profileID, adType, start, end)
	if err != nil || len(stored) == 0 {
		if err != nil {
			return 0, err
		}
		if db.Driver == "postgres" {
			return db.InsertNew(t, n, row)
		}
		// On SQLite, in the key's order: a report lists its rows day by day, which put each insert into the key's
		// index at another entity's place; so ordered they fill it from one end, a page at a time. PostgreSQL's
		// COPY does not gain what the sort costs.
		type keyed struct {
			key [2]string
			i   int
		}
		order := make([]keyed, n)
		for i := range order {
			order[i] = keyed{key(i), i}
		}
		slices.SortFunc(order, func(a, b keyed) int {
			return cmp.Or(strings.Compare(a.key[0], b.key[0]), strings.Compare(a.key[1], b.key[1]))
		})
		return db.InsertNew(t, n, func(i int) []any { return row(order[i].i) })
	}
	written, err := db.Upsert(t, n, row)
	if err != nil {
		return written, err
	}
	keep := make(map[[2]string]bool, n)
	for i := range n {
		keep[key(i)] = true
	}
	gone, err := deleteMissing(db, t.Name, idColumn, profileID, stored, keep)
	return written + gone, err
}

// storedDay is a stored day's key.
type storedDay struct {
	ID  string
	Day string
}

// storedDays are the keys (idColumn, day) of the profile's rows of the range (of the ad type, unless "": a table
// without one).
func storedDays(db *models.DB, table, idColumn string, profileID int64, adType, start, end string) ([]storedDay, error) {
	var stored []storedDay
	q := db.Table(table).Select(idColumn+" AS id, day").Where("profile_id = ? AND day BETWEEN ? AND ?", profileID, start, end)
	if adType != "" {
		q = q.Where("ad_type = ?", adType)
	}
	return stored, q.Find(&stored).Error
}

// dropMissing deletes the profile's rows of the range (of the ad type, unless "") whose key keep lacks.
func dropMissing(db *models.DB, table, idColumn string, profileID int64, adType, start, end string, keep map[[2]string]bool) (int64, error) {
	stored, err := storedDays(db, table, idColumn, profileID, adType, start, end)
	if err != nil {
		return 0, err
	}
	return deleteMissing(db, table, idColumn, profileID, stored, keep)
}

// deleteMissing deletes the stored rows whose key keep lacks.
func deleteMissing(db *models.DB, table, idColumn string, profileID int64, stored []storedDay, keep map[[2]string]bool) (int64, error) {
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
