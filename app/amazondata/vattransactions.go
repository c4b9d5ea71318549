package amazondata

import (
	"bufio"
	"encoding/csv"
	"io"
	"strings"
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[VATTransactions] = importVATTransactions }

type vatTransactionKey struct{ kind, event, activity, sku string }

// importVATTransactions reads the VAT transactions report (GET_VAT_TRANSACTION_DATA) of a seller account: a line
// per transaction, event, activity and SKU of any of its European marketplaces (the MARKETPLACE column names it).
// Amazon corrects a month by sending its lines again, which replace the stored ones; the same file read twice
// changes nothing.
func importVATTransactions(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, VATTransactions, "TRANSACTION_TYPE", "TRANSACTION_EVENT_ID", "ACTIVITY_TRANSACTION_ID",
		"SELLER_SKU", "TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL", "TOTAL_ACTIVITY_VALUE_VAT_AMT"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.VATTransaction, vatTransactionKey, error) {
		v, err := readVATTransaction(st, row)
		return v, vatTransactionKey{v.TransactionType, v.TransactionEventID, v.ActivityTransactionID, v.SellerSKU}, err
	}, func(lines []amazondatadb.VATTransaction) (int64, error) {
		return amazondatadb.UpsertVATTransactions(s.db, lines)
	})
}

func readVATTransaction(st Store, row amazon.TSVRow) (amazondatadb.VATTransaction, error) {
	l := line{row: row}
	v := amazondatadb.VATTransaction{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		SalesChannel: l.str("SALES_CHANNEL"), TransactionType: strings.ToUpper(l.required("TRANSACTION_TYPE")),
		TransactionEventID: l.required("TRANSACTION_EVENT_ID"), ActivityTransactionID: l.str("ACTIVITY_TRANSACTION_ID"),
		TaxCalculationDate: l.vatDate("TAX_CALCULATION_DATE"), TransactionCompleteDate: l.vatDate("TRANSACTION_COMPLETE_DATE"),
		SellerSKU: l.str("SELLER_SKU"), ASIN: l.str("ASIN"), Qty: l.integer("QTY"),
		Currency:     l.str("TRANSACTION_CURRENCY_CODE"),
		ItemsVATIncl: l.money("TOTAL_PRICE_OF_ITEMS_AMT_VAT_INCL"), ItemsVAT: l.money("TOTAL_PRICE_OF_ITEMS_VAT_AMT"),
		ShipVATIncl: l.money("TOTAL_SHIP_CHARGE_AMT_VAT_INCL"), ShipVAT: l.money("TOTAL_SHIP_CHARGE_VAT_AMT"),
		GiftWrapVATIncl: l.money("TOTAL_GIFT_WRAP_AMT_VAT_INCL"), GiftWrapVAT: l.money("TOTAL_GIFT_WRAP_VAT_AMT"),
		TotalVATExcl: l.money("TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL"), TotalVAT: l.money("TOTAL_ACTIVITY_VALUE_VAT_AMT"),
		TotalVATIncl: l.money("TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL"), VATRate: l.vatRate("PRICE_OF_ITEMS_VAT_RATE_PERCENT"),
		SaleDepartCountry: l.str("SALE_DEPART_COUNTRY"), SaleArrivalCountry: l.str("SALE_ARRIVAL_COUNTRY"),
		BuyerVATNumber: l.str("BUYER_VAT_NUMBER"), VATInvNumber: l.str("VAT_INV_NUMBER"),
		TaxCollection: l.str("TAX_COLLECTION_RESPONSIBILITY")}
	// FC_TRANSFER and INBOUND lines are of no marketplace ("N/A"); the others name the one the activity was in.
	if m := l.str("MARKETPLACE"); m != "" && !strings.EqualFold(m, "N/A") {
		v.MarketplaceID = l.marketplace("MARKETPLACE", st)
	}
	v.ActivityPeriod = activityPeriod(l.str("ACTIVITY_PERIOD"), v.TransactionCompleteDate, v.TaxCalculationDate)
	return v, l.err
}

// vatDate reads the report's dates, day first ("23-01-2026", or with slashes), or ISO ones, as yyyy-MM-dd; ""
// stays "" (a refund has no departure date).
func (l *line) vatDate(column string) string {
	v := strings.TrimSpace(l.str(column))
	if v == "" {
		return ""
	}
	for _, layout := range []string{"02-01-2006", "02/01/2006", "02.01.2006", time.DateOnly} {
		if t, err := time.Parse(layout, v[:min(len(v), 10)]); err == nil && plausibleDate(t) {
			return t.Format(time.DateOnly)
		}
	}
	l.fail(column, v, "不是日期")
	return ""
}

// vatRate is a rate as hundredths of a percent: Amazon writes a fraction ("0.19"); a percentage ("19") is read
// as one too.
func (l *line) vatRate(column string) int {
	v := l.str(column)
	units, ok := parseUnits(v)
	if !ok || units < 0 {
		l.fail(column, v, "不是税率")
		return 0
	}
	if units > 10000 {
		units /= 100
	}
	return int(units)
}

// activityPeriod is the report's yyyy-MON as yyyy-MM, or the month of the line's date where it has none.
func activityPeriod(v string, dates ...string) string {
	if t, err := time.Parse("2006-Jan", strings.TrimSpace(strings.Title(strings.ToLower(v)))); err == nil { //nolint:staticcheck // ASCII month names
		return t.Format("2006-01")
	}
	for _, d := range dates {
		if len(d) >= 7 {
			return d[:7]
		}
	}
	return ""
}

// vatCSV reads the VAT transactions report as tab-separated lines: Amazon gives it as comma-separated values with
// quotes (Seller Central's download and the API's document alike); a tab-separated file is read as it is. Records
// are turned into lines as they are read, so a file only peeked at (an upload's header) costs nothing more.
func vatCSV(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, 64<<10)
	first, _ := br.Peek(4096)
	head := string(first)
	if i := strings.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	if strings.Contains(head, "\t") || !strings.Contains(head, ",") {
		return br
	}
	c := csv.NewReader(br)
	c.FieldsPerRecord = -1
	c.LazyQuotes = true
	return &csvLines{c: c}
}

// csvLines is a CSV file read as tab-separated lines, a record at a time.
type csvLines struct {
	c   *csv.Reader
	buf []byte
	err error
}

var fieldSpaces = strings.NewReplacer("\t", " ", "\r", " ", "\n", " ")

func (l *csvLines) Read(p []byte) (int, error) {
	for len(l.buf) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		rec, err := l.c.Read()
		if err != nil {
			l.err = err
			continue
		}
		for i, f := range rec {
			if i > 0 {
				l.buf = append(l.buf, '\t')
			}
			l.buf = append(l.buf, fieldSpaces.Replace(f)...)
		}
		l.buf = append(l.buf, '\n')
	}
	n := copy(p, l.buf)
	l.buf = l.buf[n:]
	return n, nil
}
