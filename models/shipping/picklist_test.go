package shipping_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	"sellerhub/models/shipping"
	"sellerhub/models/stock"
	"sellerhub/models/stores"
)

func TestPickListReadsTheShipmentItsProductsAndFulfillableStock(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		s, err := fixtures.PickingShipment(context.Background(), db, a.CompanyID, "FBA15TEST001", 5)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15TEST001")
		if err != nil {
			t.Fatal(err)
		}
		if pl.ShipmentID != "FBA15TEST001" || pl.GroupName != "店铺-FBA15TEST001" || pl.Country != "US" ||
			pl.Center != "ONT8" || pl.Warehouse != "深圳仓-FBA15TEST001" || pl.AuditedAt == nil || len(pl.Items) != 5 {
			t.Fatalf("pick list head %+v with %d items", pl, len(pl.Items))
		}
		first, fourth := pl.Items[0], pl.Items[3]
		if first.SKU != "FBA15TEST001-SKU-001" || first.SellerSKU != "FBA15TEST001-MSKU-001" || first.Quantity != 10 ||
			first.Fulfillable != fixtures.Opening-10 || first.CartonUnits == nil || *first.CartonUnits != 10 ||
			first.CartonWeight.Decimal.String() != "8.5" || first.CartonLength.Decimal.String() != "60" {
			t.Fatalf("first item %+v", first)
		}
		if fourth.CartonUnits != nil || fourth.CartonWeight.Valid || fourth.Fulfillable != fixtures.Opening-13 {
			t.Fatalf("fourth item (no carton spec) %+v", fourth)
		}
		// The stock is the shipment warehouse's: the same product's stock elsewhere does not count.
		other := dbtest.NewWarehouse(t, db, a.CompanyID, "别的仓")
		if err := dbtest.Move(db, a.CompanyID, "QC-2", stock.StockChange{WarehouseID: other.ID, ProductID: itemProduct(t, db, s, "FBA15TEST001-MSKU-001"), Fulfillable: 7}); err != nil {
			t.Fatal(err)
		}
		if again, _ := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15TEST001"); again.Items[0].Fulfillable != fixtures.Opening-10 {
			t.Fatalf("fulfillable %d counts another warehouse", again.Items[0].Fulfillable)
		}

		if _, err := shipping.PickListOf(db, b.CompanyID, b.ID, "FBA15TEST001"); !models.IsNotFound(err) {
			t.Fatalf("another company reads the pick list: %v", err)
		}
		if _, err := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15NOSUCH"); !models.IsNotFound(err) {
			t.Fatalf("unknown shipment: %v", err)
		}
		// A user limited to another store group does not see the shipment; limited to its group, does.
		g := &stores.StoreGroup{CompanyID: a.CompanyID, Name: "别的店铺"}
		if err := db.Create(g).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Create(&stores.UserStoreGroup{UserID: a.ID, GroupID: g.ID}).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15TEST001"); !models.IsNotFound(err) {
			t.Fatalf("a user limited to another store group reads the pick list: %v", err)
		}
		if err := db.Create(&stores.UserStoreGroup{UserID: a.ID, GroupID: s.GroupID}).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15TEST001"); err != nil {
			t.Fatalf("a user granted the shipment's store group: %v", err)
		}
	})
}

func itemProduct(t *testing.T, db *models.DB, s *shipping.Shipment, sellerSKU string) int64 {
	t.Helper()
	var it shipping.ShipmentItem
	if err := db.Where("shipment_ref = ? AND seller_sku = ?", s.ID, sellerSKU).Take(&it).Error; err != nil {
		t.Fatal(err)
	}
	return it.ProductID
}

// A product in bins is picked from them: the items come in bin order (the first bin holding each), those in no bin
// last by SKU, each with its bins and units.
func TestPickListIsInBinOrder(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		s, err := fixtures.PickingShipment(context.Background(), db, a.CompanyID, "FBA15TEST002", 4)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		bin := func(code string) int64 {
			b := &stock.Bin{CompanyID: a.CompanyID, WarehouseID: s.WarehouseID, Code: code, CreatedAt: now, UpdatedAt: now}
			if err := db.Create(b).Error; err != nil {
				t.Fatal(err)
			}
			return b.ID
		}
		b1, b2 := bin("A-01-01-01"), bin("B-02-01-01")
		third, second := itemProduct(t, db, s, "FBA15TEST002-MSKU-003"), itemProduct(t, db, s, "FBA15TEST002-MSKU-002")
		err = dbtest.Move(db, a.CompanyID, "SJ-1",
			stock.StockChange{WarehouseID: s.WarehouseID, ProductID: third, BinID: b2, Bin: 2},
			stock.StockChange{WarehouseID: s.WarehouseID, ProductID: third, BinID: b1, Bin: 3},
			stock.StockChange{WarehouseID: s.WarehouseID, ProductID: second, BinID: b2, Bin: 1})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := shipping.PickListOf(db, a.CompanyID, a.ID, "FBA15TEST002")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range pl.Items {
			got = append(got, it.SellerSKU)
		}
		want := []string{"FBA15TEST002-MSKU-003", "FBA15TEST002-MSKU-002", "FBA15TEST002-MSKU-001", "FBA15TEST002-MSKU-004"}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("pick order %v, want %v", got, want)
			}
		}
		if bins := pl.Items[0].Bins; len(bins) != 2 || bins[0].BinCode != "A-01-01-01" || bins[0].Quantity != 3 || bins[1].Quantity != 2 {
			t.Fatalf("first item's bins %+v", bins)
		}
	})
}
