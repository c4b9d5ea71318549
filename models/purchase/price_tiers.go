package purchase

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// PriceTier is a supplier's unit price of a product from MinQuantity units up (Money's units, tax included).
type PriceTier struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	SupplierID  int64
	ProductID   int64
	MinQuantity int
	UnitPrice   int64
	UpdatedAt   time.Time
}

// TableName is the tiers' table.
func (PriceTier) TableName() string { return "supplier_price_tiers" }

// BeforeCreate gives a new tier its id.
func (t *PriceTier) BeforeCreate(*gorm.DB) error {
	if t.ID == 0 {
		t.ID = models.NewID()
	}
	return nil
}

// PriceTiers lists a supplier's tiers of the products (all of the supplier's when none is named), by product and
// quantity.
func PriceTiers(db *models.DB, companyID, supplierID int64, productIDs []int64) ([]PriceTier, error) {
	out := []PriceTier{}
	q := db.Where("company_id = ? AND supplier_id = ?", companyID, supplierID)
	if len(productIDs) > 0 {
		q = q.Where("product_id IN ?", productIDs)
	}
	err := q.Order("product_id, min_quantity").Find(&out).Error
	return out, err
}

// ReplacePriceTiers makes tiers the supplier's whole list for the product, in one transaction.
func ReplacePriceTiers(db *models.DB, companyID, supplierID, productID int64, tiers []PriceTier) error {
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		err := tx.Where("company_id = ? AND supplier_id = ? AND product_id = ?", companyID, supplierID, productID).
			Delete(&PriceTier{}).Error
		if err != nil || len(tiers) == 0 {
			return err
		}
		return tx.Create(&tiers).Error
	})
}

// TierPrice is the price of the highest tier quantity reaches among a product's tiers (sorted by quantity).
func TierPrice(tiers []PriceTier, quantity int) (int64, bool) {
	price, found := int64(0), false
	for _, t := range tiers {
		if quantity >= t.MinQuantity {
			price, found = t.UnitPrice, true
		}
	}
	return price, found
}
