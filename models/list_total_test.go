package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// A first page's total is counted once and then kept while the list does not change: every change to the company's
// products, by the product's calls or by hand, is counted afresh; another company's change, a second look at the
// same page and another filter's kept total are not. Each total is the one a count gave.
func TestKeptTotalsAreCountedAgainAfterEveryChange(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := seedPagedProducts(t, db, a.CompanyID, 25)
		seedPagedProducts(t, db, b.CompanyID, 5)
		counts := countsOf(t, db)
		page := func(f catalogdb.ProductFilter, want int64, counted bool, why string) {
			t.Helper()
			before := len(*counts)
			rows, total, err := catalogdb.LocalProductPage(db, a.CompanyID, f)
			if err != nil || total != want || len(rows) != min(f.Limit, int(want)) {
				t.Fatalf("%s: %d rows, total %d, %v; want total %d", why, len(rows), total, err, want)
			}
			if ran := len(*counts) > before; ran != counted {
				t.Errorf("%s: counted %v, want %v", why, ran, counted)
			}
		}
		all, byBrand := catalogdb.ProductFilter{Limit: 5}, catalogdb.ProductFilter{BrandID: brand, Limit: 5}
		page(all, 25, true, "first look")
		page(all, 25, false, "second look")
		page(byBrand, 9, true, "first look by brand")
		page(byBrand, 9, false, "second look by brand")
		page(catalogdb.ProductFilter{Limit: 5, Offset: 5}, 25, true, "page 2 (a statement of its own)")

		if err := db.Exec("DELETE FROM local_products WHERE company_id = ? AND sku = ?", b.CompanyID, "P-001").Error; err != nil {
			t.Fatal(err)
		}
		page(all, 25, false, "after 乙's change")

		err := catalogdb.CreateLocalProducts(db, []*catalogdb.LocalProduct{{CompanyID: a.CompanyID, SKU: "NEW-1", Name: "新品", Kind: 1,
			BrandID: &brand, CreatedAt: time.Now(), UpdatedAt: time.Now()}})
		if err != nil {
			t.Fatal(err)
		}
		page(all, 26, true, "after a new product")
		page(all, 26, false, "after a new product, again")
		page(byBrand, 10, true, "after a new product, by brand")

		if err := db.Exec("UPDATE local_products SET brand_id = NULL WHERE company_id = ? AND sku = ?", a.CompanyID, "NEW-1").Error; err != nil {
			t.Fatal(err)
		}
		page(byBrand, 9, true, "after a brand taken off by hand")
		if err := db.Exec("DELETE FROM local_products WHERE company_id = ? AND sku = ?", a.CompanyID, "NEW-1").Error; err != nil {
			t.Fatal(err)
		}
		page(all, 25, true, "after a product deleted by hand")
	})
}

// Inside a transaction the page counts its own uncommitted rows and keeps nothing: once it is rolled back, the list
// shows the committed total again. Handles with another cap keep their own totals.
func TestKeptTotalsStayOutOfTransactionsAndCaps(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		seedPagedProducts(t, db, a.CompanyID, 25)
		all := catalogdb.ProductFilter{Limit: 5}
		total := func(db *models.DB) int64 {
			t.Helper()
			_, n, err := catalogdb.LocalProductPage(db, a.CompanyID, all)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := total(db); n != 25 {
			t.Fatalf("before: total %d, want 25", n)
		}
		rollback := errors.New("rolled back")
		err := db.Tx(context.Background(), func(tx *models.DB) error {
			err := catalogdb.CreateLocalProducts(tx, []*catalogdb.LocalProduct{{CompanyID: a.CompanyID, SKU: "TX-1", Name: "回滚", Kind: 1,
				CreatedAt: time.Now(), UpdatedAt: time.Now()}})
			if err != nil {
				return err
			}
			for range 2 {
				if n := total(tx); n != 26 {
					t.Errorf("inside: total %d, want 26", n)
				}
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if n := total(db); n != 25 {
			t.Errorf("after the rollback: total %d, want 25", n)
		}
		if n, more := models.SplitTotal(total(dbtest.Capped(db, 10))); n != 10 || !more {
			t.Errorf("cap 10: total %d more %v, want more than 10", n, more)
		}
		if n := total(db); n != 25 {
			t.Errorf("default cap after cap 10: total %d, want 25", n)
		}
	})
}
