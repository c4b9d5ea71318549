package shipping

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/stock"
)

// ProductDeclaration is what a product is declared as on a customs invoice (报关/形式发票), kept on the product so
// the next shipment's invoice starts from it. UnitValue is per unit in Currency; nil until first declared.
type ProductDeclaration struct {
	ProductID int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	HSCode    string `gorm:"column:hs_code"`
	UnitValue *models.Money
	Currency  string
	NameEN    string `gorm:"column:name_en"`
	NameCN    string `gorm:"column:name_cn"`
	Material  string
	Purpose   string
	UpdatedAt time.Time
}

// CenterAddress is the address of a fulfilment centre as the company typed it for an invoice's consignee.
type CenterAddress struct {
	CompanyID int64  `gorm:"primaryKey;autoIncrement:false"`
	Center    string `gorm:"primaryKey"`
	Address   string
	UpdatedAt time.Time
}

// Invoice is what a shipment's customs invoice is made of: the shipment, its shipper (the company and the
// shipment warehouse's address, else the company's default ship-from address), the consignee (the destination
// centre's address as last typed, "" never), one line per item and the cartons' count and weight.
type Invoice struct {
	ID            int64
	ShipmentID    string
	GroupName     string
	MarketplaceID string
	Country       string
	Center        string
	Warehouse     string
	Status        int
	CreatedAt     time.Time
	ShippedAt     *time.Time
	CompanyName   string
	Shipper       *stock.Address
	Consignee     string
	Items         []InvoiceItem
	Cartons       int
	// GrossWeight is the cartons' weights summed (kg), valid only when every carton has one.
	GrossWeight decimal.NullDecimal
}

// InvoiceItem is one seller SKU of the shipment with its product's declaration (zero values where none is kept)
// and item weight (kg, for the net weight). Quantity is what left the warehouse once shipped, else the plan's.
type InvoiceItem struct {
	ProductID       int64
	SKU             string `gorm:"column:sku"`
	Name            string
	SellerSKU       string `gorm:"column:seller_sku"`
	Quantity        int
	QuantityShipped int
	Weight          decimal.NullDecimal
	HSCode          string `gorm:"column:hs_code"`
	UnitValue       *models.Money
	Currency        string
	NameEN          string `gorm:"column:name_en"`
	NameCN          string `gorm:"column:name_cn"`
	Material        string
	Purpose         string
}

// InvoiceOf loads the invoice of the company's shipment by its shipment id as userID may see it, or ErrNotFound
// (another company's, or of a store group the user is not granted). Items are in local SKU order.
func InvoiceOf(db *models.DB, companyID, userID int64, shipmentID string) (*Invoice, error) {
	var head struct {
		ID                                            int64
		ShipmentID, GroupName, MarketplaceID, Country string
		Center, Warehouse, CompanyName                string
		Status                                        int
		CreatedAt                                     time.Time
		ShippedAt                                     *time.Time
		WarehouseID                                   int64
	}
	err := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Select(`shipments.id, shipments.shipment_id, shipments.center, shipments.status, shipments.created_at,
			shipments.shipped_at, shipments.marketplace_id, shipments.warehouse_id, store_groups.name AS group_name,
			marketplaces.country, warehouses.name AS warehouse, companies.name AS company_name`).
		Joins("JOIN store_groups ON store_groups.id = shipments.group_id").
		Joins("JOIN marketplaces ON marketplaces.id = shipments.marketplace_id").
		Joins("JOIN warehouses ON warehouses.id = shipments.warehouse_id").
		Joins("JOIN companies ON companies.id = shipments.company_id").
		Where("shipments.shipment_id = ?", shipmentID).Take(&head).Error
	if err != nil {
		return nil, err
	}
	inv := &Invoice{ID: head.ID, ShipmentID: head.ShipmentID, GroupName: head.GroupName, MarketplaceID: head.MarketplaceID,
		Country: head.Country, Center: head.Center, Warehouse: head.Warehouse, Status: head.Status, CreatedAt: head.CreatedAt,
		ShippedAt: head.ShippedAt, CompanyName: head.CompanyName}
	err = db.Table("shipment_items").
		Select(`shipment_items.product_id, local_products.sku, local_products.name, shipment_items.seller_sku,
			shipment_items.quantity, shipment_items.quantity_shipped, local_products.weight,
			COALESCE(d.hs_code, '') AS hs_code, d.unit_value, COALESCE(d.currency, '') AS currency,
			COALESCE(d.name_en, '') AS name_en, COALESCE(d.name_cn, '') AS name_cn,
			COALESCE(d.material, '') AS material, COALESCE(d.purpose, '') AS purpose`).
		Joins("JOIN local_products ON local_products.id = shipment_items.product_id").
		Joins("LEFT JOIN product_declarations d ON d.product_id = shipment_items.product_id AND d.company_id = ?", companyID).
		Where("shipment_items.shipment_ref = ? AND shipment_items.company_id = ?", inv.ID, companyID).
		Order("local_products.sku, shipment_items.seller_sku").Scan(&inv.Items).Error
	if err != nil {
		return nil, err
	}
	if inv.Shipper, err = shipperAddress(db, companyID, head.WarehouseID); err != nil {
		return nil, err
	}
	var consignee []string
	if err := db.Table("center_addresses").Where("company_id = ? AND center = ?", companyID, inv.Center).
		Pluck("address", &consignee).Error; err != nil {
		return nil, err
	}
	if len(consignee) > 0 {
		inv.Consignee = consignee[0]
	}
	var weights []decimal.NullDecimal
	if err := db.Table("shipment_cartons").Where("shipment_ref = ? AND company_id = ?", inv.ID, companyID).
		Pluck("weight", &weights).Error; err != nil {
		return nil, err
	}
	inv.Cartons = len(weights)
	if len(weights) > 0 {
		inv.GrossWeight = decimal.NullDecimal{Valid: true}
		for _, w := range weights {
			inv.GrossWeight.Valid = inv.GrossWeight.Valid && w.Valid
			inv.GrossWeight.Decimal = inv.GrossWeight.Decimal.Add(w.Decimal)
		}
	}
	return inv, nil
}

// shipperAddress is where the goods leave from: the shipment warehouse's address (its default first), else the
// company's default ship-from address (发货地址), else nil.
func shipperAddress(db *models.DB, companyID, warehouseID int64) (*stock.Address, error) {
	var found []stock.Address
	err := db.Table("addresses").Scopes(models.InCompany("addresses", companyID)).
		Where("(addresses.kind = ? AND addresses.warehouse_id = ?) OR (addresses.kind = ? AND addresses.is_default = ?)",
			stock.AddressWarehouse, warehouseID, stock.AddressShipFrom, true).
		Order("CASE WHEN addresses.kind = '" + stock.AddressWarehouse + "' THEN 0 ELSE 1 END, addresses.is_default DESC, addresses.created_at").
		Limit(1).Find(&found).Error
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return &found[0], nil
}

// SaveDeclarations keeps each product's declaration (one of the company's products, checked by the caller),
// replacing the one kept before.
func SaveDeclarations(db *models.DB, ds []ProductDeclaration) error {
	if len(ds) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "product_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"hs_code", "unit_value", "currency", "name_en", "name_cn", "material", "purpose", "updated_at"})}).
		Create(&ds).Error
}

// SaveCenterAddress keeps the company's address of a fulfilment centre.
func SaveCenterAddress(db *models.DB, a *CenterAddress) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}, {Name: "center"}},
		DoUpdates: clause.AssignmentColumns([]string{"address", "updated_at"})}).Create(a).Error
}
