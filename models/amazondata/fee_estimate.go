package amazondata

import (
	"time"

	"sellerhub/models"
	"sellerhub/models/catalog"
)

// FeeEstimate is Amazon's current estimate of the FBA fees of one SKU of a seller account in a marketplace. The
// dimensions and weight are kept as Amazon writes them, with their units, to be shown.
type FeeEstimate struct {
	ID                          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID                   int64
	GroupID                     int64
	SellerID                    int64
	MarketplaceID               string
	SKU                         string `gorm:"column:sku"`
	FNSKU                       string `gorm:"column:fnsku"`
	ASIN                        string `gorm:"column:asin"`
	ProductName                 string
	ProductGroup                string
	Brand                       string
	FulfilledBy                 string
	ProductSizeTier             string
	LongestSide                 string
	MedianSide                  string
	ShortestSide                string
	LengthAndGirth              string
	UnitOfDimension             string
	ItemPackageWeight           string
	UnitOfWeight                string
	Currency                    string
	YourPrice                   models.Money
	SalesPrice                  models.Money
	EstimatedFeeTotal           models.Money
	EstimatedReferralFee        models.Money
	EstimatedVariableClosingFee models.Money
	EstimatedOrderHandlingFee   models.Money
	EstimatedPickPackFee        models.Money
	EstimatedWeightHandlingFee  models.Money
	ExpectedFulfillmentFee      models.Money
	CreatedAt                   time.Time
	UpdatedAt                   time.Time
}

// TableName is Amazon's name for what the rows are.
func (FeeEstimate) TableName() string { return "fba_fee_estimates" }

var feeEstimatesTable = &models.UpsertTable{
	Name: "fba_fee_estimates",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "sku", "fnsku", "asin",
		"product_name", "product_group", "brand", "fulfilled_by", "product_size_tier", "longest_side",
		"median_side", "shortest_side", "length_and_girth", "unit_of_dimension", "item_package_weight",
		"unit_of_weight", "currency", "your_price", "sales_price", "estimated_fee_total", "estimated_referral_fee",
		"estimated_variable_closing_fee", "estimated_order_handling_fee", "estimated_pick_pack_fee",
		"estimated_weight_handling_fee", "expected_fulfillment_fee", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "sku"},
	Keep: []string{"company_id"},
}

// UpsertFeeEstimates writes a batch of fee estimates (each marketplace and SKU once) in one transaction and
// returns how many rows were inserted or changed.
func UpsertFeeEstimates(db *models.DB, fees []FeeEstimate) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		f := &fees[i]
		return []any{models.NewID(), f.CompanyID, f.GroupID, f.SellerID, f.MarketplaceID, f.SKU, f.FNSKU, f.ASIN,
			f.ProductName, f.ProductGroup, f.Brand, f.FulfilledBy, f.ProductSizeTier, f.LongestSide, f.MedianSide,
			f.ShortestSide, f.LengthAndGirth, f.UnitOfDimension, f.ItemPackageWeight, f.UnitOfWeight, f.Currency,
			f.YourPrice.Units(), f.SalesPrice.Units(), f.EstimatedFeeTotal.Units(), f.EstimatedReferralFee.Units(),
			f.EstimatedVariableClosingFee.Units(), f.EstimatedOrderHandlingFee.Units(), f.EstimatedPickPackFee.Units(),
			f.EstimatedWeightHandlingFee.Units(), f.ExpectedFulfillmentFee.Units(), now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var err error
		written, err = tx.Upsert(feeEstimatesTable, len(fees), row)
		return err
	})
	return written, err
}

// FeeEstimatesOfSeller lists a seller account's fee estimates by marketplace and SKU; a seller account of another
// company has none.
func FeeEstimatesOfSeller(db *models.DB, companyID, sellerID int64) ([]FeeEstimate, error) {
	out := []FeeEstimate{}
	err := db.Scopes(models.InCompany("fba_fee_estimates", companyID)).Where("fba_fee_estimates.seller_id = ?", sellerID).
		Order("fba_fee_estimates.marketplace_id, fba_fee_estimates.sku").Find(&out).Error
	return out, err
}

// ListingsWithoutFeeEstimate lists a store group's listings in the given marketplaces, with a price, that have no
// fee estimate of the seller account: the SKUs the estimated FBA fees report leaves out (those the seller ships, and
// FBA ones without stock at Amazon yet), for the Product Fees API to estimate.
func ListingsWithoutFeeEstimate(db *models.DB, companyID, groupID, sellerID int64, marketplaceIDs []string) ([]catalog.Listing, error) {
	out := []catalog.Listing{}
	if len(marketplaceIDs) == 0 {
		return out, nil
	}
	err := db.Scopes(models.InCompany("listings", companyID)).
		Where("listings.group_id = ? AND listings.marketplace_id IN ? AND listings.price > 0", groupID, marketplaceIDs).
		Where("NOT EXISTS (SELECT 1 FROM fba_fee_estimates f WHERE f.seller_id = ? AND f.marketplace_id = listings.marketplace_id AND f.sku = listings.seller_sku)", sellerID).
		Order("listings.marketplace_id, listings.seller_sku").Find(&out).Error
	return out, err
}
