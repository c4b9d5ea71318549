package claims

import (
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

// FeeCharge is an FBA fulfilment fee an order's SKU was charged in a settlement, with the principal it sold for and
// the measures of the local product the SKU is paired with (lengths cm, weight kg).
type FeeCharge struct {
	GroupID, SellerID                    int64
	MarketplaceID, SettlementID, OrderID string
	SKU                                  string `gorm:"column:sku"`
	PostedDate                           time.Time
	Quantity                             int
	Fee                                  models.Money // negative as Amazon writes it
	Principal                            models.Money
	Currency                             string
	ProductSKU                           string
	Weight, Length, Width, Height        decimal.Decimal
}

// FeeCharges lists the company's FBA fulfilment fees charged on SKUs paired with a local product whose size and
// weight are known, oldest first.
func FeeCharges(db *models.DB, companyID int64) ([]FeeCharge, error) {
	out := []FeeCharge{}
	err := db.Table("settlement_lines sl").
		Joins("JOIN listings l ON l.company_id = sl.company_id AND l.group_id = sl.group_id AND l.marketplace_id = sl.marketplace_id AND l.seller_sku = sl.sku").
		Joins("JOIN local_products lp ON lp.id = l.product_id").
		Where("sl.company_id = ? AND sl.transaction_type = 'Order' AND sl.amount_type = 'ItemFees' AND "+
			"sl.amount_description = 'FBAPerUnitFulfillmentFee' AND sl.quantity_purchased > 0 AND sl.posted_date IS NOT NULL AND "+
			"lp.weight IS NOT NULL AND lp.length IS NOT NULL AND lp.width IS NOT NULL AND lp.height IS NOT NULL", companyID).
		Select("sl.group_id, sl.seller_id, sl.marketplace_id, sl.settlement_id, sl.order_id, sl.sku, sl.posted_date, " +
			"sl.quantity_purchased AS quantity, sl.amount AS fee, sl.currency, lp.sku AS product_sku, lp.weight, lp.length, lp.width, lp.height, " +
			"(SELECT SUM(p.amount) FROM settlement_lines p WHERE p.seller_id = sl.seller_id AND p.settlement_id = sl.settlement_id " +
			"AND p.order_item_code = sl.order_item_code AND p.transaction_type = 'Order' AND p.amount_type = 'ItemPrice' " +
			"AND p.amount_description = 'Principal') AS principal").
		Order("sl.posted_date, sl.id").Scan(&out).Error
	return out, err
}
