package stock

import (
	"gorm.io/gorm"

	"sellerhub/models"
)

// 库存数量 shows Amazon's stock of the seller SKUs that the stock does not hold yet, as rows of their FBA warehouse:
// a SKU no listing pairs, by seller SKU (product 0, 未配对), and a SKU paired since the last sync while its product
// has no stock row in the warehouse, as that product's. A synced store's FBA stock is so in sight before any
// pairing, and a pairing shows at once rather than at the next sync. They are Amazon's figures read as they are:
// no ledger line explains them and no document moves them. Once the sync sets the paired product's stock
// (app/amazondata, 同步) the product's own row takes over and the SKU's row leaves.

// stockColumns are the stock row's columns, in the order both branches of the list's union give them.
const stockColumns = "stocks.id, stocks.company_id, stocks.warehouse_id, stocks.product_id, stocks.inbound, " +
	"stocks.fulfillable, stocks.outbound, stocks.updated_at, stocks.warehouse_name, stocks.sku"

// unsyncedFBAColumns are such a SKU's figures as a stock row: inbound working + shipped + receiving -> 待入库,
// fulfillable -> 可用, reserved -> 待出库, as the sync sets a paired product's; the product's SKU where paired.
const unsyncedFBAColumns = "fba_inventory.id, fba_inventory.company_id, warehouses.id AS warehouse_id, " +
	"COALESCE(listings.product_id, 0) AS product_id, " +
	"fba_inventory.inbound_working + fba_inventory.inbound_shipped + fba_inventory.inbound_receiving AS inbound, " +
	"fba_inventory.fulfillable, fba_inventory.reserved AS outbound, fba_inventory.updated_at, " +
	"warehouses.name AS warehouse_name, COALESCE(local_products.sku, fba_inventory.sku) AS sku"

// unsyncedFBA selects the company's FBA inventory rows whose stock the warehouse does not hold: unpaired, or
// paired with a product without a stock row in the FBA warehouse of their store group and marketplace.
func unsyncedFBA(db *models.DB, companyID int64) *gorm.DB {
	return db.Table("fba_inventory").Scopes(models.InCompany("fba_inventory", companyID)).
		Joins("JOIN warehouses ON warehouses.company_id = fba_inventory.company_id AND warehouses.group_id = fba_inventory.group_id " +
			"AND warehouses.marketplace_id = fba_inventory.marketplace_id").
		Joins("LEFT JOIN listings ON listings.company_id = fba_inventory.company_id AND listings.group_id = fba_inventory.group_id " +
			"AND listings.marketplace_id = fba_inventory.marketplace_id AND listings.seller_sku = fba_inventory.sku " +
			"AND listings.product_id IS NOT NULL").
		Joins("LEFT JOIN local_products ON local_products.id = listings.product_id").
		Where("listings.id IS NULL OR NOT EXISTS (SELECT 1 FROM stocks s WHERE s.warehouse_id = warehouses.id " +
			"AND s.product_id = listings.product_id)")
}

// hasUnsyncedFBA tells whether the company has such a row to show: only then does the list read the union, and a
// company without one keeps its own table's indexes for every order.
func hasUnsyncedFBA(db *models.DB, companyID int64) (bool, error) {
	var ids []int64
	err := unsyncedFBA(db, companyID).Limit(1).Pluck("fba_inventory.id", &ids).Error
	return len(ids) > 0, err
}

// stockRows is the list's table: the stocks, with the unsynced FBA rows beside them when f says so, as "stocks".
func stockRows(db *models.DB, companyID int64, f StockFilter) *gorm.DB {
	if !f.withFBA {
		return db.Table("stocks")
	}
	own := db.Table("stocks").Scopes(models.InCompany("stocks", companyID)).Select(stockColumns)
	return db.Table("(? UNION ALL ?) AS stocks", own, unsyncedFBA(db, companyID).Select(unsyncedFBAColumns))
}
