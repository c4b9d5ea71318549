package amazondata_test

import (
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

var (
	reservedHeader = []string{"sku", "fnsku", "asin", "product-name", "reserved_qty", "reserved_customerorders",
		"reserved_fc-transfers", "reserved_fc-processing"}
	strandedHeader = []string{"primary-action", "date-stranded", "Date-to-take-auto-removal", "status-primary",
		"status-secondary", "error-message", "stranded-reason", "asin", "sku", "fnsku", "product-name", "condition",
		"fulfilled-by", "fulfillable-qty", "your-price", "unfulfillable-qty", "reserved-quantity", "inbound-shipped-qty"}
)

// The planning kind takes inventory health's reserved and stranded reports by their headers: each keeps the
// latest file's SKUs of the marketplace (one gone from the file is deleted), the same file again writes nothing, a
// removal date ahead is read, and a bad count is refused on its line.
func TestImportReservedAndStranded(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		reserved := tsv(reservedHeader,
			map[string]string{"sku": "A-1", "fnsku": "X0A1", "reserved_qty": "6", "reserved_customerorders": "3",
				"reserved_fc-transfers": "2", "reserved_fc-processing": "1"},
			map[string]string{"sku": "B-2", "fnsku": "X0B2", "reserved_qty": "1", "reserved_customerorders": "1"})
		w.mustImport(t, amazondata.InventoryPlanning, st, reserved, 2, 2)
		w.mustImport(t, amazondata.InventoryPlanning, st, reserved, 2, 0)

		stranded := tsv(strandedHeader,
			map[string]string{"primary-action": "Relist", "date-stranded": "2026-11-25T08:00:00Z",
				"Date-to-take-auto-removal": "2099-01-01T00:00:00Z", "stranded-reason": "Listing closed", "sku": "A-1",
				"fulfillable-qty": "4", "unfulfillable-qty": "1", "your-price": "19.99"},
			map[string]string{"stranded-reason": "Pricing error", "sku": "B-2", "fulfillable-qty": "2"})
		w.mustImport(t, amazondata.InventoryPlanning, st, stranded, 2, 2)
		w.mustImport(t, amazondata.InventoryPlanning, st, stranded, 2, 0)
		// B-2 relisted: gone from the next file, gone from the table.
		w.mustImport(t, amazondata.InventoryPlanning, st, tsv(strandedHeader, map[string]string{"primary-action": "Relist",
			"date-stranded": "2026-11-25T08:00:00Z", "Date-to-take-auto-removal": "2099-01-01T00:00:00Z",
			"stranded-reason": "Listing closed", "sku": "A-1", "fulfillable-qty": "4", "unfulfillable-qty": "1",
			"your-price": "19.99"}), 1, 1)
		got, err := amazondatadb.StrandedOfSeller(db, st.CompanyID, st.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].SKU != "A-1" || got[0].DateStranded != "2026-11-25" || got[0].AutoRemovalDate != "2099-01-01" ||
			got[0].FulfillableQty != 4 || got[0].StrandedReason != "Listing closed" || got[0].YourPrice.String() != "19.99" {
			t.Fatalf("stranded = %+v", got)
		}
		res, err := amazondatadb.ReservedOfSeller(db, st.CompanyID, st.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 2 || res[0].CustomerOrders != 3 || res[0].FCTransfers != 2 || res[0].FCProcessing != 1 {
			t.Fatalf("reserved = %+v", res)
		}
		// The other company's store holds none of it.
		if other, _ := amazondatadb.ReservedOfSeller(db, w.other.CompanyID, w.other.SellerID); len(other) != 0 {
			t.Fatalf("other company's reserved = %+v", other)
		}
		_, err = w.importFile(t, amazondata.InventoryPlanning, st, tsv(reservedHeader,
			map[string]string{"sku": "C-3", "reserved_qty": "x"}))
		expectLineError(t, err, 2, "reserved_qty")
		if res, _ := amazondatadb.ReservedOfSeller(db, st.CompanyID, st.SellerID); len(res) != 2 {
			t.Fatalf("a refused file changed the reserved lines: %+v", res)
		}
	})
}
