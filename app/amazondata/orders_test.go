package amazondata_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

var orderColumns = strings.Fields(`amazon-order-id merchant-order-id purchase-date last-updated-date order-status
	fulfillment-channel sales-channel order-channel ship-service-level product-name sku asin item-status quantity
	currency item-price item-tax shipping-price shipping-tax gift-wrap-price gift-wrap-tax item-promotion-discount
	ship-promotion-discount ship-city ship-state ship-postal-code ship-country promotion-ids is-business-order`)

func orderLine(id, date, status, channel, sku, qty, currency, price string) map[string]string {
	return map[string]string{"amazon-order-id": id, "purchase-date": date, "last-updated-date": date,
		"order-status": status, "fulfillment-channel": "Amazon", "sales-channel": channel, "sku": sku,
		"asin": "B0" + sku, "product-name": "商品 " + sku, "item-status": status, "quantity": qty,
		"currency": currency, "item-price": price, "ship-country": "US", "is-business-order": "false"}
}

// ordersFile has three orders in the date forms Amazon writes: one of two SKUs, one of which is on two lines
// (summed), a Canadian one, and a multi-channel one with a European decimal comma.
func ordersFile(thirdStatus string) string {
	a := orderLine("111-0000001-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-A", "2", "USD", "39.98")
	a["item-tax"], a["promotion-ids"] = "3.20", "PROMO-1"
	b := orderLine("111-0000001-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-B", "1", "USD", "19.99")
	c := orderLine("111-0000001-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-A", "1", "USD", "19.99")
	c["item-tax"] = "1.60"
	d := orderLine("702-0000002-0000002", "2026-10-02 07:00:00 UTC", "Shipped", "Amazon.ca", "SKU-A", "1", "CAD", "25.00")
	e := orderLine("S01-0000003-0000003", "02.10.2026 07:00:00 UTC", thirdStatus, "Non-Amazon", "SKU-C", "1", "USD", "12,50")
	e["fulfillment-channel"], e["is-business-order"] = "Merchant", "true"
	return tsv(orderColumns, a, b, c, d, e)
}

// TestOrderReadAgainInAnotherBatchIsUnchanged imports an order alone, then within the whole file: alone, each of
// its values is the same on every row of the batch, which SQLite's upsert binds once instead of sending in the
// batch's rows, and read again among other orders it must still compare equal and be left as it is.
func TestOrderReadAgainInAnotherBatchIsUnchanged(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		alone := orderLine("702-0000002-0000002", "2026-10-02 07:00:00 UTC", "Shipped", "Amazon.ca", "SKU-A", "1", "CAD", "25.00")
		w.mustImport(t, amazondata.Orders, w.store, tsv(orderColumns, alone), 1, 2)
		// The file's other two orders and three items are written; the Canadian order and its item are not.
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Pending"), 5, 5)
	})
}

func TestImportOrders(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		// 3 orders and 4 items written; the same file again changes nothing.
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Pending"), 5, 7)
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Pending"), 5, 0)
		totals, err := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if err != nil || totals.Orders != 3 || totals.Items != 4 || totals.Quantity != 6 || !totals.ItemPrice.Equal(money(t, "117.46").Decimal) {
			t.Fatalf("totals = %+v %v", totals, err)
		}

		o, items, err := amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "111-0000001-0000001")
		if err != nil || len(items) != 2 {
			t.Fatalf("order = %+v %+v %v", o, items, err)
		}
		if o.MarketplaceID != "ATVPDKIKX0DER" || !o.PurchaseDate.Equal(time.Date(2026, 10, 1, 8, 15, 30, 0, time.UTC)) ||
			o.GroupID != w.store.GroupID || o.OrderStatus != "Shipped" {
			t.Fatalf("order = %+v", o)
		}
		a := items[0]
		if a.SKU != "SKU-A" || a.Quantity != 3 || !a.ItemPrice.Equal(money(t, "59.97").Decimal) ||
			!a.ItemTax.Equal(money(t, "4.80").Decimal) || a.Currency != "USD" || a.PromotionIDs != "PROMO-1" ||
			a.MarketplaceID != "ATVPDKIKX0DER" || !a.PurchaseDate.Equal(o.PurchaseDate) {
			t.Fatalf("summed item = %+v", a)
		}
		ca, caItems, _ := amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "702-0000002-0000002")
		if ca.MarketplaceID != "A2EUQ1WTGCTBG2" || caItems[0].Currency != "CAD" ||
			!ca.PurchaseDate.Equal(time.Date(2026, 10, 2, 7, 0, 0, 0, time.UTC)) {
			t.Fatalf("Canadian order = %+v %+v", ca, caItems)
		}
		mcf, mcfItems, _ := amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "S01-0000003-0000003")
		if mcf.MarketplaceID != "" || !mcf.IsBusinessOrder || !mcfItems[0].ItemPrice.Equal(money(t, "12.5").Decimal) ||
			!mcf.PurchaseDate.Equal(ca.PurchaseDate) {
			t.Fatalf("multi-channel order = %+v %+v", mcf, mcfItems)
		}

		// The third order shipped since: its order and its item change, nothing else.
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Shipped"), 5, 2)
		mcf, mcfItems, _ = amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "S01-0000003-0000003")
		if mcf.OrderStatus != "Shipped" || mcfItems[0].OrderStatus != "Shipped" {
			t.Fatalf("updated order = %+v %+v", mcf, mcfItems)
		}

		// Another company neither imports into nor sees this seller account's orders.
		foreign := w.other
		foreign.SellerID = w.store.SellerID
		if _, err := w.importFile(t, amazondata.Orders, foreign, ordersFile("Shipped")); !models.IsNotFound(err) {
			t.Fatalf("another company's seller account imported: %v", err)
		}
		if _, _, err := amazondatadb.AmazonOrderWithItems(db, w.other.CompanyID, w.store.SellerID, "111-0000001-0000001"); !models.IsNotFound(err) {
			t.Fatalf("another company sees the order: %v", err)
		}
		if theirs, _ := amazondatadb.AmazonOrderTotalsOfSeller(db, w.other.CompanyID, w.store.SellerID); theirs.Orders != 0 || theirs.Items != 0 {
			t.Fatalf("another company counts %+v", theirs)
		}
	})
}

func TestImportOrdersRefusesAMalformedLine(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		good := orderLine("111-0000009-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-A", "1", "USD", "9.99")
		cases := []struct {
			column, value string
		}{{"quantity", "two"}, {"item-price", "12.3.4"}, {"purchase-date", "yesterday"}, {"sku", ""}, {"item-tax", "0.00001"}}
		for _, c := range cases {
			bad := orderLine("111-0000009-0000002", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-B", "1", "USD", "9.99")
			bad[c.column] = c.value
			_, err := w.importFile(t, amazondata.Orders, w.store, tsv(orderColumns, good, good, bad))
			expectLineError(t, err, 4, c.column)
		}
		// A file of another kind is refused by its header.
		_, err := w.importFile(t, amazondata.Orders, w.store, tsv([]string{"sku", "fnsku"}, map[string]string{"sku": "A"}))
		expectLineError(t, err, 1, "amazon-order-id")
		if totals, _ := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID); totals.Orders != 0 || totals.Items != 0 {
			t.Fatalf("a refused file wrote %+v", totals)
		}
	})
}

// TestImportOrdersInBatches reads a file of several batches whose orders have a SKU on two lines: each order's
// lines stay in one batch, so every item is summed whole, and progress is reported as batches are written.
func TestImportOrdersInBatches(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		// Three lines each: a batch ends after the order that reaches BatchLines, so three batches.
		const orders = amazondata.BatchLines + 1
		var b strings.Builder
		b.WriteString(strings.Join(orderColumns, "\t") + "\n")
		for i := 0; i < orders; i++ {
			id := fmt.Sprintf("111-%07d-0000001", i)
			for _, sku := range []string{"SKU-A", "SKU-B", "SKU-A"} {
				l := orderLine(id, "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", sku, "1", "USD", "10.01")
				vals := make([]string, len(orderColumns))
				for j, c := range orderColumns {
					vals[j] = l[c]
				}
				b.WriteString(strings.Join(vals, "\t") + "\n")
			}
		}
		r, err := amazon.NewTSVReader(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		var reported []int
		res, err := w.svc.Import(context.Background(), amazondata.Orders, w.store, r, func(n int) { reported = append(reported, n) })
		if err != nil || res.Lines != 3*orders || res.Written != 3*orders {
			t.Fatalf("import = %+v %v", res, err)
		}
		if len(reported) != 3 || reported[len(reported)-1] != 3*orders {
			t.Fatalf("progress = %v", reported)
		}
		totals, _ := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if totals.Orders != orders || totals.Items != 2*orders || totals.Quantity != 3*orders ||
			!totals.ItemPrice.Equal(money(t, fmt.Sprintf("%d.%02d", 3*orders*1001/100, 3*orders*1001%100)).Decimal) {
			t.Fatalf("totals = %+v", totals)
		}
		_, items, _ := amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "111-0000333-0000001")
		if len(items) != 2 || items[0].Quantity != 2 || !items[0].ItemPrice.Equal(money(t, "20.02").Decimal) {
			t.Fatalf("items = %+v", items)
		}
	})
}

// TestImportOrdersAfterRowsDeletedByHand reads a file again after an order's row was deleted without its items,
// and another order's items without the order: a batch none of whose orders is stored is inserted without
// looking for each row first, so the look that decides it must see either table, or the import fails on the
// rows that remained.
func TestImportOrdersAfterRowsDeletedByHand(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Pending"), 5, 7)
		if err := db.Exec("DELETE FROM amazon_orders WHERE amazon_order_id = ?", "111-0000001-0000001").Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("DELETE FROM amazon_order_items WHERE amazon_order_id = ?", "702-0000002-0000002").Error; err != nil {
			t.Fatal(err)
		}
		// Each order alone in a file is a batch of its own: the first finds only its items, the second only its
		// order; each writes back what was deleted (one order; one item) and nothing else.
		first := orderLine("111-0000001-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-B", "1", "USD", "19.99")
		w.mustImport(t, amazondata.Orders, w.store, tsv(orderColumns, first), 1, 1)
		second := orderLine("702-0000002-0000002", "2026-10-02 07:00:00 UTC", "Shipped", "Amazon.ca", "SKU-A", "1", "CAD", "25.00")
		w.mustImport(t, amazondata.Orders, w.store, tsv(orderColumns, second), 1, 1)
		w.mustImport(t, amazondata.Orders, w.store, ordersFile("Pending"), 5, 0)
		totals, err := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if err != nil || totals.Orders != 3 || totals.Items != 4 || totals.Quantity != 6 || !totals.ItemPrice.Equal(money(t, "117.46").Decimal) {
			t.Fatalf("totals = %+v %v", totals, err)
		}
	})
}
