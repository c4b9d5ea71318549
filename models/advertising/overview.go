package advertising

import (
	"errors"

	"sellerhub/models"
)

// OverviewFilter is 广告概览's query: the user (store groups), a group, a profile (a store's 站点) and the days
// (YYYY-MM-DD, both included).
type OverviewFilter struct {
	UserID             int64
	GroupID, ProfileID int64
	Start, End         string
}

// ProfileDay is one profile's campaigns summed over a day, in the profile's currency.
type ProfileDay struct {
	ProfileID int64
	Day       string
	Currency  string
	Figures
}

// OverviewDays sums the campaigns' days by profile and day: every Sponsored Products figure of the days.
func OverviewDays(db *models.DB, companyID int64, f OverviewFilter) ([]ProfileDay, error) {
	q := db.Table("adv_campaign_days d").Where("d.company_id = ? AND d.day >= ? AND d.day <= ?", companyID, f.Start, f.End).
		Scopes(models.InGrantedGroups("d.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("d.group_id = ?", f.GroupID)
	}
	if f.ProfileID != 0 {
		q = q.Where("d.profile_id = ?", f.ProfileID)
	}
	cur, err := q.Select("d.profile_id, d.day, d.currency, CAST(SUM(d.impressions) AS BIGINT), CAST(SUM(d.clicks) AS BIGINT), " +
		"CAST(SUM(d.cost) AS BIGINT), CAST(SUM(d.orders) AS BIGINT), CAST(SUM(d.sales) AS BIGINT), CAST(SUM(d.units) AS BIGINT)").
		Group("d.profile_id, d.day, d.currency").Order("d.day").Order("d.profile_id").Rows()
	if err != nil {
		return nil, err
	}
	out := []ProfileDay{}
	for cur.Next() {
		var r ProfileDay
		var cost, sales int64
		if err := cur.Scan(&r.ProfileID, &r.Day, &r.Currency, &r.Impressions, &r.Clicks, &cost, &r.Orders, &sales, &r.Units); err != nil {
			cur.Close()
			return nil, err
		}
		r.Cost, r.Sales = models.MoneyFromUnits(cost), models.MoneyFromUnits(sales)
		out = append(out, r)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}
