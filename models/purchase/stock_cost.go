package purchase

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// StockCost is the weighted average cost of a product in a warehouse (CNY per unit, Money's units) after the last
// receipt into it.
type StockCost struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	WarehouseID int64
	ProductID   int64
	UnitCost    int64
	UpdatedAt   time.Time
}

// BeforeCreate gives a new cost its id.
func (c *StockCost) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// WeightedAverage is the average of have units at cost and got units at price, in Money's units rounded half up:
// (have × cost + got × price) ÷ (have + got).
func WeightedAverage(have int, cost int64, got int, price int64) int64 {
	if have+got <= 0 {
		return price
	}
	sum := decimal.NewFromInt(int64(have)).Mul(decimal.NewFromInt(cost)).Add(decimal.NewFromInt(int64(got)).Mul(decimal.NewFromInt(price)))
	return sum.Div(decimal.NewFromInt(int64(have + got))).Round(0).IntPart()
}

// StockCostOf reads the average cost of the product in the warehouse, locked until the transaction ends; ok is
// false when nothing was received there yet.
func StockCostOf(db *models.DB, companyID, warehouseID, productID int64) (cost int64, ok bool, err error) {
	var c StockCost
	err = db.Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(models.InCompany("stock_costs", companyID)).
		Where("stock_costs.warehouse_id = ? AND stock_costs.product_id = ?", warehouseID, productID).Take(&c).Error
	if models.IsNotFound(err) {
		return 0, false, nil
	}
	return c.UnitCost, err == nil, err
}

// SetStockCost stores the average cost of the product in the warehouse.
func SetStockCost(db *models.DB, companyID, warehouseID, productID, cost int64, now time.Time) error {
	c := StockCost{CompanyID: companyID, WarehouseID: warehouseID, ProductID: productID, UnitCost: cost, UpdatedAt: now}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "warehouse_id"}, {Name: "product_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"unit_cost", "updated_at"})}).Create(&c).Error
}

// ProductAverage is the product's average cost over the company's warehouses that have one, weighted by the units
// each holds (fulfillable and outbound), in Money's units rounded half up; where no warehouse holds any, the plain
// average of their costs. ok is false when no warehouse has a cost.
func ProductAverage(db *models.DB, companyID, productID int64) (int64, bool, error) {
	var rows []struct {
		UnitCost int64
		Units    int64
	}
	err := db.Table("stock_costs").Scopes(models.InCompany("stock_costs", companyID)).
		Select("stock_costs.unit_cost, COALESCE(stocks.fulfillable + stocks.outbound, 0) AS units").
		Joins("LEFT JOIN stocks ON stocks.warehouse_id = stock_costs.warehouse_id AND stocks.product_id = stock_costs.product_id").
		Where("stock_costs.product_id = ?", productID).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return 0, false, err
	}
	value, units, plain := decimal.Zero, int64(0), decimal.Zero
	for _, r := range rows {
		plain = plain.Add(decimal.NewFromInt(r.UnitCost))
		if r.Units > 0 {
			value = value.Add(decimal.NewFromInt(r.UnitCost).Mul(decimal.NewFromInt(r.Units)))
			units += r.Units
		}
	}
	if units == 0 {
		return plain.Div(decimal.NewFromInt(int64(len(rows)))).Round(0).IntPart(), true, nil
	}
	return value.Div(decimal.NewFromInt(units)).Round(0).IntPart(), true, nil
}
