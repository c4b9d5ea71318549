package amazontest

import (
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"time"
)

// The stand-in's own report files, for when no Content is plugged in: Amazon's header of each report type and
// two lines per marketplace, enough for the stand-in to work alone. Realistic data is sellerdata's.

// reportColumns are Amazon's column headers of the report types the stand-in writes.
var reportColumns = map[string]string{
	"GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL": "amazon-order-id merchant-order-id purchase-date last-updated-date order-status fulfillment-channel sales-channel order-channel ship-service-level product-name sku asin item-status quantity currency item-price item-tax shipping-price shipping-tax gift-wrap-price gift-wrap-tax item-promotion-discount ship-promotion-discount ship-city ship-state ship-postal-code ship-country promotion-ids is-business-order",
	"GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA":              "sku fnsku asin product-name condition your-price mfn-listing-exists mfn-fulfillable-quantity afn-listing-exists afn-warehouse-quantity afn-fulfillable-quantity afn-unsellable-quantity afn-reserved-quantity afn-total-quantity per-unit-volume afn-inbound-working-quantity afn-inbound-shipped-quantity afn-inbound-receiving-quantity afn-researching-quantity",
	settlementReport:                                        "settlement-id settlement-start-date settlement-end-date deposit-date total-amount currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name amount-type amount-description amount fulfillment-id posted-date posted-date-time order-item-code merchant-order-item-id merchant-adjustment-item-id sku quantity-purchased promotion-id",
	"GET_FBA_ESTIMATED_FBA_FEES_TXT_DATA":                   "sku fnsku asin amazon-store product-name product-group brand fulfilled-by your-price sales-price longest-side median-side shortest-side length-and-girth unit-of-dimension item-package-weight unit-of-weight product-size-tier currency estimated-fee-total estimated-referral-fee-per-unit estimated-variable-closing-fee estimated-order-handling-fee-per-order estimated-pick-pack-fee-per-unit estimated-weight-handling-fee-per-unit expected-fulfillment-fee-per-unit",
	"GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA":             "return-date order-id sku asin fnsku product-name quantity fulfillment-center-id detailed-disposition reason status license-plate-number customer-comments",
	"GET_FBA_REIMBURSEMENTS_DATA":                           "approval-date reimbursement-id case-id amazon-order-id reason sku fnsku asin product-name condition currency-unit amount-per-unit amount-total quantity-reimbursed-cash quantity-reimbursed-inventory quantity-reimbursed-total original-reimbursement-id original-reimbursement-type",
	"GET_FBA_STORAGE_FEE_CHARGES_DATA":                      "asin fnsku product_name fulfillment_center country_code longest_side median_side shortest_side measurement_units weight weight_units item_volume volume_units product_size_tier average_quantity_on_hand average_quantity_pending_removal estimated_total_item_volume month_of_charge storage_rate currency estimated_monthly_storage_fee dangerous_goods_storage_type eligible_for_inventory_discount qualifies_for_inventory_discount total_incentive_fee_amount breakdown_incentive_fee_amount average_quantity_customer_orders",
	"GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA": "snapshot-date sku fnsku asin product-name condition per-unit-volume currency volume-unit country qty-charged amount-charged surcharge-age-tier rate-surcharge",
	"GET_FBA_INVENTORY_PLANNING_DATA":                       "snapshot-date sku fnsku asin product-name condition available pending-removal-quantity inv-age-0-to-90-days inv-age-91-to-180-days inv-age-181-to-270-days inv-age-271-to-365-days inv-age-365-plus-days currency units-shipped-t30 units-shipped-t90 recommended-action estimated-excess-quantity estimated-storage-cost-next-month days-of-supply short-term-historical-days-of-supply long-term-historical-days-of-supply",
	"GET_RESERVED_INVENTORY_DATA":                           "sku fnsku asin product-name reserved_qty reserved_customerorders reserved_fc-transfers reserved_fc-processing",
	"GET_STRANDED_INVENTORY_UI_DATA":                        "primary-action date-stranded Date-to-take-auto-removal status-primary status-secondary error-message stranded-reason asin sku fnsku product-name condition fulfilled-by fulfillable-qty your-price unfulfillable-qty reserved-quantity inbound-shipped-qty",
	"GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA":         "request-date order-id order-source order-type service-speed order-status last-updated-date sku fnsku disposition requested-quantity cancelled-quantity disposed-quantity shipped-quantity in-process-quantity removal-fee currency",
	"GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA":      "request-date order-id shipment-date sku fnsku disposition shipped-quantity carrier tracking-number removal-order-type",
	// The ledger's columns are words with spaces: tab-separated here, and every field quoted in the file.
	ledgerDetailReport:  "Date\tFNSKU\tASIN\tMSKU\tTitle\tEvent Type\tReference ID\tQuantity\tFulfillment Center\tDisposition\tReason\tCountry\tReconciled Quantity\tUnreconciled Quantity\tDate and Time\tStore",
	ledgerSummaryReport: "Date\tFNSKU\tASIN\tMSKU\tTitle\tDisposition\tStarting Warehouse Balance\tIn Transit Between Warehouses\tReceipts\tCustomer Shipments\tCustomer Returns\tVendor Returns\tWarehouse Transfer In/Out\tFound\tLost\tDamaged\tDisposed\tOther Events\tEnding Warehouse Balance\tUnknown Events\tLocation\tStore",
	// The VAT transactions report's columns that say what a sale was and its VAT (Amazon's file has some 90).
	vatTransactionReport:             "UNIQUE_ACCOUNT_IDENTIFIER ACTIVITY_PERIOD SALES_CHANNEL MARKETPLACE TRANSACTION_TYPE TRANSACTION_EVENT_ID ACTIVITY_TRANSACTION_ID TAX_CALCULATION_DATE TRANSACTION_COMPLETE_DATE SELLER_SKU ASIN QTY TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL PRICE_OF_ITEMS_VAT_RATE_PERCENT TOTAL_ACTIVITY_VALUE_VAT_AMT TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL TRANSACTION_CURRENCY_CODE SALE_DEPART_COUNTRY SALE_ARRIVAL_COUNTRY BUYER_VAT_NUMBER VAT_INV_NUMBER",
	"GET_MERCHANT_LISTINGS_ALL_DATA": "item-name item-description listing-id seller-sku price quantity open-date image-url item-is-marketplace product-id-type zshop-shipping-fee item-note item-condition zshop-category1 zshop-browse-path zshop-storefront-feature asin1 asin2 asin3 will-ship-internationally expedited-shipping zshop-boldface product-id bid-for-featured-placement add-delete pending-quantity fulfillment-channel merchant-shipping-group status",
}

// marketNames are each marketplace's sales channel (orders) and its settlement's marketplace-name.
var marketNames = map[string]string{
	"ATVPDKIKX0DER": "Amazon.com", "A2EUQ1WTGCTBG2": "Amazon.ca", "A1AM78C64UM0Y8": "Amazon.com.mx",
	"A1F83G8C2ARO7P": "Amazon.co.uk", "A1PA6795UKMFR9": "Amazon.de", "A13V1IB3VIYZZH": "Amazon.fr",
	"APJ6JRA9NG5V4": "Amazon.it", "A1RKKUPIHCS9HS": "Amazon.es", "A1VC38T7YXB528": "Amazon.co.jp",
	"A39IBJ37TRP1C6": "Amazon.com.au",
}

// defaultContent writes the header and two lines per marketplace (a settlement: its summary line and two lines).
func (s *Server) defaultContent(sellerID, reportType string, marketplaceIDs []string, start, end time.Time) (io.Reader, error) {
	if reportType == salesTrafficReport {
		return trafficContent(marketplaceIDs, start, end), nil
	}
	header, ok := reportColumns[reportType]
	if !ok {
		return nil, fmt.Errorf("amazontest: no content for report type %s", reportType)
	}
	columns := strings.Fields(header)
	ledger := reportType == ledgerDetailReport || reportType == ledgerSummaryReport
	if ledger {
		columns = strings.Split(header, "\t")
	}
	var b strings.Builder
	writeLine := func(values map[string]string) {
		if ledger {
			b.WriteString(quotedLine(columns, values))
			return
		}
		b.WriteString(line(columns, values))
	}
	if ledger {
		b.WriteString(quotedLine(columns, nameItself(columns)))
	} else {
		b.WriteString(strings.Join(columns, "\t") + "\n")
	}
	for _, m := range marketplaceIDs {
		if reportType == settlementReport {
			id := settlementID(sellerID, m, end)
			b.WriteString(line(columns, map[string]string{"settlement-id": id, "settlement-start-date": settlementDate(start),
				"settlement-end-date": settlementDate(end), "deposit-date": settlementDate(end.AddDate(0, 0, 1)),
				"total-amount": "16.50", "currency": currencies[m]}))
		}
		for i := 1; i <= 2; i++ {
			writeLine(sample(sellerID, m, i, start, end))
		}
	}
	return strings.NewReader(b.String()), nil
}

// vatTransactionReport is the VAT calculation service's transactions report.
const vatTransactionReport = "GET_VAT_TRANSACTION_DATA"

// The inventory ledger's report types.
const (
	ledgerDetailReport  = "GET_LEDGER_DETAIL_VIEW_DATA"
	ledgerSummaryReport = "GET_LEDGER_SUMMARY_VIEW_DATA"
)

// nameItself maps each column to its own name: a quoted header line.
func nameItself(columns []string) map[string]string {
	out := make(map[string]string, len(columns))
	for _, c := range columns {
		out[c] = c
	}
	return out
}

// quotedLine is a ledger file's line: every value in double quotes.
func quotedLine(columns []string, values map[string]string) string {
	fields := make([]string, len(columns))
	for i, c := range columns {
		fields[i] = `"` + strings.ReplaceAll(values[c], `"`, `""`) + `"`
	}
	return strings.Join(fields, "\t") + "\n"
}

// line is one file line: the values in the header's order, "" where a column has none.
func line(columns []string, values map[string]string) string {
	fields := make([]string, len(columns))
	for i, c := range columns {
		fields[i] = values[c]
	}
	return strings.Join(fields, "\t") + "\n"
}

// sample is the values of the i-th line of a marketplace, by column name, for every report type at once.
func sample(sellerID, marketplaceID string, i int, start, end time.Time) map[string]string {
	at := start.Add(end.Sub(start) * time.Duration(i) / 3)
	sku, asin := fmt.Sprintf("STANDIN-SKU-%d", i), fmt.Sprintf("B0STANDIN%d", i)
	name := fmt.Sprintf("Stand-in product %d", i)
	if marketplaceID == "A1VC38T7YXB528" {
		name = fmt.Sprintf("スタンドイン商品 %d（テスト）", i)
	}
	order := fmt.Sprintf("%03d-%07d-%07d", 100+i, i, len(marketplaceID)*1000+i)
	amount := []string{"", "20.00", "-3.50"}[i]
	kind := []string{"", "Principal", "Commission"}[i]
	amountType := []string{"", "ItemPrice", "ItemFees"}[i]
	return map[string]string{
		"settlement-id": settlementID(sellerID, marketplaceID, end), "amazon-order-id": order, "order-id": order, "purchase-date": at.Add(-time.Hour).Format("2006-01-02T15:04:05-07:00"),
		"last-updated-date": at.Format("2006-01-02T15:04:05-07:00"), "order-status": "Shipped",
		"fulfillment-channel": "Amazon", "sales-channel": marketNames[marketplaceID], "ship-service-level": "Standard",
		"product-name": name, "item-name": name, "sku": sku, "seller-sku": sku, "asin": asin, "asin1": asin,
		"fnsku": "X00STANDIN" + fmt.Sprint(i), "item-status": "Shipped", "quantity": "1", "currency": currencies[marketplaceID],
		"item-price": "20.00", "item-tax": "0.00", "shipping-price": "0.00", "your-price": "20.00", "price": "20.00",
		"sales-price": "20.00", "condition": "New", "mfn-listing-exists": "No", "mfn-fulfillable-quantity": "",
		"afn-listing-exists": "Yes", "afn-warehouse-quantity": "12", "afn-fulfillable-quantity": "10",
		"afn-unsellable-quantity": "1", "afn-reserved-quantity": "1", "afn-total-quantity": "14",
		"afn-inbound-working-quantity": "0", "afn-inbound-shipped-quantity": "2", "afn-inbound-receiving-quantity": "0",
		"afn-researching-quantity": "0", "amazon-store": countries[marketplaceID], "fulfilled-by": "AFN",
		"estimated-fee-total": "6.50", "estimated-referral-fee-per-unit": "3.00", "expected-fulfillment-fee-per-unit": "3.50",
		"return-date": at.Format("2006-01-02T15:04:05-07:00"), "fulfillment-center-id": "STD1",
		"detailed-disposition": "SELLABLE", "reason": "NOT_AS_DESCRIBED", "status": "Unit returned to inventory",
		"license-plate-number": fmt.Sprintf("LPNSTANDIN%d", i), "listing-id": fmt.Sprintf("0101STANDIN%d", i),
		"open-date": at.Format("2006-01-02 15:04:05 MST"), "product-id": asin, "product-id-type": "1",
		"item-condition": "11", "will-ship-internationally": "N", "transaction-type": "Order",
		"marketplace-name": marketNames[marketplaceID], "amount-type": amountType, "amount-description": kind,
		"amount": amount, "fulfillment-id": "AFN", "posted-date": at.Format("2006-01-02"),
		"posted-date-time": at.Format("2006-01-02 15:04:05 UTC"), "quantity-purchased": "1",
		// The ledger (a shipment of the order, the day's balance at the stand-in's one centre) and a reimbursement.
		"Date": at.Format("01/02/2006"), "FNSKU": "X00STANDIN" + fmt.Sprint(i), "ASIN": asin, "MSKU": sku, "Title": name,
		"Event Type": "Shipments", "Reference ID": order, "Quantity": "-1", "Fulfillment Center": "STD1",
		"Disposition": "SELLABLE", "Country": countries[marketplaceID], "Reconciled Quantity": "0",
		"Unreconciled Quantity": "0", "Date and Time": at.Format("2006-01-02T15:04:05-07:00"),
		"Starting Warehouse Balance": "12", "Customer Shipments": "-1", "Ending Warehouse Balance": "11",
		"Location": "STD1", "approval-date": at.Format("2006-01-02T15:04:05-07:00"),
		"reimbursement-id": fmt.Sprintf("30%08d", i), "currency-unit": currencies[marketplaceID],
		"amount-per-unit": "12.00", "amount-total": "12.00", "quantity-reimbursed-cash": "1",
		"quantity-reimbursed-inventory": "0", "quantity-reimbursed-total": "1",
		// A month's storage at the one centre, and an aged unit's surcharge.
		"product_name": name, "fulfillment_center": "STD1", "country_code": countries[marketplaceID],
		"item_volume": "0.1500", "volume_units": "cubic feet", "product_size_tier": "Standard-Size",
		"average_quantity_on_hand": "10.00", "estimated_total_item_volume": "1.5000",
		"month_of_charge": start.Format("2006-01"), "storage_rate": "0.7800", "estimated_monthly_storage_fee": "1.17",
		"snapshot-date": at.Format("2006-01-02"), "per-unit-volume": "0.1500", "volume-unit": "cubic feet",
		"country": countries[marketplaceID], "qty-charged": "1", "amount-charged": "0.08", "surcharge-age-tier": "181-210 days",
		"rate-surcharge": "0.5000",
		"available":      "12", "inv-age-0-to-90-days": "12", "units-shipped-t30": "9",
		"units-shipped-t90": "27", "recommended-action": "No action required", "estimated-storage-cost-next-month": "0.35",
		"days-of-supply": "40", "short-term-historical-days-of-supply": "40", "long-term-historical-days-of-supply": "40",
		// Its reserved units by why, and a stranded one (a closed listing).
		"reserved_qty": "3", "reserved_customerorders": "2", "reserved_fc-transfers": "1", "reserved_fc-processing": "0",
		"primary-action": "Relist", "date-stranded": at.Format(time.RFC3339), "status-primary": "Stranded",
		"stranded-reason": "Listing closed", "fulfillable-qty": "4", "reserved-quantity": "0",
		// A returned unit of a removal order and its package.
		"request-date": at.Add(-48 * time.Hour).Format("2006-01-02T15:04:05-07:00"), "order-source": "Seller-initiated Manual Removal",
		"order-type": "Return", "service-speed": "Standard", "disposition": "Sellable", "requested-quantity": "1",
		"shipped-quantity": "1", "removal-fee": "1.04", "shipment-date": at.Format("2006-01-02T15:04:05-07:00"),
		"carrier": "UPS", "tracking-number": fmt.Sprintf("1ZSTANDIN%07d", i), "removal-order-type": "Return",
		// The order's sale in the VAT transactions report: 20.00 at 19% where the marketplace charges VAT.
		"UNIQUE_ACCOUNT_IDENTIFIER": sellerID, "ACTIVITY_PERIOD": strings.ToUpper(at.Format("2006-Jan")), "SALES_CHANNEL": "AFN",
		"MARKETPLACE": strings.ToLower(marketNames[marketplaceID]), "TRANSACTION_TYPE": "SALE", "TRANSACTION_EVENT_ID": order,
		"ACTIVITY_TRANSACTION_ID": fmt.Sprintf("DSTANDIN%d", i), "TAX_CALCULATION_DATE": at.Format("02-01-2006"),
		"TRANSACTION_COMPLETE_DATE": at.Format("02-01-2006"), "SELLER_SKU": sku, "QTY": "1",
		"TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL": "16.81", "PRICE_OF_ITEMS_VAT_RATE_PERCENT": "0.19",
		"TOTAL_ACTIVITY_VALUE_VAT_AMT": "3.19", "TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL": "20.00",
		"TRANSACTION_CURRENCY_CODE": currencies[marketplaceID], "SALE_DEPART_COUNTRY": countries[marketplaceID],
		"SALE_ARRIVAL_COUNTRY": countries[marketplaceID], "VAT_INV_NUMBER": fmt.Sprintf("INV-STANDIN-%d", i),
	}
}

// settlementDate is a settlement file's date-time format.
func settlementDate(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

// settlementID is a settlement's number, the same for the same seller, marketplace and period end.
func settlementID(sellerID, marketplaceID string, end time.Time) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%d", sellerID, marketplaceID, end.Unix())
	return fmt.Sprint(10000000000 + h.Sum64()%9000000000)
}

// defaultScheduled is one settlement per marketplace of the seller: the fourteen days ending at midnight UTC
// before yesterday, made the day after.
func (s *Server) defaultScheduled(sellerID string) []ScheduledReport {
	s.mu.Lock()
	markets := append([]string(nil), s.sellers[sellerID]...)
	s.mu.Unlock()
	end := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -2)
	var out []ScheduledReport
	for _, m := range markets {
		out = append(out, ScheduledReport{ReportID: settlementID(sellerID, m, end), ReportType: settlementReport,
			MarketplaceIDs: []string{m}, DataStartTime: end.AddDate(0, 0, -14), DataEndTime: end,
			CreatedTime: end.AddDate(0, 0, 1)})
	}
	return out
}

// salesTrafficReport is Amazon's business report, a JSON document rather than a flat file.
const salesTrafficReport = "GET_SALES_AND_TRAFFIC_REPORT"

// trafficContent is the business report's document: two child ASINs of one parent, with the range's figures.
func trafficContent(marketplaceIDs []string, start, end time.Time) io.Reader {
	var b strings.Builder
	fmt.Fprintf(&b, `{"reportSpecification":{"reportType":%q,"reportOptions":{"dateGranularity":"DAY","asinGranularity":"CHILD"},`+
		`"dataStartTime":%q,"dataEndTime":%q,"marketplaceIds":["%s"]},"salesAndTrafficByDate":[],"salesAndTrafficByAsin":[`,
		salesTrafficReport, start.UTC().Format("2006-01-02"), end.UTC().Add(-time.Second).Format("2006-01-02"),
		strings.Join(marketplaceIDs, `","`))
	for i := 1; i <= 2; i++ {
		if i > 1 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"parentAsin":"B0STANDINP","childAsin":"B0STANDIN%d","salesByAsin":{"unitsOrdered":%d,`+
			`"orderedProductSales":{"amount":%d.00,"currencyCode":"USD"},"totalOrderItems":%d},"trafficByAsin":{"sessions":%d,`+
			`"pageViews":%d,"buyBoxPercentage":%d.00,"unitSessionPercentage":%d.00}}`, i, i, 20*i, i, 10*i, 15*i, 90+i, 10)
	}
	b.WriteString("]}")
	return strings.NewReader(b.String())
}
