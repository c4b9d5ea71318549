package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// FBAInventoryRow is a seller SKU's FBA stock in a marketplace as FBA库存明细 shows it: Amazon's figures with the
// store group's name, the local product the SKU is paired with (SKU配对; empty when none) and the units sold in
// the last 30 days (the daily summary's, Beijing days).
type FBAInventoryRow struct {
	FBAInventory
	GroupName    string
	ProductID    *int64
	ProductSKU   string `gorm:"column:product_sku"`
	ProductName  string
	ProductImage string
	Units30      int64 `gorm:"column:units30"`
}

// FBAInventoryFilter selects a company's FBA inventory rows of the store groups UserID is granted: of one store
// group and marketplace (0 / "": any), whose seller SKU, FNSKU or ASIN contains Keyword, paired or not (Paired nil:
// both), with stock only (any state above zero). SalesFrom is the first Beijing day (yyyy-MM-dd) whose sales
// Units30 sums. OrderBy is a column of fba_inventory the caller has checked ("" for the seller SKU).
type FBAInventoryFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Keyword       string
	Paired        *bool
	HasStock      bool
	SalesFrom     string
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

// hasStock is the condition that Amazon holds or expects some unit of the SKU, in any state.
const hasStock = "(fba_inventory.fulfillable > 0 OR fba_inventory.reserved > 0 OR fba_inventory.unsellable > 0 " +
	"OR fba_inventory.researching > 0 OR fba_inventory.inbound_working > 0 OR fba_inventory.inbound_shipped > 0 " +
	"OR fba_inventory.inbound_receiving > 0)"

func (f FBAInventoryFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("fba_inventory").Scopes(models.InCompany("fba_inventory", companyID),
		models.InGrantedGroups("fba_inventory.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("fba_inventory.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("fba_inventory.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Paired != nil {
		// Kept by triggers in step with SKU配对 (migration 00115).
		q = q.Where("fba_inventory.paired = ?", *f.Paired)
	}
	if f.HasStock {
		q = q.Where(hasStock)
	}
	return db.ContainsKeyword(q, f.Keyword, "fba_inventory.sku", "fba_inventory.fnsku", "fba_inventory.asin")
}

// FBAInventoryPage lists a page of the company's FBA inventory the filter selects, by seller SKU unless another
// order is asked, with the total. The page's rows alone are joined with their listing, product and sales.
func FBAInventoryPage(db *models.DB, companyID int64, f FBAInventoryFilter) ([]FBAInventoryRow, int64, error) {
	rows := []FBAInventoryRow{}
	order := models.ByKeys("fba_inventory", f.Desc, "sku")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_inventory", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_inventory.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		// The day column bounds the summary's primary key range (a Beijing day is its marketplace day or the one
		// after); bj_day is the 30 days the dashboard's days of cover count too. PostgreSQL sums BIGINT as NUMERIC.
		return db.Table("fba_inventory").Scopes(models.InCompany("fba_inventory", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_inventory.group_id").
			Joins("LEFT JOIN listings ON listings.company_id = fba_inventory.company_id AND listings.group_id = fba_inventory.group_id "+
				"AND listings.marketplace_id = fba_inventory.marketplace_id AND listings.seller_sku = fba_inventory.sku").
			Joins("LEFT JOIN local_products ON local_products.id = listings.product_id").
			Select("fba_inventory.*, store_groups.name AS group_name, listings.product_id, local_products.sku AS product_sku, "+
				"local_products.name AS product_name, local_products.image AS product_image, "+
				"(SELECT CAST(COALESCE(SUM(d.units), 0) AS BIGINT) FROM sales_sku_days d WHERE d.seller_id = fba_inventory.seller_id "+
				"AND d.marketplace_id = fba_inventory.marketplace_id AND d.day >= ? AND d.bj_day >= ? "+
				"AND d.sku = fba_inventory.sku) AS units30", dayBefore(f.SalesFrom), f.SalesFrom)
	}, &rows)
	return rows, total, err
}

// dayBefore is the yyyy-MM-dd day before day (day itself when it is not a date: then nothing is summed anyway).
func dayBefore(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, -1).Format(time.DateOnly)
}
