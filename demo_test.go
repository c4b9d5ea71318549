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
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
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
		// Eight in the evening UTC: Beijing's day began four hours ago, the UTC day has not ended; today's orders up to
		// this moment are in, later ones are not.
		beijingToday := time.Now().UTC().Truncate(24 * time.Hour).Add(16 * time.Hour)
		now := beijingToday.Add(4 * time.Hour)
		importDemoData(ctx, data, admin.Demo, now, slog.New(slog.DiscardHandler))

		lines := sellerdata.At(now).Orders(amazontest.DefaultSeller, now.AddDate(0, 0, -90), now)
		orders, units := map[string]bool{}, int64(0)
		for _, l := range lines {
			orders[l.AmazonOrderID] = true
			units += int64(l.Quantity)
		}
		got, err := amazondatadb.AmazonOrderTotalsOfSeller(db, admin.Demo.CompanyID, admin.Demo.SellerID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Orders != int64(len(orders)) || got.Quantity != units || got.Orders < 1000 {
			t.Fatalf("demo orders %d with %d units, want %d with %d", got.Orders, got.Quantity, len(orders), units)
		}
		var ofBeijingToday, later int64
		db.Model(&amazondatadb.AmazonOrder{}).Where("company_id = ? AND purchase_date >= ?", admin.Demo.CompanyID, beijingToday).
			Count(&ofBeijingToday)
		db.Model(&amazondatadb.AmazonOrder{}).Where("company_id = ? AND purchase_date >= ?", admin.Demo.CompanyID, now).Count(&later)
		if ofBeijingToday == 0 || later != 0 {
			t.Fatalf("orders of Beijing's today %d, after the demo's moment %d; want some, and none", ofBeijingToday, later)
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

		// 父ASIN: every listed ASIN's parent is kept, as the simulated catalogue has it.
		truth := sellerdata.At(now).ParentsOf(amazontest.DefaultSeller)
		var parents []amazondatadb.ASINParent
		db.Where("company_id = ?", admin.Demo.CompanyID).Find(&parents)
		children := 0
		for _, p := range parents {
			if want, ok := truth[p.ASIN]; !ok || p.ParentASIN != want {
				t.Fatalf("demo parent of %s in %s is %q, want %q", p.ASIN, p.MarketplaceID, p.ParentASIN, want)
			}
			if p.ParentASIN != "" {
				children++
			}
		}
		if len(parents) != len(truth)*len(sellerdata.At(now).Marketplaces(amazontest.DefaultSeller)) || children == 0 {
			t.Fatalf("%d demo parents (%d with a parent) for %d ASINs", len(parents), children, len(truth))
		}

		again, err := data.ImportDemo(ctx, amazondata.Store{CompanyID: admin.Demo.CompanyID, SellerID: admin.Demo.SellerID,
			GroupID: admin.Demo.GroupID, Region: admin.Demo.Region}, amazontest.DefaultSeller, []string{us.ID},
			amazondata.DemoReports{Content: sellerdata.At(now).Content, Today: now, Parents: sellerdata.At(now).Parents})
		if err != nil || again.Lines != 0 || again.Written != 0 {
			t.Fatalf("a second start imported %d lines, wrote %d (%v)", again.Lines, again.Written, err)
		}
	})
}

// The demo's profit report is filled: once its Amazon data is in, last month's lines by SKU include settled ones
// whose paired products carry cost and freight (the shipped demo shipment's), and a second seeding adds nothing.
func TestDemoProfitReportIsFilled(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		admin, err := seed.Run(ctx, db, "admin@demo.test", "Passw0rd!x", accounts.HashPassword)
		if err != nil {
			t.Fatal(err)
		}
		importDemoData(ctx, amazondata.New(db, time.Now), admin.Demo, time.Now(), slog.New(slog.DiscardHandler))
		for range 2 {
			if err := seed.SeedDemoProfit(ctx, db, admin.Demo); err != nil {
				t.Fatal(err)
			}
		}
		var shipments int64
		db.Model(&models.Shipment{}).Where("company_id = ? AND shipment_id = ?", admin.Demo.CompanyID, seed.DemoShipmentShipped).Count(&shipments)
		if shipments != 1 {
			t.Fatalf("%d shipped demo shipments", shipments)
		}
		loc, _ := time.LoadLocation("Asia/Shanghai")
		svc := profit.New(db, time.Now, loc, finance.New(db, time.Now, loc))
		last := time.Now().In(loc).AddDate(0, -1, 0).Format("2006-01")
		var owner models.User
		if err := db.Where("account = ?", admin.Account).Take(&owner).Error; err != nil {
			t.Fatal(err)
		}
		var lines []profit.Line
		for page := 1; ; page++ {
			got, total, _, err := svc.Report(ctx, core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID},
				profit.Query{PageRequest: core.PageRequest{Current: page, Size: 100}, StartMonth: last, EndMonth: last})
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, got...)
			if int64(len(lines)) >= total || len(got) == 0 {
				break
			}
		}
		costed := 0
		for _, l := range lines {
			if l.Estimated == 0 && l.Cost.IsPositive() && l.Freight.IsPositive() && l.Units > 0 {
				costed++
			}
		}
		if costed == 0 {
			t.Fatalf("%d lines in %s, none settled with cost and freight", len(lines), last)
		}
	})
}
