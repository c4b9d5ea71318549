package purchase

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Payment request kinds (PaymentRequest.Kind).
const (
	PayDeposit = "deposit" // 定金/预付款
	PayReceipt = "receipt" // 到货款: against one receipt
	PayTerms   = "terms"   // 账期款: due the order's terms after a receipt
)

// Payment request states (PaymentRequest.Status).
const (
	PayPending  = 0 // 待审批
	PayApproved = 1 // 待付款
	PayPaid     = 2 // 已付款
	PayRejected = 3 // 已驳回
	PayVoid     = 4 // 已作废
)

// PaymentRequest (付款申请) asks to pay a supplier an amount, in the order's currency, against an order and, for a
// payment on receipt, one of its receipts.
type PaymentRequest struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Number      string
	OrderID     int64
	SupplierID  int64
	ReceiptID   *int64
	Kind        string
	Currency    string
	Amount      int64
	DueDate     string
	Status      int
	Remark      string
	Account     string
	PaidDate    string
	RequesterID *int64
	ApproverID  *int64
	PayerID     *int64
	ApprovedAt  *time.Time
	PaidAt      *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new request its id.
func (r *PaymentRequest) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// PaymentRow is a request as its list and detail show it.
type PaymentRow struct {
	PaymentRequest `gorm:"embedded"`
	OrderNumber    string
	ReceiptNumber  string
	SupplierName   string
	RequesterName  string
	ApproverName   string
	PayerName      string
}

// PaymentFilter narrows the request list.
type PaymentFilter struct {
	Number        string
	SupplierID    int64
	OrderID       int64
	Status        *int
	Offset, Limit int
	Anchor        models.Anchor
}

func payments(db *models.DB, companyID int64, f PaymentFilter) *gorm.DB {
	q := db.Table("payment_requests").Scopes(models.InCompany("payment_requests", companyID))
	if f.Number != "" {
		q = q.Where("payment_requests.number LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Number))
	}
	if f.SupplierID != 0 {
		q = q.Where("payment_requests.supplier_id = ?", f.SupplierID)
	}
	if f.OrderID != 0 {
		q = q.Where("payment_requests.order_id = ?", f.OrderID)
	}
	if f.Status != nil {
		q = q.Where("payment_requests.status = ?", *f.Status)
	}
	return q
}

func paymentRows(q *gorm.DB) *gorm.DB {
	return q.Select("payment_requests.*, purchase_orders.number AS order_number, COALESCE(purchase_receipts.number, '') AS receipt_number, " +
		"suppliers.name AS supplier_name, rp.name AS requester_name, ap.name AS approver_name, pp.name AS payer_name").
		Joins("JOIN purchase_orders ON purchase_orders.id = payment_requests.order_id").
		Joins("JOIN suppliers ON suppliers.id = payment_requests.supplier_id").
		Joins("LEFT JOIN purchase_receipts ON purchase_receipts.id = payment_requests.receipt_id").
		Joins("LEFT JOIN user_profiles rp ON rp.user_id = payment_requests.requester_id").
		Joins("LEFT JOIN user_profiles ap ON ap.user_id = payment_requests.approver_id").
		Joins("LEFT JOIN user_profiles pp ON pp.user_id = payment_requests.payer_id")
}

// PaymentPage lists a page of the company's requests, newest first.
func PaymentPage(db *models.DB, companyID int64, f PaymentFilter) ([]PaymentRow, int64, error) {
	rows := []PaymentRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return payments(db, companyID, f) }, ID: "payment_requests.id",
		Order: models.ByKeys("payment_requests", true, "created_at"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return paymentRows(db.Table("payment_requests").Scopes(models.InCompany("payment_requests", companyID)))
	}, &rows)
	return rows, total, err
}

// PaymentByID loads one of the company's requests, or ErrNotFound.
func PaymentByID(db *models.DB, companyID, id int64) (*PaymentRow, error) {
	var r PaymentRow
	err := paymentRows(payments(db, companyID, PaymentFilter{})).Where("payment_requests.id = ?", id).Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// OrderPayments lists an order's requests, oldest first.
func OrderPayments(db *models.DB, companyID, orderID int64) ([]PaymentRow, error) {
	rows := []PaymentRow{}
	err := paymentRows(payments(db, companyID, PaymentFilter{OrderID: orderID})).Order("payment_requests.created_at").Find(&rows).Error
	return rows, err
}

// MovePayment changes a request's state from one of from to to, setting set, in one conditional update; it
// answers whether the request moved.
func MovePayment(db *models.DB, companyID, id int64, from []int, to int, set map[string]any) (bool, error) {
	set["status"] = to
	res := db.Model(&PaymentRequest{}).Scopes(models.InCompany("payment_requests", companyID)).
		Where("payment_requests.id = ? AND payment_requests.status IN ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// RequestedOf sums an order's requests that still stand (待审批, 待付款, 已付款), in Money's units.
func RequestedOf(db *models.DB, companyID, orderID int64) (int64, error) {
	var sum int64
	err := db.Model(&PaymentRequest{}).Scopes(models.InCompany("payment_requests", companyID)).
		Where("payment_requests.order_id = ? AND payment_requests.status IN ?", orderID, []int{PayPending, PayApproved, PayPaid}).
		Select("CAST(COALESCE(SUM(payment_requests.amount), 0) AS BIGINT)").Scan(&sum).Error
	return sum, err
}

// PaidOf counts an order's paid requests.
func PaidOf(db *models.DB, companyID, orderID int64) (int64, error) {
	var n int64
	err := db.Model(&PaymentRequest{}).Scopes(models.InCompany("payment_requests", companyID)).
		Where("payment_requests.order_id = ? AND payment_requests.status = ?", orderID, PayPaid).Count(&n).Error
	return n, err
}

// ReceiptValue is what a receipt's units are worth at the order's prices, in the order's currency.
func ReceiptValue(db *models.DB, companyID, receiptID int64) (int64, error) {
	var sum int64
	err := db.Table("purchase_receipt_lines").Scopes(models.InCompany("purchase_receipt_lines", companyID)).
		Joins("JOIN purchase_order_lines ol ON ol.id = purchase_receipt_lines.order_line_id").
		Where("purchase_receipt_lines.receipt_id = ?", receiptID).
		Select("CAST(COALESCE(SUM(purchase_receipt_lines.quantity * ol.unit_price), 0) AS BIGINT)").Scan(&sum).Error
	return sum, err
}

// ReceiptOf loads one of an order's receipts (kind receipt), or ErrNotFound.
func ReceiptOf(db *models.DB, companyID, orderID, id int64) (*PurchaseReceipt, error) {
	var r PurchaseReceipt
	err := db.Scopes(models.InCompany("purchase_receipts", companyID)).
		Where("purchase_receipts.id = ? AND purchase_receipts.order_id = ? AND purchase_receipts.kind = ?", id, orderID, EventReceipt).
		Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// SupplierOwed is what a supplier is owed in one currency: the orders' value (ordered less closed and returned),
// what has been received less returned, what has been paid, and what is approved but not paid.
type SupplierOwed struct {
	SupplierID   int64
	SupplierName string
	Currency     string
	Ordered      int64
	Received     int64
	Paid         int64
	Approved     int64
}

// OwedBySupplier sums, per supplier and currency, the company's orders from approval on (not drafts, submitted or
// cancelled ones) and their paid and approved requests, by supplier name.
func OwedBySupplier(db *models.DB, companyID int64, supplierID int64) ([]SupplierOwed, error) {
	rows := []SupplierOwed{}
	q := db.Table("purchase_orders").Scopes(models.InCompany("purchase_orders", companyID)).
		Select("purchase_orders.supplier_id, suppliers.name AS supplier_name, purchase_orders.currency, "+
			"CAST(COALESCE(SUM((SELECT SUM((l.quantity - l.closed - l.returned) * l.unit_price) FROM purchase_order_lines l WHERE l.order_id = purchase_orders.id)), 0) AS BIGINT) AS ordered, "+
			"CAST(COALESCE(SUM((SELECT SUM((l.received - l.returned) * l.unit_price) FROM purchase_order_lines l WHERE l.order_id = purchase_orders.id)), 0) AS BIGINT) AS received, "+
			"CAST(COALESCE(SUM((SELECT SUM(r.amount) FROM payment_requests r WHERE r.order_id = purchase_orders.id AND r.status = ?)), 0) AS BIGINT) AS paid, "+
			"CAST(COALESCE(SUM((SELECT SUM(r.amount) FROM payment_requests r WHERE r.order_id = purchase_orders.id AND r.status = ?)), 0) AS BIGINT) AS approved",
			PayPaid, PayApproved).
		Joins("JOIN suppliers ON suppliers.id = purchase_orders.supplier_id").
		Where("purchase_orders.status IN ?", []int{OrderApproved, OrderToPay, OrderToReceive, OrderCompleted})
	if supplierID != 0 {
		q = q.Where("purchase_orders.supplier_id = ?", supplierID)
	}
	err := q.Group("purchase_orders.supplier_id, suppliers.name, purchase_orders.currency").
		Order("suppliers.name, purchase_orders.currency").Find(&rows).Error
	return rows, err
}
