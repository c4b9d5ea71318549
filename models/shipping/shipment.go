// Package shipping holds FBA shipment plans and shipments, their handling steps (confirming, picking, sending,
// receiving) and the pick list.
package shipping

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"sellerhub/models"
)

// Shipment plan statuses (ShipmentPlan.Status).
const (
	PlanDraft     = 0 // 待提交
	PlanSubmitted = 1 // 已提交
	PlanShipped   = 2 // 已生成货件
	PlanCancelled = 3 // 已作废
)

// Shipment local statuses (Shipment.Status), domain.md: shipments to Amazon.
const (
	ShipmentRejected  = -1 // 驳回
	ShipmentCancelled = 0  // 取消
	ShipmentConfirm   = 1  // 待确认
	ShipmentPicking   = 2  // 配货
	ShipmentBoxing    = 3  // 装箱
	ShipmentShipped   = 4  // 发货出库
)

// ShipmentPlan (发货计划) says which products go from which warehouse to a store group's marketplace.
type ShipmentPlan struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	Number        string
	GroupID       int64
	MarketplaceID string
	WarehouseID   int64
	Status        int
	Remark        string
	CreatorID     *int64
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// BeforeCreate gives a new plan its id.
func (p *ShipmentPlan) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}

// ShipmentPlanItem is one product of a plan, under the listing's seller SKU.
type ShipmentPlanItem struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	PlanID    int64
	ProductID int64
	SellerSKU string `gorm:"column:seller_sku"`
	Quantity  int
}

// BeforeCreate gives a new plan item its id.
func (i *ShipmentPlanItem) BeforeCreate(*gorm.DB) error {
	if i.ID == 0 {
		i.ID = models.NewID()
	}
	return nil
}

// Shipment (货件) to an Amazon fulfilment centre. ShipmentID is Amazon's (FBA15XXXXXX), or our number
// (ShipmentNumbers, LS20261125-0001) for a shipment made without it; unique in the company. ID is the row's.
// AuditedAt is when it was confirmed for picking (审核时间 on the pick list).
type Shipment struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	ShipmentID    string
	Name          string
	PlanID        *int64
	GroupID       int64
	MarketplaceID string
	WarehouseID   int64
	Center        string
	Status        int
	AmazonStatus  string
	Remark        string
	Carrier       string
	Channel       string
	Tracking      string
	Freight       decimal.NullDecimal
	// 物流跟踪: the first-leg channel, the gross weight (kg) and volume (m³), the estimated arrival (yyyy-MM-dd, ""
	// unknown) and whether Freight was computed from the channel ("channel") or typed ("typed").
	ChannelID        *int64
	GrossWeight      decimal.NullDecimal
	Volume           decimal.NullDecimal
	EstimatedArrival string
	FreightSource    string
	// What the Fulfillment Inbound API last said of the shipment (its status, "" never asked) and when; StatusByHand
	// marks an AmazonStatus the seller set that differs from it, which Amazon's no longer replaces.
	InboundStatus    string
	InboundCheckedAt *time.Time
	StatusByHand     bool
	CreatorID        *int64
	AuditedAt        *time.Time
	ShippedAt        *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// BeforeCreate gives a new shipment its id.
func (s *Shipment) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// ShipmentItem is one seller SKU of a shipment: planned (Quantity), shipped and received at Amazon.
type ShipmentItem struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	ShipmentRef      int64
	ProductID        int64
	SellerSKU        string `gorm:"column:seller_sku"`
	FNSKU            string `gorm:"column:fnsku"`
	Quantity         int
	QuantityShipped  int
	QuantityReceived int
	// Amazon's units shipped and received as the Inbound API last said (nil: not asked yet); ReceivedByHand marks
	// a QuantityReceived the seller typed that differs from Amazon's, which Amazon's no longer replaces.
	InboundShipped  *int
	InboundReceived *int
	ReceivedByHand  bool
}

// BeforeCreate gives a new item its id.
func (i *ShipmentItem) BeforeCreate(*gorm.DB) error {
	if i.ID == 0 {
		i.ID = models.NewID()
	}
	return nil
}

// ShipmentCarton is one numbered carton of a shipment with its weight (kg) and L*W*H (cm).
type ShipmentCarton struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	ShipmentRef int64
	Number      int
	Weight      decimal.NullDecimal
	Length      decimal.NullDecimal
	Width       decimal.NullDecimal
	Height      decimal.NullDecimal
}

// BeforeCreate gives a new carton its id.
func (c *ShipmentCarton) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// ShipmentCartonItem is how many units of an item a carton holds.
type ShipmentCartonItem struct {
	CartonID int64 `gorm:"primaryKey;autoIncrement:false"`
	ItemID   int64 `gorm:"primaryKey;autoIncrement:false"`
	Quantity int
}
