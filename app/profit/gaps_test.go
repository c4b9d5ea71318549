package profit_test

import (
	"slices"
	"testing"
	"time"

	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// sellE adds to the book an unsettled order of MSKU-E (paired with 产品三, which has no 采购成本) and its fee
// estimate: a line that lacks its cost only.
func sellE(t *testing.T, bk *book) {
	t.Helper()
	cid, when := bk.owner.CompanyID, at(8, 10)
	_, err := amazondatadb.UpsertAmazonOrders(bk.db, []amazondatadb.AmazonOrder{{CompanyID: cid, GroupID: bk.a.GroupID,
		SellerID: bk.a.ID, MarketplaceID: us, AmazonOrderID: "115-1", PurchaseDate: when, LastUpdatedDate: when,
		OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}},
		[]amazondatadb.AmazonOrderItem{{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us,
			AmazonOrderID: "115-1", SKU: "MSKU-E", ASIN: "B0MSKU-E", ProductName: "MSKU-E 商品", PurchaseDate: when,
			OrderStatus: "Shipped", FulfillmentChannel: "Amazon", Quantity: 2, Currency: "USD", ItemPrice: money("20.00")}})
	must(t, err)
	_, err = amazondatadb.UpsertFeeEstimates(bk.db, []amazondatadb.FeeEstimate{{CompanyID: cid, GroupID: bk.a.GroupID,
		SellerID: bk.a.ID, MarketplaceID: us, SKU: "MSKU-E", Currency: "USD", EstimatedFeeTotal: money("4.00"),
		EstimatedReferralFee: money("1.50"), ExpectedFulfillmentFee: money("2.50")}})
	must(t, err)
}

func gapsOf(l *profit.Line) []profit.GapCount { return l.Gaps() }

func wantGaps(t *testing.T, what string, got []profit.GapCount, want ...profit.GapCount) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s lacks %v, want %v", what, got, want)
	}
}

// TestIncompleteLinesHaveNoMargin (issue 42, item 5): February's lines say what each lacks. MSKU-C (unpaired, no
// fee estimate: its 9.99 of sales were all profit) and MSKU-E (paired with a product without a 采购成本) have no
// margin; MSKU-B, unsettled but with its fee estimate, keeps its estimated margin; the settled, complete MSKU-A
// keeps its 32.21 %. The month's USD total counts the lines lacking each input and has no margin; GBP's, complete,
// keeps its own. The whole query's summary counts the same.
func TestIncompleteLinesHaveNoMargin(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		sellE(t, bk)
		lines := report(t, bk.svc, bk.owner, feb())

		a := bySKU(t, lines, "MSKU-A", "USD")
		wantGaps(t, "MSKU-A", gapsOf(a))
		if m, ok := a.Margin(); !ok || !m.Equal(dec("32.21")) {
			t.Errorf("A margin %s %v, want 32.21", m, ok)
		}
		b := bySKU(t, lines, "MSKU-B", "USD")
		wantGaps(t, "MSKU-B", gapsOf(b), profit.GapCount{Gap: profit.GapUnsettled, Lines: 1})
		if m, ok := b.Margin(); !ok || !m.Equal(dec("52.86")) {
			t.Errorf("B margin %s %v, want 52.86 (166.5 of 315)", m, ok)
		}
		c := bySKU(t, lines, "MSKU-C", "USD")
		wantGaps(t, "MSKU-C", gapsOf(c), profit.GapCount{Gap: profit.GapUnpaired, Lines: 1},
			profit.GapCount{Gap: profit.GapFeeEstimate, Lines: 1}, profit.GapCount{Gap: profit.GapUnsettled, Lines: 1})
		if m, ok := c.Margin(); ok {
			t.Errorf("MSKU-C, without cost or fees, has a margin of %s", m)
		}
		e := bySKU(t, lines, "MSKU-E", "USD")
		wantGaps(t, "MSKU-E", gapsOf(e), profit.GapCount{Gap: profit.GapCost, Lines: 1}, profit.GapCount{Gap: profit.GapUnsettled, Lines: 1})
		if m, ok := e.Margin(); ok {
			t.Errorf("MSKU-E, without a cost, has a margin of %s", m)
		}
		wantMoney(t, "E cost", e.Cost, "0")

		q := feb()
		q.By = profit.ByMonth
		months := report(t, bk.svc, bk.owner, q)
		usd := bySKU(t, months, "", "USD")
		wantGaps(t, "February in USD", gapsOf(usd), profit.GapCount{Gap: profit.GapUnpaired, Lines: 1},
			profit.GapCount{Gap: profit.GapCost, Lines: 1}, profit.GapCount{Gap: profit.GapFeeEstimate, Lines: 1},
			profit.GapCount{Gap: profit.GapUnsettled, Lines: 3})
		if m, ok := usd.Margin(); ok {
			t.Errorf("February in USD, 2 of its lines without a cost, has a margin of %s", m)
		}
		gbp := bySKU(t, months, "", "GBP")
		wantGaps(t, "February in GBP", gapsOf(gbp))
		if m, ok := gbp.Margin(); !ok || !m.Equal(dec("73.89")) {
			t.Errorf("February in GBP margin %s %v, want 73.89 (332.5 of 450)", m, ok)
		}

		sum, err := bk.svc.ReportSummary(t.Context(), bk.owner, q)
		must(t, err)
		if sum.Lines != 6 {
			t.Errorf("summary of %d lines, want 6", sum.Lines)
		}
		wantGaps(t, "the query", sum.Gaps, profit.GapCount{Gap: profit.GapUnpaired, Lines: 1},
			profit.GapCount{Gap: profit.GapCost, Lines: 1}, profit.GapCount{Gap: profit.GapFeeEstimate, Lines: 1},
			profit.GapCount{Gap: profit.GapUnsettled, Lines: 3})
	})
}

// TestAMonthWithoutFeeEstimates: with no fee estimate synced, February's unsettled lines have fees of 0: MSKU-B
// (paired, with its cost) says 缺费用预估 and has no margin, where it showed 92.86 % (292.5 of 315).
func TestAMonthWithoutFeeEstimates(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		must(t, db.Where("company_id = ?", bk.owner.CompanyID).Delete(&amazondatadb.FeeEstimate{}).Error)
		// A service of its own: the book's may keep an answer from before the estimates went.
		clock := func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, beijing) }
		svc := profit.New(db, clock, beijing, finance.New(db, clock, beijing))
		b := bySKU(t, report(t, svc, bk.owner, feb()), "MSKU-B", "USD")
		wantMoney(t, "B referral", b.Amazon[profit.BucketReferral], "0")
		wantGaps(t, "MSKU-B", gapsOf(b), profit.GapCount{Gap: profit.GapFeeEstimate, Lines: 1},
			profit.GapCount{Gap: profit.GapUnsettled, Lines: 1})
		if m, ok := b.Margin(); ok {
			t.Errorf("MSKU-B, without fees, has a margin of %s", m)
		}
	})
}
