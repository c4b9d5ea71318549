package amazondata

import (
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
	Key: []string{"seller_id", "marketplace_id", "fnsku", "event_at", "event_type", "reference_id", "fulfillment_center",
		"disposition", "reason"},
	Keep: []string{"company_id"},
}

// UpsertLedgerEvents writes a batch of ledger events (each key once) in one transaction and returns how many rows
// were inserted or changed: an event read again changes nothing, and one whose reconciled quantities moved since
// (a lost unit found or reimbursed) is updated.
func UpsertLedgerEvents(db *models.DB, events []LedgerEvent) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		e := &events[i]
		return []any{models.NewID(), e.CompanyID, e.GroupID, e.SellerID, e.MarketplaceID, e.Day, e.EventAt.UTC(), e.FNSKU,
			e.ASIN, e.SKU, e.Title, e.EventType, e.ReferenceID, e.Quantity, e.FulfillmentCenter, e.Disposition, e.Reason,
			e.Country, e.ReconciledQuantity, e.UnreconciledQuantity, now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var err error
		written, err = tx.Upsert(ledgerEventsTable, len(events), row)
		return err
	})
	return written, err
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
	CreatedAt          time.Time
	UpdatedAt          time.Time
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
// rows were inserted or changed.
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
		var err error
		if written, err = tx.Upsert(ledgerBalancesTable, len(balances), row); err != nil {
			return err
		}
		// A report read again writes nothing and keeps 亚马逊补货计划's kept days.
		raised := map[int64]bool{}
		for i := 0; written > 0 && i < len(balances); i++ {
			if c := balances[i].CompanyID; !raised[c] {
				raised[c] = true
				if err := tx.RaiseReportGeneration(c, models.GenerationFBALedger); err != nil {
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
