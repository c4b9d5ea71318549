package profit_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/profit"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// withMonthLines adds to the book what 月度报告 shows apart or compares: a reimbursement of 12 USD paid to 甲店 for
// MSKU-A in February (other in 利润报告, 赔偿收入 here), and January's settled order of MSKU-A (60 USD, 2 units),
// the month before.
func withMonthLines(t *testing.T, bk *book) {
	t.Helper()
	line := func(s *storesdb.Seller, settlement, tx, amountType, desc, amount string, qty int, posted time.Time, no int) amazondatadb.SettlementLine {
		return amazondatadb.SettlementLine{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID, SettlementID: settlement,
			MarketplaceID: us, TransactionType: tx, AmountType: amountType, AmountDescription: desc, Amount: money(amount),
			Currency: "USD", PostedDate: &posted, SKU: "MSKU-A", QuantityPurchased: qty, LineNo: no}
	}
	jan := time.Date(2026, 1, 15, 12, 0, 0, 0, beijing).UTC()
	lines := []amazondatadb.SettlementLine{
		line(bk.a, "S1", "other-transaction", "FBA Inventory Reimbursement", "WAREHOUSE_DAMAGE", "12.00", 0, at(22, 12), 90),
		line(bk.a, "S0", "Order", "ItemPrice", "Principal", "60.00", 2, jan, 91),
	}
	heads := []amazondatadb.Settlement{{CompanyID: bk.a.CompanyID, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us, SettlementID: "S0", Currency: "USD"}}
	_, err := amazondatadb.UpsertSettlementLines(bk.db, heads, lines)
	must(t, err)
}

func month(t *testing.T, bk *book, p core.Principal, q profit.MonthQuery) *profit.MonthReport {
	t.Helper()
	r, err := bk.svc.Month(context.Background(), p, q)
	must(t, err)
	return r
}

// sumLines adds up lines of 利润报告 (any grouping) as one: every CNY bucket, reimbursements, cost, freight, profit.
func sumLines(lines []profit.Line) profit.Line {
	out := profit.Line{AmazonCNY: map[profit.Bucket]models.Money{}}
	add := func(a *models.Money, b models.Money) { *a = models.Money{Decimal: a.Add(b.Decimal)} }
	for _, l := range lines {
		for _, b := range profit.AmazonBuckets {
			m := out.AmazonCNY[b]
			add(&m, l.AmazonCNY[b])
			out.AmazonCNY[b] = m
		}
		add(&out.ReimbursedCNY, l.ReimbursedCNY)
		add(&out.Cost, l.Cost)
		add(&out.Freight, l.Freight)
		add(&out.Profit, l.Profit)
	}
	return out
}

// sameFigures holds a P&L to the lines it should equal, exactly (to the ten-thousandth, so to the cent).
func sameFigures(t *testing.T, what string, got, want *profit.Line) {
	t.Helper()
	for _, b := range profit.AmazonBuckets {
		if !got.AmazonCNY[b].Equal(want.AmazonCNY[b].Decimal) {
			t.Errorf("%s %s: %s, want %s", what, b, got.AmazonCNY[b], want.AmazonCNY[b])
		}
	}
	for _, f := range []struct {
		name      string
		got, want models.Money
	}{{"reimbursed", got.ReimbursedCNY, want.ReimbursedCNY}, {"cost", got.Cost, want.Cost},
		{"freight", got.Freight, want.Freight}, {"profit", got.Profit, want.Profit}} {
		if !f.got.Equal(f.want.Decimal) {
			t.Errorf("%s %s: %s, want %s", what, f.name, f.got, f.want)
		}
	}
}

// TestMonthReconcilesWithProfitReport: 月度报告's February (the default: last month on 15 March) is 利润报告's
// February by store to the cent, store by store and for the company, and the company is the sum of its stores;
// the reimbursement is its own line and leaves 其他亚马逊费用 without changing the profit; January is the month
// before, and a store asked alone is the same as in the company's list.
func TestMonthReconcilesWithProfitReport(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		withMonthLines(t, bk)
		r := month(t, bk, bk.owner, profit.MonthQuery{})
		if r.Month != "2026-02" || r.LastMonth != "2026-01" || r.LastYearMonth != "2025-02" {
			t.Fatalf("months %s %s %s, want 2026-02 2026-01 2025-02", r.Month, r.LastMonth, r.LastYearMonth)
		}
		byStore := report(t, bk.svc, bk.owner, profit.Query{By: profit.ByStore, StartMonth: "2026-02", EndMonth: "2026-02"})
		all := sumLines(byStore)
		sameFigures(t, "company vs 利润报告", &r.Current.Total, &all)
		if len(r.Stores) != 2 || r.Stores[0].GroupName != "乙店" || r.Stores[1].GroupName != "甲店" {
			t.Fatalf("stores %+v", r.Stores)
		}
		var stores []profit.Line
		for _, st := range r.Stores {
			var mine []profit.Line
			for _, l := range byStore {
				if l.GroupID == st.GroupID {
					mine = append(mine, l)
				}
			}
			want := sumLines(mine)
			sameFigures(t, st.GroupName+" vs 利润报告", &st.Current.Total, &want)
			stores = append(stores, st.Current.Total)
			alone := month(t, bk, bk.owner, profit.MonthQuery{Month: "2026-02", GroupID: idText(st.GroupID)})
			sameFigures(t, st.GroupName+" alone", &alone.Current.Total, &want)
			if alone.GroupName != st.GroupName || len(alone.Stores) != 1 {
				t.Errorf("%s alone: %q, %d stores", st.GroupName, alone.GroupName, len(alone.Stores))
			}
		}
		sum := sumLines(stores)
		sameFigures(t, "company vs its stores", &r.Current.Total, &sum)

		// Worked out: 甲店's profit 236.75 + 166.5 + 69.93 − 716.31 and the reimbursement 12 × 7; 乙店's 332.5.
		wantMoney(t, "company profit", r.Current.Total.Profit, "173.37")
		wantMoney(t, "reimbursed", r.Current.Total.ReimbursedCNY, "84")
		rows := map[string]profit.MonthRow{}
		for _, row := range r.Rows() {
			if row.StoreID == 0 {
				rows[row.Key] = row
			}
		}
		wantMoney(t, "row profit", rows["profit"].Current, "173.37")
		wantMoney(t, "row reimbursed", rows["reimbursed"].Current, "84")
		// 其他亚马逊费用 is other with the reimbursement taken out: 利润报告's other (the store's 39.99 and MSKU-B's
		// estimated 0.75 less 12: 28.74 USD at 7) plus the 84 taken out.
		wantMoney(t, "row other", rows["other"].Current, "285.18")
		wantMoney(t, "row other USD", rows["other"].Local["USD"], "40.74")
		wantMoney(t, "row sales last month", rows["sales"].Last, "420")
		if !rows["sales"].HasEstimated || !rows["sales"].Estimated.Equal(dec("384.93")) {
			t.Errorf("estimated sales %s (%v), want MSKU-B's 45 and MSKU-C's 9.99 at 7", rows["sales"].Estimated, rows["sales"].HasEstimated)
		}
		if m := rows["margin"]; m.HasCurrent {
			t.Errorf("margin %s with MSKU-C unpaired: 利润报告 gives none", m.Current)
		}
		if rows["profit"].HasLastYr || !rows["profit"].HasLast {
			t.Errorf("last year (no line) has a profit, or last month none: %+v", rows["profit"])
		}
	})
}

// TestMonthScope: another company's owner sees nothing of the book; a clerk of 乙店 sees 乙店 alone, and 甲店 asked
// by id is an empty report; a bad month is refused in Chinese.
func TestMonthScope(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		withMonthLines(t, bk)
		out := month(t, bk, bk.outside, profit.MonthQuery{Month: "2026-02"})
		if out.Current.Lines != 0 || len(out.Stores) != 0 || !out.Current.Total.Profit.IsZero() {
			t.Fatalf("another company: %d lines, %d stores, profit %s", out.Current.Lines, len(out.Stores), out.Current.Total.Profit)
		}
		out = month(t, bk, bk.outside, profit.MonthQuery{Month: "2026-02", GroupID: idText(bk.a.GroupID)})
		if out.Current.Lines != 0 || out.GroupName != "" {
			t.Fatalf("another company asking 甲店: %d lines, %q", out.Current.Lines, out.GroupName)
		}

		clerk := month(t, bk, bk.clerk, profit.MonthQuery{Month: "2026-02"})
		if len(clerk.Stores) != 1 || clerk.Stores[0].GroupName != "乙店" {
			t.Fatalf("clerk's stores %+v", clerk.Stores)
		}
		wantMoney(t, "clerk's company profit", clerk.Current.Total.Profit, "332.5")
		wantMoney(t, "clerk's last month", clerk.Last.Total.Profit, "0")
		hidden := month(t, bk, bk.clerk, profit.MonthQuery{Month: "2026-02", GroupID: idText(bk.a.GroupID)})
		if hidden.Current.Lines != 0 || hidden.Last.Lines != 0 || len(hidden.Stores) != 0 || hidden.GroupName != "" {
			t.Fatalf("clerk asking 甲店: %d lines, %d stores, %q", hidden.Current.Lines, len(hidden.Stores), hidden.GroupName)
		}

		for _, bad := range []string{"2026-13", "2026/02", "二月", "2026-2x"} {
			_, err := bk.svc.Month(context.Background(), bk.owner, profit.MonthQuery{Month: bad})
			var e *core.Error
			if !errors.As(err, &e) || e.Msg != profit.MsgMonthBad {
				t.Errorf("month %q: %v, want %s", bad, err, profit.MsgMonthBad)
			}
		}
	})
}
