package profit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/profit"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	profitdb "sellerhub/models/profit"
)

// TestReportFigures: February's lines of the hand-built company, worked out on paper. MSKU-A is settled:
// sales are its item price, shipping and promotion (105), the commission less what the refund gave back plus
// the refund commission (12.75), the FBA fee (20), the refund (25), the facilitator tax cancelling out in other;
// its 1 March line (Beijing time) is March's. MSKU-B is estimated from its orders (the cancelled one left out)
// and its fee estimate × 3 units. MSKU-C is unpaired and has no estimate. The store's charges of no SKU are a
// line of their own, the storage fee that names no marketplace placed by its settlement. Freight by weight:
// FBA1 (100) splits 50/50 between A's 10 kg and B's 10 kg; FBA2 (30) gives A 20 of its 15 units' 15 kg, E (no
// weight) counted as the average unit; the boxed FBA3 is not counted.
func TestReportFigures(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		lines := report(t, bk.svc, bk.owner, feb())
		if len(lines) != 5 {
			t.Fatalf("%d lines, want 5 (MSKU-A, MSKU-B, MSKU-C, the store's charges, UK-A)", len(lines))
		}
		a := bySKU(t, lines, "MSKU-A", "USD")
		if a.Estimated != 0 || a.Units != 4 || a.ProductSKU != "LP-1" || a.GroupName != "甲店" || a.MarketplaceID != us {
			t.Fatalf("MSKU-A: estimated %d, %d units, product %q, store %q %s", a.Estimated, a.Units, a.ProductSKU, a.GroupName, a.MarketplaceID)
		}
		wantMoney(t, "A sales", a.Amazon[profit.BucketSales], "105")
		wantMoney(t, "A referral", a.Amazon[profit.BucketReferral], "12.75")
		wantMoney(t, "A fulfilment", a.Amazon[profit.BucketFulfilment], "20")
		wantMoney(t, "A other", a.Amazon[profit.BucketOther], "0")
		wantMoney(t, "A refunds", a.Amazon[profit.BucketRefunds], "25")
		wantMoney(t, "A settled", a.Settled(), "47.25")
		wantMoney(t, "A sales CNY", a.AmazonCNY[profit.BucketSales], "735")
		wantMoney(t, "A settled CNY", a.SettledCNY(), "330.75")
		wantMoney(t, "A unit cost", a.UnitCost, "20")
		wantMoney(t, "A cost", a.Cost, "80")
		wantMoney(t, "A unit freight", a.UnitFreight, "3.5")
		wantMoney(t, "A freight", a.Freight, "14")
		wantMoney(t, "A profit", a.Profit, "236.75")
		if m, ok := a.Margin(); !ok || !m.Equal(dec("32.21")) {
			t.Errorf("A margin %s", m)
		}
		if a.FreightGuessed != 0 {
			t.Errorf("A's freight is flagged guessed; its product has a weight")
		}

		b := bySKU(t, lines, "MSKU-B", "USD")
		if b.Estimated != 1 || b.Units != 3 || b.NoFeeEstimate != 0 {
			t.Fatalf("MSKU-B: estimated %d, %d units, no estimate %d", b.Estimated, b.Units, b.NoFeeEstimate)
		}
		wantMoney(t, "B sales", b.Amazon[profit.BucketSales], "45")
		wantMoney(t, "B referral", b.Amazon[profit.BucketReferral], "6.75")
		wantMoney(t, "B fulfilment", b.Amazon[profit.BucketFulfilment], "10.5")
		wantMoney(t, "B other", b.Amazon[profit.BucketOther], "0.75")
		wantMoney(t, "B refunds", b.Amazon[profit.BucketRefunds], "0")
		wantMoney(t, "B settled CNY", b.SettledCNY(), "189")
		wantMoney(t, "B cost", b.Cost, "15")
		wantMoney(t, "B freight", b.Freight, "7.5")
		wantMoney(t, "B profit", b.Profit, "166.5")

		c := bySKU(t, lines, "MSKU-C", "USD")
		if c.Estimated != 1 || c.Unpaired != 1 || c.NoFeeEstimate != 1 || c.NoFreight != 1 || c.Units != 1 {
			t.Fatalf("MSKU-C: estimated %d, unpaired %d, no estimate %d, no freight %d, %d units", c.Estimated, c.Unpaired, c.NoFeeEstimate, c.NoFreight, c.Units)
		}
		wantMoney(t, "C cost", c.Cost, "0")
		wantMoney(t, "C profit", c.Profit, "69.93")

		store := bySKU(t, lines, "", "USD")
		if store.Name != profit.MsgStoreCharges || store.MarketplaceID != us {
			t.Fatalf("the store's charges: %q in %q", store.Name, store.MarketplaceID)
		}
		wantMoney(t, "store storage", store.Amazon[profit.BucketStorage], "12.34")
		wantMoney(t, "store other", store.Amazon[profit.BucketOther], "39.99")
		wantMoney(t, "store advertising", store.Amazon[profit.BucketAdvertising], "50")
		wantMoney(t, "store profit", store.Profit, "-716.31")

		ukA := bySKU(t, lines, "UK-A", "GBP")
		wantMoney(t, "UK-A settled CNY", ukA.SettledCNY(), "382.5")
		wantMoney(t, "UK-A freight", ukA.Freight, "10")
		wantMoney(t, "UK-A profit", ukA.Profit, "332.5")

		// March holds MSKU-A's line of 1 March, 00:30 Beijing time.
		march := report(t, bk.svc, bk.owner, profit.Query{StartMonth: "2026-03", EndMonth: "2026-03"})
		wantMoney(t, "March A sales", bySKU(t, march, "MSKU-A", "USD").Amazon[profit.BucketSales], "30")
	})
}

// TestSettledLinesMatchTheSettlementsToTheCent: the Amazon part of February's settled lines sums, per currency,
// to the amounts of the settlement lines posted in February, to the cent.
func TestSettledLinesMatchTheSettlementsToTheCent(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		sums := map[string]models.Money{}
		for _, l := range report(t, bk.svc, bk.owner, feb()) {
			if l.Estimated == 0 {
				sums[l.Currency] = models.Money{Decimal: sums[l.Currency].Add(l.Settled().Decimal)}
			}
		}
		wantMoney(t, "USD", sums["USD"], "-55.08")
		wantMoney(t, "GBP", sums["GBP"], "42.5")
	})
}

// TestFreightByVolume: with 利润配置 set to volume, FBA1 splits 10,000 cm³ of A against 80,000 of B, and A's
// FBA2 share is 20 as E counts as its average unit.
func TestFreightByVolume(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		cfg, err := bk.svc.Config(ctx, bk.owner)
		must(t, err)
		if cfg.FreightBasis != profitdb.FreightByWeight {
			t.Fatalf("default basis %q", cfg.FreightBasis)
		}
		_, err = bk.svc.SaveConfig(ctx, bk.owner, profit.ConfigForm{FreightBasis: "volume"})
		must(t, err)
		lines := report(t, bk.svc, bk.owner, feb())
		a, b := bySKU(t, lines, "MSKU-A", "USD"), bySKU(t, lines, "MSKU-B", "USD")
		wantMoney(t, "A unit freight", a.UnitFreight, "1.5556")
		wantMoney(t, "A freight", a.Freight, "6.2222")
		wantMoney(t, "A profit", a.Profit, "244.5278")
		wantMoney(t, "B unit freight", b.UnitFreight, "4.4444")
		wantMoney(t, "B freight", b.Freight, "13.3333")
		// Another company's setting is its own.
		other, err := bk.svc.Config(ctx, bk.outside)
		must(t, err)
		if other.FreightBasis != profitdb.FreightByWeight {
			t.Fatalf("another company's basis %q", other.FreightBasis)
		}
		var e *core.Error
		if _, err := bk.svc.SaveConfig(ctx, bk.owner, profit.ConfigForm{FreightBasis: "price"}); !errors.As(err, &e) || e.Msg != profit.MsgBasisBad {
			t.Fatalf("basis price: %v", err)
		}
		cfg, err = bk.svc.Config(ctx, bk.owner)
		must(t, err)
		if cfg.FreightBasis != profitdb.FreightByVolume {
			t.Fatalf("a refused basis changed the setting to %q", cfg.FreightBasis)
		}
	})
}

// TestGroupingAndScope: by store and by month the lines add up; a user limited to 乙店 sees its line only, and
// another company sees nothing.
func TestGroupingAndScope(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		q := feb()
		q.By = profit.ByStore
		stores := report(t, bk.svc, bk.owner, q)
		if len(stores) != 2 {
			t.Fatalf("%d store lines, want 2", len(stores))
		}
		usd := bySKU(t, stores, "", "USD")
		if usd.GroupName != "甲店" || usd.Estimated != 2 || usd.Units != 8 || !usd.Grouped {
			t.Fatalf("甲店: %q, %d estimated, %d units", usd.GroupName, usd.Estimated, usd.Units)
		}
		wantMoney(t, "甲店 profit", usd.Profit, "-243.13")
		q.By = profit.ByMonth
		months := report(t, bk.svc, bk.owner, q)
		if len(months) != 2 || months[0].Month != "2026-02" {
			t.Fatalf("month lines %+v", months)
		}
		q.By = profit.BySKU
		q.Search = "msku-b"
		if got := report(t, bk.svc, bk.owner, q); len(got) != 1 || got[0].SKU != "MSKU-B" {
			t.Fatalf("search msku-b: %d lines", len(got))
		}

		mine := report(t, bk.svc, bk.clerk, feb())
		if len(mine) != 1 || mine[0].SKU != "UK-A" {
			t.Fatalf("limited user: %d lines", len(mine))
		}
		if got := report(t, bk.svc, bk.clerk, profit.Query{StartMonth: "2026-02", GroupID: idText(bk.a.GroupID)}); len(got) != 0 {
			t.Fatalf("limited user asking for 甲店: %d lines", len(got))
		}
		if got := report(t, bk.svc, bk.outside, feb()); len(got) != 0 {
			t.Fatalf("another company: %d lines", len(got))
		}
	})
}

// TestReportRefusals: a bad grouping or month, a range backwards or longer than two years.
func TestReportRefusals(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		for _, c := range []struct {
			q    profit.Query
			want string
		}{
			{profit.Query{By: "asin"}, profit.MsgByBad},
			{profit.Query{StartMonth: "2026-13"}, profit.MsgMonthBad},
			{profit.Query{StartMonth: "2026-03", EndMonth: "2026-02"}, profit.MsgMonthRange},
			{profit.Query{StartMonth: "2024-01", EndMonth: "2026-01"}, profit.MsgMonthsLong},
		} {
			_, _, _, err := bk.svc.Report(context.Background(), bk.owner, c.q)
			var e *core.Error
			if !errors.As(err, &e) || e.Msg != c.want {
				t.Errorf("%+v: %v, want %s", c.q, err, c.want)
			}
		}
		if got := report(t, bk.svc, bk.owner, profit.Query{StartMonth: "2024-02", EndMonth: "2026-01"}); len(got) != 0 {
			t.Fatalf("24 months before February: %d lines", len(got))
		}
	})
}

func detail(t *testing.T, bk *book, p core.Principal, figure string, group int64, market, sku, currency string) ([]profit.DetailLine, int64) {
	t.Helper()
	rows, total, _, err := bk.svc.Detail(context.Background(), p, profit.DetailQuery{PageRequest: core.PageRequest{Current: 1, Size: 2},
		Figure: figure, Month: "2026-02", GroupID: idText(group), MarketplaceID: market, SKU: sku, Currency: currency})
	must(t, err)
	return rows, total
}

// TestDetail: each figure opens the lines it was summed from, a page at a time.
func TestDetail(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		g := bk.a.GroupID
		rows, total := detail(t, bk, bk.owner, "referral", g, us, "MSKU-A", "USD")
		if total != 3 || len(rows) != 2 || rows[0].Reference != "S1" || rows[0].OrderID != "111-1" ||
			rows[0].Description != "佣金" || rows[0].DescriptionCode != "ItemFees / Commission" || rows[0].Kind != "订单" ||
			rows[0].KindCode != "Order" || !rows[0].Amount.Equal(dec("-15.75")) {
			t.Fatalf("A's referral lines: %d, first %+v", total, rows)
		}
		rows, total = detail(t, bk, bk.owner, "storage", g, us, "", "USD")
		if total != 1 || rows[0].Description != "月度仓储费" || rows[0].DescriptionCode != "other-transaction / Storage Fee" || !rows[0].Amount.Equal(dec("-12.34")) {
			t.Fatalf("the store's storage lines: %d %+v", total, rows)
		}
		rows, total = detail(t, bk, bk.owner, "sales", g, us, "MSKU-B", "USD")
		if total != 2 || rows[0].Source != profit.SourceOrder || rows[0].OrderID != "113-1" || rows[0].Quantity != 2 {
			t.Fatalf("B's estimated sales: %d %+v", total, rows)
		}
		rows, total = detail(t, bk, bk.owner, "fulfilment", g, us, "MSKU-B", "USD")
		if total != 1 || rows[0].Source != profit.SourceEstimate || rows[0].Quantity != 3 || !rows[0].Amount.Equal(dec("10.5")) {
			t.Fatalf("B's estimated FBA fee: %d %+v", total, rows)
		}
		// The shipments behind A's freight, and no more: the month's freight is the footer (DetailSum), not a line
		// listed as if the shipments' shares added up to it (issue 43, item 9; it was a third line, 合计).
		rows, total = detail(t, bk, bk.owner, "freight", g, us, "MSKU-A", "USD")
		if total != 2 || rows[0].Reference != "FBA1" || !rows[0].Amount.Equal(dec("50")) || rows[1].Reference != "FBA2" {
			t.Fatalf("A's freight: %d %+v", total, rows)
		}
		rows, total = detail(t, bk, bk.owner, "cost", g, us, "MSKU-C", "USD")
		if total != 1 || rows[0].Kind != profit.MsgUnpaired {
			t.Fatalf("C's cost: %d %+v", total, rows)
		}
		// A user limited to 乙店 and another company find no line of 甲店.
		if _, total := detail(t, bk, bk.clerk, "referral", g, us, "MSKU-A", "USD"); total != 0 {
			t.Fatalf("limited user: %d lines", total)
		}
		if _, total := detail(t, bk, bk.outside, "referral", g, us, "MSKU-A", "USD"); total != 0 {
			t.Fatalf("another company: %d lines", total)
		}
		for _, c := range []struct {
			q    profit.DetailQuery
			want string
		}{
			{profit.DetailQuery{Figure: "price", Month: "2026-02", GroupID: idText(g), MarketplaceID: us, Currency: "USD"}, profit.MsgFigureBad},
			{profit.DetailQuery{Figure: "sales", Month: "2026-2x", GroupID: idText(g), MarketplaceID: us, Currency: "USD"}, profit.MsgMonthBad},
			{profit.DetailQuery{Figure: "sales", Month: "2026-02", MarketplaceID: us, Currency: "USD"}, profit.MsgLineRequired},
		} {
			_, _, _, err := bk.svc.Detail(context.Background(), bk.owner, c.q)
			var e *core.Error
			if !errors.As(err, &e) || e.Msg != c.want {
				t.Errorf("%+v: %v, want %s", c.q, err, c.want)
			}
		}
	})
}

// TestDetailSum: a figure's lines have a footer. The lines, every page of them, add up to it in their own signs (a
// settlement's fees negative, an estimate's positive); freight's footer is the month's freight with how it is
// worked out, marked as not the shipments' sum. On main the dialogs had no total, and freight's 合计 was a line.
func TestDetailSum(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		g := bk.a.GroupID
		for _, c := range []struct{ figure, sku string }{
			{"referral", "MSKU-A"}, {"sales", "MSKU-A"}, {"storage", ""}, {"sales", "MSKU-B"}, {"fulfilment", "MSKU-B"}, {"cost", "MSKU-A"},
		} {
			q := profit.DetailQuery{PageRequest: core.PageRequest{Current: 1, Size: 100}, Figure: c.figure, Month: "2026-02",
				GroupID: idText(g), MarketplaceID: us, SKU: c.sku, Currency: "USD"}
			rows, total, _, err := bk.svc.Detail(context.Background(), bk.owner, q)
			must(t, err)
			sum, err := bk.svc.DetailSum(context.Background(), bk.owner, q)
			must(t, err)
			var lines decimal.Decimal
			for _, r := range rows {
				lines = lines.Add(r.Amount.Decimal)
			}
			if total == 0 || sum == nil || !sum.Sums || sum.Label != "合计" || !sum.Amount.Equal(lines) {
				t.Fatalf("%s of %q: %d lines summing to %s, footer %+v", c.figure, c.sku, total, lines, sum)
			}
		}
		q := profit.DetailQuery{Figure: "freight", Month: "2026-02", GroupID: idText(g), MarketplaceID: us, SKU: "MSKU-A", Currency: "USD"}
		sum, err := bk.svc.DetailSum(context.Background(), bk.owner, q)
		must(t, err)
		a := bySKU(t, report(t, bk.svc, bk.owner, profit.Query{StartMonth: "2026-02", EndMonth: "2026-02"}), "MSKU-A", "USD")
		if sum == nil || sum.Sums || sum.Label != "本月头程" || !sum.Amount.Equal(a.Freight.Decimal) || sum.Currency != "CNY" ||
			!strings.Contains(sum.Description, "本月销量") {
			t.Fatalf("A's freight footer %+v, the line's freight %s", sum, a.Freight)
		}
	})
}
