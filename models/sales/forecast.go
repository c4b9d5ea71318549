package sales

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// SalesPlan is the seller's own units of a seller SKU of a store group in a marketplace and month (yyyy-MM), typed
// in 销售预测 (00127_sales_plans.sql).
type SalesPlan struct {
	CompanyID     int64  `gorm:"primaryKey;autoIncrement:false"`
	GroupID       int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID string `gorm:"primaryKey"`
	SKU           string `gorm:"column:sku;primaryKey"`
	Month         string `gorm:"primaryKey"`
	Units         int
	UpdatedBy     int64
	UpdatedAt     time.Time
}

// ForecastFilter narrows the forecast's lines: a store group (0: all granted), a marketplace and a part of the SKU.
type ForecastFilter struct {
	GroupID       int64
	MarketplaceID string
	SKU           string
}

// MonthUnits are a line's units sold in a month of its marketplace, with the names its sales give it.
type MonthUnits struct {
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Month         string
	ASIN          string `gorm:"column:asin"`
	ProductName   string
	Units         int64
}

// MonthOut is how many days of a month a line had no sellable FBA stock (the ledger's sellable units 0 at the day's
// start and end, summed over the fulfilment centres), as 亚马逊补货计划 counts them.
type MonthOut struct {
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Month         string
	Days          int
}

func (f ForecastFilter) scope(table string, companyID, userID int64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		q = q.Scopes(models.InCompany(table, companyID), models.InGrantedGroups(table+".group_id", userID))
		if f.GroupID != 0 {
			q = q.Where(table+".group_id = ?", f.GroupID)
		}
		if f.MarketplaceID != "" {
			q = q.Where(table+".marketplace_id = ?", f.MarketplaceID)
		}
		if f.SKU != "" {
			q = q.Where(table+".sku LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.SKU))
		}
		return q
	}
}

// ForecastHistory reads the lines' units per month from the monthly sales summary and their days out of stock per
// month from the FBA ledger, for the months from and to (yyyy-MM, both included), in the groups the user is granted.
func ForecastHistory(db *models.DB, companyID, userID int64, f ForecastFilter, from, to string) ([]MonthUnits, []MonthOut, error) {
	var units []MonthUnits
	err := db.Table("sales_sku_months").Scopes(f.scope("sales_sku_months", companyID, userID)).
		Select("group_id, marketplace_id, sku, month, MAX(asin) AS asin, MAX(product_name) AS product_name, SUM(units) AS units").
		Where("month >= ? AND month <= ?", from, to).Group("group_id, marketplace_id, sku, month").Find(&units).Error
	if err != nil {
		return nil, nil, err
	}
	outDays := db.Table("fba_ledger_balances").Scopes(f.scope("fba_ledger_balances", companyID, userID)).
		Select("group_id, marketplace_id, sku, day").
		Where("disposition = 'SELLABLE' AND day >= ? AND day <= ?", from+"-01", to+"-31").
		Group("group_id, marketplace_id, sku, day").Having("SUM(starting) <= 0 AND SUM(ending) <= 0")
	var outs []MonthOut
	err = db.Table("(?) o", outDays).Select("group_id, marketplace_id, sku, SUBSTR(day, 1, 7) AS month, COUNT(*) AS days").
		Group("group_id, marketplace_id, sku, SUBSTR(day, 1, 7)").Find(&outs).Error
	return units, outs, err
}

// PlansOf reads the plans of the months from and to (yyyy-MM, both included) in the groups the user is granted.
func PlansOf(db *models.DB, companyID, userID int64, f ForecastFilter, from, to string) ([]SalesPlan, error) {
	var out []SalesPlan
	err := db.Table("sales_plans").Scopes(f.scope("sales_plans", companyID, userID)).
		Where("month >= ? AND month <= ?", from, to).Find(&out).Error
	return out, err
}

// SavePlans writes a line's plans: each row with units replaces the month's, each month of clear loses its plan.
func SavePlans(db *models.DB, rows []SalesPlan, clear []SalesPlan) error {
	for _, c := range clear {
		if err := db.Where("company_id = ? AND group_id = ? AND marketplace_id = ? AND sku = ? AND month = ?",
			c.CompanyID, c.GroupID, c.MarketplaceID, c.SKU, c.Month).Delete(&SalesPlan{}).Error; err != nil {
			return err
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "marketplace_id"}, {Name: "sku"}, {Name: "month"}},
		DoUpdates: clause.AssignmentColumns([]string{"units", "updated_by", "updated_at"})}).Create(&rows).Error
}
