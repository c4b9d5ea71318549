package catalog

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/stores"
)

// ListingRow is a listing with its store group's name and, when paired, its local product's SKU, name and image.
type ListingRow struct {
	Listing
	GroupName    string `gorm:"->"`
	ProductSKU   string `gorm:"->;column:product_sku"`
	ProductName  string `gorm:"->"`
	ProductImage string `gorm:"->"`
}

// ListingFilter selects a company's listings of the store groups UserID is granted: of one store group and
// marketplace ("" / 0: any), whose seller SKU, ASIN or FNSKU (with InTitle: seller SKU, ASIN or title) contains
// Keyword, paired with ProductID (0: any), paired or not (Paired nil: both). Reported keeps the listings Amazon's
// listings report gave (a status); Status keeps one status as Amazon writes it, Channel "FBA" (AMAZON_NA, _EU..)
// or "FBM" (DEFAULT) one fulfilment channel.
type ListingFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Keyword       string
	InTitle       bool
	ProductID     int64
	Paired        *bool
	Reported      bool
	Status        string
	Channel       string
	// 商品列表's filters: the owner (OwnerID; NoOwner: the listings without one) and a tag.
	OwnerID int64
	NoOwner bool
	TagID   int64
	// ByRank sorts 商品列表 by 排名 (the display group rank, best first; Desc worst first), unranked last both ways.
	ByRank  bool
	OrderBy string
	Desc    bool
	Offset  int
	Limit   int
	Anchor  models.Anchor
}

const listingColumns = "listings.*, store_groups.name AS group_name, local_products.sku AS product_sku, " +
	"local_products.name AS product_name, local_products.image AS product_image"

func listingsWithNames(db *models.DB, companyID int64) *gorm.DB {
	return db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID)).Select(listingColumns).
		Joins("JOIN store_groups ON store_groups.id = listings.group_id").
		Joins("LEFT JOIN local_products ON local_products.id = listings.product_id")
}

func (f ListingFilter) scope(db *models.DB) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB { return f.narrow(db, q) }
}

func (f ListingFilter) narrow(db *models.DB, q *gorm.DB) *gorm.DB {
	q = q.Scopes(models.InGrantedGroups("listings.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("listings.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("listings.marketplace_id = ?", f.MarketplaceID)
	}
	if f.InTitle {
		q = db.ContainsKeyword(q, f.Keyword, "listings.seller_sku", "listings.asin", "listings.item_name")
	} else {
		q = db.ContainsKeyword(q, f.Keyword, "listings.seller_sku", "listings.asin", "listings.fnsku")
	}
	if f.Reported {
		q = q.Where("listings.status <> ''")
	}
	if f.Status != "" {
		q = q.Where("listings.status = ?", f.Status)
	}
	switch f.Channel {
	case "FBA":
		q = q.Where("listings.fulfillment_channel LIKE 'AMAZON%'")
	case "FBM":
		q = q.Where("listings.fulfillment_channel = 'DEFAULT'")
	}
	if f.ProductID != 0 {
		q = q.Where("listings.product_id = ?", f.ProductID)
	}
	if f.OwnerID != 0 {
		q = q.Where("listings.owner_id = ?", f.OwnerID)
	} else if f.NoOwner {
		q = q.Where("listings.owner_id IS NULL")
	}
	if f.TagID != 0 {
		q = q.Where("EXISTS (SELECT 1 FROM listing_tags lt WHERE lt.listing_id = listings.id AND lt.tag_id = ?)", f.TagID)
	}
	if f.Paired != nil && *f.Paired {
		q = q.Where("listings.product_id IS NOT NULL")
	} else if f.Paired != nil {
		q = q.Where("listings.product_id IS NULL")
	}
	return q
}

func (f ListingFilter) order() models.PageOrder {
	switch {
	// The listing's copy of its catalogue item's rank (migration 00164), written as its indexes are, unranked last
	// both ways; by offset, as a rare sort read a page at a time.
	case f.ByRank && f.Desc:
		return models.Ordered("COALESCE(listings.group_rank, -1) DESC, listings.id DESC")
	case f.ByRank:
		return models.Ordered("COALESCE(listings.group_rank, 2147483647), listings.id")
	case f.OrderBy == "":
		return models.ByKeys("listings", true, "created_at")
	}
	return models.ByKeys("listings", f.Desc, f.OrderBy)
}

// ListingPage lists a page of the company's listings the filter selects, with the total.
func ListingPage(db *models.DB, companyID int64, f ListingFilter) ([]ListingRow, int64, error) {
	rows := []ListingRow{}
	p := models.PageQuery{Matching: func() *gorm.DB {
		return db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID), f.scope(db))
	}, ID: "listings.id", Order: f.order(), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB { return listingsWithNames(db, companyID) }, &rows)
	return rows, total, err
}

// ListingByID loads one of the company's listings of a store group the user is granted, with its names, or
// ErrNotFound (also for another company's).
func ListingByID(db *models.DB, companyID, userID, id int64) (*ListingRow, error) {
	var l ListingRow
	err := listingsWithNames(db, companyID).Scopes(models.InGrantedGroups("listings.group_id", userID)).
		First(&l, "listings.id = ?", id).Error
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// ListingsOfProduct lists the company's listings paired with a product in the store groups the user is granted,
// by store group and marketplace: where the product sells, and the seller SKU and FNSKU a shipment of it to each
// group and marketplace carries.
func ListingsOfProduct(db *models.DB, companyID, userID, productID int64) ([]ListingRow, error) {
	rows := []ListingRow{}
	err := listingsWithNames(db, companyID).Scopes(models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.product_id = ?", productID).Order("store_groups.name, listings.marketplace_id, listings.seller_sku").Find(&rows).Error
	return rows, err
}

// ListingIDBySellerSKU answers the id of the company's listing of the seller SKU in the store group's
// marketplace, or ErrNotFound.
func ListingIDBySellerSKU(db *models.DB, companyID, groupID int64, marketplaceID, sellerSKU string) (int64, error) {
	var l Listing
	err := db.Select("listings.id").Scopes(models.InCompany("listings", companyID)).
		Take(&l, "listings.group_id = ? AND listings.marketplace_id = ? AND listings.seller_sku = ?", groupID, marketplaceID, sellerSKU).Error
	return l.ID, err
}

// CreateListing stores a new listing; a seller SKU the group already has in the marketplace is a duplicate-key
// error.
func CreateListing(db *models.DB, l *Listing) error { return db.Create(l).Error }

// UpdateListing writes a listing's group, marketplace, seller SKU, ASIN, FNSKU, product and update time.
func UpdateListing(db *models.DB, l *Listing) error {
	return db.Model(&Listing{}).Scopes(models.InCompany("listings", l.CompanyID)).Where("listings.id = ?", l.ID).
		Updates(map[string]any{"group_id": l.GroupID, "marketplace_id": l.MarketplaceID, "seller_sku": l.SellerSKU,
			"asin": l.ASIN, "fnsku": l.FNSKU, "product_id": l.ProductID, "updated_at": l.UpdatedAt}).Error
}

// PairListing pairs one of the company's listings of a store group the user is granted with a product (nil:
// unpairs it), or answers ErrNotFound.
func PairListing(db *models.DB, companyID, userID, id int64, productID *int64, now time.Time) error {
	return models.AffectedOne(db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.id = ?", id).Updates(map[string]any{"product_id": productID, "updated_at": now}))
}

// DeleteListing deletes one of the company's listings of a store group the user is granted, or answers
// ErrNotFound.
func DeleteListing(db *models.DB, companyID, userID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.id = ?", id).Delete(&Listing{}))
}

// StoreGroupChoices lists the company's store groups the user is granted by name, for the listing screens'
// drop-downs.
func StoreGroupChoices(db *models.DB, companyID, userID int64, limit int) ([]stores.StoreGroup, error) {
	rows := []stores.StoreGroup{}
	err := db.Scopes(models.InCompany("store_groups", companyID), models.InGrantedGroups("store_groups.id", userID)).
		Order("store_groups.name, store_groups.id").Limit(limit).Find(&rows).Error
	return rows, err
}

// ListingsWithFNSKU lists up to limit of the company's listings that have an FNSKU, of the store groups the user
// is granted, whose seller SKU, ASIN or FNSKU contains keyword ("" any), newest first: the listings 商品标签
// offers to print.
func ListingsWithFNSKU(db *models.DB, companyID, userID int64, keyword string, limit int) ([]ListingRow, error) {
	rows := []ListingRow{}
	q := listingsWithNames(db, companyID).Scopes(models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.fnsku <> ''")
	q = db.ContainsKeyword(q, keyword, "listings.seller_sku", "listings.asin", "listings.fnsku")
	err := q.Order("listings.created_at DESC, listings.id DESC").Limit(limit).Find(&rows).Error
	return rows, err
}
