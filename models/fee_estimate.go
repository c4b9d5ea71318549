package models

import "time"

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
	YourPrice                   Money
	SalesPrice                  Money
	EstimatedFeeTotal           Money
	EstimatedReferralFee        Money
	EstimatedVariableClosingFee Money
	EstimatedOrderHandlingFee   Money
	EstimatedPickPackFee        Money
	EstimatedWeightHandlingFee  Money
	ExpectedFulfillmentFee      Money
	CreatedAt                   time.Time
	UpdatedAt                   time.Time
}

// TableName is Amazon's name for what the rows are.
func (FeeEstimate) TableName() string { return "fba_fee_estimates" }

var feeEstimatesTable = &upsertTable{
	name: "fba_fee_estimates",
	columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "sku", "fnsku", "asin",
		"product_name", "product_group", "brand", "fulfilled_by", "product_size_tier", "longest_side",
		"median_side", "shortest_side", "length_and_girth", "unit_of_dimension", "item_package_weight",
		"unit_of_weight", "currency", "your_price", "sales_price", "estimated_fee_total", "estimated_referral_fee",
		"estimated_variable_closing_fee", "estimated_order_handling_fee", "estimated_pick_pack_fee",
		"estimated_weight_handling_fee", "expected_fulfillment_fee", "created_at", "updated_at"},
	key:  []string{"seller_id", "marketplace_id", "sku"},
	keep: []string{"company_id"},
}

// UpsertFeeEstimates writes a batch of fee estimates (each marketplace and SKU once) in one transaction and
// returns how many rows were inserted or changed.
func (db *DB) UpsertFeeEstimates(fees []FeeEstimate) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		f := &fees[i]
		return []any{NewID(), f.CompanyID, f.GroupID, f.SellerID, f.MarketplaceID, f.SKU, f.FNSKU, f.ASIN,
			f.ProductName, f.ProductGroup, f.Brand, f.FulfilledBy, f.ProductSizeTier, f.LongestSide, f.MedianSide,
			f.ShortestSide, f.LengthAndGirth, f.UnitOfDimension, f.ItemPackageWeight, f.UnitOfWeight, f.Currency,
			f.YourPrice.units(), f.SalesPrice.units(), f.EstimatedFeeTotal.units(), f.EstimatedReferralFee.units(),
			f.EstimatedVariableClosingFee.units(), f.EstimatedOrderHandlingFee.units(), f.EstimatedPickPackFee.units(),
			f.EstimatedWeightHandlingFee.units(), f.ExpectedFulfillmentFee.units(), now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *DB) error {
		var err error
		written, err = tx.upsert(feeEstimatesTable, len(fees), row)
		return err
	})
	return written, err
}

// FeeEstimatesOfSeller lists a seller account's fee estimates by marketplace and SKU; a seller account of another
// company has none.
func (db *DB) FeeEstimatesOfSeller(companyID, sellerID int64) ([]FeeEstimate, error) {
	out := []FeeEstimate{}
	err := db.Scopes(InCompany("fba_fee_estimates", companyID)).Where("fba_fee_estimates.seller_id = ?", sellerID).
		Order("fba_fee_estimates.marketplace_id, fba_fee_estimates.sku").Find(&out).Error
	return out, err
}
