package models_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	ordersdb "sellerhub/models/orders"
	referencedb "sellerhub/models/reference"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// pageOf reads one page of a list, offset and limit as its number says, next to the anchor if any: the page's ids
// and its total.
type pageOf func(offset, limit int, a models.Anchor) ([]int64, int64, error)

// offsetsOf records whether the statements db runs from now on skip rows by OFFSET, so a test can tell how a page
// was read.
func offsetsOf(t *testing.T, db *models.DB) *int {
	t.Helper()
	n := new(int)
	err := db.Callback().Query().After("gorm:query").Register("test:offsets", func(g *gorm.DB) {
		if strings.Contains(strings.ToUpper(g.Statement.SQL.String()), " OFFSET ") {
			*n++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkSteps reads every page of a list by its offset, then each again as 下一页 (after the last row of the page
// before) and 上一页 (before the first row of the page after) reach it: the same rows and the same total each
// time. keyed says whether the list's order pages next to a row; if it does no page so reached skips by OFFSET,
// else every one falls back to it.
func checkSteps(t *testing.T, offsets *int, name string, size int, keyed bool, page pageOf) {
	t.Helper()
	var pages [][]int64
	var totals []int64
	for offset := 0; ; offset += size {
		ids, total, err := page(offset, size, models.Anchor{})
		if err != nil {
			t.Fatalf("%s: offset %d: %v", name, offset, err)
		}
		if len(ids) == 0 {
			break
		}
		pages, totals = append(pages, ids), append(totals, total)
	}
	if len(pages) < 3 {
		t.Fatalf("%s: %d pages, want at least 3 to step through", name, len(pages))
	}
	for n := range pages {
		var steps []models.Anchor
		if n > 0 {
			steps = append(steps, models.Anchor{After: pages[n-1][size-1]})
		}
		if n < len(pages)-1 {
			steps = append(steps, models.Anchor{Before: pages[n+1][0]})
		}
		for _, a := range steps {
			before := *offsets
			ids, total, err := page(n*size, size, a)
			if err != nil || !slices.Equal(ids, pages[n]) || total != totals[n] {
				t.Errorf("%s: page %d next to %+v: %v total %d (%v); by offset %v total %d", name, n+1, a, ids, total, err,
					pages[n], totals[n])
			}
			if skipped := *offsets > before; n > 0 && skipped == keyed {
				t.Errorf("%s: page %d next to %+v skipped rows by OFFSET: %v, want %v", name, n+1, a, skipped, !keyed)
			}
		}
	}
}

func productPages(db *models.DB, companyID int64, f catalogdb.ProductFilter) pageOf {
	return func(offset, limit int, a models.Anchor) ([]int64, int64, error) {
		f.Offset, f.Limit, f.Anchor = offset, limit, a
		rows, total, err := catalogdb.LocalProductPage(db, companyID, f)
		return productIDs(rows), total, err
	}
}

func TestPagesNextToARowHoldTheRowsOfTheirOffset(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		brand := seedPagedProducts(t, db, a.CompanyID, 23)
		// A cap below the list: the totals of pages reached next to a row must follow the same cap rules.
		low := dbtest.Capped(db, 6)
		offsets := offsetsOf(t, db)
		// created_at repeats in pairs and name over 4 values, so the id breaks ties between pages.
		for _, col := range []string{"", "sku", "name", "created_at"} {
			for _, desc := range []bool{false, true} {
				for _, brandID := range []int64{0, brand} {
					f := catalogdb.ProductFilter{OrderBy: col, Desc: desc, BrandID: brandID}
					checkSteps(t, offsets, fmt.Sprintf("products by %q desc %v brand %d", col, desc, brandID), 3, true,
						productPages(low, a.CompanyID, f))
				}
			}
		}
		// Weight and price may be NULL: the schema says so, and those sorts keep paging by offset.
		for _, col := range []string{"weight", "price"} {
			checkSteps(t, offsets, "products by "+col, 4, false, productPages(low, a.CompanyID, catalogdb.ProductFilter{OrderBy: col}))
		}
	})
}

func TestStockLedgerAndDictionaryPagesNextToARowHoldTheRowsOfTheirOffset(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedStock(t, db, a.CompanyID)
		for i := range 14 {
			it := &referencedb.DictItem{CompanyID: a.CompanyID, DictCode: "ship", Name: fmt.Sprintf("方式%d", i%3),
				Value: fmt.Sprint(i), Sort: i % 4, Status: referencedb.DictEnabled}
			if err := referencedb.CreateDictItem(db, it); err != nil {
				t.Fatal(err)
			}
		}
		low := dbtest.Capped(db, 3)
		offsets := offsetsOf(t, db)
		// The stock list by its default order (warehouse, then SKU: two keys), by a column of its own ascending and
		// descending, and by the product's name, a column of another table, which pages by offset.
		for _, c := range []struct {
			col   string
			desc  bool
			keyed bool
		}{{"", false, true}, {"stocks.fulfillable", false, true}, {"stocks.inbound", true, true}, {"local_products.name", true, false}} {
			checkSteps(t, offsets, "stock by "+c.col, 5, c.keyed, func(offset, limit int, an models.Anchor) ([]int64, int64, error) {
				rows, total, err := stockdb.StockPage(low, a.CompanyID, stockdb.StockFilter{OrderBy: c.col, Desc: c.desc,
					Offset: offset, Limit: limit, Anchor: an})
				ids := make([]int64, len(rows))
				for i, r := range rows {
					ids[i] = r.ID
				}
				return ids, total, err
			})
		}
		checkSteps(t, offsets, "ledger", 5, true, func(offset, limit int, an models.Anchor) ([]int64, int64, error) {
			rows, total, err := stockdb.LedgerPage(low, a.CompanyID, stockdb.LedgerFilter{StockFilter: stockdb.StockFilter{
				Offset: offset, Limit: limit, Anchor: an}})
			ids := make([]int64, len(rows))
			for i, r := range rows {
				ids[i] = r.ID
			}
			return ids, total, err
		})
		for _, f := range []referencedb.DictItemFilter{{DictCode: "ship"}, {DictCode: "ship", Sort: "name", Desc: true}, {}} {
			checkSteps(t, offsets, fmt.Sprintf("dictionary items %+v", f), 4, true, func(offset, limit int, an models.Anchor) ([]int64, int64, error) {
				f.Anchor = an
				items, err := referencedb.DictItems(db, a.CompanyID, f, offset, limit)
				ids := make([]int64, len(items))
				for i, it := range items {
					ids[i] = it.ID
				}
				return ids, 0, err
			})
		}
	})
}

// An anchor the list's own query does not pass (another company's row, a row outside the filter, no row at all,
// or both sides named) tells nothing about where the page starts: the page is the one its offset says.
func TestAnchorsOutsideTheListFallBackToTheOffset(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := seedPagedProducts(t, db, a.CompanyID, 23)
		seedPagedProducts(t, db, b.CompanyID, 5)
		theirs, _, err := catalogdb.LocalProductPage(db, b.CompanyID, catalogdb.ProductFilter{Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		all, _, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var unbranded int64
		for _, p := range all {
			if p.BrandID == nil {
				unbranded = p.ID
			}
		}
		// A cap below the pages: pages within it are read by offset with their count in one statement anyway.
		low := dbtest.Capped(db, 3)
		offsets := offsetsOf(t, db)
		for _, f := range []catalogdb.ProductFilter{{}, {BrandID: brand}, {OrderBy: "sku", Desc: true}} {
			want, wantTotal, err := catalogdb.LocalProductPage(low, a.CompanyID, catalogdb.ProductFilter{BrandID: f.BrandID, OrderBy: f.OrderBy,
				Desc: f.Desc, Offset: 4, Limit: 4})
			if err != nil {
				t.Fatal(err)
			}
			for _, an := range []models.Anchor{
				{After: theirs[2].ID}, {Before: theirs[2].ID}, // 乙's rows, which 甲's list never shows
				{After: 12345}, {Before: 12345}, {After: -1}, // no row
				{After: all[3].ID, Before: all[8].ID}, // both: neither is taken
			} {
				if f.BrandID != 0 {
					an = models.Anchor{After: unbranded} // 甲's own row, but not one of the brand's
				}
				f.Offset, f.Limit, f.Anchor = 4, 4, an
				before := *offsets
				rows, total, err := catalogdb.LocalProductPage(low, a.CompanyID, f)
				if err != nil || !slices.Equal(productIDs(rows), productIDs(want)) || total != wantTotal || *offsets == before {
					t.Errorf("filter %+v: page 2 next to %+v: %v total %d (%v), by offset %v total %d", f, an, productIDs(rows),
						total, err, productIDs(want), wantTotal)
				}
			}
		}
	})
}

// TestOrderPagesByOrderIDNextToARow pages 订单管理 by 订单号, whose order is its unique index's (order id, then
// seller account, no id: migration 00047), over orders of two seller accounts that share order ids: each order is
// On one page only, in that order, and a page next to a row holds the rows of its offset, both ways round.
func TestOrderPagesByOrderIDNextToARow(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		first, second := dbtest.Seller(t, db, owner, "一店", "A1FIRST"), dbtest.Seller(t, db, owner, "二店", "A1SECOND")
		for n, s := range []*storesdb.Seller{first, second, first} {
			var orders []amazondatadb.AmazonOrder
			for i := range 5 {
				// The two accounts' first five orders have the same ids; the first account's last five are its own.
				id := fmt.Sprintf("111-%07d-0000001", n/2*5+i)
				orders = append(orders, amazondatadb.AmazonOrder{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
					MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: id, OrderStatus: "Shipped"})
			}
			if _, err := amazondatadb.UpsertAmazonOrders(db, orders, nil); err != nil {
				t.Fatal(err)
			}
		}
		low := dbtest.Capped(db, 4)
		offsets := offsetsOf(t, db)
		for _, desc := range []bool{false, true} {
			f := ordersdb.OrderFilter{UserID: owner.ID, OrderBy: "amazon_order_id", Desc: desc}
			var all []string
			for offset := 0; ; offset += 5 {
				f.Offset, f.Limit = offset, 5
				rows, _, err := ordersdb.OrderPage(db, owner.CompanyID, f)
				if err != nil {
					t.Fatal(err)
				}
				if len(rows) == 0 {
					break
				}
				for _, r := range rows {
					all = append(all, fmt.Sprintf("%s %020d", r.AmazonOrderID, r.SellerID))
				}
			}
			want := slices.Sorted(slices.Values(all))
			if desc {
				slices.Reverse(want)
			}
			if len(all) != 15 || !slices.Equal(all, want) || len(slices.Compact(slices.Clone(want))) != 15 {
				t.Fatalf("orders by 订单号 desc %v: %v", desc, all)
			}
			checkSteps(t, offsets, fmt.Sprintf("orders by 订单号 desc %v", desc), 5, true,
				func(offset, limit int, an models.Anchor) ([]int64, int64, error) {
					f.Offset, f.Limit, f.Anchor = offset, limit, an
					rows, total, err := ordersdb.OrderPage(low, owner.CompanyID, f)
					ids := make([]int64, len(rows))
					for i, r := range rows {
						ids[i] = r.ID
					}
					return ids, total, err
				})
		}
	})
}
