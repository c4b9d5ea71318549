package sales_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// counted are the orders and units of the stand-in's lines bought in [from(zone), to(zone)) of each line's zone,
// cancelled ones left out: the truth the dashboard's figures are held to.
func (s *shop) counted(zone func(marketplaceID string) *time.Location, from, to func(loc *time.Location) time.Time) (int64, int64) {
	orders := map[string]bool{}
	var units int64
	for _, l := range s.orders() {
		loc := zone(l.MarketplaceID)
		if l.OrderStatus == amazondatadb.OrderCancelled || l.PurchaseDate.Before(from(loc)) || !l.PurchaseDate.Before(to(loc)) {
			continue
		}
		orders[l.AmazonOrderID] = true
		units += int64(l.Quantity)
	}
	return int64(len(orders)), units
}

// TestDashboardDaySetting: 首页's 今日 counts each marketplace's own day until the company chooses Beijing's (公司设置),
// as 今日订单 does, and says which day it counts; 今日 is compared with yesterday up to now's hour and minute in
// the same zone, not with the whole of yesterday.
func TestDashboardDaySetting(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		// 2026-03-02 23:40 UTC: 03-03 07:40 in Beijing, 03-02 15:40 in Los Angeles (the NA marketplaces' zone).
		now := today.Add(-20 * time.Minute)
		svc := sales.New(db, func() time.Time { return now }, beijing, s.fin)
		for _, c := range []struct {
			zone, day, clock, names string
		}{
			{accountsdb.DayZoneMarketplace, "2026-03-02", "15:40", "美国"},
			{accountsdb.DayZoneBeijing, "2026-03-03", "07:40", ""},
		} {
			if c.zone == accountsdb.DayZoneBeijing {
				must(t, accountsdb.SaveCompanySetting(db, accountsdb.CompanySetting{CompanyID: s.owner.CompanyID, DayZone: c.zone, UpdatedAt: now}))
			}
			zone := func(m string) *time.Location {
				if c.zone == accountsdb.DayZoneBeijing {
					return beijing
				}
				return storesdb.MarketplaceLocation(m)
			}
			midnight := func(loc *time.Location, back int) time.Time {
				y, m, d := now.In(loc).Date()
				return time.Date(y, m, d-back, 0, 0, 0, 0, loc)
			}
			todayOrders, todayUnits := s.counted(zone, func(loc *time.Location) time.Time { return midnight(loc, 0) },
				func(loc *time.Location) time.Time { return midnight(loc, -1) })
			soFarOrders, soFarUnits := s.counted(zone, func(loc *time.Location) time.Time { return midnight(loc, 1) },
				func(loc *time.Location) time.Time {
					l := now.In(loc)
					return midnight(loc, 1).Add(time.Duration(l.Hour())*time.Hour + time.Duration(l.Minute())*time.Minute)
				})
			wholeOrders, _ := s.counted(zone, func(loc *time.Location) time.Time { return midnight(loc, 1) },
				func(loc *time.Location) time.Time { return midnight(loc, 0) })
			if todayOrders == 0 || soFarOrders == 0 || soFarOrders == wholeOrders {
				t.Fatalf("%s: %d orders today, %d yesterday so far of %d: too few to prove anything", c.zone, todayOrders, soFarOrders, wholeOrders)
			}

			d, err := svc.Dashboard(context.Background(), s.owner)
			must(t, err)
			if d.Zone != c.zone || d.Today != c.day || len(d.Days) != 1 || d.Days[0].Day != c.day || d.Days[0].Clock != c.clock {
				t.Fatalf("%s: the dashboard counts %s %s %+v, want %s at %s", c.zone, d.Zone, d.Today, d.Days, c.day, c.clock)
			}
			if c.names != "" && d.Days[0].Marketplaces[:len(c.names)] != c.names {
				t.Fatalf("%s: the day is named for %q", c.zone, d.Days[0].Marketplaces)
			}
			td := d.Periods[0]
			if td.Label != "今日" || td.First != c.day || td.Now.Orders != todayOrders || td.Now.Units != todayUnits {
				t.Fatalf("%s: 今日 %s %+v, the orders say %d orders, %d units", c.zone, td.First, td.Now, todayOrders, todayUnits)
			}
			if td.Before.Orders != soFarOrders || td.Before.Units != soFarUnits {
				t.Fatalf("%s: 今日 compared with %+v, yesterday up to %s holds %d orders, %d units (%d all day)",
					c.zone, td.Before, c.clock, soFarOrders, soFarUnits, wholeOrders)
			}
			if !td.Before.SalesCNY.IsPositive() {
				t.Fatalf("%s: yesterday so far sold %s", c.zone, td.Before.SalesCNY)
			}
			// 销售报表 and 周/月汇总 asked no zone count the same day.
			q := sales.ReportQuery{By: "all", Period: "day", StartDate: "2026-03-01", EndDate: "2026-03-01"}
			asked := q
			asked.Zone = c.zone
			if got, want := s.report(t, s.owner, q), s.report(t, s.owner, asked); len(got) == 0 || got[0].Orders != want[0].Orders {
				t.Fatalf("%s: the report asked no zone says %+v, in the company's day %+v", c.zone, got, want)
			}
			// 昨日 stays the whole of yesterday.
			if y := d.Periods[1]; y.Now.Orders != wholeOrders {
				t.Fatalf("%s: 昨日 %+v, the orders say %d", c.zone, y.Now, wholeOrders)
			}
		}
	})
}

// TestDashboardMarketplacesOfDifferentDays: when the marketplaces sold in count different todays (at 23:40 UTC Los
// Angeles and London are on 2 March, Berlin on the 3rd), each counts its own: 今日, 近7天 and the top SKU's units
// hold each marketplace's own days, 今日 is compared with each one's yesterday up to its own hour and minute, and
// the day line names every group.
func TestDashboardMarketplacesOfDifferentDays(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		s := newShop(t, db)
		eu, err := fixtures.Seller(ctx, db, s.owner.CompanyID, "欧洲店", "EU", "A1EU", sellerdata.UK, sellerdata.DE)
		must(t, err)
		from := today.AddDate(0, 0, -importedDays)
		r, err := s.world.Content(sellerdata.EuropeSeller, sellerdata.OrdersReport, []string{sellerdata.UK, sellerdata.DE}, from, today)
		must(t, err)
		tsv, err := amazon.NewTSVReader(r)
		must(t, err)
		_, err = amazondata.New(db, time.Now).Import(ctx, amazondata.Orders,
			amazondata.Store{CompanyID: eu.CompanyID, SellerID: eu.ID, GroupID: eu.GroupID, Region: eu.Region}, tsv, nil)
		must(t, err)
		lines := append(s.orders(), s.world.Orders(sellerdata.EuropeSeller, from, today)...)

		now := today.Add(-20 * time.Minute)
		d, err := sales.New(db, func() time.Time { return now }, beijing, s.fin).Dashboard(ctx, s.owner)
		must(t, err)
		if len(d.Days) != 3 || !strings.HasPrefix(d.Days[0].Marketplaces, "美国") || d.Days[0].Day != "2026-03-02" ||
			d.Days[0].Clock != "15:40" || d.Days[1].Marketplaces != "英国" || d.Days[1].Clock != "23:40" ||
			d.Days[2].Marketplaces != "德国" || d.Days[2].Day != "2026-03-03" || d.Today != "2026-03-03" {
			t.Fatalf("the days: %+v, today %s", d.Days, d.Today)
		}

		// back is how many days before its marketplace's today a line was bought (-1: today's future).
		back := func(tm time.Time, marketplace string) int {
			loc := storesdb.MarketplaceLocation(marketplace)
			y, m, dd := now.In(loc).Date()
			ty, tm2, td := tm.In(loc).Date()
			return int(time.Date(y, m, dd, 0, 0, 0, 0, time.UTC).Sub(time.Date(ty, tm2, td, 0, 0, 0, 0, time.UTC)).Hours() / 24)
		}
		type tally struct {
			orders map[string]bool
			units  int64
		}
		count := func(keep func(l sellerdata.OrderLine) bool) tally {
			x := tally{orders: map[string]bool{}}
			for _, l := range lines {
				if l.OrderStatus != amazondatadb.OrderCancelled && keep(l) {
					x.orders[l.AmazonOrderID] = true
					x.units += int64(l.Quantity)
				}
			}
			return x
		}
		within := func(first, last int) func(l sellerdata.OrderLine) bool {
			return func(l sellerdata.OrderLine) bool {
				b := back(l.PurchaseDate, l.MarketplaceID)
				return b >= first && b <= last
			}
		}
		for i, want := range []tally{count(within(0, 0)), count(within(1, 1)), count(within(0, 6))} {
			got := d.Periods[i].Now
			if len(want.orders) == 0 || got.Orders != int64(len(want.orders)) || got.Units != want.units {
				t.Fatalf("%s: %+v, each marketplace's own days hold %d orders, %d units", d.Periods[i].Label, got, len(want.orders), want.units)
			}
		}
		soFar := count(func(l sellerdata.OrderLine) bool {
			loc := storesdb.MarketplaceLocation(l.MarketplaceID)
			p, n := l.PurchaseDate.In(loc), now.In(loc)
			return back(l.PurchaseDate, l.MarketplaceID) == 1 && p.Hour()*60+p.Minute() < n.Hour()*60+n.Minute()
		})
		if got := d.Periods[0].Before; got.Orders != int64(len(soFar.orders)) || got.Units != soFar.units {
			t.Fatalf("今日 compared with %+v, each marketplace's yesterday so far holds %d orders, %d units", got, len(soFar.orders), soFar.units)
		}
		top := d.Top[0]
		if want := count(func(l sellerdata.OrderLine) bool { return l.SKU == top.SKU && within(0, 6)(l) }); top.Units != want.units {
			t.Fatalf("the top SKU %s sold %d units, its marketplaces' own 7 days %d", top.SKU, top.Units, want.units)
		}
	})
}
