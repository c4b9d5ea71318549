package app_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestLoadReportProductsFromListings prints, for `make bench`, how long 生成本地产品 takes for 10,000 unpaired
// listings, each with its catalogue item (goal: under 10 s on SQLite), in one request's call, and the second
// run, which makes nothing.
func TestLoadReportProductsFromListings(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	const n = 10_000
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
		listings := make([]catalogdb.Listing, n)
		items := make([]catalogdb.CatalogItem, n)
		for i := range listings {
			asin := fmt.Sprintf("B0%08d", i)
			listings[i] = catalogdb.Listing{ID: models.NewID(), CompanyID: owner.CompanyID, GroupID: seller.GroupID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: fmt.Sprintf("BENCH-%05d", i), ASIN: asin, ItemName: "Bench item", CreatedAt: now, UpdatedAt: now}
			items[i] = catalogdb.CatalogItem{CompanyID: owner.CompanyID, MarketplaceID: "ATVPDKIKX0DER", ASIN: asin,
				Title: "Bench catalogue item " + asin, Image: "https://m.media-amazon.com/images/I/" + asin + ".jpg",
				Weight: decimal.NewNullDecimal(decimal.RequireFromString("0.5")), CreatedAt: now, UpdatedAt: now}
		}
		if err := db.CreateInBatches(listings, 500).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.CreateInBatches(items, 500).Error; err != nil {
			t.Fatal(err)
		}
		svc := catalog.New(db, time.Now, time.UTC, nil)
		p := core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID}
		for _, pass := range []string{"first run", "second run"} {
			began := time.Now()
			res, err := svc.CreateFromListings(context.Background(), p, catalog.FromListingsForm{All: true})
			took := time.Since(began)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("== 生成本地产品 from %d listings on %s, %s (goal on SQLite: < 10 s)\n   %+v in %s\n", n, kind, pass, res, took.Round(time.Millisecond))
			benchFigure(t, fmt.Sprintf("生成本地产品, %d listings, %s, %s", n, kind, pass), took.Round(time.Millisecond).String(),
				"< 10 s", took < 10*time.Second)
		}
	}
}
