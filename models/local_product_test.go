package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

func dec(s string) decimal.NullDecimal {
	return decimal.NullDecimal{Decimal: decimal.RequireFromString(s), Valid: true}
}

func TestCatalogListsAreTheCompanysAndRefuseDuplicates(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		b := newCompany(t, db, "乙", "13800000002")
		brand := &models.Brand{CompanyID: a.CompanyID, Name: "Anker"}
		if err := db.CreateBrand(brand); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateBrand(&models.Brand{CompanyID: a.CompanyID, Name: "Anker"}); !models.IsDuplicate(err) {
			t.Fatalf("second Anker in 甲: %v", err)
		}
		if err := db.CreateBrand(&models.Brand{CompanyID: b.CompanyID, Name: "Anker"}); err != nil {
			t.Fatalf("Anker in 乙: %v", err)
		}
		rows, total, err := db.BrandPage(a.CompanyID, models.NamedList{Name: "nk", Limit: 10})
		if err != nil || total != 1 || rows[0].ID != brand.ID {
			t.Fatalf("brand page = %v %d %v", rows, total, err)
		}
		if _, err := db.BrandByID(b.CompanyID, brand.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's brand: %v", err)
		}
		if err := db.DeleteBrand(b.CompanyID, brand.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's brand: %v", err)
		}
		sup := &models.Supplier{CompanyID: a.CompanyID, Name: "深圳工厂", Phone: "0755-1"}
		if err := db.CreateSupplier(sup); err != nil {
			t.Fatal(err)
		}
		sup.Contact, sup.Name = "王经理", "深圳一厂"
		if err := db.UpdateSupplier(sup); err != nil {
			t.Fatal(err)
		}
		if got, err := db.SupplierByName(a.CompanyID, "深圳一厂"); err != nil || got.Contact != "王经理" {
			t.Fatalf("supplier after update = %+v %v", got, err)
		}

		top := &models.Category{CompanyID: a.CompanyID, Name: "电子"}
		if err := db.CreateCategory(top); err != nil {
			t.Fatal(err)
		}
		child := &models.Category{CompanyID: a.CompanyID, ParentID: top.ID, Name: "充电器"}
		if err := db.CreateCategory(child); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateCategory(&models.Category{CompanyID: a.CompanyID, ParentID: top.ID, Name: "充电器"}); !models.IsDuplicate(err) {
			t.Fatalf("sibling with the same name: %v", err)
		}
		if err := db.CreateCategory(&models.Category{CompanyID: a.CompanyID, Name: "充电器"}); err != nil {
			t.Fatalf("same name elsewhere in the tree: %v", err)
		}
		if in, err := db.CategoryWithin(a.CompanyID, child.ID, top.ID); err != nil || !in {
			t.Fatalf("child within top = %v %v", in, err)
		}
		if in, err := db.CategoryWithin(a.CompanyID, top.ID, child.ID); err != nil || in {
			t.Fatalf("top within child = %v %v", in, err)
		}
		if named, err := db.CategoriesNamed(a.CompanyID, "充电器"); err != nil || len(named) != 2 {
			t.Fatalf("categories named 充电器 = %v %v", named, err)
		}
		if n, err := db.CountChildCategories(a.CompanyID, top.ID); err != nil || n != 1 {
			t.Fatalf("children of top = %d %v", n, err)
		}

		p := &models.LocalProduct{CompanyID: a.CompanyID, SKU: "CH-1", Name: "充电器", Kind: 1, BrandID: &brand.ID,
			CategoryID: &child.ID, SupplierID: &sup.ID}
		if err := db.CreateLocalProduct(p); err != nil {
			t.Fatal(err)
		}
		for col, id := range map[string]int64{models.ProductBrand: brand.ID, models.ProductCategory: child.ID, models.ProductSupplier: sup.ID} {
			if n, err := db.CountProductsUsing(a.CompanyID, col, id); err != nil || n != 1 {
				t.Fatalf("products using %s = %d %v", col, n, err)
			}
		}
	})
}

func TestLocalProductsListFilterAndKeepTheirDecimals(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		b := newCompany(t, db, "乙", "13800000002")
		brand := &models.Brand{CompanyID: a.CompanyID, Name: "Anker"}
		if err := db.CreateBrand(brand); err != nil {
			t.Fatal(err)
		}
		units := 24
		p := &models.LocalProduct{CompanyID: a.CompanyID, SKU: "A-100", Name: "蓝牙耳机", Kind: 1, BrandID: &brand.ID,
			Price: dec("19.90"), Weight: dec("0.125"), Length: dec("10.5"), Width: dec("8"), Height: dec("3.25"),
			CartonUnits: &units, CartonWeight: dec("3.5"), CartonLength: dec("40"), CartonWidth: dec("30"), CartonHeight: dec("20")}
		if err := db.CreateLocalProduct(p); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateLocalProduct(&models.LocalProduct{CompanyID: a.CompanyID, SKU: "A-100", Name: "重复"}); !models.IsDuplicate(err) {
			t.Fatalf("second A-100 in 甲: %v", err)
		}
		if err := db.CreateLocalProduct(&models.LocalProduct{CompanyID: b.CompanyID, SKU: "A-100", Name: "乙的"}); err != nil {
			t.Fatalf("A-100 in 乙: %v", err)
		}
		if err := db.CreateLocalProducts([]*models.LocalProduct{
			{CompanyID: a.CompanyID, SKU: "B-200", Name: "数据线 100%", Kind: 1},
			{CompanyID: a.CompanyID, SKU: "C-300", Name: "纸箱", Kind: models.ProductKindPackage},
		}); err != nil {
			t.Fatal(err)
		}

		got, err := db.LocalProductByID(a.CompanyID, 0, p.ID)
		if err != nil || got.BrandName != "Anker" || got.Price.Decimal.String() != "19.9" || got.Weight.Decimal.String() != "0.125" ||
			got.Height.Decimal.String() != "3.25" || *got.CartonUnits != 24 || got.CategoryID != nil || got.Width.Decimal.String() != "8" {
			t.Fatalf("product read back = %+v %v", got, err)
		}
		if _, err := db.LocalProductByID(b.CompanyID, 0, p.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's product: %v", err)
		}

		cases := []struct {
			f    models.ProductFilter
			want []string
		}{
			{models.ProductFilter{}, []string{"C-300", "B-200", "A-100"}},
			{models.ProductFilter{Keyword: "耳机"}, []string{"A-100"}},
			{models.ProductFilter{Keyword: "b-2"}, []string{"B-200"}},
			{models.ProductFilter{Keyword: "100%"}, []string{"B-200"}},
			{models.ProductFilter{BrandID: brand.ID}, []string{"A-100"}},
			{models.ProductFilter{Kind: models.ProductKindPackage}, []string{"C-300"}},
			{models.ProductFilter{OrderBy: "sku"}, []string{"A-100", "B-200", "C-300"}},
		}
		for _, c := range cases {
			c.f.Limit = 10
			rows, total, err := db.LocalProductPage(a.CompanyID, c.f)
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

		taken, err := db.LocalProductSKUsTaken(a.CompanyID, []string{"A-100", "Z-1", "C-300"})
		if err != nil || len(taken) != 2 || !taken["A-100"] || !taken["C-300"] {
			t.Fatalf("taken = %v %v", taken, err)
		}

		p.Name, p.Price, p.BrandID = "降噪耳机", decimal.NullDecimal{}, nil
		p.UpdatedAt = time.Now()
		if err := db.UpdateLocalProduct(p); err != nil {
			t.Fatal(err)
		}
		if err := db.SetLocalProductDisabled(a.CompanyID, p.ID, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := db.SetLocalProductDisabled(b.CompanyID, p.ID, false, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 enabling 甲's product: %v", err)
		}
		got, _ = db.LocalProductByID(a.CompanyID, 0, p.ID)
		if got.Name != "降噪耳机" || got.Price.Valid || got.BrandID != nil || !got.Disabled {
			t.Fatalf("after update = %+v", got)
		}
		found, err := db.SearchLocalProducts(a.CompanyID, "", 10)
		if err != nil || len(found) != 2 || found[0].SKU != "B-200" {
			t.Fatalf("search leaves out the disabled product: %v %v", found, err)
		}
	})
}

func TestAProductInUseIsNotDeletedAndItsListingsAreUnpaired(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		b := newCompany(t, db, "乙", "13800000002")
		if err := db.SaveMarketplaces(); err != nil {
			t.Fatal(err)
		}
		group := &models.StoreGroup{CompanyID: a.CompanyID, Name: "美国店"}
		if err := db.Create(group).Error; err != nil {
			t.Fatal(err)
		}
		free := newProduct(t, db, a.CompanyID, "FREE")
		stocked := newProduct(t, db, a.CompanyID, "STOCKED")
		l := &models.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
			SellerSKU: "FREE-US", FNSKU: "X001", ProductID: &free.ID}
		if err := db.CreateListing(l); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateListing(&models.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "FREE-US"}); !models.IsDuplicate(err) {
			t.Fatalf("same seller SKU twice: %v", err)
		}
		if err := db.CreateListing(&models.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "A1PA6795UKMFR9", SellerSKU: "FREE-US"}); err != nil {
			t.Fatalf("same seller SKU in DE: %v", err)
		}
		of, err := db.ListingsOfProduct(a.CompanyID, a.ID, free.ID)
		if err != nil || len(of) != 1 || of[0].GroupName != "美国店" || of[0].ProductSKU != "FREE" || of[0].FNSKU != "X001" {
			t.Fatalf("listings of FREE = %+v %v", of, err)
		}
		paired := true
		rows, total, err := db.ListingPage(a.CompanyID, models.ListingFilter{Paired: &paired, Limit: 10})
		if err != nil || total != 1 || rows[0].ID != l.ID {
			t.Fatalf("paired listings = %+v %d %v", rows, total, err)
		}
		rows, total, err = db.ListingPage(a.CompanyID, models.ListingFilter{Keyword: "x00", Limit: 10})
		if err != nil || total != 1 {
			t.Fatalf("by FNSKU = %+v %d %v", rows, total, err)
		}
		if _, total, _ := db.ListingPage(b.CompanyID, models.ListingFilter{Limit: 10}); total != 0 {
			t.Fatalf("乙 sees %d of 甲's listings", total)
		}
		if err := db.PairListing(b.CompanyID, b.ID, l.ID, nil, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 unpairing 甲's listing: %v", err)
		}

		w := newWarehouse(t, db, a.CompanyID, "深圳仓")
		if err := move(db, a.CompanyID, "IN-1", models.StockChange{WarehouseID: w.ID, ProductID: stocked.ID, Fulfillable: 5}); err != nil {
			t.Fatal(err)
		}
		if use, err := db.LocalProductUse(a.CompanyID, stocked.ID); err != nil || use != models.ProductHasStock {
			t.Fatalf("use of STOCKED = %q %v", use, err)
		}
		if use, err := db.LocalProductUse(a.CompanyID, free.ID); err != nil || use != models.ProductUnused {
			t.Fatalf("use of FREE = %q %v", use, err)
		}
		err = db.Tx(context.Background(), func(tx *models.DB) error { return tx.DeleteLocalProduct(a.CompanyID, free.ID) })
		if err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteLocalProduct(b.CompanyID, stocked.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's product: %v", err)
		}
		left, err := db.ListingByID(a.CompanyID, a.ID, l.ID)
		if err != nil || left.ProductID != nil || left.ProductSKU != "" {
			t.Fatalf("listing after its product went = %+v %v", left, err)
		}
	})
}
