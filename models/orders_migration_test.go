package models_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	"sellerhub/models/migrations"
)

// TestOrdersTablesRebuiltWithTheirRows stands an order and its item where migration 00033 finds them, and shows
// the tables it rebuilds (without references, the id as SQLite's row id) keep them.
func TestOrdersTablesRebuiltWithTheirRows(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "迁移"}, owner); err != nil {
			t.Fatal(err)
		}
		seller, err := fixtures.Seller(ctx, db, owner.CompanyID, "迁移店", "NA", "A1MIGRATE", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		sqlDB, _ := db.DB.DB()
		if err := migrations.DownTo(ctx, sqlDB, db.Driver, 28); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 10, 1, 8, 15, 30, 0, time.UTC)
		if err := db.Exec("INSERT INTO amazon_orders (id, company_id, group_id, seller_id, amazon_order_id, purchase_date, "+
			"last_updated_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
			models.NewID(), owner.CompanyID, seller.GroupID, seller.ID, "111-0000001-0000001", at, at, at, at).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("INSERT INTO amazon_order_items (id, company_id, group_id, seller_id, amazon_order_id, sku, "+
			"product_name, purchase_date, quantity, item_price, promotion_ids, created_at, updated_at) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", models.NewID(), owner.CompanyID, seller.GroupID, seller.ID,
			"111-0000001-0000001", "SKU-A", "商品 SKU-A", at, 3, 120000, "", at, at).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		o, items, err := amazondatadb.AmazonOrderWithItems(db, owner.CompanyID, seller.ID, "111-0000001-0000001")
		if err != nil || !o.PurchaseDate.Equal(at) || len(items) != 1 || items[0].Quantity != 3 ||
			!items[0].ItemPrice.Equal(models.MoneyFromUnits(120000).Decimal) {
			t.Fatalf("order %+v, items %+v, %v", o, items, err)
		}
		if db.Driver == dbtest.SQLite {
			var idType string
			err := db.Raw("SELECT type FROM pragma_table_info('amazon_order_items') WHERE name = 'id'").Scan(&idType).Error
			if err != nil || idType != "INTEGER" {
				t.Fatalf("amazon_order_items.id is %q (%v), want INTEGER, the row id", idType, err)
			}
		}
	})
}
