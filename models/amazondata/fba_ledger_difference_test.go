package amazondata_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/migrations"
	storesdb "sellerhub/models/stores"
)

// ledgerWorld is a seller account of company A and one of company B whose balances share A's days, FNSKU, centre
// and disposition: a refresh that matched a place without its seller account would mix them.
type ledgerWorld struct {
	a, b       storesdb.Seller
	aCo, bCo   int64
	balancesA  []amazondatadb.LedgerBalance
	eventsA    []amazondatadb.LedgerEvent
	balanceB   amazondatadb.LedgerBalance
	dayMissing string
}

func newLedgerWorld(t *testing.T, db *models.DB) *ledgerWorld {
	t.Helper()
	a := dbtest.NewCompany(t, db, "甲", "13800000001")
	b := dbtest.NewCompany(t, db, "乙", "13800000002")
	if err := storesdb.SaveMarketplaces(db); err != nil {
		t.Fatal(err)
	}
	seller := func(companyID int64, name string) storesdb.Seller {
		s := storesdb.Seller{CompanyID: companyID, GroupID: dbtest.NewStoreGroup(t, db, companyID, name).ID, Region: "NA",
			SellingPartnerID: "A" + name, RefreshToken: "v1.x"}
		dbtest.SaveSeller(t, db, &s, "ATVPDKIKX0DER")
		return s
	}
	w := &ledgerWorld{a: seller(a.CompanyID, "LEDGERA"), b: seller(b.CompanyID, "LEDGERB"), aCo: a.CompanyID, bCo: b.CompanyID,
		dayMissing: "2026-11-02"}
	balance := func(s storesdb.Seller, day string, starting, ending int) amazondatadb.LedgerBalance {
		return amazondatadb.LedgerBalance{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
			Day: day, FNSKU: "X0DIFF1", SKU: "DIFF-1", Title: "差异", Disposition: "SELLABLE", Location: "PHX7",
			Starting: starting, Ending: ending}
	}
	event := func(day, typ, ref string, qty int, hour int) amazondatadb.LedgerEvent {
		at, _ := time.Parse(time.DateOnly, day)
		return amazondatadb.LedgerEvent{CompanyID: w.a.CompanyID, GroupID: w.a.GroupID, SellerID: w.a.ID,
			MarketplaceID: "ATVPDKIKX0DER", Day: day, EventAt: at.Add(time.Duration(hour) * time.Hour), FNSKU: "X0DIFF1",
			SKU: "DIFF-1", Title: "差异", EventType: typ, ReferenceID: ref, Quantity: qty, FulfillmentCenter: "PHX7",
			Disposition: "SELLABLE", Country: "US"}
	}
	// 11-01: 10 + 24 - 2 = 32; 11-02: 32 - 1 - 1 = 30, but the ledger holds only the first shipment (the second is
	// missing, 1 unit); 11-03: 30, no event.
	w.balancesA = []amazondatadb.LedgerBalance{balance(w.a, "2026-11-01", 10, 32), balance(w.a, "2026-11-02", 32, 30),
		balance(w.a, "2026-11-03", 30, 30)}
	w.eventsA = []amazondatadb.LedgerEvent{event("2026-11-01", "Receipts", "FBA1", 24, 9), event("2026-11-01", "Shipments", "O-1", -2, 15),
		event("2026-11-02", "Shipments", "O-2", -1, 10)}
	// B's day at the same place went down by 2 with no event: -2, whatever A's events say.
	w.balanceB = balance(w.b, "2026-11-01", 10, 8)
	return w
}

func (w *ledgerWorld) importBalances(t *testing.T, db *models.DB) int64 {
	t.Helper()
	n, err := amazondatadb.UpsertLedgerBalances(db, w.balancesA)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (w *ledgerWorld) importEvents(t *testing.T, db *models.DB, events []amazondatadb.LedgerEvent) int64 {
	t.Helper()
	n, err := amazondatadb.UpsertLedgerEvents(db, events)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// differences are the stored balances' days and differences of a company, in day order.
func differences(t *testing.T, db *models.DB, companyID int64, s storesdb.Seller) []string {
	t.Helper()
	got, err := amazondatadb.LedgerBalancesOfSeller(db, companyID, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(got))
	for i, b := range got {
		out[i] = fmt.Sprintf("%s %d", b.Day, b.Difference)
	}
	return out
}

// listGeneration is the company's generation of FBA每日库存's list.
func listGeneration(t *testing.T, db *models.DB, companyID int64) int64 {
	t.Helper()
	var n int64
	err := db.Table("report_generations").Where("company_id = ? AND kind = ?", companyID, models.GenerationLedgerDays).
		Select("COALESCE(MAX(generation), 0)").Scan(&n).Error
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// mismatchedDays are the days FBA每日库存's "不符 only" lists for the company.
func mismatchedDays(t *testing.T, db *models.DB, companyID int64) []string {
	t.Helper()
	rows, _, err := amazondatadb.LedgerDayPage(db, companyID, amazondatadb.LedgerDayFilter{Mismatched: true, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s %d", r.Day, r.Ending-r.Starting-r.EvTotal))
	}
	slices.Sort(out)
	return out
}

// Each daily balance keeps its difference, ending - (starting + its day's events at its place), whichever ledger
// report arrives first: the days that add up hold 0, the day short of an event holds the missing units and is the
// one "不符 only" lists. Reading either report again writes nothing and changes no difference, and another
// company's balance at the same day and place keeps its own.
func TestLedgerDifferenceKeptByBothImports(t *testing.T) {
	want := []string{"2026-11-01 0", "2026-11-02 -1", "2026-11-03 0"}
	for _, order := range []string{"balances then events", "events then balances", "events split around balances"} {
		t.Run(order, func(t *testing.T) {
			dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
				w := newLedgerWorld(t, db)
				if _, err := amazondatadb.UpsertLedgerBalances(db, []amazondatadb.LedgerBalance{w.balanceB}); err != nil {
					t.Fatal(err)
				}
				switch order {
				case "balances then events":
					w.importBalances(t, db)
					// Before its events, every day that moved is off by its movements.
					if got := differences(t, db, w.aCo, w.a); !slices.Equal(got, []string{"2026-11-01 22", "2026-11-02 -2", "2026-11-03 0"}) {
						t.Fatalf("balances alone: %q", got)
					}
					w.importEvents(t, db, w.eventsA)
				case "events then balances":
					w.importEvents(t, db, w.eventsA)
					w.importBalances(t, db)
				case "events split around balances":
					w.importEvents(t, db, w.eventsA[:1])
					w.importBalances(t, db)
					w.importEvents(t, db, w.eventsA[1:])
				}
				if got := differences(t, db, w.aCo, w.a); !slices.Equal(got, want) {
					t.Fatalf("differences %q, want %q", got, want)
				}
				if got := mismatchedDays(t, db, w.aCo); !slices.Equal(got, []string{"2026-11-02 -1"}) {
					t.Fatalf("不符 only lists %q, want the day short of an event", got)
				}

				// Again: nothing written, nothing changed, and FBA每日库存's kept totals and anchors still hold.
				generation := listGeneration(t, db, w.aCo)
				before, err := amazondatadb.LedgerBalancesOfSeller(db, w.aCo, w.a.ID)
				if err != nil {
					t.Fatal(err)
				}
				if n := w.importEvents(t, db, w.eventsA); n != 0 {
					t.Errorf("events again wrote %d rows", n)
				}
				if n := w.importBalances(t, db); n != 0 {
					t.Errorf("balances again wrote %d rows", n)
				}
				after, err := amazondatadb.LedgerBalancesOfSeller(db, w.aCo, w.a.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(before, after, func(x, y amazondatadb.LedgerBalance) bool {
					return x.Difference == y.Difference && x.UpdatedAt.Equal(y.UpdatedAt)
				}) {
					t.Errorf("reading both reports again changed balances: %+v, then %+v", before, after)
				}

				if g := listGeneration(t, db, w.aCo); g != generation {
					t.Errorf("reading both reports again raised the list's generation from %d to %d", generation, g)
				}
				if got := differences(t, db, w.bCo, w.b); !slices.Equal(got, []string{"2026-11-01 -2"}) {
					t.Errorf("another company's balance: %q", got)
				}
				if got := mismatchedDays(t, db, w.bCo); !slices.Equal(got, []string{"2026-11-01 -2"}) {
					t.Errorf("another company's 不符 only: %q", got)
				}

				// The missing event arrives: the day adds up, and 不符 only lists nothing.
				late := w.eventsA[2]
				late.ReferenceID, late.EventAt = "O-3", late.EventAt.Add(time.Hour)
				if n := w.importEvents(t, db, []amazondatadb.LedgerEvent{late}); n != 1 {
					t.Errorf("the missing event wrote %d rows", n)
				}
				if got := mismatchedDays(t, db, w.aCo); len(got) != 0 {
					t.Errorf("after the missing event, 不符 only lists %q", got)
				}
				if g := listGeneration(t, db, w.aCo); g <= generation {
					t.Errorf("an event that changed a day's difference left the list's generation at %d", g)
				}
				// A changed balance (Amazon restated the day's end) is checked again.
				restated := w.balancesA[2]
				restated.Ending = 31
				if _, err := amazondatadb.UpsertLedgerBalances(db, []amazondatadb.LedgerBalance{restated}); err != nil {
					t.Fatal(err)
				}
				if got := mismatchedDays(t, db, w.aCo); !slices.Equal(got, []string{"2026-11-03 1"}) {
					t.Errorf("after a restated balance, 不符 only lists %q", got)
				}
				if got := differences(t, db, w.bCo, w.b); !slices.Equal(got, []string{"2026-11-01 -2"}) {
					t.Errorf("another company's balance at the end: %q", got)
				}
			})
		})
	}
}

// Migration 00185 fills the difference of the balances stored before it, from the events stored then: rolled back
// and run again over a ledger, it gives every balance the difference the imports keep.
func TestLedgerDifferenceBackfilled(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newLedgerWorld(t, db)
		if _, err := amazondatadb.UpsertLedgerBalances(db, []amazondatadb.LedgerBalance{w.balanceB}); err != nil {
			t.Fatal(err)
		}
		w.importBalances(t, db)
		w.importEvents(t, db, w.eventsA)
		sqlDB, err := db.DB.DB()
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := migrations.DownTo(ctx, sqlDB, db.Driver, 184); err != nil {
			t.Fatal(err)
		}
		if err := migrations.Up(ctx, sqlDB, db.Driver); err != nil {
			t.Fatal(err)
		}
		if got := differences(t, db, w.aCo, w.a); !slices.Equal(got, []string{"2026-11-01 0", "2026-11-02 -1", "2026-11-03 0"}) {
			t.Errorf("filled differences %q", got)
		}
		if got := differences(t, db, w.bCo, w.b); !slices.Equal(got, []string{"2026-11-01 -2"}) {
			t.Errorf("another company's filled difference %q", got)
		}
		if got := mismatchedDays(t, db, w.aCo); !slices.Equal(got, []string{"2026-11-02 -1"}) {
			t.Errorf("不符 only after the migration lists %q", got)
		}
	})
}
