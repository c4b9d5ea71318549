package models

import (
	"time"

	"gorm.io/gorm"
)

// Stock document kinds (StockDocument.Kind) and their number prefixes: RK (入库) and CK (出库).
const (
	DocInbound  = "inbound"  // 入库单
	DocOutbound = "outbound" // 出库单
)

// Stock document states (StockDocument.Status).
const (
	DocDraft     = 0 // 待提交
	DocSubmitted = 1 // 待审核
	DocApproved  = 2 // 已完成: the stock has moved
	DocCancelled = 3 // 已作废
)

// StockDocument is an inbound (入库单) or outbound (出库单) document of one warehouse: lines of products and
// quantities that move the fulfillable stock when it is approved.
type StockDocument struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Kind        string
	Number      string
	WarehouseID int64
	Status      int
	Remark      string
	CreatorID   *int64
	ApproverID  *int64
	SubmittedAt *time.Time
	ApprovedAt  *time.Time
	CancelledAt *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new document its id.
func (d *StockDocument) BeforeCreate(*gorm.DB) error {
	if d.ID == 0 {
		d.ID = NewID()
	}
	return nil
}

// StockDocumentLine is one product of a document and its quantity (always positive: the kind says which way).
type StockDocumentLine struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	DocumentID int64
	ProductID  int64
	Quantity   int
	Remark     string
}

// BeforeCreate gives a new line its id.
func (l *StockDocumentLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = NewID()
	}
	return nil
}

// DocumentRow is a document as its list and detail show it: with the warehouse's name, the names of the creator
// and the approver, how many lines it has and their total quantity.
type DocumentRow struct {
	StockDocument `gorm:"embedded"`
	WarehouseName string
	CreatorName   string
	ApproverName  string
	LineCount     int
	TotalQuantity int
}

// DocumentLineRow is a line with its product's SKU, name and image, and the product's fulfillable stock in the
// document's warehouse now (what a draft's form warns against).
type DocumentLineRow struct {
	StockDocumentLine `gorm:"embedded"`
	SKU               string `gorm:"column:sku"`
	Name              string
	Image             string
	Fulfillable       int
}

// DocumentFilter narrows a document list: a part of the number, a warehouse (0 for all), a state (nil for all)
// and the creation time between From and To (zero for open), To excluded. UserID is the user reading, who sees no
// document of another store group's FBA warehouse.
type DocumentFilter struct {
	UserID        int64
	Number        string
	WarehouseID   int64
	Status        *int
	From, To      time.Time
	Offset, Limit int
	Anchor        Anchor
	// hidden are the warehouses UserID may not see (hiddenWarehouses), read once for the page.
	hidden []int64
}

func (db *DB) documents(companyID int64, kind string, f DocumentFilter) *gorm.DB {
	q := db.Table("stock_documents").Scopes(InCompany("stock_documents", companyID)).
		Where("stock_documents.kind = ?", kind).Scopes(outside("stock_documents.warehouse_id", f.hidden))
	if f.Number != "" {
		q = q.Where("stock_documents.number LIKE ? ESCAPE '"+likeEscape+"'", ContainsPattern(f.Number))
	}
	if f.WarehouseID != 0 {
		q = q.Where("stock_documents.warehouse_id = ?", f.WarehouseID)
	}
	if f.Status != nil {
		q = q.Where("stock_documents.status = ?", *f.Status)
	}
	if !f.From.IsZero() {
		q = q.Where("stock_documents.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("stock_documents.created_at < ?", f.To)
	}
	return q
}

// documentRows adds to q what a DocumentRow shows beside the document's own columns.
func documentRows(q *gorm.DB) *gorm.DB {
	return q.Select("stock_documents.*, warehouses.name AS warehouse_name, cp.name AS creator_name, ap.name AS approver_name, " +
		"(SELECT COUNT(*) FROM stock_document_lines l WHERE l.document_id = stock_documents.id) AS line_count, " +
		"(SELECT COALESCE(SUM(l.quantity), 0) FROM stock_document_lines l WHERE l.document_id = stock_documents.id) AS total_quantity").
		Joins("JOIN warehouses ON warehouses.id = stock_documents.warehouse_id").
		Joins("LEFT JOIN user_profiles cp ON cp.user_id = stock_documents.creator_id").
		Joins("LEFT JOIN user_profiles ap ON ap.user_id = stock_documents.approver_id")
}

// DocumentPage lists a page of the company's documents of a kind in the warehouses the user may see, newest first,
// with the total.
func (db *DB) DocumentPage(companyID int64, kind string, f DocumentFilter) ([]DocumentRow, int64, error) {
	rows := []DocumentRow{}
	var ok bool
	var err error
	if f.hidden, ok, err = db.warehouseSeen(companyID, f.UserID, f.WarehouseID); !ok || err != nil {
		return rows, 0, err
	}
	p := listPage{matching: func() *gorm.DB { return db.documents(companyID, kind, f) }, id: "stock_documents.id",
		order: ByKeys("stock_documents", true, "created_at"), offset: f.Offset, limit: f.Limit, anchor: f.Anchor}
	total, err := readPage(db, p, p.of(func() *gorm.DB {
		return documentRows(db.Table("stock_documents").Scopes(InCompany("stock_documents", companyID)))
	}), &rows)
	return rows, total, err
}

// DocumentByID loads one of the company's documents of a kind in a warehouse the user may see, or ErrNotFound
// (also for another company's, and one of another store group's FBA warehouse).
func (db *DB) DocumentByID(companyID, userID int64, kind string, id int64) (*DocumentRow, error) {
	var d DocumentRow
	err := documentRows(db.documents(companyID, kind, DocumentFilter{})).Scopes(db.visibleWarehouses(companyID, userID)).
		Where("stock_documents.id = ?", id).Take(&d).Error
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// DocumentLines lists a document's lines with their products, by SKU.
func (db *DB) DocumentLines(companyID, documentID int64) ([]DocumentLineRow, error) {
	rows := []DocumentLineRow{}
	err := db.Table("stock_document_lines").Scopes(InCompany("stock_document_lines", companyID)).
		Select("stock_document_lines.*, local_products.sku, local_products.name, local_products.image, "+
			"COALESCE(stocks.fulfillable, 0) AS fulfillable").
		Joins("JOIN local_products ON local_products.id = stock_document_lines.product_id").
		Joins("JOIN stock_documents ON stock_documents.id = stock_document_lines.document_id").
		Joins("LEFT JOIN stocks ON stocks.warehouse_id = stock_documents.warehouse_id AND "+
			"stocks.product_id = stock_document_lines.product_id").
		Where("stock_document_lines.document_id = ?", documentID).
		Order("local_products.sku").Find(&rows).Error
	return rows, err
}

// CreateDocument stores a new document with its lines.
func (db *DB) CreateDocument(d *StockDocument, lines []StockDocumentLine) error {
	if err := db.Create(d).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].DocumentID = d.CompanyID, d.ID
	}
	return db.Create(&lines).Error
}

// ReplaceDocumentLines replaces a document's lines.
func (db *DB) ReplaceDocumentLines(companyID, documentID int64, lines []StockDocumentLine) error {
	if err := db.Where("company_id = ? AND document_id = ?", companyID, documentID).Delete(&StockDocumentLine{}).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].DocumentID = companyID, documentID
	}
	return db.Create(&lines).Error
}

// MoveDocument changes a document's state from one of from to to, setting the other columns given, in one
// conditional update: of two transactions moving the same document only the first finds it in a from state, so
// it moves once. It answers whether the document moved.
func (db *DB) MoveDocument(companyID, id int64, from []int, to int, set map[string]any) (bool, error) {
	set["status"] = to
	res := db.Model(&StockDocument{}).Scopes(InCompany("stock_documents", companyID)).
		Where("stock_documents.id = ? AND stock_documents.status IN ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// ProductSKUs answers the SKUs of those of the products that are the company's, by id.
func (db *DB) ProductSKUs(companyID int64, ids []int64) (map[int64]string, error) {
	var rows []struct {
		ID  int64
		SKU string `gorm:"column:sku"`
	}
	err := db.Table("local_products").Scopes(InCompany("local_products", companyID)).
		Select("local_products.id, local_products.sku").Where("local_products.id IN ?", ids).Find(&rows).Error
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.SKU
	}
	return out, err
}
