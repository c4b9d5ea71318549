package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/catalog"
)

// fnskuOfListing is the FNSKU the FBA inventory report gave the listing's seller SKU in its store group and
// marketplace.
const fnskuOfListing = `FROM fba_inventory fi WHERE fi.company_id = listings.company_id AND fi.group_id = listings.group_id
	AND fi.marketplace_id = listings.marketplace_id AND fi.sku = listings.seller_sku AND fi.fnsku <> ''`

// FillListingFNSKUs sets the FNSKU of a store group's listings in a marketplace that have none (Amazon's listings
// report carries none) from the FBA inventory report's line of the same seller SKU, and answers how many it set.
// A listing's FNSKU entered or reported already is kept.
func FillListingFNSKUs(db *models.DB, companyID, groupID int64, marketplaceID string, now time.Time) (int64, error) {
	res := db.Model(&catalog.Listing{}).Scopes(models.InCompany("listings", companyID)).
		Where("listings.group_id = ? AND listings.marketplace_id = ? AND listings.fnsku = ''", groupID, marketplaceID).
		Where("EXISTS (SELECT 1 " + fnskuOfListing + ")").
		Updates(map[string]any{"fnsku": gorm.Expr("(SELECT MIN(fi.fnsku) " + fnskuOfListing + ")"), "updated_at": now})
	return res.RowsAffected, res.Error
}
