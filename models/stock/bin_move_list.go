package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// BinMoveLineRow is a line of a put-away (上架) or a move between bins (移库): the product, the bin it left ("" for
// the units waiting to be put away), the bin it went into, how many, and the document's who, when and remark.
type BinMoveLineRow struct {
	ID            int64
	Number        string
	Kind          string
	WarehouseID   int64
	WarehouseName string
	ProductID     int64
	SKU           string `gorm:"column:sku"`
	ProductName   string
	FromCode      string
	ToCode        string
	Quantity      int
	OperatorName  string
	Remark        string
	CreatedAt     time.Time
}

// BinMoveFilter narrows the bin-move lines: a warehouse (0: all), a kind ("" both), a part of the number or SKU,
// the time between From and To (zero: open), To excluded.
type BinMoveFilter struct {
	WarehouseID   int64
	Kind          string
	Search        string
	From, To      time.Time
	Offset, Limit int
}

// binMoveLines are the ledger lines that put units into a bin under a bin-move document: one for each of its lines
// (MoveBins writes a line's way out of its bin just before its way in, so the bin left is the line before it).
func binMoveLines(db *models.DB, companyID int64, f BinMoveFilter) *gorm.DB {
	q := db.Table("stock_ledger").Joins("JOIN bin_moves ON bin_moves.company_id = stock_ledger.company_id AND bin_moves.number = stock_ledger.doc_number").
		Joins("JOIN local_products ON local_products.id = stock_ledger.product_id").
		Where("stock_ledger.company_id = ? AND stock_ledger.doc_type IN ? AND stock_ledger.bin_change > 0", companyID,
			[]string{"bin_" + BinPutAway, "bin_" + BinMoved})
	if f.WarehouseID != 0 {
		q = q.Where("bin_moves.warehouse_id = ?", f.WarehouseID)
	}
	if f.Kind != "" {
		q = q.Where("bin_moves.kind = ?", f.Kind)
	}
	if f.Search != "" {
		like := models.ContainsPattern(f.Search)
		esc := " ESCAPE '" + models.LikeEscape + "'"
		q = q.Where("(bin_moves.number LIKE ?"+esc+" OR local_products.sku LIKE ?"+esc+")", like, like)
	}
	if !f.From.IsZero() {
		q = q.Where("bin_moves.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("bin_moves.created_at < ?", f.To)
	}
	return q
}

// BinMoveLinePage lists a page of the company's bin-move lines, newest first.
func BinMoveLinePage(db *models.DB, companyID int64, f BinMoveFilter) ([]BinMoveLineRow, int64, error) {
	rows := []BinMoveLineRow{}
	var total int64
	if err := binMoveLines(db, companyID, f).Count(&total).Error; err != nil {
		return rows, 0, err
	}
	const from = "(SELECT fb.code FROM stock_ledger n JOIN bins fb ON fb.id = n.bin_id WHERE n.company_id = stock_ledger.company_id " +
		"AND n.doc_number = stock_ledger.doc_number AND n.product_id = stock_ledger.product_id AND n.bin_change < 0 " +
		"AND n.id < stock_ledger.id ORDER BY n.id DESC LIMIT 1)"
	err := binMoveLines(db, companyID, f).Select("stock_ledger.id, bin_moves.number, bin_moves.kind, bin_moves.warehouse_id, " +
		"warehouses.name AS warehouse_name, stock_ledger.product_id, local_products.sku, local_products.name AS product_name, " +
		"CASE WHEN bin_moves.kind = '" + BinMoved + "' THEN COALESCE(" + from + ", '') ELSE '' END AS from_code, " +
		"bins.code AS to_code, stock_ledger.bin_change AS quantity, COALESCE(user_profiles.name, '') AS operator_name, " +
		"bin_moves.remark, bin_moves.created_at").
		Joins("JOIN warehouses ON warehouses.id = bin_moves.warehouse_id").
		Joins("JOIN bins ON bins.id = stock_ledger.bin_id").
		Joins("LEFT JOIN user_profiles ON user_profiles.user_id = bin_moves.operator_id").
		Order("bin_moves.created_at DESC, stock_ledger.id DESC").Offset(f.Offset).Limit(f.Limit).Find(&rows).Error
	return rows, total, err
}
