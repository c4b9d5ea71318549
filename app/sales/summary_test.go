package sales_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/sales"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// summaryTables are the daily summary's tables.
var summaryTables = []string{"sales_sku_days", "sales_order_days", "sales_sku_months", "sales_parent_days", "sales_parent_months"}

// summaryRows reads every table of the daily summary, in key order.
func summaryRows(t *testing.T, db *models.DB) [5][]map[string]any {
	t.Helper()
	var out [5][]map[string]any
	for i, table := range summaryTables {
		q := db.Table(table).Order("seller_id, marketplace_id, currency")
		switch table {
		case "sales_sku_days":
			q = q.Order("day, bj_day, sku")
		case "sales_order_days":
			q = q.Order("day, bj_day")
		case "sales_parent_days":
			q = q.Order("day, bj_day, parent_key")
		case "sales_parent_months":
			q = q.Order("month, bj_month, parent_key")
		default:
			q = q.Order("month, bj_month, sku")
		}
		must(t, q.Find(&out[i]).Error)
	}
	return out
}

// TestSalesDaysReimportAndRebuild: the orders report imported again leaves the daily summary as it was, and the
// summary the imports kept equals the one summed afresh from the order items (the migration's backfill).
func TestSalesDaysReimportAndRebuild(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		before := summaryRows(t, db)
		if len(before[0]) < 100 || len(before[1]) < 10 || len(before[2]) < 10 || len(before[3]) < 100 || len(before[4]) < 10 {
			t.Fatalf("the import summed %d SKU days and %d order days: too few to prove anything", len(before[0]), len(before[1]))
		}
		r, err := s.world.Content(amazontest.DefaultSeller, amazondata.Orders.ReportType(), s.markets,
			today.AddDate(0, 0, -importedDays), today)
		must(t, err)
		tsv, err := amazon.NewTSVReader(r)
		must(t, err)
		_, err = amazondata.New(db, func() time.Time { return today }).Import(context.Background(), amazondata.Orders, s.store, tsv, nil)
		must(t, err)
		if again := summaryRows(t, db); !reflect.DeepEqual(again, before) {
			t.Fatalf("the re-import changed the summary: %d/%d rows, were %d/%d", len(again[0]), len(again[1]), len(before[0]), len(before[1]))
		}
		for _, table := range append(summaryTables, "sales_days_built", "sales_parents_built") {
			must(t, db.Exec("DELETE FROM "+table).Error)
		}
		must(t, amazondatadb.EnsureSalesDays(db, s.owner.CompanyID))
		if rebuilt := summaryRows(t, db); !reflect.DeepEqual(rebuilt, before) {
			t.Fatalf("the summary summed afresh differs from the imports': %d/%d rows, imports' %d/%d",
				len(rebuilt[0]), len(rebuilt[1]), len(before[0]), len(before[1]))
		}
	})
}

// TestSalesDaysImportedInPieces: the orders imported a few days at a time (windows that end mid-day, so that a
// day's sums are added to by the next report; orders updated later come again and their days are summed afresh)
// leave the same summary as the items summed afresh.
func TestSalesDaysImportedInPieces(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		for _, table := range append([]string{"amazon_order_items", "amazon_orders"}, summaryTables...) {
			must(t, db.Exec("DELETE FROM "+table).Error)
		}
		// Parents known before the orders come: each batch counts its orders under them.
		s.keepParents(t)
		data := amazondata.New(db, func() time.Time { return today })
		for from := today.AddDate(0, 0, -importedDays); from.Before(today); from = from.Add(77 * time.Hour) {
			r, err := s.world.Content(amazontest.DefaultSeller, amazondata.Orders.ReportType(), s.markets, from, from.Add(77*time.Hour))
			must(t, err)
			tsv, err := amazon.NewTSVReader(r)
			must(t, err)
			_, err = data.Import(context.Background(), amazondata.Orders, s.store, tsv, nil)
			must(t, err)
		}
		pieces := summaryRows(t, db)
		for _, table := range append(summaryTables, "sales_days_built", "sales_parents_built") {
			must(t, db.Exec("DELETE FROM "+table).Error)
		}
		must(t, amazondatadb.EnsureSalesDays(db, s.owner.CompanyID))
		if rebuilt := summaryRows(t, db); !reflect.DeepEqual(rebuilt, pieces) {
			t.Fatalf("the summary summed afresh differs from the pieces': %d/%d/%d rows, pieces' %d/%d/%d",
				len(rebuilt[0]), len(rebuilt[1]), len(rebuilt[2]), len(pieces[0]), len(pieces[1]), len(pieces[2]))
		}
	})
}

// TestSalesDaysOrderCancelledLater: an order a later report marks cancelled leaves the report's units, orders and
// sales of its SKU and of the whole day.
func TestSalesDaysOrderCancelledLater(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		var items []amazondatadb.AmazonOrderItem
		must(t, db.Where("company_id = ? AND order_status <> ? AND purchase_date >= ?", s.owner.CompanyID,
			amazondatadb.OrderCancelled, today.AddDate(0, 0, -10)).Order("purchase_date, amazon_order_id").Limit(1).Find(&items).Error)
		if len(items) != 1 {
			t.Fatal("the shop has no order to cancel")
		}
		it := items[0]
		var order amazondatadb.AmazonOrder
		must(t, db.Where("seller_id = ? AND amazon_order_id = ?", it.SellerID, it.AmazonOrderID).First(&order).Error)
		must(t, db.Where("seller_id = ? AND amazon_order_id = ?", it.SellerID, it.AmazonOrderID).Find(&items).Error)
		day := it.PurchaseDate.In(storesdb.MarketplaceLocation(it.MarketplaceID)).Format(time.DateOnly)
		q := func(by string) sales.ReportQuery {
			return sales.ReportQuery{By: by, Period: "day", Zone: "marketplace", StartDate: day, EndDate: day,
				MarketplaceID: it.MarketplaceID}
		}
		line := func(lines []sales.Line, key string) sales.Line {
			for _, l := range lines {
				if l.Key == key && l.Currency == it.Currency {
					return l
				}
			}
			return sales.Line{}
		}
		skuBefore := line(s.report(t, s.owner, q("sku")), it.SKU)
		allBefore := line(s.report(t, s.owner, q("all")), "")

		order.OrderStatus = amazondatadb.OrderCancelled
		for i := range items {
			items[i].OrderStatus = amazondatadb.OrderCancelled
		}
		_, err := amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{order}, items)
		must(t, err)

		sku := line(s.report(t, s.owner, q("sku")), it.SKU)
		all := line(s.report(t, s.owner, q("all")), "")
		if sku.Units != skuBefore.Units-int64(it.Quantity) || sku.Orders != skuBefore.Orders-1 ||
			!sku.Sales.Equal(skuBefore.Sales.Sub(it.ItemPrice.Decimal)) {
			t.Errorf("SKU %s on %s: %d units %d orders %s after the cancel, were %d %d %s (the order: %d units of %s)",
				it.SKU, day, sku.Units, sku.Orders, sku.Sales, skuBefore.Units, skuBefore.Orders, skuBefore.Sales, it.Quantity, it.ItemPrice)
		}
		units, price := int64(0), allBefore.Sales.Decimal
		for _, i := range items {
			units += int64(i.Quantity)
			price = price.Sub(i.ItemPrice.Decimal)
		}
		if all.Units != allBefore.Units-units || all.Orders != allBefore.Orders-1 || !all.Sales.Equal(price) {
			t.Errorf("the day %s: %d units %d orders %s after the cancel, were %d %d %s", day, all.Units, all.Orders,
				all.Sales, allBefore.Units, allBefore.Orders, allBefore.Sales)
		}
	})
}

// TestSalesDaysMonthsWithPartialEnds: by SKU by month over a range that starts and ends inside a month (whole
// months from the monthly sums, the ends from the days), in both date zones, equals the stand-in's lines summed
// here.
func TestSalesDaysMonthsWithPartialEnds(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		first, last := "2026-01-25", "2026-03-01"
		for _, zone := range []string{"marketplace", "beijing"} {
			want := map[string]*daySums{}
			for _, l := range s.orders() {
				loc := storesdb.MarketplaceLocation(l.MarketplaceID)
				if zone == "beijing" {
					loc = beijing
				}
				day := l.PurchaseDate.In(loc).Format(time.DateOnly)
				if day < first || day > last || l.OrderStatus == amazondatadb.OrderCancelled {
					continue
				}
				k := l.SKU + "|" + day[:7] + "|" + l.Currency
				if want[k] == nil {
					want[k] = &daySums{orders: map[string]bool{}}
				}
				want[k].units += int64(l.Quantity)
				want[k].orders[l.AmazonOrderID] = true
				want[k].sales = want[k].sales.Add(l.ItemPrice)
			}
			months := map[string]bool{}
			for k := range want {
				months[k[len(k)-11:len(k)-4]] = true
			}
			if len(months) != 3 {
				t.Fatalf("%s: the range's lines fall in months %v, not three", zone, months)
			}
			got := map[string]bool{}
			for _, l := range s.report(t, s.owner, sales.ReportQuery{By: "sku", Period: "month", Zone: zone,
				StartDate: first, EndDate: last}) {
				if l.Units == 0 && l.Sales.IsZero() {
					continue
				}
				k := l.Key + "|" + l.Period + "|" + l.Currency
				w := want[k]
				if w == nil || w.units != l.Units || int64(len(w.orders)) != l.Orders || !w.sales.Equal(l.Sales.Decimal) {
					t.Errorf("%s %s: %d units %d orders %s, want %+v", zone, k, l.Units, l.Orders, l.Sales, w)
				}
				got[k] = true
			}
			if len(got) != len(want) {
				t.Errorf("%s: %d SKU months, want %d", zone, len(got), len(want))
			}
		}
	})
}

// TestSalesParentsSummedAgainOnAChange: the parents' rows a change of parents sums again equal the rows summed
// afresh from the items, whether the change names many ASINs (the catalogue's first answer: the marketplace is
// summed whole) or one (only the lines it touches).
func TestSalesParentsSummedAgainOnAChange(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		must(t, amazondatadb.EnsureSalesDays(db, s.owner.CompanyID))
		rebuilt := func() [5][]map[string]any {
			t.Helper()
			for _, table := range append(summaryTables, "sales_days_built", "sales_parents_built") {
				must(t, db.Exec("DELETE FROM "+table).Error)
			}
			must(t, amazondatadb.EnsureSalesDays(db, s.owner.CompanyID))
			return summaryRows(t, db)
		}
		truth := s.world.ParentsOf(amazontest.DefaultSeller)
		for _, m := range s.markets {
			// The shop's parents beside a thousand ASINs it never sold.
			var rows []amazondatadb.ASINParent
			for a, p := range truth {
				rows = append(rows, amazondatadb.ASINParent{MarketplaceID: m, ASIN: a, ParentASIN: p})
			}
			for i := range 1000 {
				rows = append(rows, amazondatadb.ASINParent{MarketplaceID: m, ASIN: fmt.Sprintf("B0UNSOLD%04d", i), ParentASIN: "B0UNSOLDPA"})
			}
			_, err := amazondatadb.UpsertASINParents(db, s.owner.CompanyID, rows)
			must(t, err)
		}
		changed := summaryRows(t, db)
		if again := rebuilt(); !reflect.DeepEqual(changed, again) {
			t.Fatalf("after many parents: %d parent days, summed afresh %d", len(changed[3]), len(again[3]))
		}
		// One child moves to another family.
		moved := s.soldChild(t, truth)
		for _, m := range s.markets {
			_, err := amazondatadb.UpsertASINParents(db, s.owner.CompanyID, []amazondatadb.ASINParent{{MarketplaceID: m, ASIN: moved, ParentASIN: "B0MOVED000"}})
			must(t, err)
		}
		changed = summaryRows(t, db)
		if again := rebuilt(); !reflect.DeepEqual(changed, again) {
			t.Fatalf("after %s moved: %d parent days, summed afresh %d", moved, len(changed[3]), len(again[3]))
		}
	})
}
