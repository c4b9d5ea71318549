package stock

import (
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// Stocktake scopes (Stocktake.Scope): the whole warehouse, or the products of its lines.
const (
	StocktakeWarehouse = "warehouse"
	StocktakeProducts  = "products"
	StocktakeBins      = "bins" // the products in some bins, counted per bin
)

// Stocktake states (Stocktake.Status).
const (
	StocktakeDraft     = 0 // 待提交: the sheet, editable
	StocktakeCounting  = 1 // 盘点中: started, products frozen, counts entered
	StocktakePosted    = 2 // 已完成: the differences moved
	StocktakeCancelled = 3 // 已作废
)

// DocStocktake is the ledger's document type of a posted stocktake's differences.
const DocStocktake = "stocktake"

// Stocktake (盘点单) counts a warehouse, or some of its products, and posts the differences from the book.
type Stocktake struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Number      string
	WarehouseID int64
	Scope       string
	Status      int
	Remark      string
	CreatorID   *int64
	PosterID    *int64
	StartedAt   *time.Time
	PostedAt    *time.Time
	CancelledAt *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new stocktake its id.
func (s *Stocktake) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// StocktakeLine is one product of a stocktake: its book quantity when the stocktake started (nil before), what was
// counted (nil until counted) and, once posted, its cost of one unit (models.Money units; nil when it has none).
type StocktakeLine struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	StocktakeID int64
	ProductID   int64
	// BinID is the bin a stocktake of bins counts the product in (0: the product's whole fulfillable stock).
	BinID    int64
	Book     *int
	Counted  *int
	UnitCost *int64
	Remark   string
}

// BeforeCreate gives a new line its id.
func (l *StocktakeLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// StocktakeRow is a stocktake as its list and detail show it: with its warehouse's and people's names, its lines
// and how many are counted, and the surplus (盘盈) and loss (盘亏) of the counted lines in units and, for the lines
// valued when posted, in models.Money units.
type StocktakeRow struct {
	Stocktake     `gorm:"embedded"`
	WarehouseName string
	CreatorName   string
	PosterName    string
	LineCount     int
	CountedCount  int
	SurplusUnits  int
	LossUnits     int
	SurplusValue  *int64
	LossValue     *int64
}

// StocktakeLineRow is a line with its product's SKU, name and image.
type StocktakeLineRow struct {
	StocktakeLine `gorm:"embedded"`
	BinCode       string
	SKU           string `gorm:"column:sku"`
	Name          string
	Image         string
}

func stocktakes(db *models.DB, companyID int64, f DocumentFilter) *gorm.DB {
	q := db.Table("stocktakes").Scopes(models.InCompany("stocktakes", companyID), models.Outside("stocktakes.warehouse_id", f.hidden))
	if f.Number != "" {
		q = q.Where("stocktakes.number LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Number))
	}
	if f.WarehouseID != 0 {
		q = q.Where("stocktakes.warehouse_id = ?", f.WarehouseID)
	}
	if f.Status != nil {
		q = q.Where("stocktakes.status = ?", *f.Status)
	}
	if !f.From.IsZero() {
		q = q.Where("stocktakes.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("stocktakes.created_at < ?", f.To)
	}
	return q
}

// stocktakeDifference is a counted line's counted − book.
const stocktakeDifference = "(l.counted - COALESCE(l.book, 0))"

func stocktakeRows(q *gorm.DB) *gorm.DB {
	const lines = "FROM stocktake_lines l WHERE l.stocktake_id = stocktakes.id"
	return q.Select("stocktakes.*, warehouses.name AS warehouse_name, cp.name AS creator_name, pp.name AS poster_name, " +
		"(SELECT COUNT(*) " + lines + ") AS line_count, " +
		"(SELECT COUNT(l.counted) " + lines + ") AS counted_count, " +
		"(SELECT COALESCE(SUM(" + stocktakeDifference + "), 0) " + lines + " AND " + stocktakeDifference + " > 0) AS surplus_units, " +
		"(SELECT COALESCE(SUM(-" + stocktakeDifference + "), 0) " + lines + " AND " + stocktakeDifference + " < 0) AS loss_units, " +
		"(SELECT SUM(" + stocktakeDifference + " * l.unit_cost) " + lines + " AND " + stocktakeDifference + " > 0) AS surplus_value, " +
		"(SELECT SUM(-" + stocktakeDifference + " * l.unit_cost) " + lines + " AND " + stocktakeDifference + " < 0) AS loss_value").
		Joins("JOIN warehouses ON warehouses.id = stocktakes.warehouse_id").
		Joins("LEFT JOIN user_profiles cp ON cp.user_id = stocktakes.creator_id").
		Joins("LEFT JOIN user_profiles pp ON pp.user_id = stocktakes.poster_id")
}

// StocktakePage lists a page of the company's stocktakes in the warehouses the user may see, newest first.
func StocktakePage(db *models.DB, companyID int64, f DocumentFilter) ([]StocktakeRow, int64, error) {
	rows := []StocktakeRow{}
	var ok bool
	var err error
	if f.hidden, ok, err = db.WarehouseSeen(companyID, f.UserID, f.WarehouseID); !ok || err != nil {
		return rows, 0, err
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return stocktakes(db, companyID, f) }, ID: "stocktakes.id",
		Order: models.ByKeys("stocktakes", true, "created_at"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return stocktakeRows(db.Table("stocktakes").Scopes(models.InCompany("stocktakes", companyID)))
	}, &rows)
	return rows, total, err
}

// StocktakeByID loads one of the company's stocktakes in a warehouse the user may see, or ErrNotFound.
func StocktakeByID(db *models.DB, companyID, userID, id int64) (*StocktakeRow, error) {
	var s StocktakeRow
	err := stocktakeRows(stocktakes(db, companyID, DocumentFilter{})).Scopes(db.VisibleWarehouses(companyID, userID)).
		Where("stocktakes.id = ?", id).Take(&s).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// StocktakeLines lists a stocktake's lines with their products and bins, by bin code and SKU.
func StocktakeLines(db *models.DB, companyID, stocktakeID int64) ([]StocktakeLineRow, error) {
	rows := []StocktakeLineRow{}
	err := db.Table("stocktake_lines").Scopes(models.InCompany("stocktake_lines", companyID)).
		Select("stocktake_lines.*, COALESCE(bins.code, '') AS bin_code, local_products.sku, local_products.name, local_products.image").
		Joins("JOIN local_products ON local_products.id = stocktake_lines.product_id").
		Joins("LEFT JOIN bins ON bins.id = stocktake_lines.bin_id").
		Where("stocktake_lines.stocktake_id = ?", stocktakeID).Order("bin_code, local_products.sku").Find(&rows).Error
	return rows, err
}

// StocktakeBin is a bin a stocktake of bins counts.
type StocktakeBin struct {
	StocktakeID int64
	BinID       int64
}

// SetStocktakeBins replaces the bins a stocktake of bins counts.
func SetStocktakeBins(db *models.DB, stocktakeID int64, binIDs []int64) error {
	if err := db.Where("stocktake_id = ?", stocktakeID).Delete(&StocktakeBin{}).Error; err != nil {
		return err
	}
	rows := make([]StocktakeBin, len(binIDs))
	for i, b := range binIDs {
		rows[i] = StocktakeBin{StocktakeID: stocktakeID, BinID: b}
	}
	if len(rows) == 0 {
		return nil
	}
	return db.CreateInBatches(rows, 500).Error
}

// StocktakeBinCodes answers the bins a stocktake of bins counts, by code.
func StocktakeBinCodes(db *models.DB, companyID, stocktakeID int64) ([]Bin, error) {
	var out []Bin
	err := db.Scopes(models.InCompany("bins", companyID)).Joins("JOIN stocktake_bins sb ON sb.bin_id = bins.id").
		Where("sb.stocktake_id = ?", stocktakeID).Order("bins.code").Find(&out).Error
	return out, err
}

// FreezeBins starts a stocktake of bins: the products the bins hold are frozen (as FreezeProducts does) and a line
// made for each bin and product with its units in the bin as the book quantity, read once the products are locked.
func FreezeBins(db *models.DB, companyID, warehouseID, stocktakeID int64) (*FrozenStock, error) {
	var products []int64
	err := db.Table("bin_stocks").Joins("JOIN stocktake_bins sb ON sb.bin_id = bin_stocks.bin_id").
		Where("sb.stocktake_id = ? AND bin_stocks.company_id = ? AND bin_stocks.quantity <> 0", stocktakeID, companyID).
		Distinct("bin_stocks.product_id").Order("bin_stocks.product_id").Pluck("bin_stocks.product_id", &products).Error
	if err != nil {
		return nil, err
	}
	if f, err := FreezeProducts(db, companyID, warehouseID, stocktakeID, products); f != nil || err != nil {
		return f, err
	}
	var held []BinStock
	err = db.Table("bin_stocks").Joins("JOIN stocktake_bins sb ON sb.bin_id = bin_stocks.bin_id").
		Where("sb.stocktake_id = ? AND bin_stocks.company_id = ? AND bin_stocks.quantity <> 0", stocktakeID, companyID).
		Select("bin_stocks.*").Find(&held).Error
	if err != nil {
		return nil, err
	}
	lines := make([]StocktakeLine, len(held))
	for i, h := range held {
		book := h.Quantity
		lines[i] = StocktakeLine{CompanyID: companyID, StocktakeID: stocktakeID, ProductID: h.ProductID, BinID: h.BinID, Book: &book}
	}
	if len(lines) == 0 {
		return nil, nil
	}
	return nil, db.CreateInBatches(lines, 500).Error
}

// CreateStocktake stores a new stocktake with its lines (none for a whole warehouse's draft).
func CreateStocktake(db *models.DB, s *Stocktake, productIDs []int64) error {
	if err := db.Create(s).Error; err != nil {
		return err
	}
	return addStocktakeLines(db, s.CompanyID, s.ID, productIDs)
}

func addStocktakeLines(db *models.DB, companyID, stocktakeID int64, productIDs []int64) error {
	if len(productIDs) == 0 {
		return nil
	}
	lines := make([]StocktakeLine, len(productIDs))
	for i, p := range productIDs {
		lines[i] = StocktakeLine{CompanyID: companyID, StocktakeID: stocktakeID, ProductID: p}
	}
	return db.CreateInBatches(lines, 500).Error
}

// ReplaceStocktakeLines replaces a draft's lines.
func ReplaceStocktakeLines(db *models.DB, companyID, stocktakeID int64, productIDs []int64) error {
	if err := db.Where("company_id = ? AND stocktake_id = ?", companyID, stocktakeID).Delete(&StocktakeLine{}).Error; err != nil {
		return err
	}
	return addStocktakeLines(db, companyID, stocktakeID, productIDs)
}

// MoveStocktake changes a stocktake's state from one of from to to with the other columns of set, in one
// conditional update, so that of two transactions only the first moves it. It answers whether it moved.
func MoveStocktake(db *models.DB, companyID, id int64, from []int, to int, set map[string]any) (bool, error) {
	set["status"] = to
	res := db.Model(&Stocktake{}).Scopes(models.InCompany("stocktakes", companyID)).
		Where("stocktakes.id = ? AND stocktakes.status IN ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// FrozenStock is a stock row a stocktake would freeze that is frozen already, with the stocktake's number.
type FrozenStock struct {
	ProductID int64
	SKU       string `gorm:"column:sku"`
	Number    string
}

// FreezeProducts starts a stocktake of some products: each product's stock row in the warehouse (made at zero when
// missing) is locked in product order, as MoveStock locks, and frozen for the stocktake, and the lines get their
// book quantity (fulfillable). A product frozen by another stocktake is answered instead, and nothing is frozen.
func FreezeProducts(db *models.DB, companyID, warehouseID, stocktakeID int64, productIDs []int64) (*FrozenStock, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	const chunk = 500
	for i := 0; i < len(productIDs); i += chunk {
		part := productIDs[i:min(i+chunk, len(productIDs))]
		fresh := make([]Stock, len(part))
		for j, p := range part {
			fresh[j] = Stock{ID: models.NewID(), CompanyID: companyID, WarehouseID: warehouseID, ProductID: p, UpdatedAt: now}
		}
		err := db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "warehouse_id"}, {Name: "product_id"}},
			DoNothing: true}).Create(&fresh).Error
		if err != nil {
			return nil, err
		}
	}
	var locked []Stock
	for i := 0; i < len(productIDs); i += chunk {
		var part []Stock
		err := db.Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(models.InCompany("stocks", companyID)).
			Where("stocks.warehouse_id = ? AND stocks.product_id IN ?", warehouseID, productIDs[i:min(i+chunk, len(productIDs))]).
			Order("stocks.product_id").Find(&part).Error
		if err != nil {
			return nil, err
		}
		locked = append(locked, part...)
	}
	return freeze(db, companyID, stocktakeID, locked)
}

// FreezeWarehouse starts a whole warehouse's stocktake: every stock row of the warehouse is locked in product
// order and frozen, the warehouse marked as being stocktaken (products first moved there meanwhile are refused
// too), and a line with its book quantity made for each row holding stock.
func FreezeWarehouse(db *models.DB, companyID, warehouseID, stocktakeID int64) (*FrozenStock, error) {
	var locked []Stock
	err := db.Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(models.InCompany("stocks", companyID)).
		Where("stocks.warehouse_id = ?", warehouseID).Order("stocks.product_id").Find(&locked).Error
	if err != nil {
		return nil, err
	}
	if f, err := freeze(db, companyID, stocktakeID, locked); f != nil || err != nil {
		return f, err
	}
	err = db.Model(&Warehouse{}).Scopes(models.InCompany("warehouses", companyID)).Where("warehouses.id = ?", warehouseID).
		Updates(map[string]any{"stocktaking": true, "stocktake_id": stocktakeID}).Error
	if err != nil {
		return nil, err
	}
	var held []int64
	for _, s := range locked {
		if s.Fulfillable != 0 || s.Inbound != 0 || s.Outbound != 0 {
			held = append(held, s.ProductID)
		}
	}
	if err := addStocktakeLines(db, companyID, stocktakeID, held); err != nil {
		return nil, err
	}
	return nil, recordBook(db, companyID, stocktakeID, warehouseID)
}

// freeze marks the locked rows frozen by the stocktake, or answers the first row another one froze.
func freeze(db *models.DB, companyID, stocktakeID int64, locked []Stock) (*FrozenStock, error) {
	ids := make([]int64, 0, len(locked))
	for _, s := range locked {
		if s.StocktakeID != nil && *s.StocktakeID != stocktakeID {
			f := &FrozenStock{ProductID: s.ProductID}
			err := db.Table("stocktakes").Select("stocktakes.number, local_products.sku").
				Joins("JOIN local_products ON local_products.id = ?", s.ProductID).
				Where("stocktakes.id = ? AND stocktakes.company_id = ?", *s.StocktakeID, companyID).Take(f).Error
			return f, err
		}
		ids = append(ids, s.ID)
	}
	const chunk = 500
	for i := 0; i < len(ids); i += chunk {
		err := db.Model(&Stock{}).Where("id IN ?", ids[i:min(i+chunk, len(ids))]).Update("stocktake_id", stocktakeID).Error
		if err != nil {
			return nil, err
		}
	}
	if len(locked) > 0 {
		return nil, recordBook(db, companyID, stocktakeID, locked[0].WarehouseID)
	}
	return nil, nil
}

// recordBook sets each line's book quantity to the product's fulfillable stock in the warehouse now.
func recordBook(db *models.DB, companyID, stocktakeID, warehouseID int64) error {
	return db.Model(&StocktakeLine{}).Scopes(models.InCompany("stocktake_lines", companyID)).
		Where("stocktake_lines.stocktake_id = ? AND stocktake_lines.bin_id = 0", stocktakeID).
		Update("book", gorm.Expr("COALESCE((SELECT s.fulfillable FROM stocks s WHERE s.warehouse_id = ? "+
			"AND s.product_id = stocktake_lines.product_id), 0)", warehouseID)).Error
}

// Unfreeze releases what the stocktake froze: its stock rows, locked in (warehouse, product) order first, and its
// warehouse's mark.
func Unfreeze(db *models.DB, companyID, stocktakeID int64) error {
	var ids []int64
	err := db.Model(&Stock{}).Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(models.InCompany("stocks", companyID)).
		Where("stocks.stocktake_id = ?", stocktakeID).Order("stocks.warehouse_id, stocks.product_id").Pluck("stocks.id", &ids).Error
	if err != nil {
		return err
	}
	const chunk = 500
	for i := 0; i < len(ids); i += chunk {
		if err := db.Model(&Stock{}).Where("id IN ?", ids[i:min(i+chunk, len(ids))]).Update("stocktake_id", nil).Error; err != nil {
			return err
		}
	}
	return UnmarkWarehouse(db, companyID, stocktakeID)
}

// UnmarkWarehouse ends the whole-warehouse stocktake's mark on its warehouse (none for other scopes); posting
// calls it once MoveStock has moved and unfrozen the stocktake's rows (StockCause.Posts).
func UnmarkWarehouse(db *models.DB, companyID, stocktakeID int64) error {
	return db.Model(&Warehouse{}).Scopes(models.InCompany("warehouses", companyID)).Where("warehouses.stocktake_id = ?", stocktakeID).
		Updates(map[string]any{"stocktaking": false, "stocktake_id": nil}).Error
}

// CountLine sets the counted quantity of a stocktake's product (in a bin, for a stocktake of bins: binID), or
// adds to it (add), making the line when the product is not on the sheet and create is set (a whole warehouse's
// stocktake, or a bin of a stocktake of bins: its book is the fulfillable stock, or the bin's units, now — the
// product frozen since the start or by the caller). It answers whether the product has a line.
func CountLine(db *models.DB, companyID, stocktakeID, warehouseID, productID, binID int64, n int, add, create bool) (bool, error) {
	set := gorm.Expr("?", n)
	if add {
		set = gorm.Expr("COALESCE(counted, 0) + ?", n)
	}
	res := db.Model(&StocktakeLine{}).Scopes(models.InCompany("stocktake_lines", companyID)).
		Where("stocktake_lines.stocktake_id = ? AND stocktake_lines.product_id = ? AND stocktake_lines.bin_id = ?", stocktakeID, productID, binID).
		Update("counted", set)
	if res.Error != nil || res.RowsAffected == 1 || !create {
		return res.RowsAffected == 1, res.Error
	}
	var book int
	if binID != 0 {
		var q []int
		err := db.Model(&BinStock{}).Where("company_id = ? AND bin_id = ? AND product_id = ?", companyID, binID, productID).Pluck("quantity", &q).Error
		if err != nil {
			return false, err
		}
		if len(q) == 1 {
			book = q[0]
		}
	} else {
		s, err := StockOf(db, companyID, warehouseID, productID)
		if err != nil {
			return false, err
		}
		book = s.Fulfillable
	}
	err := db.Create(&StocktakeLine{CompanyID: companyID, StocktakeID: stocktakeID, ProductID: productID, BinID: binID, Book: &book, Counted: &n}).Error
	return err == nil, err
}

// ClearCount forgets a line's count.
func ClearCount(db *models.DB, companyID, stocktakeID, productID, binID int64) error {
	return db.Model(&StocktakeLine{}).Scopes(models.InCompany("stocktake_lines", companyID)).
		Where("stocktake_lines.stocktake_id = ? AND stocktake_lines.product_id = ? AND stocktake_lines.bin_id = ?", stocktakeID, productID, binID).
		Update("counted", nil).Error
}

// FrozenBy tells whether the product's stock row in the warehouse is frozen by the stocktake.
func FrozenBy(db *models.DB, companyID, warehouseID, productID, stocktakeID int64) (bool, error) {
	var n int64
	err := db.Model(&Stock{}).Where("company_id = ? AND warehouse_id = ? AND product_id = ? AND stocktake_id = ?",
		companyID, warehouseID, productID, stocktakeID).Count(&n).Error
	return n == 1, err
}

// SetLineCosts writes each posted line's cost of one unit.
func SetLineCosts(db *models.DB, companyID, stocktakeID int64, costs map[int64]*int64) error {
	type cost struct{ product, units int64 }
	var all []cost
	for product, c := range costs {
		if c != nil {
			all = append(all, cost{product, *c})
		}
	}
	// stockChunk lines a statement: a 10,000-line stocktake's costs in 20 round trips, not 10,000.
	for i := 0; i < len(all); i += stockChunk {
		part := all[i:min(i+stockChunk, len(all))]
		values := make([]string, len(part))
		args := make([]any, 0, 2*len(part)+2)
		for n, c := range part {
			values[n] = "(CAST(? AS BIGINT), CAST(? AS BIGINT))"
			args = append(args, c.product, c.units)
		}
		args = append(args, companyID, stocktakeID)
		err := db.Exec("UPDATE stocktake_lines SET unit_cost = v.column2 FROM (VALUES "+strings.Join(values, ", ")+") AS v "+
			"WHERE stocktake_lines.product_id = v.column1 AND stocktake_lines.company_id = ? AND stocktake_lines.stocktake_id = ?", args...).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// ProductByCode finds the company's product a scanned code names: its SKU, or the FNSKU of a listing paired with
// it (Amazon's label); as written first, then ignoring case.
func ProductByCode(db *models.DB, companyID int64, code string) (int64, bool, error) {
	for _, exact := range []bool{true, false} {
		sku, fnsku := "local_products.sku = ?", "listings.fnsku = ?"
		if !exact {
			sku, fnsku = "LOWER(local_products.sku) = LOWER(?)", "LOWER(listings.fnsku) = LOWER(?)"
		}
		var ids []int64
		err := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
			Where(sku, code).Limit(1).Pluck("local_products.id", &ids).Error
		if err != nil || len(ids) == 1 {
			return first(ids), len(ids) == 1, err
		}
		err = db.Table("listings").Scopes(models.InCompany("listings", companyID)).
			Where(fnsku+" AND listings.product_id IS NOT NULL", code).
			Order("listings.product_id").Limit(1).Pluck("listings.product_id", &ids).Error
		if err != nil || len(ids) == 1 {
			return first(ids), len(ids) == 1, err
		}
	}
	return 0, false, nil
}

func first(ids []int64) int64 {
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}
