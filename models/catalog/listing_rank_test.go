package catalog_test

import (
	"slices"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/stores"
)

// 商品列表's 排名 sorts by the listing's copy of its catalogue item's display group rank (migration 00164): the
// catalogue's rows, however written (the 父ASIN sync's upsert, or plain statements), set it on every listing of the
// ASIN in the marketplace and only there; a listing added later or given another ASIN reads its item's; a rank gone
// or an item deleted leaves the listing unranked. Sorted either way, the unranked come last. On both databases.
func TestListingRankFollowsTheCatalogue(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC().Truncate(time.Second)
		groups := map[int64]int64{}
		for _, c := range []int64{a.CompanyID, b.CompanyID} {
			g := &stores.StoreGroup{CompanyID: c, Name: "美国店"}
			if err := db.Create(g).Error; err != nil {
				t.Fatal(err)
			}
			groups[c] = g.ID
		}
		listing := func(company int64, sku, market, asin string) *catalog.Listing {
			t.Helper()
			l := &catalog.Listing{CompanyID: company, GroupID: groups[company], MarketplaceID: market, SellerSKU: sku, ASIN: asin}
			if err := catalog.CreateListing(db, l); err != nil {
				t.Fatal(err)
			}
			return l
		}
		rank := func(n int) *int { return &n }
		item := func(company int64, market, asin string, r *int) catalog.CatalogItem {
			return catalog.CatalogItem{CompanyID: company, MarketplaceID: market, ASIN: asin, GroupRank: r, GroupTitle: "Home",
				CreatedAt: now, UpdatedAt: now}
		}
		ranks := func() map[string]*int {
			t.Helper()
			var rows []struct {
				SellerSKU string
				GroupRank *int
			}
			if err := db.Raw("SELECT seller_sku, group_rank FROM listings WHERE company_id = ?", a.CompanyID).Scan(&rows).Error; err != nil {
				t.Fatal(err)
			}
			out := map[string]*int{}
			for _, r := range rows {
				out[r.SellerSKU] = r.GroupRank
			}
			return out
		}
		expect := func(when string, want map[string]int) {
			t.Helper()
			got := ranks()
			for sku, r := range got {
				w, ranked := want[sku]
				if ranked != (r != nil) || (r != nil && *r != w) {
					t.Errorf("%s: %s ranked %v, want %v (%d)", when, sku, r, ranked, w)
				}
			}
		}

		us, ca := "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2"
		listing(a.CompanyID, "CUP-US", us, "B0CUP00001")
		listing(a.CompanyID, "CUP-US-2", us, "B0CUP00001") // a second seller SKU of the ASIN
		listing(a.CompanyID, "CUP-CA", ca, "B0CUP00001")
		listing(a.CompanyID, "MAT-US", us, "B0MAT00001")
		listing(a.CompanyID, "NONE-US", us, "B0NONE0001")
		other := listing(b.CompanyID, "CUP-US", us, "B0CUP00001")
		expect("before any rank", map[string]int{})

		// The sync's upsert, the US items only: the Canadian listing and the other company's keep none.
		if _, err := catalog.UpsertCatalogItems(db, []catalog.CatalogItem{item(a.CompanyID, us, "B0CUP00001", rank(500)),
			item(a.CompanyID, us, "B0MAT00001", rank(20)), item(a.CompanyID, us, "B0NONE0001", nil)}); err != nil {
			t.Fatal(err)
		}
		expect("after the first sync", map[string]int{"CUP-US": 500, "CUP-US-2": 500, "MAT-US": 20})
		var theirs *int
		if err := db.Raw("SELECT group_rank FROM listings WHERE id = ?", other.ID).Scan(&theirs).Error; err != nil || theirs != nil {
			t.Fatalf("乙's listing ranked %v (%v)", theirs, err)
		}

		// Ranks move and one goes; a plain statement is followed as the sync is.
		if _, err := catalog.UpsertCatalogItems(db, []catalog.CatalogItem{item(a.CompanyID, us, "B0CUP00001", rank(7)),
			item(a.CompanyID, us, "B0MAT00001", nil)}); err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("INSERT INTO catalog_items (company_id, marketplace_id, asin, group_rank, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
			a.CompanyID, ca, "B0CUP00001", 900, now, now).Error; err != nil {
			t.Fatal(err)
		}
		expect("after the second sync", map[string]int{"CUP-US": 7, "CUP-US-2": 7, "CUP-CA": 900})

		// A listing added after its item, and one given another ASIN, read their items' ranks.
		listing(a.CompanyID, "CUP-US-3", us, "B0CUP00001")
		var mat catalog.Listing
		if err := db.Where("company_id = ? AND seller_sku = ?", a.CompanyID, "NONE-US").Take(&mat).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Model(&mat).Update("asin", "B0CUP00001").Error; err != nil {
			t.Fatal(err)
		}
		expect("after the listings changed", map[string]int{"CUP-US": 7, "CUP-US-2": 7, "CUP-US-3": 7, "NONE-US": 7, "CUP-CA": 900})

		// Sorted by 排名: best first or worst first, the unranked last both ways, ties by id.
		order := func(desc bool) []string {
			rows, _, err := catalog.ListingPage(db, a.CompanyID, catalog.ListingFilter{UserID: a.ID, ByRank: true, Desc: desc, Limit: 20})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.SellerSKU)
			}
			return out
		}
		best, worst := order(false), order(true)
		if len(best) != 6 || best[4] != "CUP-CA" || best[5] != "MAT-US" || slices.Contains(best[:4], "CUP-CA") {
			t.Errorf("best first = %v", best)
		}
		if len(worst) != 6 || worst[0] != "CUP-CA" || worst[5] != "MAT-US" {
			t.Errorf("worst first = %v", worst)
		}

		if err := db.Exec("DELETE FROM catalog_items WHERE company_id = ? AND marketplace_id = ?", a.CompanyID, ca).Error; err != nil {
			t.Fatal(err)
		}
		expect("after the Canadian item was deleted", map[string]int{"CUP-US": 7, "CUP-US-2": 7, "CUP-US-3": 7, "NONE-US": 7})
	})
}
