package catalog

import (
	"fmt"
	"slices"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// CostsBeginning is the date of a cost that holds from the beginning (migration 00062): before any report line.
const CostsBeginning = "2000-01-01"

// ProductCost is a local product's unit cost (采购成本) and first-leg cost (头程), CNY per unit, from a date of the
// company's zone (yyyy-MM-dd) until the next row's; a product's earliest row also stands for the time before it,
// so that costs entered on a seller's first day cost the months already synced. Nil is not entered.
type ProductCost struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	ProductID     int64
	EffectiveFrom string
	UnitCost      decimal.NullDecimal
	FirstLeg      decimal.NullDecimal
	ChangedBy     *int64
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// BeforeCreate gives a new cost its id.
func (c *ProductCost) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// ProductCostRow is a cost as the history dialog shows it: with the name of who entered it ("" for a cost the
// migration carried over).
type ProductCostRow struct {
	ProductCost
	ChangedByName string `gorm:"->"`
}

// ProductCostHistory is one of the company's products' costs, the latest date first.
func ProductCostHistory(db *models.DB, companyID, productID int64) ([]ProductCostRow, error) {
	rows := []ProductCostRow{}
	err := db.Model(&ProductCost{}).Scopes(models.InCompany("product_costs", companyID)).
		Joins("LEFT JOIN users u ON u.id = product_costs.changed_by").
		Joins("LEFT JOIN user_profiles up ON up.user_id = product_costs.changed_by").
		Select("product_costs.*, COALESCE(NULLIF(up.name, ''), u.account, '') AS changed_by_name").
		Where("product_costs.product_id = ?", productID).Order("product_costs.effective_from DESC").Find(&rows).Error
	return rows, err
}

// CostHistories are the costs of the company's products named, each product's oldest first.
func CostHistories(db *models.DB, companyID int64, productIDs []int64) (map[int64][]ProductCost, error) {
	out := map[int64][]ProductCost{}
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	for i := 0; i < len(productIDs); i += chunk {
		var rows []ProductCost
		err := db.Scopes(models.InCompany("product_costs", companyID)).
			Where("product_costs.product_id IN ?", productIDs[i:min(i+chunk, len(productIDs))]).
			Order("product_costs.product_id, product_costs.effective_from").Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.ProductID] = append(out[r.ProductID], r)
		}
	}
	return out, nil
}

// CostOn is the cost in force on a date (yyyy-MM-dd) of a product's history, oldest first: the latest row from
// that date or before, else the earliest row; the zero cost when there is none.
func CostOn(history []ProductCost, date string) ProductCost {
	if len(history) == 0 {
		return ProductCost{}
	}
	i, _ := slices.BinarySearchFunc(history, date, func(c ProductCost, d string) int {
		if c.EffectiveFrom <= d {
			return -1
		}
		return 1
	})
	return history[max(i-1, 0)]
}

// SaveProductCosts writes products' costs of dates in batches: new rows, or the dates' rows changed. A product
// and date appear once.
func SaveProductCosts(db *models.DB, costs []*ProductCost) error {
	if len(costs) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "product_id"}, {Name: "effective_from"}},
		DoUpdates: clause.AssignmentColumns([]string{"unit_cost", "first_leg", "changed_by", "updated_at"})}).
		CreateInBatches(costs, 200).Error
}

// SyncProductCosts sets the products' price and first_leg, which the list shows, to their latest costs.
func SyncProductCosts(db *models.DB, companyID int64, productIDs []int64, now time.Time) error {
	const latest = "(SELECT pc.%s FROM product_costs pc WHERE pc.product_id = local_products.id ORDER BY pc.effective_from DESC LIMIT 1)"
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	for i := 0; i < len(productIDs); i += chunk {
		err := db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.id IN ?", productIDs[i:min(i+chunk, len(productIDs))]).
			Updates(map[string]any{"price": gorm.Expr(fmt.Sprintf(latest, "unit_cost")),
				"first_leg": gorm.Expr(fmt.Sprintf(latest, "first_leg")), "updated_at": now}).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// CreateProductCosts stores the first costs of new products in batches.
func CreateProductCosts(db *models.DB, costs []*ProductCost) error {
	if len(costs) == 0 {
		return nil
	}
	return db.CreateInBatches(costs, 200).Error
}
