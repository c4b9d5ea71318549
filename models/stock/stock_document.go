package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Stock document kinds (StockDocument.Kind) and their number prefixes: RK (入库) and CK (出库).
const (
	DocInbound  = "inbound"  // 入库单
	DocOutbound = "outbound" // 出库单
	DocTransfer = "transfer" // 调拨单: from WarehouseID to ToWarehouseID
	DocExchange = "exchange" // 换货单: each line's ProductID becomes its ToProductID in WarehouseID
	DocProcess  = "process"  // 加工单: the lines' components become MadeQuantity units of MadeProductID
	// DocOverseasOut is 海外仓发货: the lines leave an overseas warehouse for FBA or for a buyer (OverseasOut).
	DocOverseasOut = "overseas"
	// DocOverseasIn is 海外仓入库: the lines go from an own warehouse (WarehouseID) to an overseas one
	// (ToWarehouseID) as a first-leg shipment (HeadLeg), in transit until received there, as a transfer is.
	DocOverseasIn = "overseas_in"
)

// HeadLeg is how a 海外仓入库 travels: the 物流跟踪 channel it goes by (its name and its carrier's, in OverseasOut's
// Carrier, kept as they were when saved), the boxes, and the day it is expected (ship day plus the channel's
// days, "" before 发货). Empty for other kinds.
type HeadLeg struct {
	ChannelID        *int64
	Channel          string
	Boxes            int
	EstimatedArrival string
}

// Where a 海外仓发货 sends its units (OverseasOut.Destination).
const (
	DestFBA   = "fba"   // an FBA warehouse: a store group's marketplace, its inbound grows by the lines
	DestBuyer = "buyer" // a buyer, by a carrier
)

// OverseasOut is where an overseas warehouse's outbound document (海外仓发货) sends its units: to FBA (the store
// group and marketplace, the fulfilment centre's code, and the shipment it goes under when linked to one) or to
// a buyer (name, phone, address). Carrier and Tracking are the carrier's. Empty for other kinds.
type OverseasOut struct {
	Destination     string
	DestGroupID     *int64
	DestMarketplace string
	DestCenter      string
	ShipmentRef     *int64
	BuyerName       string
	BuyerPhone      string
	BuyerAddress    string
	Carrier         string
	Tracking        string
}

// Stock document states (StockDocument.Status).
const (
	DocDraft     = 0 // 待提交
	DocSubmitted = 1 // 待审核
	DocApproved  = 2 // 已完成: the stock has moved
	DocCancelled = 3 // 已作废
	DocReceived  = 4 // 已完成 of a transfer or 海外仓入库: received at its target (DocApproved is 调拨中 / 运输中)
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
	// A transfer's target warehouse, and its receipt: who received it, when, and why what came differs.
	ToWarehouseID *int64
	Reason        string
	ReceiverID    *int64
	ReceivedAt    *time.Time
	// A processing order's product made, how many, the fee per unit and, once approved, the unit cost rolled up
	// (Money's units).
	MadeProductID *int64
	MadeQuantity  int
	ProcessFee    int64
	MadeCost      *int64
	OverseasOut   `gorm:"embedded"`
	HeadLeg       `gorm:"embedded"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// BeforeCreate gives a new document its id.
func (d *StockDocument) BeforeCreate(*gorm.DB) error {
	if d.ID == 0 {
		d.ID = models.NewID()
	}
	return nil
}

// StockDocumentLine is one product of a document and its quantity (always positive: the kind says which way).
// UnitCost is an inbound line's cost of one unit in CNY, in ten-thousandths of a yuan (models.Money's units); nil
// when none was entered (outbound lines, lines from before).
type StockDocumentLine struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	DocumentID int64
	ProductID  int64
	Quantity   int
	UnitCost   *int64
	Remark     string
	// Received is what a transfer's target received of the line (nil until received).
	Received *int
	// BinID is the bin an inbound line's units are put away into at approval (nil: they wait, 待上架); an
	// exchange's line takes its units out of it and puts the new ones back into it.
	BinID *int64
	// ToProductID is the product an exchange's line makes of its units (nil for other kinds).
	ToProductID *int64
}

// BeforeCreate gives a new line its id.
func (l *StockDocumentLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// DocumentRow is a document as its list and detail show it: with the warehouse's name, the names of the creator
// and the approver, how many lines it has, their total quantity and the total of their costs (quantity times
// unit cost, in models.Money's units; nil when no line has a cost).
type DocumentRow struct {
	StockDocument   `gorm:"embedded"`
	WarehouseName   string
	ToWarehouseName string
	CreatorName     string
	ApproverName    string
	ReceiverName    string
	// A processing order's product made (its SKU and name).
	MadeSKU  string `gorm:"column:made_sku"`
	MadeName string
	// A 海外仓发货's store group sent to and the number of the shipment it is linked to.
	DestGroupName  string
	ShipmentNumber string
	LineCount      int
	TotalQuantity  int
	TotalCost      *int64
}

// DocumentLineRow is a line with its product's SKU, name and image, and the product's fulfillable stock in the
// document's warehouse now (what a draft's form warns against).
type DocumentLineRow struct {
	StockDocumentLine `gorm:"embedded"`
	SKU               string `gorm:"column:sku"`
	Name              string
	Image             string
	Fulfillable       int
	// BinCode is the code of the line's bin ("" when none).
	BinCode string
	// An exchange line's product made (换入): its SKU, name, image and fulfillable stock in the warehouse now.
	ToSKU         string `gorm:"column:to_sku"`
	ToName        string
	ToImage       string
	ToFulfillable int
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
	Anchor        models.Anchor
	// hidden are the warehouses UserID may not see (hiddenWarehouses), read once for the page.
	hidden []int64
}

func documents(db *models.DB, companyID int64, kind string, f DocumentFilter) *gorm.DB {
	q := db.Table("stock_documents").Scopes(models.InCompany("stock_documents", companyID)).
		Where("stock_documents.kind = ?", kind).Scopes(models.Outside("stock_documents.warehouse_id", f.hidden))
	if len(f.hidden) > 0 {
		q = q.Where("(stock_documents.to_warehouse_id IS NULL OR stock_documents.to_warehouse_id NOT IN ?)", f.hidden)
	}
	if f.Number != "" {
		q = q.Where("stock_documents.number LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Number))
	}
	if f.WarehouseID != 0 {
		q = q.Where("(stock_documents.warehouse_id = ? OR stock_documents.to_warehouse_id = ?)", f.WarehouseID, f.WarehouseID)
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
	return q.Select("stock_documents.*, warehouses.name AS warehouse_name, COALESCE(tw.name, '') AS to_warehouse_name, " +
		"cp.name AS creator_name, ap.name AS approver_name, COALESCE(rp.name, '') AS receiver_name, " +
		"COALESCE(mp.sku, '') AS made_sku, COALESCE(mp.name, '') AS made_name, " +
		"COALESCE(dg.name, '') AS dest_group_name, COALESCE(dsh.shipment_id, '') AS shipment_number, " +
		"(SELECT COUNT(*) FROM stock_document_lines l WHERE l.document_id = stock_documents.id) AS line_count, " +
		"(SELECT COALESCE(SUM(l.quantity), 0) FROM stock_document_lines l WHERE l.document_id = stock_documents.id) AS total_quantity, " +
		"(SELECT SUM(l.quantity * l.unit_cost) FROM stock_document_lines l WHERE l.document_id = stock_documents.id) AS total_cost").
		Joins("JOIN warehouses ON warehouses.id = stock_documents.warehouse_id").
		Joins("LEFT JOIN warehouses tw ON tw.id = stock_documents.to_warehouse_id").
		Joins("LEFT JOIN user_profiles cp ON cp.user_id = stock_documents.creator_id").
		Joins("LEFT JOIN user_profiles ap ON ap.user_id = stock_documents.approver_id").
		Joins("LEFT JOIN user_profiles rp ON rp.user_id = stock_documents.receiver_id").
		Joins("LEFT JOIN local_products mp ON mp.id = stock_documents.made_product_id").
		Joins("LEFT JOIN store_groups dg ON dg.id = stock_documents.dest_group_id").
		Joins("LEFT JOIN shipments dsh ON dsh.id = stock_documents.shipment_ref")
}

// DocumentLedger lists the ledger lines a document's number wrote (its approval and its reversal) in the
// warehouses the user may see, oldest first, with the warehouse, product and operator as 库存流水 names them.
func DocumentLedger(db *models.DB, companyID, userID int64, number string) ([]LedgerRow, error) {
	rows := []LedgerRow{}
	err := db.Table("stock_ledger").Scopes(models.InCompany("stock_ledger", companyID), db.VisibleWarehouses(companyID, userID)).
		Joins("JOIN warehouses ON warehouses.id = stock_ledger.warehouse_id").
		Joins("JOIN local_products ON local_products.id = stock_ledger.product_id").
		Joins("LEFT JOIN user_profiles ON user_profiles.user_id = stock_ledger.operator_id").
		Joins("LEFT JOIN bins ON bins.id = stock_ledger.bin_id").
		Select("stock_ledger.*, warehouses.name AS warehouse_name, local_products.sku, "+
			"local_products.name AS product_name, user_profiles.name AS operator_name, COALESCE(bins.code, '') AS bin_code").
		Where("stock_ledger.doc_number = ?", number).Order("stock_ledger.created_at, stock_ledger.id").Find(&rows).Error
	return rows, err
}

// DocumentPage lists a page of the company's documents of a kind in the warehouses the user may see, newest first,
// with the total.
func DocumentPage(db *models.DB, companyID int64, kind string, f DocumentFilter) ([]DocumentRow, int64, error) {
	rows := []DocumentRow{}
	var ok bool
	var err error
	if f.hidden, ok, err = db.WarehouseSeen(companyID, f.UserID, f.WarehouseID); !ok || err != nil {
		return rows, 0, err
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return documents(db, companyID, kind, f) }, ID: "stock_documents.id",
		Order: models.ByKeys("stock_documents", true, "created_at"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return documentRows(db.Table("stock_documents").Scopes(models.InCompany("stock_documents", companyID)))
	}, &rows)
	return rows, total, err
}

// DocumentByID loads one of the company's documents of a kind in a warehouse the user may see, or ErrNotFound
// (also for another company's, and one of another store group's FBA warehouse).
func DocumentByID(db *models.DB, companyID, userID int64, kind string, id int64) (*DocumentRow, error) {
	var d DocumentRow
	err := documentRows(documents(db, companyID, kind, DocumentFilter{})).Scopes(db.VisibleWarehouses(companyID, userID)).
		Where("stock_documents.id = ?", id).Take(&d).Error
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// DocumentLines lists a document's lines with their products, by SKU.
func DocumentLines(db *models.DB, companyID, documentID int64) ([]DocumentLineRow, error) {
	rows := []DocumentLineRow{}
	err := db.Table("stock_document_lines").Scopes(models.InCompany("stock_document_lines", companyID)).
		Select("stock_document_lines.*, local_products.sku, local_products.name, local_products.image, "+
			"COALESCE(stocks.fulfillable, 0) AS fulfillable, COALESCE(bins.code, '') AS bin_code, "+
			"COALESCE(tp.sku, '') AS to_sku, COALESCE(tp.name, '') AS to_name, COALESCE(tp.image, '') AS to_image, "+
			"COALESCE(ts.fulfillable, 0) AS to_fulfillable").
		Joins("LEFT JOIN bins ON bins.id = stock_document_lines.bin_id").
		Joins("LEFT JOIN local_products tp ON tp.id = stock_document_lines.to_product_id").
		Joins("JOIN local_products ON local_products.id = stock_document_lines.product_id").
		Joins("JOIN stock_documents ON stock_documents.id = stock_document_lines.document_id").
		Joins("LEFT JOIN stocks ON stocks.warehouse_id = stock_documents.warehouse_id AND "+
			"stocks.product_id = stock_document_lines.product_id").
		Joins("LEFT JOIN stocks ts ON ts.warehouse_id = stock_documents.warehouse_id AND "+
			"ts.product_id = stock_document_lines.to_product_id").
		Where("stock_document_lines.document_id = ?", documentID).
		Order("local_products.sku").Find(&rows).Error
	return rows, err
}

// CreateDocument stores a new document with its lines.
func CreateDocument(db *models.DB, d *StockDocument, lines []StockDocumentLine) error {
	if err := db.Create(d).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].DocumentID = d.CompanyID, d.ID
	}
	return db.Create(&lines).Error
}

// ReplaceDocumentLines replaces a document's lines.
func ReplaceDocumentLines(db *models.DB, companyID, documentID int64, lines []StockDocumentLine) error {
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
func MoveDocument(db *models.DB, companyID, id int64, from []int, to int, set map[string]any) (bool, error) {
	set["status"] = to
	res := db.Model(&StockDocument{}).Scopes(models.InCompany("stock_documents", companyID)).
		Where("stock_documents.id = ? AND stock_documents.status IN ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// ProductSKUs answers the SKUs of those of the products that are the company's, by id.
func ProductSKUs(db *models.DB, companyID int64, ids []int64) (map[int64]string, error) {
	var rows []struct {
		ID  int64
		SKU string `gorm:"column:sku"`
	}
	err := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
		Select("local_products.id, local_products.sku").Where("local_products.id IN ?", ids).Find(&rows).Error
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.SKU
	}
	return out, err
}

// SetReceived writes what a transfer's target received of each product.
func SetReceived(db *models.DB, companyID, documentID int64, received map[int64]int) error {
	for product, n := range received {
		err := db.Model(&StockDocumentLine{}).Scopes(models.InCompany("stock_document_lines", companyID)).
			Where("stock_document_lines.document_id = ? AND stock_document_lines.product_id = ?", documentID, product).
			Update("received", n).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// SetDocumentLineCosts writes the unit cost of each of a document's lines, by product (an exchange's cost carried over at
// its approval).
func SetDocumentLineCosts(db *models.DB, companyID, documentID int64, costs map[int64]*int64) error {
	for product, cost := range costs {
		err := db.Model(&StockDocumentLine{}).Scopes(models.InCompany("stock_document_lines", companyID)).
			Where("stock_document_lines.document_id = ? AND stock_document_lines.product_id = ?", documentID, product).
			Update("unit_cost", cost).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// ShipmentLink is what a 海外仓发货 checks of the shipment it is linked to: its row, store group, marketplace,
// source warehouse and local status (shipping's; read here, as stock comes before shipping).
type ShipmentLink struct {
	ID            int64
	ShipmentID    string
	GroupID       int64
	MarketplaceID string
	WarehouseID   int64
	Status        int
}

// ShipmentToLink loads one of the company's shipments by its number (Amazon's FBA15… or ours), in a store group
// the user may see; ErrNotFound otherwise.
func ShipmentToLink(db *models.DB, companyID, userID int64, number string) (*ShipmentLink, error) {
	var s ShipmentLink
	err := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Select("shipments.id, shipments.shipment_id, shipments.group_id, shipments.marketplace_id, shipments.warehouse_id, shipments.status").
		Where("shipments.shipment_id = ?", number).Take(&s).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// GroupVisible tells whether a store group is the company's and one the user may see.
func GroupVisible(db *models.DB, companyID, userID, groupID int64) (bool, error) {
	var n int64
	err := db.VisibleGroups(companyID, userID, "").Where("store_groups.id = ?", groupID).Count(&n).Error
	return n == 1, err
}
