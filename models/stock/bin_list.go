package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Bin move kinds (BinMove.Kind) and their ledger document types.
const (
	BinPutAway = "putaway" // 上架: units not in a bin into bins
	BinMoved   = "move"    // 移库: from one bin to another
)

// BinMove is a put-away or a move between bins; its lines are its ledger lines (DocNumber = Number).
type BinMove struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Number      string
	WarehouseID int64
	Kind        string
	Remark      string
	OperatorID  *int64
	CreatedAt   time.Time
}

// BeforeCreate gives a new move its id.
func (m *BinMove) BeforeCreate(*gorm.DB) error {
	if m.ID == 0 {
		m.ID = models.NewID()
	}
	return nil
}

// BinRow is a bin as its list shows it: its warehouse's name, how many products and units it holds.
type BinRow struct {
	Bin           `gorm:"embedded"`
	WarehouseName string
	ProductCount  int
	Units         int
}

// BinFilter narrows the bin list: a warehouse (0: all), a part of the code or zone, enabled or disabled (nil: both).
type BinFilter struct {
	WarehouseID   int64
	Search        string
	Disabled      *bool
	Offset, Limit int
}

func bins(db *models.DB, companyID int64, f BinFilter) *gorm.DB {
	q := db.Table("bins").Scopes(models.InCompany("bins", companyID))
	if f.WarehouseID != 0 {
		q = q.Where("bins.warehouse_id = ?", f.WarehouseID)
	}
	if f.Search != "" {
		like := models.ContainsPattern(f.Search)
		esc := " ESCAPE '" + models.LikeEscape + "'"
		q = q.Where("(bins.code LIKE ?"+esc+" OR bins.zone LIKE ?"+esc+")", like, like)
	}
	if f.Disabled != nil {
		q = q.Where("bins.disabled = ?", *f.Disabled)
	}
	return q
}

func binRows(q *gorm.DB) *gorm.DB {
	const held = "FROM bin_stocks bs WHERE bs.bin_id = bins.id AND bs.quantity <> 0"
	return q.Select("bins.*, warehouses.name AS warehouse_name, (SELECT COUNT(*) " + held + ") AS product_count, " +
		"(SELECT COALESCE(SUM(bs.quantity), 0) " + held + ") AS units").
		Joins("JOIN warehouses ON warehouses.id = bins.warehouse_id")
}

// BinPage lists a page of the company's bins by warehouse and code.
func BinPage(db *models.DB, companyID int64, f BinFilter) ([]BinRow, int64, error) {
	rows := []BinRow{}
	var total int64
	if err := bins(db, companyID, f).Count(&total).Error; err != nil {
		return rows, 0, err
	}
	err := binRows(bins(db, companyID, f)).Order("warehouses.name, bins.code, bins.id").Offset(f.Offset).Limit(f.Limit).Find(&rows).Error
	return rows, total, err
}

// BinByID loads one of the company's bins, or ErrNotFound.
func BinByID(db *models.DB, companyID, id int64) (*BinRow, error) {
	var b BinRow
	if err := binRows(bins(db, companyID, BinFilter{})).Where("bins.id = ?", id).Take(&b).Error; err != nil {
		return nil, err
	}
	return &b, nil
}

// BinsByCode answers the warehouse's bins with the codes, by code.
func BinsByCode(db *models.DB, companyID, warehouseID int64, codes []string) (map[string]Bin, error) {
	var found []Bin
	err := db.Scopes(models.InCompany("bins", companyID)).Where("bins.warehouse_id = ? AND bins.code IN ?", warehouseID, codes).
		Find(&found).Error
	out := make(map[string]Bin, len(found))
	for _, b := range found {
		out[b.Code] = b
	}
	return out, err
}

// SaveBin stores a new bin (create) or a bin's code, zone, remark and state.
func SaveBin(db *models.DB, b *Bin, create bool) error {
	if create {
		return db.Create(b).Error
	}
	return models.AffectedOne(db.Model(b).Scopes(models.InCompany("bins", b.CompanyID)).
		Select("code", "zone", "remark", "disabled", "updated_at").Updates(b))
}

// CreateBins stores new bins at once.
func CreateBins(db *models.DB, bins []Bin) error {
	return db.CreateInBatches(bins, 200).Error
}

// BinHolds tells whether the bin holds units.
func BinHolds(db *models.DB, companyID, binID int64) (bool, error) {
	var n int64
	err := db.Model(&BinStock{}).Where("company_id = ? AND bin_id = ? AND quantity <> 0", companyID, binID).Count(&n).Error
	return n > 0, err
}

// BinReceiving tells whether an inbound document's line names the bin.
func BinReceiving(db *models.DB, binID int64) (bool, error) {
	var n int64
	err := db.Model(&StockDocumentLine{}).Where("bin_id = ?", binID).Count(&n).Error
	return n > 0, err
}

// UsualBins answers, for each product, its usual bin in the warehouse: the enabled bin holding most of its units
// (the first by code on a tie), else the enabled bin its units last went into; products with neither are left out.
func UsualBins(db *models.DB, companyID, warehouseID int64, productIDs []int64) (map[int64]Bin, error) {
	out := map[int64]Bin{}
	for i := 0; i < len(productIDs); i += stockChunk {
		var part []struct {
			Bin       `gorm:"embedded"`
			ProductID int64
			Quantity  int
		}
		err := db.Table("bin_stocks").Select("bins.*, bin_stocks.product_id, bin_stocks.quantity").
			Joins("JOIN bins ON bins.id = bin_stocks.bin_id").
			Where("bin_stocks.company_id = ? AND bin_stocks.warehouse_id = ? AND bin_stocks.quantity > 0 AND bins.disabled = ? "+
				"AND bin_stocks.product_id IN ?", companyID, warehouseID, false, productIDs[i:min(i+stockChunk, len(productIDs))]).
			Order("bins.code").Find(&part).Error
		if err != nil {
			return nil, err
		}
		most := map[int64]int{}
		for _, r := range part {
			if r.Quantity > most[r.ProductID] {
				most[r.ProductID], out[r.ProductID] = r.Quantity, r.Bin
			}
		}
	}
	for _, product := range productIDs {
		if _, ok := out[product]; ok {
			continue
		}
		var last []Bin
		err := db.Table("stock_ledger").Select("bins.*").Joins("JOIN bins ON bins.id = stock_ledger.bin_id").
			Where("stock_ledger.warehouse_id = ? AND stock_ledger.product_id = ? AND stock_ledger.company_id = ? AND "+
				"stock_ledger.bin_change > 0 AND bins.disabled = ?", warehouseID, product, companyID, false).
			Order("stock_ledger.created_at DESC, stock_ledger.id DESC").Limit(1).Find(&last).Error
		if err != nil {
			return nil, err
		}
		if len(last) == 1 {
			out[product] = last[0]
		}
	}
	return out, nil
}

// BinCounted tells whether a stocktake names the bin.
func BinCounted(db *models.DB, binID int64) (bool, error) {
	var n int64
	err := db.Table("stocktake_bins").Where("bin_id = ?", binID).Count(&n).Error
	if err == nil && n == 0 {
		err = db.Table("stocktake_lines").Where("bin_id = ?", binID).Count(&n).Error
	}
	return n > 0, err
}

// DeleteBin deletes one of the company's bins that holds nothing, with its empty stock rows.
func DeleteBin(db *models.DB, companyID, id int64) error {
	if err := db.Where("company_id = ? AND bin_id = ? AND quantity = 0", companyID, id).Delete(&BinStock{}).Error; err != nil {
		return err
	}
	return models.AffectedOne(db.Scopes(models.InCompany("bins", companyID)).Where("bins.id = ?", id).Delete(&Bin{}))
}

// BinStockRow is a product's units in a bin, or (BinID 0) its units not put away yet (待上架).
type BinStockRow struct {
	WarehouseID   int64
	WarehouseName string
	BinID         int64
	BinCode       string
	ProductID     int64
	SKU           string `gorm:"column:sku"`
	ProductName   string
	Image         string
	Quantity      int
}

// BinStockFilter narrows the stock per bin: a warehouse, a bin (or, Waiting, only the units not put away), a part
// of the SKU or name.
type BinStockFilter struct {
	WarehouseID   int64
	BinID         int64
	Waiting       bool
	Search        string
	Offset, Limit int
}

// binStockRows is every bin's units of each product and each product's units not put away, in own and overseas
// warehouses (FBA warehouses have no bins).
func binStockRows(db *models.DB, companyID int64, f BinStockFilter) *gorm.DB {
	inBins := db.Table("bin_stocks").Select("bin_stocks.warehouse_id, bin_stocks.bin_id, bins.code AS bin_code, "+
		"bin_stocks.product_id, bin_stocks.quantity").Joins("JOIN bins ON bins.id = bin_stocks.bin_id").
		Where("bin_stocks.company_id = ? AND bin_stocks.quantity <> 0", companyID)
	waiting := db.Table("stocks").Select("stocks.warehouse_id, 0 AS bin_id, '' AS bin_code, stocks.product_id, "+
		"stocks.fulfillable - stocks.binned AS quantity").Joins("JOIN warehouses w ON w.id = stocks.warehouse_id").
		Where("stocks.company_id = ? AND w.kind <> ? AND stocks.fulfillable - stocks.binned > 0", companyID, WarehouseFBA)
	var union *gorm.DB
	switch {
	case f.Waiting:
		union = waiting
	case f.BinID != 0:
		union = inBins.Where("bin_stocks.bin_id = ?", f.BinID)
	default:
		union = db.Raw("? UNION ALL ?", inBins, waiting)
	}
	q := db.Table("(?) AS bs", union).Joins("JOIN warehouses ON warehouses.id = bs.warehouse_id").
		Joins("JOIN local_products ON local_products.id = bs.product_id")
	if f.WarehouseID != 0 {
		q = q.Where("bs.warehouse_id = ?", f.WarehouseID)
	}
	if f.Search != "" {
		like := models.ContainsPattern(f.Search)
		esc := " ESCAPE '" + models.LikeEscape + "'"
		q = q.Where("(local_products.sku LIKE ?"+esc+" OR local_products.name LIKE ?"+esc+")", like, like)
	}
	return q
}

// BinStockPage lists a page of the stock per bin: by warehouse, the units waiting to be put away first, then the
// bins in code order, then SKU.
func BinStockPage(db *models.DB, companyID int64, f BinStockFilter) ([]BinStockRow, int64, error) {
	rows := []BinStockRow{}
	var total int64
	if err := binStockRows(db, companyID, f).Count(&total).Error; err != nil {
		return rows, 0, err
	}
	err := binStockRows(db, companyID, f).Select("bs.warehouse_id, warehouses.name AS warehouse_name, bs.bin_id, bs.bin_code, " +
		"bs.product_id, local_products.sku, local_products.name AS product_name, local_products.image, bs.quantity").
		Order("warehouses.name, bs.warehouse_id, bs.bin_code, local_products.sku").Offset(f.Offset).Limit(f.Limit).Find(&rows).Error
	return rows, total, err
}

// ProductBins answers, for each product, its bins in the warehouse holding units (code order) with the units.
func ProductBins(db *models.DB, companyID, warehouseID int64, productIDs []int64) (map[int64][]BinStockRow, error) {
	out := map[int64][]BinStockRow{}
	for i := 0; i < len(productIDs); i += stockChunk {
		var part []BinStockRow
		err := db.Table("bin_stocks").Select("bin_stocks.bin_id, bins.code AS bin_code, bin_stocks.product_id, bin_stocks.quantity").
			Joins("JOIN bins ON bins.id = bin_stocks.bin_id").
			Where("bin_stocks.company_id = ? AND bin_stocks.warehouse_id = ? AND bin_stocks.quantity <> 0 AND bin_stocks.product_id IN ?",
				companyID, warehouseID, productIDs[i:min(i+stockChunk, len(productIDs))]).
			Order("bins.code").Find(&part).Error
		if err != nil {
			return nil, err
		}
		for _, r := range part {
			out[r.ProductID] = append(out[r.ProductID], r)
		}
	}
	return out, nil
}

// CreateBinMove records a put-away or a move; its stock moves through MoveStock under its number.
func CreateBinMove(db *models.DB, m *BinMove) error { return db.Create(m).Error }

// BinOrderLess orders lines the way a keeper walks the warehouse: by the code of the first bin holding the line's
// product, the lines in no bin last, then by SKU. The 盘点表 and the 配货单 sort by it.
func BinOrderLess(aBin, aSKU, bBin, bSKU string) bool {
	switch {
	case (aBin == "") != (bBin == ""):
		return bBin == ""
	case aBin != bBin:
		return aBin < bBin
	}
	return aSKU < bSKU
}
