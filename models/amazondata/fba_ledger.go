package amazondata

import (
	"strconv"
	"strings"
	"time"

	"sellerhub/models"
)

// LedgerEvent is one line of the inventory ledger's detail: units of an FNSKU received, shipped, returned,
// transferred or adjusted at a fulfilment centre, with the reference Amazon gives (order, shipment, adjustment).
type LedgerEvent struct {
	ID                   int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID            int64
	GroupID              int64
	SellerID             int64
	MarketplaceID        string
	Day                  string
	EventAt              time.Time
	FNSKU                string `gorm:"column:fnsku"`
	ASIN                 string `gorm:"column:asin"`
	SKU                  string `gorm:"column:sku"`
	Title                string
	EventType            string
	ReferenceID          string
	Quantity             int
	FulfillmentCenter    string
	Disposition          string
	Reason               string
	Country              string
	ReconciledQuantity   int
	UnreconciledQuantity int
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

var ledgerEventsTable = &models.UpsertTable{
	Name: "fba_ledger_events",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "day", "event_at", "fnsku", "asin",
		"sku", "title", "event_type", "reference_id", "quantity", "fulfillment_center", "disposition", "reason", "country",
		"reconciled_quantity", "unreconciled_quantity", "created_at", "updated_at"},
	Key: []string{"seller_id", "marketplace_id", "day", "fnsku", "fulfillment_center", "disposition", "event_at",
		"event_type", "reference_id", "reason"},
	Keep: []string{"company_id"},
}

// UpsertLedgerEvents writes a batch of ledger events (each key once) in one transaction and returns how many rows
// were inserted or changed: an event read again changes nothing, and one whose reconciled quantities moved since
// (a lost unit found or reimbursed) is updated.
func UpsertLedgerEvents(db *models.DB, events []LedgerEvent) (int64, error) {
	n, err := writeLedgerEvents(db, events, false)
	if concurrentWriteFailed(err) {
		// Another import wrote some of the batch's events after they were looked for: each is upserted.
		n, err = writeLedgerEvents(db, events, true)
	}
	return n, err
}

// writeLedgerEvents is one attempt at UpsertLedgerEvents' transaction. The events stored on the batch's days are
// read first (one range of the key), so that only the new ones are inserted, without ON CONFLICT (PostgreSQL: by
// COPY), and only the changed ones upserted: a report read again then reads its rows and writes none, where an
// upsert of each line bound and compared every column in the database. upsertAll upserts every event.
func writeLedgerEvents(db *models.DB, events []LedgerEvent, upsertAll bool) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	var written int64
	err := db.CopyTx(db.Statement.Context, func(tx *models.DB) error {
		// PostgreSQL: the commit does not wait for the disk, as an orders import's batches (writeOrderBatch): a crash
		// loses only whole last batches of an import that had not ended, and the job reads the report again.
		if tx.Driver == "postgres" {
			if err := tx.Exec("SET LOCAL synchronous_commit = off").Error; err != nil {
				return err
			}
		}
		if err := lockLedger(tx, placesOfEvents(events)); err != nil {
			return err
		}
		fresh, changed := events, []LedgerEvent(nil)
		if !upsertAll {
			var ok bool
			var err error
			if fresh, changed, ok, err = newLedgerEvents(tx, events); err != nil {
				return err
			}
			if !ok {
				fresh, changed = nil, events
			}
		}
		rows := func(events []LedgerEvent) func(i int) []any {
			return func(i int) []any {
				e := &events[i]
				return []any{models.NewID(), e.CompanyID, e.GroupID, e.SellerID, e.MarketplaceID, e.Day,
					e.EventAt.UTC().Truncate(time.Microsecond), e.FNSKU, e.ASIN, e.SKU, e.Title, e.EventType, e.ReferenceID,
					e.Quantity, e.FulfillmentCenter, e.Disposition, e.Reason, e.Country, e.ReconciledQuantity,
					e.UnreconciledQuantity, now, now}
			}
		}
		write := tx.InsertNew
		if upsertAll {
			write = tx.Upsert
		}
		n, err := write(ledgerEventsTable, len(fresh), rows(fresh))
		if err != nil {
			return err
		}
		m, err := tx.Upsert(ledgerEventsTable, len(changed), rows(changed))
		written = n + m
		if err != nil || written == 0 {
			return err
		}
		refreshed, err := refreshLedgerDifferences(tx, placesOfEvents(fresh, changed), true)
		if err != nil || refreshed == 0 {
			return err
		}
		companies := make([]int64, len(events))
		for i := range events {
			companies[i] = events[i].CompanyID
		}
		return raiseLedgerDays(tx, companies)
	})
	return written, err
}

// ledgerEventsLookedUp is how many stored events, per event of a batch, newLedgerEvents reads at most: a batch
// whose days hold many more (a file of a few FNSKUs over months) is upserted instead.
const ledgerEventsLookedUp = 4

// storedLedgerEvents is what newLedgerEvents reads of the events stored on a seller account's days: each one's
// time, the rest of its key (ledgerEventKey) and the columns an upsert compares (ledgerEventValues), each as one
// text joined in the database. SQLite reads a row's columns one by one through its lock; three are a third of the
// time of sixteen. Tabs join them: Amazon's TSV files cannot hold one in a field.
var storedLedgerEvents = "SELECT event_at, " +
	tabJoined("day", "fnsku", "fulfillment_center", "disposition", "event_type", "reference_id", "reason") + ", " +
	tabJoined("CAST(group_id AS TEXT)", "CAST(quantity AS TEXT)", "CAST(reconciled_quantity AS TEXT)",
		"CAST(unreconciled_quantity AS TEXT)", "asin", "sku", "country", "title") +
	" FROM fba_ledger_events WHERE seller_id = ? AND marketplace_id = ? AND day BETWEEN ? AND ? LIMIT ?"

// tabJoined is the SQL of the columns' texts joined by tabs.
func tabJoined(columns ...string) string { return strings.Join(columns, " || '\t' || ") }

// ledgerEventKey is an event's key within its seller account's marketplace.
type ledgerEventKey struct {
	key string
	at  int64
}

func ledgerEventKeyOf(e *LedgerEvent) ledgerEventKey {
	return ledgerEventKey{e.Day + "\t" + e.FNSKU + "\t" + e.FulfillmentCenter + "\t" + e.Disposition + "\t" + e.EventType +
		"\t" + e.ReferenceID + "\t" + e.Reason, e.EventAt.UnixMicro()}
}

func ledgerEventValues(e *LedgerEvent) string {
	return strconv.FormatInt(e.GroupID, 10) + "\t" + strconv.Itoa(e.Quantity) + "\t" + strconv.Itoa(e.ReconciledQuantity) +
		"\t" + strconv.Itoa(e.UnreconciledQuantity) + "\t" + e.ASIN + "\t" + e.SKU + "\t" + e.Country + "\t" + e.Title
}

// newLedgerEvents splits a batch of one seller account's marketplace into the events not stored and those stored
// with another value, leaving out those stored as they are. ok is false when the batch is of several accounts or
// marketplaces, or its days hold too many events to read.
func newLedgerEvents(db *models.DB, events []LedgerEvent) (fresh, changed []LedgerEvent, ok bool, err error) {
	if len(events) == 0 {
		return nil, nil, true, nil
	}
	first, last := events[0].Day, events[0].Day
	for i := range events {
		e := &events[i]
		if e.SellerID != events[0].SellerID || e.MarketplaceID != events[0].MarketplaceID {
			return nil, nil, false, nil
		}
		first, last = min(first, e.Day), max(last, e.Day)
	}
	limit := ledgerEventsLookedUp*len(events) + 1
	rows, err := db.Raw(storedLedgerEvents, events[0].SellerID, events[0].MarketplaceID, first, last, limit).Rows()
	if err != nil {
		return nil, nil, false, err
	}
	defer rows.Close()
	stored := make(map[ledgerEventKey]string, len(events))
	for rows.Next() {
		var at time.Time
		var key, values string
		if err := rows.Scan(&at, &key, &values); err != nil {
			return nil, nil, false, err
		}
		stored[ledgerEventKey{key, at.UnixMicro()}] = values
	}
	if err := rows.Err(); err != nil || len(stored) >= limit {
		return nil, nil, false, err
	}
	fresh = make([]LedgerEvent, 0, len(events))
	for i := range events {
		e := &events[i]
		values, found := stored[ledgerEventKeyOf(e)]
		switch {
		case !found:
			fresh = append(fresh, *e)
		case values != ledgerEventValues(e):
			changed = append(changed, *e)
		}
	}
	return fresh, changed, true, nil
}

// LedgerBalance is a day's line of the inventory ledger's summary: an FNSKU's units of one disposition at one
// fulfilment centre at the day's start and end, with Amazon's totals of the day's movements by kind.
type LedgerBalance struct {
	ID                 int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID          int64
	GroupID            int64
	SellerID           int64
	MarketplaceID      string
	Day                string
	FNSKU              string `gorm:"column:fnsku"`
	ASIN               string `gorm:"column:asin"`
	SKU                string `gorm:"column:sku"`
	Title              string
	Disposition        string
	Location           string
	Starting           int
	InTransit          int
	Receipts           int
	CustomerShipments  int
	CustomerReturns    int
	VendorReturns      int
	WarehouseTransfers int
	Found              int
	Lost               int
	Damaged            int
	Disposed           int
	OtherEvents        int
	Ending             int
	UnknownEvents      int
	// Difference is ending - (starting + the day's events at the place), kept by both imports (migration 00185).
	Difference int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

var ledgerBalancesTable = &models.UpsertTable{
	Name: "fba_ledger_balances",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "day", "fnsku", "asin", "sku", "title",
		"disposition", "location", "starting", "in_transit", "receipts", "customer_shipments", "customer_returns",
		"vendor_returns", "warehouse_transfers", "found", "lost", "damaged", "disposed", "other_events", "ending",
		"unknown_events", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "day", "fnsku", "location", "disposition"},
	Keep: []string{"company_id"},
}

// UpsertLedgerBalances writes a batch of daily balances (each key once) in one transaction and returns how many
// rows were inserted or changed. The difference is not one of the report's columns: it is refreshed after.
func UpsertLedgerBalances(db *models.DB, balances []LedgerBalance) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		b := &balances[i]
		return []any{models.NewID(), b.CompanyID, b.GroupID, b.SellerID, b.MarketplaceID, b.Day, b.FNSKU, b.ASIN, b.SKU,
			b.Title, b.Disposition, b.Location, b.Starting, b.InTransit, b.Receipts, b.CustomerShipments, b.CustomerReturns,
			b.VendorReturns, b.WarehouseTransfers, b.Found, b.Lost, b.Damaged, b.Disposed, b.OtherEvents, b.Ending,
			b.UnknownEvents, now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		places := placesOfBalances(balances)
		if err := lockLedger(tx, places); err != nil {
			return err
		}
		var err error
		if written, err = tx.Upsert(ledgerBalancesTable, len(balances), row); err != nil {
			return err
		}
		if written > 0 {
			if err := addLedgerSKUs(tx, balances); err != nil {
				return err
			}
			if _, err := refreshLedgerDifferences(tx, places, false); err != nil {
				return err
			}
		}
		// A report read again writes nothing and keeps 亚马逊补货计划's kept days.
		raised := map[int64]bool{}
		for i := 0; written > 0 && i < len(balances); i++ {
			if c := balances[i].CompanyID; !raised[c] {
				raised[c] = true
				if err := tx.RaiseReportGeneration(c, models.GenerationFBALedger); err != nil {
					return err
				}
				if err := tx.RaiseReportGeneration(c, models.GenerationLedgerDays); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return written, err
}

// LedgerEventsOfSeller lists a seller account's ledger events by day and time (tests and the audit's evidence).
func LedgerEventsOfSeller(db *models.DB, companyID, sellerID int64) ([]LedgerEvent, error) {
	out := []LedgerEvent{}
	err := db.Scopes(models.InCompany("fba_ledger_events", companyID)).Where("fba_ledger_events.seller_id = ?", sellerID).
		Order("fba_ledger_events.day, fba_ledger_events.event_at, fba_ledger_events.fnsku, fba_ledger_events.event_type, fba_ledger_events.reference_id").
		Find(&out).Error
	return out, err
}

// LedgerBalancesOfSeller lists a seller account's daily balances by day, FNSKU and place.
func LedgerBalancesOfSeller(db *models.DB, companyID, sellerID int64) ([]LedgerBalance, error) {
	out := []LedgerBalance{}
	err := db.Scopes(models.InCompany("fba_ledger_balances", companyID)).Where("fba_ledger_balances.seller_id = ?", sellerID).
		Order("fba_ledger_balances.day, fba_ledger_balances.fnsku, fba_ledger_balances.location, fba_ledger_balances.disposition").
		Find(&out).Error
	return out, err
}

// TableName names the ledger's tables (gorm would say ledger_events and ledger_balances).
func (LedgerEvent) TableName() string { return "fba_ledger_events" }

// TableName: see LedgerEvent's.
func (LedgerBalance) TableName() string { return "fba_ledger_balances" }
