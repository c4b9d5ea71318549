package sellerdata

import (
	"fmt"
	"io"
	"time"
)

// Content writes a report's file (UTF-8, tab-separated, Amazon's headers: the Japanese seller's listings with
// Japanese ones, as Amazon.co.jp writes them) for the stand-in, streaming: orders and returns a day at a time, the
// others a product at a time. Orders are those last updated in [start, end), returns those returned in it;
// inventory and listings need exactly one marketplace; a settlement is found by its marketplace and dates (as
// Scheduled lists them). A zero start or end means the world's first day or now. No marketplaces means all of
// the seller's.
func (w *World) Content(sellerID, reportType string, marketplaceIDs []string, start, end time.Time) (io.Reader, error) {
	s := w.sellers[sellerID]
	if s == nil {
		return nil, fmt.Errorf("sellerdata: no seller %s", sellerID)
	}
	ms, err := s.marketsOf(marketplaceIDs)
	if err != nil {
		return nil, err
	}
	if start.IsZero() {
		start = w.First
	}
	if end.IsZero() {
		end = w.Now
	}
	switch reportType {
	case OrdersReport:
		return w.ordersReader(s, ms, start, end), nil
	case ReturnsReport:
		return w.returnsReader(s, ms, start, end), nil
	case FeeEstimateReport:
		var lines []FeeLine
		for _, m := range ms {
			for _, p := range s.products {
				if !p.mfn && !p.newOnly {
					lines = append(lines, feeLine(m, p))
				}
			}
		}
		return each(FeesHeader, lines, appendFeeLine), nil
	case InventoryReport, ListingsReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		if reportType == InventoryReport {
			return each(InventoryHeader, w.Inventory(sellerID, ms[0].id), appendInventoryLine), nil
		}
		header := ListingsHeader
		if s.def.japanese {
			header = JapanListingsHeader
		}
		return each(header, w.Listings(sellerID, ms[0].id), appendListingLine), nil
	case RemovalOrderReport, RemovalShipmentReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		if reportType == RemovalOrderReport {
			return each(RemovalOrderHeader, w.RemovalOrders(sellerID, ms[0].id, start, end), appendRemovalOrder), nil
		}
		return each(RemovalShipmentHeader, w.RemovalShipments(sellerID, ms[0].id, start, end), appendRemovalShipment), nil
	case SalesTrafficReport:
		return w.TrafficJSON(sellerID, marketplaceIDs, start, end)
	case VATTransactionReport:
		// One report of every marketplace of the account: its lines name theirs.
		return w.vatReader(s, start, end), nil
	case InventoryPlanningReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		return each(InventoryPlanningHeader, w.InventoryPlanning(sellerID, ms[0].id), appendPlanningLine), nil
	case ReservedReport, StrandedReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		if reportType == ReservedReport {
			return each(ReservedHeader, w.InventoryPlanning(sellerID, ms[0].id), appendReservedLine), nil
		}
		return each(StrandedHeader, w.Stranded(sellerID, ms[0].id), appendStrandedLine), nil
	case StorageFeeReport, AgedSurchargeReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		if reportType == StorageFeeReport {
			return each(StorageFeeHeader, w.StorageFees(sellerID, ms[0].id, start, end), appendStorageFee), nil
		}
		return each(AgedSurchargeHeader, w.AgedSurcharges(sellerID, ms[0].id, start, end), appendAgedSurcharge), nil
	case LedgerDetailReport, LedgerSummaryReport, ReimbursementsReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: %s takes one marketplace, not %d", reportType, len(ms))
		}
		switch reportType {
		case LedgerDetailReport:
			return eachWith(quotedHeader(LedgerDetailHeader), w.LedgerEvents(sellerID, ms[0].id, start, end), appendLedgerEvent), nil
		case LedgerSummaryReport:
			return eachWith(quotedHeader(LedgerSummaryHeader), w.LedgerBalances(sellerID, ms[0].id, start, end), appendLedgerBalance), nil
		}
		return each(ReimbursementsHeader, w.Reimbursements(sellerID, ms[0].id, start, end), appendReimbursement), nil
	case SettlementReport:
		if len(ms) != 1 {
			return nil, fmt.Errorf("sellerdata: a settlement has one marketplace, not %d", len(ms))
		}
		p, ok := w.findPeriod(s, ms[0].id, start, end)
		if !ok {
			return nil, fmt.Errorf("sellerdata: no settlement of %s in %s from %s to %s", sellerID, ms[0].id, start, end)
		}
		return w.settlementReader(p), nil
	}
	return nil, fmt.Errorf("sellerdata: no report type %s", reportType)
}

// marketsOf resolves the marketplaces asked for, all of the seller's when none.
func (s *seller) marketsOf(ids []string) ([]*market, error) {
	if len(ids) == 0 {
		return s.markets, nil
	}
	var out []*market
	for _, id := range ids {
		m := markets[id]
		if m == nil || !s.sells(m) {
			return nil, fmt.Errorf("sellerdata: %s does not sell in marketplace %s", s.def.id, id)
		}
		out = append(out, m)
	}
	return out, nil
}

// each streams lines of a small report (a catalogue's worth), one line per read of the generator.
func each[T any](cols []string, lines []T, write func([]byte, T) []byte) io.Reader {
	return eachWith(header(cols), lines, write)
}

// eachWith is each with the header line as written (the ledger's is quoted).
func eachWith[T any](head []byte, lines []T, write func([]byte, T) []byte) io.Reader {
	i := -1
	return &chunkReader{next: func(b []byte) ([]byte, bool) {
		if i < 0 {
			i++
			return append(b, head...), len(lines) > 0
		}
		b = write(b, lines[i])
		i++
		return b, i < len(lines)
	}}
}

// days streams a report a purchase day at a time: day appends that day's lines.
func days(cols []string, from, to time.Time, dayFn func(b []byte, d time.Time) []byte) io.Reader {
	d := from.UTC().Truncate(day)
	started := false
	return &chunkReader{next: func(b []byte) ([]byte, bool) {
		if !started {
			started = true
			return append(b, header(cols)...), d.Before(to)
		}
		b = dayFn(b, d)
		d = d.Add(day)
		return b, d.Before(to)
	}}
}

func (w *World) ordersReader(s *seller, ms []*market, start, end time.Time) io.Reader {
	return days(OrdersHeader, start.Add(-maxOrderLife), end, func(b []byte, d time.Time) []byte {
		w.eachDay(s, ms, d, d.Add(day), func(o *order) {
			if _, updated := o.state(w.Now); !updated.Before(start) && updated.Before(end) {
				b = appendOrder(b, o, w.Now)
			}
		})
		return b
	})
}

func (w *World) returnsReader(s *seller, ms []*market, start, end time.Time) io.Reader {
	never, neverSKU, _ := w.unreturned(s)
	return days(ReturnsHeader, start.Add(-refundWindow-maxOrderLife), end, func(b []byte, d time.Time) []byte {
		w.eachDay(s, ms, d, d.Add(day), func(o *order) {
			if !o.afn {
				return
			}
			for _, it := range o.items {
				if f := it.refund; f != nil && !f.returned.Before(start) && f.returned.Before(end) && f.returned.Before(w.Now) &&
					comesBack(o, it, never, neverSKU) {
					b = appendReturnLine(b, returnLine(o, it))
				}
			}
		})
		return b
	})
}

// settlementReader writes the settlement twice over: a first pass sums the lines for the total its first line
// carries, then the lines stream a purchase day at a time.
func (w *World) settlementReader(p period) io.Reader {
	var total int64
	w.eachSettlementLine(p, func(l *sline) { total += l.amount })
	id := p.settlementID()
	from := p.start.Add(-refundWindow - maxOrderLife).Truncate(day)
	stage := 0
	d := from
	return &chunkReader{next: func(b []byte) ([]byte, bool) {
		switch stage {
		case 0:
			stage = 1
			b = append(b, header(SettlementHeader)...)
			return appendSettlementHead(b, p, total), true
		case 1:
			w.settlementDay(p, d, func(l *sline) { b = appendSline(b, id, p.m, l) })
			if d = d.Add(day); !d.Before(p.end) {
				stage = 2
			}
			return b, true
		}
		p.charges(func(l *sline) { b = appendSline(b, id, p.m, l) })
		return b, false
	}}
}
