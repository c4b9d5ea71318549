package catalog

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// 商品列表: a listing's owner (运营负责人) and tags, and the figures the list shows beside what the listings report
// says: FBA stock, the last days' sales, the variation parent and the catalogue's picture. The figures are read
// per page from the tables the syncs write (fba_inventory, sales_sku_days, asin_parents, catalog_items), by the
// listing's store group, marketplace and seller SKU, so the page reads at most a page of each.

// Person is a user of the company as the owner choices and the rows name it: the profile's name, else the
// account; DeptID is the user's department (0: none).
type Person struct {
	ID     int64
	Name   string
	DeptID int64
}

// People lists the company's active users by name: whom a listing may be given to.
func People(db *models.DB, companyID int64) ([]Person, error) {
	rows := []Person{}
	err := db.Table("users u").Joins("LEFT JOIN user_profiles up ON up.user_id = u.id").
		Select("u.id, COALESCE(NULLIF(up.name, ''), u.account) AS name, COALESCE(u.dept_id, 0) AS dept_id").
		Where("u.company_id = ? AND u.status = ?", companyID, "active").Order("name, u.id").Scan(&rows).Error
	return rows, err
}

// PeopleByID loads the company's users of the ids (any status: a listing keeps a user who left), keyed by id.
func PeopleByID(db *models.DB, companyID int64, ids []int64) (map[int64]Person, error) {
	out := map[int64]Person{}
	if len(ids) == 0 {
		return out, nil
	}
	rows := []Person{}
	err := db.Table("users u").Joins("LEFT JOIN user_profiles up ON up.user_id = u.id").
		Select("u.id, COALESCE(NULLIF(up.name, ''), u.account) AS name, COALESCE(u.dept_id, 0) AS dept_id").
		Where("u.company_id = ? AND u.id IN ?", companyID, ids).Scan(&rows).Error
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, err
}

// SetListingOwners gives the company's listings of the ids in the user's store groups to owner (nil: none) and
// answers how many it changed.
func SetListingOwners(db *models.DB, companyID, userID int64, ids []int64, owner *int64, now time.Time) (int64, error) {
	res := db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.id IN ?", ids).Updates(map[string]any{"owner_id": owner, "updated_at": now})
	return res.RowsAffected, res.Error
}

// VisibleListingIDs keeps of ids those of the company's listings in the user's store groups.
func VisibleListingIDs(db *models.DB, companyID, userID int64, ids []int64) ([]int64, error) {
	out := []int64{}
	err := db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
		Where("listings.id IN ?", ids).Order("listings.id").Pluck("listings.id", &out).Error
	return out, err
}

// ListingTag is a company tag on a listing.
type ListingTag struct {
	CompanyID int64 `gorm:"primaryKey;autoIncrement:false"`
	ListingID int64 `gorm:"primaryKey;autoIncrement:false"`
	TagID     int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

// TableName is the listings' tags' table.
func (ListingTag) TableName() string { return "listing_tags" }

// AddListingTags puts the tags on the listings (each pair once; a pair there already stays).
func AddListingTags(db *models.DB, companyID int64, listingIDs, tagIDs []int64, now time.Time) error {
	rows := make([]ListingTag, 0, len(listingIDs)*len(tagIDs))
	for _, l := range listingIDs {
		for _, t := range tagIDs {
			rows = append(rows, ListingTag{CompanyID: companyID, ListingID: l, TagID: t, CreatedAt: now})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "listing_id"}, {Name: "tag_id"}}, DoNothing: true}).
		CreateInBatches(rows, 500).Error
}

// RemoveListingTags takes the tags off the listings.
func RemoveListingTags(db *models.DB, companyID int64, listingIDs, tagIDs []int64) error {
	return db.Where("company_id = ? AND listing_id IN ? AND tag_id IN ?", companyID, listingIDs, tagIDs).Delete(&ListingTag{}).Error
}

// CompanyTagIDs keeps of ids those of the company's tags.
func CompanyTagIDs(db *models.DB, companyID int64, ids []int64) ([]int64, error) {
	out := []int64{}
	err := db.Table("tags").Where("company_id = ? AND id IN ?", companyID, ids).Order("id").Pluck("id", &out).Error
	return out, err
}

// TagChoice is a company tag as the screens offer it.
type TagChoice struct {
	ID    int64
	Name  string
	Color string
}

// TagChoices lists the company's tags by name, at most limit.
func TagChoices(db *models.DB, companyID int64, limit int) ([]TagChoice, error) {
	rows := []TagChoice{}
	err := db.Table("tags").Select("id, name, color").Where("company_id = ?", companyID).Order("name, id").Limit(limit).Scan(&rows).Error
	return rows, err
}

// ListingFigures are what 商品列表 shows of a listing beside its row: owner, tags, FBA fulfillable and inbound
// (summed over the group's seller accounts; HasFBA: the FBA inventory report has the SKU), units and sales (in the
// currency the orders were in) of the last 7 and 30 days, the parent ASIN and the catalogue's picture.
type ListingFigures struct {
	Owner       Person
	Tags        []TagChoice
	HasFBA      bool
	Fulfillable int64
	Inbound     int64
	Units7      int64
	Units30     int64
	Sales7      models.Money
	Sales30     models.Money
	SalesCur    string
	ParentASIN  string
	Image       string
	// Ranking is the catalogue's item of the listing's ASIN: its ranks, classification and when they were read.
	Ranking CatalogItem
}

type placeKey struct {
	group       int64
	market, sku string
}

// FiguresOf reads the figures of rows (a page) as of the days from7 and from30 (yyyy-MM-dd, included), keyed by
// listing id.
func FiguresOf(db *models.DB, companyID int64, rows []ListingRow, from7, from30 string) (map[int64]*ListingFigures, error) {
	out := make(map[int64]*ListingFigures, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	byPlace := map[placeKey]*ListingFigures{}
	ids, owners, skus := []int64{}, []int64{}, []string{}
	asins := map[[2]string][]*ListingFigures{}
	for i := range rows {
		l := &rows[i]
		f := &ListingFigures{}
		out[l.ID], byPlace[placeKey{l.GroupID, l.MarketplaceID, l.SellerSKU}] = f, f
		ids, skus = append(ids, l.ID), append(skus, l.SellerSKU)
		if l.OwnerID != nil {
			owners = append(owners, *l.OwnerID)
		}
		if l.ASIN != "" {
			k := [2]string{l.MarketplaceID, l.ASIN}
			asins[k] = append(asins[k], f)
		}
	}
	people, err := PeopleByID(db, companyID, owners)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if o := rows[i].OwnerID; o != nil {
			out[rows[i].ID].Owner = people[*o]
		}
	}
	var tags []struct {
		ListingID int64
		TagChoice
	}
	err = db.Table("listing_tags lt").Joins("JOIN tags t ON t.id = lt.tag_id").Select("lt.listing_id, t.id, t.name, t.color").
		Where("lt.company_id = ? AND lt.listing_id IN ?", companyID, ids).Order("t.name, t.id").Scan(&tags).Error
	if err != nil {
		return nil, err
	}
	for _, t := range tags {
		out[t.ListingID].Tags = append(out[t.ListingID].Tags, t.TagChoice)
	}
	var stock []struct {
		GroupID              int64
		MarketplaceID, SKU   string
		Fulfillable, Inbound int64
	}
	err = db.Table("fba_inventory").Select("group_id, marketplace_id, sku, SUM(fulfillable) AS fulfillable, "+
		"SUM(inbound_working + inbound_shipped + inbound_receiving) AS inbound").
		Where("company_id = ? AND sku IN ?", companyID, skus).Group("group_id, marketplace_id, sku").Scan(&stock).Error
	if err != nil {
		return nil, err
	}
	for _, s := range stock {
		if f := byPlace[placeKey{s.GroupID, s.MarketplaceID, s.SKU}]; f != nil {
			f.HasFBA, f.Fulfillable, f.Inbound = true, s.Fulfillable, s.Inbound
		}
	}
	var sales []struct {
		GroupID                      int64
		MarketplaceID, SKU, Currency string
		Units7, Units30              int64
		Amount7, Amount30            models.Money
	}
	err = db.Table("sales_sku_days").Select("group_id, marketplace_id, sku, currency, "+
		"SUM(CASE WHEN day >= ? THEN units ELSE 0 END) AS units7, SUM(units) AS units30, "+
		"SUM(CASE WHEN day >= ? THEN amount ELSE 0 END) AS amount7, SUM(amount) AS amount30", from7, from7).
		Where("company_id = ? AND sku IN ? AND day >= ?", companyID, skus, from30).
		Group("group_id, marketplace_id, sku, currency").Scan(&sales).Error
	if err != nil {
		return nil, err
	}
	for _, s := range sales {
		f := byPlace[placeKey{s.GroupID, s.MarketplaceID, s.SKU}]
		if f == nil {
			continue
		}
		f.Units7, f.Units30 = f.Units7+s.Units7, f.Units30+s.Units30
		// A marketplace sells in one currency; a second one (rare) keeps the first's amounts.
		if f.SalesCur == "" || f.SalesCur == s.Currency {
			f.SalesCur = s.Currency
			f.Sales7 = models.Money{Decimal: f.Sales7.Add(s.Amount7.Decimal)}
			f.Sales30 = models.Money{Decimal: f.Sales30.Add(s.Amount30.Decimal)}
		}
	}
	if len(asins) > 0 {
		keys := make([][2]string, 0, len(asins))
		for k := range asins {
			keys = append(keys, k)
		}
		items, err := CatalogItemsOf(db, companyID, keys)
		if err != nil {
			return nil, err
		}
		var parents []struct {
			MarketplaceID, ASIN, ParentASIN string
		}
		list := make([]string, 0, len(keys))
		for _, k := range keys {
			list = append(list, k[1])
		}
		err = db.Table("asin_parents").Select("marketplace_id, asin, parent_asin").
			Where("company_id = ? AND asin IN ?", companyID, list).Scan(&parents).Error
		if err != nil {
			return nil, err
		}
		for _, p := range parents {
			for _, f := range asins[[2]string{p.MarketplaceID, p.ASIN}] {
				f.ParentASIN = p.ParentASIN
			}
		}
		for k, fs := range asins {
			for _, f := range fs {
				f.Image, f.Ranking = items[k].Image, items[k]
			}
		}
	}
	return out, nil
}

// OwnerKey is a listing's place: its store group, marketplace and seller SKU (a 利润报告 line's).
type OwnerKey struct {
	GroupID       int64
	MarketplaceID string
	SKU           string
}

// ListingOwners reads the owners of the company's listings that have one, by place.
func ListingOwners(db *models.DB, companyID int64) (map[OwnerKey]int64, error) {
	var rows []struct {
		GroupID       int64
		MarketplaceID string
		SellerSKU     string `gorm:"column:seller_sku"`
		OwnerID       int64
	}
	err := db.Table("listings").Select("group_id, marketplace_id, seller_sku, owner_id").
		Where("company_id = ? AND owner_id IS NOT NULL", companyID).Scan(&rows).Error
	out := make(map[OwnerKey]int64, len(rows))
	for _, r := range rows {
		out[OwnerKey{r.GroupID, r.MarketplaceID, r.SellerSKU}] = r.OwnerID
	}
	return out, err
}
