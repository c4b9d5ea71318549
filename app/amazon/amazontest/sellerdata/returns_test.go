package sellerdata

import (
	"testing"
	"time"
)

// Every seller's first marketplace holds one FBA refund 62 to 75 days old whose item never came back: it is in a
// settlement's refunds, and neither in the returns report nor in the ledger's customer returns; every other
// refunded FBA item comes back.
func TestOneRefundNeverComesBack(t *testing.T) {
	w := New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
	for _, seller := range w.Sellers() {
		p := w.Planted(seller)
		if p.UnreturnedOrder == "" || p.UnreturnedDay < "2026-09-06" || p.UnreturnedDay > "2026-09-19" {
			t.Fatalf("%s: planted refund %+v", seller, p)
		}
		refunded := map[string]bool{}
		for _, sc := range w.Scheduled(seller) {
			if sc.MarketplaceIDs[0] != p.MarketplaceID {
				continue
			}
			for _, l := range w.Settlement(seller, sc.ReportID).Lines {
				if l.TransactionType == "Refund" && l.FulfillmentID == "AFN" && l.AmountDescription == "Principal" {
					refunded[l.OrderID+" "+l.SKU] = true
				}
			}
		}
		if !refunded[p.UnreturnedOrder+" "+p.UnreturnedSKU] {
			t.Fatalf("%s: %s %s not refunded in a settlement", seller, p.UnreturnedOrder, p.UnreturnedSKU)
		}
		back := map[string]bool{}
		for _, r := range w.Returns(seller, w.First, w.Now) {
			back[r.OrderID+" "+r.SKU] = true
		}
		for _, e := range w.LedgerEvents(seller, p.MarketplaceID, w.First, w.Now) {
			if e.EventType == "CustomerReturns" && e.ReferenceID == p.UnreturnedOrder && e.SKU == p.UnreturnedSKU {
				t.Fatalf("%s: the ledger has the planted refund's return %+v", seller, e)
			}
		}
		var missing []string
		for k := range refunded {
			if !back[k] {
				missing = append(missing, k)
			}
		}
		// The last weeks' refunds whose returns came after Now are not in the report yet: none here, the returns
		// come before the refund.
		if len(missing) != 1 || missing[0] != p.UnreturnedOrder+" "+p.UnreturnedSKU {
			t.Fatalf("%s: refunded and not returned %v, planted %+v", seller, missing, p)
		}
	}
}
