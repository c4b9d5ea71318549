package amazondata

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/catalog"
)

// FBAInventory is Amazon's FBA inventory of a seller SKU in a marketplace, as its last inventory report said it.
type FBAInventory struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	GroupID          int64
	SellerID         int64
	MarketplaceID    string
	SKU              string `gorm:"column:sku"`
	FNSKU            string `gorm:"column:fnsku"`
	ASIN             string `gorm:"column:asin"`
	Name             string
	ItemCondition    string
	YourPrice        models.Money
	Currency         string
	Warehouse        int
	Fulfillable      int
	Unsellable       int
	Reserved         int
	Total            int
	InboundWorking   int
	InboundShipped   int
	InboundReceiving int
	Researching      int
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName is the inventory's table: one row per SKU, not a list of inventories.
func (FBAInventory) TableName() string { return "fba_inventory" }

// BeforeCreate gives a new row its id.
func (f *FBAInventory) BeforeCreate(*gorm.DB) error {
	if f.ID == 0 {
		f.ID = models.NewID()
	}
	return nil
}

// fbaInventoryFigures are the columns a report line sets; a row is rewritten only when one of them differs.
var fbaInventoryFigures = []string{"company_id", "group_id", "fnsku", "asin", "name", "item_condition", "your_price",
	"currency", "warehouse", "fulfillable", "unsellable", "reserved", "total", "inbound_working", "inbound_shipped",
	"inbound_receiving", "researching"}

// UpsertFBAInventory writes report lines (unique by seller, marketplace and SKU within the call) in one statement:
// new SKUs are inserted, known ones updated where a figure differs. It answers how many rows were written, 0
// when every line is as stored.
func UpsertFBAInventory(db *models.DB, rows []FBAInventory) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	res := db.Clauses(models.UpsertChanged("fba_inventory", []string{"seller_id", "marketplace_id", "sku"}, fbaInventoryFigures)).
		Create(&rows)
	return res.RowsAffected, res.Error
}

// PairedSKUs maps the seller SKUs of a store group's marketplace that are paired with a local product to that
// product.
func PairedSKUs(db *models.DB, companyID, groupID int64, marketplaceID string) (map[string]int64, error) {
	var rows []catalog.Listing
	err := db.Select("listings.seller_sku, listings.product_id").Scopes(models.InCompany("listings", companyID)).
		Where("listings.group_id = ? AND listings.marketplace_id = ? AND listings.product_id IS NOT NULL", groupID, marketplaceID).
		Find(&rows).Error
	out := make(map[string]int64, len(rows))
	for _, l := range rows {
		out[l.SellerSKU] = *l.ProductID
	}
	return out, err
}

// listingReportColumns are the listing columns Amazon's all-listings report sets; the pairing, the FNSKU and the
// ASIN a report leaves empty are kept.
var listingReportColumns = []string{"item_name", "price", "currency", "quantity", "status", "fulfillment_channel", "open_date"}

// UpsertReportedListings writes listings from Amazon's all-listings report (unique by group, marketplace and
// seller SKU within the call) in one statement: a new seller SKU is inserted unpaired, a known one gets the
// report's columns (and its ASIN when the report has one) where they differ. It answers how many rows were written.
func UpsertReportedListings(db *models.DB, rows []catalog.Listing) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	c := models.UpsertChanged("listings", []string{"company_id", "group_id", "marketplace_id", "seller_sku"}, listingReportColumns)
	c.DoUpdates = append(c.DoUpdates, clause.Assignment{Column: clause.Column{Name: "asin"},
		Value: gorm.Expr("CASE WHEN excluded.asin = '' THEN listings.asin ELSE excluded.asin END")})
	w := c.Where.Exprs[0].(clause.Expr)
	w.SQL += " OR (excluded.asin <> '' AND excluded.asin <> listings.asin)"
	c.Where.Exprs[0] = w
	res := db.Clauses(c).Create(&rows)
	return res.RowsAffected, res.Error
}

// SellerHasFBAInventory tells whether any FBA stock figure of the seller account was ever read.
func SellerHasFBAInventory(db *models.DB, companyID, sellerID int64) (bool, error) {
	var n int64
	err := db.Model(&FBAInventory{}).Scopes(models.InCompany("fba_inventory", companyID)).
		Where("fba_inventory.seller_id = ?", sellerID).Limit(1).Count(&n).Error
	return n > 0, err
}
