package advertising_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	"sellerhub/models/dbtest"
	"sellerhub/models/migrations"
)

// TestCampaignsBeforeAdTypesAreSponsoredProducts stands a campaign where migration 00153 finds it (no ad_type) and
// shows it becomes SP; a campaign saved after is of its own type, 广告管理 filters by it, and an upsert of the
// SP sync leaves another type's campaign of another id alone.
func TestCampaignsBeforeAdTypesAreSponsoredProducts(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		u := dbtest.NewCompany(t, db, "甲公司", "13900000001")
		sqlDB, _ := db.DB.DB()
		if err := migrations.DownTo(ctx, sqlDB, db.Driver, 152); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := db.Exec("INSERT INTO adv_campaigns (id, company_id, group_id, profile_id, campaign_id, name, state, created_at, updated_at) "+
			"VALUES (?, ?, 1, 2, 'old', '旧活动', 'ENABLED', ?, ?)", models.NewID(), u.CompanyID, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		p := advertisingdb.Profile{CompanyID: u.CompanyID, GroupID: 1, ProfileID: 2, Currency: "USD"}
		err := db.Tx(ctx, func(tx *models.DB) error {
			_, err := advertisingdb.SaveCampaigns(tx, p, []advertisingdb.Campaign{{CampaignID: "sd1", Name: "展示", State: "ENABLED",
				AdType: advertisingdb.AdTypeSD}, {CampaignID: "sp1", Name: "商品", State: "ENABLED"}}, now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		types := map[string]string{}
		for _, id := range []string{"old", "sd1", "sp1"} {
			var adType string
			db.Table("adv_campaigns").Where("campaign_id = ?", id).Pluck("ad_type", &adType)
			types[id] = adType
		}
		if types["old"] != "SP" || types["sd1"] != "SD" || types["sp1"] != "SP" {
			t.Fatalf("ad types %v", types)
		}
		rows, total, err := advertisingdb.ManagerPage(db, u.CompanyID, advertisingdb.ManagerFilter{Level: advertisingdb.LevelCampaign,
			UserID: u.ID, AdType: advertisingdb.AdTypeSD, Start: "2026-01-01", End: "2026-01-31", Limit: 10})
		if err != nil || total != 1 || len(rows) != 1 || rows[0].AmazonID != "sd1" || rows[0].AdType != "SD" {
			t.Fatalf("SD campaigns: %+v %d %v", rows, total, err)
		}
	})
}
