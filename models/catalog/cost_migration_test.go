package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/migrations"
)

// TestMigratedPricesHoldFromTheBeginning stands two products where migration 00062 finds them, one with a price
// and one without, and shows the price becomes the product's cost from the beginning, in force on any date.
func TestMigratedPricesHoldFromTheBeginning(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13900000062", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "迁移成本"}, owner); err != nil {
			t.Fatal(err)
		}
		sqlDB, _ := db.DB.DB()
		if err := migrations.DownTo(ctx, sqlDB, db.Driver, 61); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 10, 1, 8, 0, 0, 0, time.UTC)
		priced, bare := models.NewID(), models.NewID()
		for _, p := range []struct {
			id    int64
			sku   string
			price any
		}{{priced, "OLD-1", "18.50"}, {bare, "OLD-2", nil}} {
			if err := db.Exec("INSERT INTO local_products (id, company_id, sku, name, price, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				p.id, owner.CompanyID, p.sku, "旧产品", p.price, at, at).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		histories, err := catalogdb.CostHistories(db, owner.CompanyID, []int64{priced, bare})
		if err != nil {
			t.Fatal(err)
		}
		h := histories[priced]
		if len(h) != 1 || h[0].EffectiveFrom != catalogdb.CostsBeginning || !h[0].UnitCost.Decimal.Equal(decimal.RequireFromString("18.5")) ||
			h[0].FirstLeg.Valid || h[0].ChangedBy != nil || len(histories[bare]) != 0 {
			t.Fatalf("histories = %+v", histories)
		}
		if c := catalogdb.CostOn(h, "2001-05-01"); !c.UnitCost.Valid {
			t.Fatalf("the migrated cost does not hold in 2001: %+v", c)
		}
	})
}
