package amazondata

import (
	"time"

	"sellerhub/models"
)

// Reserved is a SKU's line of Amazon's reserved inventory report: its reserved units and why they are reserved
// (customer orders being picked, transfers between fulfilment centres, units sidelined for processing).
type Reserved struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID      int64
	GroupID        int64
	SellerID       int64
	MarketplaceID  string
	SKU            string `gorm:"column:sku"`
	FNSKU          string `gorm:"column:fnsku"`
	ASIN           string `gorm:"column:asin"`
	ProductName    string
	ReservedQty    int
	CustomerOrders int
	FCTransfers    int `gorm:"column:fc_transfers"`
	FCProcessing   int `gorm:"column:fc_processing"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName: a line per SKU of the latest file.
func (Reserved) TableName() string { return "fba_reserved_inventory" }

// Stranded is a SKU's line of Amazon's stranded inventory report: units in a fulfilment centre that cannot sell
// (no active offer), with Amazon's reason and the action it asks for.
type Stranded struct {
	ID                int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID         int64
	GroupID           int64
	SellerID          int64
	MarketplaceID     string
	SKU               string `gorm:"column:sku"`
	FNSKU             string `gorm:"column:fnsku"`
	ASIN              string `gorm:"column:asin"`
	ProductName       string
	ItemCondition     string
	PrimaryAction     string
	DateStranded      string
	AutoRemovalDate   string
	StatusPrimary     string
	StatusSecondary   string
	ErrorMessage      string
	StrandedReason    string
	FulfilledBy       string
	FulfillableQty    int
	UnfulfillableQty  int
	ReservedQty       int
	InboundShippedQty int
	YourPrice         models.Money
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// TableName: a line per SKU of the latest file.
func (Stranded) TableName() string { return "fba_stranded_inventory" }

var reservedTable = &models.UpsertTable{
	Name: "fba_reserved_inventory",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "sku", "fnsku", "asin", "product_name",
		"reserved_qty", "customer_orders", "fc_transfers", "fc_processing", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "sku"},
	Keep: []string{"company_id"},
}

var strandedTable = &models.UpsertTable{
	Name: "fba_stranded_inventory",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "sku", "fnsku", "asin", "product_name",
		"item_condition", "primary_action", "date_stranded", "auto_removal_date", "status_primary", "status_secondary",
		"error_message", "stranded_reason", "fulfilled_by", "fulfillable_qty", "unfulfillable_qty", "reserved_qty",
		"inbound_shipped_qty", "your_price", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "sku"},
	Keep: []string{"company_id"},
}

// ReplaceReserved makes lines (each SKU once, one seller account's marketplace) the marketplace's reserved
// inventory: changed lines are written, SKUs no longer reserved deleted, in one transaction. It returns how many
// rows were inserted, changed or deleted (0 for the same file again).
func ReplaceReserved(db *models.DB, sellerID int64, marketplaceID string, lines []Reserved) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		r := &lines[i]
		return []any{models.NewID(), r.CompanyID, r.GroupID, r.SellerID, r.MarketplaceID, r.SKU, r.FNSKU, r.ASIN, r.ProductName,
			r.ReservedQty, r.CustomerOrders, r.FCTransfers, r.FCProcessing, now, now}
	}
	skus := make([]string, len(lines))
	for i := range lines {
		skus[i] = lines[i].SKU
	}
	return replaceOfMarketplace(db, reservedTable, sellerID, marketplaceID, skus, row)
}

// ReplaceStranded is ReplaceReserved for the stranded inventory report.
func ReplaceStranded(db *models.DB, sellerID int64, marketplaceID string, lines []Stranded) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		s := &lines[i]
		return []any{models.NewID(), s.CompanyID, s.GroupID, s.SellerID, s.MarketplaceID, s.SKU, s.FNSKU, s.ASIN, s.ProductName,
			s.ItemCondition, s.PrimaryAction, s.DateStranded, s.AutoRemovalDate, s.StatusPrimary, s.StatusSecondary,
			s.ErrorMessage, s.StrandedReason, s.FulfilledBy, s.FulfillableQty, s.UnfulfillableQty, s.ReservedQty,
			s.InboundShippedQty, s.YourPrice.Units(), now, now}
	}
	skus := make([]string, len(lines))
	for i := range lines {
		skus[i] = lines[i].SKU
	}
	return replaceOfMarketplace(db, strandedTable, sellerID, marketplaceID, skus, row)
}

// replaceOfMarketplace upserts a whole file's rows of a seller account's marketplace and deletes the rows of SKUs
// the file no longer names: these reports list only the SKUs reserved or stranded now.
func replaceOfMarketplace(db *models.DB, t *models.UpsertTable, sellerID int64, marketplaceID string, skus []string,
	row func(int) []any) (int64, error) {
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		n, err := tx.Upsert(t, len(skus), row)
		if err != nil {
			return err
		}
		var ids []int64
		var kept []struct {
			ID  int64
			SKU string `gorm:"column:sku"`
		}
		if err := tx.Table(t.Name).Select("id, sku").Where("seller_id = ? AND marketplace_id = ?", sellerID, marketplaceID).
			Find(&kept).Error; err != nil {
			return err
		}
		named := make(map[string]bool, len(skus))
		for _, s := range skus {
			named[s] = true
		}
		for _, k := range kept {
			if !named[k.SKU] {
				ids = append(ids, k.ID)
			}
		}
		for start := 0; start < len(ids); start += 500 {
			part := ids[start:min(start+500, len(ids))]
			if err := tx.Exec("DELETE FROM "+t.Name+" WHERE id IN ?", part).Error; err != nil {
				return err
			}
		}
		written = n + int64(len(ids))
		return nil
	})
	return written, err
}

// ReservedOfSeller lists a seller account's reserved lines by marketplace and SKU.
func ReservedOfSeller(db *models.DB, companyID, sellerID int64) ([]Reserved, error) {
	out := []Reserved{}
	err := db.Scopes(models.InCompany("fba_reserved_inventory", companyID)).Where("fba_reserved_inventory.seller_id = ?", sellerID).
		Order("marketplace_id, sku").Find(&out).Error
	return out, err
}

// StrandedOfSeller lists a seller account's stranded lines by marketplace and SKU.
func StrandedOfSeller(db *models.DB, companyID, sellerID int64) ([]Stranded, error) {
	out := []Stranded{}
	err := db.Scopes(models.InCompany("fba_stranded_inventory", companyID)).Where("fba_stranded_inventory.seller_id = ?", sellerID).
		Order("marketplace_id, sku").Find(&out).Error
	return out, err
}
