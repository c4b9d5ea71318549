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

// WarehouseAt is a warehouse of the company as 库存货值 names it.
type WarehouseAt struct {
	ID        int64
	Name      string
	Kind      string
	GroupID   *int64
	GroupName string
}

// WarehousesAt lists the company's warehouses by name, then id (the order 库存货值's lines of equal value keep).
func WarehousesAt(db *models.DB, companyID int64) ([]WarehouseAt, error) {
	rows := []WarehouseAt{}
	err := db.Table("warehouses").Select("warehouses.id, warehouses.name, warehouses.kind, warehouses.group_id, "+
		"COALESCE(store_groups.name, '') AS group_name").
		Joins("LEFT JOIN store_groups ON store_groups.id = warehouses.group_id").
		Where("warehouses.company_id = ?", companyID).Order("warehouses.name, warehouses.id").Find(&rows).Error
	return rows, err
}

// Held is a product's quantities in a warehouse at a moment.
type Held struct {
	WarehouseID, ProductID         int64
	Inbound, Fulfillable, Outbound int
}

// EachHeld calls fn with each product's stock in each of the company's warehouses at a moment (zero: now, from the
// stock rows; else from each product's last ledger line before it, as StockOn reads), the rows with no unit left
// out, in no order. It reads the columns alone, row by row, in one statement: a company can hold a million lines,
// and a statement per warehouse read the whole table once per warehouse, as each page holds every warehouse's rows.
func EachHeld(db *models.DB, companyID int64, before time.Time, fn func(Held)) error {
	var q *gorm.DB
	if before.IsZero() {
		q = db.Table("stocks").Select("warehouse_id, product_id, inbound, fulfillable, outbound").
			Where("company_id = ? AND (inbound <> 0 OR fulfillable <> 0 OR outbound <> 0)", companyID)
	} else {
		ranked := db.Table("stock_ledger").Select("warehouse_id, product_id, inbound_after AS inbound, fulfillable_after AS fulfillable, "+
			"outbound_after AS outbound, ROW_NUMBER() OVER (PARTITION BY warehouse_id, product_id ORDER BY created_at DESC, id DESC) AS n").
			Where("company_id = ? AND created_at < ?", companyID, before)
		q = db.Table("(?) AS r", ranked).Select("warehouse_id, product_id, inbound, fulfillable, outbound").
			Where("n = 1 AND (inbound <> 0 OR fulfillable <> 0 OR outbound <> 0)")
	}
	rows, err := q.Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var h Held
		if err := rows.Scan(&h.WarehouseID, &h.ProductID, &h.Inbound, &h.Fulfillable, &h.Outbound); err != nil {
			return err
		}
		fn(h)
	}
	return rows.Err()
}

// ProductNamed is a local product's SKU, name and image.
type ProductNamed struct {
	ID    int64
	SKU   string `gorm:"column:sku"`
	Name  string
	Image string
}

// ProductsNamed answers the company's products' SKU, name and image, by id.
func ProductsNamed(db *models.DB, companyID int64) (map[int64]ProductNamed, error) {
	rows, err := db.Table("local_products").Select("id, sku, name, image").Where("company_id = ?", companyID).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]ProductNamed{}
	for rows.Next() {
		var p ProductNamed
		if err := rows.Scan(&p.ID, &p.SKU, &p.Name, &p.Image); err != nil {
			return nil, err
		}
		out[p.ID] = p
	}
	return out, rows.Err()
}

// ValueGeneration is what 库存货值's kept answers are good for: the company's generations of stock and warehouses
// ('replenishment', 00156) and of products' costs and names ('profit'), both only ever raised.
func ValueGeneration(db *models.DB, companyID int64) (int64, error) {
	var g int64
	err := db.Table("report_generations").Where("company_id = ? AND kind IN ?", companyID,
		[]string{models.GenerationReplenishment, models.GenerationProfit}).Select("COALESCE(SUM(generation), 0)").Scan(&g).Error
	return g, err
}
