package sales

import (
	"context"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	salesdb "sellerhub/models/sales"
	storesdb "sellerhub/models/stores"
)

// 销售预测: per seller SKU of a store group in a marketplace, the units of the coming months (this month first)
// forecast from its last two years of monthly sales with the days out of FBA stock taken out (forecast_math.go),
// beside the seller's own plan per month, which 亚马逊补货计划 reads where one is set.

// Messages of the forecast.
const (
	MsgForecastMonthsBad = "预测月数必须为1到6"
	MsgForecastLineBad   = "销售预测行不存在或无权查看"
	MsgForecastMonthBad  = "计划月份必须是预测的月份"
	MsgForecastUnitsBad  = "计划销量必须为0到10000000的整数，留空为不设计划"
)

// PermissionForecastPlan keeps the seller's plan in 销售预测; reading and exporting need the screen.
const PermissionForecastPlan = "amazon:sales:forecast:plan"

// historyMonths is how far back the forecast reads: two years, every calendar month twice.
const historyMonths = 24

// MaxForecastMonths is the longest forecast.
const MaxForecastMonths = 6

// Forecasts works out 销售预测 and keeps the plans.
type Forecasts struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
}

// NewForecasts builds the forecast; months are the company's (timeZone).
func NewForecasts(db *models.DB, now core.Clock, timeZone *time.Location) *Forecasts {
	return &Forecasts{db: db, now: now, timeZone: timeZone}
}

// ForecastQuery is the body of 销售预测: the page, a store group, a marketplace, a part of the SKU and how many
// months (1-6, 3 when absent), and the sort (sku, last12, m1: this month's forecast).
type ForecastQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Search        string `json:"search"`
	Months        int    `json:"months"`
}

// HistoryMonth is a month of a line's history: units sold, days out of stock and the daily rate of the days in
// stock (nil when too few).
type HistoryMonth struct {
	Month   string   `json:"month"`
	Units   int64    `json:"units"`
	OutDays int      `json:"outDays"`
	Rate    *float64 `json:"rate"`
}

// ForecastMonth is a coming month: the forecast units and the seller's plan (nil: none).
type ForecastMonth struct {
	Month    string `json:"month"`
	Forecast int    `json:"forecast"`
	Plan     *int   `json:"plan"`
}

// ForecastLine is a seller SKU of a store group in a marketplace with its history and coming months.
type ForecastLine struct {
	ID            string          `json:"id"`
	GroupID       int64           `json:"-"`
	GroupName     string          `json:"groupName"`
	MarketplaceID string          `json:"marketplaceId"`
	Country       string          `json:"country"`
	SKU           string          `json:"sku"`
	ASIN          string          `json:"asin"`
	Name          string          `json:"name"`
	Method        string          `json:"method"`
	Last12        int64           `json:"last12"`
	History       []HistoryMonth  `json:"history"`
	Months        []ForecastMonth `json:"months"`
}

func forecastID(g int64, market, sku string) string {
	return strconv.FormatInt(g, 10) + "|" + market + "|" + sku
}

// thisMonth is the first day of the company's current month.
func (s *Forecasts) thisMonth() time.Time {
	t := s.now().In(s.timeZone)
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

func monthText(t time.Time) string { return t.Format("2006-01") }

func daysIn(t time.Time) int { return t.AddDate(0, 1, -1).Day() }

// Page lists a page of the lines that sold in the last two years, in the groups the user is granted.
func (s *Forecasts) Page(ctx context.Context, p core.Principal, q ForecastQuery) ([]ForecastLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	lines, err := s.Lines(ctx, p, q)
	if err != nil {
		return nil, 0, r, err
	}
	desc := strings.EqualFold(q.Order, "desc")
	less := func(a, b *ForecastLine) bool { return a.ID < b.ID }
	switch q.Sort {
	case "sku":
		less = func(a, b *ForecastLine) bool { return a.SKU < b.SKU || a.SKU == b.SKU && a.ID < b.ID }
	case "m1":
		less = func(a, b *ForecastLine) bool { return a.Months[0].Forecast < b.Months[0].Forecast }
	case "last12":
		less = func(a, b *ForecastLine) bool { return a.Last12 < b.Last12 }
	}
	sort.SliceStable(lines, func(i, j int) bool {
		if desc {
			return less(&lines[j], &lines[i])
		}
		return less(&lines[i], &lines[j])
	})
	total := int64(len(lines))
	from := min(r.Offset(), len(lines))
	return lines[from:min(from+r.Size, len(lines))], total, r, nil
}

// Lines works out every line of the query.
func (s *Forecasts) Lines(ctx context.Context, p core.Principal, q ForecastQuery) ([]ForecastLine, error) {
	months := q.Months
	if months == 0 {
		months = 3
	}
	if months < 1 || months > MaxForecastMonths {
		return nil, core.Invalid(MsgForecastMonthsBad)
	}
	f := salesdb.ForecastFilter{MarketplaceID: strings.TrimSpace(q.MarketplaceID), SKU: strings.TrimSpace(q.Search)}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		id, ok := core.ParseID(g)
		if !ok {
			return []ForecastLine{}, nil
		}
		f.GroupID = id
	}
	return s.lines(ctx, p, f, months)
}

func (s *Forecasts) lines(ctx context.Context, p core.Principal, f salesdb.ForecastFilter, months int) ([]ForecastLine, error) {
	db := s.db.With(ctx)
	first := s.thisMonth()
	start := first.AddDate(0, -historyMonths, 0)
	last := first.AddDate(0, months-1, 0)
	units, outs, err := salesdb.ForecastHistory(db, p.CompanyID, p.UserID, f, monthText(start), monthText(first.AddDate(0, -1, 0)))
	if err != nil {
		return nil, err
	}
	plans, err := salesdb.PlansOf(db, p.CompanyID, p.UserID, f, monthText(first), monthText(last))
	if err != nil {
		return nil, err
	}
	var groups []storesdb.StoreGroup
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Find(&groups).Error; err != nil {
		return nil, err
	}
	groupNames := map[int64]string{}
	for _, g := range groups {
		groupNames[g.ID] = g.Name
	}
	type key struct {
		g      int64
		market string
		sku    string
	}
	byKey := map[key]*ForecastLine{}
	sold := map[key]map[string]int64{}
	outOf := map[key]map[string]int{}
	line := func(k key) *ForecastLine {
		if l, ok := byKey[k]; ok {
			return l
		}
		l := &ForecastLine{ID: forecastID(k.g, k.market, k.sku), GroupID: k.g, GroupName: groupNames[k.g], MarketplaceID: k.market, SKU: k.sku}
		if m, ok := storesdb.MarketplaceByID(k.market); ok {
			l.Country = m.Country
		}
		byKey[k], sold[k], outOf[k] = l, map[string]int64{}, map[string]int{}
		return l
	}
	for _, u := range units {
		k := key{u.GroupID, u.MarketplaceID, u.SKU}
		l := line(k)
		if u.ASIN != "" {
			l.ASIN = u.ASIN
		}
		if u.ProductName != "" {
			l.Name = u.ProductName
		}
		sold[k][u.Month] += u.Units
	}
	for _, o := range outs {
		if _, ok := byKey[key{o.GroupID, o.MarketplaceID, o.SKU}]; ok {
			outOf[key{o.GroupID, o.MarketplaceID, o.SKU}][o.Month] = o.Days
		}
	}
	planOf := map[key]map[string]int{}
	for _, pl := range plans {
		k := key{pl.GroupID, pl.MarketplaceID, pl.SKU}
		// A line with a plan and no sales yet (a launch) is forecast at nothing beside its plan.
		line(k)
		if planOf[k] == nil {
			planOf[k] = map[string]int{}
		}
		planOf[k][pl.Month] = pl.Units
	}
	out := make([]ForecastLine, 0, len(byKey))
	for k, l := range byKey {
		hist := make([]monthRate, historyMonths)
		l.History = make([]HistoryMonth, historyMonths)
		for t := range hist {
			m := start.AddDate(0, t, 0)
			h := monthRate{calendar: int(m.Month()) - 1, days: daysIn(m), out: outOf[k][monthText(m)], units: sold[k][monthText(m)]}
			h.inStockDay = h.days - min(h.out, h.days)
			hm := HistoryMonth{Month: monthText(m), Units: h.units, OutDays: h.out}
			// A month before the line's first sale is no history: a new listing is not a seasonal trough.
			if h.inStockDay >= minInStockDays {
				h.rate, h.hasRate = float64(h.units)/float64(h.inStockDay), true
				rate := math.Round(h.rate*100) / 100
				hm.Rate = &rate
			}
			hist[t], l.History[t] = h, hm
			if t >= historyMonths-12 {
				l.Last12 += h.units
			}
		}
		firstSale := len(hist)
		for t, h := range hist {
			if h.units > 0 {
				firstSale = t
				break
			}
		}
		for t := 0; t < firstSale; t++ {
			hist[t].hasRate = false
		}
		mdl := fit(hist)
		l.Method = mdl.method
		for i := 0; i < months; i++ {
			m := first.AddDate(0, i, 0)
			fm := ForecastMonth{Month: monthText(m),
				Forecast: int(math.Round(mdl.rate(historyMonths+i, int(m.Month())-1) * float64(daysIn(m))))}
			if v, ok := planOf[k][fm.Month]; ok {
				fm.Plan = &v
			}
			l.Months = append(l.Months, fm)
		}
		out = append(out, *l)
	}
	return out, nil
}

// PlanForm is a line's plan as 销售预测 saves it: the line's id and, per month of the forecast, the units ("" clears
// the month's plan).
type PlanForm struct {
	ID    string            `json:"id"`
	Plans map[string]string `json:"plans"`
}

// SavePlan keeps a line's plan, for a line the user may see and the months the forecast shows (this month and the
// five after it); every month or none.
func (s *Forecasts) SavePlan(ctx context.Context, p core.Principal, f PlanForm) error {
	parts := strings.SplitN(f.ID, "|", 3)
	if len(parts) != 3 {
		return core.Invalid(MsgForecastLineBad)
	}
	g, ok := core.ParseID(parts[0])
	if !ok {
		return core.Invalid(MsgForecastLineBad)
	}
	first := s.thisMonth()
	allowed := map[string]bool{}
	for i := 0; i < MaxForecastMonths; i++ {
		allowed[monthText(first.AddDate(0, i, 0))] = true
	}
	now := s.now.Stamp()
	var rows, clear []salesdb.SalesPlan
	for month, text := range f.Plans {
		if !allowed[month] {
			return core.Invalid(MsgForecastMonthBad)
		}
		row := salesdb.SalesPlan{CompanyID: p.CompanyID, GroupID: g, MarketplaceID: parts[1], SKU: parts[2], Month: month,
			UpdatedBy: p.UserID, UpdatedAt: now}
		text = strings.TrimSpace(text)
		if text == "" {
			clear = append(clear, row)
			continue
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 || n > 10000000 {
			return core.Invalid(MsgForecastUnitsBad)
		}
		row.Units = n
		rows = append(rows, row)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// The line must be one the user may see: a store group of theirs, a SKU that sold or was planned there.
		var n int64
		if err := tx.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", g).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return core.Invalid(MsgForecastLineBad)
		}
		if err := tx.Table("sales_sku_months").Where("company_id = ? AND group_id = ? AND marketplace_id = ? AND sku = ?",
			p.CompanyID, g, parts[1], parts[2]).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			if err := tx.Table("listings").Where("company_id = ? AND group_id = ? AND marketplace_id = ? AND seller_sku = ?",
				p.CompanyID, g, parts[1], parts[2]).Count(&n).Error; err != nil {
				return err
			}
		}
		if n == 0 {
			return core.Invalid(MsgForecastLineBad)
		}
		return salesdb.SavePlans(tx, rows, clear)
	})
}
