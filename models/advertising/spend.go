package advertising

import (
	"errors"
	"strconv"
	"strings"

	"sellerhub/models"
)

// SKUSpend is what the advertised products of one seller SKU cost in a month (the days' own months, in the
// profile's time zone as Amazon dates them), by store group, marketplace and currency.
type SKUSpend struct {
	Month         string
	GroupID       int64
	MarketplaceID string
	SKU           string
	Currency      string
	Cost          models.Money
}

// SpendFilter limits SpendBySKUMonth: the user (store groups), a group, a marketplace, a part of the SKU and
// the months (yyyy-MM, both included).
type SpendFilter struct {
	UserID             int64
	GroupID            int64
	MarketplaceID      string
	Search             string
	FromMonth, ToMonth string
}

// SpendBySKUMonth sums the company's Sponsored Products and Sponsored Display spend by advertised SKU and month:
// 利润报告's 广告费 (BrandSpendByMonth has Sponsored Brands', whose ads show several SKUs).
func SpendBySKUMonth(db *models.DB, companyID int64, f SpendFilter) ([]SKUSpend, error) {
	q := db.Table("adv_product_days d").Where("d.company_id = ? AND d.day >= ? AND d.day < ?", companyID,
		f.FromMonth+"-01", f.ToMonth+"-32").Scopes(models.InGrantedGroups("d.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("d.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("d.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		q = q.Where("d.sku "+db.Caseless(), models.ContainsPattern(f.Search))
	}
	cur, err := q.Select("SUBSTR(d.day, 1, 7), d.group_id, d.marketplace_id, d.sku, d.currency, CAST(SUM(d.cost) AS BIGINT)").
		Group("SUBSTR(d.day, 1, 7), d.group_id, d.marketplace_id, d.sku, d.currency").Rows()
	if err != nil {
		return nil, err
	}
	out := []SKUSpend{}
	for cur.Next() {
		var s SKUSpend
		var cost int64
		if err := cur.Scan(&s.Month, &s.GroupID, &s.MarketplaceID, &s.SKU, &s.Currency, &cost); err != nil {
			cur.Close()
			return nil, err
		}
		s.Cost = models.MoneyFromUnits(cost)
		out = append(out, s)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// GroupsWithAds are the company's store groups whose advertising has been synced (a campaign is kept): their
// SKUs' 广告费 is the synced spend, not "not synced".
func GroupsWithAds(db *models.DB, companyID int64) (map[int64]bool, error) {
	var ids []int64
	err := db.Table("adv_campaigns").Where("company_id = ?", companyID).Distinct("group_id").Pluck("group_id", &ids).Error
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// BrandSpend is what a Sponsored Brands campaign cost in a month, with the seller SKUs its ads show: the SKUs of
// the profile's product ads (Sponsored Products' and Display's) of the ads' ASINs.
type BrandSpend struct {
	Month         string
	GroupID       int64
	MarketplaceID string
	Currency      string
	ProfileID     int64
	CampaignID    string
	Cost          models.Money
	SKUs          []string
}

// BrandSpendByMonth sums the company's Sponsored Brands spend by campaign and month (the days' months), limited
// as SpendBySKUMonth is but for the SKU search, which the spread over a campaign's SKUs needs all of.
func BrandSpendByMonth(db *models.DB, companyID int64, f SpendFilter) ([]BrandSpend, error) {
	q := db.Table("adv_campaign_days d").Joins("LEFT JOIN adv_profiles p ON p.id = d.profile_id").
		Where("d.company_id = ? AND d.ad_type = ? AND d.day >= ? AND d.day < ?", companyID, AdTypeSB,
			f.FromMonth+"-01", f.ToMonth+"-32").Scopes(models.InGrantedGroups("d.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("d.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("p.marketplace_id = ?", f.MarketplaceID)
	}
	cur, err := q.Select("SUBSTR(d.day, 1, 7), d.group_id, COALESCE(p.marketplace_id, ''), d.currency, d.profile_id, " +
		"d.campaign_id, CAST(SUM(d.cost) AS BIGINT)").
		Group("SUBSTR(d.day, 1, 7), d.group_id, COALESCE(p.marketplace_id, ''), d.currency, d.profile_id, d.campaign_id").
		Order("1, 2, 3, 5, 6").Rows()
	if err != nil {
		return nil, err
	}
	out := []BrandSpend{}
	for cur.Next() {
		var s BrandSpend
		var cost int64
		if err := cur.Scan(&s.Month, &s.GroupID, &s.MarketplaceID, &s.Currency, &s.ProfileID, &s.CampaignID, &cost); err != nil {
			cur.Close()
			return nil, err
		}
		s.Cost = models.MoneyFromUnits(cost)
		out = append(out, s)
	}
	if err := errors.Join(cur.Err(), cur.Close()); err != nil || len(out) == 0 {
		return out, err
	}
	skus, err := brandSKUs(db, companyID)
	for i := range out {
		out[i].SKUs = skus[[2]string{strconv.FormatInt(out[i].ProfileID, 10), out[i].CampaignID}]
	}
	return out, err
}

// brandSKUs are the SKUs of each Sponsored Brands campaign's ads (by profile and campaign id), in the order of the
// ads' ASINs, each once.
func brandSKUs(db *models.DB, companyID int64) (map[[2]string][]string, error) {
	var ads []BrandAd
	if err := db.Select("profile_id, campaign_id, asins").Where("company_id = ?", companyID).Order("ad_id").Find(&ads).Error; err != nil {
		return nil, err
	}
	var products []ProductAd
	if err := db.Distinct("profile_id", "asin", "sku").Where("company_id = ? AND sku <> '' AND asin <> ''", companyID).
		Order("profile_id, asin, sku").Find(&products).Error; err != nil {
		return nil, err
	}
	skusOf := map[[2]string][]string{}
	for _, p := range products {
		k := [2]string{strconv.FormatInt(p.ProfileID, 10), p.ASIN}
		skusOf[k] = append(skusOf[k], p.SKU)
	}
	out := map[[2]string][]string{}
	seen := map[[3]string]bool{}
	for _, a := range ads {
		profile := strconv.FormatInt(a.ProfileID, 10)
		k := [2]string{profile, a.CampaignID}
		for _, asin := range strings.Fields(a.ASINs) {
			for _, sku := range skusOf[[2]string{profile, asin}] {
				if !seen[[3]string{profile, a.CampaignID, sku}] {
					seen[[3]string{profile, a.CampaignID, sku}] = true
					out[k] = append(out[k], sku)
				}
			}
		}
	}
	return out, nil
}
