package datasync

import (
	"slices"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	datasyncdb "sellerhub/models/datasync"
)

// Orders and returns are read incrementally, window by window, from where the last sync got to.
const (
	// firstSync is how far back a seller account's first sync reads: the 90 days Amazon keeps reports' data
	// available for, and what the sales screens chart.
	firstSync = 90 * 24 * time.Hour
	// maxWindow bounds one report's data range: Amazon refuses the orders report over more than 30 days.
	maxWindow = 30 * 24 * time.Hour
	// overlap is read again before the cursor: an order updated just before the last report ended may have reached
	// Amazon's report data only after it was made. The import is idempotent, so reading it twice costs nothing.
	overlap = 2 * time.Hour
	// settlementsSince is how far back a first sync lists settlements: Amazon lists reports of the last 90 days.
	// Later syncs list from the newest one imported (the cursor); the ones already in are skipped by their id.
	settlementsSince = 90 * 24 * time.Hour
)

// incremental tells the kinds read by data window from a cursor.
func incremental(k amazondata.Kind) bool {
	switch k {
	case amazondata.Orders, amazondata.Returns, amazondata.LedgerEvents, amazondata.LedgerBalances, amazondata.Reimbursements,
		amazondata.RemovalOrders, amazondata.RemovalShipments, amazondata.SalesTraffic:
		return true
	}
	return false
}

// The sales and traffic report sums its range by ASIN, so it is asked a whole UTC day per report: a first sync
// reads the last trafficFirstDays days (a week against the one before), later ones from the cursor's day less
// trafficSettle days, which Amazon still corrects. Older days come by 上传报告, a file per day.
const (
	trafficFirstDays = 14
	trafficSettle    = 2
)

// trafficDays are the whole days a sales and traffic sync asks for, each ending a second before the next starts.
func trafficDays(cursor *time.Time, now time.Time) (starts, ends []time.Time) {
	today := now.UTC().Truncate(24 * time.Hour)
	start := today.AddDate(0, 0, -trafficFirstDays)
	if cursor != nil {
		if c := cursor.UTC().Truncate(24*time.Hour).AddDate(0, 0, -trafficSettle); c.After(start) {
			start = c
		}
	}
	for d := start; d.Before(today); d = d.AddDate(0, 0, 1) {
		starts = append(starts, d)
		ends = append(ends, d.Add(24*time.Hour-time.Second))
	}
	return starts, ends
}

// lookback is how far back each sync of a monthly kind reads again: Amazon charges a month's storage a week or
// two after it ends and may correct it later, and makes a month's VAT transactions on the 3rd of the next, so a
// cursor would step over them; the last three months' files are read again and upserted idempotently.
func lookback(k amazondata.Kind) time.Duration {
	if k == amazondata.StorageFees || k == amazondata.AgedSurcharges || k == amazondata.VATTransactions {
		return 100 * 24 * time.Hour
	}
	return 0
}

// plan lists a new run's reports: settlements Amazon has made and the run has not imported yet; for orders and
// returns, the data windows since the cursor; for the rest, one report (per marketplace for the kinds whose files
// do not name it on each line).
func (sy *syncing) plan() ([]datasyncdb.SyncReport, error) {
	now := sy.s.now.Stamp()
	if sy.kind.Scheduled() {
		return sy.planSettlements(now)
	}
	markets := []string{""}
	if perMarketplace(sy.kind) {
		markets = markets[:0]
		for _, m := range sy.seller.Marketplaces {
			markets = append(markets, m.MarketplaceID)
		}
	}
	type window struct{ start, end *time.Time }
	windows := []window{{}}
	if back := lookback(sy.kind); back > 0 {
		start := now.Add(-back)
		windows = []window{{start: &start, end: &now}}
	} else if sy.kind == amazondata.SalesTraffic {
		starts, ends := trafficDays(sy.task.Cursor, now)
		windows = windows[:0]
		for i := range starts {
			windows = append(windows, window{start: &starts[i], end: &ends[i]})
		}
	} else if incremental(sy.kind) {
		start := now.Add(-firstSync)
		if sy.task.Cursor != nil {
			start = sy.task.Cursor.Add(-overlap)
		}
		windows = windows[:0]
		for start.Before(now) {
			end := start.Add(maxWindow)
			if end.After(now) {
				end = now
			}
			from := start
			windows = append(windows, window{start: &from, end: &end})
			start = end
		}
	}
	var out []datasyncdb.SyncReport
	for _, w := range windows {
		for _, m := range markets {
			out = append(out, sy.report(len(out), m, w.start, w.end, now))
			// A kind of several reports (inventory health) asks for its others beside it, each named on its row.
			for _, more := range sy.kind.ReportTypes()[1:] {
				r := sy.report(len(out), m, w.start, w.end, now)
				r.ReportType = more
				out = append(out, r)
			}
		}
	}
	return out, nil
}

func (sy *syncing) report(seq int, marketplaceID string, start, end *time.Time, now time.Time) datasyncdb.SyncReport {
	return datasyncdb.SyncReport{CompanyID: sy.task.CompanyID, SellerID: sy.task.SellerID, RunID: sy.run.ID, Seq: seq,
		Kind: sy.task.Kind, MarketplaceID: marketplaceID, DataStart: start, DataEnd: end, CreatedAt: now, UpdatedAt: now}
}

// planSettlements lists the settlement reports Amazon has made (getReports, DONE, every page) that are not in yet.
func (sy *syncing) planSettlements(now time.Time) ([]datasyncdb.SyncReport, error) {
	since := now.Add(-settlementsSince)
	if c := sy.task.Cursor; c != nil && c.After(since) {
		since = *c
	}
	q := amazon.ReportsQuery{ReportTypes: []string{sy.kind.ReportType()}, ProcessingStatuses: []string{amazon.ReportDone},
		CreatedSince: &since, PageSize: 100}
	var listed []amazon.Report
	for {
		page, next, err := sy.api.Client.GetReports(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, q)
		if err != nil {
			return nil, err
		}
		listed = append(listed, page...)
		if next == "" {
			break
		}
		// Amazon takes the next token alone: the other filters are in it.
		q = amazon.ReportsQuery{NextToken: next}
	}
	ids := make([]string, len(listed))
	for i, r := range listed {
		ids[i] = r.ReportID
	}
	in, err := datasyncdb.ImportedReports(sy.db, sy.seller.CompanyID, sy.seller.ID, ids)
	if err != nil {
		return nil, err
	}
	// Oldest first, as Amazon made them.
	slices.SortStableFunc(listed, func(a, b amazon.Report) int { return compareTimes(a.CreatedTime, b.CreatedTime) })
	var out []datasyncdb.SyncReport
	for _, r := range listed {
		if in[r.ReportID] {
			continue
		}
		m := ""
		if len(r.MarketplaceIDs) > 0 {
			m = r.MarketplaceIDs[0]
		}
		rep := sy.report(len(out), m, r.DataStartTime, r.DataEndTime, now)
		rep.ReportID, rep.State, rep.DocumentID, rep.MadeAt = r.ReportID, amazon.ReportDone, r.ReportDocumentID, r.CreatedTime
		out = append(out, rep)
	}
	return out, nil
}

// compareTimes orders times, an unknown one first.
func compareTimes(a, b *time.Time) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return a.Compare(*b)
}
