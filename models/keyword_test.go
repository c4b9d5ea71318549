package models_test

import (
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// keywords are the searches every keyword list is tried with: shorter than a trigram and longer, in either case,
// Chinese, with the user's %, _, the LIKE escape ! and the FTS5 phrase quote ", spaces, and no match.
var keywords = []string{"a", "9", "99", "99999", "abc", "ABC", "aBc-9", "手机", "手机壳", "蓝牙耳机", "%", "0%",
	"_", "%_", "棉_布", "!", "d!t", `"hi"`, "cotton", "COTTON 棉", "e C", "x00", "B0", "rk2026", "-000", "nothing",
	// one character repeated, which PostgreSQL narrows by its four-character pieces instead of its one trigram
	"9999", "0000", "aaaa", "AAAA", "AaAaA", "线线线线"}

// containing lists the names whose texts (any of them) contain keyword, ignoring letter case: what a keyword
// search meant before the indexes, for texts whose only letters with a case are ASCII ones.
func containing(keyword string, texts map[string][]string) []string {
	var want []string
	for name, ts := range texts {
		for _, t := range ts {
			if strings.Contains(strings.ToLower(t), strings.ToLower(keyword)) {
				want = append(want, name)
				break
			}
		}
	}
	slices.Sort(want)
	return want
}

func sorted(names []string) []string {
	slices.Sort(names)
	return names
}

func TestKeywordSearchFindsWhatTheLikeFound(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		products := map[string][]string{
			"ABC-99999": {"ABC-99999", "Phone Case 手机壳 黑色"},
			"abc-10001": {"abc-10001", "蓝牙耳机 Bluetooth"},
			"X%_Y-1":    {"X%_Y-1", "100% cotton 棉_布"},
			"XY-2":      {"XY-2", "100 cotton 棉布"},
			"Kid!Toy":   {"Kid!Toy", `儿童玩具 Say "hi"`},
			"EC-1":      {"EC-1", "ÉCLAIR 甜点"},
			"aaaa-0000": {"aaaa-0000", "AAAAA 数据线"},
		}
		skuIDs := map[string]int64{}
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		for sku, texts := range products {
			p := &catalogdb.LocalProduct{CompanyID: a.CompanyID, SKU: sku, Name: texts[1], Kind: catalogdb.ProductKindProduct}
			if err := catalogdb.CreateLocalProduct(db, p); err != nil {
				t.Fatal(err)
			}
			skuIDs[sku] = p.ID
			if err := dbtest.Move(db, a.CompanyID, "RK2026-000"+sku[len(sku)-1:], stockdb.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 1}); err != nil {
				t.Fatal(err)
			}
		}
		// Another company's product matching the same keywords is never found.
		dbtest.NewProduct(t, db, b.CompanyID, "ABC-99999")
		group := &storesdb.StoreGroup{CompanyID: a.CompanyID, Name: "美国店"}
		if err := db.Create(group).Error; err != nil {
			t.Fatal(err)
		}
		listings := map[string][]string{
			"abc-99999-US": {"abc-99999-US", "B0ABC12345", "X00ABC"},
			"cotton_1":     {"cotton_1", "B0COT%0001", ""},
		}
		// The shipment form's picker searches the paired listings by the product's SKU and name and the seller SKU.
		paired := map[string][]string{"abc-99999-US": {"abc-99999-US", "ABC-99999", products["ABC-99999"][1]}}
		for sku, texts := range listings {
			l := &catalogdb.Listing{CompanyID: a.CompanyID, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: sku, ASIN: texts[1], FNSKU: texts[2]}
			if paired[sku] != nil {
				id := skuIDs["ABC-99999"]
				l.ProductID = &id
			}
			if err := catalogdb.CreateListing(db, l); err != nil {
				t.Fatal(err)
			}
		}
		// The LIKE each list ran before migration 00030's indexes, on this database.
		like := " LIKE ? ESCAPE '!'"
		if db.Driver == "postgres" {
			like = " ILIKE ? ESCAPE '!'"
		}
		before := func(keyword string) []string {
			p := "%" + strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(keyword) + "%"
			var skus []string
			if err := db.Raw("SELECT sku FROM local_products WHERE company_id = ? AND (sku"+like+" OR name"+like+")",
				a.CompanyID, p, p).Scan(&skus).Error; err != nil {
				t.Fatal(err)
			}
			return sorted(skus)
		}

		for _, k := range append(keywords, "éclair", "ÉCLAIR") {
			rows, total, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Keyword: k, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range rows {
				got = append(got, r.SKU)
			}
			got = sorted(got)
			if want := before(k); !slices.Equal(got, want) || int(total) != len(want) {
				t.Errorf("products %q = %v (total %d), the LIKE found %v", k, got, total, want)
			}
			// É has a case that SQLite's LIKE does not fold: the two databases differed there before and still do.
			if strings.Contains(strings.ToLower(k), "éclair") {
				continue
			}
			if want := containing(k, products); !slices.Equal(got, want) {
				t.Errorf("products %q = %v, want %v", k, got, want)
			}

			lrows, _, err := catalogdb.ListingPage(db, a.CompanyID, catalogdb.ListingFilter{UserID: a.ID, Keyword: k, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, r := range lrows {
				got = append(got, r.SellerSKU)
			}
			if want := containing(k, listings); !slices.Equal(sorted(got), want) {
				t.Errorf("listings %q = %v, want %v", k, got, want)
			}

			prows, err := shippingdb.PairedListings(db, a.CompanyID, group.ID, "ATVPDKIKX0DER", w.ID, k, 100)
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, r := range prows {
				got = append(got, r.SellerSKU)
			}
			if want := containing(k, paired); !slices.Equal(sorted(got), want) {
				t.Errorf("paired listings %q = %v, want %v", k, got, want)
			}

			srows, _, err := stockdb.StockPage(db, a.CompanyID, stockdb.StockFilter{Search: k, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, r := range srows {
				got = append(got, r.SKU)
			}
			if want := containing(k, products); !slices.Equal(sorted(got), want) {
				t.Errorf("stock %q = %v, want %v", k, got, want)
			}

			ledger, _, err := stockdb.LedgerPage(db, a.CompanyID, stockdb.LedgerFilter{DocNumber: k, StockFilter: stockdb.StockFilter{Limit: 100}})
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			docs := map[string][]string{}
			for sku := range products {
				docs[sku] = []string{"RK2026-000" + sku[len(sku)-1:]}
			}
			for _, r := range ledger {
				got = append(got, r.SKU)
			}
			if want := containing(k, docs); !slices.Equal(sorted(got), want) {
				t.Errorf("ledger by document %q = %v, want %v", k, got, want)
			}
		}

		// The index follows the table: a changed SKU is found by its new text only, a deleted product not at all.
		p, err := catalogdb.LocalProductByID(db, a.CompanyID, 0, skuIDs["ABC-99999"])
		if err != nil {
			t.Fatal(err)
		}
		p.SKU = "NEW-77777"
		if err := catalogdb.UpdateLocalProduct(db, &p.LocalProduct); err != nil {
			t.Fatal(err)
		}
		for k, want := range map[string]int64{"99999": 0, "9999": 0, "77777": 1, "7777": 1, "new-7": 1} {
			if _, total, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Keyword: k, Limit: 10}); err != nil || total != want {
				t.Errorf("after the SKU changed, %q finds %d (%v), want %d", k, total, err, want)
			}
		}
		xy := skuIDs["XY-2"]
		if err := db.Exec("DELETE FROM stock_ledger WHERE product_id = ?", xy).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("DELETE FROM stocks WHERE product_id = ?", xy).Error; err != nil {
			t.Fatal(err)
		}
		if err := catalogdb.DeleteLocalProduct(db, a.CompanyID, xy); err != nil {
			t.Fatal(err)
		}
		if rows, _, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Keyword: "100 cotton", Limit: 10}); err != nil || len(rows) != 0 {
			t.Errorf("after deleting XY-2, 100 cotton finds %+v (%v)", rows, err)
		}
	})
}

// On PostgreSQL a keyword without a letter of two cases is matched by the plain LIKE, which finds what ILIKE
// finds (TestKeywordSearchFindsWhatTheLikeFound) without folding each candidate's case; one with such a letter,
// also outside ASCII, still by ILIKE.
func TestCaselessKeywordsSkipCaseFoldingOnPostgres(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		dbtest.NewProduct(t, db, a.CompanyID, "abc-99999")
		var searched []string
		err := db.Callback().Query().After("gorm:query").Register("test:searches", func(g *gorm.DB) {
			if sql := g.Statement.SQL.String(); strings.Contains(sql, "local_products.sku") && strings.Contains(sql, "LIKE") {
				searched = append(searched, sql)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			keyword string
			folds   bool
		}{
			{"99999", false}, {"手机-0%_", false}, {"abc", true}, {"ABC-9", true}, {"é", true}, {"İ", true}, {"ß", true},
			{"\u212a", true}, // the Kelvin sign, which folds to k
		} {
			searched = nil
			if _, _, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Keyword: c.keyword, Limit: 10}); err != nil {
				t.Fatal(err)
			}
			if len(searched) == 0 {
				t.Fatalf("%q: no search statement recorded", c.keyword)
			}
			folds := strings.Contains(searched[0], "ILIKE")
			if want := c.folds && db.Driver == "postgres"; folds != want {
				t.Errorf("%q on %s: ILIKE %v, want %v: %s", c.keyword, db.Driver, folds, want, searched[0])
			}
		}
	})
}

// On PostgreSQL a keyword of one character repeated is narrowed by the index of four-character pieces (migration
// 00044), and by it alone: its one trigram (999) is held by thousands of rows at a million, each read and
// rechecked. The statement must be written as the index is for the planner to use it; other keywords keep the
// trigram indexes.
func TestRepeatedCharacterKeywordsUseTheirPiecesOnPostgres(t *testing.T) {
	db := dbtest.Open(t, dbtest.Postgres)
	a := dbtest.NewCompany(t, db, "甲", "13800000001")
	// Enough products that the planner prefers an index to reading the table; their SKUs hold 999 as the bench's do.
	if err := db.Exec(`INSERT INTO local_products (id, company_id, sku, name, kind, remark, disabled, created_at, updated_at)
		SELECT 7000000000000000000 + g, ?, 'SKU' || g, '蓝牙耳机 型号 ' || (g + 500000), 1, '', false, now(), now()
		FROM generate_series(1, 30000) g`, a.CompanyID).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec("ANALYZE local_products").Error; err != nil {
		t.Fatal(err)
	}
	type statement struct {
		sql  string
		vars []any
	}
	var searched []statement
	err := db.Callback().Query().After("gorm:query").Register("test:searches", func(g *gorm.DB) {
		if sql := g.Statement.SQL.String(); strings.Contains(sql, "local_products.sku") && strings.Contains(sql, "LIKE") {
			searched = append(searched, statement{sql, slices.Clone(g.Statement.Vars)})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		keyword string
		found   int64
		pieces  bool
	}{{"9999", 3, true}, {"0000", 12, true}, {"12345", 1, false}, {"SKU123", 111, false}} {
		searched = nil
		_, total, err := catalogdb.LocalProductPage(db, a.CompanyID, catalogdb.ProductFilter{Keyword: c.keyword, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		if total != c.found || len(searched) == 0 {
			t.Fatalf("%q: %d found (want %d), %d statements", c.keyword, total, c.found, len(searched))
		}
		p := dbtest.Explained(t, db, searched[0].sql, searched[0].vars)
		if uses := strings.Contains(p, "local_products_fourgrams"); uses != c.pieces {
			t.Errorf("%q: the pieces' index used %v, want %v:\n%s", c.keyword, uses, c.pieces, p)
		}
		if c.pieces && strings.Contains(p, "_trgm") {
			t.Errorf("%q: a trigram index is read beside the pieces':\n%s", c.keyword, p)
		}
	}
}

// 商品列表 searches the keyword in the seller SKU, ASIN and title (migration 00163 indexes the title): it finds
// exactly the listings one of whose texts contains the keyword, in any letter case, on both databases: Chinese,
// terms of one or two characters (shorter than a trigram: the LIKE alone), %, _, ! and ", and a title changed or a
// listing deleted afterwards.
func TestListingTitleSearchFindsTheSubstrings(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		texts := map[string][]string{ // seller SKU: ASIN, title
			"LS-1-X":    {"B0EAR00001", "Wireless Earbuds 蓝牙耳机 Pro"},
			"LS-2-X":    {"B0CUP00002", "保温杯 500ml 不锈钢"},
			"LS-3-X":    {"B0CAS00003", "Phone Case for iPhone 15, 手机壳 黑色"},
			"LS-4-X":    {"B0TEE00004", "100% Cotton T-Shirt 棉_布"},
			"KID-5":     {"B0KID00005", `Say "hi" Kid!Toy`},
			"LS-6-X":    {"B0MOD00006", "Wireless Earbuds Model 77777 Bluetooth 5.3 with Charging Case"},
			"LS-7-X":    {"B0CAB00007", "AAAAA Cable 0000 数据线"},
			"LS-8-X":    {"", ""},
			"ab":        {"B0AB000009", "耳"},
			"SKU-title": {"B0SKU00010", "LS-1-X look-alike"},
		}
		all := map[string][]string{}
		// Another company's same listings are never found.
		for _, c := range []int64{a.CompanyID, b.CompanyID} {
			group := &storesdb.StoreGroup{CompanyID: c, Name: "美国店"}
			if err := db.Create(group).Error; err != nil {
				t.Fatal(err)
			}
			for sku, v := range texts {
				l := &catalogdb.Listing{CompanyID: c, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: sku,
					ASIN: v[0], ItemName: v[1]}
				if err := catalogdb.CreateListing(db, l); err != nil {
					t.Fatal(err)
				}
			}
		}
		for sku, v := range texts {
			all[sku] = append([]string{sku}, v...)
		}
		search := func(k string) ([]string, int64) {
			t.Helper()
			rows, total, err := catalogdb.ListingPage(db, a.CompanyID, catalogdb.ListingFilter{UserID: a.ID, Keyword: k,
				InTitle: true, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range rows {
				got = append(got, r.SellerSKU)
			}
			return sorted(got), total
		}
		for _, k := range []string{"a", "耳", "X", "蓝牙", "ml", "蓝牙耳机", "500ML", "earbuds", "EARBUDS", "iphone 15",
			"手机壳", "手机壳 黑", "%", "100%", "_", "棉_布", "!", "Kid!", `"hi"`, `y "h`, "77777", "7777", "0000", "aaaa",
			"AAAA", "e C", "B0", "b0cas", "ls-", "LS-1-X", "Bluetooth 5.3", "5.3", "l 7", "nothing", "数据线x"} {
			got, total := search(k)
			if want := containing(k, all); !slices.Equal(got, want) || int(total) != len(want) {
				t.Errorf("%q = %v (total %d), want %v", k, got, total, want)
			}
		}

		// The index follows the table: a changed title is found by its new text only, a deleted listing not at all.
		var l catalogdb.Listing
		if err := db.Where("company_id = ? AND seller_sku = ?", a.CompanyID, "LS-2-X").Take(&l).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Model(&l).Update("item_name", "真空保温壶 1L").Error; err != nil {
			t.Fatal(err)
		}
		for k, want := range map[string]int{"保温杯": 0, "500ml": 0, "保温壶": 1, "真空保": 1, "1L": 1} {
			if got, _ := search(k); len(got) != want {
				t.Errorf("after the title changed, %q finds %v, want %d", k, got, want)
			}
		}
		if err := db.Delete(&catalogdb.Listing{}, l.ID).Error; err != nil {
			t.Fatal(err)
		}
		if got, _ := search("保温壶"); len(got) != 0 {
			t.Errorf("after the listing was deleted, 保温壶 finds %v", got)
		}
	})
}

// A title search of three characters or more is served by migration 00163's index on both databases: on
// PostgreSQL the planner reads the title's trigram index (no sequential scan), on SQLite the FTS5 table names the
// candidates (the statement looks the rows up by their ids).
func TestListingTitleSearchUsesItsIndex(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		group := &storesdb.StoreGroup{CompanyID: a.CompanyID, Name: "美国店"}
		if err := db.Create(group).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec(`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 30000)
			INSERT INTO listings (id, company_id, group_id, marketplace_id, seller_sku, asin, fnsku, item_name, created_at, updated_at)
			SELECT 7100000000000000000 + n, ?, ?, 'ATVPDKIKX0DER', 'LS-' || n, 'B0L' || n, '',
				'Wireless Earbuds Model ' || n || ' 蓝牙耳机', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM g`, a.CompanyID, group.ID).Error; err != nil {
			t.Fatal(err)
		}
		// As the planner finds the table once autovacuum has been by (the GIN index's pending entries merged).
		settle := "ANALYZE"
		if db.Driver == "postgres" {
			settle = "VACUUM ANALYZE listings"
		}
		if err := db.Exec(settle).Error; err != nil {
			t.Fatal(err)
		}
		type statement struct {
			sql  string
			vars []any
		}
		var searched []statement
		err := db.Callback().Query().After("gorm:query").Register("test:searches", func(g *gorm.DB) {
			if sql := g.Statement.SQL.String(); strings.Contains(sql, "listings.item_name") && strings.Contains(sql, "LIKE") {
				searched = append(searched, statement{sql, slices.Clone(g.Statement.Vars)})
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for k, want := range map[string]int64{"Model 23456 ": 1, "model 2345": 11, "耳机": 30000} {
			searched = nil
			_, total, err := catalogdb.ListingPage(db, a.CompanyID, catalogdb.ListingFilter{UserID: a.ID, Keyword: k,
				InTitle: true, Limit: 20})
			if err != nil {
				t.Fatal(err)
			}
			if total != want && !(want > 20 && total < 0) || len(searched) == 0 {
				t.Fatalf("%q: %d found (want %d), %d statements", k, total, want, len(searched))
			}
			if len([]rune(k)) < 3 {
				continue
			}
			if db.Driver == "sqlite" {
				if !strings.Contains(searched[0].sql, "json_each") {
					t.Errorf("%q: the FTS5 table named no candidates: %s", k, searched[0].sql)
				}
				continue
			}
			p := dbtest.Explained(t, db, searched[0].sql, searched[0].vars)
			if !strings.Contains(p, "listings_item_name_trgm") || strings.Contains(p, "Seq Scan on listings") {
				t.Errorf("%q: the title's trigram index is not read:\n%s", k, p)
			}
		}
	})
}
