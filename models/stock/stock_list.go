package stock

import (
	"strings"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
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
	Anchor                 models.Anchor
	// Kind keeps only the warehouses of a kind (WarehouseOverseas: 海外仓库存); "" any.
	Kind string
	// hidden are the warehouses UserID may not see (hiddenWarehouses), read once for the page.
	hidden []int64
	// withFBA tells the stock list to show the FBA SKUs the stock does not hold yet (stock_fba.go), read once for the page.
	withFBA bool
}

// seen reads the warehouses the filter's user may not see into the filter; ok is false when it names one of them.
func seen(db *models.DB, companyID int64, f *StockFilter) (ok bool, err error) {
	f.hidden, ok, err = db.WarehouseSeen(companyID, f.UserID, f.WarehouseID)
	return ok, err
}

// stocks selects the company's stock rows the filter passes, joining the product only for a search or a product
// column of the order: the page's ids are read from this alone. The warehouse's name and the product's SKU are
// copied onto the stock row (migration 00039), so the default order and those sorts read the row's own index.
func stocks(db *models.DB, companyID int64, f StockFilter) *gorm.DB {
	q := stockRows(db, companyID, f).Scopes(models.InCompany("stocks", companyID), models.Outside("stocks.warehouse_id", f.hidden))
	if f.Search != "" || f.byProduct() {
		q = q.Joins(productJoin(f))
	}
	if f.WarehouseID != 0 {
		q = q.Where("stocks.warehouse_id = ?", f.WarehouseID)
	}
	if f.ProductID != 0 {
		q = q.Where("stocks.product_id = ?", f.ProductID)
	}
	if f.Kind != "" {
		q = q.Where("stocks.warehouse_id IN (SELECT w.id FROM warehouses w WHERE w.company_id = ? AND w.kind = ?)", companyID, f.Kind)
	}
	if f.withFBA {
		// An unpaired row's SKU is the seller SKU, copied on the row as a product's SKU is.
		return db.ContainsKeyword(q, f.Search, "stocks.sku", "local_products.name")
	}
	return db.ContainsKeyword(q, f.Search, "local_products.sku", "local_products.name")
}

// productJoin joins the stock row's product: an unpaired FBA row has none.
func productJoin(f StockFilter) string {
	if f.withFBA {
		return "LEFT JOIN local_products ON local_products.id = stocks.product_id"
	}
	return "JOIN local_products ON local_products.id = stocks.product_id"
}

// byProduct tells whether the list is sorted by a column of the product rather than the list's own.
func (f StockFilter) byProduct() bool { return strings.HasPrefix(f.OrderBy, "local_products.") }

// listOrderOf is a stock list's order: orderBy's column when chosen, else fallback; the id last so that pages
// never overlap on equal values. A column of the product orders by offset only: it is not the list table's.
func listOrderOf(table string, f StockFilter, fallback models.PageOrder) models.PageOrder {
	col, own := strings.CutPrefix(f.OrderBy, table+".")
	switch {
	case f.OrderBy == "":
		return fallback
	case own:
		return models.ByKeys(table, f.Desc, col)
	}
	dir := ""
	if f.Desc {
		dir = " DESC"
	}
	return models.Ordered(f.OrderBy + dir + ", " + table + ".id" + dir)
}

// StockPage lists a page of the company's stock in the warehouses the user may see, by warehouse and SKU unless
// another order is asked, with the total. Within one warehouse (the filter) that order is the SKU's, which the
// index of warehouse and SKU serves.
func StockPage(db *models.DB, companyID int64, f StockFilter) ([]StockRow, int64, error) {
	rows := []StockRow{}
	if ok, err := seen(db, companyID, &f); !ok || err != nil {
		return rows, 0, err
	}
	if f.ProductID == 0 && (f.Kind == "" || f.Kind == WarehouseFBA) {
		var err error
		if f.withFBA, err = hasUnsyncedFBA(db, companyID); err != nil {
			return rows, 0, err
		}
	}
	fallback := models.ByKeys("stocks", false, "warehouse_name", "sku")
	if f.WarehouseID != 0 {
		fallback = models.ByKeys("stocks", false, "sku")
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return stocks(db, companyID, f) }, ID: "stocks.id",
		Order: listOrderOf("stocks", f, fallback), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Search != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return stockRows(db, companyID, f).Scopes(models.InCompany("stocks", companyID)).Joins(productJoin(f)).
			Select("stocks.*, COALESCE(local_products.name, '') AS product_name, COALESCE(local_products.image, '') AS image")
	}, &rows)
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
	// BinCode is the bin of a line that moved units in a bin ("" for none).
	BinCode string
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
func ledger(db *models.DB, companyID int64, f LedgerFilter) *gorm.DB {
	q := db.Table("stock_ledger").Scopes(models.InCompany("stock_ledger", companyID), models.Outside("stock_ledger.warehouse_id", f.hidden))
	if f.Search != "" || f.byProduct() {
		q = q.Joins("JOIN local_products ON local_products.id = stock_ledger.product_id")
	}
	if f.WarehouseID != 0 {
		q = q.Where("stock_ledger.warehouse_id = ?", f.WarehouseID)
	}
	if f.ProductID != 0 {
		q = q.Where("stock_ledger.product_id = ?", f.ProductID)
	}
	q = db.ContainsKeyword(q, f.DocNumber, "stock_ledger.doc_number")
	if !f.From.IsZero() {
		q = q.Where("stock_ledger.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("stock_ledger.created_at < ?", f.To)
	}
	return db.ContainsKeyword(q, f.Search, "local_products.sku", "local_products.name")
}

// LedgerPage lists a page of the company's ledger in the warehouses the user may see, newest first unless Desc is
// false with an order asked, with the total.
func LedgerPage(db *models.DB, companyID int64, f LedgerFilter) ([]LedgerRow, int64, error) {
	rows := []LedgerRow{}
	if ok, err := seen(db, companyID, &f.StockFilter); !ok || err != nil {
		return rows, 0, err
	}
	order := listOrderOf("stock_ledger", f.StockFilter, models.ByKeys("stock_ledger", true, "created_at"))
	p := models.PageQuery{Matching: func() *gorm.DB { return ledger(db, companyID, f) }, ID: "stock_ledger.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Search != "" || f.DocNumber != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("stock_ledger").Scopes(models.InCompany("stock_ledger", companyID)).Joins("JOIN warehouses ON warehouses.id = stock_ledger.warehouse_id").
			Joins("JOIN local_products ON local_products.id = stock_ledger.product_id").
			Joins("LEFT JOIN user_profiles ON user_profiles.user_id = stock_ledger.operator_id").
			Joins("LEFT JOIN bins ON bins.id = stock_ledger.bin_id").
			Select("stock_ledger.*, warehouses.name AS warehouse_name, local_products.sku, " +
				"local_products.name AS product_name, user_profiles.name AS operator_name, COALESCE(bins.code, '') AS bin_code")
	}, &rows)
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
func ProductsWithStock(db *models.DB, companyID, warehouseID int64, search string, limit int) ([]ProductStock, error) {
	rows := []ProductStock{}
	q := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
		Joins("LEFT JOIN stocks ON stocks.product_id = local_products.id AND stocks.warehouse_id = ?", warehouseID).
		Where("local_products.disabled = ?", false)
	err := db.ContainsKeyword(q, search, "local_products.sku", "local_products.name").
		Select("local_products.id AS product_id, local_products.sku, local_products.name, local_products.image, " +
			"COALESCE(stocks.inbound, 0) AS inbound, COALESCE(stocks.fulfillable, 0) AS fulfillable, " +
			"COALESCE(stocks.outbound, 0) AS outbound").
		Order("local_products.sku").Limit(limit).Find(&rows).Error
	return rows, err
}
