package amazondata

import (
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() {
	importers[LedgerEvents] = importLedgerEvents
	importers[LedgerBalances] = importLedgerBalances
}

// ledgerEventKey is what tells two ledger events apart: the ledger has no line id. The time is an instant: two
// lines' "-07:00" are two time zones to Go.
type ledgerEventKey struct {
	day, fnsku, eventType, reference, fc, disposition, reason string
	at                                                        int64
}

// importLedgerEvents reads the inventory ledger's detail (GET_LEDGER_DETAIL_VIEW_DATA) of the report's
// marketplace. An event read again changes nothing; its reconciled quantities, which Amazon moves as lost units
// are found or reimbursed, are updated.
func importLedgerEvents(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, LedgerEvents, "date", "fnsku", "event type", "quantity"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.LedgerEvent, ledgerEventKey, error) {
		e, err := readLedgerEvent(st, row)
		return e, ledgerEventKey{e.Day, e.FNSKU, e.EventType, e.ReferenceID, e.FulfillmentCenter, e.Disposition, e.Reason,
			e.EventAt.UnixMicro()}, err
	}, func(events []amazondatadb.LedgerEvent) (int64, error) {
		return amazondatadb.UpsertLedgerEvents(s.db, events)
	})
}

func readLedgerEvent(st Store, row amazon.TSVRow) (amazondatadb.LedgerEvent, error) {
	l := line{row: row}
	day := l.ledgerDay("date")
	e := amazondatadb.LedgerEvent{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, Day: day, FNSKU: l.required("fnsku"), ASIN: l.str("asin"), SKU: l.str("msku"),
		Title: l.str("title"), EventType: l.required("event type"), ReferenceID: l.str("reference id"),
		Quantity: l.integer("quantity"), FulfillmentCenter: l.str("fulfillment center"), Disposition: l.str("disposition"),
		Reason: l.str("reason"), Country: l.str("country"), ReconciledQuantity: l.integer("reconciled quantity"),
		UnreconciledQuantity: l.integer("unreconciled quantity")}
	if at := l.optionalTime("date and time"); at != nil {
		e.EventAt = *at
	} else if t, err := time.Parse(time.DateOnly, day); err == nil {
		e.EventAt = t
	}
	return e, l.err
}

// ledgerBalanceKey is a daily balance's key.
type ledgerBalanceKey struct{ day, fnsku, location, disposition string }

// importLedgerBalances reads the inventory ledger's daily summary (GET_LEDGER_SUMMARY_VIEW_DATA, by fulfilment
// centre) of the report's marketplace.
func importLedgerBalances(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, LedgerBalances, "date", "fnsku", "starting warehouse balance", "ending warehouse balance"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.LedgerBalance, ledgerBalanceKey, error) {
		b, err := readLedgerBalance(st, row)
		return b, ledgerBalanceKey{b.Day, b.FNSKU, b.Location, b.Disposition}, err
	}, func(balances []amazondatadb.LedgerBalance) (int64, error) {
		return amazondatadb.UpsertLedgerBalances(s.db, balances)
	})
}

func readLedgerBalance(st Store, row amazon.TSVRow) (amazondatadb.LedgerBalance, error) {
	l := line{row: row}
	b := amazondatadb.LedgerBalance{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, Day: l.ledgerDay("date"), FNSKU: l.required("fnsku"), ASIN: l.str("asin"),
		SKU: l.str("msku"), Title: l.str("title"), Disposition: l.str("disposition"), Location: l.str("location"),
		Starting: l.integer("starting warehouse balance"), InTransit: l.integer("in transit between warehouses"),
		Receipts: l.integer("receipts"), CustomerShipments: l.integer("customer shipments"),
		CustomerReturns: l.integer("customer returns"), VendorReturns: l.integer("vendor returns"),
		WarehouseTransfers: l.integer("warehouse transfer in/out"), Found: l.integer("found"), Lost: l.integer("lost"),
		Damaged: l.integer("damaged"), Disposed: l.integer("disposed"), OtherEvents: l.integer("other events"),
		Ending: l.integer("ending warehouse balance"), UnknownEvents: l.integer("unknown events")}
	return b, l.err
}

// ledgerDay reads the ledger's date: Amazon writes it MM/DD/YYYY (a download from Seller Central may be
// yyyy-MM-dd); it is kept as yyyy-MM-dd.
func (l *line) ledgerDay(column string) string {
	v := l.str(column)
	if v == "" {
		l.fail(column, "", "不能为空")
		return ""
	}
	for _, layout := range []string{"01/02/2006", time.DateOnly} {
		if t, err := time.Parse(layout, v); err == nil {
			if !plausibleDate(t) {
				l.fail(column, v, "不在2000年至今的日期范围内")
			}
			return t.Format(time.DateOnly)
		}
	}
	l.fail(column, v, "不是日期")
	return ""
}
