package catalog

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// ProductRow is a local product with the names of its brand, category and supplier, as lists show it.
type ProductRow struct {
	LocalProduct
	BrandName    string `gorm:"->"`
	CategoryName string `gorm:"->"`
	SupplierName string `gorm:"->"`
	// The product's stock summed over the company's warehouses: 可用, 待出库 and 在途 (待入库).
	StockFulfillable int `gorm:"->"`
	StockOutbound    int `gorm:"->"`
	StockInbound     int `gorm:"->"`
	// Tags are the product's tags (产品标签), read for the list's page apart from the row.
	Tags []TagRef `gorm:"-"`
}

// ProductFilter selects a company's local products for the list, its export and the pickers. Keyword is part of
// the SKU or the name; the ids narrow to one brand, category or supplier (0: any); Disabled nil means both
// enabled and disabled. OrderBy is a column of local_products the caller has checked (never the client's text).
type ProductFilter struct {
	// UserID is the user reading, whose stock totals leave out the FBA warehouses of store groups not granted.
	UserID     int64
	Keyword    string
	BrandID    int64
	CategoryID int64
	SupplierID int64
	Kind       int
	NotKind    int // a kind left out (本地产品 leaves out 物料)
	Disabled   *bool
	TagIDs     []int64 // products carrying any of these tags (产品标签)
	OrderBy    string
	Desc       bool
	Offset     int
	Limit      int
	Anchor     models.Anchor
}

const productColumns = "local_products.*, brands.name AS brand_name, categories.name AS category_name, " +
	"suppliers.name AS supplier_name, COALESCE(stock_totals.fulfillable, 0) AS stock_fulfillable, " +
	"COALESCE(stock_totals.outbound, 0) AS stock_outbound, COALESCE(stock_totals.inbound, 0) AS stock_inbound"

// productsWithNames selects the company's products of the ids with their reference names and stock totals in the
// warehouses not hidden from the reader (hiddenWarehouses). The totals are summed for those products only: summing
// the whole company's stock to show a page of it read every stock row on every call.
func productsWithNames(db *models.DB, companyID int64, hidden, ids []int64) *gorm.DB {
	totals := db.Session(&gorm.Session{NewDB: true}).Table("stocks").
		Select("product_id, SUM(fulfillable) AS fulfillable, SUM(outbound) AS outbound, SUM(inbound) AS inbound").
		Where("company_id = ? AND product_id IN ?", companyID, ids).Scopes(models.Outside("warehouse_id", hidden)).
		Group("product_id")
	return db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).Select(productColumns).
		Joins("LEFT JOIN brands ON brands.id = local_products.brand_id").
		Joins("LEFT JOIN categories ON categories.id = local_products.category_id").
		Joins("LEFT JOIN suppliers ON suppliers.id = local_products.supplier_id").
		Joins("LEFT JOIN (?) stock_totals ON stock_totals.product_id = local_products.id", totals).
		Where("local_products.id IN ?", ids)
}

// scope narrows a query of local_products to the filter on the database of db.
func (f ProductFilter) scope(db *models.DB) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB { return f.narrow(db, q) }
}

func (f ProductFilter) narrow(db *models.DB, q *gorm.DB) *gorm.DB {
	q = db.ContainsKeyword(q, f.Keyword, "local_products.sku", "local_products.name")
	if f.BrandID != 0 {
		q = q.Where("local_products.brand_id = ?", f.BrandID)
	}
	if f.CategoryID != 0 {
		q = q.Where("local_products.category_id = ?", f.CategoryID)
	}
	if f.SupplierID != 0 {
		q = q.Where("local_products.supplier_id = ?", f.SupplierID)
	}
	if f.Kind != 0 {
		q = q.Where("local_products.kind = ?", f.Kind)
	}
	if f.NotKind != 0 {
		q = q.Where("local_products.kind <> ?", f.NotKind)
	}
	if f.Disabled != nil {
		q = q.Where("local_products.disabled = ?", *f.Disabled)
	}
	if len(f.TagIDs) > 0 {
		q = withTags(q, f.TagIDs)
	}
	return q
}

// order is newest first unless a column is chosen; the id keeps pages from overlapping on equal values.
func (f ProductFilter) order() models.PageOrder {
	if f.OrderBy == "" {
		return models.ByKeys("local_products", true, "created_at")
	}
	return models.ByKeys("local_products", f.Desc, f.OrderBy)
}

// LocalProductPage lists a page of the company's products the filter selects, with the total.
func LocalProductPage(db *models.DB, companyID int64, f ProductFilter) ([]ProductRow, int64, error) {
	rows := []ProductRow{}
	hidden, err := db.HiddenWarehouses(companyID, f.UserID)
	if err != nil {
		return rows, 0, err
	}
	p := models.PageQuery{Matching: func() *gorm.DB {
		return db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID), f.scope(db))
	}, ID: "local_products.id", Order: f.order(), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != "",
		Generation: models.ListGeneration{Company: companyID, Kind: models.GenerationProducts}}
	total, err := models.ReadPageOfIDs(db, p, func(ids []int64) *gorm.DB { return productsWithNames(db, companyID, hidden, ids) }, &rows)
	return rows, total, err
}

// LocalProductByID loads one of the company's products with its reference names and the stock the user may see,
// or ErrNotFound (also for another company's).
func LocalProductByID(db *models.DB, companyID, userID, id int64) (*ProductRow, error) {
	var p ProductRow
	hidden, err := db.HiddenWarehouses(companyID, userID)
	if err != nil {
		return nil, err
	}
	if err := productsWithNames(db, companyID, hidden, []int64{id}).First(&p).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

// LockLocalProduct loads one of the company's products (without reference names) and locks it until the
// transaction ends, or answers ErrNotFound.
func LockLocalProduct(db *models.DB, companyID, id int64) (*LocalProduct, error) {
	var p LocalProduct
	err := db.ForUpdate().Scopes(models.InCompany("local_products", companyID)).First(&p, "local_products.id = ?", id).Error
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// LocalProductBySKU loads the company's product with the SKU, or ErrNotFound.
func LocalProductBySKU(db *models.DB, companyID int64, sku string) (*LocalProduct, error) {
	var p LocalProduct
	if err := db.Scopes(models.InCompany("local_products", companyID)).First(&p, "local_products.sku = ?", sku).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

// LocalProductSKUsTaken answers which of the SKUs the company's products already use.
func LocalProductSKUsTaken(db *models.DB, companyID int64, skus []string) (map[string]bool, error) {
	taken := map[string]bool{}
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	for i := 0; i < len(skus); i += chunk {
		var found []string
		err := db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.sku IN ?", skus[i:min(i+chunk, len(skus))]).Pluck("local_products.sku", &found).Error
		if err != nil {
			return nil, err
		}
		for _, s := range found {
			taken[s] = true
		}
	}
	return taken, nil
}

// CreateLocalProducts stores new products in batches; a SKU the company already uses is a duplicate-key error.
func CreateLocalProducts(db *models.DB, ps []*LocalProduct) error {
	return db.CreateInBatches(ps, 200).Error
}

// CreateLocalProduct stores a new product; a SKU the company already uses is a duplicate-key error.
func CreateLocalProduct(db *models.DB, p *LocalProduct) error { return db.Create(p).Error }

// UpdateLocalProduct writes every field of a product a form edits, and its update time; a product of another
// company matches nothing.
func UpdateLocalProduct(db *models.DB, p *LocalProduct) error {
	return db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", p.CompanyID)).Where("local_products.id = ?", p.ID).
		Updates(map[string]any{"sku": p.SKU, "name": p.Name, "image": p.Image, "kind": p.Kind, "brand_id": p.BrandID,
			"category_id": p.CategoryID, "supplier_id": p.SupplierID, "price": p.Price, "weight": p.Weight,
			"length": p.Length, "width": p.Width, "height": p.Height, "carton_units": p.CartonUnits,
			"carton_weight": p.CartonWeight, "carton_length": p.CartonLength, "carton_width": p.CartonWidth,
			"carton_height": p.CartonHeight, "remark": p.Remark, "updated_at": p.UpdatedAt}).Error
}

// SetLocalProductDisabled enables or disables one of the company's products, or answers ErrNotFound.
func SetLocalProductDisabled(db *models.DB, companyID, id int64, disabled bool, now time.Time) error {
	return models.AffectedOne(db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
		Where("local_products.id = ?", id).Updates(map[string]any{"disabled": disabled, "updated_at": now}))
}

// ProductUse is where a product is used that keeps it from being deleted.
type ProductUse string

// The uses that keep a product: stock (or its ledger), stock documents, shipment plans and shipments.
const (
	ProductUnused       ProductUse = ""
	ProductHasStock     ProductUse = "stock"
	ProductHasDocuments ProductUse = "documents"
	ProductHasPlans     ProductUse = "plans"
	ProductHasShipments ProductUse = "shipments"
	// ProductHasPacking: the product is another product's packing material (包材用量).
	ProductHasPacking ProductUse = "packing"
)

// productUses are the tables whose rows keep a product (in their product_id column, or the one named), in the
// order they are asked: an exchange's line keeps the product it makes too.
var productUses = []struct {
	table  string
	use    ProductUse
	column string
}{
	{"stocks", ProductHasStock, ""}, {"stock_ledger", ProductHasStock, ""}, {"stock_document_lines", ProductHasDocuments, ""},
	{"stock_document_lines", ProductHasDocuments, "to_product_id"},
	{"shipment_plan_items", ProductHasPlans, ""}, {"shipment_items", ProductHasShipments, ""},
	{"purchase_order_lines", ProductHasDocuments, ""}, {"product_packings", ProductHasPacking, "material_id"},
}

// LocalProductUse tells the first use that keeps the company's product from being deleted, or ProductUnused.
func LocalProductUse(db *models.DB, companyID, id int64) (ProductUse, error) {
	for _, u := range productUses {
		column := u.column
		if column == "" {
			column = "product_id"
		}
		var found []int64
		err := db.Table(u.table).Where("company_id = ? AND "+column+" = ?", companyID, id).Limit(1).
			Pluck(column, &found).Error
		if err != nil {
			return ProductUnused, err
		}
		if len(found) > 0 {
			return u.use, nil
		}
	}
	return ProductUnused, nil
}

// DeleteLocalProduct deletes one of the company's products, or answers ErrNotFound. Its listings stay (they are
// the marketplace's) and become unpaired. Whether a product in use may go is the caller's rule (the foreign keys
// refuse it anyway).
func DeleteLocalProduct(db *models.DB, companyID, id int64) error {
	// Its own packing goes with it.
	if err := db.Where("company_id = ? AND product_id = ?", companyID, id).Delete(&PackingLine{}).Error; err != nil {
		return err
	}
	err := db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID)).Where("listings.product_id = ?", id).
		Update("product_id", nil).Error
	if err != nil {
		return err
	}
	return models.AffectedOne(db.Scopes(models.InCompany("local_products", companyID)).Where("local_products.id = ?", id).
		Delete(&LocalProduct{}))
}

// SearchLocalProducts finds up to limit of the company's enabled products whose SKU or name contains keyword,
// SKU first, for the product pickers.
func SearchLocalProducts(db *models.DB, companyID int64, keyword string, limit int) ([]LocalProduct, error) {
	rows := []LocalProduct{}
	f := ProductFilter{Keyword: keyword, Disabled: new(bool)}
	err := db.Scopes(models.InCompany("local_products", companyID), f.scope(db)).Order("local_products.sku, local_products.id").
		Limit(limit).Find(&rows).Error
	return rows, err
}

// LockLocalProductsBySKU finds the company's products of the SKUs and locks them until the transaction ends, by
// SKU; a SKU of no product is absent.
func LockLocalProductsBySKU(db *models.DB, companyID int64, skus []string) (map[string]*LocalProduct, error) {
	out := map[string]*LocalProduct{}
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	for i := 0; i < len(skus); i += chunk {
		var rows []LocalProduct
		err := db.ForUpdate().Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.sku IN ?", skus[i:min(i+chunk, len(skus))]).Order("local_products.id").Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for j := range rows {
			out[rows[j].SKU] = &rows[j]
		}
	}
	return out, nil
}
