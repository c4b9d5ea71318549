package advertising_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	"sellerhub/models/dbtest"
)

func day(id, d string, cost int64) advertisingdb.ProductDay {
	return advertisingdb.ProductDay{AdID: id, Day: d, CampaignID: "c1", AdGroupID: "g1", SKU: "SKU-1", ASIN: "B01",
		Figures: advertisingdb.Figures{Impressions: 100, Clicks: 3, Cost: models.MoneyFromUnits(cost), Orders: 1,
			Sales: models.MoneyFromUnits(199900), Units: 1}}
}

func TestReplacingAWindowWritesOnlyWhatChanged(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		u := dbtest.NewCompany(t, db, "甲公司", "13900000001")
		p := advertisingdb.Profile{CompanyID: u.CompanyID, GroupID: 1, ProfileID: 2, MarketplaceID: "ATVPDKIKX0DER", Currency: "USD"}
		replace := func(rows ...advertisingdb.ProductDay) int64 {
			var n int64
			err := db.Tx(context.Background(), func(tx *models.DB) error {
				var err error
				n, err = advertisingdb.ReplaceProductDays(tx, p, advertisingdb.AdTypeSP, "2026-01-01", "2026-01-31", rows, time.Now().UTC())
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := replace(day("a1", "2026-01-01", 12300), day("a2", "2026-01-02", 4500)); n != 2 {
			t.Fatalf("first: %d written", n)
		}
		if n := replace(day("a1", "2026-01-01", 12300), day("a2", "2026-01-02", 4500)); n != 0 {
			t.Fatalf("the same again: %d written", n)
		}
		var many []advertisingdb.ProductDay
		for i := range 1500 {
			many = append(many, day(fmt.Sprint("m", i), fmt.Sprintf("2026-01-%02d", 1+i%31), int64(i)*100))
		}
		if n := replace(many...); n != 1502 {
			t.Fatalf("many: %d written", n)
		}
		if n := replace(many...); n != 0 {
			t.Fatalf("many again: %d written", n)
		}
		replace(day("a1", "2026-01-01", 12300), day("a2", "2026-01-02", 4500))
		// Attribution moved: a1's cost changed, a2's day went, a3's came.
		if n := replace(day("a1", "2026-01-01", 12400), day("a3", "2026-01-03", 100)); n != 3 {
			t.Fatalf("changed: %d written", n)
		}
		var left []string
		db.Table("adv_product_days").Where("profile_id = ?", 2).Order("ad_id").Pluck("ad_id", &left)
		if len(left) != 2 || left[0] != "a1" || left[1] != "a3" {
			t.Fatalf("left %v", left)
		}
	})
}

func TestSavingTheSameEntitiesAgainWritesNothing(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		u := dbtest.NewCompany(t, db, "甲公司", "13900000001")
		p := advertisingdb.Profile{CompanyID: u.CompanyID, GroupID: 1, ProfileID: 2, MarketplaceID: "ATVPDKIKX0DER", Currency: "USD"}
		rows := []advertisingdb.Keyword{{KeywordID: "k1", AdGroupID: "g1", CampaignID: "c1", KeywordText: "kitchen scale",
			MatchType: "EXACT", State: "ENABLED", Bid: models.MoneyFromUnits(7500)}}
		camps := []advertisingdb.Campaign{{CampaignID: "c1", Name: "SP", State: "ENABLED", TargetingType: "AUTO",
			Budget: models.MoneyFromUnits(200000), BudgetType: "DAILY", StartDate: "2025-01-01"}}
		for pass, want := range []int64{2, 0} {
			var n int64
			err := db.Tx(context.Background(), func(tx *models.DB) error {
				a, err := advertisingdb.SaveKeywords(tx, p, rows, time.Now().UTC())
				if err != nil {
					return err
				}
				b, err := advertisingdb.SaveCampaigns(tx, p, camps, time.Now().UTC())
				n = a + b
				return err
			})
			if err != nil || n != want {
				t.Fatalf("pass %d: %d written, want %d (%v)", pass, n, want, err)
			}
		}
	})
}
