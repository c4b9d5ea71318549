package models_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// seedPagedProducts gives the company n products: created a second apart, every third of brand, weights and prices
// repeating over a few values (some none) so that the id has ties to break; it answers the brand's id.
func seedPagedProducts(t *testing.T, db *models.DB, companyID int64, n int) int64 {
	t.Helper()
	brand := &models.Brand{CompanyID: companyID, Name: "翻页"}
	if err := db.CreateBrand(brand); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var ps []*models.LocalProduct
	for i := range n {
		p := &models.LocalProduct{CompanyID: companyID, SKU: fmt.Sprintf("P-%03d", (i*7)%n), Name: fmt.Sprintf("产品%d", i%4),
			Kind: 1, CreatedAt: start.Add(time.Duration(i/2) * time.Second), UpdatedAt: start}
		if i%3 == 0 {
			p.BrandID = &brand.ID
		}
		if i%5 != 0 {
			p.Weight = dec(fmt.Sprint(i % 3))
			p.Price = dec(fmt.Sprintf("%d.50", i%4))
		}
		ps = append(ps, p)
	}
	if err := db.CreateLocalProducts(ps); err != nil {
		t.Fatal(err)
	}
	return brand.ID
}

// capped is db with its list count cap set to n.
func capped(db *models.DB, n int) *models.DB {
	c := *db
	c.CountCap = n
	return &c
}

func productIDs(rows []models.ProductRow) []int64 {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

func TestListTotalsAreExactBelowTheCapAndCappedAbove(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		b := newCompany(t, db, "乙", "13800000002")
		brand := seedPagedProducts(t, db, a.CompanyID, 25)
		seedPagedProducts(t, db, b.CompanyID, 3)
		low := capped(db, 10)
		cases := []struct {
			name      string
			f         models.ProductFilter
			total     int64
			more      bool
			rows      int
			whyCounts string
		}{
			{"first page of all", models.ProductFilter{Limit: 5}, 10, true, 5, "more than the cap"},
			{"first page, brand (9 rows)", models.ProductFilter{BrandID: brand, Limit: 5}, 9, false, 5, "exact below the cap"},
			{"only page, brand", models.ProductFilter{BrandID: brand, Limit: 20}, 9, false, 9, "the page ends the list"},
			{"second page, brand", models.ProductFilter{BrandID: brand, Offset: 5, Limit: 5}, 9, false, 4, "the page ends the list"},
			{"last page of all", models.ProductFilter{Offset: 20, Limit: 5}, 25, false, 5, "the page ends the list past the cap"},
			{"a page past the cap", models.ProductFilter{Offset: 15, Limit: 5}, 20, true, 5, "known to the page's end"},
			{"past the end", models.ProductFilter{Offset: 30, Limit: 5}, 10, true, 0, "counted up to the cap"},
			{"past the end, brand", models.ProductFilter{BrandID: brand, Offset: 30, Limit: 5}, 9, false, 0, "counted"},
			{"no match", models.ProductFilter{Keyword: "无此", Limit: 5}, 0, false, 0, "empty first page"},
		}
		for _, c := range cases {
			rows, total, err := low.LocalProductPage(a.CompanyID, c.f)
			n, more := models.SplitTotal(total)
			if err != nil || n != c.total || more != c.more || len(rows) != c.rows {
				t.Errorf("%s (%s): %d rows, total %d more %v, %v; want %d rows, total %d more %v", c.name, c.whyCounts,
					len(rows), n, more, err, c.rows, c.total, c.more)
			}
		}
		if _, total, err := db.LocalProductPage(a.CompanyID, models.ProductFilter{Limit: 5}); err != nil || total != 25 {
			t.Errorf("default cap: total %d %v, want exactly 25", total, err)
		}
		if _, total, err := low.LocalProductPage(b.CompanyID, models.ProductFilter{Offset: 1, Limit: 1}); err != nil || total != 3 {
			t.Errorf("乙's total %d %v, want 3 (甲's rows never counted)", total, err)
		}
		if n, err := capped(db, 2).CountDicts(a.CompanyID, ""); err != nil || n != 0 {
			t.Errorf("no dictionaries: %d %v", n, err)
		}
	})
}

func TestProductPagesOfEverySortNeitherOverlapNorSkip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		brand := seedPagedProducts(t, db, a.CompanyID, 23)
		low := capped(db, 6)
		for _, col := range []string{"", "sku", "name", "created_at", "weight", "price"} {
			for _, desc := range []bool{false, true} {
				for _, brandID := range []int64{0, brand} {
					f := models.ProductFilter{OrderBy: col, Desc: desc, BrandID: brandID}
					// What one OFFSET query over the whole table gives, the order the list always had.
					f.Limit = 100
					all, _, err := db.LocalProductPage(a.CompanyID, f)
					if err != nil {
						t.Fatal(err)
					}
					want := productIDs(all)
					var got []int64
					for page := 0; ; page++ {
						f.Offset, f.Limit = page*4, 4
						rows, _, err := low.LocalProductPage(a.CompanyID, f)
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
