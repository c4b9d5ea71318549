package models_test

import (
	"context"
	"testing"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

func TestSeedDemoFillsTheDemoCompanyOnceWithAPrintablePickList(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		counts := func() map[string]int64 {
			out := map[string]int64{}
			for _, table := range []string{"brands", "categories", "local_products", "warehouses", "stocks", "stock_ledger",
				"store_groups", "listings", "shipments", "shipment_items"} {
				var n int64
				if err := db.Table(table).Count(&n).Error; err != nil {
					t.Fatal(err)
				}
				out[table] = n
			}
			return out
		}
		if _, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake); err != nil {
			t.Fatal(err)
		}
		first := counts()
		want := map[string]int64{"brands": 2, "categories": 4, "local_products": 5, "warehouses": 2, "stocks": 5,
			"stock_ledger": 10, "store_groups": 1, "listings": 5, "shipments": 2, "shipment_items": 10}
		for table, n := range want {
			if first[table] != n {
				t.Errorf("%s: %d rows, want %d", table, first[table], n)
			}
		}
		if _, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake); err != nil {
			t.Fatal(err)
		}
		for table, n := range counts() {
			if n != first[table] {
				t.Errorf("the second seed added %d rows to %s", n-first[table], table)
			}
		}

		admin, _ := accountsdb.UserByAccount(db, "admin@example.com")
		// FBA美国仓 is 演示店铺's US FBA warehouse, also when an earlier seed made it before warehouses had groups.
		var group storesdb.StoreGroup
		db.Where("company_id = ? AND name = ?", admin.CompanyID, "演示店铺").Take(&group)
		fbaOfGroup := func() string {
			t.Helper()
			w, err := stockdb.FBAWarehouse(db, admin.CompanyID, group.ID, "ATVPDKIKX0DER")
			if err != nil {
				t.Fatal(err)
			}
			return w.Name
		}
		if name := fbaOfGroup(); name != "FBA美国仓" {
			t.Fatalf("the demo group's US FBA warehouse is %q", name)
		}
		if err := db.Model(&stockdb.Warehouse{}).Where("name = ?", "FBA美国仓").
			Updates(map[string]any{"group_id": nil, "marketplace_id": nil}).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake); err != nil {
			t.Fatal(err)
		}
		if name := fbaOfGroup(); name != "FBA美国仓" || counts()["warehouses"] != 2 {
			t.Fatalf("after seeding an unbound FBA美国仓 the group's US FBA warehouse is %q", name)
		}
		var shipments []shippingdb.Shipment
		db.Where("company_id = ?", admin.CompanyID).Order("shipment_id").Find(&shipments)
		if len(shipments) != 2 || shipments[0].Status != shippingdb.ShipmentConfirm || shipments[0].AuditedAt != nil ||
			shipments[1].Status != shippingdb.ShipmentPicking || shipments[1].AuditedAt == nil {
			t.Fatalf("demo shipments %+v", shipments)
		}
		pl, err := shippingdb.PickListOf(db, admin.CompanyID, admin.ID, seed.DemoShipmentPicking)
		if err != nil || len(pl.Items) != 5 {
			t.Fatalf("demo pick list: %v", err)
		}
		// The picking shipment's units moved from fulfillable to outbound: the mug had 600, 72 are picked.
		var mug shippingdb.PickListItem
		for _, it := range pl.Items {
			if it.SKU == "DEMO-MUG-01" {
				mug = it
			}
		}
		if mug.Fulfillable != 600-72 || mug.Quantity != 72 || mug.Image != "/static/demo/mug.svg" {
			t.Fatalf("demo mug on the pick list: %+v", mug)
		}
		var outbound int
		db.Table("stocks").Select("SUM(outbound)").Where("company_id = ?", admin.CompanyID).Scan(&outbound)
		if outbound != 72+16+48+100+20 {
			t.Fatalf("outbound after picking: %d", outbound)
		}
	})
}
