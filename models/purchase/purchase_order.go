// Package purchase is the storage of purchasing: purchase orders (采购单) with their lines, their receipts,
// returns and short closes, and the weighted average cost of the products they bring in.
package purchase

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Purchase order states (PurchaseOrder.Status).
const (
	OrderDraft     = 0 // 待提交
	OrderSubmitted = 1 // 待审核
	OrderApproved  = 2 // 待下单: the ordered units wait in the warehouse's 待入库
	OrderToPay     = 3 // 待付款: ordered, paid before the goods (款到发货)
	OrderToReceive = 4 // 待收货: ordered, goods expected
	OrderCompleted = 5 // 已完成: every unit received or closed
	OrderCancelled = 6 // 已作废
)

// Payment terms (PurchaseOrder.PaymentTerms).
const (
	TermsPrepay  = "prepay"  // 款到发货
	TermsReceipt = "receipt" // 货到付款
	TermsCredit  = "terms"   // 账期: TermsDays after the receipt
)

// Event kinds (PurchaseReceipt.Kind), also the ledger's document types of their movements.
const (
	EventReceipt = "purchase_receipt" // 采购收货
	EventReturn  = "purchase_return"  // 采购退货
	EventClose   = "purchase_close"   // 采购结案
	// The ledger's document types of an order's approval (units to 待入库) and of its cancellation after approval.
	DocApprove = "purchase_approve"
	DocCancel  = "purchase_cancel"
)

// PurchaseOrder is an order to a supplier. WarehouseID is where its ordered units wait (待入库) from approval.
type PurchaseOrder struct {
	ID           int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID    int64
	Number       string
	SupplierID   int64
	WarehouseID  int64
	Currency     string
	PaymentTerms string
	TermsDays    int
	ExpectedDate string
	Status       int
	Remark       string
	CloseReason  string
	CreatorID    *int64
	ApproverID   *int64
	SubmittedAt  *time.Time
	ApprovedAt   *time.Time
	OrderedAt    *time.Time
	CompletedAt  *time.Time
	CancelledAt  *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// BeforeCreate gives a new order its id.
func (o *PurchaseOrder) BeforeCreate(*gorm.DB) error {
	if o.ID == 0 {
		o.ID = models.NewID()
	}
	return nil
}

// PurchaseOrderLine is a product ordered: its quantity, unit price (the order's currency, tax included, Money's
// units) and tax rate (hundredths of a percent), and how many units came, went back and will never come.
type PurchaseOrderLine struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	OrderID   int64
	ProductID int64
	Quantity  int
	UnitPrice int64
	TaxRate   int
	Received  int
	Returned  int
	Closed    int
	Remark    string
}

// BeforeCreate gives a new line its id.
func (l *PurchaseOrderLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// Outstanding is how many units of the line are still to come.
func (l PurchaseOrderLine) Outstanding() int { return l.Quantity - l.Received - l.Closed }

// PurchaseReceipt is one stock event of an order: a receipt, a return to the supplier or a short close.
type PurchaseReceipt struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	OrderID     int64
	Number      string
	Kind        string
	WarehouseID int64
	EventDate   string
	Remark      string
	OperatorID  *int64
	CreatedAt   time.Time
}

// BeforeCreate gives a new event its id.
func (r *PurchaseReceipt) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// PurchaseReceiptLine is a line's units in an event, with the CNY cost of one (a receipt's).
type PurchaseReceiptLine struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	ReceiptID   int64
	OrderLineID int64
	ProductID   int64
	Quantity    int
	UnitCost    int64
}

// BeforeCreate gives a new line its id.
func (l *PurchaseReceiptLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}
