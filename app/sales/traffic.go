package sales

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// 流量报告 and Listing分析 read the synced sales and traffic days (Amazon's business report by child ASIN and day)
// through one query layer: a key's (child or parent ASIN) figures per period beside its previous period, the
// daily trend, and a day's stored rows. 流量报告 is the table; Listing分析 the biggest drops and one listing's trend.

// The periods of the traffic lines: Amazon's days, Monday weeks, calendar months, or the whole range asked.
const (
	TrafficByASIN   = "asin"
	TrafficByParent = "parentAsin"
	PeriodRange     = "range"
)

// minDropSessions is how many sessions a listing needs in both periods before its drop is ranked: a listing with
// three sessions converts at 0% or 33% by chance.
const minDropSessions = 20

// defaultTrafficDays is the range asked without dates: the last 30 days.
const defaultTrafficDays = 30

// TrafficQuery is the body of the traffic calls: the page and sort; by (asin: child ASINs, parentAsin); the period
// (day, week, month, range); the days (yyyy-MM-dd, both in, Amazon's report days); a store group, a marketplace, a
// part of an ASIN or SKU, an exact ASIN; drops: only listings whose conversion or Buy Box fell (Listing分析), with
// enough sessions in both periods to tell.
type TrafficQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	By            string `json:"by"`
	Period        string `json:"period"`
	StartDate     string `json:"startDate"`
	EndDate       string `json:"endDate"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Search        string `json:"search"`
	ASIN          string `json:"asin"`
	Drops         bool   `json:"drops"`
	// Day is the day whose stored rows TrafficRows lists.
	Day string `json:"day"`
}

// TrafficFigures are summed figures. BuyBoxViews is the Buy Box basis points weighted by page views.
type TrafficFigures struct {
	Sessions, PageViews, BuyBoxViews, Units, OrderItems int64
	Sales                                               models.Money
}

func (f *TrafficFigures) add(s *amazondatadb.TrafficSum) {
	f.Sessions += s.Sessions
	f.PageViews += s.PageViews
	f.BuyBoxViews += s.BuyBoxViews
	f.Units += s.Units
	f.OrderItems += s.OrderItems
	f.Sales = models.MoneyFromUnits(f.Sales.Units() + s.Sales)
}

// BuyBoxBP is the Buy Box share of the page views in basis points, -1 without page views.
func (f TrafficFigures) BuyBoxBP() int64 {
	if f.PageViews == 0 {
		return -1
	}
	return (f.BuyBoxViews*2 + f.PageViews) / (2 * f.PageViews)
}

// ConversionBP is the unit session percentage (units over sessions) in basis points, -1 without sessions.
func (f TrafficFigures) ConversionBP() int64 {
	if f.Sessions == 0 {
		return -1
	}
	return (f.Units*20000 + f.Sessions) / (2 * f.Sessions)
}

// TrafficLine is a key's figures in a period of a store group and marketplace, and the previous period's.
type TrafficLine struct {
	GroupID       int64
	GroupName     string
	MarketplaceID string
	Currency      string
	ASIN          string
	Parent        string
	SKU           string
	// Period is the period's label; First and Last its days within the range.
	Period, First, Last string
	Now, Before         TrafficFigures
}

// drop is how much a basis-point figure fell from the previous period (0 when it rose or either is unknown).
func drop(before, now int64) int64 {
	if before < 0 || now < 0 || now >= before {
		return 0
	}
	return before - now
}

// ConversionDrop and BuyBoxDrop are the falls in basis points since the previous period.
func (l *TrafficLine) ConversionDrop() int64 {
	return drop(l.Before.ConversionBP(), l.Now.ConversionBP())
}
func (l *TrafficLine) BuyBoxDrop() int64 { return drop(l.Before.BuyBoxBP(), l.Now.BuyBoxBP()) }

// LostUnits is what the conversion's drop cost: the units this period's sessions would have ordered at the
// previous conversion, less those ordered. Listing分析 ranks by it: a listing of 50 sessions loses 5 points by
// chance, a best seller losing 3 points loses a hundred units.
func (l *TrafficLine) LostUnits() int64 { return (l.ConversionDrop()*l.Now.Sessions + 5000) / 10000 }

// trafficRange is the checked query: the filter of the days asked and the days of their previous periods.
type trafficRange struct {
	f           amazondatadb.TrafficFilter
	first, last time.Time
	period      string
}

func (s *Service) trafficRange(p core.Principal, q TrafficQuery) (trafficRange, bool, error) {
	r := trafficRange{period: q.Period, f: amazondatadb.TrafficFilter{UserID: p.UserID, Search: strings.TrimSpace(q.Search),
		ASIN: strings.TrimSpace(q.ASIN)}}
	switch q.By {
	case "", TrafficByASIN:
	case TrafficByParent:
		r.f.ByParent = true
	default:
		return r, false, core.Invalid(MsgByBad)
	}
	switch r.period {
	case "":
		r.period = models.PeriodDay
	case models.PeriodDay, models.PeriodWeek, models.PeriodMonth, PeriodRange:
	default:
		return r, false, core.Invalid(MsgPeriodBad)
	}
	from, to, err := core.DayRange(time.UTC, q.StartDate, q.EndDate)
	if err != nil {
		return r, false, err
	}
	if to.IsZero() {
		today := s.now().In(s.timeZone)
		to = time.Date(today.Year(), today.Month(), today.Day()+1, 0, 0, 0, 0, time.UTC)
	}
	if from.IsZero() {
		from = to.AddDate(0, 0, -defaultTrafficDays)
	}
	switch {
	case !from.Before(to):
		return r, false, core.Invalid(MsgRangeBad)
	case to.Sub(from) > maxDays*24*time.Hour:
		return r, false, core.Invalid(MsgRangeLong)
	}
	r.first, r.last = from, to.AddDate(0, 0, -1)
	var ok bool
	r.f.GroupID, r.f.MarketplaceID, ok = core.StoreFilter(q.GroupID, q.MarketplaceID)
	return r, ok, nil
}

// periodStart is the first day of the period day d falls in (the range's own first day for a range).
func (r trafficRange) periodStart(d time.Time) time.Time {
	switch r.period {
	case models.PeriodWeek:
		return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
	case models.PeriodMonth:
		return time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
	case PeriodRange:
		if d.Before(r.first) {
			return r.previous(r.first)
		}
		return r.first
	}
	return d
}

// previous is the first day of the period before the one starting at start.
func (r trafficRange) previous(start time.Time) time.Time {
	switch r.period {
	case models.PeriodWeek:
		return start.AddDate(0, 0, -7)
	case models.PeriodMonth:
		return start.AddDate(0, -1, 0)
	case PeriodRange:
		return start.AddDate(0, 0, -int(r.last.Sub(r.first).Hours()/24)-1)
	}
	return start.AddDate(0, 0, -1)
}

// TrafficLines answers a page of the lines (drops only, when asked), with the total and the page served; sorted by
// period (newest first) then sessions unless asked otherwise.
func (s *Service) TrafficLines(ctx context.Context, p core.Principal, q TrafficQuery) ([]TrafficLine, int64, core.PageRequest, error) {
	pr := q.PageRequest.Normalized()
	if q.Drops && q.Period == "" {
		q.Period = PeriodRange
	}
	r, ok, err := s.trafficRange(p, q)
	if err != nil || !ok {
		return []TrafficLine{}, 0, pr, err
	}
	lines, err := s.trafficLines(ctx, p.CompanyID, r)
	if err != nil {
		return nil, 0, pr, err
	}
	if q.Drops {
		kept := lines[:0]
		for _, l := range lines {
			if l.Now.Sessions >= minDropSessions && l.Before.Sessions >= minDropSessions && (l.ConversionDrop() > 0 || l.BuyBoxDrop() > 0) {
				kept = append(kept, l)
			}
		}
		lines = kept
		if q.Sort == "" {
			q.Sort, q.Order = "lostUnits", "desc"
		}
	}
	sortTraffic(lines, q.Sort, strings.EqualFold(q.Order, "desc"))
	start := min(pr.Offset(), len(lines))
	return lines[start:min(start+pr.Size, len(lines))], int64(len(lines)), pr, nil
}

// trafficLines sums the days of the range and of the period before its first into lines.
func (s *Service) trafficLines(ctx context.Context, companyID int64, r trafficRange) ([]TrafficLine, error) {
	f := r.f
	f.First, f.Last = r.previous(r.periodStart(r.first)).Format(time.DateOnly), r.last.Format(time.DateOnly)
	sums, err := amazondatadb.TrafficSums(s.db.With(ctx), companyID, f)
	if err != nil {
		return nil, err
	}
	type key struct {
		group       int64
		market, key string
		start       time.Time
	}
	at := map[key]int{}
	var lines []TrafficLine
	before := map[key]*TrafficFigures{}
	for i := range sums {
		sm := &sums[i]
		d, err := time.Parse(time.DateOnly, sm.Day)
		if err != nil {
			continue
		}
		k := key{sm.GroupID, sm.MarketplaceID, sm.ASIN, r.periodStart(d)}
		if d.Before(r.first) {
			if before[k] == nil {
				before[k] = &TrafficFigures{}
			}
			before[k].add(sm)
			continue
		}
		j, ok := at[k]
		if !ok {
			j = len(lines)
			at[k] = j
			lines = append(lines, TrafficLine{GroupID: sm.GroupID, GroupName: sm.GroupName, MarketplaceID: sm.MarketplaceID,
				Currency: sm.Currency, ASIN: sm.ASIN, Parent: sm.Parent, SKU: sm.SKU, First: sm.Day, Last: sm.Day})
		}
		l := &lines[j]
		l.Now.add(sm)
		l.Last = sm.Day
		if r.f.ByParent {
			l.SKU = ""
		}
	}
	// The previous period of a line: the days summed before the range, or the range's own earlier period.
	for k, j := range at {
		l := &lines[j]
		pk := key{k.group, k.market, k.key, r.previous(k.start)}
		if b := before[pk]; b != nil {
			l.Before = *b
		} else if pj, ok := at[pk]; ok {
			l.Before = lines[pj].Now
		}
		l.Period = periodLabel(r.period, k.start, l.First, l.Last, r)
	}
	return lines, nil
}

func periodLabel(period string, start time.Time, first, last string, r trafficRange) string {
	switch period {
	case models.PeriodDay:
		return first
	case models.PeriodMonth:
		return start.Format("2006-01")
	case PeriodRange:
		return r.first.Format(time.DateOnly) + " ~ " + r.last.Format(time.DateOnly)
	}
	end := start.AddDate(0, 0, 6)
	if start.Before(r.first) {
		start = r.first
	}
	if end.After(r.last) {
		end = r.last
	}
	return start.Format(time.DateOnly) + " ~ " + end.Format(time.DateOnly)
}

// sortTraffic orders lines by a column (newest period then most sessions unless asked).
func sortTraffic(lines []TrafficLine, by string, desc bool) {
	value := func(l *TrafficLine) int64 {
		switch by {
		case "sessions":
			return l.Now.Sessions
		case "pageViews":
			return l.Now.PageViews
		case "units":
			return l.Now.Units
		case "sales":
			return l.Now.Sales.Units()
		case "conversion":
			return l.Now.ConversionBP()
		case "buyBox":
			return l.Now.BuyBoxBP()
		case "conversionDrop":
			return l.ConversionDrop()
		case "buyBoxDrop":
			return l.BuyBoxDrop()
		case "lostUnits":
			return l.LostUnits()
		}
		return 0
	}
	slices.SortStableFunc(lines, func(a, b TrafficLine) int {
		var c int
		switch by {
		case "asin":
			c = cmp.Compare(a.ASIN, b.ASIN)
		case "period", "", "marketplaceId":
			c = cmp.Compare(a.First, b.First)
			if by == "" {
				desc = true
			}
		default:
			c = cmp.Compare(value(&a), value(&b))
		}
		if desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(b.Now.Sessions, a.Now.Sessions), cmp.Compare(a.ASIN, b.ASIN), cmp.Compare(a.MarketplaceID, b.MarketplaceID),
			cmp.Compare(a.GroupID, b.GroupID))
	})
}

// TrafficDay is a day of the trend: the figures of every key the query selects.
type TrafficDay struct {
	Day string
	TrafficFigures
}

// TrafficTrend is the range's and the previous range's totals, and the range's days (every day, 0 where none).
// Sales are per currency: marketplaces of several currencies are not added up.
type TrafficTrend struct {
	StartDate, EndDate, PreviousStart, PreviousEnd string
	Total, Previous                                TrafficFigures
	Sales, PreviousSales                           map[string]models.Money
	Days                                           []TrafficDay
}

// TrafficTrend answers the trend of what the query selects (one listing with asin).
func (s *Service) TrafficTrend(ctx context.Context, p core.Principal, q TrafficQuery) (*TrafficTrend, error) {
	q.Period = PeriodRange
	r, ok, err := s.trafficRange(p, q)
	if err != nil {
		return nil, err
	}
	prev := r.previous(r.first)
	t := &TrafficTrend{StartDate: r.first.Format(time.DateOnly), EndDate: r.last.Format(time.DateOnly),
		PreviousStart: prev.Format(time.DateOnly), PreviousEnd: r.first.AddDate(0, 0, -1).Format(time.DateOnly),
		Sales: map[string]models.Money{}, PreviousSales: map[string]models.Money{}, Days: []TrafficDay{}}
	index := map[string]int{}
	for d := r.first; !d.After(r.last); d = d.AddDate(0, 0, 1) {
		index[d.Format(time.DateOnly)] = len(t.Days)
		t.Days = append(t.Days, TrafficDay{Day: d.Format(time.DateOnly)})
	}
	if !ok {
		return t, nil
	}
	f := r.f
	f.First, f.Last = t.PreviousStart, t.EndDate
	sums, err := amazondatadb.TrafficSums(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	for i := range sums {
		sm := &sums[i]
		if j, in := index[sm.Day]; in {
			t.Days[j].add(sm)
			t.Total.add(sm)
			t.Sales[sm.Currency] = models.MoneyFromUnits(t.Sales[sm.Currency].Units() + sm.Sales)
			continue
		}
		t.Previous.add(sm)
		t.PreviousSales[sm.Currency] = models.MoneyFromUnits(t.PreviousSales[sm.Currency].Units() + sm.Sales)
	}
	return t, nil
}

// TrafficRows lists the stored rows behind a day's figure: the day's child ASINs of the key (a parent's children)
// in the query's store group and marketplace.
func (s *Service) TrafficRows(ctx context.Context, p core.Principal, q TrafficQuery) ([]amazondatadb.TrafficRow, error) {
	q.Day = strings.TrimSpace(q.Day)
	if q.Day == "" {
		return []amazondatadb.TrafficRow{}, nil
	}
	if _, err := time.Parse(time.DateOnly, q.Day); err != nil {
		return nil, core.Invalid(core.MsgDateBad)
	}
	q.StartDate, q.EndDate = q.Day, q.Day
	r, ok, err := s.trafficRange(p, q)
	if err != nil || !ok {
		return []amazondatadb.TrafficRow{}, err
	}
	r.f.First, r.f.Last = q.Day, q.Day
	return amazondatadb.TrafficRows(s.db.With(ctx), p.CompanyID, r.f)
}
