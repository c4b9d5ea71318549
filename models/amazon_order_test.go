package models_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// sellerOf makes a seller account of the owner's company in the US and Canada.
func sellerOf(t *testing.T, db *models.DB, owner *models.User, name, sellingPartnerID string) *models.Seller {
	t.Helper()
	s, err := fixtures.Seller(context.Background(), db, owner.CompanyID, name, "NA", sellingPartnerID, "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ordersBatch is a batch of the seller account's orders as the importer makes one: an order of two SKUs, a
// Canadian order bought at a time of microseconds given in another zone, and a cancelled business order with
// empty fields and a negative amount.
func ordersBatch(t *testing.T, s *models.Seller) ([]amazondatadb.AmazonOrder, []amazondatadb.AmazonOrderItem) {
	t.Helper()
	money := func(v string) models.Money {
		m, err := models.NewMoney(v)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	us := time.Date(2026, 10, 1, 23, 30, 0, 0, time.UTC)
	ca := time.Date(2026, 10, 2, 1, 2, 3, 456789000, time.FixedZone("EDT", -4*3600))
	order := func(id, market string, at time.Time, status string) amazondatadb.AmazonOrder {
		return amazondatadb.AmazonOrder{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: market,
			AmazonOrderID: id, PurchaseDate: at, LastUpdatedDate: at.Add(time.Hour), OrderStatus: status,
			FulfillmentChannel: "Amazon", SalesChannel: "Amazon.com", ShipCity: "Seattle", ShipCountry: "US"}
	}
	item := func(o amazondatadb.AmazonOrder, sku string, qty int, currency, price string) amazondatadb.AmazonOrderItem {
		return amazondatadb.AmazonOrderItem{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
			MarketplaceID: o.MarketplaceID, AmazonOrderID: o.AmazonOrderID, SKU: sku, ASIN: "B0" + sku,
			ProductName: "收纳盒 " + sku + " \"大号\"\t", PurchaseDate: o.PurchaseDate, OrderStatus: o.OrderStatus,
			FulfillmentChannel: o.FulfillmentChannel, ItemStatus: o.OrderStatus, Quantity: qty, Currency: currency,
			ItemPrice: money(price), ItemTax: money("1.2345"), PromotionIDs: "PROMO-" + sku}
	}
	orders := []amazondatadb.AmazonOrder{order("111-0000001-0000001", "ATVPDKIKX0DER", us, "Shipped"),
		order("702-0000002-0000002", "A2EUQ1WTGCTBG2", ca, "Shipped"),
		order("111-0000003-0000003", "ATVPDKIKX0DER", us, amazondatadb.OrderCancelled)}
	orders[2].IsBusinessOrder, orders[2].ShipCity, orders[2].FulfillmentChannel = true, "", ""
	items := []amazondatadb.AmazonOrderItem{item(orders[0], "SKU-A", 3, "USD", "59.97"), item(orders[0], "SKU-B", 1, "USD", "19.99"),
		item(orders[1], "SKU-A", 1, "CAD", "25.00"), item(orders[2], "SKU-C", 2, "USD", "-3.50")}
	items[3].ASIN, items[3].PromotionIDs = "", ""
	return orders, items
}

// storedOrders reads back a seller account's orders of the batch with their items, and its rows of the daily and
// monthly sales summary, without what differs between two seller accounts (ids, store group, seller, the time of
// writing).
func storedOrders(t *testing.T, db *models.DB, s *models.Seller, orders []amazondatadb.AmazonOrder) []any {
	t.Helper()
	var got []any
	for _, want := range orders {
		o, items, err := amazondatadb.AmazonOrderWithItems(db, s.CompanyID, s.ID, want.AmazonOrderID)
		if err != nil {
			t.Fatalf("order %s: %v", want.AmazonOrderID, err)
		}
		o.ID, o.GroupID, o.SellerID, o.CreatedAt, o.UpdatedAt = 0, 0, 0, time.Time{}, time.Time{}
		o.PurchaseDate, o.LastUpdatedDate = o.PurchaseDate.UTC(), o.LastUpdatedDate.UTC()
		got = append(got, *o)
		for _, it := range items {
			it.ID, it.GroupID, it.SellerID, it.CreatedAt, it.UpdatedAt = 0, 0, 0, time.Time{}, time.Time{}
			it.PurchaseDate = it.PurchaseDate.UTC()
			got = append(got, it)
		}
	}
	type summaryRow struct {
		MarketplaceID, Currency, SKU, Day, BjDay, ASIN, ProductName string
		Units, Orders, Amount                                       int64
	}
	for _, q := range []string{
		"SELECT marketplace_id, currency, sku, day, bj_day, asin, product_name, units, orders, amount FROM sales_sku_days WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
		"SELECT marketplace_id, currency, sku, month AS day, bj_month AS bj_day, asin, product_name, units, orders, amount FROM sales_sku_months WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
		"SELECT marketplace_id, currency, '' AS sku, day, bj_day, '' AS asin, '' AS product_name, units, orders, amount FROM sales_order_days WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
	} {
		var rows []summaryRow
		if err := db.Raw(q, s.ID).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Fatalf("no summary rows: %s", q)
		}
		for _, r := range rows {
			got = append(got, r)
		}
	}
	return got
}

// TestFreshOrdersAreWrittenAsUpsertedOnes writes the same batch for two seller accounts: for the first, none of
// its orders is stored, and it is inserted (by COPY on PostgreSQL); the second already has the batch's first
// order, so the batch is upserted. Both leave the same rows and the same sales summary.
func TestFreshOrdersAreWrittenAsUpsertedOnes(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := newCompany(t, db, "铜锣湾", "13900000131")
		fresh, upserted := sellerOf(t, db, owner, "新店", "A1FRESH"), sellerOf(t, db, owner, "老店", "A1UPSERTED")

		orders, items := ordersBatch(t, fresh)
		if n, err := amazondatadb.UpsertAmazonOrders(db, orders, items); err != nil || n != 7 {
			t.Fatalf("fresh batch: %d rows written, %v", n, err)
		}
		orders2, items2 := ordersBatch(t, upserted)
		if n, err := amazondatadb.UpsertAmazonOrders(db, orders2[:1], items2[:2]); err != nil || n != 3 {
			t.Fatalf("the first order alone: %d rows written, %v", n, err)
		}
		// The first order and its items are as stored, and not written again.
		if n, err := amazondatadb.UpsertAmazonOrders(db, orders2, items2); err != nil || n != 4 {
			t.Fatalf("upserted batch: %d rows written, %v", n, err)
		}

		got, want := storedOrders(t, db, upserted, orders2), storedOrders(t, db, fresh, orders)
		if len(got) != len(want) {
			t.Fatalf("%d rows upserted, %d inserted", len(got), len(want))
		}
		for i := range got {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("upserted %+v\ninserted %+v", got[i], want[i])
			}
		}
	})
}

// TestFreshOrdersThatCollideWriteNothing writes batches none of whose orders is stored but one of whose items
// is, or is twice in the batch (neither of which the importer makes): the unique key refuses the item, and the
// whole batch is undone, the orders written before it and the summary included. The batch as it should be is
// then written on the same pool.
func TestFreshOrdersThatCollideWriteNothing(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := newCompany(t, db, "尖沙咀", "13900000132")
		s := sellerOf(t, db, owner, "新店", "A1COLLIDE")
		orders, items := ordersBatch(t, s)
		// The last order stored beforehand, its item sent again with the two first orders but without its order.
		if _, err := amazondatadb.UpsertAmazonOrders(db, orders[2:], items[3:]); err != nil {
			t.Fatal(err)
		}
		for name, batch := range map[string][]amazondatadb.AmazonOrderItem{
			"an item stored":         items,
			"an item twice in batch": append(items[:3:3], items[2]),
		} {
			if _, err := amazondatadb.UpsertAmazonOrders(db, orders[:2], batch); err == nil {
				t.Fatalf("%s: the batch was written", name)
			}
			totals, err := amazondatadb.AmazonOrderTotalsOfSeller(db, s.CompanyID, s.ID)
			if err != nil || totals.Orders != 1 || totals.Items != 1 {
				t.Fatalf("%s: a refused batch left %+v %v", name, totals, err)
			}
			var days int64
			if err := db.Raw("SELECT COUNT(*) FROM sales_sku_days WHERE seller_id = ?", s.ID).Scan(&days).Error; err != nil || days != 0 {
				t.Fatalf("%s: a refused batch left %d summary rows (%v)", name, days, err)
			}
		}
		if n, err := amazondatadb.UpsertAmazonOrders(db, orders[:2], items[:3]); err != nil || n != 5 {
			t.Fatalf("the batch as it should be: %d rows written, %v", n, err)
		}
	})
}
