package claims

import (
	"errors"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// FBAFeeFilter selects FBA费用报告's SKUs: the fee estimates of the store groups UserID is granted, of a store group
// and marketplace, whose SKU, FNSKU or ASIN contains Keyword; and their fulfilment fees settled in [From, To)
// (zero times leave the period open).
type FBAFeeFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Keyword       string
	From, To      time.Time
}

// FeeEstimateRow is a fee estimate with its store group's name.
type FeeEstimateRow struct {
	amazondatadb.FeeEstimate
	GroupName string
}

// FeeEstimates lists the filter's fee estimates by marketplace and SKU.
func FeeEstimates(db *models.DB, companyID int64, f FBAFeeFilter) ([]FeeEstimateRow, error) {
	t := "fba_fee_estimates"
	q := db.Table(t).Scopes(models.InCompany(t, companyID), models.InGrantedGroups(t+".group_id", f.UserID)).
		Joins("JOIN store_groups ON store_groups.id = " + t + ".group_id").
		Select(t + ".*, store_groups.name AS group_name")
	if f.GroupID != 0 {
		q = q.Where(t+".group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where(t+".marketplace_id = ?", f.MarketplaceID)
	}
	q = db.ContainsKeyword(q, f.Keyword, t+".sku", t+".fnsku", t+".asin")
	out := []FeeEstimateRow{}
	err := q.Order(t + ".marketplace_id, " + t + ".sku, " + t + ".id").Scan(&out).Error
	return out, err
}

// ChargedFee is what the settlements charged a store group's SKU in a marketplace and currency as the per-unit
// FBA fulfilment fee over the period: the fee (positive for a charge) and the units of its lines.
type ChargedFee struct {
	GroupID            int64
	MarketplaceID, SKU string
	Currency           string
	Fee                models.Money
	Units, Lines       int64
}

// ChargedFees sums the filter's FBAPerUnitFulfillmentFee lines of orders by store group, marketplace, SKU and
// currency (the keyword is the caller's: settlements know no ASIN). The profit index carries every column read.
func ChargedFees(db *models.DB, companyID int64, f FBAFeeFilter) ([]ChargedFee, error) {
	q := db.Table("settlement_lines r").Where("r.company_id = ? AND r.transaction_type = 'Order' AND "+
		"r.amount_type = 'ItemFees' AND r.amount_description = 'FBAPerUnitFulfillmentFee' AND r.posted_date IS NOT NULL", companyID).
		Scopes(models.InGrantedGroups("r.group_id", f.UserID))
	if !f.From.IsZero() {
		q = q.Where("r.posted_date >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("r.posted_date < ?", f.To)
	}
	if f.GroupID != 0 {
		q = q.Where("r.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("r.marketplace_id = ?", f.MarketplaceID)
	}
	cur, err := q.Select("r.group_id, r.marketplace_id, r.sku, r.currency, CAST(SUM(r.amount) AS BIGINT), " +
		"CAST(SUM(r.quantity_purchased) AS BIGINT), COUNT(*)").Group("r.group_id, r.marketplace_id, r.sku, r.currency").Rows()
	if err != nil {
		return nil, err
	}
	out := []ChargedFee{}
	for cur.Next() {
		var c ChargedFee
		var amount int64
		if err := cur.Scan(&c.GroupID, &c.MarketplaceID, &c.SKU, &c.Currency, &amount, &c.Units, &c.Lines); err != nil {
			cur.Close()
			return nil, err
		}
		c.Fee = models.MoneyFromUnits(-amount)
		out = append(out, c)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}
