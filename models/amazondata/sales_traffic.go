package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// TrafficDay is a child ASIN's day of Amazon's sales and traffic report in a marketplace: its detail page's
// sessions and page views, its Buy Box share, and what was ordered. Percentages in basis points.
type TrafficDay struct {
	ID              int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID       int64
	GroupID         int64
	SellerID        int64
	MarketplaceID   string
	Day             string
	ParentASIN      string `gorm:"column:parent_asin"`
	ChildASIN       string `gorm:"column:child_asin"`
	SKU             string `gorm:"column:sku"`
	Sessions        int64
	BrowserSessions int64
	PageViews       int64
	BuyBoxBP        int64 `gorm:"column:buy_box_bp"`
	UnitSessionBP   int64 `gorm:"column:unit_session_bp"`
	Units           int64
	OrderItems      int64
	Sales           models.Money
	Currency        string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// TableName: written for the search.
func (TrafficDay) TableName() string { return "sales_traffic_days" }

var trafficDaysTable = &models.UpsertTable{
	Name: "sales_traffic_days",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "day", "parent_asin", "child_asin", "sku",
		"sessions", "browser_sessions", "page_views", "buy_box_bp", "unit_session_bp", "units", "order_items", "sales",
		"currency", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "day", "child_asin"},
	Keep: []string{"company_id"},
}

// UpsertTrafficDays writes a batch of days (each key once) in one transaction and returns how many rows were
// inserted or changed: 0 when the same report is read again.
func UpsertTrafficDays(db *models.DB, days []TrafficDay) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return upsertIn(db, trafficDaysTable, len(days), func(i int) []any {
		d := &days[i]
		return []any{models.NewID(), d.CompanyID, d.GroupID, d.SellerID, d.MarketplaceID, d.Day, d.ParentASIN, d.ChildASIN,
			d.SKU, d.Sessions, d.BrowserSessions, d.PageViews, d.BuyBoxBP, d.UnitSessionBP, d.Units, d.OrderItems,
			d.Sales.Units(), d.Currency, now, now}
	})
}

// TrafficFilter selects the days of the store groups UserID is granted: of a store group and marketplace, from
// First to Last (yyyy-mm-dd, both in), by child ASIN or (ByParent) by parent ASIN; Search is a part of an ASIN or
// SKU, ASIN an exact child or parent ASIN.
type TrafficFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	First, Last   string
	ByParent      bool
	Search        string
	ASIN          string
}

// TrafficSum is a key's (child or parent ASIN) day in a store group and marketplace. BuyBoxViews is the Buy Box
// basis points weighted by page views (Amazon's share is of page views), to be divided by the page views summed.
type TrafficSum struct {
	GroupID       int64
	GroupName     string
	MarketplaceID string
	ASIN          string `gorm:"column:asin"`
	Parent        string
	SKU           string `gorm:"column:sku"`
	Day           string
	Sessions      int64
	PageViews     int64
	BuyBoxViews   int64
	Units         int64
	OrderItems    int64
	Sales         int64
	Currency      string
}

func (f TrafficFilter) key() string {
	if f.ByParent {
		return "t.parent_asin"
	}
	return "t.child_asin"
}

func trafficQuery(db *models.DB, companyID int64, f TrafficFilter) *gorm.DB {
	q := db.Table("sales_traffic_days AS t").Scopes(models.InCompany("t", companyID),
		models.InGrantedGroups("t.group_id", f.UserID)).Where("t.day BETWEEN ? AND ?", f.First, f.Last)
	if f.GroupID != 0 {
		q = q.Where("t.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("t.marketplace_id = ?", f.MarketplaceID)
	}
	if f.ASIN != "" {
		q = q.Where(f.key()+" = ?", f.ASIN)
	}
	if f.Search != "" {
		q = db.ContainsKeyword(q, f.Search, "t.child_asin", "t.parent_asin", "t.sku")
	}
	return q
}

// TrafficSums sums the filter's days by store group, marketplace, key and day.
func TrafficSums(db *models.DB, companyID int64, f TrafficFilter) ([]TrafficSum, error) {
	out := []TrafficSum{}
	key := f.key()
	err := trafficQuery(db, companyID, f).Joins("JOIN store_groups g ON g.id = t.group_id").
		Select("t.group_id, g.name AS group_name, t.marketplace_id, " + key + " AS asin, MAX(t.parent_asin) AS parent, " +
			"MIN(t.sku) AS sku, t.day, SUM(t.sessions) AS sessions, SUM(t.page_views) AS page_views, " +
			"SUM(t.buy_box_bp * t.page_views) AS buy_box_views, SUM(t.units) AS units, SUM(t.order_items) AS order_items, " +
			"SUM(t.sales) AS sales, MAX(t.currency) AS currency").
		Group("t.group_id, g.name, t.marketplace_id, " + key + ", t.day").
		Order("t.day, t.marketplace_id, " + key).Scan(&out).Error
	return out, err
}

// TrafficRow is a stored day of a child ASIN with its store group's name: a figure's source.
type TrafficRow struct {
	TrafficDay
	GroupName string
}

// TrafficRows lists the stored days the filter selects (a day, an ASIN), by day, marketplace and child ASIN.
func TrafficRows(db *models.DB, companyID int64, f TrafficFilter) ([]TrafficRow, error) {
	out := []TrafficRow{}
	err := trafficQuery(db, companyID, f).Joins("JOIN store_groups g ON g.id = t.group_id").
		Select("t.*, g.name AS group_name").Order("t.day, t.marketplace_id, t.child_asin").Limit(5000).Scan(&out).Error
	return out, err
}
