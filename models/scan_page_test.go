package models_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// findPage reads what gorm's Find reads, on both databases: NULLs into pointers, into sql.Scanners and into fields
// that cannot hold one (a LEFT JOIN's missing name, a computed NULL), named types (UseMark), columns no field
// takes, a row type that is not the query's model (gorm then selects the row type's columns), and, read through
// gorm's own scan, columns of one name and a field gorm serializes as JSON.
func TestFindPageReadsWhatFindReads(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		company := owner.CompanyID
		brand := &catalogdb.Brand{CompanyID: company, Name: "有品牌"}
		if err := catalogdb.CreateBrand(db, brand); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 3, 4, 5, 6, 7, 890000000, time.UTC)
		units := 12
		products := []*catalogdb.LocalProduct{
			{CompanyID: company, SKU: "A-1", Name: "有品牌有价", Kind: 1, BrandID: &brand.ID, CartonUnits: &units,
				Price: decimal.NewNullDecimal(decimal.RequireFromString("12.34")), Disabled: true, CreatedAt: at, UpdatedAt: at},
			{CompanyID: company, SKU: "A-2", Name: "无品牌无价", Kind: 2, Remark: "备注", CreatedAt: at.Add(time.Second), UpdatedAt: at},
		}
		if err := catalogdb.CreateLocalProducts(db, products); err != nil {
			t.Fatal(err)
		}
		for _, q := range []func() *gorm.DB{
			func() *gorm.DB {
				return db.Model(&catalogdb.LocalProduct{}).
					Select("local_products.*, brands.name AS brand_name, NULL AS category_name, 7 AS stock_inbound, 1 AS no_such_field").
					Joins("LEFT JOIN brands ON brands.id = local_products.brand_id").
					Where("local_products.company_id = ?", company).Order("local_products.sku")
			},
		} {
			var found, read []catalogdb.ProductRow
			if err := q().Find(&found).Error; err != nil {
				t.Fatal(err)
			}
			if err := models.FindPage(q(), &read); err != nil {
				t.Fatal(err)
			}
			if len(found) != 2 || !reflect.DeepEqual(found, read) {
				t.Fatalf("findPage read\n%+v\nFind\n%+v", read, found)
			}
		}
		// Two columns of one name: gorm's own scan.
		if found := findBoth[catalogdb.ProductRow](t, db.Model(&catalogdb.LocalProduct{}).Select("local_products.*, brands.*").
			Joins("LEFT JOIN brands ON brands.id = local_products.brand_id").Where("local_products.company_id = ?", company).
			Order("local_products.sku")); len(found) != 2 {
			t.Fatalf("two columns of one name: %+v", found)
		}
		if found := findBoth[catalogdb.LocalProduct](t, db.Model(&catalogdb.LocalProduct{}).Where("company_id = ?", company).Order("sku")); found[0].BrandID == nil || *found[0].CartonUnits != 12 || found[1].BrandID != nil || found[1].Price.Valid {
			t.Fatalf("pointers and NULLs: %+v", found)
		}

		// A row type smaller than the query's model: gorm selects its columns only.
		type skuOnly struct {
			ID  int64
			SKU string `gorm:"column:sku"`
		}
		if found := findBoth[skuOnly](t, db.Model(&catalogdb.LocalProduct{}).Where("company_id = ?", company).Order("sku")); found[1].SKU != "A-2" {
			t.Fatalf("smaller row: %+v", found)
		}

		for _, v := range []*admindb.QueryFieldVersion{
			{CompanyID: company, UserID: owner.ID, Queryname: "甲表", Versionname: "一", InUse: true,
				FieldList: []admindb.SavedColumn{{Ffield: "sku", Findex: 0, IsShow: true}}},
			{CompanyID: company, UserID: owner.ID, Queryname: "甲表", Versionname: "二", FieldList: []admindb.SavedColumn{}},
		} {
			if err := admindb.SaveQueryFieldVersion(db, v); err != nil {
				t.Fatal(err)
			}
		}
		if found := findBoth[admindb.QueryFieldVersion](t, db.Model(&admindb.QueryFieldVersion{}).Where("company_id = ?", company).Order("versionname")); len(found) != 2 || len(found[0].FieldList) != 1 {
			t.Fatalf("serialized field: %+v", found)
		}
	})
}

// findBoth reads q with gorm's Find and with findPage, fails unless they agree, and returns the rows.
func findBoth[T any](t *testing.T, q *gorm.DB) []T {
	t.Helper()
	var found, read []T
	if err := q.Session(&gorm.Session{}).Find(&found).Error; err != nil {
		t.Fatal(err)
	}
	if err := models.FindPage(q.Session(&gorm.Session{}), &read); err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 || !reflect.DeepEqual(found, read) {
		t.Fatalf("findPage read\n%+v\nFind\n%+v", read, found)
	}
	return found
}

// BenchmarkFindPage compares gorm's Find with findPage on a page of 20 product rows as the product list reads them
// (go test -run XXX -bench FindPage -benchmem ./models/; both databases when PostgreSQL is reachable).
func BenchmarkFindPage(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		db := dbtest.Open(b, kind)
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "甲"}, owner); err != nil {
			b.Fatal(err)
		}
		var ps []*catalogdb.LocalProduct
		for i := range 20 {
			ps = append(ps, &catalogdb.LocalProduct{CompanyID: owner.CompanyID, SKU: fmt.Sprint("S-", i), Name: "蓝牙耳机", Kind: 1,
				CreatedAt: time.Now(), UpdatedAt: time.Now()})
		}
		if err := catalogdb.CreateLocalProducts(db, ps); err != nil {
			b.Fatal(err)
		}
		page := func() *gorm.DB {
			return db.Model(&catalogdb.LocalProduct{}).Select("local_products.*, brands.name AS brand_name, 0 AS stock_inbound").
				Joins("LEFT JOIN brands ON brands.id = local_products.brand_id").
				Where("local_products.company_id = ?", owner.CompanyID).Order("local_products.id")
		}
		for name, read := range map[string]func(*[]catalogdb.ProductRow) error{
			"Find":     func(rows *[]catalogdb.ProductRow) error { return page().Find(rows).Error },
			"findPage": func(rows *[]catalogdb.ProductRow) error { return models.FindPage(page(), rows) },
		} {
			b.Run(kind+"/"+name, func(b *testing.B) {
				for b.Loop() {
					var rows []catalogdb.ProductRow
					if err := read(&rows); err != nil || len(rows) != 20 {
						b.Fatalf("%d rows, %v", len(rows), err)
					}
				}
			})
		}
	}
}
