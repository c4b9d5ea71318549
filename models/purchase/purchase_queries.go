package purchase

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// OrderRow is an order as its list and detail show it: with the supplier's and warehouse's names, the creator's
// and approver's, and its lines' totals (amount in the order's currency, Money's units).
type OrderRow struct {
	PurchaseOrder `gorm:"embedded"`
	SupplierName  string
	WarehouseName string
	CreatorName   string
	ApproverName  string
	LineCount     int
	TotalQuantity int
	TotalReceived int
	TotalReturned int
	TotalClosed   int
	TotalAmount   int64
}

// LineRow is a line with its product's SKU, name and image.
type LineRow struct {
	PurchaseOrderLine `gorm:"embedded"`
	SKU               string `gorm:"column:sku"`
	Name              string
	Image             string
}

// OrderFilter narrows the order list: a part of the number, a supplier (0 for all), a state (nil for all) and
// the creation time between From and To (zero for open), To excluded.
type OrderFilter struct {
	Number        string
	SupplierID    int64
	Status        *int
	From, To      time.Time
	Offset, Limit int
	Anchor        models.Anchor
}

func orders(db *models.DB, companyID int64, f OrderFilter) *gorm.DB {
	q := db.Table("purchase_orders").Scopes(models.InCompany("purchase_orders", companyID))
	if f.Number != "" {
		q = q.Where("purchase_orders.number LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Number))
	}
	if f.SupplierID != 0 {
		q = q.Where("purchase_orders.supplier_id = ?", f.SupplierID)
	}
	if f.Status != nil {
		q = q.Where("purchase_orders.status = ?", *f.Status)
	}
	if !f.From.IsZero() {
		q = q.Where("purchase_orders.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("purchase_orders.created_at < ?", f.To)
	}
	return q
}

const lineSum = "(SELECT COALESCE(SUM(l.%s), 0) FROM purchase_order_lines l WHERE l.order_id = purchase_orders.id)"

func orderRows(q *gorm.DB) *gorm.DB {
	return q.Select("purchase_orders.*, suppliers.name AS supplier_name, warehouses.name AS warehouse_name, " +
		"cp.name AS creator_name, ap.name AS approver_name, " +
		"(SELECT COUNT(*) FROM purchase_order_lines l WHERE l.order_id = purchase_orders.id) AS line_count, " +
		fmt.Sprintf(lineSum, "quantity") + " AS total_quantity, " + fmt.Sprintf(lineSum, "received") + " AS total_received, " +
		fmt.Sprintf(lineSum, "returned") + " AS total_returned, " + fmt.Sprintf(lineSum, "closed") + " AS total_closed, " +
		"CAST(" + fmt.Sprintf(lineSum, "quantity * l.unit_price") + " AS BIGINT) AS total_amount").
		Joins("JOIN suppliers ON suppliers.id = purchase_orders.supplier_id").
		Joins("JOIN warehouses ON warehouses.id = purchase_orders.warehouse_id").
		Joins("LEFT JOIN user_profiles cp ON cp.user_id = purchase_orders.creator_id").
		Joins("LEFT JOIN user_profiles ap ON ap.user_id = purchase_orders.approver_id")
}

// OrderPage lists a page of the company's orders, newest first, with the total.
func OrderPage(db *models.DB, companyID int64, f OrderFilter) ([]OrderRow, int64, error) {
	rows := []OrderRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return orders(db, companyID, f) }, ID: "purchase_orders.id",
		Order: models.ByKeys("purchase_orders", true, "created_at"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return orderRows(db.Table("purchase_orders").Scopes(models.InCompany("purchase_orders", companyID)))
	}, &rows)
	return rows, total, err
}

// OrderByID loads one of the company's orders, or ErrNotFound.
func OrderByID(db *models.DB, companyID, id int64) (*OrderRow, error) {
	var o OrderRow
	err := orderRows(orders(db, companyID, OrderFilter{})).Where("purchase_orders.id = ?", id).Take(&o).Error
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// OrderLines lists an order's lines with their products, by SKU.
func OrderLines(db *models.DB, companyID, orderID int64) ([]LineRow, error) {
	rows := []LineRow{}
	err := db.Table("purchase_order_lines").Scopes(models.InCompany("purchase_order_lines", companyID)).
		Select("purchase_order_lines.*, local_products.sku, local_products.name, local_products.image").
		Joins("JOIN local_products ON local_products.id = purchase_order_lines.product_id").
		Where("purchase_order_lines.order_id = ?", orderID).
		Order("local_products.sku").Find(&rows).Error
	return rows, err
}

// CreateOrder stores a new order with its lines.
func CreateOrder(db *models.DB, o *PurchaseOrder, lines []PurchaseOrderLine) error {
	if err := db.Create(o).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].OrderID = o.CompanyID, o.ID
	}
	return db.Create(&lines).Error
}

// ReplaceOrderLines replaces a draft's lines.
func ReplaceOrderLines(db *models.DB, companyID, orderID int64, lines []PurchaseOrderLine) error {
	if err := db.Where("company_id = ? AND order_id = ?", companyID, orderID).Delete(&PurchaseOrderLine{}).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].OrderID = companyID, orderID
	}
	return db.Create(&lines).Error
}

// MoveOrder changes an order's state from one of from to to, setting the other columns given, in one conditional
// update: of two transactions moving the same order only the first finds it in a from state. It answers whether
// the order moved.
func MoveOrder(db *models.DB, companyID, id int64, from []int, to int, set map[string]any) (bool, error) {
	set["status"] = to
	res := db.Model(&PurchaseOrder{}).Scopes(models.InCompany("purchase_orders", companyID)).
		Where("purchase_orders.id = ? AND purchase_orders.status IN ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// Line quantity columns TakeUnits moves.
const (
	ColumnReceived = "received"
	ColumnReturned = "returned"
	ColumnClosed   = "closed"
)

// TakeUnits adds n to a line's received, returned or closed units when the line has them to give: a receipt or
// a close takes from what is outstanding, a return from what came and has not gone back. One conditional update,
// so two receipts at once never take the same unit. It answers whether the line had them.
func TakeUnits(db *models.DB, companyID, lineID int64, column string, n int) (bool, error) {
	limit := "quantity - received - closed >= ?"
	if column == ColumnReturned {
		limit = "received - returned >= ?"
	}
	res := db.Model(&PurchaseOrderLine{}).Scopes(models.InCompany("purchase_order_lines", companyID)).
		Where("purchase_order_lines.id = ? AND "+limit, lineID, n).
		Update(column, gorm.Expr(column+" + ?", n))
	return res.RowsAffected == 1, res.Error
}

// OrderDone tells whether every line of the order has nothing outstanding.
func OrderDone(db *models.DB, companyID, orderID int64) (bool, error) {
	var open int64
	err := db.Model(&PurchaseOrderLine{}).Scopes(models.InCompany("purchase_order_lines", companyID)).
		Where("purchase_order_lines.order_id = ? AND quantity - received - closed > 0", orderID).Count(&open).Error
	return open == 0, err
}

// EventRow is an event of an order with its warehouse's and operator's names and its lines' total units.
type EventRow struct {
	PurchaseReceipt `gorm:"embedded"`
	WarehouseName   string
	OperatorName    string
	TotalQuantity   int
}

// EventLineRow is an event's line with its product's SKU.
type EventLineRow struct {
	PurchaseReceiptLine `gorm:"embedded"`
	SKU                 string `gorm:"column:sku"`
}

// OrderEvents lists an order's receipts, returns and closes, oldest first, and their lines.
func OrderEvents(db *models.DB, companyID, orderID int64) ([]EventRow, map[int64][]EventLineRow, error) {
	rows := []EventRow{}
	err := db.Table("purchase_receipts").Scopes(models.InCompany("purchase_receipts", companyID)).
		Select("purchase_receipts.*, warehouses.name AS warehouse_name, op.name AS operator_name, "+
			"(SELECT COALESCE(SUM(l.quantity), 0) FROM purchase_receipt_lines l WHERE l.receipt_id = purchase_receipts.id) AS total_quantity").
		Joins("JOIN warehouses ON warehouses.id = purchase_receipts.warehouse_id").
		Joins("LEFT JOIN user_profiles op ON op.user_id = purchase_receipts.operator_id").
		Where("purchase_receipts.order_id = ?", orderID).Order("purchase_receipts.created_at, purchase_receipts.number").Find(&rows).Error
	if err != nil {
		return nil, nil, err
	}
	var lines []EventLineRow
	err = db.Table("purchase_receipt_lines").Scopes(models.InCompany("purchase_receipt_lines", companyID)).
		Select("purchase_receipt_lines.*, local_products.sku").
		Joins("JOIN local_products ON local_products.id = purchase_receipt_lines.product_id").
		Joins("JOIN purchase_receipts ON purchase_receipts.id = purchase_receipt_lines.receipt_id").
		Where("purchase_receipts.order_id = ?", orderID).Order("local_products.sku").Find(&lines).Error
	byEvent := map[int64][]EventLineRow{}
	for _, l := range lines {
		byEvent[l.ReceiptID] = append(byEvent[l.ReceiptID], l)
	}
	return rows, byEvent, err
}

// CreateEvent stores an event with its lines, numbered after the order's events so far (the order's number and
// the sequence). It runs in the transaction that moved the order's lines.
func CreateEvent(db *models.DB, orderNumber string, e *PurchaseReceipt, lines []PurchaseReceiptLine) error {
	var n int64
	if err := db.Model(&PurchaseReceipt{}).Where("company_id = ? AND order_id = ?", e.CompanyID, e.OrderID).Count(&n).Error; err != nil {
		return err
	}
	e.Number = fmt.Sprintf("%s-%d", orderNumber, n+1)
	if err := db.Create(e).Error; err != nil {
		return err
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].ReceiptID = e.CompanyID, e.ID
	}
	return db.Create(&lines).Error
}

// ProductIDs answers which of ids are the company's products, with their SKUs.
func ProductIDs(db *models.DB, companyID int64, ids []int64) (map[int64]string, error) {
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

// LockOrder locks one of the company's orders until the transaction ends, so that an order's steps (receipts,
// returns, a close, a cancel) follow each other; ErrNotFound when it is not the company's.
func LockOrder(db *models.DB, companyID, id int64) error {
	var o PurchaseOrder
	return db.ForUpdate().Scopes(models.InCompany("purchase_orders", companyID)).Select("purchase_orders.id").
		Where("purchase_orders.id = ?", id).Take(&o).Error
}
