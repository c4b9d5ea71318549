// Package alibaba is the storage of 1688账号绑定 and 1688结算: bound buyer accounts, their orders imported (each
// once, by its 1688 id) with their lines and paid phases, and the 1688 offers and specs local products stand for.
package alibaba

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Account states.
const (
	AccountActive  = 0 // 正常
	AccountExpired = 1 // 授权已失效
)

// Import states (Account.ImportState).
const (
	ImportQueued  = "queued"
	ImportRunning = "running"
	ImportDone    = "done"
	ImportFailed  = "failed"
)

// Account is a bound buyer account; AccessToken and RefreshToken are sealed.
type Account struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	MemberID         string
	LoginID          string
	AccessToken      string
	RefreshToken     string
	TokenExpiresAt   time.Time
	RefreshExpiresAt *time.Time
	WarehouseID      int64
	Status           int
	ImportState      string
	ImportDone       int
	ImportTotal      int
	ImportError      string
	ImportedAt       *time.Time
	CreatedBy        *int64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName is alibaba_accounts.
func (Account) TableName() string { return "alibaba_accounts" }

// BeforeCreate gives a new account its id.
func (a *Account) BeforeCreate(*gorm.DB) error {
	if a.ID == 0 {
		a.ID = models.NewID()
	}
	return nil
}

// Order is a 1688 order imported; PurchaseOrderID once it is a purchase order.
type Order struct {
	ID              int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID       int64
	AccountID       int64
	AliOrderID      string
	Status          string
	SellerLoginID   string
	SellerName      string
	SupplierID      int64
	PurchaseOrderID *int64
	TotalAmount     int64
	ShippingFee     int64
	Logistics       string
	OrderedAt       time.Time
	LinesUnmapped   int
	ImportedAt      time.Time
}

// TableName is alibaba_orders.
func (Order) TableName() string { return "alibaba_orders" }

// BeforeCreate gives a new order its id.
func (o *Order) BeforeCreate(*gorm.DB) error {
	if o.ID == 0 {
		o.ID = models.NewID()
	}
	return nil
}

// OrderLine is a line of a 1688 order; ProductID nil until a local product stands for its offer and spec.
type OrderLine struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	OrderID     int64
	OfferID     string
	SpecID      string
	Name        string
	CargoNumber string
	Quantity    int
	Price       int64
	Amount      int64
	ProductID   *int64
}

// TableName is alibaba_order_lines.
func (OrderLine) TableName() string { return "alibaba_order_lines" }

// BeforeCreate gives a new line its id.
func (l *OrderLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// ProductLink says which local product a 1688 offer and spec is.
type ProductLink struct {
	CompanyID int64  `gorm:"primaryKey"`
	OfferID   string `gorm:"primaryKey"`
	SpecID    string `gorm:"primaryKey"`
	ProductID int64
}

// TableName is alibaba_product_links.
func (ProductLink) TableName() string { return "alibaba_product_links" }

// Payment is a paid phase of an order.
type Payment struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	OrderID   int64
	Phase     string
	Amount    int64
	PayStatus string
	PayWay    string
	PaidAt    time.Time
}

// TableName is alibaba_payments.
func (Payment) TableName() string { return "alibaba_payments" }

// BeforeCreate gives a new payment its id.
func (p *Payment) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}
