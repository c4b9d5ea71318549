package orders

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// SalesDetailRow is an order line as 销售明细 shows it: the SKU's units, prices, taxes and promotions in the order's
// currency as Amazon reported them, with the order's fulfilment channel, status and business (B2B) flag.
type SalesDetailRow struct {
	ID                    int64
	GroupName             string
	MarketplaceID         string
	AmazonOrderID         string
	SKU                   string `gorm:"column:sku"`
	ASIN                  string `gorm:"column:asin"`
	ProductName           string
	PurchaseDate          time.Time
	OrderStatus           string
	FulfillmentChannel    string
	ItemStatus            string
	Quantity              int
	Currency              string
	ItemPrice             models.Money
	ItemTax               models.Money
	ShippingPrice         models.Money
	ShippingTax           models.Money
	GiftWrapPrice         models.Money
	GiftWrapTax           models.Money
	ItemPromotionDiscount models.Money
	ShipPromotionDiscount models.Money
	PromotionIDs          string `gorm:"column:promotion_ids"`
	Business              bool
}

// businessOrder is the condition that the line's order was placed by a business buyer (Amazon Business), read
// on the orders' index by company, order id and seller account (migration 00047).
const businessOrder = "EXISTS (SELECT 1 FROM amazon_orders o WHERE o.company_id = amazon_order_items.company_id " +
	"AND o.amazon_order_id = amazon_order_items.amazon_order_id AND o.seller_id = amazon_order_items.seller_id " +
	"AND o.is_business_order)"

// salesDetails selects the company's order lines the filter passes within the user's store groups: of a status
// and channel, business orders or not, whose order id, SKU or ASIN starts with the search, in the periods.
func salesDetails(db *models.DB, companyID int64, f OrderFilter) *gorm.DB {
	q := db.Table("amazon_order_items").Scopes(models.InCompany("amazon_order_items", companyID),
		models.InGrantedGroups("amazon_order_items.group_id", f.UserID), ofStores("amazon_order_items.group_id", f))
	if f.MarketplaceID != "" {
		q = q.Where("amazon_order_items.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Status != "" {
		q = q.Where("amazon_order_items.order_status = ?", f.Status)
	}
	if f.Channel != "" {
		q = q.Where("amazon_order_items.fulfillment_channel = ?", f.Channel)
	}
	switch f.Business {
	case "yes":
		q = q.Where(businessOrder)
	case "no":
		q = q.Where("NOT " + businessOrder)
	}
	if f.Search != "" {
		var selects []string
		var args [][]any
		for _, col := range []string{"i.amazon_order_id", "i.sku", "i.asin"} {
			cond, values := startsWith(db, col, f.Search)
			selects = append(selects, "SELECT i.id FROM amazon_order_items i WHERE i.company_id = ? AND "+cond)
			args = append(args, append([]any{companyID}, values...))
		}
		q = q.Where("amazon_order_items.id IN (?)", anyOf(db, selects, args))
	}
	return inPeriods(q, "amazon_order_items", "purchase_date", f.Periods)
}

// SalesDetailCount counts the company's order lines the filter passes, up to the list's cap.
func SalesDetailCount(db *models.DB, companyID int64, f OrderFilter) (int64, error) {
	return db.CountCapped(salesDetails(db, companyID, f))
}

// SalesDetailPage lists a page of the company's order lines, newest purchase first unless another order is asked,
// with the total.
func SalesDetailPage(db *models.DB, companyID int64, f OrderFilter) ([]SalesDetailRow, int64, error) {
	rows := []SalesDetailRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return salesDetails(db, companyID, f) }, ID: "amazon_order_items.id",
		Order: f.order("amazon_order_items", "purchase_date"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor,
		Known: f.Total}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("amazon_order_items").Scopes(models.InCompany("amazon_order_items", companyID)).
			Joins("LEFT JOIN store_groups ON store_groups.id = amazon_order_items.group_id").
			Select("amazon_order_items.*, store_groups.name AS group_name, " + businessOrder + " AS business")
	}, &rows)
	return rows, total, err
}
