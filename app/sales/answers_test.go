package sales_test

import (
	"context"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/finance"
	"sellerhub/app/sales"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// lineOf is the report's line of a key, period and currency, or a zero line.
func lineOf(lines []sales.Line, key, period, currency string) sales.Line {
	for _, l := range lines {
		if l.Key == key && l.Period == period && l.Currency == currency {
			return l
		}
	}
	return sales.Line{}
}

// TestReportAnswerKeptUntilChange: a report's answer is kept between calls (the summary emptied behind the
// product's back does not change it) and given up the moment anything it reads changes: an orders report read
// again changes nothing and keeps it; a rate saved, an order imported, a refund settled and the user's store
// groups changed each show in the next answer, exactly.
func TestReportAnswerKeptUntilChange(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		q := sales.ReportQuery{By: "sku", Period: "month", Zone: "beijing",
			StartDate: today.AddDate(0, 0, -importedDays).Format(time.DateOnly), EndDate: today.Format(time.DateOnly)}
		first := s.report(t, s.owner, q)
		if len(first) < 10 {
			t.Fatalf("%d lines: too few to prove anything", len(first))
		}
		version := func() int64 {
			g, _, err := db.SalesVersion(s.owner.CompanyID, s.owner.UserID)
			must(t, err)
			return g
		}
		generation := version()

		// Kept: the summary emptied directly (no import, no generation raised) leaves the answer as it was.
		for _, table := range append(summaryTables, "sales_days_built", "sales_parents_built") {
			must(t, db.Exec("DELETE FROM "+table).Error)
		}
		if again := s.report(t, s.owner, q); !reflect.DeepEqual(again, first) {
			t.Fatal("the second call summed the report again instead of keeping the first answer")
		}

		// The orders report read again writes nothing: the generation and the answer stay.
		r, err := s.world.Content(amazontest.DefaultSeller, amazondata.Orders.ReportType(), s.markets,
			today.AddDate(0, 0, -importedDays), today)
		must(t, err)
		tsv, err := amazon.NewTSVReader(r)
		must(t, err)
		_, err = amazondata.New(db, func() time.Time { return today }).Import(ctx, amazondata.Orders, s.store, tsv, nil)
		must(t, err)
		if version() != generation {
			t.Fatal("an orders report read again raised the sales generation")
		}

		// A rate saved: every USD line is converted at it in the next answer (the summary summed afresh, since it
		// was emptied, equals the first answer's figures).
		_, err = s.fin.SetRate(ctx, s.owner, finance.RateForm{Currency: "USD", Month: today.AddDate(0, -3, 0).Format("2006-01"), Rate: "6.5"})
		must(t, err)
		rated := s.report(t, s.owner, q)
		if len(rated) != len(first) {
			t.Fatalf("%d lines after the rate, %d before", len(rated), len(first))
		}
		usd := 0
		for i, l := range rated {
			f := first[i]
			if l.Key != f.Key || l.Units != f.Units || l.Orders != f.Orders || !l.Sales.Equal(f.Sales.Decimal) {
				t.Fatalf("line %d changed with the rate: %+v, was %+v", i, l, f)
			}
			if l.Currency == "USD" {
				usd++
				if want := l.Sales.Mul(decimal.RequireFromString("6.5")).Round(2); !l.SalesCNY.Equal(want) {
					t.Fatalf("%s %s: %s CNY at 6.5, want %s", l.Key, l.Period, l.SalesCNY, want)
				}
			}
		}
		if usd == 0 {
			t.Fatal("no USD line to prove the rate on")
		}

		// An order imported: its SKU's line counts it.
		sku, at := rated[0].Key, today.AddDate(0, 0, -5).Add(4*time.Hour)
		period := at.In(beijing).Format("2006-01")
		was := lineOf(rated, sku, period, "USD")
		item := amazondatadb.AmazonOrderItem{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, SellerID: s.store.SellerID,
			MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: "999-0000000-0000001", SKU: sku, PurchaseDate: at,
			OrderStatus: "Shipped", Quantity: 2, Currency: "USD", ItemPrice: models.MoneyFromUnits(100000)}
		_, err = amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{{CompanyID: item.CompanyID, GroupID: item.GroupID,
			SellerID: item.SellerID, MarketplaceID: item.MarketplaceID, AmazonOrderID: item.AmazonOrderID,
			PurchaseDate: at, LastUpdatedDate: at, OrderStatus: "Shipped"}}, []amazondatadb.AmazonOrderItem{item})
		must(t, err)
		bought := lineOf(s.report(t, s.owner, q), sku, period, "USD")
		if bought.Units != was.Units+2 || bought.Orders != was.Orders+1 || !bought.Sales.Equal(was.Sales.Add(decimal.NewFromInt(10))) {
			t.Fatalf("after an order of 2 for 10.00: %d units, %d orders, %s; were %d, %d, %s", bought.Units, bought.Orders,
				bought.Sales, was.Units, was.Orders, was.Sales)
		}

		// A refund settled for it: the line of the month it was posted in shows it.
		posted := today.AddDate(0, 0, -2).Add(6 * time.Hour)
		refunded := lineOf(s.report(t, s.owner, q), sku, posted.In(beijing).Format("2006-01"), "USD")
		_, err = amazondatadb.UpsertSettlementLines(db, []amazondatadb.Settlement{{CompanyID: item.CompanyID, GroupID: item.GroupID,
			SellerID: item.SellerID, MarketplaceID: item.MarketplaceID, SettlementID: "99990001", Currency: "USD"}},
			[]amazondatadb.SettlementLine{{CompanyID: item.CompanyID, GroupID: item.GroupID, SellerID: item.SellerID,
				SettlementID: "99990001", LineNo: 1, MarketplaceID: item.MarketplaceID, TransactionType: "Refund",
				OrderID: item.AmazonOrderID, AdjustmentID: "ADJ-1", AmountType: "ItemPrice", AmountDescription: "Principal",
				Amount: models.MoneyFromUnits(-40000), Currency: "USD", PostedDate: &posted, SKU: sku}})
		must(t, err)
		after := lineOf(s.report(t, s.owner, q), sku, posted.In(beijing).Format("2006-01"), "USD")
		if !after.Refunds.Equal(refunded.Refunds.Add(decimal.NewFromInt(4))) || after.RefundOrders != refunded.RefundOrders+1 {
			t.Fatalf("after a refund of 4.00: %s refunded in %d orders; was %s in %d", after.Refunds, after.RefundOrders,
				refunded.Refunds, refunded.RefundOrders)
		}

		// The user limited to a store group without orders sees none at once.
		g := &storesdb.StoreGroup{CompanyID: s.owner.CompanyID, Name: "空店"}
		must(t, db.Create(g).Error)
		must(t, storesdb.SetUserStoreGroups(db, s.owner.CompanyID, s.owner.UserID, []int64{g.ID}))
		if lines := s.report(t, s.owner, q); len(lines) != 0 {
			t.Fatalf("a user limited to an empty store group sees %d lines", len(lines))
		}
	})
}

// TestSalesGenerationRaisedByWrites: the sales generation rises with an orders batch that changed items, a
// settlement batch that changed lines and every rate write, and stays for a batch written unchanged.
func TestSalesGenerationRaisedByWrites(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		version := func() int64 {
			g, _, err := db.SalesVersion(s.owner.CompanyID, s.owner.UserID)
			must(t, err)
			return g
		}
		at := today.AddDate(0, 0, -1)
		order := amazondatadb.AmazonOrder{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, SellerID: s.store.SellerID,
			MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: "999-0000000-0000002", PurchaseDate: at, LastUpdatedDate: at,
			OrderStatus: "Shipped"}
		item := amazondatadb.AmazonOrderItem{CompanyID: order.CompanyID, GroupID: order.GroupID, SellerID: order.SellerID,
			MarketplaceID: order.MarketplaceID, AmazonOrderID: order.AmazonOrderID, SKU: "GEN-1", PurchaseDate: at,
			OrderStatus: "Shipped", Quantity: 1, Currency: "USD", ItemPrice: models.MoneyFromUnits(50000)}
		write := func(what string, raises bool, fn func() error) {
			t.Helper()
			before := version()
			must(t, fn())
			if got := version(); (got > before) != raises || got < before {
				t.Fatalf("%s: generation %d → %d", what, before, got)
			}
		}
		orders := func() error {
			_, err := amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{order}, []amazondatadb.AmazonOrderItem{item})
			return err
		}
		write("a new order", true, orders)
		write("the same order again", false, orders)
		item.Quantity = 3
		write("the order's item changed", true, orders)
		line := amazondatadb.SettlementLine{CompanyID: order.CompanyID, GroupID: order.GroupID, SellerID: order.SellerID,
			SettlementID: "99990002", LineNo: 1, MarketplaceID: order.MarketplaceID, TransactionType: "Refund",
			OrderID: order.AmazonOrderID, AmountType: "ItemPrice", AmountDescription: "Principal",
			Amount: models.MoneyFromUnits(-50000), Currency: "USD", PostedDate: &at, SKU: "GEN-1"}
		settle := func() error {
			_, err := amazondatadb.UpsertSettlementLines(db, []amazondatadb.Settlement{{CompanyID: order.CompanyID, GroupID: order.GroupID,
				SellerID: order.SellerID, MarketplaceID: order.MarketplaceID, SettlementID: "99990002", Currency: "USD"}},
				[]amazondatadb.SettlementLine{line})
			return err
		}
		write("a settlement line", true, settle)
		write("the same settlement again", false, settle)
		ctx := context.Background()
		var id string
		write("a rate saved", true, func() error {
			r, err := s.fin.SetRate(ctx, s.owner, finance.RateForm{Currency: "EUR", Month: "2026-01", Rate: "7.8"})
			if r != nil {
				id = strconv.FormatInt(r.ID, 10)
			}
			return err
		})
		write("the rate changed", true, func() error {
			_, err := s.fin.SetRate(ctx, s.owner, finance.RateForm{Currency: "EUR", Month: "2026-01", Rate: "7.9"})
			return err
		})
		write("the rate deleted", true, func() error { return s.fin.DeleteRate(ctx, s.owner, id) })
	})
}
