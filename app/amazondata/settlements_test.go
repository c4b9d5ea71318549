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

var settlementColumns = strings.Fields(`settlement-id settlement-start-date settlement-end-date deposit-date
	total-amount currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name
	amount-type amount-description amount fulfillment-id posted-date posted-date-time order-item-code
	merchant-order-item-id merchant-adjustment-item-id sku quantity-purchased promotion-id`)

func settlementLine(txType, amountType, description, amount string) map[string]string {
	return map[string]string{"settlement-id": "12345678901", "transaction-type": txType, "order-id": "111-0000001-0000001",
		"marketplace-name": "Amazon.com", "amount-type": amountType, "amount-description": description,
		"amount": amount, "fulfillment-id": "AFN", "posted-date": "2026-10-02", "sku": "SKU-A", "quantity-purchased": "2"}
}

// settlementFile is a settlement of seven lines whose total is their sum, -30.55 USD.
func settlementFile(lastAmount string) string {
	head := map[string]string{"settlement-id": "12345678901", "settlement-start-date": "2026-10-01 07:00:00 UTC",
		"settlement-end-date": "2026-10-15 07:00:00 UTC", "deposit-date": "2026-10-17 07:00:00 UTC",
		"total-amount": "-30.55", "currency": "USD"}
	storage := settlementLine("ServiceFee", "other-transaction", "Storage Fee", "-1.21")
	storage["order-id"], storage["sku"], storage["quantity-purchased"], storage["marketplace-name"] = "", "", "", ""
	subscription := settlementLine("ServiceFee", "other-transaction", "Subscription Fee", lastAmount)
	subscription["order-id"], subscription["sku"], subscription["quantity-purchased"] = "", "", ""
	refund := settlementLine("Refund", "ItemPrice", "Principal", "-19.99")
	refund["posted-date-time"] = "2026-10-05 10:30:00 UTC"
	return tsv(settlementColumns, head,
		settlementLine("Order", "ItemPrice", "Principal", "39.98"),
		settlementLine("Order", "ItemPrice", "Tax", "3.20"),
		settlementLine("Order", "ItemFees", "Commission", "-6.00"),
		settlementLine("Order", "ItemFees", "FBAPerUnitFulfillmentFee", "-7.14"),
		refund,
		settlementLine("Refund", "ItemFees", "RefundCommission", "0.60"),
		storage, subscription)
}

func TestImportSettlements(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		// The settlement and its 8 lines; again, nothing; Amazon correcting a line changes that line only.
		w.mustImport(t, amazondata.Settlements, w.store, settlementFile("-39.99"), 9, 9)
		w.mustImport(t, amazondata.Settlements, w.store, settlementFile("-39.99"), 9, 0)
		s, lines, err := amazondatadb.SettlementWithLines(db, w.store.CompanyID, w.store.SellerID, "12345678901")
		if err != nil || len(lines) != 8 {
			t.Fatalf("settlement = %+v, %d lines, %v", s, len(lines), err)
		}
		if !s.TotalAmount.Equal(money(t, "-30.55").Decimal) || s.Currency != "USD" || s.MarketplaceID != "ATVPDKIKX0DER" ||
			!s.SettlementStartDate.Equal(time.Date(2026, 10, 1, 7, 0, 0, 0, time.UTC)) ||
			!s.DepositDate.Equal(time.Date(2026, 10, 17, 7, 0, 0, 0, time.UTC)) {
			t.Fatalf("settlement = %+v", s)
		}
		sum := models.Money{}
		for _, l := range lines {
			sum = models.Money{Decimal: sum.Add(l.Amount.Decimal)}
		}
		if !sum.Equal(s.TotalAmount.Decimal) {
			t.Fatalf("lines sum to %s, total %s", sum, s.TotalAmount)
		}
		first, refund, storage := lines[0], lines[4], lines[6]
		if first.LineNo != 3 || first.TransactionType != "Order" || first.AmountType != "ItemPrice" ||
			first.AmountDescription != "Principal" || first.Currency != "USD" || first.SKU != "SKU-A" ||
			first.QuantityPurchased != 2 || first.MarketplaceID != "ATVPDKIKX0DER" ||
			!first.PostedDate.Equal(time.Date(2026, 10, 2, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("first line = %+v", first)
		}
		if !refund.PostedDate.Equal(time.Date(2026, 10, 5, 10, 30, 0, 0, time.UTC)) || storage.AmountDescription != "Storage Fee" ||
			storage.MarketplaceID != "" || storage.OrderID != "" {
			t.Fatalf("refund %+v, storage %+v", refund, storage)
		}
		w.mustImport(t, amazondata.Settlements, w.store, settlementFile("-40.00"), 9, 1)

		// A broken amount names its line and column and writes nothing.
		bad := strings.Replace(settlementFile("-39.99"), "\t-19.99\t", "\t-19.99 USD\t", 1)
		bad = strings.ReplaceAll(bad, "12345678901", "12345678902")
		_, err = w.importFile(t, amazondata.Settlements, w.store, bad)
		expectLineError(t, err, 7, "amount")
		if _, _, err := amazondatadb.SettlementWithLines(db, w.store.CompanyID, w.store.SellerID, "12345678902"); !models.IsNotFound(err) {
			t.Fatalf("a refused settlement was written: %v", err)
		}
		// A file that does not start with the settlement's own line is refused.
		noHead := tsv(settlementColumns, settlementLine("Order", "ItemPrice", "Principal", "39.98"))
		_, err = w.importFile(t, amazondata.Settlements, w.store, noHead)
		expectLineError(t, err, 2, "total-amount")

		// Another company's seller account is refused, and another company sees nothing.
		foreign := w.other
		foreign.SellerID = w.store.SellerID
		if _, err := w.importFile(t, amazondata.Settlements, foreign, settlementFile("-39.99")); !models.IsNotFound(err) {
			t.Fatalf("another company's seller account imported: %v", err)
		}
		if _, _, err := amazondatadb.SettlementWithLines(db, w.other.CompanyID, w.store.SellerID, "12345678901"); !models.IsNotFound(err) {
			t.Fatalf("another company sees the settlement: %v", err)
		}
	})
}
