package advertising

import (
	"errors"

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

// SpendBySKUMonth sums the company's Sponsored Products spend by advertised SKU and month: 利润报告's 广告费.
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
