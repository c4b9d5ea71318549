package amazondata_test

import (
	"strings"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// quotedTSV writes a ledger file: every field, header included, in double quotes.
func quotedTSV(header []string, rows ...map[string]string) string {
	q := func(vals []string) string {
		for i, v := range vals {
			vals[i] = `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
		}
		return strings.Join(vals, "\t") + "\n"
	}
	b := q(append([]string(nil), header...))
	for _, r := range rows {
		vals := make([]string, len(header))
		for i, h := range header {
			vals[i] = r[h]
		}
		b += q(vals)
	}
	return b
}

var ledgerDetailColumns = []string{"Date", "FNSKU", "ASIN", "MSKU", "Title", "Event Type", "Reference ID", "Quantity",
	"Fulfillment Center", "Disposition", "Reason", "Country", "Reconciled Quantity", "Unreconciled Quantity",
	"Date and Time", "Store"}

func ledgerEvent(date, typ, ref, qty, reason, unreconciled, at string) map[string]string {
	return map[string]string{"Date": date, "FNSKU": "X00LEDGER1", "ASIN": "B0LEDGER01", "MSKU": "SKU-L", "Title": `大きい "箱"`,
		"Event Type": typ, "Reference ID": ref, "Quantity": qty, "Fulfillment Center": "ONT8", "Disposition": "SELLABLE",
		"Reason": reason, "Country": "US", "Unreconciled Quantity": unreconciled, "Date and Time": at}
}

// A ledger detail file is read once: again it writes nothing, and an event whose unreconciled units Amazon
// settled since is updated, not doubled. A bad date or quantity names its line.
func TestImportLedgerEvents(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		file := func(unreconciled string) string {
			return quotedTSV(ledgerDetailColumns,
				ledgerEvent("10/05/2026", "Receipts", "FBA15ABCDEF", "24", "", "0", "2026-10-05T09:00:00-07:00"),
				ledgerEvent("10/05/2026", "Shipments", "111-0000001-0000001", "-2", "", "0", "2026-10-05T18:00:00-07:00"),
				ledgerEvent("10/06/2026", "Adjustments", "1234567890", "-1", "M", unreconciled, "2026-10-06T08:00:00-07:00"))
		}
		w.mustImport(t, amazondata.LedgerEvents, st, file("1"), 3, 3)
		w.mustImport(t, amazondata.LedgerEvents, st, file("1"), 3, 0)
		w.mustImport(t, amazondata.LedgerEvents, st, file("0"), 3, 1)
		events, err := amazondatadb.LedgerEventsOfSeller(db, st.CompanyID, st.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 3 || events[0].Day != "2026-10-05" || events[0].Title != `大きい "箱"` || events[2].Reason != "M" ||
			events[2].Quantity != -1 || events[2].UnreconciledQuantity != 0 || events[1].SKU != "SKU-L" {
			t.Fatalf("events %+v", events)
		}
		if other, _ := amazondatadb.LedgerEventsOfSeller(db, w.other.CompanyID, st.SellerID); len(other) != 0 {
			t.Fatalf("another company sees %d events", len(other))
		}
		_, err = w.importFile(t, amazondata.LedgerEvents, st, quotedTSV(ledgerDetailColumns,
			ledgerEvent("13/05/2026", "Receipts", "FBA15X", "1", "", "0", "")))
		expectLineError(t, err, 2, "date")
		_, err = w.importFile(t, amazondata.LedgerEvents, st, quotedTSV(ledgerDetailColumns,
			ledgerEvent("10/05/2026", "Receipts", "FBA15X", "x", "", "0", "")))
		expectLineError(t, err, 2, "quantity")
		_, err = w.importFile(t, amazondata.LedgerEvents, st, tsv(returnColumns, returnLine("2026-10-05T10:00:00+00:00", "1", "S", "1", "L", "SELLABLE")))
		expectLineError(t, err, 1, "date")
	})
}

var ledgerSummaryColumns = []string{"Date", "FNSKU", "ASIN", "MSKU", "Title", "Disposition", "Starting Warehouse Balance",
	"In Transit Between Warehouses", "Receipts", "Customer Shipments", "Customer Returns", "Vendor Returns",
	"Warehouse Transfer In/Out", "Found", "Lost", "Damaged", "Disposed", "Other Events", "Ending Warehouse Balance",
	"Unknown Events", "Location", "Store"}

func TestImportLedgerBalances(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		day := func(date, start, receipts, ships, end string) map[string]string {
			return map[string]string{"Date": date, "FNSKU": "X00LEDGER1", "MSKU": "SKU-L", "Title": "T", "Disposition": "SELLABLE",
				"Starting Warehouse Balance": start, "Receipts": receipts, "Customer Shipments": ships,
				"Ending Warehouse Balance": end, "Location": "ONT8"}
		}
		file := quotedTSV(ledgerSummaryColumns, day("10/05/2026", "0", "24", "-2", "22"), day("10/06/2026", "22", "0", "-1", "21"))
		w.mustImport(t, amazondata.LedgerBalances, st, file, 2, 2)
		w.mustImport(t, amazondata.LedgerBalances, st, file, 2, 0)
		got, err := amazondatadb.LedgerBalancesOfSeller(db, st.CompanyID, st.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Receipts != 24 || got[0].CustomerShipments != -2 || got[1].Starting != 22 || got[1].Ending != 21 ||
			got[1].Location != "ONT8" {
			t.Fatalf("balances %+v", got)
		}
	})
}

var reimbursementColumns = strings.Fields(`approval-date reimbursement-id case-id amazon-order-id reason sku fnsku asin
	product-name condition currency-unit amount-per-unit amount-total quantity-reimbursed-cash
	quantity-reimbursed-inventory quantity-reimbursed-total original-reimbursement-id original-reimbursement-type`)

func TestImportReimbursements(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		st := w.store
		st.MarketplaceID = "ATVPDKIKX0DER"
		line := func(id, reason, total, cash, inv string) map[string]string {
			return map[string]string{"approval-date": "2026-10-20T15:00:00+00:00", "reimbursement-id": id, "case-id": "C-" + id,
				"reason": reason, "sku": "SKU-L", "fnsku": "X00LEDGER1", "asin": "B0LEDGER01", "product-name": "商品",
				"condition": "SELLABLE", "currency-unit": "USD", "amount-per-unit": "12.34", "amount-total": total,
				"quantity-reimbursed-cash": cash, "quantity-reimbursed-inventory": inv, "quantity-reimbursed-total": "2"}
		}
		file := tsv(reimbursementColumns, line("2001", "Lost_Warehouse", "24.68", "2", "0"), line("2002", "Damaged_Warehouse", "0", "0", "2"))
		w.mustImport(t, amazondata.Reimbursements, st, file, 2, 2)
		w.mustImport(t, amazondata.Reimbursements, st, file, 2, 0)
		got, err := amazondatadb.ReimbursementsOfSeller(db, st.CompanyID, st.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].AmountTotal.String() != money(t, "24.68").String() || got[0].QuantityCash != 2 ||
			got[1].QuantityInventory != 2 || got[0].CaseID != "C-2001" || got[0].MarketplaceID != "ATVPDKIKX0DER" {
			t.Fatalf("reimbursements %+v", got)
		}
		_, err = w.importFile(t, amazondata.Reimbursements, st, tsv(reimbursementColumns, line("2003", "X", "abc", "1", "0")))
		expectLineError(t, err, 2, "amount-total")
	})
}
