// Package pricing holds 调价's tables: the price changes sent to Amazon (listing_price_changes), the floor price a
// seller sets per listing (listing_price_floors) and the company's confirmation percent (listing_price_settings).
package pricing

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// DefaultConfirmPercent is the change (in percent of the price before) above which a change needs a confirmation
// when the company has set none.
const DefaultConfirmPercent = 20

// Change is one listing's price change as sent (or refused before sending), with the answer.
type Change struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	GroupID       int64
	ListingID     int64
	BatchID       int64
	MarketplaceID string
	SellerSKU     string `gorm:"column:seller_sku"`
	ASIN          string `gorm:"column:asin"`
	Currency      string
	OldPrice      models.Money
	NewPrice      models.Money
	Method        string
	OK            bool `gorm:"column:ok"`
	ErrorType     string
	Message       string
	SubmissionID  string
	UserID        int64
	CreatedAt     time.Time
}

// TableName is the changes' table.
func (Change) TableName() string { return "listing_price_changes" }

// Floor is the least price the seller allows a listing, in its currency.
type Floor struct {
	ListingID  int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	FloorPrice models.Money
	UpdatedBy  int64
	UpdatedAt  time.Time
}

// TableName is the floors' table.
func (Floor) TableName() string { return "listing_price_floors" }

// Settings is the company's 调价 settings.
type Settings struct {
	CompanyID      int64 `gorm:"primaryKey;autoIncrement:false"`
	ConfirmPercent int
	UpdatedAt      time.Time
}

// TableName is the settings' table.
func (Settings) TableName() string { return "listing_price_settings" }

// ListingRow is a listing as 调价 lists it: SKU配对's row with its floor (nil: none) and its last change.
type ListingRow struct {
	catalogdb.ListingRow
	Floor *models.Money `gorm:"-"`
	Last  *Change       `gorm:"-"`
}

// ListingFilter is 调价's list query: SKU配对's filter (the keyword in seller SKU, ASIN and title).
type ListingFilter = catalogdb.ListingFilter

// ListingPage lists a page of the company's listings in the user's store groups with their floors and last
// changes, and the total.
func ListingPage(db *models.DB, companyID int64, f ListingFilter) ([]ListingRow, int64, error) {
	rows, total, err := catalogdb.ListingPage(db, companyID, f)
	if err != nil {
		return nil, 0, err
	}
	out, err := withPricing(db, companyID, rows)
	return out, total, err
}

// ListingsByIDs loads the company's listings of the ids in the user's store groups, with floors and last changes;
// an id not among them is left out.
func ListingsByIDs(db *models.DB, companyID, userID int64, ids []int64) ([]ListingRow, error) {
	rows := []catalogdb.ListingRow{}
	if len(ids) == 0 {
		return nil, nil
	}
	err := db.Model(&catalogdb.Listing{}).Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
		Select("listings.*, store_groups.name AS group_name, local_products.sku AS product_sku, local_products.name AS product_name, local_products.image AS product_image").
		Joins("JOIN store_groups ON store_groups.id = listings.group_id").
		Joins("LEFT JOIN local_products ON local_products.id = listings.product_id").
		Where("listings.id IN ?", ids).Order("listings.id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return withPricing(db, companyID, rows)
}

// withPricing adds the rows' floors and last changes (two queries for the page).
func withPricing(db *models.DB, companyID int64, rows []catalogdb.ListingRow) ([]ListingRow, error) {
	out := make([]ListingRow, len(rows))
	ids := make([]int64, len(rows))
	for i := range rows {
		out[i].ListingRow, ids[i] = rows[i], rows[i].ID
	}
	if len(ids) == 0 {
		return out, nil
	}
	floors := []Floor{}
	if err := db.Where("company_id = ? AND listing_id IN ?", companyID, ids).Find(&floors).Error; err != nil {
		return nil, err
	}
	byListing := map[int64]int{}
	for i := range out {
		byListing[out[i].ID] = i
	}
	for _, f := range floors {
		v := f.FloorPrice
		out[byListing[f.ListingID]].Floor = &v
	}
	latest := db.Session(&gorm.Session{NewDB: true}).Table("listing_price_changes").Select("listing_id, MAX(created_at) AS at").
		Where("company_id = ? AND listing_id IN ?", companyID, ids).Group("listing_id")
	last := []Change{}
	err := db.Table("listing_price_changes c").Select("c.*").
		Joins("JOIN (?) l ON l.listing_id = c.listing_id AND l.at = c.created_at", latest).
		Where("c.company_id = ?", companyID).Order("c.id").Find(&last).Error
	if err != nil {
		return nil, err
	}
	for i := range last {
		c := last[i]
		out[byListing[c.ListingID]].Last = &c
	}
	return out, nil
}

// SaveChanges writes changes, giving each an id.
func SaveChanges(db *models.DB, rows []Change) error {
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		if rows[i].ID == 0 {
			rows[i].ID = models.NewID()
		}
	}
	return db.CreateInBatches(rows, 200).Error
}

// SetListingPrice writes the price Amazon accepted to the company's listing.
func SetListingPrice(db *models.DB, companyID, listingID int64, price models.Money, at time.Time) error {
	return db.Model(&catalogdb.Listing{}).Where("company_id = ? AND id = ?", companyID, listingID).
		Updates(map[string]any{"price": price, "updated_at": at}).Error
}

// SaveFloor sets a listing's floor price.
func SaveFloor(db *models.DB, f Floor) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "listing_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"floor_price", "updated_by", "updated_at"})}).Create(&f).Error
}

// ClearFloor removes a listing's floor price.
func ClearFloor(db *models.DB, companyID, listingID int64) error {
	return db.Where("company_id = ? AND listing_id = ?", companyID, listingID).Delete(&Floor{}).Error
}

// ConfirmPercent is the company's confirmation percent (DefaultConfirmPercent when unset).
func ConfirmPercent(db *models.DB, companyID int64) (int, error) {
	var s Settings
	err := db.Where("company_id = ?", companyID).Limit(1).Find(&s).Error
	if err != nil || s.CompanyID == 0 {
		return DefaultConfirmPercent, err
	}
	return s.ConfirmPercent, nil
}

// SaveConfirmPercent sets the company's confirmation percent.
func SaveConfirmPercent(db *models.DB, companyID int64, percent int, at time.Time) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"confirm_percent", "updated_at"})}).
		Create(&Settings{CompanyID: companyID, ConfirmPercent: percent, UpdatedAt: at}).Error
}

// ChangeFilter is the history's query: the user (store groups), a store group, a marketplace, a listing, the
// result (ok, failed or ""), a part of the seller SKU or ASIN, the times (from included, to excluded), the page.
type ChangeFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	ListingID     int64
	Result        string
	Keyword       string
	From, To      time.Time
	Offset, Limit int
}

// ChangeRow is a change as the history lists it: who by name and the store group.
type ChangeRow struct {
	Change
	UserName  string
	GroupName string
}

// ChangePage reads a page of the company's changes, the latest first, with the count.
func ChangePage(db *models.DB, companyID int64, f ChangeFilter) ([]ChangeRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("listing_price_changes c").Where("c.company_id = ?", companyID).Scopes(models.InGrantedGroups("c.group_id", f.UserID))
		if f.GroupID != 0 {
			q = q.Where("c.group_id = ?", f.GroupID)
		}
		if f.MarketplaceID != "" {
			q = q.Where("c.marketplace_id = ?", f.MarketplaceID)
		}
		if f.ListingID != 0 {
			q = q.Where("c.listing_id = ?", f.ListingID)
		}
		switch f.Result {
		case "ok":
			q = q.Where("c.ok = ?", true)
		case "failed":
			q = q.Where("c.ok = ?", false)
		}
		q = db.ContainsKeyword(q, f.Keyword, "c.seller_sku", "c.asin")
		if !f.From.IsZero() {
			q = q.Where("c.created_at >= ?", f.From)
		}
		if !f.To.IsZero() {
			q = q.Where("c.created_at < ?", f.To)
		}
		return q
	}
	var total int64
	if err := base().Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []ChangeRow{}
	err := base().Joins("LEFT JOIN users u ON u.id = c.user_id").
		Joins("LEFT JOIN user_profiles up ON up.user_id = c.user_id").
		Joins("LEFT JOIN store_groups g ON g.id = c.group_id").
		Select("c.*, COALESCE(NULLIF(up.name, ''), u.account, '') AS user_name, COALESCE(g.name, '') AS group_name").
		Order("c.created_at DESC").Order("c.id DESC").Offset(f.Offset).Limit(f.Limit).Scan(&rows).Error
	return rows, total, err
}

// Statuses of a scheduled sale.
const (
	SaleScheduled = "scheduled"
	SaleOn        = "on"
	SaleDone      = "done"
	SaleFailed    = "failed"
	SaleCancelled = "cancelled"
)

// Sale is a scheduled sale of a listing: its sale price from StartsAt to EndsAt, then back to RegularPrice (the
// price when it started).
type Sale struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	GroupID       int64
	ListingID     int64
	MarketplaceID string
	SellerSKU     string `gorm:"column:seller_sku"`
	Currency      string
	SalePrice     models.Money
	RegularPrice  models.Money
	StartsAt      time.Time
	EndsAt        time.Time
	Status        string
	Message       string
	UserID        int64
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// TableName is the sales' table.
func (Sale) TableName() string { return "listing_price_sales" }

// SaveSales writes new sales, giving each an id.
func SaveSales(db *models.DB, rows []Sale) error {
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		if rows[i].ID == 0 {
			rows[i].ID = models.NewID()
		}
	}
	return db.CreateInBatches(rows, 200).Error
}

// DueSales are the sales (of every company) to start (scheduled, StartsAt passed) or to end (on, EndsAt passed)
// at now, the oldest first, at most limit.
func DueSales(db *models.DB, now time.Time, limit int) ([]Sale, error) {
	rows := []Sale{}
	err := db.Where("(status = ? AND starts_at <= ?) OR (status = ? AND ends_at <= ?)", SaleScheduled, now, SaleOn, now).
		Order("starts_at, id").Limit(limit).Find(&rows).Error
	return rows, err
}

// UpdateSale writes a sale's status, regular price and message, if it is still in status from (false when another
// worker moved it first).
func UpdateSale(db *models.DB, id int64, from string, set map[string]any) (bool, error) {
	res := db.Model(&Sale{}).Where("id = ? AND status = ?", id, from).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// SaleRow is a sale as 定时促销 lists it, with the store group's and the user's names.
type SaleRow struct {
	Sale
	GroupName string
	UserName  string
	ASIN      string `gorm:"column:asin"`
}

// SalePage reads a page of the company's sales in the user's store groups, the latest first, with the count.
func SalePage(db *models.DB, companyID, userID int64, status string, offset, limit int) ([]SaleRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("listing_price_sales s").Where("s.company_id = ?", companyID).Scopes(models.InGrantedGroups("s.group_id", userID))
		if status != "" {
			q = q.Where("s.status = ?", status)
		}
		return q
	}
	var total int64
	if err := base().Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []SaleRow{}
	err := base().Joins("LEFT JOIN users u ON u.id = s.user_id").
		Joins("LEFT JOIN user_profiles up ON up.user_id = s.user_id").
		Joins("LEFT JOIN store_groups g ON g.id = s.group_id").
		Joins("LEFT JOIN listings l ON l.id = s.listing_id").
		Select("s.*, COALESCE(NULLIF(up.name, ''), u.account, '') AS user_name, COALESCE(g.name, '') AS group_name, COALESCE(l.asin, '') AS asin").
		Order("s.created_at DESC").Order("s.id DESC").Offset(offset).Limit(limit).Scan(&rows).Error
	return rows, total, err
}

// SaleOf loads one of the company's sales in the user's store groups, or ErrNotFound.
func SaleOf(db *models.DB, companyID, userID, id int64) (*Sale, error) {
	var s Sale
	err := db.Scopes(models.InCompany("listing_price_sales", companyID), models.InGrantedGroups("listing_price_sales.group_id", userID)).
		Take(&s, "listing_price_sales.id = ?", id).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}
