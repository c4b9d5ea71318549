package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	"sellerhub/models/stores"
)

func TestCatalogListsAreTheCompanysAndRefuseDuplicates(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := &catalog.Brand{CompanyID: a.CompanyID, Name: "Anker"}
		if err := catalog.CreateBrand(db, brand); err != nil {
			t.Fatal(err)
		}
		if err := catalog.CreateBrand(db, &catalog.Brand{CompanyID: a.CompanyID, Name: "Anker"}); !models.IsDuplicate(err) {
			t.Fatalf("second Anker in 甲: %v", err)
		}
		if err := catalog.CreateBrand(db, &catalog.Brand{CompanyID: b.CompanyID, Name: "Anker"}); err != nil {
			t.Fatalf("Anker in 乙: %v", err)
		}
		rows, total, err := catalog.BrandPage(db, a.CompanyID, models.NamedList{Name: "nk", Limit: 10})
		if err != nil || total != 1 || rows[0].ID != brand.ID {
			t.Fatalf("brand page = %v %d %v", rows, total, err)
		}
		if _, err := catalog.BrandByID(db, b.CompanyID, brand.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's brand: %v", err)
		}
		if err := catalog.DeleteBrand(db, b.CompanyID, brand.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's brand: %v", err)
		}
		sup := &catalog.Supplier{CompanyID: a.CompanyID, Name: "深圳工厂", Phone: "0755-1"}
		if err := catalog.CreateSupplier(db, sup); err != nil {
			t.Fatal(err)
		}
		sup.Contact, sup.Name = "王经理", "深圳一厂"
		if err := catalog.UpdateSupplier(db, sup); err != nil {
			t.Fatal(err)
		}
		if got, err := catalog.SupplierByName(db, a.CompanyID, "深圳一厂"); err != nil || got.Contact != "王经理" {
			t.Fatalf("supplier after update = %+v %v", got, err)
		}

		top := &catalog.Category{CompanyID: a.CompanyID, Name: "电子"}
		if err := catalog.CreateCategory(db, top); err != nil {
			t.Fatal(err)
		}
		child := &catalog.Category{CompanyID: a.CompanyID, ParentID: top.ID, Name: "充电器"}
		if err := catalog.CreateCategory(db, child); err != nil {
			t.Fatal(err)
		}
		if err := catalog.CreateCategory(db, &catalog.Category{CompanyID: a.CompanyID, ParentID: top.ID, Name: "充电器"}); !models.IsDuplicate(err) {
			t.Fatalf("sibling with the same name: %v", err)
		}
		if err := catalog.CreateCategory(db, &catalog.Category{CompanyID: a.CompanyID, Name: "充电器"}); err != nil {
			t.Fatalf("same name elsewhere in the tree: %v", err)
		}
		if in, err := catalog.CategoryWithin(db, a.CompanyID, child.ID, top.ID); err != nil || !in {
			t.Fatalf("child within top = %v %v", in, err)
		}
		if in, err := catalog.CategoryWithin(db, a.CompanyID, top.ID, child.ID); err != nil || in {
			t.Fatalf("top within child = %v %v", in, err)
		}
		if named, err := catalog.CategoriesNamed(db, a.CompanyID, "充电器"); err != nil || len(named) != 2 {
			t.Fatalf("categories named 充电器 = %v %v", named, err)
		}
		if n, err := catalog.CountChildCategories(db, a.CompanyID, top.ID); err != nil || n != 1 {
			t.Fatalf("children of top = %d %v", n, err)
		}

		p := &catalog.LocalProduct{CompanyID: a.CompanyID, SKU: "CH-1", Name: "充电器", Kind: 1, BrandID: &brand.ID,
			CategoryID: &child.ID, SupplierID: &sup.ID}
		if err := catalog.CreateLocalProduct(db, p); err != nil {
			t.Fatal(err)
		}
		for col, id := range map[string]int64{catalog.ProductBrand: brand.ID, catalog.ProductCategory: child.ID, catalog.ProductSupplier: sup.ID} {
			if n, err := catalog.CountProductsUsing(db, a.CompanyID, col, id); err != nil || n != 1 {
				t.Fatalf("products using %s = %d %v", col, n, err)
			}
		}
	})
}

func TestLocalProductsListFilterAndKeepTheirDecimals(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		brand := &catalog.Brand{CompanyID: a.CompanyID, Name: "Anker"}
		if err := catalog.CreateBrand(db, brand); err != nil {
			t.Fatal(err)
		}
		units := 24
		p := &catalog.LocalProduct{CompanyID: a.CompanyID, SKU: "A-100", Name: "蓝牙耳机", Kind: 1, BrandID: &brand.ID,
			Price: dbtest.Dec("19.90"), Weight: dbtest.Dec("0.125"), Length: dbtest.Dec("10.5"), Width: dbtest.Dec("8"), Height: dbtest.Dec("3.25"),
			CartonUnits: &units, CartonWeight: dbtest.Dec("3.5"), CartonLength: dbtest.Dec("40"), CartonWidth: dbtest.Dec("30"), CartonHeight: dbtest.Dec("20")}
		if err := catalog.CreateLocalProduct(db, p); err != nil {
			t.Fatal(err)
		}
		if err := catalog.CreateLocalProduct(db, &catalog.LocalProduct{CompanyID: a.CompanyID, SKU: "A-100", Name: "重复"}); !models.IsDuplicate(err) {
			t.Fatalf("second A-100 in 甲: %v", err)
		}
		if err := catalog.CreateLocalProduct(db, &catalog.LocalProduct{CompanyID: b.CompanyID, SKU: "A-100", Name: "乙的"}); err != nil {
			t.Fatalf("A-100 in 乙: %v", err)
		}
		if err := catalog.CreateLocalProducts(db, []*catalog.LocalProduct{
			{CompanyID: a.CompanyID, SKU: "B-200", Name: "数据线 100%", Kind: 1},
			{CompanyID: a.CompanyID, SKU: "C-300", Name: "纸箱", Kind: catalog.ProductKindPackage},
		}); err != nil {
			t.Fatal(err)
		}

		got, err := catalog.LocalProductByID(db, a.CompanyID, 0, p.ID)
		if err != nil || got.BrandName != "Anker" || got.Price.Decimal.String() != "19.9" || got.Weight.Decimal.String() != "0.125" ||
			got.Height.Decimal.String() != "3.25" || *got.CartonUnits != 24 || got.CategoryID != nil || got.Width.Decimal.String() != "8" {
			t.Fatalf("product read back = %+v %v", got, err)
		}
		if _, err := catalog.LocalProductByID(db, b.CompanyID, 0, p.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's product: %v", err)
		}

		cases := []struct {
			f    catalog.ProductFilter
			want []string
		}{
			{catalog.ProductFilter{}, []string{"C-300", "B-200", "A-100"}},
			{catalog.ProductFilter{Keyword: "耳机"}, []string{"A-100"}},
			{catalog.ProductFilter{Keyword: "b-2"}, []string{"B-200"}},
			{catalog.ProductFilter{Keyword: "100%"}, []string{"B-200"}},
			{catalog.ProductFilter{BrandID: brand.ID}, []string{"A-100"}},
			{catalog.ProductFilter{Kind: catalog.ProductKindPackage}, []string{"C-300"}},
			{catalog.ProductFilter{OrderBy: "sku"}, []string{"A-100", "B-200", "C-300"}},
		}
		for _, c := range cases {
			c.f.Limit = 10
			rows, total, err := catalog.LocalProductPage(db, a.CompanyID, c.f)
			var skus []string
			for _, r := range rows {
				skus = append(skus, r.SKU)
			}
			if err != nil || int(total) != len(c.want) || len(skus) != len(c.want) {
				t.Fatalf("%+v: %v (%d) %v, want %v", c.f, skus, total, err, c.want)
			}
			for i := range skus {
				if skus[i] != c.want[i] {
					t.Fatalf("%+v: %v, want %v", c.f, skus, c.want)
				}
			}
		}

		taken, err := catalog.LocalProductSKUsTaken(db, a.CompanyID, []string{"A-100", "Z-1", "C-300"})
		if err != nil || len(taken) != 2 || !taken["A-100"] || !taken["C-300"] {
			t.Fatalf("taken = %v %v", taken, err)
		}

		p.Name, p.Price, p.BrandID = "降噪耳机", decimal.NullDecimal{}, nil
		p.UpdatedAt = time.Now()
		if err := catalog.UpdateLocalProduct(db, p); err != nil {
			t.Fatal(err)
		}
		if err := catalog.SetLocalProductDisabled(db, a.CompanyID, p.ID, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := catalog.SetLocalProductDisabled(db, b.CompanyID, p.ID, false, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 enabling 甲's product: %v", err)
		}
		got, _ = catalog.LocalProductByID(db, a.CompanyID, 0, p.ID)
		if got.Name != "降噪耳机" || got.Price.Valid || got.BrandID != nil || !got.Disabled {
			t.Fatalf("after update = %+v", got)
		}
		found, err := catalog.SearchLocalProducts(db, a.CompanyID, "", 10)
		if err != nil || len(found) != 2 || found[0].SKU != "B-200" {
			t.Fatalf("search leaves out the disabled product: %v %v", found, err)
		}
	})
}

func TestAProductInUseIsNotDeletedAndItsListingsAreUnpaired(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		group := &stores.StoreGroup{CompanyID: a.CompanyID, Name: "美国店"}
		if err := db.Create(group).Error; err != nil {
			t.Fatal(err)
		}
		free := dbtest.NewProduct(t, db, a.CompanyID, "FREE")
		stocked := dbtest.NewProduct(t, db, a.CompanyID, "STOCKED")
		l := &catalog.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
			SellerSKU: "FREE-US", FNSKU: "X001", ProductID: &free.ID}
		if err := catalog.CreateListing(db, l); err != nil {
			t.Fatal(err)
		}
		if err := catalog.CreateListing(db, &catalog.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "FREE-US"}); !models.IsDuplicate(err) {
			t.Fatalf("same seller SKU twice: %v", err)
		}
		if err := catalog.CreateListing(db, &catalog.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "A1PA6795UKMFR9", SellerSKU: "FREE-US"}); err != nil {
			t.Fatalf("same seller SKU in DE: %v", err)
		}
		of, err := catalog.ListingsOfProduct(db, a.CompanyID, a.ID, free.ID)
		if err != nil || len(of) != 1 || of[0].GroupName != "美国店" || of[0].ProductSKU != "FREE" || of[0].FNSKU != "X001" {
			t.Fatalf("listings of FREE = %+v %v", of, err)
		}
		paired := true
		rows, total, err := catalog.ListingPage(db, a.CompanyID, catalog.ListingFilter{Paired: &paired, Limit: 10})
		if err != nil || total != 1 || rows[0].ID != l.ID {
			t.Fatalf("paired listings = %+v %d %v", rows, total, err)
		}
		rows, total, err = catalog.ListingPage(db, a.CompanyID, catalog.ListingFilter{Keyword: "x00", Limit: 10})
		if err != nil || total != 1 {
			t.Fatalf("by FNSKU = %+v %d %v", rows, total, err)
		}
		if _, total, _ := catalog.ListingPage(db, b.CompanyID, catalog.ListingFilter{Limit: 10}); total != 0 {
			t.Fatalf("乙 sees %d of 甲's listings", total)
		}
		if err := catalog.PairListing(db, b.CompanyID, b.ID, l.ID, nil, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 unpairing 甲's listing: %v", err)
		}

		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		if err := dbtest.Move(db, a.CompanyID, "IN-1", stockdb.StockChange{WarehouseID: w.ID, ProductID: stocked.ID, Fulfillable: 5}); err != nil {
			t.Fatal(err)
		}
		if use, err := catalog.LocalProductUse(db, a.CompanyID, stocked.ID); err != nil || use != catalog.ProductHasStock {
			t.Fatalf("use of STOCKED = %q %v", use, err)
		}
		if use, err := catalog.LocalProductUse(db, a.CompanyID, free.ID); err != nil || use != catalog.ProductUnused {
			t.Fatalf("use of FREE = %q %v", use, err)
		}
		err = db.Tx(context.Background(), func(tx *models.DB) error { return catalog.DeleteLocalProduct(tx, a.CompanyID, free.ID) })
		if err != nil {
			t.Fatal(err)
		}
		if err := catalog.DeleteLocalProduct(db, b.CompanyID, stocked.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's product: %v", err)
		}
		left, err := catalog.ListingByID(db, a.CompanyID, a.ID, l.ID)
		if err != nil || left.ProductID != nil || left.ProductSKU != "" {
			t.Fatalf("listing after its product went = %+v %v", left, err)
		}
	})
}
