// Package inventoryvalue keeps 存货价值's months: the stock of a closed month (结转) as it was valued at the
// month's end, and which months are closed.
package inventoryvalue

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// Line is a product's stock in a warehouse at a month's end with its unit cost and value (money units; nil: the
// product had no cost that day, its units are not in the value). OnHand is fulfillable + outbound; Inbound is
// on its way in (在途).
type Line struct {
	CompanyID     int64  `gorm:"primaryKey"`
	Month         string `gorm:"primaryKey"`
	WarehouseID   int64  `gorm:"primaryKey"`
	WarehouseName string
	WarehouseKind string
	ProductID     int64  `gorm:"primaryKey"`
	SKU           string `gorm:"column:sku"`
	ProductName   string
	OnHand        int
	Inbound       int
	UnitCost      *int64
	Value         *int64
}

func (Line) TableName() string { return "inventory_value_months" }

// Kept is a closed month: who closed it and when.
type Kept struct {
	CompanyID int64  `gorm:"primaryKey"`
	Month     string `gorm:"primaryKey"`
	KeptBy    int64
	KeptAt    time.Time
}

func (Kept) TableName() string { return "inventory_value_kept" }

// KeptMonths are the company's closed months from from to to (yyyy-MM, both included).
func KeptMonths(db *models.DB, companyID int64, from, to string) (map[string]Kept, error) {
	var rows []Kept
	err := db.Where("company_id = ? AND month >= ? AND month <= ?", companyID, from, to).Find(&rows).Error
	out := map[string]Kept{}
	for _, r := range rows {
		out[r.Month] = r
	}
	return out, err
}

// Keep closes a month with its lines, in one transaction; false when the month was closed already (by this call's
// twin too: the kept row's key decides).
func Keep(ctx context.Context, db *models.DB, k Kept, lines []Line) (bool, error) {
	kept := false
	err := db.Tx(ctx, func(tx *models.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&k)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		for i := range lines {
			lines[i].CompanyID, lines[i].Month = k.CompanyID, k.Month
		}
		if len(lines) > 0 {
			if err := tx.CreateInBatches(lines, 500).Error; err != nil {
				return err
			}
		}
		kept = true
		return nil
	})
	return kept, err
}

// Lines reads a closed month's lines outside the hidden warehouses, of one warehouse (0: all) and matching the
// search (SKU or name, any case).
func Lines(db *models.DB, companyID int64, month string, warehouseID int64, hidden []int64, search string) ([]Line, error) {
	q := db.Where("company_id = ? AND month = ?", companyID, month).Scopes(models.Outside("warehouse_id", hidden))
	if warehouseID != 0 {
		q = q.Where("warehouse_id = ?", warehouseID)
	}
	if s := strings.TrimSpace(search); s != "" {
		pattern := models.ContainsPattern(s)
		q = q.Where("(sku "+db.Caseless()+" OR product_name "+db.Caseless()+")", pattern, pattern)
	}
	var rows []Line
	err := q.Order("warehouse_name, warehouse_id, sku").Find(&rows).Error
	return rows, err
}
