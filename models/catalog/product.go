// Package catalog holds the local products (with their brands, categories, suppliers and prices), the Amazon
// products and the listings paired with them.
package catalog

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"sellerhub/models"
)

// Product kinds (LocalProduct.Kind).
const (
	ProductKindProduct    = 1 // 产品
	ProductKindConsumable = 2 // 耗材
	ProductKindPackage    = 3 // 包材
	// ProductKindMaterial is a raw material (物料) that processing turns into products; it is listed on 物料 only.
	ProductKindMaterial = 4
)

// Brand (品牌) of a company's products. A name is unique in the company.
type Brand struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new brand its id.
func (b *Brand) BeforeCreate(*gorm.DB) error {
	if b.ID == 0 {
		b.ID = models.NewID()
	}
	return nil
}

// Category (分类) is a node of a company's product category tree; ParentID 0 is the top level. A name is unique
// among its siblings.
type Category struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	ParentID  int64
	Name      string
	Sort      int
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new category its id.
func (c *Category) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// Supplier (供应商) a company buys products from. A name is unique in the company.
type Supplier struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Contact   string
	Phone     string
	Address   string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new supplier its id.
func (s *Supplier) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// LocalProduct (本地产品) is what the company stocks and ships, by a SKU unique in the company. Weights are kg,
// lengths cm, Price (采购成本) yuan; a nil measure is unknown (the pick list then leaves it out). The carton spec (箱规) is
// how many units one carton holds, its weight and its L*W*H.
type LocalProduct struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	SKU        string `gorm:"column:sku"`
	Name       string
	Image      string
	Kind       int
	BrandID    *int64
	CategoryID *int64
	SupplierID *int64
	Price      decimal.NullDecimal
	// FirstLeg is 头程, CNY per unit: with Price, the latest of the product's costs (ProductCost).
	FirstLeg     decimal.NullDecimal
	Weight       decimal.NullDecimal
	Length       decimal.NullDecimal
	Width        decimal.NullDecimal
	Height       decimal.NullDecimal
	CartonUnits  *int
	CartonWeight decimal.NullDecimal
	CartonLength decimal.NullDecimal
	CartonWidth  decimal.NullDecimal
	CartonHeight decimal.NullDecimal
	Remark       string
	Disabled     bool
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// BeforeCreate gives a new product its id.
func (p *LocalProduct) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}

// Listing is a seller SKU (平台SKU / msku) of a store group in one marketplace, with its ASIN and FNSKU, paired
// (SKU配对) with a local product when ProductID is set.
type Listing struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	GroupID       int64
	MarketplaceID string
	SellerSKU     string `gorm:"column:seller_sku"`
	ASIN          string `gorm:"column:asin"`
	FNSKU         string `gorm:"column:fnsku"`
	ProductID     *int64
	// OwnerID is the listing's 运营负责人 (商品列表), one of the company's users; nil: none.
	OwnerID *int64
	// What Amazon's all-listings report says of it (zero for a listing entered by hand and not yet reported).
	ItemName           string
	Price              models.Money
	Currency           string
	Quantity           int
	Status             string
	FulfillmentChannel string
	OpenDate           *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// BeforeCreate gives a new listing its id.
func (l *Listing) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}
