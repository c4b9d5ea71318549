package sellerdata

import (
	"io"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
)

// The world's ledger holds together: every day's balance is the day before's ending, starting plus the day's
// movements is the ending, no balance goes below zero, and the detail's events add up to the summary's
// movements on every day but the planted one, where a receipt is missing from the detail.
func TestLedgerAddsUpButOnThePlantedDay(t *testing.T) {
	w := New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
	for _, seller := range w.Sellers() {
		planted := w.Planted(seller)
		for _, m := range w.Marketplaces(seller) {
			balances := w.LedgerBalances(seller, m, w.First, w.Now)
			events := w.LedgerEvents(seller, m, w.First, w.Now)
			if len(balances) < 1000 || len(events) < 1000 {
				t.Fatalf("%s %s: %d balances, %d events: too few to prove anything", seller, m, len(balances), len(events))
			}
			type key struct{ day, fnsku, fc, disp string }
			sums := map[key]int{}
			for _, e := range events {
				sums[key{e.Day(), e.FNSKU, e.FulfillmentCenter, e.Disposition}] += e.Quantity
			}
			last := map[key]int{}
			var off []key
			for _, b := range balances {
				moved := b.Receipts + b.Shipments + b.Returns + b.Transfers + b.Found + b.Lost + b.Damaged + b.Disposed + b.Other
				if b.Starting+moved != b.Ending {
					t.Fatalf("%s %s %+v does not add up", seller, m, b)
				}
				if b.Ending < 0 {
					t.Fatalf("%s %s %+v goes below zero", seller, m, b)
				}
				place := key{"", b.FNSKU, b.Location, b.Disposition}
				if prev, ok := last[place]; ok && prev != b.Starting {
					t.Fatalf("%s %s %+v starts at %d, the day before ended at %d", seller, m, b, b.Starting, prev)
				}
				last[place] = b.Ending
				k := key{b.Day, b.FNSKU, b.Location, b.Disposition}
				if sums[k] != moved {
					off = append(off, k)
				}
			}
			want := 0
			if m == planted.MarketplaceID {
				want = 1
			}
			if len(off) != want || (want == 1 && off[0] != (key{planted.MissingDay, planted.MissingFNSKU, planted.MissingFC, "SELLABLE"})) {
				t.Fatalf("%s %s: days whose events do not add up %v, planted %+v", seller, m, off, planted)
			}
		}
	}
}

// The ledger files are Amazon's: every field quoted, the detail's dates MM/DD/YYYY, read back by the product's
// reader to the same events.
func TestLedgerFilesReadBack(t *testing.T) {
	w := New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
	from := w.Now.Add(-10 * day)
	r, err := w.Content(JapanSeller, LedgerDetailReport, []string{JP}, from, w.Now)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r)
	if !strings.HasPrefix(string(body), `"Date"	"FNSKU"	"ASIN"	"MSKU"	"Title"	"Event Type"`) {
		t.Fatalf("header %q", strings.SplitN(string(body), "\n", 2)[0])
	}
	tsv, err := amazon.NewTSVReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	want := w.LedgerEvents(JapanSeller, JP, from, w.Now)
	n := 0
	for ; ; n++ {
		row, err := tsv.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		e := want[n]
		if row.Get("fnsku") != e.FNSKU || row.Get("title") != e.Title || row.Get("event type") != e.EventType ||
			row.Get("date") != e.At.Format("01/02/2006") {
			t.Fatalf("line %d: %q %q %q, want %+v", n+2, row.Get("fnsku"), row.Get("title"), row.Get("date"), e)
		}
	}
	if n != len(want) || n == 0 {
		t.Fatalf("%d lines, want %d", n, len(want))
	}
}
