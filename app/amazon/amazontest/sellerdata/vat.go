package sellerdata

import (
	"strconv"
	"strings"
	"time"
)

// VATTransactionReport is the Amazon VAT Transactions Report's type (the VAT calculation service's), a file of
// comma-separated values.
const VATTransactionReport = "GET_VAT_TRANSACTION_DATA"

// VATTransactionHeader is its columns, as Amazon names them (its fourth format, PROGRAM_TYPE included, and
// Amazon's own spelling of DEPATURE_CITY).
var VATTransactionHeader = []string{"UNIQUE_ACCOUNT_IDENTIFIER", "ACTIVITY_PERIOD", "SALES_CHANNEL", "MARKETPLACE",
	"PROGRAM_TYPE", "TRANSACTION_TYPE", "TRANSACTION_EVENT_ID", "ACTIVITY_TRANSACTION_ID", "TAX_CALCULATION_DATE",
	"TRANSACTION_DEPART_DATE", "TRANSACTION_ARRIVAL_DATE", "TRANSACTION_COMPLETE_DATE", "SELLER_SKU", "ASIN",
	"ITEM_DESCRIPTION", "ITEM_MANUFACTURE_COUNTRY", "QTY", "ITEM_WEIGHT", "TOTAL_ACTIVITY_WEIGHT", "COST_PRICE_OF_ITEMS",
	"PRICE_OF_ITEMS_AMT_VAT_EXCL", "PROMO_PRICE_OF_ITEMS_AMT_VAT_EXCL", "TOTAL_PRICE_OF_ITEMS_AMT_VAT_EXCL",
	"SHIP_CHARGE_AMT_VAT_EXCL", "PROMO_SHIP_CHARGE_AMT_VAT_EXCL", "TOTAL_SHIP_CHARGE_AMT_VAT_EXCL",
	"GIFT_WRAP_AMT_VAT_EXCL", "PROMO_GIFT_WRAP_AMT_VAT_EXCL", "TOTAL_GIFT_WRAP_AMT_VAT_EXCL",
	"TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL", "PRICE_OF_ITEMS_VAT_RATE_PERCENT", "PRICE_OF_ITEMS_VAT_AMT",
	"PROMO_PRICE_OF_ITEMS_VAT_AMT", "TOTAL_PRICE_OF_ITEMS_VAT_AMT", "SHIP_CHARGE_VAT_RATE_PERCENT", "SHIP_CHARGE_VAT_AMT",
	"PROMO_SHIP_CHARGE_VAT_AMT", "TOTAL_SHIP_CHARGE_VAT_AMT", "GIFT_WRAP_VAT_RATE_PERCENT", "GIFT_WRAP_VAT_AMT",
	"PROMO_GIFT_WRAP_VAT_AMT", "TOTAL_GIFT_WRAP_VAT_AMT", "TOTAL_ACTIVITY_VALUE_VAT_AMT", "PRICE_OF_ITEMS_AMT_VAT_INCL",
	"PROMO_PRICE_OF_ITEMS_AMT_VAT_INCL", "TOTAL_PRICE_OF_ITEMS_AMT_VAT_INCL", "SHIP_CHARGE_AMT_VAT_INCL",
	"PROMO_SHIP_CHARGE_AMT_VAT_INCL", "TOTAL_SHIP_CHARGE_AMT_VAT_INCL", "GIFT_WRAP_AMT_VAT_INCL",
	"PROMO_GIFT_WRAP_AMT_VAT_INCL", "TOTAL_GIFT_WRAP_AMT_VAT_INCL", "TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL",
	"TRANSACTION_CURRENCY_CODE", "COMMODITY_CODE", "STATISTICAL_CODE_DEPART", "STATISTICAL_CODE_ARRIVAL",
	"COMMODITY_CODE_SUPPLEMENTARY_UNIT", "ITEM_QTY_SUPPLEMENTARY_UNIT", "TOTAL_ACTIVITY_SUPPLEMENTARY_UNIT",
	"PRODUCT_TAX_CODE", "DEPATURE_CITY", "DEPARTURE_COUNTRY", "DEPARTURE_POST_CODE", "ARRIVAL_CITY", "ARRIVAL_COUNTRY",
	"ARRIVAL_POST_CODE", "SALE_DEPART_COUNTRY", "SALE_ARRIVAL_COUNTRY", "TRANSPORTATION_MODE", "DELIVERY_CONDITIONS",
	"SELLER_DEPART_VAT_NUMBER_COUNTRY", "SELLER_DEPART_COUNTRY_VAT_NUMBER", "SELLER_ARRIVAL_VAT_NUMBER_COUNTRY",
	"SELLER_ARRIVAL_COUNTRY_VAT_NUMBER", "TRANSACTION_SELLER_VAT_NUMBER_COUNTRY", "TRANSACTION_SELLER_VAT_NUMBER",
	"BUYER_VAT_NUMBER_COUNTRY", "BUYER_VAT_NUMBER", "VAT_CALCULATION_IMPUTATION_COUNTRY", "TAXABLE_JURISDICTION",
	"TAXABLE_JURISDICTION_LEVEL", "VAT_INV_NUMBER", "VAT_INV_CONVERTED_AMT", "VAT_INV_CURRENCY_CODE",
	"VAT_INV_EXCHANGE_RATE", "VAT_INV_EXCHANGE_RATE_DATE", "EXPORT_OUTSIDE_EU", "INVOICE_URL", "BUYER_NAME",
	"ARRIVAL_ADDRESS", "SUPPLIER_NAME", "SUPPLIER_VAT_NUMBER", "TAX_REPORTING_SCHEME", "TAX_COLLECTION_RESPONSIBILITY"}

// VATLine is a SALE line of the VAT transactions report: one SKU of a shipped order of a VAT-inclusive marketplace,
// amounts in the currency's minor units for the whole line. A business order is an intra-EU supply to a buyer
// with a VAT number in Austria, zero-rated (the buyer accounts for the VAT), except in the UK.
type VATLine struct {
	Marketplace, Channel, OrderID, ShipmentID, SKU, ASIN, Name string
	Shipped                                                    time.Time
	Quantity                                                   int64
	Currency                                                   string
	// RateBP is the rate in basis points; the amounts VAT-inclusive, and their VAT.
	RateBP                               int64
	Items, ItemsVAT, Ship, ShipVAT       int64
	Depart, Arrival, BuyerVAT, InvoiceNo string
	dec                                  int32
}

// Total and TotalVAT are the line's VAT-inclusive value and its VAT.
func (l VATLine) Total() int64    { return l.Items + l.Ship }
func (l VATLine) TotalVAT() int64 { return l.ItemsVAT + l.ShipVAT }

// vatLines are an order's lines in the report, none for an order not shipped or where Amazon collects the tax.
func vatLines(o *order) []VATLine {
	m := o.m
	if m.facilitator || o.cancelled {
		return nil
	}
	var out []VATLine
	for i, it := range o.items {
		l := VATLine{Marketplace: m.id, Channel: strings.ToLower(m.channel), OrderID: o.id, ShipmentID: shipmentID(o),
			SKU: it.p.sku, ASIN: it.p.asin, Name: it.p.name, Shipped: o.closed, Quantity: it.qty, Currency: m.currency,
			RateBP: m.taxBP, Items: it.price + it.promo, ItemsVAT: it.tax, Ship: it.ship, ShipVAT: it.shipTax,
			Depart: m.country, Arrival: m.country, dec: m.dec}
		l.InvoiceNo = m.country + "6" + string(appendDigits(nil, permute(o.num, 7)%1_000_000_000, 9)) + "-" + strconv.Itoa(i+1)
		if o.business && m.country != "GB" {
			l.Arrival, l.BuyerVAT, l.RateBP, l.ItemsVAT, l.ShipVAT = "AT", "ATU"+string(appendDigits(nil, permute(o.num, 9)%100_000_000, 8)), 0, 0, 0
		}
		out = append(out, l)
	}
	return out
}

// VATTransactions is the report's truth: the SALE lines of the seller's orders shipped in [from, to).
func (w *World) VATTransactions(sellerID string, from, to time.Time) []VATLine {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	var out []VATLine
	w.eachShipped(s, from, to, func(o *order) { out = append(out, vatLines(o)...) })
	return out
}

// eachShipped calls fn for the seller's orders that shipped in [from, to) and before w.Now.
func (w *World) eachShipped(s *seller, from, to time.Time, fn func(*order)) {
	w.eachDay(s, s.markets, from.Add(-maxOrderLife), to, func(o *order) {
		if !o.cancelled && !o.closed.Before(from) && o.closed.Before(to) && o.closed.Before(w.Now) {
			fn(o)
		}
	})
}

func (w *World) vatReader(s *seller, from, to time.Time) *chunkReader {
	d := from.Add(-maxOrderLife).UTC().Truncate(day)
	started := false
	return &chunkReader{next: func(b []byte) ([]byte, bool) {
		if !started {
			started = true
			return csvLine(b, VATTransactionHeader...), d.Before(to)
		}
		w.eachDay(s, s.markets, d, d.Add(day), func(o *order) {
			if !o.cancelled && !o.closed.Before(from) && o.closed.Before(to) && o.closed.Before(w.Now) {
				for _, l := range vatLines(o) {
					b = appendVATLine(b, s.def.id, l)
				}
			}
		})
		d = d.Add(day)
		return b, d.Before(to)
	}}
}

// vatDate is the report's date format, day first.
func vatDate(t time.Time) string { return t.UTC().Format("02-01-2006") }

func appendVATLine(b []byte, account string, l VATLine) []byte {
	money := func(v int64) string { return string(appendMinor(nil, v, l.dec)) }
	net := func(v, vat int64) string { return money(v - vat) }
	rate := strconv.FormatFloat(float64(l.RateBP)/10000, 'f', -1, 64)
	values := map[string]string{"UNIQUE_ACCOUNT_IDENTIFIER": account,
		"ACTIVITY_PERIOD": strings.ToUpper(l.Shipped.UTC().Format("2006-Jan")), "SALES_CHANNEL": "AFN",
		"MARKETPLACE": l.Channel, "TRANSACTION_TYPE": "SALE", "TRANSACTION_EVENT_ID": l.OrderID,
		"ACTIVITY_TRANSACTION_ID": l.ShipmentID, "TAX_CALCULATION_DATE": vatDate(l.Shipped),
		"TRANSACTION_DEPART_DATE": vatDate(l.Shipped), "TRANSACTION_ARRIVAL_DATE": vatDate(l.Shipped.Add(2 * day)),
		"TRANSACTION_COMPLETE_DATE": vatDate(l.Shipped), "SELLER_SKU": l.SKU, "ASIN": l.ASIN, "ITEM_DESCRIPTION": l.Name,
		"QTY":                         strconv.FormatInt(l.Quantity, 10),
		"PRICE_OF_ITEMS_AMT_VAT_EXCL": net(l.Items, l.ItemsVAT), "PROMO_PRICE_OF_ITEMS_AMT_VAT_EXCL": "0",
		"TOTAL_PRICE_OF_ITEMS_AMT_VAT_EXCL": net(l.Items, l.ItemsVAT), "SHIP_CHARGE_AMT_VAT_EXCL": net(l.Ship, l.ShipVAT),
		"PROMO_SHIP_CHARGE_AMT_VAT_EXCL": "0", "TOTAL_SHIP_CHARGE_AMT_VAT_EXCL": net(l.Ship, l.ShipVAT),
		"GIFT_WRAP_AMT_VAT_EXCL": "0", "PROMO_GIFT_WRAP_AMT_VAT_EXCL": "0", "TOTAL_GIFT_WRAP_AMT_VAT_EXCL": "0",
		"TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL": net(l.Total(), l.TotalVAT()), "PRICE_OF_ITEMS_VAT_RATE_PERCENT": rate,
		"PRICE_OF_ITEMS_VAT_AMT": money(l.ItemsVAT), "PROMO_PRICE_OF_ITEMS_VAT_AMT": "0",
		"TOTAL_PRICE_OF_ITEMS_VAT_AMT": money(l.ItemsVAT), "SHIP_CHARGE_VAT_RATE_PERCENT": rate,
		"SHIP_CHARGE_VAT_AMT": money(l.ShipVAT), "PROMO_SHIP_CHARGE_VAT_AMT": "0", "TOTAL_SHIP_CHARGE_VAT_AMT": money(l.ShipVAT),
		"GIFT_WRAP_VAT_RATE_PERCENT": rate, "GIFT_WRAP_VAT_AMT": "0", "PROMO_GIFT_WRAP_VAT_AMT": "0",
		"TOTAL_GIFT_WRAP_VAT_AMT": "0", "TOTAL_ACTIVITY_VALUE_VAT_AMT": money(l.TotalVAT()),
		"PRICE_OF_ITEMS_AMT_VAT_INCL": money(l.Items), "PROMO_PRICE_OF_ITEMS_AMT_VAT_INCL": "0",
		"TOTAL_PRICE_OF_ITEMS_AMT_VAT_INCL": money(l.Items), "SHIP_CHARGE_AMT_VAT_INCL": money(l.Ship),
		"PROMO_SHIP_CHARGE_AMT_VAT_INCL": "0", "TOTAL_SHIP_CHARGE_AMT_VAT_INCL": money(l.Ship), "GIFT_WRAP_AMT_VAT_INCL": "0",
		"PROMO_GIFT_WRAP_AMT_VAT_INCL": "0", "TOTAL_GIFT_WRAP_AMT_VAT_INCL": "0",
		"TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL": money(l.Total()), "TRANSACTION_CURRENCY_CODE": l.Currency,
		"PRODUCT_TAX_CODE": "A_GEN_STANDARD", "DEPARTURE_COUNTRY": l.Depart, "ARRIVAL_COUNTRY": l.Arrival,
		"SALE_DEPART_COUNTRY": l.Depart, "SALE_ARRIVAL_COUNTRY": l.Arrival, "TRANSPORTATION_MODE": "SELLER",
		"SELLER_DEPART_VAT_NUMBER_COUNTRY": l.Depart, "TRANSACTION_SELLER_VAT_NUMBER_COUNTRY": l.Depart,
		"BUYER_VAT_NUMBER": l.BuyerVAT, "VAT_CALCULATION_IMPUTATION_COUNTRY": l.Depart, "TAXABLE_JURISDICTION": l.Arrival,
		"TAXABLE_JURISDICTION_LEVEL": "COUNTRY", "VAT_INV_NUMBER": l.InvoiceNo, "VAT_INV_CURRENCY_CODE": l.Currency,
		"VAT_INV_EXCHANGE_RATE": "1", "EXPORT_OUTSIDE_EU": "NO", "TAX_REPORTING_SCHEME": "REGULAR",
		"TAX_COLLECTION_RESPONSIBILITY": "SELLER"}
	if l.BuyerVAT != "" {
		values["BUYER_VAT_NUMBER_COUNTRY"] = l.Arrival
		values["TAX_COLLECTION_RESPONSIBILITY"] = "BUYER"
	}
	fields := make([]string, len(VATTransactionHeader))
	for i, c := range VATTransactionHeader {
		fields[i] = values[c]
	}
	return csvLine(b, fields...)
}

// csvLine writes a line of comma-separated values, as Amazon's VAT reports are: a field with a comma, a quote or a
// line break in double quotes.
func csvLine(b []byte, fields ...string) []byte {
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		if strings.ContainsAny(f, ",\"\r\n") {
			b = append(b, '"')
			b = append(b, strings.ReplaceAll(f, `"`, `""`)...)
			b = append(b, '"')
			continue
		}
		b = append(b, f...)
	}
	return append(b, '\r', '\n')
}
