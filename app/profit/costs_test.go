package profit_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/profit"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// TestACostDatedThe15thCostsOnlyTheLinesFromThe15th: the book's products change cost from 15 February (Beijing
// time), entered through 本地产品. MSKU-A (LP-1, 20 -> 26) also sold 2 units settled at 23:30 on the 14th and 3 at
// 00:30 on the 15th (still the 14th in UTC): its 9 February units cost 6 × 20 + 3 × 26 = 198 instead of 180, its
// profit 18 less. MSKU-B (LP-2, 5 -> 7, 头程 entered 1.20), estimated from orders of the 4th (2 units) and the
// 25th (1): cost 2 × 5 + 1 × 7 = 17, freight 2 × 2.5 (its shipments) + 1 × 1.20 = 6.20, profit 0.70 less. UK-A
// (LP-1, settled the 12th) keeps 2 × 20; March's MSKU-A line (1 March) costs 26.
func TestACostDatedThe15thCostsOnlyTheLinesFromThe15th(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		cid := bk.owner.CompanyID
		posted := func(day, hour, minute int) *time.Time {
			at := time.Date(2026, 2, day, hour, minute, 0, 0, beijing)
			return &at
		}
		lines := []amazondatadb.SettlementLine{
			{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, SettlementID: "S3", MarketplaceID: us, TransactionType: "Order",
				OrderID: "111-3", AmountType: "ItemPrice", AmountDescription: "Principal", Amount: money("50.00"), Currency: "USD",
				PostedDate: posted(14, 23, 30), SKU: "MSKU-A", QuantityPurchased: 2, LineNo: 2},
			{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, SettlementID: "S3", MarketplaceID: us, TransactionType: "Order",
				OrderID: "111-4", AmountType: "ItemPrice", AmountDescription: "Principal", Amount: money("75.00"), Currency: "USD",
				PostedDate: posted(15, 0, 30), SKU: "MSKU-A", QuantityPurchased: 3, LineNo: 3},
		}
		_, err := amazondatadb.UpsertSettlementLines(db, []amazondatadb.Settlement{{CompanyID: cid, GroupID: bk.a.GroupID,
			SellerID: bk.a.ID, MarketplaceID: us, SettlementID: "S3", Currency: "USD"}}, lines)
		must(t, err)

		before := report(t, bk.svc, bk.owner, feb())
		a0, b0, uk0 := bySKU(t, before, "MSKU-A", "USD"), bySKU(t, before, "MSKU-B", "USD"), bySKU(t, before, "UK-A", "GBP")
		wantMoney(t, "A cost before", a0.Cost, "180")
		wantMoney(t, "B cost before", b0.Cost, "15")
		wantMoney(t, "B freight before", b0.Freight, "7.5")

		clock := func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, beijing) }
		cat := catalog.New(db, clock, beijing, nil)
		for sku, form := range map[string]catalog.CostForm{
			"LP-1": {UnitCost: new("26"), EffectiveFrom: "2026-02-15"},
			"LP-2": {UnitCost: new("7"), FirstLeg: new("1.20"), EffectiveFrom: "2026-02-15"},
		} {
			p, err := catalogdb.LocalProductBySKU(db, cid, sku)
			must(t, err)
			_, err = cat.SetProductCost(ctx, bk.owner, idText(p.ID), form)
			must(t, err)
		}

		after := report(t, bk.svc, bk.owner, feb())
		a, b, uk := bySKU(t, after, "MSKU-A", "USD"), bySKU(t, after, "MSKU-B", "USD"), bySKU(t, after, "UK-A", "GBP")
		if a.Units != 9 || b.Units != 3 {
			t.Fatalf("units: A %d, B %d", a.Units, b.Units)
		}
		wantMoney(t, "A cost", a.Cost, "198")
		wantMoney(t, "A profit change", models.Money{Decimal: a.Profit.Sub(a0.Profit.Decimal)}, "-18")
		wantMoney(t, "A freight unchanged", a.Freight, a0.Freight.String())
		wantMoney(t, "B cost", b.Cost, "17")
		wantMoney(t, "B freight", b.Freight, "6.2")
		wantMoney(t, "B profit change", models.Money{Decimal: b.Profit.Sub(b0.Profit.Decimal)}, "-0.7")
		wantMoney(t, "UK-A cost", uk.Cost, "40")
		wantMoney(t, "UK-A profit unchanged", uk.Profit, uk0.Profit.String())
		if b.NoFreight != 0 || b.NoCost != 0 {
			t.Errorf("B flagged: no freight %d, no cost %d", b.NoFreight, b.NoCost)
		}
		march := report(t, bk.svc, bk.owner, profit.Query{StartMonth: "2026-03", EndMonth: "2026-03"})
		wantMoney(t, "March A cost", bySKU(t, march, "MSKU-A", "USD").Cost, "26")

		// A user limited to 乙店 reads its line alone, at its cost; another company reads nothing.
		clerk := report(t, bk.svc, bk.clerk, feb())
		if len(clerk) != 1 || clerk[0].SKU != "UK-A" {
			t.Fatalf("the clerk of 乙店 reads %d lines", len(clerk))
		}
		wantMoney(t, "clerk's UK-A cost", clerk[0].Cost, "40")
		if other := report(t, bk.svc, bk.outside, feb()); len(other) != 0 {
			t.Fatalf("another company reads %d lines", len(other))
		}

		// The cost's lines are the two parts of the month.
		parts, total, _, err := bk.svc.Detail(ctx, bk.owner, profit.DetailQuery{PageRequest: core.PageRequest{Current: 1, Size: 10},
			Figure: profit.FigureCost, Month: "2026-02", GroupID: idText(bk.a.GroupID), MarketplaceID: us, SKU: "MSKU-A", Currency: "USD"})
		must(t, err)
		if total != 2 || parts[0].Quantity != 6 || !parts[0].Amount.Equal(dec("120")) || parts[1].Date != "2026-02-15" ||
			parts[1].Quantity != 3 || !parts[1].Amount.Equal(dec("78")) {
			t.Fatalf("cost lines = %+v", parts)
		}
	})
}
