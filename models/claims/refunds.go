package claims

import (
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// Refund is a customer refund of an FBA order's SKU as the settlements state it: the principal refunded, when, and
// the units the order bought of the SKU (1 when the order is not synced).
type Refund struct {
	GroupID, SellerID           int64
	MarketplaceID, OrderID, SKU string
	AdjustmentID, SettlementID  string
	PostedAt                    time.Time
	Amount                      models.Money // refunded principal, negative as Amazon writes it
	Currency                    string
	Units                       int
}

// FBARefunds lists the company's refunds of FBA orders, one per seller account, order and SKU (the principal of
// its lines summed, the first posting's time), oldest first.
func FBARefunds(db *models.DB, companyID int64) ([]Refund, error) {
	var lines []amazondatadb.SettlementLine
	err := db.Scopes(models.InCompany("settlement_lines", companyID)).
		Where("settlement_lines.transaction_type = 'Refund' AND settlement_lines.fulfillment_id = 'AFN' AND " +
			"settlement_lines.amount_type = 'ItemPrice' AND settlement_lines.amount_description = 'Principal' AND " +
			"settlement_lines.posted_date IS NOT NULL").
		Order("settlement_lines.posted_date, settlement_lines.id").Find(&lines).Error
	if err != nil || len(lines) == 0 {
		return []Refund{}, err
	}
	type key struct {
		seller     int64
		order, sku string
	}
	at := map[key]int{}
	out := []Refund{}
	for _, l := range lines {
		k := key{l.SellerID, l.OrderID, l.SKU}
		if i, ok := at[k]; ok {
			out[i].Amount = models.Money{Decimal: out[i].Amount.Decimal.Add(l.Amount.Decimal)}
			continue
		}
		at[k] = len(out)
		out = append(out, Refund{GroupID: l.GroupID, SellerID: l.SellerID, MarketplaceID: l.MarketplaceID, OrderID: l.OrderID,
			SKU: l.SKU, AdjustmentID: l.AdjustmentID, SettlementID: l.SettlementID, PostedAt: *l.PostedDate, Amount: l.Amount,
			Currency: l.Currency, Units: 1})
	}
	// The units the orders bought of the SKUs.
	type orderItem struct {
		SellerID      int64
		AmazonOrderID string
		SKU           string `gorm:"column:sku"`
		Quantity      int
	}
	var items []orderItem
	orders := make([]string, 0, len(out))
	for _, r := range out {
		orders = append(orders, r.OrderID)
	}
	for i := 0; i < len(orders); i += 500 {
		var part []orderItem
		err := db.Table("amazon_order_items").Where("company_id = ? AND amazon_order_id IN ?", companyID, orders[i:min(i+500, len(orders))]).
			Select("seller_id, amazon_order_id, sku, quantity").Scan(&part).Error
		if err != nil {
			return nil, err
		}
		items = append(items, part...)
	}
	for _, it := range items {
		if i, ok := at[key{it.SellerID, it.AmazonOrderID, it.SKU}]; ok && it.Quantity > 0 {
			out[i].Units = it.Quantity
		}
	}
	return out, nil
}

// Returned lists the company's customer returns, oldest first.
func Returned(db *models.DB, companyID int64) ([]amazondatadb.CustomerReturn, error) {
	out := []amazondatadb.CustomerReturn{}
	err := db.Scopes(models.InCompany("customer_returns", companyID)).
		Order("customer_returns.return_date, customer_returns.id").Find(&out).Error
	return out, err
}

// Measured is a SKU of a seller account in a marketplace paired with a local product whose size and weight are
// known (lengths cm, weight kg), with Amazon's own measures of it as its fee estimate states them, in their units.
type Measured struct {
	GroupID, SellerID                                int64
	MarketplaceID                                    string
	SKU                                              string `gorm:"column:sku"`
	ProductSKU                                       string
	Weight, Length, Width, Height                    decimal.Decimal
	ProductSizeTier                                  string
	LongestSide, MedianSide, ShortestSide            string
	UnitOfDimension, ItemPackageWeight, UnitOfWeight string
}

// MeasuredSKUs lists the company's SKUs that Amazon's fee estimate measured and whose local product we measured.
func MeasuredSKUs(db *models.DB, companyID int64) ([]Measured, error) {
	out := []Measured{}
	err := db.Table("fba_fee_estimates fe").
		Joins("JOIN listings l ON l.company_id = fe.company_id AND l.group_id = fe.group_id AND l.marketplace_id = fe.marketplace_id AND l.seller_sku = fe.sku").
		Joins("JOIN local_products lp ON lp.id = l.product_id").
		Where("fe.company_id = ? AND lp.weight IS NOT NULL AND lp.length IS NOT NULL AND lp.width IS NOT NULL AND lp.height IS NOT NULL", companyID).
		Select("fe.group_id, fe.seller_id, fe.marketplace_id, fe.sku, lp.sku AS product_sku, lp.weight, lp.length, lp.width, lp.height, " +
			"fe.product_size_tier, fe.longest_side, fe.median_side, fe.shortest_side, fe.unit_of_dimension, fe.item_package_weight, fe.unit_of_weight").
		Order("fe.seller_id, fe.marketplace_id, fe.sku").Scan(&out).Error
	return out, err
}

// FeeCharge is an FBA fulfilment fee an order's SKU was charged in a settlement, with the principal it sold for.
type FeeCharge struct {
	SellerID                             int64
	MarketplaceID, SettlementID, OrderID string
	SKU                                  string `gorm:"column:sku"`
	PostedDate                           time.Time
	Quantity                             int
	Fee                                  models.Money // negative as Amazon writes it
	Principal                            models.Money
	Currency                             string
}

// FeeCharges lists the FBA fulfilment fees the company was charged on these SKUs, oldest first, each with the
// principal of its order line (read in the same pass and matched by the line's item code).
func FeeCharges(db *models.DB, companyID int64, skus []string) ([]FeeCharge, error) {
	var rows []struct {
		FeeCharge
		OrderItemCode     string
		AmountDescription string
	}
	for i := 0; i < len(skus); i += 500 {
		var part []struct {
			FeeCharge
			OrderItemCode     string
			AmountDescription string
		}
		err := db.Table("settlement_lines sl").
			Where("sl.company_id = ? AND sl.sku IN ? AND sl.transaction_type = 'Order' AND ((sl.amount_type = 'ItemFees' AND "+
				"sl.amount_description = 'FBAPerUnitFulfillmentFee') OR (sl.amount_type = 'ItemPrice' AND sl.amount_description = 'Principal')) AND "+
				"sl.quantity_purchased > 0 AND sl.posted_date IS NOT NULL", companyID, skus[i:min(i+500, len(skus))]).
			Select("sl.seller_id, sl.marketplace_id, sl.settlement_id, sl.order_id, sl.sku, sl.posted_date, " +
				"sl.quantity_purchased AS quantity, sl.amount AS fee, sl.currency, sl.order_item_code, sl.amount_description").
			Order("sl.posted_date, sl.id").Scan(&part).Error
		if err != nil {
			return nil, err
		}
		rows = append(rows, part...)
	}
	type line struct {
		seller           int64
		settlement, code string
	}
	principal := map[line]decimal.Decimal{}
	for _, r := range rows {
		if r.AmountDescription == "Principal" {
			k := line{r.SellerID, r.SettlementID, r.OrderItemCode}
			principal[k] = principal[k].Add(r.Fee.Decimal)
		}
	}
	out := []FeeCharge{}
	for _, r := range rows {
		if r.AmountDescription == "Principal" {
			continue
		}
		c := r.FeeCharge
		c.Principal = models.Money{Decimal: principal[line{r.SellerID, r.SettlementID, r.OrderItemCode}]}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b FeeCharge) int { return a.PostedDate.Compare(b.PostedDate) })
	return out, nil
}
