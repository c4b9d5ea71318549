package amazondata_test

import (
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// A report line that cannot be true is refused by its line and column, with the same answer on both databases,
// and nothing of its batch is written: a date before 2000 or in the future (9999-12-31 broke the sales reports),
// a negative quantity or price, a marketplace that is not the specification's or not of the account's region.
func TestImportRefusesLinesThatCannotBeTrue(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		good := orderLine("111-0000009-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-A", "1", "USD", "9.99")
		for _, c := range []struct{ column, value string }{
			{"purchase-date", "9999-12-31"}, {"purchase-date", "1970-01-01T00:00:00+00:00"},
			{"last-updated-date", "2999-01-01 00:00:00 UTC"}, {"quantity", "-1"}, {"item-price", "-9.99"},
			{"shipping-price", "-1.00"}, {"sales-channel", "Amazon.co.jp"}, {"sales-channel", "Amazon.example"},
		} {
			bad := orderLine("111-0000009-0000002", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-B", "1", "USD", "9.99")
			bad[c.column] = c.value
			_, err := w.importFile(t, amazondata.Orders, w.store, tsv(orderColumns, good, bad))
			expectLineError(t, err, 3, c.column)
		}
		if totals, _ := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID); totals.Orders != 0 {
			t.Fatalf("refused files wrote %+v", totals)
		}

		// A settlement's refunds and fees are negative, as they should be; its marketplace must be the account's.
		w.mustImport(t, amazondata.Settlements, w.store, settlementFile("-39.99"), 9, 9)
		head := map[string]string{"settlement-id": "12345678902", "settlement-start-date": "2026-10-01 07:00:00 UTC",
			"settlement-end-date": "2026-10-15 07:00:00 UTC", "total-amount": "39.98", "currency": "USD"}
		elsewhere := settlementLine("Order", "ItemPrice", "Principal", "39.98")
		elsewhere["marketplace-name"] = "Amazon.de"
		_, err := w.importFile(t, amazondata.Settlements, w.store, tsv(settlementColumns, head, elsewhere))
		expectLineError(t, err, 3, "marketplace-name")
		future := settlementLine("Order", "ItemPrice", "Principal", "39.98")
		future["posted-date"] = "9999-12-31"
		_, err = w.importFile(t, amazondata.Settlements, w.store, tsv(settlementColumns, head, future))
		expectLineError(t, err, 3, "posted-date")

		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		_, err = w.importFile(t, amazondata.Returns, st, tsv(returnColumns, returnLine("2026-10-07", "111-0000009-0000001", "SKU-C", "-2", "LPNRR0010", "SELLABLE")))
		expectLineError(t, err, 2, "quantity")
		_, err = w.importFile(t, amazondata.Inventory, st, inventoryHeader+"\n"+inventoryLine("SKU-A", "-5", "0", "0", "0", "0")+"\n")
		if err == nil || err.Error() != "第2行：afn-fulfillable-quantity 不能为负数，实为“-5”" {
			t.Fatalf("a negative stock: %v", err)
		}
	})
}

// Control characters (a NUL, which PostgreSQL refuses and SQLite stores) are dropped from the text a report
// imports, on both databases.
func TestImportDropsControlCharacters(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		o := orderLine("111-0000009-0000001", "2026-10-01T08:15:30+00:00", "Shipped", "Amazon.com", "SKU-A", "1", "USD", "9.99")
		o["product-name"], o["ship-city"] = "蓝牙\x00耳机\x1b[31m", "Seattle\u0085"
		w.mustImport(t, amazondata.Orders, w.store, tsv(orderColumns, o), 1, 2)
		got, items, err := amazondatadb.AmazonOrderWithItems(db, w.store.CompanyID, w.store.SellerID, "111-0000009-0000001")
		if err != nil || len(items) != 1 || items[0].ProductName != "蓝牙耳机[31m" || got.ShipCity != "Seattle" {
			t.Fatalf("order %+v %+v %v", got, items, err)
		}
	})
}
