package catalog_test

import (
	"fmt"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/stores"
)

// The catalogue items of a few pairs over several marketplaces (a page of 商品列表) are read as those of many
// pairs are, one marketplace at a time: exactly the pairs asked for that the company has, never an ASIN of a
// marketplace it was not asked in nor another company's. On both databases.
func TestCatalogItemsOfPairsInSeveralMarketplaces(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		const us, ca, mx = "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2", "A1AM78C64UM0Y8"
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		now := time.Now().UTC().Truncate(time.Second)
		item := func(company int64, market, asin string) catalog.CatalogItem {
			return catalog.CatalogItem{CompanyID: company, MarketplaceID: market, ASIN: asin, Title: asin + " of " + market,
				CreatedAt: now, UpdatedAt: now}
		}
		rows := []catalog.CatalogItem{item(a.CompanyID, us, "B1"), item(a.CompanyID, us, "B2"), item(a.CompanyID, ca, "B1"),
			item(a.CompanyID, ca, "B3"), item(a.CompanyID, mx, "B2"), item(b.CompanyID, us, "B3")}
		if _, err := catalog.UpsertCatalogItems(db, rows); err != nil {
			t.Fatal(err)
		}
		// Asked: B1 in the US (and not in CA, which has it), B3 in CA and the US (another company's only), B2 in MX.
		got, err := catalog.CatalogItemsOf(db, a.CompanyID, [][2]string{{us, "B1"}, {ca, "B3"}, {us, "B3"}, {mx, "B2"}})
		if err != nil {
			t.Fatal(err)
		}
		want := map[[2]string]string{{us, "B1"}: "B1 of " + us, {ca, "B3"}: "B3 of " + ca, {mx, "B2"}: "B2 of " + mx}
		if len(got) != len(want) {
			t.Fatalf("read %v, want %v", got, want)
		}
		for k, title := range want {
			if got[k].Title != title {
				t.Fatalf("%v read as %q, want %q (all: %v)", k, got[k].Title, title, fmt.Sprint(got))
			}
		}
	})
}
