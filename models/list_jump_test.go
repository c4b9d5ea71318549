package models_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	referencedb "sellerhub/models/reference"
)

// jumpStride is the tests' stride between jump anchors: 23 products hold five of them.
const jumpStride = 4

// walksOf records the deepest OFFSET and the walks from a list's start that db runs from now on, so a test can
// tell how far a page's statements walked.
type walks struct {
	mu        sync.Mutex
	deepest   int
	fromStart int
}

var (
	offsetClause  = regexp.MustCompile(`(?i) OFFSET (\d+)`)
	rowComparison = regexp.MustCompile(`\) [<>] \(SELECT`)
)

func walksOf(t *testing.T, db *models.DB) *walks {
	t.Helper()
	w := &walks{}
	record := func(g *gorm.DB) {
		if g.DryRun {
			return // a subquery's statement, built into the one that runs
		}
		sql := g.Statement.SQL.String()
		w.mu.Lock()
		defer w.mu.Unlock()
		if m := offsetClause.FindStringSubmatch(sql); m != nil {
			n, _ := strconv.Atoi(m[1])
			w.deepest = max(w.deepest, n)
		}
		// A walk reads the list's generation beside rows in order; it starts after an anchor (PostgreSQL's first step,
		// before UNION ALL, by anchor.id; SQLite's by a row comparison) or from the list's start.
		head, _, _ := strings.Cut(sql, " UNION ALL ")
		if strings.Contains(sql, "report_generations") && strings.Contains(head, " ORDER BY ") &&
			!strings.Contains(head, "anchor.id") && !rowComparison.MatchString(head) {
			w.fromStart++
		}
	}
	// Lists read by Find run the query callbacks; a walk, a raw statement, the row ones.
	if err := db.Callback().Query().After("gorm:query").Register("test:walks", record); err != nil {
		t.Fatal(err)
	}
	if err := db.Callback().Row().After("gorm:row").Register("test:walks", record); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *walks) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deepest, w.fromStart = 0, 0
}

func (w *walks) read() (deepest, fromStart int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.deepest, w.fromStart
}

// byOffset reads every page of a product list by its offset alone (a handle whose anchors are further apart than
// the list is long), with their totals: what a jump must show.
func byOffset(t *testing.T, db *models.DB, companyID int64, f catalogdb.ProductFilter, size int) ([][]int64, []int64) {
	t.Helper()
	plain := db.WithJumpStride(1 << 30)
	var pages [][]int64
	var totals []int64
	for offset := 0; ; offset += size {
		ids, total, err := productPages(plain, companyID, f)(offset, size, models.Anchor{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) == 0 {
			return pages, totals
		}
		pages, totals = append(pages, ids), append(totals, total)
	}
}

// checkJumps jumps to every page of the list and one past its end, deepest first, then in a shuffled order, and
// wants the rows and total of the page read by offset each time.
func checkJumps(t *testing.T, db *models.DB, name string, companyID int64, f catalogdb.ProductFilter, size int) {
	t.Helper()
	pages, totals := byOffset(t, db, companyID, f, size)
	order := make([]int, len(pages)+1)
	for i := range order {
		order[i] = len(order) - 1 - i
	}
	order = append(order, rand.Perm(len(pages)+1)...)
	for _, n := range order {
		ids, total, err := productPages(db, companyID, f)(n*size, size, models.Anchor{})
		var want []int64
		wantTotal := int64(0)
		if n < len(pages) {
			want, wantTotal = pages[n], totals[n]
		} else {
			// Past the end: nothing, and a total the page's offset shows (as by offset).
			_, wantTotal, _ = productPages(db.WithJumpStride(1<<30), companyID, f)(n*size, size, models.Anchor{})
		}
		if err != nil || !slices.Equal(ids, want) || total != wantTotal {
			t.Errorf("%s: jump to page %d: %v total %d (%v), by offset %v total %d", name, n+1, ids, total, err, want, wantTotal)
		}
	}
}

func TestJumpsFarIntoAListHoldTheRowsOfTheirOffset(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := seedPagedProducts(t, db, a.CompanyID, 23)
		seedPagedProducts(t, db, b.CompanyID, 9)
		// A cap below the jumps, so that their pages are not read with a count.
		low := dbtest.Capped(db, 3).WithJumpStride(jumpStride)
		w := walksOf(t, db)
		for _, col := range []string{"", "sku", "name", "created_at"} {
			for _, desc := range []bool{false, true} {
				for _, brandID := range []int64{0, brand} {
					f := catalogdb.ProductFilter{OrderBy: col, Desc: desc, BrandID: brandID}
					checkJumps(t, low, fmt.Sprintf("products by %q desc %v brand %d", col, desc, brandID), a.CompanyID, f, 3)
				}
			}
		}
		// 乙's list keeps its own anchors: its pages are its own rows.
		checkJumps(t, low, "乙's products", b.CompanyID, catalogdb.ProductFilter{}, 2)

		// Once a list has been walked, a jump anywhere into it walks fewer rows than the stride, from an anchor.
		f := catalogdb.ProductFilter{OrderBy: "sku"}
		w.reset()
		for _, n := range []int{7, 2, 5, 3} {
			if _, _, err := productPages(low, a.CompanyID, f)(n*3, 3, models.Anchor{}); err != nil {
				t.Fatal(err)
			}
		}
		if deepest, fromStart := w.read(); deepest >= jumpStride || fromStart != 0 {
			t.Errorf("jumps into a walked list: deepest OFFSET %d, %d walks from the start; want < %d and none", deepest,
				fromStart, jumpStride)
		}
		// A list whose sort may hold NULL (weight) pages by offset: no anchors.
		w.reset()
		checkJumps(t, low, "products by weight", a.CompanyID, catalogdb.ProductFilter{OrderBy: "weight"}, 3)
		if _, fromStart := w.read(); fromStart != 0 {
			t.Errorf("products by weight: %d walks, want none (it pages by offset)", fromStart)
		}
	})
}

// Every change to the list's table, by the product's own calls or by any statement, makes the next jump walk the
// list afresh: its pages then hold the rows of their offset again. A change of another company's rows does not.
func TestJumpsSeeEveryChangeToTheList(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		seedPagedProducts(t, db, a.CompanyID, 23)
		seedPagedProducts(t, db, b.CompanyID, 5)
		low := dbtest.Capped(db, 3).WithJumpStride(jumpStride)
		w := walksOf(t, db)
		f := catalogdb.ProductFilter{}
		checkJumps(t, low, "before", a.CompanyID, f, 3)
		all, _ := byOffset(t, db, a.CompanyID, catalogdb.ProductFilter{}, 100)
		for _, change := range []struct {
			name string
			do   func() error
		}{
			{"a new product", func() error {
				return catalogdb.CreateLocalProducts(db, []*catalogdb.LocalProduct{{CompanyID: a.CompanyID, SKU: "NEW-1", Name: "新品", Kind: 1,
					CreatedAt: time.Date(2026, 1, 1, 0, 0, 5, 0, time.UTC), UpdatedAt: time.Now()}})
			}},
			{"a product's date by hand", func() error {
				return db.Exec("UPDATE local_products SET created_at = ? WHERE id = ?", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), all[0][2]).Error
			}},
			{"a product deleted by hand", func() error {
				return db.Exec("DELETE FROM local_products WHERE id = ?", all[0][10]).Error
			}},
		} {
			if err := change.do(); err != nil {
				t.Fatalf("%s: %v", change.name, err)
			}
			w.reset()
			checkJumps(t, low, "after "+change.name, a.CompanyID, f, 3)
			if _, fromStart := w.read(); fromStart == 0 {
				t.Errorf("after %s: no walk from the start, the kept anchors served", change.name)
			}
		}
		// 乙's change leaves 甲's anchors: 甲's jumps walk no more.
		if err := db.Exec("DELETE FROM local_products WHERE company_id = ? AND sku = ?", b.CompanyID, "P-001").Error; err != nil {
			t.Fatal(err)
		}
		pages, _ := byOffset(t, db, a.CompanyID, f, 3)
		w.reset()
		for n := len(pages); n >= 0; n-- {
			ids, _, err := productPages(low, a.CompanyID, f)(n*3, 3, models.Anchor{})
			if want := append(pages, nil)[n]; err != nil || !slices.Equal(ids, want) {
				t.Errorf("after 乙's change: page %d %v (%v), want %v", n+1, ids, err, want)
			}
		}
		if deepest, fromStart := w.read(); fromStart != 0 || deepest >= jumpStride {
			t.Errorf("after 乙's change: %d walks from the start, deepest OFFSET %d; want none and < %d", fromStart, deepest,
				jumpStride)
		}
	})
}

// Inside a transaction a jump neither uses nor keeps anchors: the transaction's own uncommitted rows are in its
// pages, and nothing it read is kept once it is rolled back.
func TestJumpsInsideATransactionKeepNothing(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedProducts(t, db, a.CompanyID, 23)
		low := dbtest.Capped(db, 3).WithJumpStride(jumpStride)
		f := catalogdb.ProductFilter{OrderBy: "sku"}
		checkJumps(t, low, "before", a.CompanyID, f, 3)
		before, _ := byOffset(t, db, a.CompanyID, f, 3)
		rollback := fmt.Errorf("rolled back")
		err := low.Tx(context.Background(), func(tx *models.DB) error {
			// Sorts first by SKU: every page after it moves by one row.
			err := catalogdb.CreateLocalProducts(tx, []*catalogdb.LocalProduct{{CompanyID: a.CompanyID, SKU: "A-000", Name: "回滚", Kind: 1,
				CreatedAt: time.Now(), UpdatedAt: time.Now()}})
			if err != nil {
				return err
			}
			for n := range before {
				ids, _, err := productPages(tx, a.CompanyID, f)(n*3, 3, models.Anchor{})
				want := append(before[max(n-1, 0)][2:], before[n][:2]...)
				if n == 0 {
					want = nil
				}
				if err != nil || (n > 0 && !slices.Equal(ids, want)) {
					t.Errorf("inside: page %d %v (%v), want %v", n+1, ids, err, want)
				}
			}
			return rollback
		})
		if err != rollback {
			t.Fatal(err)
		}
		// The rolled-back transaction raised the list's generation by one, as the next committed change does: anchors
		// it had kept would pass for that change's.
		if err := db.Exec("DELETE FROM local_products WHERE id = ?", before[1][0]).Error; err != nil {
			t.Fatal(err)
		}
		checkJumps(t, low, "after a change following the rollback", a.CompanyID, f, 3)
	})
}

// Many jumps at once into one list, to one page and to many, each get their own page's rows.
func TestJumpsAtOnceGetTheirOwnPages(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedProducts(t, db, a.CompanyID, 23)
		low := dbtest.Capped(db, 3).WithJumpStride(jumpStride)
		f := catalogdb.ProductFilter{OrderBy: "name", Desc: true}
		pages, _ := byOffset(t, db, a.CompanyID, f, 2)
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := len(pages) - 1 - i%3*(i%4)
				ids, _, err := productPages(low, a.CompanyID, f)(n*2, 2, models.Anchor{})
				if err != nil || !slices.Equal(ids, pages[n]) {
					t.Errorf("jump %d to page %d: %v (%v), want %v", i, n+1, ids, err, pages[n])
				}
			}()
		}
		wg.Wait()
	})
}

// Dictionary items jump the same way: deep pages by their offset's rows, before and after an item changes.
func TestDictionaryItemJumpsHoldTheRowsOfTheirOffset(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		var first *referencedb.DictItem
		for i := range 19 {
			it := &referencedb.DictItem{CompanyID: a.CompanyID, DictCode: "ship", Name: fmt.Sprintf("方式%d", i%3),
				Value: fmt.Sprint(i), Sort: i % 4, Status: referencedb.DictEnabled}
			if err := referencedb.CreateDictItem(db, it); err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = it
			}
		}
		jumping := db.WithJumpStride(jumpStride)
		plain := db.WithJumpStride(1 << 30)
		items := func(db *models.DB, f referencedb.DictItemFilter, offset int) []int64 {
			its, err := referencedb.DictItems(db, a.CompanyID, f, offset, 3)
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]int64, len(its))
			for i, it := range its {
				ids[i] = it.ID
			}
			return ids
		}
		for _, f := range []referencedb.DictItemFilter{{DictCode: "ship"}, {DictCode: "ship", Sort: "name", Desc: true}, {}} {
			for round := range 2 {
				for n := 7; n >= 0; n-- {
					if got, want := items(jumping, f, n*3), items(plain, f, n*3); !slices.Equal(got, want) {
						t.Errorf("%+v round %d: page %d %v, by offset %v", f, round, n+1, got, want)
					}
				}
				// The first item moves to the end of its dictionary's order.
				first.Sort = 9
				if err := referencedb.UpdateDictItem(db, first); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
