package main

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"sellerhub/app/accounts"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
)

// The demo company's Amazon data is the simulated seller's last 90 days, read through the import: every order of
// the window with its units, FBA stock in 演示店铺's US FBA warehouse for the paired products, explained by 同步
// ledger lines; a second start imports nothing.
func TestDemoDataComesInOnceThroughTheImport(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		admin, err := seed.Run(ctx, db, "admin@demo.test", "Passw0rd!x", accounts.HashPassword)
		if err != nil {
			t.Fatal(err)
		}
		data := amazondata.New(db, time.Now)
		importDemoData(ctx, data, admin.Demo, slog.New(slog.DiscardHandler))

		today := time.Now().UTC().Truncate(24 * time.Hour)
		lines := sellerdata.New(today).Orders(amazontest.DefaultSeller, today.AddDate(0, 0, -90), today)
		orders, units := map[string]bool{}, int64(0)
		for _, l := range lines {
			orders[l.AmazonOrderID] = true
			units += int64(l.Quantity)
		}
		got, err := db.AmazonOrderTotalsOfSeller(admin.Demo.CompanyID, admin.Demo.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Orders != int64(len(orders)) || got.Quantity != units || got.Orders < 1000 {
			t.Fatalf("demo orders %d with %d units, want %d with %d", got.Orders, got.Quantity, len(orders), units)
		}

		us, _ := models.MarketplaceByCountry("US")
		fba, err := db.FBAWarehouse(admin.Demo.CompanyID, admin.Demo.GroupID, us.ID)
		if err != nil {
			t.Fatal(err)
		}
		var stocked, synced int64
		db.Model(&models.Stock{}).Where("warehouse_id = ? AND fulfillable > 0", fba.ID).Count(&stocked)
		db.Model(&models.StockLedgerLine{}).Where("warehouse_id = ? AND doc_type = ?", fba.ID, models.DocSync).Count(&synced)
		if stocked == 0 || stocked > 5 || synced < stocked {
			t.Fatalf("FBA美国仓: %d products in stock, %d 同步 lines; want the paired demo products, each explained", stocked, synced)
		}

		again, err := data.ImportDemo(ctx, amazondata.Store{CompanyID: admin.Demo.CompanyID, SellerID: admin.Demo.SellerID,
			GroupID: admin.Demo.GroupID, Region: admin.Demo.Region}, amazontest.DefaultSeller, []string{us.ID},
			amazondata.DemoReports{Content: sellerdata.New(today).Content, Today: today})
		if err != nil || again.Lines != 0 {
			t.Fatalf("a second start imported %d lines (%v)", again.Lines, err)
		}
	})
}
