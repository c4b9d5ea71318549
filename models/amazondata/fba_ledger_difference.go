package amazondata

import (
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"sellerhub/models"
)

// A daily balance keeps its difference (migration 00185): ending - (starting + the day's events at its place), which
// FBA每日库存's "不符 only" reads on an index. Either ledger report may arrive first, so both imports refresh the
// differences of the places their batch wrote, in the batch's transaction, from what is stored then.

// ledgerPlace is a daily balance's key within its seller account: the events of a day at the same place are its.
type ledgerPlace struct {
	sellerID                          int64
	marketplaceID                     string
	day, fnsku, location, disposition string
}

// ledgerPlacesPerStatement is how many places one refresh statement names (4 parameters each).
const ledgerPlacesPerStatement = 1000

// lockLedger keeps two imports of one seller account's ledger (detail and summary) from running their batches at
// once on PostgreSQL: each refreshes the differences from what it sees, and one could not see the other's
// uncommitted balances or events. SQLite's write transactions already run one at a time.
func lockLedger(tx *models.DB, places []ledgerPlace) error {
	if tx.Driver != "postgres" {
		return nil
	}
	type account struct {
		sellerID      int64
		marketplaceID string
	}
	seen := map[account]bool{}
	var order []int64
	for _, p := range places {
		a := account{p.sellerID, p.marketplaceID}
		if seen[a] {
			continue
		}
		seen[a] = true
		h := fnv.New64a()
		h.Write([]byte("fba_ledger\x00" + a.marketplaceID + "\x00" + strconv.FormatInt(a.sellerID, 10)))
		order = append(order, int64(h.Sum64()))
	}
	// In one order, so two batches of several accounts cannot wait on each other.
	slices.Sort(order)
	for _, k := range order {
		if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", k).Error; err != nil {
			return err
		}
	}
	return nil
}

// placesOfEvents are the distinct places of a batch of events.
func placesOfEvents(batches ...[]LedgerEvent) []ledgerPlace {
	seen := map[ledgerPlace]bool{}
	var out []ledgerPlace
	for _, events := range batches {
		for i := range events {
			e := &events[i]
			p := ledgerPlace{e.SellerID, e.MarketplaceID, e.Day, e.FNSKU, e.FulfillmentCenter, e.Disposition}
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// placesOfBalances are the places of a batch of balances (each key once).
func placesOfBalances(balances []LedgerBalance) []ledgerPlace {
	out := make([]ledgerPlace, len(balances))
	for i := range balances {
		b := &balances[i]
		out[i] = ledgerPlace{b.SellerID, b.MarketplaceID, b.Day, b.FNSKU, b.Location, b.Disposition}
	}
	return out
}

// refreshLedgerDifferences writes the difference of each stored balance of the places, from its own balances and
// the events stored at its place that day, and returns how many it changed; a balance whose difference holds is
// not rewritten. onlyIfBalances skips an account's places when it holds no balance over their days (a detail
// imported before any summary).
func refreshLedgerDifferences(tx *models.DB, places []ledgerPlace, onlyIfBalances bool) (int64, error) {
	type account struct {
		sellerID      int64
		marketplaceID string
	}
	byAccount := map[account][]ledgerPlace{}
	var accounts []account
	var changed int64
	for _, p := range places {
		a := account{p.sellerID, p.marketplaceID}
		if _, ok := byAccount[a]; !ok {
			accounts = append(accounts, a)
		}
		byAccount[a] = append(byAccount[a], p)
	}
	for _, a := range accounts {
		ps := byAccount[a]
		if onlyIfBalances {
			first, last := ps[0].day, ps[0].day
			for _, p := range ps {
				first, last = min(first, p.day), max(last, p.day)
			}
			var found []int
			err := tx.Raw("SELECT 1 FROM fba_ledger_balances WHERE seller_id = ? AND marketplace_id = ? AND day BETWEEN ? AND ? LIMIT 1",
				a.sellerID, a.marketplaceID, first, last).Scan(&found).Error
			if err != nil {
				return changed, err
			}
			if len(found) == 0 {
				continue
			}
		}
		for from := 0; from < len(ps); from += ledgerPlacesPerStatement {
			chunk := ps[from:min(from+ledgerPlacesPerStatement, len(ps))]
			n, err := refreshLedgerPlaces(tx, a.sellerID, a.marketplaceID, chunk)
			if changed += n; err != nil {
				return changed, err
			}
		}
	}
	return changed, nil
}

// ledgerDifference is a balance's difference from the events stored at its place.
var ledgerDifference = "fba_ledger_balances.ending - fba_ledger_balances.starting - " + eventsSum("")

// refreshLedgerPlaces is one statement of refreshLedgerDifferences, of one seller account: the places are a VALUES
// list the balances' key is tested against, so that SQLite reads each on the key whatever its statistics say (joined
// to the list, it scanned every balance of the account when it knew none).
func refreshLedgerPlaces(tx *models.DB, sellerID int64, marketplaceID string, places []ledgerPlace) (int64, error) {
	var b strings.Builder
	args := make([]any, 0, 4*len(places)+2)
	b.WriteString("UPDATE fba_ledger_balances SET difference = " + ledgerDifference +
		" WHERE fba_ledger_balances.seller_id = ? AND fba_ledger_balances.marketplace_id = ?" +
		" AND (fba_ledger_balances.day, fba_ledger_balances.fnsku, fba_ledger_balances.location, fba_ledger_balances.disposition)" +
		" IN (VALUES ")
	args = append(args, sellerID, marketplaceID)
	for i, p := range places {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?, ?)")
		args = append(args, p.day, p.fnsku, p.location, p.disposition)
	}
	b.WriteString(") AND fba_ledger_balances.difference <> " + ledgerDifference)
	res := tx.Exec(b.String(), args...)
	return res.RowsAffected, res.Error
}

// raiseLedgerDays raises FBA每日库存's list generation of each company of the balances a batch changed, in its
// transaction: the list's kept totals and jump anchors hold for one generation.
func raiseLedgerDays(tx *models.DB, companies []int64) error {
	seen := map[int64]bool{}
	for _, c := range companies {
		if !seen[c] {
			seen[c] = true
			if err := tx.RaiseReportGeneration(c, models.GenerationLedgerDays); err != nil {
				return err
			}
		}
	}
	return nil
}
