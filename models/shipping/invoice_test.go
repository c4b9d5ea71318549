package shipping_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	"sellerhub/models/shipping"
	"sellerhub/models/stores"
)

func TestInvoiceKeepsDeclarationsPerProductAndTheCentresAddress(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		_, err := fixtures.PickingShipment(context.Background(), db, a.CompanyID, "FBA15INV0001", 2)
		if err != nil {
			t.Fatal(err)
		}
		inv, err := shipping.InvoiceOf(db, a.CompanyID, a.ID, "FBA15INV0001")
		if err != nil {
			t.Fatal(err)
		}
		if inv.Center != "ONT8" || inv.Country != "US" || inv.CompanyName != "甲" || inv.Shipper != nil || inv.Consignee != "" ||
			len(inv.Items) != 2 || inv.Items[0].UnitValue != nil || inv.Items[0].HSCode != "" || inv.Cartons != 0 || inv.GrossWeight.Valid {
			t.Fatalf("invoice before any declaration: %+v", inv)
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		value := models.MoneyFromUnits(125000) // 12.5
		first := shipping.ProductDeclaration{ProductID: inv.Items[0].ProductID, CompanyID: a.CompanyID, HSCode: "940520",
			UnitValue: &value, Currency: "USD", NameEN: "Lamp", NameCN: "台灯", UpdatedAt: now}
		if err := shipping.SaveDeclarations(db, []shipping.ProductDeclaration{first}); err != nil {
			t.Fatal(err)
		}
		// Saved again, the declaration is replaced, not doubled.
		first.HSCode, first.Material = "9405200090", "木"
		if err := shipping.SaveDeclarations(db, []shipping.ProductDeclaration{first}); err != nil {
			t.Fatal(err)
		}
		for _, addr := range []string{"旧地址", "2020 E Mission Blvd, Ontario"} {
			if err := shipping.SaveCenterAddress(db, &shipping.CenterAddress{CompanyID: a.CompanyID, Center: "ONT8", Address: addr, UpdatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		inv, err = shipping.InvoiceOf(db, a.CompanyID, a.ID, "FBA15INV0001")
		if err != nil {
			t.Fatal(err)
		}
		got := inv.Items[0]
		if got.HSCode != "9405200090" || got.Material != "木" || got.UnitValue == nil || got.UnitValue.String() != "12.5" ||
			got.Currency != "USD" || inv.Items[1].UnitValue != nil || inv.Consignee != "2020 E Mission Blvd, Ontario" {
			t.Fatalf("invoice after declaring: %+v %+v", got, inv)
		}
		var n int64
		if db.Table("product_declarations").Where("product_id = ?", got.ProductID).Count(&n); n != 1 {
			t.Fatalf("%d declarations of one product", n)
		}
		// Another company's centre of the same code has its own address; it does not see the shipment.
		if err := shipping.SaveCenterAddress(db, &shipping.CenterAddress{CompanyID: b.CompanyID, Center: "ONT8", Address: "乙的地址", UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if again, _ := shipping.InvoiceOf(db, a.CompanyID, a.ID, "FBA15INV0001"); again.Consignee != "2020 E Mission Blvd, Ontario" {
			t.Fatalf("another company's address shows: %q", again.Consignee)
		}
		if _, err := shipping.InvoiceOf(db, b.CompanyID, b.ID, "FBA15INV0001"); !models.IsNotFound(err) {
			t.Fatalf("another company reads the invoice: %v", err)
		}
		g := &stores.StoreGroup{CompanyID: a.CompanyID, Name: "别的店铺"}
		if err := db.Create(g).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Create(&stores.UserStoreGroup{UserID: a.ID, GroupID: g.ID}).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := shipping.InvoiceOf(db, a.CompanyID, a.ID, "FBA15INV0001"); !models.IsNotFound(err) {
			t.Fatalf("a user limited to another store group reads the invoice: %v", err)
		}
	})
}
