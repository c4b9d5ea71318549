package amazondata_test

import (
	"strings"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

var feeColumns = strings.Fields(`sku fnsku asin amazon-store product-name product-group brand fulfilled-by your-price
	sales-price longest-side median-side shortest-side length-and-girth unit-of-dimension item-package-weight
	unit-of-weight product-size-tier currency estimated-fee-total estimated-referral-fee-per-unit
	estimated-variable-closing-fee estimated-order-handling-fee-per-order estimated-pick-pack-fee-per-unit
	estimated-weight-handling-fee-per-unit expected-fulfillment-fee-per-unit`)

func feeLine(sku, store, currency, price, total, referral, fulfilment string) map[string]string {
	return map[string]string{"sku": sku, "fnsku": "X00" + sku, "asin": "B0" + sku, "amazon-store": store,
		"product-name": "商品 " + sku, "fulfilled-by": "Amazon", "your-price": price, "sales-price": price,
		"longest-side": "10.2", "unit-of-dimension": "inches", "item-package-weight": "0.8", "unit-of-weight": "pounds",
		"product-size-tier": "Large Standard", "currency": currency, "estimated-fee-total": total,
		"estimated-referral-fee-per-unit": referral, "expected-fulfillment-fee-per-unit": fulfilment}
}

func feesFile(usTotal string) string {
	return tsv(feeColumns,
		feeLine("SKU-A", "US", "USD", "19.99", usTotal, "3.00", "4.22"),
		feeLine("SKU-A", "CA", "CAD", "25.00", "10.10", "3.75", "6.35"),
		feeLine("SKU-B", "US", "USD", "9.99", "5.06", "1.50", "3.56"),
		feeLine("SKU-B", "GB", "GBP", "8,99", "4,41", "1,35", "3,06"),
		feeLine("SKU-C", "JP", "JPY", "1980", "677", "297", "380"))
}

func TestImportFeeEstimates(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		w.mustImport(t, amazondata.FeeEstimates, w.store, feesFile("7.22"), 5, 5)
		w.mustImport(t, amazondata.FeeEstimates, w.store, feesFile("7.22"), 5, 0)
		w.mustImport(t, amazondata.FeeEstimates, w.store, feesFile("7.30"), 5, 1)
		fees, err := amazondatadb.FeeEstimatesOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if err != nil || len(fees) != 5 {
			t.Fatalf("fees = %+v %v", fees, err)
		}
		byKey := map[string]amazondatadb.FeeEstimate{}
		total := models.Money{}
		for _, f := range fees {
			byKey[f.MarketplaceID+" "+f.SKU] = f
			total = models.Money{Decimal: total.Add(f.EstimatedFeeTotal.Decimal)}
		}
		if !total.Equal(money(t, "703.87").Decimal) {
			t.Fatalf("fee totals sum to %s", total)
		}
		us, uk, jp := byKey["ATVPDKIKX0DER SKU-A"], byKey["A1F83G8C2ARO7P SKU-B"], byKey["A1VC38T7YXB528 SKU-C"]
		if !us.EstimatedFeeTotal.Equal(money(t, "7.30").Decimal) || !us.YourPrice.Equal(money(t, "19.99").Decimal) ||
			us.Currency != "USD" || us.LongestSide != "10.2" || us.FNSKU != "X00SKU-A" {
			t.Fatalf("US fee = %+v", us)
		}
		if !uk.SalesPrice.Equal(money(t, "8.99").Decimal) || !uk.ExpectedFulfillmentFee.Equal(money(t, "3.06").Decimal) || uk.Currency != "GBP" {
			t.Fatalf("UK fee = %+v", uk)
		}
		if !jp.EstimatedReferralFee.Equal(money(t, "297").Decimal) || jp.Currency != "JPY" {
			t.Fatalf("JP fee = %+v", jp)
		}

		bad := feeLine("SKU-D", "XX", "USD", "1", "1", "1", "1")
		_, err = w.importFile(t, amazondata.FeeEstimates, w.store, tsv(feeColumns, feeLine("SKU-D", "US", "USD", "1", "1", "1", "1"), bad))
		expectLineError(t, err, 3, "amazon-store")
		if after, _ := amazondatadb.FeeEstimatesOfSeller(db, w.store.CompanyID, w.store.SellerID); len(after) != 5 {
			t.Fatalf("a refused file wrote %d fees", len(after)-5)
		}

		foreign := w.other
		foreign.SellerID = w.store.SellerID
		if _, err := w.importFile(t, amazondata.FeeEstimates, foreign, feesFile("7.22")); !models.IsNotFound(err) {
			t.Fatalf("another company's seller account imported: %v", err)
		}
		if theirs, _ := amazondatadb.FeeEstimatesOfSeller(db, w.other.CompanyID, w.store.SellerID); len(theirs) != 0 {
			t.Fatalf("another company sees %d fees", len(theirs))
		}
	})
}
