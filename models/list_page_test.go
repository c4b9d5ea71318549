package models_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	referencedb "sellerhub/models/reference"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// seedPagedProducts gives the company n products: created a second apart, every third of brand, weights and prices
// repeating over a few values (some none) so that the id has ties to break; it answers the brand's id.
func seedPagedProducts(t *testing.T, db *models.DB, companyID int64, n int) int64 {
	t.Helper()
	brand := &catalogdb.Brand{CompanyID: companyID, Name: "翻页"}
	if err := catalogdb.CreateBrand(db, brand); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var ps []*catalogdb.LocalProduct
	for i := range n {
		p := &catalogdb.LocalProduct{CompanyID: companyID, SKU: fmt.Sprintf("P-%03d", (i*7)%n), Name: fmt.Sprintf("产品%d", i%4),
			Kind: 1, CreatedAt: start.Add(time.Duration(i/2) * time.Second), UpdatedAt: start}
		if i%3 == 0 {
			p.BrandID = &brand.ID
		}
		if i%5 != 0 {
			p.Weight = dbtest.Dec(fmt.Sprint(i % 3))
			p.Price = dbtest.Dec(fmt.Sprintf("%d.50", i%4))
		}
		ps = append(ps, p)
	}
	if err := catalogdb.CreateLocalProducts(db, ps); err != nil {
		t.Fatal(err)
	}
	return brand.ID
}

// capped is db with its list count cap set to n.
func productIDs(rows []catalogdb.ProductRow) []int64 {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

func TestListTotalsAreExactBelowTheCapAndCappedAbove(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := seedPagedProducts(t, db, a.CompanyID, 25)
		seedPagedProducts(t, db, b.CompanyID, 3)
		low := dbtest.Capped(db, 10)
		cases := []struct {
			name      string
			f         catalogdb.ProductFilter
			total     int64
			more      bool
			rows      int
			whyCounts string
		}{
			{"first page of all", catalogdb.ProductFilter{Limit: 5}, 10, true, 5, "more than the cap"},
			{"first page, brand (9 rows)", catalogdb.ProductFilter{BrandID: brand, Limit: 5}, 9, false, 5, "exact below the cap"},
			{"only page, brand", catalogdb.ProductFilter{BrandID: brand, Limit: 20}, 9, false, 9, "the page ends the list"},
			{"second page, brand", catalogdb.ProductFilter{BrandID: brand, Offset: 5, Limit: 5}, 9, false, 4, "the page ends the list"},
			{"last page of all", catalogdb.ProductFilter{Offset: 20, Limit: 5}, 25, false, 5, "the page ends the list past the cap"},
			{"a page past the cap", catalogdb.ProductFilter{Offset: 15, Limit: 5}, 20, true, 5, "known to the page's end"},
			{"past the end", catalogdb.ProductFilter{Offset: 30, Limit: 5}, 10, true, 0, "counted up to the cap"},
			{"past the end, brand", catalogdb.ProductFilter{BrandID: brand, Offset: 30, Limit: 5}, 9, false, 0, "counted"},
			{"no match", catalogdb.ProductFilter{Keyword: "无此", Limit: 5}, 0, false, 0, "empty first page"},
		}
		for _, c := range cases {
			rows, total, err := catalogdb.LocalProductPage(low, a.CompanyID, c.f)
			n, more := models.SplitTotal(total)
			if err != nil || n != c.total || more != c.more || len(rows) != c.rows {
				t.Errorf("%s (%s): %d rows, total %d more %v, %v; want %d rows, total %d more %v", c.name, c.whyCounts,
					len(rows), n, more, err, c.rows, c.total, c.more)
			}
		}
		if _, total, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Limit: 5}); err != nil || total != 25 {
			t.Errorf("default cap: total %d %v, want exactly 25", total, err)
		}
		if _, total, err := catalogdb.LocalProductPage(low, b.CompanyID, catalogdb.ProductFilter{Offset: 1, Limit: 1}); err != nil || total != 3 {
			t.Errorf("乙's total %d %v, want 3 (甲's rows never counted)", total, err)
		}
		if n, err := referencedb.CountDicts(dbtest.Capped(db, 2), a.CompanyID, ""); err != nil || n != 0 {
			t.Errorf("no dictionaries: %d %v", n, err)
		}
	})
}

// countsOf records the statements db runs from now on that count rows, so a test can tell which pages counted. A
// subquery is built by a dry run of its own, which runs nothing and is not recorded.
func countsOf(t *testing.T, db *models.DB) *[]string {
	t.Helper()
	var counts []string
	err := db.Callback().Query().After("gorm:query").Register("test:counts", func(g *gorm.DB) {
		if sql := g.Statement.SQL.String(); !g.DryRun && strings.Contains(strings.ToLower(sql), "count(") {
			counts = append(counts, sql)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return &counts
}

// A page that ends at or past the cap with rows after it already shows more rows than a count to the cap could
// say, so only pages before the cap count; the totals are those a count on every page gave.
func TestPagesPastTheCapAnswerTheirEndWithoutCounting(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedProducts(t, db, a.CompanyID, 25)
		low := dbtest.Capped(db, 10)
		counts := countsOf(t, db)
		for _, c := range []struct {
			offset int
			total  int64
			counts int
		}{
			{0, models.MoreThan(10), 1},  // 5 of more than 10: counted up to the cap
			{5, models.MoreThan(10), 0},  // rows 6-10 with more after them: more than 10, as the count says
			{10, models.MoreThan(15), 0}, // rows 11-15 with more after them
			{20, 25, 0},                  // the last page ends the list
			{30, models.MoreThan(10), 1}, // past the end: nothing read, so counted
		} {
			before := len(*counts)
			rows, total, err := catalogdb.LocalProductPage(low, a.CompanyID, catalogdb.ProductFilter{Offset: c.offset, Limit: 5})
			if err != nil || total != c.total || len(*counts)-before != c.counts {
				t.Errorf("offset %d: %d rows, total %d, %d counts, %v; want total %d, %d counts", c.offset, len(rows), total,
					len(*counts)-before, err, c.total, c.counts)
			}
		}
		// An export reads up to 100,000 rows in one page: one that ends past the cap says so without a count.
		before := len(*counts)
		if _, total, err := catalogdb.LocalProductPage(dbtest.Capped(db, 3), a.CompanyID, catalogdb.ProductFilter{Limit: 20}); err != nil ||
			total != models.MoreThan(20) || len(*counts) != before {
			t.Errorf("20 of 25 at cap 3: total %d, %d counts, %v; want more than 20 without a count", total, len(*counts)-before, err)
		}
	})
}

func TestProductPagesOfEverySortNeitherOverlapNorSkip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		brand := seedPagedProducts(t, db, a.CompanyID, 23)
		low := dbtest.Capped(db, 6)
		for _, col := range []string{"", "sku", "name", "created_at", "weight", "price"} {
			for _, desc := range []bool{false, true} {
				for _, brandID := range []int64{0, brand} {
					f := catalogdb.ProductFilter{OrderBy: col, Desc: desc, BrandID: brandID}
					// What one OFFSET query over the whole table gives, the order the list always had.
					f.Limit = 100
					all, _, err := catalogdb.LocalProductPage(db, a.CompanyID, f)
					if err != nil {
						t.Fatal(err)
					}
					want := productIDs(all)
					var got []int64
					for page := 0; ; page++ {
						f.Offset, f.Limit = page*4, 4
						rows, _, err := catalogdb.LocalProductPage(low, a.CompanyID, f)
						if err != nil {
							t.Fatal(err)
						}
						if len(rows) == 0 {
							break
						}
						got = append(got, productIDs(rows)...)
					}
					if !slices.Equal(got, want) {
						t.Errorf("order %q desc %v brand %d: pages give %v, the whole list %v", col, desc, brandID, got, want)
					}
					ref := referenceOrder(t, db, a.CompanyID, col, desc, brandID)
					if !slices.Equal(want, ref) {
						t.Errorf("order %q desc %v brand %d: list %v, a plain ORDER BY %v", col, desc, brandID, want, ref)
					}
				}
			}
		}
	})
}

// referenceOrder is the company's product ids by a plain ORDER BY of the column (newest first without one), the
// id breaking ties, as the list ordered before its pages were read by id.
func referenceOrder(t *testing.T, db *models.DB, companyID int64, col string, desc bool, brandID int64) []int64 {
	t.Helper()
	if col == "" {
		col, desc = "created_at", true
	}
	dir := ""
	if desc {
		dir = " DESC"
	}
	q := db.Table("local_products").Where("company_id = ?", companyID)
	if brandID != 0 {
		q = q.Where("brand_id = ?", brandID)
	}
	var ids []int64
	if err := q.Order(col+dir+", id"+dir).Pluck("id", &ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

// walkPages reads a list page by page (size rows each) until a page comes back empty, and answers the ids in the
// order read with the total each page answered.
func walkPages(t *testing.T, size int, page func(offset, limit int) ([]int64, int64, error)) ([]int64, []int64) {
	t.Helper()
	var ids, totals []int64
	for offset := 0; ; offset += size {
		got, total, err := page(offset, size)
		if err != nil {
			t.Fatal(err)
		}
		totals = append(totals, total)
		if len(got) == 0 {
			return ids, totals
		}
		ids = append(ids, got...)
	}
}

func TestListingAndWarehousePagesOfEverySortNeitherOverlapNorSkip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		group := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店")
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range 13 {
			l := &catalogdb.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: fmt.Sprintf("MSKU-%02d", (i*5)%13), ASIN: fmt.Sprintf("B0%d", i%3), FNSKU: fmt.Sprintf("X0%d", i%4),
				ItemName: fmt.Sprintf("标题%d", i%2), Status: []string{"Active", "Inactive"}[i%2],
				Price: models.Money{Decimal: dbtest.Dec(fmt.Sprint(i % 3)).Decimal}, CreatedAt: start.Add(time.Duration(i/3) * time.Second),
				UpdatedAt: start}
			if err := catalogdb.CreateListing(db, l); err != nil {
				t.Fatal(err)
			}
			w := &stockdb.Warehouse{CompanyID: a.CompanyID, Name: fmt.Sprintf("仓%02d", (i*5)%13), Kind: []string{"own", "overseas"}[i%2]}
			if err := stockdb.CreateWarehouse(db, w); err != nil {
				t.Fatal(err)
			}
		}
		low := dbtest.Capped(db, 4)
		for _, col := range []string{"", "seller_sku", "asin", "fnsku", "item_name", "price", "status", "created_at"} {
			for _, desc := range []bool{false, true} {
				page := func(d *models.DB) func(offset, limit int) ([]int64, int64, error) {
					return func(offset, limit int) ([]int64, int64, error) {
						rows, total, err := catalogdb.ListingPage(d, a.CompanyID, catalogdb.ListingFilter{UserID: a.ID, OrderBy: col, Desc: desc,
							Offset: offset, Limit: limit})
						ids := make([]int64, len(rows))
						for i, r := range rows {
							ids[i] = r.ID
						}
						return ids, total, err
					}
				}
				want, _ := walkPages(t, 100, page(db))
				got, totals := walkPages(t, 3, page(low))
				if len(want) != 13 || !slices.Equal(got, want) {
					t.Errorf("listings by %q desc %v: pages of 3 give %v, one page %v", col, desc, got, want)
				}
				// Pages 1-2 are full with more to come: capped at 4, then known to their end; 3 and 4 are full, then a
				// short fifth ends the list; the empty sixth counts, capped at 4.
				wantTotals := []int64{models.MoreThan(4), models.MoreThan(6), models.MoreThan(9), models.MoreThan(12), 13, models.MoreThan(4)}
				if !slices.Equal(totals, wantTotals) {
					t.Errorf("listings by %q desc %v: totals %v, want %v", col, desc, totals, wantTotals)
				}
			}
		}
		for _, col := range []string{"", "name", "kind", "created_at"} {
			for _, desc := range []bool{false, true} {
				page := func(d *models.DB) func(offset, limit int) ([]int64, int64, error) {
					return func(offset, limit int) ([]int64, int64, error) {
						rows, total, err := stockdb.WarehousePage(d, a.CompanyID, a.ID, stockdb.WarehouseFilter{
							NamedList: models.NamedList{OrderBy: col, Desc: desc, Offset: offset, Limit: limit}})
						ids := make([]int64, len(rows))
						for i, r := range rows {
							ids[i] = r.ID
						}
						return ids, total, err
					}
				}
				want, _ := walkPages(t, 100, page(db))
				got, _ := walkPages(t, 2, page(low))
				if len(want) != 13 || !slices.Equal(got, want) {
					t.Errorf("warehouses by %q desc %v: pages of 2 give %v, one page %v", col, desc, got, want)
				}
			}
		}
	})
}

func TestStockAndLedgerPagesOfEverySortNeitherOverlapNorSkip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedStock(t, db, a.CompanyID)
		low := dbtest.Capped(db, 3)
		stockOrders := []string{"", "stocks.warehouse_name", "stocks.sku", "local_products.name", "stocks.inbound",
			"stocks.fulfillable", "stocks.outbound", "stocks.updated_at"}
		for _, col := range stockOrders {
			for _, search := range []string{"", "SKU"} {
				page := func(d *models.DB) func(offset, limit int) ([]int64, int64, error) {
					return func(offset, limit int) ([]int64, int64, error) {
						rows, total, err := stockdb.StockPage(d, a.CompanyID, stockdb.StockFilter{OrderBy: col, Desc: col != "",
							Search: search, Offset: offset, Limit: limit})
						ids := make([]int64, len(rows))
						for i, r := range rows {
							ids[i] = r.ID
						}
						return ids, total, err
					}
				}
				want, _ := walkPages(t, 100, page(db))
				got, totals := walkPages(t, 5, page(low))
				if len(want) != 12 || !slices.Equal(got, want) {
					t.Errorf("stock by %q search %q: pages of 5 give %v, one page %v", col, search, got, want)
				}
				if !slices.Equal(totals, []int64{models.MoreThan(5), models.MoreThan(10), 12, models.MoreThan(3)}) {
					t.Errorf("stock by %q search %q: totals %v", col, search, totals)
				}
			}
		}
		for _, col := range []string{"", "stock_ledger.created_at", "stock_ledger.doc_number", "local_products.sku"} {
			for _, search := range []string{"", "SKU"} {
				page := func(d *models.DB) func(offset, limit int) ([]int64, int64, error) {
					return func(offset, limit int) ([]int64, int64, error) {
						rows, total, err := stockdb.LedgerPage(d, a.CompanyID, stockdb.LedgerFilter{StockFilter: stockdb.StockFilter{
							OrderBy: col, Search: search, Offset: offset, Limit: limit}})
						ids := make([]int64, len(rows))
						for i, r := range rows {
							ids[i] = r.ID
						}
						return ids, total, err
					}
				}
				want, _ := walkPages(t, 100, page(db))
				got, _ := walkPages(t, 5, page(low))
				if len(want) != 12 || !slices.Equal(got, want) {
					t.Errorf("ledger by %q search %q: pages of 5 give %v, one page %v", col, search, got, want)
				}
			}
		}
		// DOC-1 moved 4 lines: as many as the cap is still exact, one more than the cap is not.
		doc1 := stockdb.LedgerFilter{DocNumber: "DOC-1", StockFilter: stockdb.StockFilter{Limit: 2}}
		if rows, total, err := stockdb.LedgerPage(dbtest.Capped(db, 4), a.CompanyID, doc1); err != nil || total != 4 || len(rows) != 2 {
			t.Errorf("ledger of DOC-1, cap 4: %d rows, total %d, %v; want 2 of exactly 4", len(rows), total, err)
		}
		if rows, total, err := stockdb.LedgerPage(low, a.CompanyID, doc1); err != nil || total != models.MoreThan(3) || len(rows) != 2 {
			t.Errorf("ledger of DOC-1, cap 3: %d rows, total %d, %v; want 2 of more than 3", len(rows), total, err)
		}
	})
}

// The stock list's default order (warehouse name, then SKU) and its sorts by either read copies on the stock row
// (migration 00039): they follow a warehouse's new name and a product's new SKU, and new stock rows get them.
func TestStockOrderFollowsRenamedWarehousesAndChangedSKUs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b, c := dbtest.NewWarehouse(t, db, a.CompanyID, "B仓"), dbtest.NewWarehouse(t, db, a.CompanyID, "C仓")
		x, y := dbtest.NewProduct(t, db, a.CompanyID, "X-1"), dbtest.NewProduct(t, db, a.CompanyID, "Y-1")
		for _, w := range []*stockdb.Warehouse{b, c} {
			for _, p := range []*catalogdb.LocalProduct{y, x} {
				if err := dbtest.Move(db, a.CompanyID, "DOC", stockdb.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 1}); err != nil {
					t.Fatal(err)
				}
			}
		}
		order := func(f stockdb.StockFilter) []string {
			t.Helper()
			f.Limit = 10
			rows, total, err := stockdb.StockPage(db, a.CompanyID, f)
			if err != nil || total != int64(len(rows)) {
				t.Fatalf("stock page: %d rows, total %d, %v", len(rows), total, err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.WarehouseName+"/"+r.SKU)
			}
			return out
		}
		want := func(got []string, want ...string) {
			t.Helper()
			if !slices.Equal(got, want) {
				t.Errorf("stock order %v, want %v", got, want)
			}
		}
		want(order(stockdb.StockFilter{}), "B仓/X-1", "B仓/Y-1", "C仓/X-1", "C仓/Y-1")

		c.Name = "A仓"
		if err := stockdb.UpdateWarehouse(db, c); err != nil {
			t.Fatal(err)
		}
		x.SKU = "Z-1"
		if err := catalogdb.UpdateLocalProduct(db, x); err != nil {
			t.Fatal(err)
		}
		want(order(stockdb.StockFilter{}), "A仓/Y-1", "A仓/Z-1", "B仓/Y-1", "B仓/Z-1")
		want(order(stockdb.StockFilter{WarehouseID: b.ID}), "B仓/Y-1", "B仓/Z-1")
		// Equal values fall back on the id, in the same direction: the rows were made B仓's first.
		want(order(stockdb.StockFilter{OrderBy: "stocks.sku", Desc: true}), "A仓/Z-1", "B仓/Z-1", "A仓/Y-1", "B仓/Y-1")
		want(order(stockdb.StockFilter{OrderBy: "stocks.warehouse_name", Desc: true}), "B仓/Z-1", "B仓/Y-1", "A仓/Z-1", "A仓/Y-1")

		// A new stock row takes the names as they are now.
		d := dbtest.NewWarehouse(t, db, a.CompanyID, "0仓")
		if err := dbtest.Move(db, a.CompanyID, "DOC", stockdb.StockChange{WarehouseID: d.ID, ProductID: x.ID, Fulfillable: 1}); err != nil {
			t.Fatal(err)
		}
		want(order(stockdb.StockFilter{Search: "Z-"}), "0仓/Z-1", "A仓/Z-1", "B仓/Z-1")
	})
}

// A keyword search's page that needs its count reads its matching ids once, in order, and takes both from them:
// no count statement, the pages and totals those of the same rows found without the search.
func TestSearchedPagesCountFromTheirOwnIDs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedProducts(t, db, a.CompanyID, 25)
		all, _, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Limit: 100})
		if err != nil || len(all) != 25 {
			t.Fatalf("the whole list: %d rows, %v", len(all), err)
		}
		var named []catalogdb.ProductRow
		for _, r := range all {
			if r.Name == "产品1" {
				named = append(named, r)
			}
		}
		low := dbtest.Capped(db, 10)
		counts := countsOf(t, db)
		for _, c := range []struct {
			keyword       string
			offset, limit int
			want          []catalogdb.ProductRow
			total         int64
		}{
			{"P-0", 0, 4, all[0:4], models.MoreThan(10)}, // every SKU holds it: more than the cap
			{"p-0", 4, 4, all[4:8], models.MoreThan(10)}, // in either letter case
			{"产品1", 0, 4, named[0:4], 6},
			{"产品1", 4, 4, named[4:6], 6},
			{"产品1", 6, 2, nil, 6}, // past the end
		} {
			before := len(*counts)
			rows, total, err := catalogdb.LocalProductPage(low, a.CompanyID, catalogdb.ProductFilter{Keyword: c.keyword, Offset: c.offset, Limit: c.limit})
			if err != nil || total != c.total || !slices.Equal(productIDs(rows), productIDs(c.want)) || len(*counts) != before {
				t.Errorf("%s from %d: %v total %d, %q counts, %v; want %v total %d, no count", c.keyword, c.offset,
					productIDs(rows), total, (*counts)[before:], err, productIDs(c.want), c.total)
			}
		}
	})
}

// seedPagedStock gives the company two warehouses holding six products, moved by four document numbers, so that
// the stock and ledger lists have ties in every sort column.
func seedPagedStock(t *testing.T, db *models.DB, companyID int64) []*stockdb.Warehouse {
	t.Helper()
	ws := []*stockdb.Warehouse{dbtest.NewWarehouse(t, db, companyID, "深圳仓"), dbtest.NewWarehouse(t, db, companyID, "东莞仓")}
	for i := range 6 {
		p := dbtest.NewProduct(t, db, companyID, fmt.Sprintf("SKU-%d", (i*5)%6))
		for j, w := range ws {
			err := dbtest.Move(db, companyID, fmt.Sprintf("DOC-%d", (i+j)%4),
				stockdb.StockChange{WarehouseID: w.ID, ProductID: p.ID, Inbound: i % 3, Fulfillable: j + 1})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return ws
}
