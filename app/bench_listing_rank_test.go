package app_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestLoadReportListingsByRank prints, for `make bench`, how long a page of 商品列表 takes among 100,000 listings
// sorted by 排名 (the catalogue's rank, a correlated lookup per listing, paged by offset), beside its default sort:
// the first page, a page deep in the list, and worst first. Two in three listings are ranked.
func TestLoadReportListingsByRank(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	const n = 100_000
	for _, kind := range benchKinds() {
		db := dbtest.Open(t, kind)
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "压测"}, owner); err != nil {
			t.Fatal(err)
		}
		seller, err := fixtures.Seller(context.Background(), db, owner.CompanyID, "压测店", "NA", "A1BENCH", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC().Truncate(time.Second)
		listings := make([]catalogdb.Listing, 0, 1000)
		items := make([]catalogdb.CatalogItem, 0, 1000)
		for i := range n {
			asin := fmt.Sprintf("B0%08d", i)
			listings = append(listings, catalogdb.Listing{ID: models.NewID(), CompanyID: owner.CompanyID, GroupID: seller.GroupID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: fmt.Sprintf("BENCH-%06d", i), ASIN: asin, ItemName: "Bench item", Status: "Active", CreatedAt: now, UpdatedAt: now})
			if i%3 != 0 {
				rank := (i * 7919) % 500_000
				items = append(items, catalogdb.CatalogItem{CompanyID: owner.CompanyID, MarketplaceID: "ATVPDKIKX0DER", ASIN: asin,
					GroupRank: &rank, GroupTitle: "Kitchen & Dining", RankedAt: &now, CreatedAt: now, UpdatedAt: now})
			}
			if len(listings) == cap(listings) || i == n-1 {
				if err := db.CreateInBatches(listings, 500).Error; err != nil {
					t.Fatal(err)
				}
				if err := db.CreateInBatches(items, 500).Error; err != nil {
					t.Fatal(err)
				}
				listings, items = listings[:0], items[:0]
			}
		}
		svc := catalog.New(db, time.Now, time.UTC, nil).ListingProducts()
		p := core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID}
		for _, c := range []struct {
			name       string
			sort, ord  string
			page, size int
		}{
			{"默认排序 第1页", "", "", 1, 20}, {"排名 第1页", "rank", "asc", 1, 20}, {"排名 第2页", "rank", "asc", 2, 20},
			{"排名 第2500页", "rank", "asc", 2500, 20}, {"排名倒序 第1页", "rank", "desc", 1, 20},
		} {
			q := catalog.ListingProductQuery{ListingQuery: catalog.ListingQuery{PageRequest: core.PageRequest{Current: c.page, Size: c.size},
				Sort: c.sort, Order: c.ord}}
			var slowest time.Duration
			for range 5 {
				began := time.Now()
				rows, _, _, err := svc.ListingProductPage(context.Background(), p, q)
				if err != nil || len(rows) != c.size {
					t.Fatalf("%s: %d rows, %v", c.name, len(rows), err)
				}
				slowest = max(slowest, time.Since(began))
			}
			fmt.Printf("== 商品列表 %d listings on %s, %s: slowest of 5 %s\n", n, kind, c.name, slowest.Round(time.Millisecond))
			benchFigure(t, fmt.Sprintf("商品列表 %s, %d listings, %s", c.name, n, kind), slowest.Round(time.Millisecond).String(), "< 500 ms",
				slowest < 500*time.Millisecond)
		}
	}
}
