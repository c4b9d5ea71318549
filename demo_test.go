package main

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/accounts"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
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
		importDemoData(ctx, testDemoDeps(db), admin.Demo, now)

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

		us, _ := storesdb.MarketplaceByCountry("US")
		checkDemoProductsMatchListings(t, db, admin.Demo, now)
		fba, err := stockdb.FBAWarehouse(db, admin.Demo.CompanyID, admin.Demo.GroupID, us.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Every SKU of the US inventory report is paired with the product of its own SKU: its fulfillable stock is
		// that product's in FBA美国仓, explained by 同步 lines.
		var stock []struct {
			SKU         string
			Fulfillable int
		}
		db.Table("stocks").Joins("JOIN local_products p ON p.id = stocks.product_id").Where("stocks.warehouse_id = ? AND stocks.fulfillable > 0", fba.ID).
			Select("p.sku, stocks.fulfillable").Scan(&stock)
		want := map[string]int{}
		for _, l := range sellerdata.At(now).Inventory(amazontest.DefaultSeller, us.ID) {
			if l.AFNFulfillable > 0 {
				want[l.SKU] = l.AFNFulfillable
			}
		}
		stocked := map[string]int{}
		for _, s := range stock {
			stocked[s.SKU] = s.Fulfillable
		}
		if len(want) < 10 || !maps.Equal(stocked, want) {
			t.Fatalf("FBA美国仓's fulfillable stock by product SKU %v, the inventory report's by seller SKU %v", stocked, want)
		}
		var synced int64
		db.Model(&stockdb.StockLedgerLine{}).Where("warehouse_id = ? AND doc_type = ?", fba.ID, stockdb.DocSync).Count(&synced)
		if synced < int64(len(want)) {
			t.Fatalf("FBA美国仓: %d products in stock, %d 同步 lines; want each explained", len(want), synced)
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

		// 数据同步 shows where it came from: every kind done, each report read a run of cause 演示 with its lines.
		var tasks []datasyncdb.SyncTask
		db.Where("seller_id = ?", admin.Demo.SellerID).Find(&tasks)
		if len(tasks) != len(amazondata.Kinds) {
			t.Fatalf("%d sync tasks of the demo seller, want %d", len(tasks), len(amazondata.Kinds))
		}
		for _, task := range tasks {
			var runs []datasyncdb.SyncRun
			db.Where("task_id = ?", task.ID).Find(&runs)
			var read int64
			for _, r := range runs {
				if r.Cause != datasyncdb.SyncByDemo || r.Status != datasyncdb.SyncDone || r.FinishedAt == nil {
					t.Fatalf("%s run: %+v", task.Kind, r)
				}
				read += r.Lines
			}
			if task.State != datasyncdb.SyncDone || task.LastSuccessAt == nil || len(runs) == 0 || (task.Kind != "parents" && read == 0) {
				t.Fatalf("%s: %s, last success %v, %d runs reading %d lines", task.Kind, task.State, task.LastSuccessAt, len(runs), read)
			}
		}
		var orderLines int64
		db.Model(&datasyncdb.SyncRun{}).Where("seller_id = ? AND kind = ?", admin.Demo.SellerID, "orders").Select("SUM(lines)").Scan(&orderLines)
		if orderLines != int64(len(lines)) {
			t.Fatalf("the orders run read %d lines, the report has %d", orderLines, len(lines))
		}

		checkDemoAds(t, db, admin.Demo, now)
		// A second start writes no advertising either.
		var adUpdated int64
		importDemoData(ctx, testDemoDeps(db), admin.Demo, now.Add(time.Hour))
		db.Table("adv_product_days").Where("company_id = ? AND updated_at > ?", admin.Demo.CompanyID, now).Count(&adUpdated)
		if adUpdated != 0 {
			t.Fatalf("a second start rewrote %d advertised product days", adUpdated)
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
		importDemoData(ctx, testDemoDeps(db), admin.Demo, time.Now())
		for range 2 {
			if err := seed.SeedDemoProfit(ctx, db, admin.Demo); err != nil {
				t.Fatal(err)
			}
		}
		// One shipped shipment per North American marketplace, each carrying the five best sellers.
		var shipments, items int64
		db.Model(&shippingdb.Shipment{}).Where("company_id = ? AND status = ? AND freight > 0", admin.Demo.CompanyID, shippingdb.ShipmentShipped).Count(&shipments)
		db.Model(&shippingdb.ShipmentItem{}).Joins("JOIN shipments s ON s.id = shipment_items.shipment_ref").
			Where("s.company_id = ? AND s.status = ?", admin.Demo.CompanyID, shippingdb.ShipmentShipped).Count(&items)
		if shipments != 3 || items != 15 {
			t.Fatalf("%d shipped demo shipments with %d lines; want 3 with 5 each", shipments, items)
		}
		loc, _ := time.LoadLocation("Asia/Shanghai")
		svc := profit.New(db, time.Now, loc, finance.New(db, time.Now, loc))
		last := time.Now().In(loc).AddDate(0, -1, 0).Format("2006-01")
		var owner accountsdb.User
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
		// Every SKU line is paired and costed: its cost of goods is its units at the costs in force on their dates,
		// its 头程 its units at the entered 头程; a product whose supplier raised the price on the 15th costs last
		// month's units at two prices, each side of the date.
		shipped, err := seed.DemoShippedSKUs(ctx, db, admin.Demo)
		if err != nil {
			t.Fatal(err)
		}
		costed, split, fromShipment := 0, 0, 0
		for _, l := range lines {
			if l.SKU == "" || l.Units == 0 {
				continue
			}
			if l.Unpaired > 0 || l.NoCost > 0 || l.ProductSKU != l.SKU {
				t.Fatalf("%s in %s: paired with %q, unpaired %d, no cost %d", l.SKU, l.MarketplaceID, l.ProductSKU, l.Unpaired, l.NoCost)
			}
			var p catalogdb.LocalProduct
			db.Where("company_id = ? AND sku = ?", owner.CompanyID, l.SKU).Take(&p)
			var history []catalogdb.ProductCost
			db.Where("product_id = ?", p.ID).Order("effective_from").Find(&history)
			cost, freight, units := decimal.Zero, decimal.Zero, int64(0)
			for _, part := range l.CostParts {
				in := catalogdb.CostOn(history, part.From)
				// 头程 entered, or else the shipped shipment's freight spread over the SKUs it carried.
				leg := in.FirstLeg
				if !leg.Valid && slices.Contains(shipped, l.SKU) {
					leg = part.UnitFreight
					fromShipment++
				}
				if part.Entered != in.FirstLeg.Valid || !part.UnitCost.Decimal.Equal(in.UnitCost.Decimal) || !leg.Valid ||
					!leg.Decimal.IsPositive() || !part.UnitFreight.Decimal.Equal(leg.Decimal) {
					t.Fatalf("%s from %s costed %v + %v, entered %v + %v", l.SKU, part.From, part.UnitCost, part.UnitFreight, in.UnitCost, in.FirstLeg)
				}
				cost = cost.Add(in.UnitCost.Decimal.Mul(decimal.NewFromInt(part.Units)))
				freight = freight.Add(leg.Decimal.Mul(decimal.NewFromInt(part.Units)))
				units += part.Units
			}
			if units != l.Units || !l.Cost.Decimal.Equal(cost) || !l.Freight.Decimal.Equal(freight.Round(4)) {
				t.Fatalf("%s: %d units cost %s and 头程 %s; its parts (%d units) %s and %s", l.SKU, l.Units, l.Cost.String(),
					l.Freight.String(), units, cost, freight)
			}
			if len(history) == 2 && len(l.CostParts) == 2 {
				if l.CostParts[1].From != history[1].EffectiveFrom {
					t.Fatalf("%s's second part from %s, the rise from %s", l.SKU, l.CostParts[1].From, history[1].EffectiveFrom)
				}
				split++
			}
			if l.Estimated == 0 && l.Cost.IsPositive() && l.Freight.IsPositive() {
				costed++
			}
		}
		// This month, not settled yet, is estimated: every line sold has Amazon's fee estimate, from the fee report
		// or, for the listings it leaves out (the seller's own shipping, FBA without stock), the Product Fees API.
		this := time.Now().In(loc).Format("2006-01")
		estimated := 0
		for page := 1; ; page++ {
			got, total, _, err := svc.Report(ctx, core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID},
				profit.Query{PageRequest: core.PageRequest{Current: page, Size: 100}, StartMonth: this, EndMonth: this})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range got {
				if l.SKU != "" && l.Units > 0 && (l.NoFeeEstimate > 0 || l.Unpaired > 0 || l.NoCost > 0 || l.NoFreight > 0) {
					t.Fatalf("%s in %s this month: no fee estimate %d, unpaired %d, no cost %d, no 头程 %d", l.SKU, l.MarketplaceID,
						l.NoFeeEstimate, l.Unpaired, l.NoCost, l.NoFreight)
				}
				if l.Estimated > 0 {
					estimated++
				}
			}
			if int64((page-1)*100+len(got)) >= total || len(got) == 0 {
				break
			}
		}
		if estimated == 0 {
			t.Fatalf("no estimated line in %s", this)
		}
		if costed == 0 || split == 0 || fromShipment == 0 {
			t.Fatalf("%d lines in %s: %d settled with cost and 头程, %d costed at two prices, %d parts with the shipment's freight",
				len(lines), last, costed, split, fromShipment)
		}
	})
}

// testDemoDeps are the demo's services on a test database, the company in Beijing time.
func testDemoDeps(db *models.DB) demoDeps {
	loc, _ := time.LoadLocation("Asia/Shanghai")
	return demoDeps{Data: amazondata.New(db, time.Now), Sync: datasync.New(datasync.Deps{DB: db, Now: time.Now}),
		Catalog: catalog.New(db, time.Now, loc, nil), DB: db, TimeZone: loc, Log: slog.New(slog.DiscardHandler)}
}

// checkDemoProductsMatchListings: every listing of the simulated seller is paired with the product of its own
// seller SKU, named and measured as the catalogue describes its ASIN; the only listings paired with another SKU
// are the demo's own five; every product made from a priced listing has its costs, a third of them a rise dated
// the 15th of last month.
func checkDemoProductsMatchListings(t *testing.T, db *models.DB, demo seed.DemoSeller, now time.Time) {
	t.Helper()
	world := sellerdata.At(now)
	type paired struct {
		SellerSKU, MarketplaceID, ProductSKU, Name, Image string
		Weight                                            *float64
		ProductID                                         int64
	}
	var rows []paired
	db.Table("listings l").Joins("LEFT JOIN local_products p ON p.id = l.product_id").
		Where("l.company_id = ? AND l.group_id = ?", demo.CompanyID, demo.GroupID).
		Select("l.seller_sku, l.marketplace_id, COALESCE(p.sku, '') AS product_sku, COALESCE(p.name, '') AS name, COALESCE(p.image, '') AS image, p.weight, COALESCE(p.id, 0) AS product_id").
		Scan(&rows)
	byKey := map[[2]string]paired{}
	others := 0
	for _, r := range rows {
		byKey[[2]string{r.MarketplaceID, r.SellerSKU}] = r
		if r.ProductSKU != r.SellerSKU {
			others++
			if !strings.HasPrefix(r.ProductSKU, "DEMO-") {
				t.Fatalf("listing %s in %s paired with %q", r.SellerSKU, r.MarketplaceID, r.ProductSKU)
			}
		}
	}
	if others != 5 {
		t.Fatalf("%d listings paired with another SKU than theirs, want the demo's own 5", others)
	}
	products := map[string]int64{}
	listed := 0
	for _, m := range world.Marketplaces(amazontest.DefaultSeller) {
		for _, l := range world.Listings(amazontest.DefaultSeller, m) {
			listed++
			got, ok := byKey[[2]string{m, l.SellerSKU}]
			item, _ := world.Item(amazontest.DefaultSeller, m, l.ASIN)
			if !ok || got.ProductSKU != l.SellerSKU || got.Name != item.Title || got.Weight == nil || *got.Weight <= 0 ||
				got.Image != demoPicture(l.ASIN) {
				t.Fatalf("listing %s in %s: %+v; want its own product named %q, weighed, pictured", l.SellerSKU, m, got, item.Title)
			}
			products[l.SellerSKU] = got.ProductID
		}
	}
	if listed < 100 || len(products) < 50 {
		t.Fatalf("%d listings, %d products", listed, len(products))
	}
	// The shipped shipment's SKUs are the five US listings Amazon fulfils that sold the most units over the 90 days
	// (ties by SKU); their 头程 is the shipment's, not entered.
	fba, yuan := map[string]bool{}, map[string]decimal.Decimal{}
	for _, l := range world.Listings(amazontest.DefaultSeller, "ATVPDKIKX0DER") {
		fba[l.SellerSKU] = strings.HasPrefix(l.FulfillmentChannel, "AMAZON")
		// The US price in yuan at the dollar's default rate (7.1): what a cost is a part of.
		yuan[l.SellerSKU] = l.Price.Mul(decimal.RequireFromString("7.1"))
	}
	units := map[string]int{}
	for _, l := range world.Orders(amazontest.DefaultSeller, now.AddDate(0, 0, -90), now) {
		if l.MarketplaceID == "ATVPDKIKX0DER" && fba[l.SKU] {
			units[l.SKU] += l.Quantity
		}
	}
	best := slices.SortedFunc(maps.Keys(units), func(a, b string) int {
		if units[a] != units[b] {
			return units[b] - units[a]
		}
		return strings.Compare(a, b)
	})[:5]
	shipped, err := seed.DemoShippedSKUs(context.Background(), db, demo)
	if err != nil || !slices.Equal(shipped, best) {
		t.Fatalf("the shipped SKUs %v (%v), the best-selling US FBA SKUs %v", shipped, err, best)
	}
	loc, _ := time.LoadLocation("Asia/Shanghai")
	today := time.Now().In(loc)
	riseFrom := time.Date(today.Year(), today.Month()-1, 15, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	rises := 0
	for sku, id := range products {
		var costs []catalogdb.ProductCost
		db.Where("product_id = ?", id).Order("effective_from").Find(&costs)
		entered := !slices.Contains(shipped, sku)
		if len(costs) == 0 || costs[0].EffectiveFrom != catalogdb.CostsBeginning || !costs[0].UnitCost.Valid ||
			!costs[0].UnitCost.Decimal.IsPositive() || costs[0].FirstLeg.Valid != entered ||
			(entered && !costs[0].FirstLeg.Decimal.IsPositive()) {
			t.Fatalf("%s's costs %+v; want 采购成本 and (unless shipped) 头程 from the beginning", sku, costs)
		}
		// Believable: goods bought at a tenth to a half of the price they sell at, shipped for under 30 % of it.
		price := yuan[sku]
		if c := costs[0].UnitCost.Decimal; c.LessThan(price.Div(decimal.NewFromInt(10))) || c.GreaterThan(price.Div(decimal.NewFromInt(2))) ||
			costs[0].FirstLeg.Decimal.GreaterThan(price.Mul(decimal.RequireFromString("0.3"))) {
			t.Fatalf("%s sells at ¥%s, costs %s + 头程 %s", sku, price.StringFixed(2), c, costs[0].FirstLeg.Decimal)
		}
		if len(costs) == 2 {
			if costs[1].EffectiveFrom != riseFrom || !costs[1].UnitCost.Decimal.GreaterThan(costs[0].UnitCost.Decimal) ||
				costs[1].FirstLeg.Valid != costs[0].FirstLeg.Valid || !costs[1].FirstLeg.Decimal.Equal(costs[0].FirstLeg.Decimal) {
				t.Fatalf("%s's rise %+v after %+v", sku, costs[1], costs[0])
			}
			rises++
		} else if len(costs) > 2 {
			t.Fatalf("%s has %d costs", sku, len(costs))
		}
	}
	if want := (len(products) + 2) / 3; rises != want {
		t.Fatalf("%d products with a price rise, want every third of %d: %d", rises, len(products), want)
	}
}

// checkDemoAds: the demo store advertises its first six US and Canadian listings in the stand-in's campaigns (5 SP,
// 2 SD, 2 SB per profile) with a year of days, the US profile's product days exactly the stand-in's.
func checkDemoAds(t *testing.T, db *models.DB, demo seed.DemoSeller, now time.Time) {
	t.Helper()
	var campaigns, days, cost, first int64
	db.Table("adv_campaigns").Where("company_id = ?", demo.CompanyID).Count(&campaigns)
	var profile storesdb.AdvProfile
	if err := db.Where("company_id = ? AND profile_id = ?", demo.CompanyID, demoAdProfiles[0].ProfileID).Take(&profile).Error; err != nil {
		t.Fatal(err)
	}
	row := db.Table("adv_product_days").Where("profile_id = ?", profile.ID).
		Select("COUNT(*), COALESCE(SUM(cost), 0), COUNT(DISTINCT day)").Row()
	if err := row.Scan(&days, &cost, &first); err != nil {
		t.Fatal(err)
	}
	var skus [][2]string
	for _, l := range sellerdata.At(now).Listings(amazontest.DefaultSeller, profile.MarketplaceID)[:6] {
		skus = append(skus, [2]string{l.SellerSKU, l.ASIN})
	}
	of := func(amazontest.StandInProfile) [][2]string { return skus }
	sp, sd := amazontest.AdAccountOf(demoAdProfiles[0], of), amazontest.SponsoredAccountOf(demoAdProfiles[0], of)
	today := sp.Today(now)
	start, end := today.AddDate(0, 0, -364).Format(time.DateOnly), today.Format(time.DateOnly)
	var wantDays, wantCost int64
	for _, d := range append(sp.ProductAdDays(now, start, end), sd.SDProductDays(now, start, end)...) {
		wantDays++
		wantCost += d.Cost.Shift(4).IntPart()
	}
	if campaigns != 18 || days != wantDays || cost != wantCost || first < 360 {
		t.Fatalf("demo advertising: %d campaigns, US product days %d costing %d over %d days; want 18, %d costing %d over a year",
			campaigns, days, cost, first, wantDays, wantCost)
	}
}
