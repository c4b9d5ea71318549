package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// StockAt is a product's stock in a warehouse at a moment, with the names a value list shows.
type StockAt struct {
	WarehouseID   int64
	WarehouseName string
	WarehouseKind string
	GroupID       *int64
	GroupName     string
	ProductID     int64
	SKU           string `gorm:"column:sku"`
	ProductName   string
	Image         string
	Inbound       int
	Fulfillable   int
	Outbound      int
}

// StockAtFilter narrows StockOn: a warehouse (0: all), the warehouses the user may not see, and the moment (zero:
// now, read from the stock rows; else each quantity as its last ledger line before it left it).
type StockAtFilter struct {
	WarehouseID int64
	Hidden      []int64
	Before      time.Time
}

// StockOn answers every product's stock in the company's warehouses the filter passes at a moment, the rows with
// no unit left out. A past moment is read from the ledger, which explains every quantity: the last line of each
// warehouse and product before it (by time, then id: one movement writes its lines at one time, in order).
func StockOn(db *models.DB, companyID int64, f StockAtFilter) ([]StockAt, error) {
	var source *gorm.DB
	if f.Before.IsZero() {
		source = db.Table("stocks").Select("warehouse_id, product_id, inbound, fulfillable, outbound").Where("company_id = ?", companyID)
	} else {
		ranked := db.Table("stock_ledger").Select("warehouse_id, product_id, inbound_after AS inbound, fulfillable_after AS fulfillable, "+
			"outbound_after AS outbound, ROW_NUMBER() OVER (PARTITION BY warehouse_id, product_id ORDER BY created_at DESC, id DESC) AS n").
			Where("company_id = ? AND created_at < ?", companyID, f.Before)
		source = db.Table("(?) AS r", ranked).Select("warehouse_id, product_id, inbound, fulfillable, outbound").Where("n = 1")
	}
	q := db.Table("(?) AS s", source).Select("s.warehouse_id, warehouses.name AS warehouse_name, warehouses.kind AS warehouse_kind, "+
		"warehouses.group_id, COALESCE(store_groups.name, '') AS group_name, s.product_id, local_products.sku, "+
		"local_products.name AS product_name, local_products.image, s.inbound, s.fulfillable, s.outbound").
		Joins("JOIN warehouses ON warehouses.id = s.warehouse_id").
		Joins("JOIN local_products ON local_products.id = s.product_id").
		Joins("LEFT JOIN store_groups ON store_groups.id = warehouses.group_id").
		Where("warehouses.company_id = ? AND (s.inbound <> 0 OR s.fulfillable <> 0 OR s.outbound <> 0)", companyID).
		Scopes(models.Outside("s.warehouse_id", f.Hidden))
	if f.WarehouseID != 0 {
		q = q.Where("s.warehouse_id = ?", f.WarehouseID)
	}
	rows := []StockAt{}
	err := q.Order("warehouses.name, s.warehouse_id, local_products.sku").Find(&rows).Error
	return rows, err
}
