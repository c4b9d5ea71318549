package advertising

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// OverviewQuery is the body of 广告概览: a store group, a profile (a store's 站点) and the days (yyyy-MM-dd in the
// profiles' zones, both included; the last 30 days when none). The page only matters to the days' list.
type OverviewQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// OverviewDay is a day's (or a period's) figures of every campaign, cost and sales in CNY, each profile's day at
// its month's rate.
type OverviewDay struct {
	Day                 string
	Impressions, Clicks int64
	Orders, Units       int64
	CostCNY, SalesCNY   models.Money
}

func (d *OverviewDay) add(o OverviewDay) {
	d.Impressions += o.Impressions
	d.Clicks += o.Clicks
	d.Orders += o.Orders
	d.Units += o.Units
	d.CostCNY = models.Money{Decimal: d.CostCNY.Add(o.CostCNY.Decimal)}
	d.SalesCNY = models.Money{Decimal: d.SalesCNY.Add(o.SalesCNY.Decimal)}
}

// Overview is 广告概览: the period's totals, the previous period of as many days just before it, and every day
// of the period (none missing).
type Overview struct {
	Start, End, PreviousStart, PreviousEnd string
	Total, Previous                        OverviewDay
	Days                                   []OverviewDay
}

// Overview answers 广告概览.
func (s *Service) Overview(ctx context.Context, p core.Principal, q OverviewQuery) (Overview, error) {
	var o Overview
	var err error
	if o.Start, o.End, err = s.days(q.StartDate, q.EndDate); err != nil {
		return o, err
	}
	from, _ := time.Parse(time.DateOnly, o.Start)
	to, _ := time.Parse(time.DateOnly, o.End)
	n := int(to.Sub(from).Hours()/24) + 1
	o.PreviousStart, o.PreviousEnd = from.AddDate(0, 0, -n).Format(time.DateOnly), from.AddDate(0, 0, -1).Format(time.DateOnly)
	o.Days = make([]OverviewDay, n)
	at := map[string]int{}
	for i := range o.Days {
		o.Days[i].Day = from.AddDate(0, 0, i).Format(time.DateOnly)
		at[o.Days[i].Day] = i
	}
	f, ok := overviewFilter(p, q, o.PreviousStart, o.End)
	if !ok {
		return o, nil
	}
	rows, err := advertisingdb.OverviewDays(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return o, err
	}
	cny, err := s.daysToCNY(ctx, p.CompanyID, rows)
	if err != nil {
		return o, err
	}
	for i, r := range rows {
		if j, in := at[r.Day]; in {
			o.Days[j].add(cny[i])
			o.Total.add(cny[i])
		} else {
			o.Previous.add(cny[i])
		}
	}
	return o, nil
}

// overviewFilter is the query's store and 站点 over the days; false when either names none of the user's.
func overviewFilter(p core.Principal, q OverviewQuery, start, end string) (advertisingdb.OverviewFilter, bool) {
	f := advertisingdb.OverviewFilter{UserID: p.UserID, Start: start, End: end}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return f, false
	}
	if raw := strings.TrimSpace(q.ProfileID); raw != "" {
		if f.ProfileID, ok = core.ParseID(raw); !ok {
			return f, false
		}
	}
	return f, true
}

// daysToCNY gives each profile's day (of a campaign, ad group or SKU when the rows are split so) its figures,
// cost and sales converted alone: its month's rate, its currency, to Money's four decimals.
func (s *Service) daysToCNY(ctx context.Context, companyID int64, rows []advertisingdb.ProfileDay) ([]OverviewDay, error) {
	months := make([]advertisingdb.MonthFigures, len(rows))
	currency := map[monthKey]string{}
	for i, r := range rows {
		id := r.Key + "\x00" + r.Day
		months[i] = advertisingdb.MonthFigures{ProfileID: r.ProfileID, AmazonID: id, Month: r.Day[:7], Cost: r.Cost, Sales: r.Sales}
		currency[monthKey{r.ProfileID, id}] = r.Currency
	}
	cost, sales, err := s.monthsToCNY(ctx, companyID, months, currency)
	if err != nil {
		return nil, err
	}
	out := make([]OverviewDay, len(rows))
	for i, r := range rows {
		k := monthKey{r.ProfileID, months[i].AmazonID}
		out[i] = OverviewDay{Day: r.Day, Impressions: r.Impressions, Clicks: r.Clicks, Orders: r.Orders, Units: r.Units, CostCNY: cost[k], SalesCNY: sales[k]}
	}
	return out, nil
}

// OverviewDays answers a page of 广告概览's days, the latest first.
func (s *Service) OverviewDays(ctx context.Context, p core.Principal, q OverviewQuery) ([]OverviewDay, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	o, err := s.Overview(ctx, p, q)
	if err != nil {
		return nil, 0, r, err
	}
	n := len(o.Days)
	out := []OverviewDay{}
	for i := n - 1 - r.Offset(); i >= 0 && len(out) < r.Size; i-- {
		out = append(out, o.Days[i])
	}
	return out, int64(n), r, nil
}
