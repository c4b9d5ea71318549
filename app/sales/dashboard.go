package sales

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	salesdb "sellerhub/models/sales"
)

// CoverDays is the days of cover under which the dashboard warns that an FBA SKU runs low.
const CoverDays = 14

// The dashboard's ranges: the trend's days, and the days the SKU lists compare.
const (
	trendDays = 30
	skuDays   = 7
	topSKUs   = 5
	lowStocks = 10
)

// Figures are the sales (in CNY), orders and units of a range of days.
type Figures struct {
	SalesCNY models.Money
	Orders   int64
	Units    int64
}

// Compared is a range's figures against the same number of days just before it.
type Compared struct {
	Label       string
	First, Last string
	Now, Before Figures
}

// TrendDay is one day's sales in CNY.
type TrendDay struct {
	Day      string
	SalesCNY models.Money
}

// SKUSales is a SKU's sales in CNY over the last skuDays days and the skuDays before, and its units of the last.
type SKUSales struct {
	SKU         string
	Now, Before models.Money
	Units       int64
}

// LowStock is an FBA SKU whose fulfillable stock lasts fewer than CoverDays days at its last 30 days' pace.
type LowStock struct {
	SKU         string
	Fulfillable int64
	Units30     int64
	Cover       decimal.Decimal
}

// Dashboard is what 首页 shows of the user's store groups, in Beijing time, read through the sales report so
// that each figure equals the report's for the same days.
type Dashboard struct {
	Today    string
	HasData  bool
	Periods  []Compared
	Trend    []TrendDay
	Top      []SKUSales
	Falling  []SKUSales
	LowStock []LowStock
}

// keptDashboards bounds the dashboards kept (a few kilobytes each): one per company, store groups and day.
const keptDashboards = 2_000

// Dashboard is the home tab's figures of the user's store groups: kept from an earlier load of the same day while
// the company's sales and FBA stock are as they were (the version of both) and the user's store groups the same,
// otherwise summed and kept. It is not to be changed: every user of the same store groups is given it.
func (s *Service) Dashboard(ctx context.Context, p core.Principal) (*Dashboard, error) {
	now := s.now().In(s.timeZone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	generation, groups, err := s.db.With(ctx).ReportVersion(p.CompanyID, p.UserID, models.GenerationFBAStock)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s|%s", p.CompanyID, groups, today.Format(time.DateOnly))
	return s.dashboards.Answer(ctx, key, generation, func(ctx context.Context) (*Dashboard, int, error) {
		d, err := s.dashboard(ctx, p, today)
		return d, 1, err
	})
}

// dashboard sums the user's store groups' sales and FBA stock into the home tab's figures of the day.
func (s *Service) dashboard(ctx context.Context, p core.Principal, today time.Time) (*Dashboard, error) {
	day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }
	d := &Dashboard{Today: day(0)}

	// Every day of the 30 days and the 30 before, in one line a day and currency.
	days, err := s.whole(ctx, p, ReportQuery{By: salesdb.SalesByAll, Period: models.PeriodDay, Zone: ZoneBeijing,
		StartDate: day(2*trendDays - 1), EndDate: day(0)})
	if err != nil {
		return nil, err
	}
	byDay := map[string]*figureUnits{}
	for i := range days {
		l := &days[i]
		f := byDay[l.period]
		if f == nil {
			f = &figureUnits{}
			byDay[l.period] = f
		}
		f.add(l)
		d.HasData = true
	}
	sum := func(from, to int) Figures {
		var f figureUnits
		for b := from; b <= to; b++ {
			if x := byDay[day(b)]; x != nil {
				f.salesCNY += x.salesCNY
				f.orders += x.orders
				f.units += x.units
			}
		}
		return f.figures()
	}
	for _, r := range []struct {
		label string
		n     int
		back  int
	}{{"今日", 1, 0}, {"昨日", 1, 1}, {"近7天", 7, 0}, {"近30天", 30, 0}} {
		d.Periods = append(d.Periods, Compared{Label: r.label, First: day(r.back + r.n - 1), Last: day(r.back),
			Now: sum(r.back, r.back+r.n-1), Before: sum(r.back+r.n, r.back+2*r.n-1)})
	}
	for b := trendDays - 1; b >= 0; b-- {
		t := TrendDay{Day: day(b)}
		if x := byDay[t.Day]; x != nil {
			t.SalesCNY = models.MoneyFromUnits(x.salesCNY)
		}
		d.Trend = append(d.Trend, t)
	}

	if err := s.skuLists(ctx, p, d, day); err != nil {
		return nil, err
	}
	return d, nil
}

// skuLists fills the top and falling SKUs and the low stock warnings.
func (s *Service) skuLists(ctx context.Context, p core.Principal, d *Dashboard, day func(int) string) error {
	bySKU := func(from, to int) (map[string]*figureUnits, error) {
		lines, err := s.whole(ctx, p, ReportQuery{By: salesdb.SalesBySKU, Period: models.PeriodMonth, Zone: ZoneBeijing,
			StartDate: day(to), EndDate: day(from)})
		out := map[string]*figureUnits{}
		for i := range lines {
			l := &lines[i]
			x := out[l.key]
			if x == nil {
				x = &figureUnits{}
				out[l.key] = x
			}
			x.add(l)
		}
		return out, err
	}
	cur, err := bySKU(0, skuDays-1)
	if err != nil {
		return err
	}
	prev, err := bySKU(skuDays, 2*skuDays-1)
	if err != nil {
		return err
	}
	// The SKUs' sales in ten-thousandths, sorted as such: thousands of SKUs, of which ten become Money.
	type skuUnits struct {
		sku         string
		now, before int64
		units       int64
	}
	var skus []skuUnits
	for k, l := range cur {
		x := skuUnits{sku: k, now: l.salesCNY, units: l.units}
		if b := prev[k]; b != nil {
			x.before = b.salesCNY
		}
		skus = append(skus, x)
	}
	for k, b := range prev {
		if cur[k] == nil {
			skus = append(skus, skuUnits{sku: k, before: b.salesCNY})
		}
	}
	listed := func(x skuUnits) SKUSales {
		return SKUSales{SKU: x.sku, Now: models.MoneyFromUnits(x.now), Before: models.MoneyFromUnits(x.before), Units: x.units}
	}
	slices.SortFunc(skus, func(a, b skuUnits) int {
		if c := cmp.Compare(b.now, a.now); c != 0 {
			return c
		}
		return strings.Compare(a.sku, b.sku)
	})
	for _, x := range skus {
		if len(d.Top) < topSKUs && x.now > 0 {
			d.Top = append(d.Top, listed(x))
		}
	}
	slices.SortStableFunc(skus, func(a, b skuUnits) int { return cmp.Compare(b.before-b.now, a.before-a.now) })
	for _, x := range skus {
		if len(d.Falling) < topSKUs && x.now < x.before {
			d.Falling = append(d.Falling, listed(x))
		}
	}

	month, err := bySKU(0, trendDays-1)
	if err != nil {
		return err
	}
	stock, err := salesdb.FulfillableBySKU(s.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return err
	}
	if len(stock) > 0 {
		d.HasData = true
	}
	for _, st := range stock {
		l := month[st.SKU]
		if l == nil || l.units <= 0 {
			continue // nothing sold: the stock lasts however long
		}
		cover := decimal.NewFromInt(st.Fulfillable * trendDays).Div(decimal.NewFromInt(l.units)).Round(1)
		if cover.LessThan(decimal.NewFromInt(CoverDays)) {
			d.LowStock = append(d.LowStock, LowStock{SKU: st.SKU, Fulfillable: st.Fulfillable, Units30: l.units, Cover: cover})
		}
	}
	sort.SliceStable(d.LowStock, func(i, j int) bool { return d.LowStock[i].Cover.LessThan(d.LowStock[j].Cover) })
	d.LowStock = d.LowStock[:min(lowStocks, len(d.LowStock))]
	return nil
}

// figureUnits are Figures being summed from kept lines, money in ten-thousandths.
type figureUnits struct{ salesCNY, orders, units int64 }

func (f *figureUnits) add(l *keptLine) {
	f.salesCNY += l.salesCNY
	f.orders += l.orders
	f.units += l.units
}

func (f *figureUnits) figures() Figures {
	return Figures{SalesCNY: models.MoneyFromUnits(f.salesCNY), Orders: f.orders, Units: f.units}
}

// whole is every line of a report query, as its answer keeps them (not to be changed): the dashboard sums them
// without turning thousands of lines into decimals.
func (s *Service) whole(ctx context.Context, p core.Principal, q ReportQuery) ([]keptLine, error) {
	f, ok, err := s.filter(p, q)
	if err != nil || !ok {
		return nil, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	return a.lines, nil
}
