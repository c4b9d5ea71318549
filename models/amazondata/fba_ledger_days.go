package amazondata

import (
	"strings"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The ledger's adjustment reasons by what they did to the units (Amazon's inventory adjustment codes): lost
// (misplaced), found, damaged (at a centre, by a carrier, by a customer, defective, expired) and disposed; any other
// code (transfers to holding, corrections) is another event.
var (
	ReasonsLost     = []string{"M"}
	ReasonsFound    = []string{"F"}
	ReasonsDamaged  = []string{"E", "6", "7", "H", "K", "U", "Q"}
	ReasonsDisposed = []string{"D"}
)

// LedgerDayRow is FBA每日库存's line: a day's balance of an FNSKU of one disposition at one fulfilment centre, as the
// summary states it, beside the detail's events of that day and place summed by kind. The day adds up when
// Starting + EventsTotal = Ending.
type LedgerDayRow struct {
	LedgerBalance
	GroupName   string
	EvReceipts  int
	EvShipments int
	EvReturns   int
	EvTransfers int
	EvLost      int
	EvFound     int
	EvDamaged   int
	EvDisposed  int
	EvOther     int
	EvTotal     int
	EvCount     int
}

// LedgerDayFilter selects the daily balances of the store groups UserID is granted: of one store group and
// marketplace (0 / "": any), whose seller SKU or FNSKU contains Keyword, from From to To (yyyy-MM-dd, "" for
// open), of one fulfilment centre, and only the days that do not add up (Mismatched).
type LedgerDayFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Keyword       string
	From, To      string
	Location      string
	Mismatched    bool
	Desc          bool
	OrderBy       string
	Offset, Limit int
	Anchor        models.Anchor
	// skus, when the keyword names few seller SKUs (ledgerSKUsContaining), are those: the balances are read on the
	// index by company and SKU, then tested for the keyword as before.
	skus []string
	// groups are the store groups the user is limited to (none: all), written into the statement, which names the
	// list's kept totals and jump anchors: a change of the user's groups is another list.
	groups []int64
}

// sameDay matches an event (e) to the balance (fba_ledger_balances) of its day and place.
const sameDay = "e.seller_id = fba_ledger_balances.seller_id AND e.marketplace_id = fba_ledger_balances.marketplace_id " +
	"AND e.day = fba_ledger_balances.day AND e.fnsku = fba_ledger_balances.fnsku " +
	"AND e.fulfillment_center = fba_ledger_balances.location AND e.disposition = fba_ledger_balances.disposition"

// eventsSum is the sum of the day's events at the balance's place that cond selects.
func eventsSum(cond string) string {
	if cond != "" {
		cond = " AND " + cond
	}
	return "(SELECT COALESCE(SUM(e.quantity), 0) FROM fba_ledger_events e WHERE " + sameDay + cond + ")"
}

// eventsOf is the sum of the joined events (e) that cond selects.
func eventsOf(cond string) string {
	return "COALESCE(SUM(CASE WHEN " + cond + " THEN e.quantity ELSE 0 END), 0)"
}

func reasonIn(codes []string) string {
	return "e.event_type = 'Adjustments' AND e.reason IN ('" + strings.Join(codes, "','") + "')"
}

func (f LedgerDayFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("fba_ledger_balances").Scopes(models.InCompany("fba_ledger_balances", companyID))
	if f.groups != nil {
		q = q.Where("fba_ledger_balances.group_id IN ?", f.groups)
	}
	if f.GroupID != 0 {
		q = q.Where("fba_ledger_balances.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("fba_ledger_balances.marketplace_id = ?", f.MarketplaceID)
	}
	if f.From != "" {
		q = q.Where("fba_ledger_balances.day >= ?", f.From)
	}
	if f.To != "" {
		q = q.Where("fba_ledger_balances.day <= ?", f.To)
	}
	if f.Location != "" {
		q = q.Where("fba_ledger_balances.location = ?", f.Location)
	}
	if f.skus != nil {
		q = q.Where("fba_ledger_balances.sku IN ?", f.skus)
	}
	if f.Mismatched {
		// The partial index fba_ledger_balances_mismatched holds exactly these rows: the term must read as its own.
		q = q.Where("fba_ledger_balances.difference <> 0")
	}
	return db.ContainsKeyword(q, f.Keyword, "fba_ledger_balances.sku", "fba_ledger_balances.fnsku")
}

// LedgerDayPage lists a page of daily balances the filter selects, newest day first unless another order is asked,
// with the total.
func LedgerDayPage(db *models.DB, companyID int64, f LedgerDayFilter) ([]LedgerDayRow, int64, error) {
	rows := []LedgerDayRow{}
	err := db.Table("user_store_groups").Where("user_id = ?", f.UserID).Order("group_id").Pluck("group_id", &f.groups).Error
	if err != nil {
		return rows, 0, err
	}
	if len(f.groups) == 0 {
		f.groups = nil
	}
	if f.Keyword != "" {
		skus, few, err := ledgerSKUsContaining(db, companyID, f.Keyword)
		if err != nil || (few && len(skus) == 0) {
			return rows, 0, err
		}
		if few {
			f.skus = skus
		}
	}
	order := models.ByKeys("fba_ledger_balances", f.Desc, "day", "sku", "location", "disposition")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_ledger_balances", f.Desc, f.OrderBy)
	}
	// A keyword that names few SKUs reads their balances on the index as any filter does; only one that names many
	// tests every balance (Searched). The imports raise the list's generation, so far pages start from a kept
	// anchor and first pages use a kept total rather than walking a SKU's year.
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_ledger_balances.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != "" && f.skus == nil,
		Generation: models.ListGeneration{Company: companyID, Kind: models.GenerationLedgerDays}}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		// The page's balances are joined to their events once, each kind summed from the same rows, where a
		// subquery per kind read a balance's events eleven times.
		return db.Table("fba_ledger_balances").Scopes(models.InCompany("fba_ledger_balances", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_ledger_balances.group_id").
			Joins("LEFT JOIN fba_ledger_events e ON " + sameDay).
			Group("fba_ledger_balances.id, store_groups.name").
			Select("fba_ledger_balances.*, store_groups.name AS group_name, " +
				eventsOf("e.event_type = 'Receipts'") + " AS ev_receipts, " +
				eventsOf("e.event_type = 'Shipments'") + " AS ev_shipments, " +
				eventsOf("e.event_type = 'CustomerReturns'") + " AS ev_returns, " +
				eventsOf("e.event_type IN ('WhseTransfers', 'VendorReturns')") + " AS ev_transfers, " +
				eventsOf(reasonIn(ReasonsLost)) + " AS ev_lost, " +
				eventsOf(reasonIn(ReasonsFound)) + " AS ev_found, " +
				eventsOf(reasonIn(ReasonsDamaged)) + " AS ev_damaged, " +
				eventsOf(reasonIn(ReasonsDisposed)) + " AS ev_disposed, " +
				"COALESCE(SUM(e.quantity), 0) AS ev_total, COUNT(e.id) AS ev_count")
	}, &rows)
	for i := range rows {
		r := &rows[i]
		r.EvOther = r.EvTotal - r.EvReceipts - r.EvShipments - r.EvReturns - r.EvTransfers - r.EvLost - r.EvFound - r.EvDamaged - r.EvDisposed
	}
	return rows, total, err
}

// LedgerDayEvents lists the detail's events of one balance's day and place (a row of FBA每日库存, opened).
func LedgerDayEvents(db *models.DB, companyID, userID, balanceID int64) ([]LedgerEvent, error) {
	var b LedgerBalance
	err := db.Table("fba_ledger_balances").Scopes(models.InCompany("fba_ledger_balances", companyID),
		models.InGrantedGroups("fba_ledger_balances.group_id", userID)).Where("fba_ledger_balances.id = ?", balanceID).Take(&b).Error
	if err != nil {
		return nil, err
	}
	out := []LedgerEvent{}
	err = db.Scopes(models.InCompany("fba_ledger_events", companyID)).Where("fba_ledger_events.seller_id = ? AND "+
		"fba_ledger_events.marketplace_id = ? AND fba_ledger_events.day = ? AND fba_ledger_events.fnsku = ? AND "+
		"fba_ledger_events.fulfillment_center = ? AND fba_ledger_events.disposition = ?", b.SellerID, b.MarketplaceID,
		b.Day, b.FNSKU, b.Location, b.Disposition).Order("fba_ledger_events.event_at, fba_ledger_events.event_type").Find(&out).Error
	return out, err
}
