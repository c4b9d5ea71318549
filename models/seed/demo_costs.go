package seed

import (
	"context"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/catalog"
	"sellerhub/models/stores"
)

// The demo's costs are what a seller sourcing in China would enter on the first day: 采购成本 about a fifth of the
// US price at the factory's rate, 头程 by sea at a forwarder's price per chargeable kilogram, and for every third
// product a price rise from the 15th of last month, so that 利润报告 shows a month costed at two prices.
var (
	// demoSourcingShare of the US price in yuan is the unit cost (22 % of $24.99 at 7.1 is ¥39.04).
	demoSourcingShare = decimal.RequireFromString("1.562") // 7.1 × 0.22
	// demoSeaFreight is the forwarder's yuan per chargeable kg, door to an FBA centre by sea.
	demoSeaFreight = decimal.RequireFromString("11")
	// demoVolumeDivisor turns cm³ into volumetric kg, as forwarders count.
	demoVolumeDivisor = decimal.NewFromInt(6000)
	// demoMinFreight is the least a unit's 头程 comes to (labels, cartons, the trucking to the port).
	demoMinFreight = decimal.RequireFromString("1.20")
	// demoPriceRise is the supplier's rise of every third product's 采购成本 on the 15th of last month.
	demoPriceRise = decimal.RequireFromString("1.08")
)

// DemoCost is the costs to enter for one of the demo's products: 采购成本 and 头程 from the beginning (the first
// day's entry, standing for the months already synced) and, when Rise is set, 采购成本 Rise from RiseFrom on. A
// product the demo's shipped shipment carried has no 头程 entered: its shipment's freight is spread over it.
type DemoCost struct {
	ProductID int64
	SKU       string
	UnitCost  decimal.Decimal
	FirstLeg  decimal.NullDecimal
	Rise      *decimal.Decimal
	RiseFrom  string
}

// DemoShippedSKUs are the seller SKUs the demo's shipped shipment carried: 演示店铺's five US listings that Amazon
// fulfils and that sold the most units, paired with products (the ones whose stock a seller ships first).
func DemoShippedSKUs(ctx context.Context, db *models.DB, demo DemoSeller) ([]string, error) {
	us, _ := stores.MarketplaceByCountry("US")
	var skus []string
	err := db.With(ctx).Table("listings l").
		Joins("JOIN amazon_order_items i ON i.company_id = l.company_id AND i.seller_id = ? AND i.marketplace_id = l.marketplace_id AND i.sku = l.seller_sku", demo.SellerID).
		Where("l.company_id = ? AND l.group_id = ? AND l.marketplace_id = ? AND l.product_id IS NOT NULL AND l.fulfillment_channel LIKE ?",
			demo.CompanyID, demo.GroupID, us.ID, "AMAZON%").
		Group("l.seller_sku").Order("SUM(i.quantity) DESC, l.seller_sku").Limit(demoShippedSKUs).Pluck("l.seller_sku", &skus).Error
	return skus, err
}

// DemoCostPlan plans the costs of the demo products that have none yet and are paired with a priced US listing
// of 演示店铺, by SKU, once its orders are in; today is the company's date (yyyy-MM-dd). The products' measures are
// the catalogue's.
func DemoCostPlan(ctx context.Context, db *models.DB, demo DemoSeller, today string) ([]DemoCost, error) {
	us, _ := stores.MarketplaceByCountry("US")
	shipped, err := DemoShippedSKUs(ctx, db, demo)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID                            int64
		SKU                           string
		Price                         models.Money
		Weight, Length, Width, Height decimal.NullDecimal
	}
	err = db.With(ctx).Model(&catalog.LocalProduct{}).Scopes(models.InCompany("local_products", demo.CompanyID)).
		Joins("JOIN listings l ON l.product_id = local_products.id AND l.company_id = local_products.company_id").
		Where("l.group_id = ? AND l.marketplace_id = ? AND l.price > 0", demo.GroupID, us.ID).
		Where("NOT EXISTS (SELECT 1 FROM product_costs pc WHERE pc.product_id = local_products.id)").
		Select("local_products.id, local_products.sku, MAX(l.price) AS price, local_products.weight, local_products.length, local_products.width, local_products.height").
		Group("local_products.id, local_products.sku, local_products.weight, local_products.length, local_products.width, local_products.height").
		Order("local_products.sku").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	day, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return nil, err
	}
	riseFrom := time.Date(day.Year(), day.Month()-1, 15, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	out := make([]DemoCost, 0, len(rows))
	for i, r := range rows {
		c := DemoCost{ProductID: r.ID, SKU: r.SKU, UnitCost: r.Price.Decimal.Mul(demoSourcingShare).Round(1)}
		if !slices.Contains(shipped, r.SKU) {
			c.FirstLeg = decimal.NewNullDecimal(demoFirstLeg(r.Weight, r.Length, r.Width, r.Height))
		}
		if i%3 == 0 {
			rise := c.UnitCost.Mul(demoPriceRise).Round(1)
			c.Rise, c.RiseFrom = &rise, riseFrom
		}
		out = append(out, c)
	}
	return out, nil
}

// demoFirstLeg is a unit's sea freight: the chargeable weight (the greater of the weight and the volume's) at the
// forwarder's price, never under the minimum; a product without measures counts half a kilogram.
func demoFirstLeg(weight, length, width, height decimal.NullDecimal) decimal.Decimal {
	kg := decimal.RequireFromString("0.5")
	if weight.Valid && weight.Decimal.IsPositive() {
		kg = weight.Decimal
	}
	if length.Valid && width.Valid && height.Valid {
		kg = decimal.Max(kg, length.Decimal.Mul(width.Decimal).Mul(height.Decimal).Div(demoVolumeDivisor))
	}
	return decimal.Max(kg.Mul(demoSeaFreight), demoMinFreight).Round(2)
}

// demoOwnCosts are the unit cost and 头程 (CNY) of the demo's own five products, which no Amazon report knows.
func demoOwnCosts() map[string][2]string {
	out := map[string][2]string{}
	for sku, c := range demoCosts {
		out[sku] = [2]string{c.price, c.firstLeg}
	}
	return out
}

// seedDemoOwnCosts gives the demo's own products their costs from the beginning, once (a product with a cost
// history keeps it).
func seedDemoOwnCosts(tx *models.DB, companyID int64, ids map[string]int64, now time.Time) error {
	var have []int64
	all := make([]int64, 0, len(ids))
	for _, id := range ids {
		all = append(all, id)
	}
	if err := tx.Model(&catalog.ProductCost{}).Where("company_id = ? AND product_id IN ?", companyID, all).
		Distinct("product_id").Pluck("product_id", &have).Error; err != nil {
		return err
	}
	var rows []*catalog.ProductCost
	var touched []int64
	for sku, c := range demoOwnCosts() {
		id, ok := ids[sku]
		if !ok || slices.Contains(have, id) {
			continue
		}
		rows = append(rows, &catalog.ProductCost{CompanyID: companyID, ProductID: id, EffectiveFrom: catalog.CostsBeginning,
			UnitCost: decimal.NewNullDecimal(decimal.RequireFromString(c[0])),
			FirstLeg: decimal.NewNullDecimal(decimal.RequireFromString(c[1])), CreatedAt: now, UpdatedAt: now})
		touched = append(touched, id)
	}
	if err := catalog.SaveProductCosts(tx, rows); err != nil {
		return err
	}
	return catalog.SyncProductCosts(tx, companyID, touched, now)
}
