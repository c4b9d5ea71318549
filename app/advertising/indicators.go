package advertising

import (
	"cmp"
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/sales"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// MsgIndicatorSortBad refuses an order 指标分析 does not know.
const MsgIndicatorSortBad = "请选择排序（花费、TACOS、ACOS或广告销售占比）"

// Indicators is 指标分析: the advertised SKUs' spend against all their sales (TACOS), beside ACOS and the share of
// sales the ads brought, from the synced advertised-product days and the synced orders (销售报表's lines).
type Indicators struct {
	ads   *Service
	sales *sales.Service
}

// NewIndicators builds 指标分析 from the advertising and sales domains.
func NewIndicators(ads *Service, sl *sales.Service) *Indicators {
	return &Indicators{ads: ads, sales: sl}
}

// IndicatorQuery is the body of 指标分析: 广告概览's filters (a store group, a profile, the days; the last 30 days
// when none) and the SKUs' order: spend, tacos, acos or adshare, the highest first (spend when none).
type IndicatorQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
	RankBy    string `json:"rankBy" query:"rankBy"`
}

// SKUFigures are a SKU's (or every SKU's) ad figures and all its sales of some days, in CNY: the sales of every
// order (advertised or not) in the marketplaces' days, as 销售报表 has them.
type SKUFigures struct {
	Ads           OverviewDay
	SalesCNY      models.Money
	Units, Orders int64
}

func (f *SKUFigures) addSales(d *sales.SKUDay) {
	f.SalesCNY = models.Money{Decimal: f.SalesCNY.Add(d.SalesCNY.Decimal)}
	f.Units += d.Units
	f.Orders += d.Orders
}

// TACOS is the spend over all the sales, unrounded enough to order by; false without sales.
func (f *SKUFigures) TACOS() (decimal.Decimal, bool) {
	if !f.SalesCNY.IsPositive() {
		return decimal.Zero, false
	}
	return f.Ads.CostCNY.DivRound(f.SalesCNY.Decimal, 8), true
}

// IndicatorLine is an advertised SKU's figures of the days and of as many days just before them.
type IndicatorLine struct {
	Rank     int
	SKU      string
	ASIN     string
	Name     string
	Now      SKUFigures
	Previous SKUFigures
}

// IndicatorDay is a day's spend, ad sales and all sales of the SKUs asked.
type IndicatorDay struct {
	Day string
	SKUFigures
}

// IndicatorsAnswer is 指标分析: the days' and the previous days' totals, every day (for the chart) and a page of
// the advertised SKUs.
type IndicatorsAnswer struct {
	Start, End, PreviousStart, PreviousEnd string
	Total, Previous                        SKUFigures
	Days                                   []IndicatorDay
	Lines                                  []IndicatorLine
	Count                                  int64
}

var indicatorOrders = map[string]func(l *IndicatorLine) decimal.Decimal{
	"spend": func(l *IndicatorLine) decimal.Decimal { return l.Now.Ads.CostCNY.Decimal },
	"tacos": func(l *IndicatorLine) decimal.Decimal { t, _ := l.Now.TACOS(); return t },
	"acos": func(l *IndicatorLine) decimal.Decimal {
		if !l.Now.Ads.SalesCNY.IsPositive() {
			return decimal.Zero
		}
		return l.Now.Ads.CostCNY.DivRound(l.Now.Ads.SalesCNY.Decimal, 8)
	},
	"adshare": func(l *IndicatorLine) decimal.Decimal {
		if !l.Now.SalesCNY.IsPositive() {
			return decimal.Zero
		}
		return l.Now.Ads.SalesCNY.DivRound(l.Now.SalesCNY.Decimal, 8)
	},
}

// Page answers 指标分析.
func (in *Indicators) Page(ctx context.Context, p core.Principal, q IndicatorQuery) (IndicatorsAnswer, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	out := IndicatorsAnswer{Days: []IndicatorDay{}, Lines: []IndicatorLine{}}
	order, known := indicatorOrders[cmp.Or(strings.TrimSpace(q.RankBy), "spend")]
	if !known {
		return out, r, core.Invalid(MsgIndicatorSortBad)
	}
	where := OverviewQuery{GroupID: q.GroupID, ProfileID: q.ProfileID, StartDate: q.StartDate, EndDate: q.EndDate}
	o, err := in.ads.Overview(ctx, p, where)
	if err != nil {
		return out, r, err
	}
	out.Start, out.End, out.PreviousStart, out.PreviousEnd = o.Start, o.End, o.PreviousStart, o.PreviousEnd
	out.Total.Ads, out.Previous.Ads = o.Total, o.Previous
	sold, ok, err := in.salesOf(ctx, p, where, o.Start, o.End)
	if err != nil || !ok {
		return out, r, err
	}
	before, _, err := in.salesOf(ctx, p, where, o.PreviousStart, o.PreviousEnd)
	if err != nil {
		return out, r, err
	}
	day := make(map[string]int, len(o.Days))
	out.Days = make([]IndicatorDay, len(o.Days))
	for i, d := range o.Days {
		out.Days[i] = IndicatorDay{Day: d.Day, SKUFigures: SKUFigures{Ads: d}}
		day[d.Day] = i
	}
	lines, err := in.skuLines(ctx, p, where, o)
	if err != nil {
		return out, r, err
	}
	at := make(map[string]int, len(lines))
	for i := range lines {
		at[lines[i].SKU] = i
	}
	for i := range sold {
		d := &sold[i]
		out.Total.addSales(d)
		if j, found := day[d.Day]; found {
			out.Days[j].addSales(d)
		}
		if j, found := at[d.SKU]; found {
			lines[j].Now.addSales(d)
		}
	}
	for i := range before {
		d := &before[i]
		out.Previous.addSales(d)
		if j, found := at[d.SKU]; found {
			lines[j].Previous.addSales(d)
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := &lines[i], &lines[j]
		if c := order(b).Cmp(order(a)); c != 0 {
			return c < 0
		}
		if c := b.Now.Ads.CostCNY.Cmp(a.Now.Ads.CostCNY.Decimal); c != 0 {
			return c < 0
		}
		return a.SKU < b.SKU
	})
	out.Count = int64(len(lines))
	from := min(r.Offset(), len(lines))
	out.Lines = append(out.Lines, lines[from:min(from+r.Size, len(lines))]...)
	for i := range out.Lines {
		out.Lines[i].Rank = from + i + 1
	}
	return out, r, nil
}

// skuLines are the SKUs advertised in the days (or the days before), each profile's advertised-product days summed
// by seller SKU, named by the first profile's ad of it.
func (in *Indicators) skuLines(ctx context.Context, p core.Principal, where OverviewQuery, o Overview) ([]IndicatorLine, error) {
	now, err := in.ads.levelLines(ctx, p, where, advertisingdb.LevelSKU, o.Start, o.End)
	if err != nil {
		return nil, err
	}
	before, err := in.ads.levelLines(ctx, p, where, advertisingdb.LevelSKU, o.PreviousStart, o.PreviousEnd)
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	lines := []IndicatorLine{}
	first := []RoasLine{}
	for k, set := range [][]RoasLine{now, before} {
		for _, l := range set {
			j, seen := at[l.Key]
			if !seen {
				j = len(lines)
				at[l.Key] = j
				lines = append(lines, IndicatorLine{SKU: l.Key})
				first = append(first, l)
			}
			if k == 0 {
				lines[j].Now.Ads.add(l.OverviewDay)
			} else {
				lines[j].Previous.Ads.add(l.OverviewDay)
			}
		}
	}
	if err := in.ads.nameLines(ctx, p.CompanyID, advertisingdb.LevelSKU, first); err != nil {
		return nil, err
	}
	for i := range lines {
		lines[i].ASIN, lines[i].Name = first[i].ASIN, first[i].Name
	}
	return lines, nil
}

// salesOf is the sales by SKU and day of the query's store group and 站点 (the profile's group and marketplace);
// false when the query names none of the user's.
func (in *Indicators) salesOf(ctx context.Context, p core.Principal, where OverviewQuery, start, end string) ([]sales.SKUDay, bool, error) {
	q := sales.ReportQuery{GroupID: strings.TrimSpace(where.GroupID), StartDate: start, EndDate: end, Zone: sales.ZoneMarketplace}
	if raw := strings.TrimSpace(where.ProfileID); raw != "" {
		id, ok := core.ParseID(raw)
		if !ok {
			return nil, false, nil
		}
		profiles, err := storesdb.AdvProfilesOf(in.ads.db.With(ctx), p.CompanyID, 0)
		if err != nil {
			return nil, false, err
		}
		found := false
		for _, pr := range profiles {
			group := strconv.FormatInt(pr.GroupID, 10)
			if pr.ID == id && (q.GroupID == "" || q.GroupID == group) {
				found = true
				q.MarketplaceID, q.GroupID = pr.MarketplaceID, group
			}
		}
		if !found {
			return nil, false, nil
		}
	}
	days, err := in.sales.SKUDays(ctx, p, q)
	return days, err == nil, err
}

// Lines answers a page of 指标分析's SKUs (for the export).
func (in *Indicators) Lines(ctx context.Context, p core.Principal, q IndicatorQuery) ([]IndicatorLine, int64, core.PageRequest, error) {
	a, r, err := in.Page(ctx, p, q)
	return a.Lines, a.Count, r, err
}
