package models

import (
	"strings"
	"time"

	"gorm.io/gorm"
)

// StockRow is a product's stock in a warehouse as the stock list shows it: the quantities with the warehouse's
// name and the product's SKU, name and image.
type StockRow struct {
	Stock         `gorm:"embedded"`
	WarehouseName string
	SKU           string `gorm:"column:sku"`
	ProductName   string
	Image         string
}

// StockFilter narrows the stock list and the ledger: a warehouse and a product (0 for all), Search a part of the
// product's SKU or name. OrderBy is a column the caller has checked (never the client's text). UserID is the user
// reading, who sees no FBA warehouse of a store group not granted to them.
type StockFilter struct {
	UserID                 int64
	WarehouseID, ProductID int64
	Search                 string
	OrderBy                string
	Desc                   bool
	Offset, Limit          int
	Anchor                 Anchor
	// hidden are the warehouses UserID may not see (hiddenWarehouses), read once for the page.
	hidden []int64
}

// seen reads the warehouses the filter's user may not see into the filter; ok is false when it names one of them.
func (db *DB) seen(companyID int64, f *StockFilter) (ok bool, err error) {
	f.hidden, ok, err = db.warehouseSeen(companyID, f.UserID, f.WarehouseID)
	return ok, err
}

// stocks selects the company's stock rows the filter passes, joining the product only for a search or a product
// column of the order: the page's ids are read from this alone. The warehouse's name and the product's SKU are
// copied onto the stock row (migration 00039), so the default order and those sorts read the row's own index.
func (db *DB) stocks(companyID int64, f StockFilter) *gorm.DB {
	q := db.Table("stocks").Scopes(InCompany("stocks", companyID), outside("stocks.warehouse_id", f.hidden))
	if f.Search != "" || f.byProduct() {
		q = q.Joins("JOIN local_products ON local_products.id = stocks.product_id")
	}
	if f.WarehouseID != 0 {
		q = q.Where("stocks.warehouse_id = ?", f.WarehouseID)
	}
	if f.ProductID != 0 {
		q = q.Where("stocks.product_id = ?", f.ProductID)
	}
	return db.containsKeyword(q, f.Search, "local_products.sku", "local_products.name")
}

// byProduct tells whether the list is sorted by a column of the product rather than the list's own.
func (f StockFilter) byProduct() bool { return strings.HasPrefix(f.OrderBy, "local_products.") }

// listOrderOf is a stock list's order: orderBy's column when chosen, else fallback; the id last so that pages
// never overlap on equal values. A column of the product orders by offset only: it is not the list table's.
func listOrderOf(table string, f StockFilter, fallback PageOrder) PageOrder {
	col, own := strings.CutPrefix(f.OrderBy, table+".")
	switch {
	case f.OrderBy == "":
		return fallback
	case own:
		return ByKeys(table, f.Desc, col)
	}
	dir := ""
	if f.Desc {
		dir = " DESC"
	}
	return Ordered(f.OrderBy + dir + ", " + table + ".id" + dir)
}

// StockPage lists a page of the company's stock in the warehouses the user may see, by warehouse and SKU unless
// another order is asked, with the total. Within one warehouse (the filter) that order is the SKU's, which the
// index of warehouse and SKU serves.
func (db *DB) StockPage(companyID int64, f StockFilter) ([]StockRow, int64, error) {
	rows := []StockRow{}
	if ok, err := db.seen(companyID, &f); !ok || err != nil {
		return rows, 0, err
	}
	fallback := ByKeys("stocks", false, "warehouse_name", "sku")
	if f.WarehouseID != 0 {
		fallback = ByKeys("stocks", false, "sku")
	}
	p := listPage{matching: func() *gorm.DB { return db.stocks(companyID, f) }, id: "stocks.id",
		order: listOrderOf("stocks", f, fallback), offset: f.Offset, limit: f.Limit, anchor: f.Anchor, searched: f.Search != ""}
	total, err := readPage(db, p, p.of(func() *gorm.DB {
		return db.Table("stocks").Scopes(InCompany("stocks", companyID)).
			Joins("JOIN local_products ON local_products.id = stocks.product_id").
			Select("stocks.*, local_products.name AS product_name, local_products.image")
	}), &rows)
	return rows, total, err
}

// LedgerRow is a ledger line as the 库存流水 list shows it, with the warehouse's name, the product's SKU and name
// and the operator's name.
type LedgerRow struct {
	StockLedgerLine `gorm:"embedded"`
	WarehouseName   string
	SKU             string `gorm:"column:sku"`
	ProductName     string
	OperatorName    string
}

// LedgerFilter narrows the ledger: the stock filter, a part of the document number, and the time between From
// and To (zero for open), To excluded.
type LedgerFilter struct {
	StockFilter
	DocNumber string
	From, To  time.Time
}

// ledger selects the company's ledger lines the filter passes, joining the product only for a search or a
// product column of the order: the page's ids are read from this alone.
func (db *DB) ledger(companyID int64, f LedgerFilter) *gorm.DB {
	q := db.Table("stock_ledger").Scopes(InCompany("stock_ledger", companyID), outside("stock_ledger.warehouse_id", f.hidden))
	if f.Search != "" || f.byProduct() {
		q = q.Joins("JOIN local_products ON local_products.id = stock_ledger.product_id")
	}
	if f.WarehouseID != 0 {
		q = q.Where("stock_ledger.warehouse_id = ?", f.WarehouseID)
	}
	if f.ProductID != 0 {
		q = q.Where("stock_ledger.product_id = ?", f.ProductID)
	}
	q = db.containsKeyword(q, f.DocNumber, "stock_ledger.doc_number")
	if !f.From.IsZero() {
		q = q.Where("stock_ledger.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("stock_ledger.created_at < ?", f.To)
	}
	return db.containsKeyword(q, f.Search, "local_products.sku", "local_products.name")
}

// LedgerPage lists a page of the company's ledger in the warehouses the user may see, newest first unless Desc is
// false with an order asked, with the total.
func (db *DB) LedgerPage(companyID int64, f LedgerFilter) ([]LedgerRow, int64, error) {
	rows := []LedgerRow{}
	if ok, err := db.seen(companyID, &f.StockFilter); !ok || err != nil {
		return rows, 0, err
	}
	order := listOrderOf("stock_ledger", f.StockFilter, ByKeys("stock_ledger", true, "created_at"))
	p := listPage{matching: func() *gorm.DB { return db.ledger(companyID, f) }, id: "stock_ledger.id",
		order: order, offset: f.Offset, limit: f.Limit, anchor: f.Anchor, searched: f.Search != "" || f.DocNumber != ""}
	total, err := readPage(db, p, p.of(func() *gorm.DB {
		return db.Table("stock_ledger").Scopes(InCompany("stock_ledger", companyID)).Joins("JOIN warehouses ON warehouses.id = stock_ledger.warehouse_id").
			Joins("JOIN local_products ON local_products.id = stock_ledger.product_id").
			Joins("LEFT JOIN user_profiles ON user_profiles.user_id = stock_ledger.operator_id").
			Select("stock_ledger.*, warehouses.name AS warehouse_name, local_products.sku, " +
				"local_products.name AS product_name, user_profiles.name AS operator_name")
	}), &rows)
	return rows, total, err
}

// ProductStock is a product offered by the document's product picker with its quantities in the chosen warehouse
// (zeros where it has none).
type ProductStock struct {
	ProductID   int64
	SKU         string `gorm:"column:sku"`
	Name        string
	Image       string
	Inbound     int
	Fulfillable int
	Outbound    int
}

// ProductsWithStock lists the company's enabled products whose SKU or name contains search, by SKU, at most
// limit, each with its stock in the warehouse.
func (db *DB) ProductsWithStock(companyID, warehouseID int64, search string, limit int) ([]ProductStock, error) {
	rows := []ProductStock{}
	q := db.Table("local_products").Scopes(InCompany("local_products", companyID)).
		Joins("LEFT JOIN stocks ON stocks.product_id = local_products.id AND stocks.warehouse_id = ?", warehouseID).
		Where("local_products.disabled = ?", false)
	err := db.containsKeyword(q, search, "local_products.sku", "local_products.name").
		Select("local_products.id AS product_id, local_products.sku, local_products.name, local_products.image, " +
			"COALESCE(stocks.inbound, 0) AS inbound, COALESCE(stocks.fulfillable, 0) AS fulfillable, " +
			"COALESCE(stocks.outbound, 0) AS outbound").
		Order("local_products.sku").Limit(limit).Find(&rows).Error
	return rows, err
}
