package sales

import (
	"cmp"
	"context"
	"slices"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	salesdb "sellerhub/models/sales"
	storesdb "sellerhub/models/stores"
)

// ZoneDay is the day some marketplaces count as today, and their hour and minute now: 首页 says which day each
// figure counts ("按各站点当地日期 · 美国 12-05" or "按北京时间 12-06").
type ZoneDay struct {
	// Marketplaces are their names, 、-joined; empty in Beijing time, where every marketplace counts Beijing's day.
	Marketplaces string
	Day          string
	Clock        string
}

// dayClock is where the dashboard stands in the company's day: now, the zone the setting chooses
// (ZoneMarketplace or ZoneBeijing) and each marketplace's today in it.
type dayClock struct {
	now     time.Time
	zone    string
	beijing *time.Location
}

// loc is the zone a marketplace's days are counted in.
func (c dayClock) loc(marketplaceID string) *time.Location {
	if c.zone == ZoneBeijing {
		return c.beijing
	}
	return storesdb.MarketplaceLocation(marketplaceID)
}

// today is a marketplace's today, as a UTC midnight standing for the calendar day.
func (c dayClock) today(marketplaceID string) time.Time {
	y, m, d := c.now.In(c.loc(marketplaceID)).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// span is the days every marketplace's back days ago to today cover, the earliest zone's first to the latest's
// last (a day apart at most).
func (c dayClock) span(back int) (first, last time.Time) {
	for _, m := range storesdb.Marketplaces {
		t := c.today(m.ID)
		if first.IsZero() || t.AddDate(0, 0, -back).Before(first) {
			first = t.AddDate(0, 0, -back)
		}
		if t.After(last) {
			last = t
		}
	}
	return first, last
}

// days are the days the marketplaces sold in count as today, grouped by day and clock, earliest first.
func (c dayClock) days(sold map[string]bool) []ZoneDay {
	if c.zone == ZoneBeijing {
		now := c.now.In(c.beijing)
		return []ZoneDay{{Day: now.Format(time.DateOnly), Clock: now.Format("15:04")}}
	}
	var out []ZoneDay
	for _, m := range storesdb.Marketplaces {
		if !sold[m.ID] {
			continue
		}
		now := c.now.In(c.loc(m.ID))
		z := ZoneDay{Marketplaces: m.Name, Day: now.Format(time.DateOnly), Clock: now.Format("15:04")}
		if i := slices.IndexFunc(out, func(x ZoneDay) bool { return x.Day == z.Day && x.Clock == z.Clock }); i >= 0 {
			out[i].Marketplaces += "、" + m.Name
			continue
		}
		out = append(out, z)
	}
	slices.SortStableFunc(out, func(a, b ZoneDay) int { return cmp.Compare(a.Day+a.Clock, b.Day+b.Clock) })
	return out
}

// yesterdaySoFar are, for each zone, yesterday's instants there before now's hour and minute: 今日 so far is
// compared with them, not with the whole of yesterday (which made 今日 red every morning).
func (c dayClock) yesterdaySoFar() map[string]salesdb.Span {
	out := map[string]salesdb.Span{}
	for _, m := range storesdb.Marketplaces {
		loc := c.loc(m.ID)
		now := c.now.In(loc)
		y, mo, d := now.Date()
		out[loc.String()] = salesdb.Span{From: time.Date(y, mo, d-1, 0, 0, 0, 0, loc),
			To: time.Date(y, mo, d-1, now.Hour(), now.Minute(), 0, 0, loc)}
	}
	return out
}

// sameHour sums yesterday's sales up to now's hour and minute in each marketplace's zone (or Beijing's), read
// from the order items; CNY at each month's rate as the report converts.
func (s *Service) sameHour(ctx context.Context, p core.Principal, c dayClock) (Figures, error) {
	f, ok, err := s.filter(ctx, p, ReportQuery{By: salesdb.SalesByAll, Period: models.PeriodDay, Zone: c.zone})
	if err != nil || !ok {
		return Figures{}, err
	}
	f.Spans = c.yesterdaySoFar()
	lines, _, err := s.lines(ctx, p.CompanyID, f)
	if err != nil {
		return Figures{}, err
	}
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return Figures{}, err
	}
	// Summed in each currency and rate month, converted and rounded once, as every CNY total (CNYSum).
	sum := figureUnits{sales: book.Sum()}
	for i := range lines {
		l := &lines[i]
		sum.sales.Add(l.Sales, l.Currency, l.Period[:min(7, len(l.Period))])
		sum.orders += l.Orders
		sum.units += l.Units
	}
	return sum.figures(), nil
}
