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
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
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

// Dashboard is what 首页 shows of the user's store groups, in the days the company counts (公司设置: each
// marketplace's own or Beijing's), read through the sales report so that each figure equals the report's for the
// same days; 今日 is compared with yesterday up to the same hour and minute.
type Dashboard struct {
	Today string
	// Zone is the day the figures count: ZoneMarketplace or ZoneBeijing.
	Zone string
	// Days are the day each group of marketplaces counts as today (one, Beijing's, in Beijing time).
	Days     []ZoneDay
	HasData  bool
	Periods  []Compared
	Trend    []TrendDay
	Top      []SKUSales
	Falling  []SKUSales
	LowStock []LowStock
}

// keptDashboards bounds the dashboards kept (a few kilobytes each): one per company, store groups and minute.
const keptDashboards = 2_000

// Dashboard is the home tab's figures of the user's store groups: kept from an earlier load of the same minute
// (今日 is compared up to it) while the company's sales and FBA stock are as they were (the version of both), its
// day setting and the user's store groups the same, otherwise summed and kept. It is not to be changed: every
// user of the same store groups is given it.
func (s *Service) Dashboard(ctx context.Context, p core.Principal) (*Dashboard, error) {
	st, err := accountsdb.CompanySettingOf(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return nil, err
	}
	c := dayClock{now: s.now().Truncate(time.Minute), zone: st.DayZone, beijing: s.timeZone}
	generation, groups, err := s.db.With(ctx).ReportVersion(p.CompanyID, p.UserID, models.GenerationFBAStock)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s|%s|%s", p.CompanyID, groups, c.zone, c.now.UTC().Format(time.RFC3339))
	return s.dashboards.Answer(ctx, key, generation, func(ctx context.Context) (*Dashboard, int, error) {
		d, err := s.dashboard(ctx, p, c)
		return d, 1, err
	})
}

// dashboard sums the user's store groups' sales and FBA stock into the home tab's figures of the day.
func (s *Service) dashboard(ctx context.Context, p core.Principal, c dayClock) (*Dashboard, error) {
	// Every marketplace's day of the 30 days and the 30 before, in one line a marketplace, day and currency,
	// numbered by the days back from that marketplace's today.
	first, last := c.span(2*trendDays - 1)
	days, err := s.whole(ctx, p, ReportQuery{By: salesdb.SalesByMarketplace, Period: models.PeriodDay, Zone: c.zone,
		StartDate: first.Format(time.DateOnly), EndDate: last.Format(time.DateOnly)})
	if err != nil {
		return nil, err
	}
	// The ranges' CNY are summed from the days' sales in each currency, as the report's totals are (CNYSum).
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, err
	}
	byBack := map[int]*figureUnits{}
	sold := map[string]bool{}
	for i := range days {
		l := &days[i]
		on, err := time.Parse(time.DateOnly, l.period)
		if err != nil {
			return nil, err
		}
		back := int(c.today(l.key).Sub(on).Hours() / 24)
		if back < 0 || back >= 2*trendDays {
			continue
		}
		f := byBack[back]
		if f == nil {
			f = &figureUnits{sales: book.Sum()}
			byBack[back] = f
		}
		f.add(l)
		sold[l.key] = true
	}
	d := &Dashboard{Zone: c.zone, Days: c.days(sold), HasData: len(sold) > 0}
	// The days are named by the latest today of the marketplaces sold in (Beijing's in Beijing time).
	y, m, dd := c.now.In(s.timeZone).Date()
	today := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
	if n := len(d.Days); n > 0 {
		today, _ = time.Parse(time.DateOnly, d.Days[n-1].Day)
	}
	day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }
	d.Today = day(0)
	sum := func(from, to int) Figures {
		f := figureUnits{sales: book.Sum()}
		for b := from; b <= to; b++ {
			if x := byBack[b]; x != nil {
				f.sales.Merge(&x.sales)
				f.orders += x.orders
				f.units += x.units
			}
		}
		return f.figures()
	}
	yesterday, err := s.sameHour(ctx, p, c)
	if err != nil {
		return nil, err
	}
	for _, r := range []struct {
		label string
		n     int
		back  int
	}{{"今日", 1, 0}, {"昨日", 1, 1}, {"近7天", 7, 0}, {"近30天", 30, 0}} {
		period := Compared{Label: r.label, First: day(r.back + r.n - 1), Last: day(r.back),
			Now: sum(r.back, r.back+r.n-1), Before: sum(r.back+r.n, r.back+2*r.n-1)}
		if r.label == "今日" {
			period.Before = yesterday
		}
		d.Periods = append(d.Periods, period)
	}
	for b := trendDays - 1; b >= 0; b-- {
		t := TrendDay{Day: day(b)}
		if x := byBack[b]; x != nil {
			t.SalesCNY = x.figures().SalesCNY
		}
		d.Trend = append(d.Trend, t)
	}

	if err := s.skuLists(ctx, p, d, c, sold, today, book); err != nil {
		return nil, err
	}
	return d, nil
}

// skuLists fills the top and falling SKUs and the low stock warnings, counting back from ref (the dashboard's
// today) or, when the marketplaces sold in count different todays, from each one's.
func (s *Service) skuLists(ctx context.Context, p core.Principal, d *Dashboard, c dayClock, sold map[string]bool, ref time.Time, book *finance.RateBook) error {
	// The SKUs' days back from each marketplace's today: one query when the marketplaces sold in share their today
	// (or in Beijing time), else one per marketplace.
	markets := []string{""}
	if len(d.Days) > 1 {
		markets = markets[:0]
		for m := range sold {
			markets = append(markets, m)
		}
	}
	bySKU := func(from, to int) (map[string]*figureUnits, error) {
		out := map[string]*figureUnits{}
		for _, m := range markets {
			today := ref
			if m != "" {
				today = c.today(m)
			}
			lines, err := s.whole(ctx, p, ReportQuery{By: salesdb.SalesBySKU, Period: models.PeriodMonth, Zone: c.zone,
				MarketplaceID: m, StartDate: today.AddDate(0, 0, -to).Format(time.DateOnly),
				EndDate: today.AddDate(0, 0, -from).Format(time.DateOnly)})
			if err != nil {
				return nil, err
			}
			for i := range lines {
				l := &lines[i]
				x := out[l.key]
				if x == nil {
					x = &figureUnits{sales: book.Sum()}
					out[l.key] = x
				}
				x.add(l)
			}
		}
		return out, nil
	}
	cur, err := bySKU(0, skuDays-1)
	if err != nil {
		return err
	}
	prev, err := bySKU(skuDays, 2*skuDays-1)
	if err != nil {
		return err
	}
	// The SKUs' sales in ten-thousandths (each rounded to the fen by the rule), sorted as such.
	type skuUnits struct {
		sku         string
		now, before int64
		units       int64
	}
	var skus []skuUnits
	for k, l := range cur {
		x := skuUnits{sku: k, now: l.salesCNYUnits(), units: l.units}
		if b := prev[k]; b != nil {
			x.before = b.salesCNYUnits()
		}
		skus = append(skus, x)
	}
	for k, b := range prev {
		if cur[k] == nil {
			skus = append(skus, skuUnits{sku: k, before: b.salesCNYUnits()})
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

// figureUnits are Figures being summed from kept lines: the sales by currency and rate month, orders and units.
type figureUnits struct {
	sales         finance.CNYSum
	orders, units int64
}

// add adds a line of a Beijing day or month (the dashboard's queries), whose period names its rate month.
func (f *figureUnits) add(l *keptLine) {
	f.sales.AddUnits(l.sales, l.currency, l.period[:min(7, len(l.period))])
	f.orders += l.orders
	f.units += l.units
}

// figures are the sums, the sales in CNY by the one rule. The lines' currencies were converted when the report
// summed them, so none is unknown here.
func (f *figureUnits) figures() Figures {
	cny, _ := f.sales.CNY()
	return Figures{SalesCNY: cny, Orders: f.orders, Units: f.units}
}

func (f *figureUnits) salesCNYUnits() int64 { return f.figures().SalesCNY.Units() }

// whole is every line of a report query, as its answer keeps them (not to be changed): the dashboard sums them
// without turning thousands of lines into decimals.
func (s *Service) whole(ctx context.Context, p core.Principal, q ReportQuery) ([]keptLine, error) {
	f, ok, err := s.filter(ctx, p, q)
	if err != nil || !ok {
		return nil, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	return a.lines, nil
}
