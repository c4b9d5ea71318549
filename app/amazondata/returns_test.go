package amazondata_test

import (
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

var returnColumns = strings.Fields(`return-date order-id sku asin fnsku product-name quantity fulfillment-center-id
	detailed-disposition reason status license-plate-number customer-comments`)

func returnLine(date, order, sku, qty, plate, disposition string) map[string]string {
	return map[string]string{"return-date": date, "order-id": order, "sku": sku, "asin": "B0" + sku,
		"fnsku": "X00" + sku, "product-name": "商品 " + sku, "quantity": qty, "fulfillment-center-id": "ONT8",
		"detailed-disposition": disposition, "reason": "DEFECTIVE", "status": "Unit returned to inventory",
		"license-plate-number": plate, "customer-comments": `坏了 "盒子" C:\破`}
}

// returnsFile has an order's SKU returned in two parcels and another order's return.
func returnsFile(disposition string) string {
	return tsv(returnColumns,
		returnLine("2026-10-05T10:00:00+00:00", "111-0000001-0000001", "SKU-A", "1", "LPNRR0001", "SELLABLE"),
		returnLine("2026-10-05T10:00:00+00:00", "111-0000001-0000001", "SKU-A", "1", "LPNRR0002", disposition),
		returnLine("2026-10-06T09:30:00-07:00", "702-0000002-0000002", "SKU-B", "2", "LPNRR0003", "CUSTOMER_DAMAGED"))
}

func TestImportCustomerReturns(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		w.mustImport(t, amazondata.Returns, st, returnsFile("DEFECTIVE"), 3, 3)
		w.mustImport(t, amazondata.Returns, st, returnsFile("DEFECTIVE"), 3, 0)
		w.mustImport(t, amazondata.Returns, st, returnsFile("SELLABLE"), 3, 1)
		returns, err := amazondatadb.CustomerReturnsOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if err != nil || len(returns) != 3 {
			t.Fatalf("returns = %+v %v", returns, err)
		}
		units := 0
		for _, r := range returns {
			units += r.Quantity
		}
		last := returns[2]
		if units != 4 || returns[1].DetailedDisposition != "SELLABLE" || last.MarketplaceID != "ATVPDKIKX0DER" ||
			!last.ReturnDate.Equal(time.Date(2026, 10, 6, 16, 30, 0, 0, time.UTC)) || last.CustomerComments != `坏了 "盒子" C:\破` {
			t.Fatalf("returns = %+v", returns)
		}

		bad := returnLine("next week", "111-0000009-0000001", "SKU-A", "1", "LPNRR0009", "SELLABLE")
		_, err = w.importFile(t, amazondata.Returns, st, tsv(returnColumns, returnLine("2026-10-07", "111-0000009-0000001", "SKU-C", "1", "LPNRR0010", "SELLABLE"), bad))
		expectLineError(t, err, 3, "return-date")
		if after, _ := amazondatadb.CustomerReturnsOfSeller(db, w.store.CompanyID, w.store.SellerID); len(after) != 3 {
			t.Fatalf("a refused file wrote %d returns", len(after)-3)
		}

		foreign := w.other
		foreign.SellerID = w.store.SellerID
		if _, err := w.importFile(t, amazondata.Returns, foreign, returnsFile("DEFECTIVE")); !models.IsNotFound(err) {
			t.Fatalf("another company's seller account imported: %v", err)
		}
		if theirs, _ := amazondatadb.CustomerReturnsOfSeller(db, w.other.CompanyID, w.store.SellerID); len(theirs) != 0 {
			t.Fatalf("another company sees %d returns", len(theirs))
		}
	})
}
