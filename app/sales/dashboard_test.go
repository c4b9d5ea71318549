package sales_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// TestDashboardEqualsReport: each of 首页's ranges holds the sales report's orders and units for the same days in
// each marketplace's zone (the company's default day) and their sales in CNY by the one rule (summed by currency
// and month, converted, rounded once), as does the period before it (今日's is yesterday so far:
// TestDashboardDaySetting); the trend's days are the report's days; the top SKU
// is the report's first SKU by CNY sales over the last 7 days; an FBA SKU with one unit in stock is warned with
// its days of cover at the last 30 days' pace.
func TestDashboardEqualsReport(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		reported := func(first, last string) sales.Figures {
			var f sales.Figures
			lines := s.report(t, s.owner, sales.ReportQuery{By: "all", Period: "month", Zone: "marketplace",
				StartDate: first, EndDate: last})
			for _, l := range lines {
				f.Orders += l.Orders
				f.Units += l.Units
			}
			f.SalesCNY.Decimal = s.byHand(t, lines)
			return f
		}
		d, err := s.svc.Dashboard(context.Background(), s.owner)
		must(t, err)
		if !d.HasData || d.Today != "2026-03-03" || len(d.Periods) != 4 || len(d.Trend) != 30 {
			t.Fatalf("dashboard %+v", d)
		}
		// Kept: a second load while nothing it reads changed is the same answer, not summed again.
		if again, err := s.svc.Dashboard(context.Background(), s.owner); err != nil || again != d {
			t.Fatalf("the second load summed the dashboard again (%v)", err)
		}
		for _, c := range d.Periods {
			want := reported(c.First, c.Last)
			if c.Now.Units == 0 && c.Label != "今日" {
				t.Fatalf("%s sold nothing: too little to prove anything", c.Label)
			}
			if !c.Now.SalesCNY.Equal(want.SalesCNY.Decimal) || c.Now.Orders != want.Orders || c.Now.Units != want.Units {
				t.Fatalf("%s %s..%s: %+v, the report says %+v", c.Label, c.First, c.Last, c.Now, want)
			}
		}
		week := d.Periods[2]
		if before := reported("2026-02-18", "2026-02-24"); !week.Before.SalesCNY.Equal(before.SalesCNY.Decimal) ||
			week.Before.Orders != before.Orders || week.Before.Units != before.Units {
			t.Fatalf("the 7 days before: %+v, the report says %+v", week.Before, before)
		}
		for _, day := range d.Trend {
			if want := reported(day.Day, day.Day); !day.SalesCNY.Equal(want.SalesCNY.Decimal) {
				t.Fatalf("trend %s: %s, the report says %s", day.Day, day.SalesCNY, want.SalesCNY)
			}
		}

		skuLines := map[string][]sales.Line{}
		var units30 int64
		for _, l := range s.report(t, s.owner, sales.ReportQuery{By: "sku", Period: "month", Zone: "marketplace",
			StartDate: week.First, EndDate: week.Last}) {
			skuLines[l.Key] = append(skuLines[l.Key], l)
		}
		bySKU := map[string]decimal.Decimal{}
		for sku, lines := range skuLines {
			bySKU[sku] = s.byHand(t, lines)
		}
		if len(d.Top) != 5 || !d.Top[0].Now.Equal(bySKU[d.Top[0].SKU]) {
			t.Fatalf("top %+v, the report's week %v", d.Top, bySKU)
		}
		for sku, v := range bySKU {
			if v.GreaterThan(d.Top[0].Now.Decimal) {
				t.Fatalf("%s sold %s, more than the top %+v", sku, v, d.Top[0])
			}
		}
		for _, x := range d.Falling {
			if !x.Now.LessThan(x.Before.Decimal) {
				t.Fatalf("%+v is not falling", x)
			}
		}

		sku := d.Top[0].SKU
		for _, l := range s.report(t, s.owner, sales.ReportQuery{By: "sku", Period: "month", Zone: "marketplace",
			StartDate: "2026-02-02", EndDate: "2026-03-03", Search: sku}) {
			if l.Key == sku {
				units30 += l.Units
			}
		}
		_, err = amazondatadb.UpsertFBAInventory(db, []amazondatadb.FBAInventory{{CompanyID: s.owner.CompanyID, GroupID: s.store.GroupID,
			SellerID: s.store.SellerID, MarketplaceID: s.markets[0], SKU: sku, Fulfillable: 1}})
		must(t, err)
		// The FBA stock written shows at the next load: the kept dashboard is given up.
		d, err = s.svc.Dashboard(context.Background(), s.owner)
		must(t, err)
		want := decimal.NewFromInt(30).Div(decimal.NewFromInt(units30)).Round(1)
		if len(d.LowStock) != 1 || d.LowStock[0].SKU != sku || !d.LowStock[0].Cover.Equal(want) {
			t.Fatalf("low stock %+v, want %s with %s days (%d units in 30 days)", d.LowStock, sku, want, units30)
		}
	})
}

// TestDashboardStoreGroupLimit: a user limited to another store group sees no sales and no stock of this one.
func TestDashboardStoreGroupLimit(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		_, err := amazondatadb.UpsertFBAInventory(db, []amazondatadb.FBAInventory{{CompanyID: s.owner.CompanyID, GroupID: s.store.GroupID,
			SellerID: s.store.SellerID, MarketplaceID: s.markets[0], SKU: "X", Fulfillable: 1}})
		must(t, err)
		other := &storesdb.StoreGroup{CompanyID: s.owner.CompanyID, Name: "乙店"}
		must(t, db.Create(other).Error)
		clerk := &accountsdb.User{Account: "13800000072", PasswordHash: "x", CompanyID: s.owner.CompanyID}
		must(t, db.Create(clerk).Error)
		must(t, db.Create(&storesdb.UserStoreGroup{UserID: clerk.ID, GroupID: other.ID}).Error)
		d, err := s.svc.Dashboard(context.Background(), core.Principal{CompanyID: s.owner.CompanyID, UserID: clerk.ID})
		must(t, err)
		if d.HasData || len(d.Top) != 0 || !d.Periods[3].Now.SalesCNY.IsZero() {
			t.Fatalf("the limited user sees %+v", d)
		}
		d, err = s.svc.Dashboard(context.Background(), s.owner)
		must(t, err)
		if !d.HasData || !d.Periods[3].Now.SalesCNY.IsPositive() {
			t.Fatalf("the owner sees %+v", d)
		}
	})
}
