package amazondata

import (
	"time"

	"sellerhub/models"
)

// CustomerReturn is a return of an order's SKU to Amazon's warehouse as the customer returns report states it:
// one row per order, SKU, license plate and return time.
type CustomerReturn struct {
	ID                  int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID           int64
	GroupID             int64
	SellerID            int64
	MarketplaceID       string
	ReturnDate          time.Time
	OrderID             string
	SKU                 string `gorm:"column:sku"`
	ASIN                string `gorm:"column:asin"`
	FNSKU               string `gorm:"column:fnsku"`
	ProductName         string
	Quantity            int
	FulfillmentCenterID string
	DetailedDisposition string
	Reason              string
	Status              string
	LicensePlateNumber  string
	CustomerComments    string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

var customerReturnsTable = &models.UpsertTable{
	Name: "customer_returns",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "return_date", "order_id",
		"sku", "asin", "fnsku", "product_name", "quantity", "fulfillment_center_id", "detailed_disposition",
		"reason", "status", "license_plate_number", "customer_comments", "created_at", "updated_at"},
	Key:  []string{"seller_id", "order_id", "sku", "license_plate_number", "return_date"},
	Keep: []string{"company_id"},
}

// UpsertCustomerReturns writes a batch of returns (each key once) in one transaction and returns how many rows
// were inserted or changed.
func UpsertCustomerReturns(db *models.DB, returns []CustomerReturn) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		r := &returns[i]
		return []any{models.NewID(), r.CompanyID, r.GroupID, r.SellerID, r.MarketplaceID, r.ReturnDate.UTC(), r.OrderID,
			r.SKU, r.ASIN, r.FNSKU, r.ProductName, r.Quantity, r.FulfillmentCenterID, r.DetailedDisposition,
			r.Reason, r.Status, r.LicensePlateNumber, r.CustomerComments, now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var err error
		written, err = tx.Upsert(customerReturnsTable, len(returns), row)
		return err
	})
	return written, err
}

// CustomerReturnsOfSeller lists a seller account's returns by return date; a seller account of another company
// has none.
func CustomerReturnsOfSeller(db *models.DB, companyID, sellerID int64) ([]CustomerReturn, error) {
	out := []CustomerReturn{}
	err := db.Scopes(models.InCompany("customer_returns", companyID)).Where("customer_returns.seller_id = ?", sellerID).
		Order("customer_returns.return_date, customer_returns.order_id, customer_returns.sku").Find(&out).Error
	return out, err
}
