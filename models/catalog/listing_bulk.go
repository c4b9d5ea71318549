package catalog

import (
	"strings"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The bulk side of SKU配对: the listings a person chose (by id or by the list's filter), pairing many at once, and
// auto-pairing by SKU.

// ChosenListings loads the company's listings of the user's store groups that the ids name (when ids is not
// empty) or else that the filter selects, by id.
func ChosenListings(db *models.DB, companyID int64, f ListingFilter, ids []int64) ([]Listing, error) {
	out := []Listing{}
	base := func() *gorm.DB {
		return db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", f.UserID)).
			Order("listings.id")
	}
	if len(ids) == 0 {
		err := base().Scopes(f.scope(db)).Find(&out).Error
		return out, err
	}
	for i := 0; i < len(ids); i += inChunk {
		var rows []Listing
		if err := base().Where("listings.id IN ?", ids[i:min(i+inChunk, len(ids))]).Find(&rows).Error; err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// LocalProductIDsBySKU maps those of the SKUs the company's products use to the products.
func LocalProductIDsBySKU(db *models.DB, companyID int64, skus []string) (map[string]int64, error) {
	out := map[string]int64{}
	for i := 0; i < len(skus); i += inChunk {
		var rows []LocalProduct
		err := db.Select("local_products.id, local_products.sku").Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.sku IN ?", skus[i:min(i+inChunk, len(skus))]).Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, p := range rows {
			out[p.SKU] = p.ID
		}
	}
	return out, nil
}

// pairChunk is how many listings one pairing statement sets (two parameters each, under SQLite's limit).
const pairChunk = 400

// PairUnpairedListings pairs each of the company's listings in pairs (listing id -> product id) that is still
// unpaired, a chunk a statement, and answers how many it paired. A listing paired meanwhile keeps its product.
func PairUnpairedListings(db *models.DB, companyID int64, pairs map[int64]int64, now time.Time) (int64, error) {
	return pairListings(db, companyID, pairs, now, true)
}

// PairListings pairs each of the company's listings in pairs with its product, paired before or not.
func PairListings(db *models.DB, companyID int64, pairs map[int64]int64, now time.Time) (int64, error) {
	return pairListings(db, companyID, pairs, now, false)
}

func pairListings(db *models.DB, companyID int64, pairs map[int64]int64, now time.Time, unpairedOnly bool) (int64, error) {
	ids := make([]int64, 0, len(pairs))
	for id := range pairs {
		ids = append(ids, id)
	}
	var paired int64
	for i := 0; i < len(ids); i += pairChunk {
		chunk := ids[i:min(i+pairChunk, len(ids))]
		var b strings.Builder
		args := make([]any, 0, 2*len(chunk))
		b.WriteString("CASE listings.id")
		for _, id := range chunk {
			b.WriteString(" WHEN ? THEN CAST(? AS BIGINT)")
			args = append(args, id, pairs[id])
		}
		b.WriteString(" END")
		q := db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID)).Where("listings.id IN ?", chunk)
		if unpairedOnly {
			q = q.Where("listings.product_id IS NULL")
		}
		res := q.Updates(map[string]any{"product_id": gorm.Expr(b.String(), args...), "updated_at": now})
		if res.Error != nil {
			return paired, res.Error
		}
		paired += res.RowsAffected
	}
	return paired, nil
}

// AutoPairListings pairs the company's unpaired listings of the store groups the user is granted (userID 0: all;
// groupID not 0: that group only) with the enabled product whose SKU equals the listing's seller SKU, or else its
// FNSKU, and answers how many it paired. One statement per match, not one with an OR: each then reads the
// products by their (company, sku) index instead of every product for every listing.
func AutoPairListings(db *models.DB, companyID, userID, groupID int64, now time.Time) (int64, error) {
	var paired int64
	for _, column := range []string{"listings.seller_sku", "listings.fnsku"} {
		match := "FROM local_products lp WHERE lp.company_id = listings.company_id AND lp.sku = " + column + " AND NOT lp.disabled"
		q := db.Model(&Listing{}).Scopes(models.InCompany("listings", companyID)).Where("listings.product_id IS NULL").
			Where(column + " <> ''").Where("EXISTS (SELECT 1 " + match + ")")
		if userID != 0 {
			q = q.Scopes(models.InGrantedGroups("listings.group_id", userID))
		}
		if groupID != 0 {
			q = q.Where("listings.group_id = ?", groupID)
		}
		res := q.Updates(map[string]any{"updated_at": now, "product_id": gorm.Expr("(SELECT lp.id " + match + ")")})
		if res.Error != nil {
			return paired, res.Error
		}
		paired += res.RowsAffected
	}
	return paired, nil
}

// ListingsBySellerSKUs loads the company's listings of the user's store groups in a marketplace whose seller SKU
// is one of skus.
func ListingsBySellerSKUs(db *models.DB, companyID, userID int64, marketplaceID string, skus []string) ([]Listing, error) {
	var out []Listing
	for i := 0; i < len(skus); i += inChunk {
		var rows []Listing
		err := db.Scopes(models.InCompany("listings", companyID), models.InGrantedGroups("listings.group_id", userID)).
			Where("listings.marketplace_id = ? AND listings.seller_sku IN ?", marketplaceID, skus[i:min(i+inChunk, len(skus))]).
			Find(&rows).Error
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}
