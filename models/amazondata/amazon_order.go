// Package amazondata holds what the data sync imports from Amazon: orders and their items, settlements, fee
// estimates, FBA inventory and reported listings, customer returns and ASIN parents, and the sales summary
// (sales_days.go, sales_parents.go) that the orders import keeps and models/sales reads.
package amazondata

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"sellerhub/models"
)

// AmazonOrder is an order as Amazon's orders report states it, one per seller account and order id. Its money is
// On its items.
type AmazonOrder struct {
	ID                 int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID          int64
	GroupID            int64
	SellerID           int64
	MarketplaceID      string
	AmazonOrderID      string
	MerchantOrderID    string
	PurchaseDate       time.Time
	LastUpdatedDate    time.Time
	OrderStatus        string
	FulfillmentChannel string
	SalesChannel       string
	OrderChannel       string
	ShipServiceLevel   string
	ShipCity           string
	ShipState          string
	ShipPostalCode     string
	ShipCountry        string
	IsBusinessOrder    bool
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// AmazonOrderItem is what an order bought of one SKU, the order's date, marketplace, status and channel repeated
// so that sales by SKU, ASIN, day or month read this table alone.
type AmazonOrderItem struct {
	ID                    int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID             int64
	GroupID               int64
	SellerID              int64
	MarketplaceID         string
	AmazonOrderID         string
	SKU                   string `gorm:"column:sku"`
	ASIN                  string `gorm:"column:asin"`
	ProductName           string
	PurchaseDate          time.Time
	OrderStatus           string
	FulfillmentChannel    string
	ItemStatus            string
	Quantity              int
	Currency              string
	ItemPrice             models.Money
	ItemTax               models.Money
	ShippingPrice         models.Money
	ShippingTax           models.Money
	GiftWrapPrice         models.Money
	GiftWrapTax           models.Money
	ItemPromotionDiscount models.Money
	ShipPromotionDiscount models.Money
	PromotionIDs          string `gorm:"column:promotion_ids"`
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

var amazonOrdersTable = &models.UpsertTable{
	Name: "amazon_orders",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "amazon_order_id",
		"merchant_order_id", "purchase_date", "last_updated_date", "order_status", "fulfillment_channel",
		"sales_channel", "order_channel", "ship_service_level", "ship_city", "ship_state", "ship_postal_code",
		"ship_country", "is_business_order", "created_at", "updated_at"},
	// A seller account's order, by the unique index 订单管理 also reads (migration 00047).
	Key: []string{"company_id", "amazon_order_id", "seller_id"},
}

var amazonOrderItemsTable = &models.UpsertTable{
	Name: "amazon_order_items",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "amazon_order_id", "sku",
		"asin", "product_name", "purchase_date", "order_status", "fulfillment_channel", "item_status", "quantity",
		"currency", "item_price", "item_tax", "shipping_price", "shipping_tax", "gift_wrap_price", "gift_wrap_tax",
		"item_promotion_discount", "ship_promotion_discount", "promotion_ids", "created_at", "updated_at"},
	Key:  []string{"seller_id", "amazon_order_id", "sku"},
	Keep: []string{"company_id"},
}

// UpsertAmazonOrders writes a batch of orders and their items (each order and order's SKU once) in one transaction
// and returns how many rows were inserted or changed. A batch written beside another (OrderBatchWriters) that fails
// on a unique violation or a deadlock wrote nothing, and is written again, in turn with its seller's other batches.
func UpsertAmazonOrders(db *models.DB, orders []AmazonOrder, items []AmazonOrderItem) (int64, error) {
	n, err := writeOrderBatch(db, orders, items, false)
	for attempt := 1; attempt < orderBatchAttempts && concurrentWriteFailed(err); attempt++ {
		n, err = writeOrderBatch(db, orders, items, true)
	}
	return n, err
}

// orderBatchAttempts is how many times a batch is tried: once alongside other batches, then in turn.
const orderBatchAttempts = 3

// OrderBatchWriters is how many batches of an orders import are written at once. On PostgreSQL two, each its own
// transaction and server process: one process inserting rows and index entries was the import's limit, the second
// core idle (three were slower). SQLite writes one transaction at a time, so there one.
func OrderBatchWriters(db *models.DB) int {
	if db.Driver == "postgres" {
		return 2
	}
	return 1
}

// writeOrderBatch is one attempt at UpsertAmazonOrders' transaction. inTurn takes the seller account's lock
// exclusively before anything, so that the batch is written alone; otherwise the lock is taken as late as each
// step allows (lockSellerOrders).
func writeOrderBatch(db *models.DB, orders []AmazonOrder, items []AmazonOrderItem, inTurn bool) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	orderRow := func(i int) []any {
		o := &orders[i]
		return []any{models.NewID(), o.CompanyID, o.GroupID, o.SellerID, o.MarketplaceID, o.AmazonOrderID,
			o.MerchantOrderID, o.PurchaseDate.UTC(), o.LastUpdatedDate.UTC(), o.OrderStatus, o.FulfillmentChannel,
			o.SalesChannel, o.OrderChannel, o.ShipServiceLevel, o.ShipCity, o.ShipState, o.ShipPostalCode,
			o.ShipCountry, o.IsBusinessOrder, now, now}
	}
	itemRow := func(i int) []any {
		it := &items[i]
		return []any{models.NewID(), it.CompanyID, it.GroupID, it.SellerID, it.MarketplaceID, it.AmazonOrderID,
			it.SKU, it.ASIN, it.ProductName, it.PurchaseDate.UTC(), it.OrderStatus, it.FulfillmentChannel,
			it.ItemStatus, it.Quantity, it.Currency, it.ItemPrice.Units(), it.ItemTax.Units(),
			it.ShippingPrice.Units(), it.ShippingTax.Units(), it.GiftWrapPrice.Units(), it.GiftWrapTax.Units(),
			it.ItemPromotionDiscount.Units(), it.ShipPromotionDiscount.Units(), it.PromotionIDs, now, now}
	}
	var written int64
	err := db.CopyTx(db.Statement.Context, func(tx *models.DB) error {
		// PostgreSQL: the commit does not wait for the disk (a million-line report is two hundred commits). A crash
		// loses only whole last batches of an import that had not ended (its end, the sync's cursor, is a commit that
		// waits): the job runs again and rereads the report.
		if tx.Driver == "postgres" {
			if err := tx.Exec("SET LOCAL synchronous_commit = off").Error; err != nil {
				return err
			}
		}
		// The seller account's lock held so far: none, shared or exclusive (lockSellerOrders).
		held := lockNone
		lock := func(want sellerLock) error {
			if held >= want {
				return nil
			}
			held = want
			return lockSellerOrders(tx, orders, want)
		}
		if inTurn {
			if err := lock(lockExclusive); err != nil {
				return err
			}
		}
		fresh, err := noStoredOrders(tx, orders)
		if err != nil {
			return err
		}
		// A batch of orders none of which is stored (a first import, or the new orders of a sync) is inserted.
		// Another import writing the same orders meanwhile makes one of the two fail on the orders' unique key,
		// and that one is written again (UpsertAmazonOrders).
		write := tx.Upsert
		var sums newSales
		var summing sync.WaitGroup
		defer summing.Wait() // the items are the caller's again once this returns
		if fresh {
			write = tx.InsertNew
			// Batches adding new orders' sums share the lock: sums are added, so they may be added in any order.
			if err := lock(lockShared); err != nil {
				return err
			}
			// The parents the batch's orders count under, read under the seller's lock (see resumParents).
			parents, err := parentsOfItems(tx, items)
			if err != nil {
				return err
			}
			// The batch's sums are made while its rows are written: the database, which waited for them, does not.
			summing.Go(func() { sums = sumNewSales(items, parents) })
		}
		n, err := write(amazonOrdersTable, len(orders), orderRow)
		if err != nil {
			return err
		}
		m, err := write(amazonOrderItemsTable, len(items), itemRow)
		written = n + m
		if err != nil || m == 0 {
			return err
		}
		// 销售报表's days move with their items, in the same transaction: the summary is never behind the import.
		// Items written unchanged (m == 0: a report read again) leave their days and the answers kept as they were.
		// Orders new to the database (a first import) add their sums to the days; others may have changed items
		// already counted, so their days are summed again.
		added := false
		if fresh {
			summing.Wait()
			if added, err = addSalesDays(tx, sums); err != nil {
				return err
			}
		}
		if !added {
			// Days summed again from their items must not miss items another batch is adding meanwhile, nor be
			// written over by it: the exclusive lock waits for every batch holding the lock, and the sums read
			// after it see what they committed.
			if err := lock(lockExclusive); err != nil {
				return err
			}
			if err := refreshSalesDays(tx, items); err != nil {
				return err
			}
		}
		// 销售报表's answers kept from before this batch are out of date once it commits.
		return tx.RaiseSalesGenerations(models.SellersOf(items, func(it *AmazonOrderItem) (int64, int64) { return it.CompanyID, it.SellerID }))
	})
	return written, err
}

// concurrentWriteFailed tells whether a batch failed because another transaction wrote the same rows or waited
// for its locks while it waited for the other's (PostgreSQL's unique violation and deadlock).
func concurrentWriteFailed(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "23505" || pg.Code == "40P01")
}

// lockSellerOrders takes, on PostgreSQL, the lock that keeps the daily sales summary right while batches of a seller
// account are written at once: shared to add new orders' sums, exclusive to sum days again (as a change of parents,
// lockCompanySellers). A NO KEY row lock of sellers (rows referring to it are still written), held to the commit.
func lockSellerOrders(db *models.DB, orders []AmazonOrder, mode sellerLock) error {
	if db.Driver != "postgres" || len(orders) == 0 {
		return nil
	}
	sellers := map[int64]bool{}
	for i := range orders {
		sellers[orders[i].SellerID] = true
	}
	ids := slices.Sorted(maps.Keys(sellers)) // in one order, so that two batches cannot wait for each other
	clause := "FOR NO KEY UPDATE"
	if mode == lockShared {
		clause = "FOR SHARE"
	}
	var locked []int64
	return db.Raw("SELECT id FROM sellers WHERE id IN ? ORDER BY id "+clause, ids).Scan(&locked).Error
}

// sellerLock is how a batch holds its seller accounts' lock, weakest first.
type sellerLock int

const (
	lockNone sellerLock = iota
	lockShared
	lockExclusive
)

// noStoredOrders tells whether none of the orders, all of one seller account, is stored, nor has an item stored
// (an order and its items are written together, but either may have been deleted by hand): then every order and
// item of the batch is new. Orders of several seller accounts tell false.
func noStoredOrders(db *models.DB, orders []AmazonOrder) (bool, error) {
	if len(orders) == 0 {
		return true, nil
	}
	ids := make([]string, len(orders))
	for i := range orders {
		if orders[i].SellerID != orders[0].SellerID {
			return false, nil
		}
		ids[i] = orders[i].AmazonOrderID
	}
	// One probe of each table's key per order: the list drives the join (CROSS JOIN fixes SQLite's join order; on
	// PostgreSQL the LIMIT inside LATERAL keeps each probe an index look-up, where `amazon_order_id = ANY($2)` scanned
	// all the seller's items against a hashed list).
	sqlText := "SELECT EXISTS (SELECT 1 FROM unnest($2::text[]) AS o(id) CROSS JOIN LATERAL " +
		"(SELECT 1 FROM amazon_orders s WHERE s.company_id = $3 AND s.amazon_order_id = o.id AND s.seller_id = $1 " +
		"UNION ALL SELECT 1 FROM amazon_order_items i WHERE i.seller_id = $1 AND i.amazon_order_id = o.id LIMIT 1) AS found)"
	var list any = ids
	if db.Driver != "postgres" {
		b, err := json.Marshal(ids)
		if err != nil {
			return false, err
		}
		sqlText = "SELECT EXISTS (SELECT 1 FROM json_each(?2) j CROSS JOIN amazon_orders s " +
			"WHERE s.company_id = ?3 AND s.amazon_order_id = j.value AND s.seller_id = ?1) OR " +
			"EXISTS (SELECT 1 FROM json_each(?2) j CROSS JOIN amazon_order_items i " +
			"WHERE i.seller_id = ?1 AND i.amazon_order_id = j.value)"
		list = string(b)
	}
	var stored bool
	err := db.Statement.ConnPool.QueryRowContext(db.Statement.Context, sqlText, orders[0].SellerID, list, orders[0].CompanyID).Scan(&stored)
	return !stored, err
}

// AmazonOrderWithItems loads one of a seller account's orders with its items (by SKU), or ErrNotFound; a seller
// account of another company finds nothing.
func AmazonOrderWithItems(db *models.DB, companyID, sellerID int64, amazonOrderID string) (*AmazonOrder, []AmazonOrderItem, error) {
	var o AmazonOrder
	err := db.Scopes(models.InCompany("amazon_orders", companyID)).
		First(&o, "amazon_orders.seller_id = ? AND amazon_orders.amazon_order_id = ?", sellerID, amazonOrderID).Error
	if err != nil {
		return nil, nil, err
	}
	items := []AmazonOrderItem{}
	err = db.Scopes(models.InCompany("amazon_order_items", companyID)).
		Where("amazon_order_items.seller_id = ? AND amazon_order_items.amazon_order_id = ?", sellerID, amazonOrderID).
		Order("amazon_order_items.sku").Find(&items).Error
	return &o, items, err
}

// AmazonOrderTotals are counts and sums over a seller account's orders.
type AmazonOrderTotals struct {
	Orders    int64
	Items     int64
	Quantity  int64
	ItemPrice models.Money
}

// AmazonOrderTotalsOfSeller counts a seller account's orders and items and sums their quantities and item prices
// (whatever their currencies: for checking an import, not for showing money).
func AmazonOrderTotalsOfSeller(db *models.DB, companyID, sellerID int64) (AmazonOrderTotals, error) {
	var t AmazonOrderTotals
	if err := db.Model(&AmazonOrder{}).Scopes(models.InCompany("amazon_orders", companyID)).
		Where("amazon_orders.seller_id = ?", sellerID).Count(&t.Orders).Error; err != nil {
		return t, err
	}
	var sums struct{ Items, Quantity, ItemPrice int64 }
	err := db.Model(&AmazonOrderItem{}).Scopes(models.InCompany("amazon_order_items", companyID)).
		Where("amazon_order_items.seller_id = ?", sellerID).
		Select("COUNT(*) AS items, COALESCE(SUM(quantity), 0) AS quantity, COALESCE(SUM(item_price), 0) AS item_price").
		Scan(&sums).Error
	t.Items, t.Quantity, t.ItemPrice = sums.Items, sums.Quantity, models.MoneyFromUnits(sums.ItemPrice)
	return t, err
}

// OrderCancelled is the order status of a cancelled order. A cancelled order sold nothing: the sales report
// leaves its items out of units, orders and sales.
const OrderCancelled = "Cancelled"

// OrderShipped is the order status of a shipped order, nine orders in ten.
const OrderShipped = "Shipped"
