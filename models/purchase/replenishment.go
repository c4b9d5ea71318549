package purchase

import (
	"errors"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ReplenishmentSettings are a company's default inputs of 亚马逊补货计划 (see 00090_replenishment.sql).
type ReplenishmentSettings struct {
	CompanyID      int64 `gorm:"primaryKey;autoIncrement:false"`
	Weight7        int   `gorm:"column:weight7"`
	Weight14       int   `gorm:"column:weight14"`
	Weight30       int   `gorm:"column:weight30"`
	Weight60       int   `gorm:"column:weight60"`
	ProductionDays int
	FirstLegDays   int
	ReceivingDays  int
	SafetyDays     int
	CycleDays      int
	UpdatedAt      time.Time
}

// ReplenishmentSKUSetting is a seller SKU's own inputs in one store group's marketplace; nil takes the default.
type ReplenishmentSKUSetting struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID      int64
	GroupID        int64
	MarketplaceID  string
	SKU            string `gorm:"column:sku"`
	ProductionDays *int
	FirstLegDays   *int
	ReceivingDays  *int
	SafetyDays     *int
	CycleDays      *int
	AdjustPercent  int
	UpdatedAt      time.Time
}

// BeforeCreate gives a new setting its id.
func (s *ReplenishmentSKUSetting) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// Settings loads the company's defaults; found is false while it has none of its own.
func Settings(db *models.DB, companyID int64) (s ReplenishmentSettings, found bool, err error) {
	err = db.Where("company_id = ?", companyID).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return s, false, nil
	}
	return s, err == nil, err
}

// SaveSettings stores the company's defaults.
func SaveSettings(db *models.DB, s *ReplenishmentSettings) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"weight7", "weight14", "weight30", "weight60", "production_days",
			"first_leg_days", "receiving_days", "safety_days", "cycle_days", "updated_at"})}).Create(s).Error
}

// SKUSettings loads every seller SKU setting of the company.
func SKUSettings(db *models.DB, companyID int64) ([]ReplenishmentSKUSetting, error) {
	var out []ReplenishmentSKUSetting
	err := db.Where("company_id = ?", companyID).Find(&out).Error
	return out, err
}

// SaveSKUSetting stores a seller SKU's inputs, replacing those it had.
func SaveSKUSetting(db *models.DB, s *ReplenishmentSKUSetting) error {
	return db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "marketplace_id"}, {Name: "sku"}},
		DoUpdates: clause.AssignmentColumns([]string{"production_days", "first_leg_days", "receiving_days", "safety_days",
			"cycle_days", "adjust_percent", "updated_at"})}).Create(s).Error
}

// PlanKey names a replenishment line: a seller SKU of a store group in a marketplace.
type PlanKey struct {
	GroupID       int64
	MarketplaceID string
	SKU           string
}

// PlanFBA is Amazon's last word on a line's FBA stock, with its listing's names.
type PlanFBA struct {
	GroupID          int64
	MarketplaceID    string
	SKU              string `gorm:"column:sku"`
	ASIN             string `gorm:"column:asin"`
	Name             string
	Fulfillable      int
	Reserved         int
	InboundWorking   int
	InboundShipped   int
	InboundReceiving int
}

// PlanDay is a line's units sold on one day of its marketplace (yyyy-MM-dd).
type PlanDay struct {
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Day           string
	Units         int
}

// PlanStockDay is a line's sellable FBA units at the start and end of one day, summed over the fulfilment centres.
type PlanStockDay struct {
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Day           string
	Starting      int
	Ending        int
}

// PlanListing is a paired listing: its local product, the product's supplier and entered price (yuan).
type PlanListing struct {
	GroupID       int64
	MarketplaceID string
	SellerSKU     string
	ProductID     int64
	ProductSKU    string `gorm:"column:product_sku"`
	ProductName   string
	SupplierID    *int64
	SupplierName  string
	Price         decimal.NullDecimal
}

// PlanCount is a quantity per key: a product's units (local stock, open orders) or a line's (our shipments).
type PlanCount struct {
	ProductID     int64
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Units         int
}

// PlanData is everything a company's replenishment lines read, within the store groups the user is granted.
type PlanData struct {
	FBA       []PlanFBA
	Sales     []PlanDay
	Stock     []PlanStockDay
	Listings  []PlanListing
	Local     []PlanCount // per product: fulfillable units in own and overseas warehouses
	Ordered   []PlanCount // per product: units of open purchase orders not yet received nor closed
	Shipments []PlanCount // per line: units in our shipments Amazon's figures do not count yet
}

// ReadPlanData reads the company's FBA stock, the days from first to last (yyyy-MM-dd, both included) of sales
// and sellable stock, the paired listings, local stock, open purchase orders and unshipped shipments.
func ReadPlanData(db *models.DB, companyID, userID int64, first, last string) (*PlanData, error) {
	d := &PlanData{}
	granted := func(table string) func(*gorm.DB) *gorm.DB {
		return func(g *gorm.DB) *gorm.DB {
			return g.Scopes(models.InCompany(table, companyID), models.InGrantedGroups(table+".group_id", userID))
		}
	}
	err := db.Table("fba_inventory").Scopes(granted("fba_inventory")).
		Select("group_id, marketplace_id, sku, MAX(asin) AS asin, MAX(name) AS name, SUM(fulfillable) AS fulfillable, " +
			"SUM(reserved) AS reserved, SUM(inbound_working) AS inbound_working, SUM(inbound_shipped) AS inbound_shipped, " +
			"SUM(inbound_receiving) AS inbound_receiving").
		Group("group_id, marketplace_id, sku").Find(&d.FBA).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("sales_sku_days").Scopes(granted("sales_sku_days")).
		Select("group_id, marketplace_id, sku, day, CAST(SUM(units) AS BIGINT) AS units").
		Where("sales_sku_days.day >= ? AND sales_sku_days.day <= ?", first, last).
		Group("group_id, marketplace_id, sku, day").Find(&d.Sales).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("fba_ledger_balances").Scopes(granted("fba_ledger_balances")).
		Select("group_id, marketplace_id, sku, day, SUM(starting) AS starting, SUM(ending) AS ending").
		Where("fba_ledger_balances.disposition = 'SELLABLE' AND fba_ledger_balances.day >= ? AND fba_ledger_balances.day <= ?", first, last).
		Group("group_id, marketplace_id, sku, day").Find(&d.Stock).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("listings").Scopes(granted("listings")).
		Select("listings.group_id, listings.marketplace_id, listings.seller_sku, listings.product_id, " +
			"local_products.sku AS product_sku, local_products.name AS product_name, local_products.supplier_id, " +
			"suppliers.name AS supplier_name, local_products.price").
		Joins("JOIN local_products ON local_products.id = listings.product_id").
		Joins("LEFT JOIN suppliers ON suppliers.id = local_products.supplier_id").
		Where("listings.product_id IS NOT NULL").Find(&d.Listings).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("stocks").Scopes(models.InCompany("stocks", companyID)).
		Select("stocks.product_id, SUM(stocks.fulfillable) AS units").
		Joins("JOIN warehouses ON warehouses.id = stocks.warehouse_id").
		Where("warehouses.kind IN ('own', 'overseas') AND warehouses.disabled = ?", false).
		Group("stocks.product_id").Find(&d.Local).Error
	if err != nil {
		return nil, err
	}
	// Drafts count too: a suggestion turned into a draft order is not suggested again.
	err = db.Table("purchase_order_lines").Scopes(models.InCompany("purchase_order_lines", companyID)).
		Select("purchase_order_lines.product_id, SUM(purchase_order_lines.quantity - purchase_order_lines.received - purchase_order_lines.closed) AS units").
		Joins("JOIN purchase_orders ON purchase_orders.id = purchase_order_lines.order_id").
		Where("purchase_orders.status IN ?", []int{OrderDraft, OrderSubmitted, OrderApproved, OrderToPay, OrderToReceive}).
		Group("purchase_order_lines.product_id").Find(&d.Ordered).Error
	if err != nil {
		return nil, err
	}
	// Units of shipments not yet out of our warehouse, or out but not yet in Amazon's inbound figures.
	err = db.Table("shipment_items").Scopes(models.InCompany("shipment_items", companyID)).
		Select("shipments.group_id, shipments.marketplace_id, shipment_items.seller_sku AS sku, SUM(shipment_items.quantity) AS units").
		Joins("JOIN shipments ON shipments.id = shipment_items.shipment_ref").
		Scopes(models.InGrantedGroups("shipments.group_id", userID)).
		Where("shipments.status IN (1, 2, 3) OR (shipments.status = 4 AND shipments.amazon_status = '')").
		Group("shipments.group_id, shipments.marketplace_id, shipment_items.seller_sku").Find(&d.Shipments).Error
	if err != nil {
		return nil, err
	}
	return d, nil
}
