package sales_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// daySums are units, orders and sales by SKU, marketplace day and currency.
type daySums struct {
	units  int64
	orders map[string]bool
	sales  decimal.Decimal
}

// TestReportSKUByDay: the report by SKU and day in the marketplaces' zones equals the stand-in's order lines
// summed here, cancelled orders left out, to the unit and the cent.
func TestReportSKUByDay(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		first, last := today.AddDate(0, 0, -30), today.AddDate(0, 0, -1)
		want := map[string]*daySums{}
		cancelled := 0
		for _, l := range s.orders() {
			day := l.PurchaseDate.In(storesdb.MarketplaceLocation(l.MarketplaceID)).Format(time.DateOnly)
			if day < first.Format(time.DateOnly) || day > last.Format(time.DateOnly) {
				continue
			}
			if l.OrderStatus == amazondatadb.OrderCancelled {
				cancelled++
				continue
			}
			k := l.SKU + "|" + day + "|" + l.Currency
			if want[k] == nil {
				want[k] = &daySums{orders: map[string]bool{}}
			}
			want[k].units += int64(l.Quantity)
			want[k].orders[l.AmazonOrderID] = true
			want[k].sales = want[k].sales.Add(l.ItemPrice)
		}
		if cancelled == 0 || len(want) < 100 {
			t.Fatalf("the stand-in's month holds %d cancelled lines and %d SKU days: too few to prove anything", cancelled, len(want))
		}
		lines := s.report(t, s.owner, sales.ReportQuery{By: "sku", Period: "day", Zone: "marketplace",
			StartDate: first.Format(time.DateOnly), EndDate: last.Format(time.DateOnly)})
		sold := 0
		for _, l := range lines {
			// A day with refunds only is a line without sales.
			if l.Units == 0 && l.Orders == 0 && l.Sales.IsZero() && l.Refunds.IsPositive() {
				continue
			}
			sold++
			w := want[l.Key+"|"+l.Period+"|"+l.Currency]
			if w == nil {
				t.Fatalf("line %s %s %s is not in the orders", l.Key, l.Period, l.Currency)
			}
			if l.Units != w.units || l.Orders != int64(len(w.orders)) || !l.Sales.Equal(w.sales) {
				t.Fatalf("%s %s: %d units, %d orders, %s sales; want %d, %d, %s", l.Key, l.Period, l.Units, l.Orders,
					l.Sales, w.units, len(w.orders), w.sales)
			}
		}
		if sold != len(want) {
			t.Fatalf("%d lines with sales, want %d", sold, len(want))
		}
	})
}

// TestReportWeeksInBeijingTime: by week in Beijing time each week starts on a Monday, and the weeks add up to
// the same units and sales as the days of the same range.
func TestReportWeeksInBeijingTime(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		// Monday 2026-02-02 to Sunday 2026-03-01: four whole weeks.
		q := sales.ReportQuery{By: "sku", Zone: "beijing", StartDate: "2026-02-02", EndDate: "2026-03-01"}
		sum := func(lines []sales.Line) (int64, decimal.Decimal, map[string]bool) {
			var units int64
			total := decimal.Zero
			periods := map[string]bool{}
			for _, l := range lines {
				units += l.Units
				total = total.Add(l.Sales.Decimal)
				periods[l.Period] = true
			}
			return units, total, periods
		}
		q.Period = "day"
		dayUnits, daySales, days := sum(s.report(t, s.owner, q))
		q.Period = "week"
		weekUnits, weekSales, weeks := sum(s.report(t, s.owner, q))
		if len(days) != 28 || fmt.Sprint(keys(weeks)) != "[2026-02-02 2026-02-09 2026-02-16 2026-02-23]" {
			t.Fatalf("days %d, weeks %v", len(days), keys(weeks))
		}
		if dayUnits == 0 || dayUnits != weekUnits || !daySales.Equal(weekSales) {
			t.Fatalf("days %d units %s, weeks %d units %s", dayUnits, daySales, weekUnits, weekSales)
		}
	})
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestReportCNYWithMonthOverride: by marketplace and month in Beijing time, a month with a rate of the company's
// converts at it and the month before at the product's default, each line's CNY being its sales at its month's
// rate.
func TestReportCNYWithMonthOverride(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		_, err := s.fin.SetRate(ctx, s.owner, finance.RateForm{Currency: "USD", Month: "2026-02", Rate: "7.5"})
		must(t, err)
		defaultUSD, _, err := must2(s.fin.Rates(ctx, s.owner.CompanyID)).RateOfMonth("USD", "2026-01")
		must(t, err)
		if defaultUSD.Equal(decimal.RequireFromString("7.5")) {
			t.Fatal("the default must differ from the override")
		}
		lines := s.report(t, s.owner, sales.ReportQuery{By: "marketplace", Period: "month", Zone: "beijing",
			StartDate: "2026-01-25", EndDate: "2026-02-28"})
		seen := map[string]bool{}
		for _, l := range lines {
			if l.Currency != "USD" {
				continue
			}
			rate := defaultUSD
			if l.Period == "2026-02" {
				rate = decimal.RequireFromString("7.5")
			}
			if want := l.Sales.Mul(rate).Round(2); !l.SalesCNY.Equal(want) || l.Sales.IsZero() {
				t.Fatalf("%s %s: %s USD = %s CNY, want %s", l.Key, l.Period, l.Sales, l.SalesCNY, want)
			}
			if l.Name != "美国" {
				t.Fatalf("marketplace named %q", l.Name)
			}
			seen[l.Period] = true
		}
		if !seen["2026-01"] || !seen["2026-02"] {
			t.Fatalf("months %v", seen)
		}
	})
}

func must2[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestReportRefunds: the refunds by SKU are the settlements' refunded item prices (Refund, ItemPrice,
// Principal) of the imported orders, by the day they were posted.
func TestReportRefunds(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		first, last := today.AddDate(0, 0, -30), today.AddDate(0, 0, -1)
		imported := map[string]string{}
		for _, l := range s.orders() {
			imported[l.AmazonOrderID+"|"+l.SKU] = l.MarketplaceID
		}
		want := map[string]decimal.Decimal{}
		for _, set := range s.world.Scheduled(amazontest.DefaultSeller) {
			for _, l := range s.world.Settlement(amazontest.DefaultSeller, set.ReportID).Lines {
				market, ok := imported[l.OrderID+"|"+l.SKU]
				if !ok || l.TransactionType != "Refund" || l.AmountType != "ItemPrice" || l.AmountDescription != "Principal" {
					continue
				}
				day := l.PostedDate.In(storesdb.MarketplaceLocation(market)).Format(time.DateOnly)
				if day >= first.Format(time.DateOnly) && day <= last.Format(time.DateOnly) {
					want[l.SKU] = want[l.SKU].Sub(l.Amount)
				}
			}
		}
		if len(want) == 0 {
			t.Fatal("the stand-in refunded nothing in the month")
		}
		got := map[string]decimal.Decimal{}
		for _, l := range s.report(t, s.owner, sales.ReportQuery{By: "sku", Period: "month", Zone: "marketplace",
			StartDate: first.Format(time.DateOnly), EndDate: last.Format(time.DateOnly)}) {
			if !l.Refunds.IsZero() {
				got[l.Key] = got[l.Key].Add(l.Refunds.Decimal)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("refunds of %d SKUs, want %d", len(got), len(want))
		}
		for sku, w := range want {
			if !got[sku].Equal(w) {
				t.Fatalf("%s refunds %s, want %s", sku, got[sku], w)
			}
		}
	})
}

// TestReportStoreGroupLimit: a user limited to another store group sees no sales of this one; the owner does.
func TestReportStoreGroupLimit(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		other := &storesdb.StoreGroup{CompanyID: s.owner.CompanyID, Name: "乙店"}
		must(t, db.Create(other).Error)
		clerk := &accountsdb.User{Account: "13800000072", PasswordHash: "x", CompanyID: s.owner.CompanyID}
		must(t, db.Create(clerk).Error)
		must(t, db.Create(&storesdb.UserStoreGroup{UserID: clerk.ID, GroupID: other.ID}).Error)
		q := sales.ReportQuery{By: "store", Period: "month"}
		if lines := s.report(t, core.Principal{CompanyID: s.owner.CompanyID, UserID: clerk.ID}, q); len(lines) != 0 {
			t.Fatalf("the limited user sees %+v", lines)
		}
		lines := s.report(t, s.owner, q)
		if len(lines) == 0 || lines[0].Key != "甲店" {
			t.Fatalf("the owner sees %+v", lines)
		}
	})
}

// TestReportRefusals: a wrong grouping, period, zone or range is told, not answered with an error page.
func TestReportRefusals(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		for _, c := range []struct {
			q    sales.ReportQuery
			want string
		}{
			{sales.ReportQuery{By: "parent"}, sales.MsgByBad},
			{sales.ReportQuery{Period: "year"}, sales.MsgPeriodBad},
			{sales.ReportQuery{Zone: "utc"}, sales.MsgZoneBad},
			{sales.ReportQuery{StartDate: "2026-02-02", EndDate: "2026-02-01"}, sales.MsgRangeBad},
			{sales.ReportQuery{StartDate: "2023-01-01", EndDate: "2026-02-01"}, sales.MsgRangeLong},
			{sales.ReportQuery{StartDate: "2026-2-1"}, core.MsgDateBad},
		} {
			_, _, _, err := s.svc.Report(context.Background(), s.owner, c.q)
			if e, ok := err.(*core.Error); !ok || e.Kind != core.KindInvalid || e.Msg != c.want {
				t.Fatalf("%+v: %v, want %s", c.q, err, c.want)
			}
		}
	})
}

// TestReportByProductAndSummary: by local product, a SKU paired in SKU配对 sells as its product and the rest as
// 未配对; the summary by week sums every SKU of a week into one line per currency.
func TestReportByProductAndSummary(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		first, last := "2026-02-02", "2026-03-01"
		q := sales.ReportQuery{By: "sku", Period: "month", Zone: "beijing", StartDate: first, EndDate: last,
			MarketplaceID: "ATVPDKIKX0DER"}
		bySKU := s.report(t, s.owner, q)
		sku := bySKU[0].Key
		var skuUnits, allUnits int64
		for _, l := range bySKU {
			if l.Key == sku {
				skuUnits += l.Units
			}
			allUnits += l.Units
		}
		p := &catalogdb.LocalProduct{CompanyID: s.owner.CompanyID, SKU: "LP-1", Name: "本地产品1", Kind: catalogdb.ProductKindProduct}
		must(t, db.Create(p).Error)
		must(t, db.Create(&catalogdb.Listing{CompanyID: s.owner.CompanyID, GroupID: s.store.GroupID,
			MarketplaceID: "ATVPDKIKX0DER", SellerSKU: sku, ProductID: &p.ID}).Error)
		q.By = "product"
		got := map[string]int64{}
		for _, l := range s.report(t, s.owner, q) {
			got[l.Key+"|"+l.Name] += l.Units
		}
		if len(got) != 2 || got["LP-1|本地产品1"] != skuUnits || got["|未配对"] != allUnits-skuUnits {
			t.Fatalf("by product %v; the SKU sold %d of %d", got, skuUnits, allUnits)
		}

		weeks, _, _, err := s.svc.Summary(context.Background(), s.owner, sales.ReportQuery{By: "sku", Zone: "beijing",
			StartDate: first, EndDate: last, MarketplaceID: "ATVPDKIKX0DER", PageRequest: core.PageRequest{Size: 100}})
		must(t, err)
		var summed int64
		totals := 0
		for _, l := range weeks {
			if l.Currency == sales.SummaryTotal {
				// Each week's CNY total (issue 43, item 4), here of the one currency.
				totals++
				continue
			}
			if l.Key != "" || l.Currency != "USD" {
				t.Fatalf("summary line %+v", l)
			}
			summed += l.Units
		}
		if len(weeks) != 8 || totals != 4 || summed != allUnits {
			t.Fatalf("%d lines (%d totals) of %d units, want 4 weeks and their totals of %d", len(weeks), totals, summed, allUnits)
		}
	})
}

// TestSummaryLabelsPartialPeriodsAndTotalsInCNY: 周/月汇总 labels a week or month the range cuts with its real
// dates (the range starting on a Wednesday and ending on a Sunday: the first week is 2026-02-04 ~ 2026-02-08,
// the month of March 2026-03-01 ~ 2026-03-01), and adds after each period's currencies a line of their sum in CNY,
// converted with the company's rates by the one rule: the period's days summed by currency and month, converted,
// rounded once (not the currencies' rounded figures added). On main a partial week was labelled by its Monday, as a whole week, and the
// currencies were not summed.
func TestSummaryLabelsPartialPeriodsAndTotalsInCNY(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		for _, c := range []struct {
			period string
			want   []string
		}{
			{"week", []string{"2026-02-04 ~ 2026-02-08", "2026-02-09", "2026-02-16", "2026-02-23"}},
			{"month", []string{"2026-02-04 ~ 2026-02-28", "2026-03-01 ~ 2026-03-01"}},
		} {
			lines, _, _, err := s.svc.Summary(context.Background(), s.owner, sales.ReportQuery{Period: c.period, Zone: "beijing",
				StartDate: "2026-02-04", EndDate: "2026-03-01", PageRequest: core.PageRequest{Size: 100}})
			must(t, err)
			type sum struct {
				units, orders int64
				currencies    int
			}
			byPeriod := map[string]*sum{}
			totals := map[string]sales.Line{}
			for _, l := range lines {
				if l.Currency == sales.SummaryTotal {
					if _, twice := totals[l.Period]; twice {
						t.Fatalf("%s: two totals of %s", c.period, l.Period)
					}
					totals[l.Period] = l
					continue
				}
				p := byPeriod[l.Period]
				if p == nil {
					p = &sum{}
					byPeriod[l.Period] = p
				}
				p.units, p.orders, p.currencies = p.units+l.Units, p.orders+l.Orders, p.currencies+1
			}
			var got []string
			multi := false
			// Each period's days, by the date it starts on (a label's first ten characters).
			days := map[string][]sales.Line{}
			for _, d := range s.report(t, s.owner, sales.ReportQuery{By: "all", Period: "day", Zone: "beijing",
				StartDate: "2026-02-04", EndDate: "2026-03-01"}) {
				start := ""
				for period := range byPeriod {
					if period[:10] <= d.Period && period[:10] > start {
						start = period[:10]
					}
				}
				days[start] = append(days[start], d)
			}
			for period, p := range byPeriod {
				got = append(got, period)
				tot, ok := totals[period]
				cny := s.byHand(t, days[period[:10]])
				if !ok || tot.Units != p.units || tot.Orders != p.orders || !tot.Sales.Equal(cny) || !tot.SalesCNY.Equal(cny) {
					t.Fatalf("%s %s: total %+v, want %d units %d orders %s CNY", c.period, period, tot, p.units, p.orders, cny)
				}
				multi = multi || p.currencies > 1
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) || len(totals) != len(got) {
				t.Fatalf("%s periods %v (%d totals), want %v", c.period, got, len(totals), c.want)
			}
			if !multi {
				t.Fatalf("%s: no period of several currencies to sum", c.period)
			}
		}
	})
}
