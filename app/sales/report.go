package sales

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	salesdb "sellerhub/models/sales"
	storesdb "sellerhub/models/stores"
)

// Messages of the sales report.
const (
	MsgByBad     = "统计维度不正确"
	MsgPeriodBad = "统计周期不正确"
	MsgZoneBad   = "时区不正确"
	MsgRangeBad  = "开始日期不能晚于结束日期"
	MsgRangeLong = "查询范围不能超过两年"
	// MsgUnpaired names the line of the SKUs SKU配对 has not paired with a local product.
	MsgUnpaired = "未配对"
)

// The date switch: each marketplace's own time zone, or Beijing time.
const (
	ZoneMarketplace = "marketplace"
	ZoneBeijing     = "beijing"
)

// defaultDays is the range the report shows when no dates are asked: the last 30 days, today included.
const defaultDays = 30

// maxDays bounds a report's range: two years, the most the sync keeps.
const maxDays = 731

// ReportQuery is the body of 销售报表 and 周/月汇总: the page, the sort, the grouping (by: sku, asin, parentAsin, product,
// store, marketplace; all for the summary), the period (day, week, month), the dates (yyyy-MM-dd, both
// included, in the zone the switch names: marketplace or beijing), a store group, a marketplace and a part of
// the SKU or ASIN.
type ReportQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	By            string `json:"by"`
	Period        string `json:"period"`
	Zone          string `json:"zone"`
	StartDate     string `json:"startDate"`
	EndDate       string `json:"endDate"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Search        string `json:"search"`
}

// Line is one line of the report: a key's (a SKU, an ASIN, a product, a store, a marketplace) sales in a period
// and a currency, and the same converted to CNY month by month at the company's rates.
type Line struct {
	Key          string
	Name         string
	ASIN         string
	Period       string
	Currency     string
	Units        int64
	Orders       int64
	Sales        models.Money
	SalesCNY     models.Money
	Refunds      models.Money
	RefundsCNY   models.Money
	RefundOrders int64
}

// AveragePrice is the sales over the units, in the line's currency (zero without units).
func (l *Line) AveragePrice() models.Money {
	if l.Units == 0 {
		return models.Money{}
	}
	return models.Money{Decimal: l.Sales.Div(decimal.NewFromInt(l.Units)).Round(2)}
}

// filter checks the query and turns it into the model's filter; ok false when it can match nothing (a store
// group id that is not a number).
func (s *Service) filter(ctx context.Context, p core.Principal, q ReportQuery) (salesdb.SalesFilter, bool, error) {
	if q.Zone == "" {
		// No zone asked: the day the company counts by (公司设置).
		st, err := accountsdb.CompanySettingOf(s.db.With(ctx), p.CompanyID)
		if err != nil {
			return salesdb.SalesFilter{}, false, err
		}
		q.Zone = st.DayZone
	}
	f := salesdb.SalesFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Search: strings.TrimSpace(q.Search), By: q.By, Period: q.Period, RateZone: s.timeZone}
	if f.By == "" {
		f.By = salesdb.SalesBySKU
	}
	if f.Period == "" {
		f.Period = models.PeriodDay
	}
	switch {
	case f.By != salesdb.SalesBySKU && f.By != salesdb.SalesByASIN && f.By != salesdb.SalesByParentASIN &&
		f.By != salesdb.SalesByProduct && f.By != salesdb.SalesByStore && f.By != salesdb.SalesByMarketplace && f.By != salesdb.SalesByAll:
		return f, false, core.Invalid(MsgByBad)
	case f.Period != models.PeriodDay && f.Period != models.PeriodWeek && f.Period != models.PeriodMonth:
		return f, false, core.Invalid(MsgPeriodBad)
	}
	switch q.Zone {
	case ZoneMarketplace:
		f.ZoneOf = storesdb.MarketplaceLocation
	case ZoneBeijing:
		f.ZoneOf = func(string) *time.Location { return s.timeZone }
		f.InRateZone = true
	default:
		return f, false, core.Invalid(MsgZoneBad)
	}
	// The dates are calendar days, the same in every zone: read them as UTC midnights.
	from, to, err := core.DayRange(time.UTC, q.StartDate, q.EndDate)
	if err != nil {
		return f, false, err
	}
	today := s.now().In(s.timeZone)
	if to.IsZero() {
		to = time.Date(today.Year(), today.Month(), today.Day()+1, 0, 0, 0, 0, time.UTC)
	}
	if from.IsZero() {
		from = to.AddDate(0, 0, -defaultDays)
	}
	switch {
	case !from.Before(to):
		return f, false, core.Invalid(MsgRangeBad)
	case to.Sub(from) > maxDays*24*time.Hour:
		return f, false, core.Invalid(MsgRangeLong)
	}
	f.First, f.Last = from, to.AddDate(0, 0, -1)
	var ok bool
	f.GroupID, f.MarketplaceID, ok = core.StoreFilter(q.GroupID, q.MarketplaceID)
	return f, ok, nil
}

// Report answers a page of the sales report, with the total and the page served: the lines of the filter's
// grouping, period and currency, sorted by period (newest first) then key unless asked otherwise. Sales are
// summed by the database; each sum is converted to CNY at the rate of its month.
func (s *Service) Report(ctx context.Context, p core.Principal, q ReportQuery) ([]Line, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, ok, err := s.filter(ctx, p, q)
	if err != nil || !ok {
		return []Line{}, 0, r, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	order := a.sorted(q.Sort, strings.EqualFold(q.Order, "desc"))
	start := min(r.Offset(), len(order))
	page := make([]Line, 0, min(r.Size, len(order)-start))
	for _, i := range order[start:min(start+r.Size, len(order))] {
		page = append(page, a.lines[i].line())
	}
	return page, int64(len(order)), r, nil
}

// periodCNY are a period's sales and refunds of every currency in CNY, each summed by the one rule (finance.CNYSum)
// from the currencies' sums of each rate month: 周/月汇总's 合计(CNY), which the lines' rounded figures would miss
// by a fen.
type periodCNY struct{ sales, refunds models.Money }

// lines sums the filter's sales and refunds into one line per key, period and currency, and (by all, the
// summary's grouping) each period's CNY total.
func (s *Service) lines(ctx context.Context, companyID int64, f salesdb.SalesFilter) ([]Line, map[string]periodCNY, error) {
	db := s.db.With(ctx)
	sales, err := salesdb.SalesSums(db, companyID, f)
	if err != nil {
		return nil, nil, err
	}
	refunds, err := salesdb.RefundSums(db, companyID, f)
	if err != nil {
		return nil, nil, err
	}
	book, err := s.finance.Rates(ctx, companyID)
	if err != nil {
		return nil, nil, err
	}
	// A line's CNY and its period's, summed by the rule and rounded at the end.
	type cnySums struct{ sales, refunds finance.CNYSum }
	byKey := map[[3]string]int{} // the line's place in out and cny
	var out []*Line
	var cny []*cnySums
	byPeriod := map[string]*cnySums{}
	var periods []string
	add := func(sum *salesdb.SalesSum, refund bool) {
		// A rate month (yyyy-MM, Beijing time) names the month whose rate converts the sum.
		k := [3]string{sum.Key, sum.Period, sum.Currency}
		i, ok := byKey[k]
		if !ok {
			i = len(out)
			byKey[k] = i
			out = append(out, &Line{Key: sum.Key, Period: sum.Period, Currency: sum.Currency})
			cny = append(cny, &cnySums{book.Sum(), book.Sum()})
		}
		l, c := out[i], cny[i]
		var total *cnySums
		if f.By == salesdb.SalesByAll {
			if total = byPeriod[sum.Period]; total == nil {
				total = &cnySums{book.Sum(), book.Sum()}
				byPeriod[sum.Period] = total
				periods = append(periods, sum.Period)
			}
		}
		switch {
		case f.By == salesdb.SalesByParentASIN:
			// The first and the last child name over the line's sums (sales and refunds, each rate month).
			if sum.Name != "" && (l.Name == "" || sum.Name < l.Name) {
				l.Name = sum.Name
			}
			l.ASIN = max(l.ASIN, sum.ASIN)
		default:
			if sum.Name != "" {
				l.Name = sum.Name
			}
			if sum.ASIN != "" {
				l.ASIN = sum.ASIN
			}
		}
		if refund {
			l.Refunds.Decimal = l.Refunds.Add(sum.Amount.Decimal)
			c.refunds.Add(sum.Amount, sum.Currency, sum.RateMonth)
			if total != nil {
				total.refunds.Add(sum.Amount, sum.Currency, sum.RateMonth)
			}
			l.RefundOrders += sum.Orders
			return
		}
		l.Units += sum.Units
		// An order is bought on one instant, so it lies in one rate month: the months' counts add up.
		l.Orders += sum.Orders
		l.Sales.Decimal = l.Sales.Add(sum.Amount.Decimal)
		c.sales.Add(sum.Amount, sum.Currency, sum.RateMonth)
		if total != nil {
			total.sales.Add(sum.Amount, sum.Currency, sum.RateMonth)
		}
	}
	for i := range sales {
		add(&sales[i], false)
	}
	for i := range refunds {
		add(&refunds[i], true)
	}
	lines := make([]Line, len(out))
	for i, l := range out {
		lines[i] = *l
		if lines[i].SalesCNY, err = cny[i].sales.CNY(); err != nil {
			return nil, nil, err
		}
		if lines[i].RefundsCNY, err = cny[i].refunds.CNY(); err != nil {
			return nil, nil, err
		}
		switch {
		case f.By == salesdb.SalesByMarketplace:
			m, _ := storesdb.MarketplaceByID(l.Key)
			lines[i].Name = m.Name
		case f.By == salesdb.SalesByProduct && l.Key == "":
			lines[i].Name = MsgUnpaired
		case f.By == salesdb.SalesByParentASIN:
			lines[i].Name, lines[i].ASIN = familyName(l.Name, l.ASIN), ""
		}
	}
	var totals map[string]periodCNY
	if f.By == salesdb.SalesByAll {
		totals = make(map[string]periodCNY, len(periods))
		for _, p := range periods {
			var t periodCNY
			if t.sales, err = byPeriod[p].sales.CNY(); err != nil {
				return nil, nil, err
			}
			if t.refunds, err = byPeriod[p].refunds.CNY(); err != nil {
				return nil, nil, err
			}
			totals[p] = t
		}
	}
	return lines, totals, nil
}

// SummaryTotal is the currency column of 周/月汇总's total line of a period: its currencies summed in CNY.
const SummaryTotal = "合计(CNY)"

// summaryLines labels each period the range [first, last] cuts with its real dates ("2026-11-04 ~ 2026-11-08"),
// so that a partial week or month does not pass for a whole one, and adds after each period's currencies a line of
// their sum in CNY, totals[period] (summed by the one rule, not from the lines' rounded figures): the
// currencies' own figures do not add up.
func summaryLines(lines []Line, totals map[string]periodCNY, period string, first, last time.Time) []Line {
	label := map[string]string{}
	relabel := func(p string) string {
		if l, ok := label[p]; ok {
			return l
		}
		l := p
		var start, end time.Time
		var err error
		switch period {
		case models.PeriodWeek:
			start, err = time.Parse(time.DateOnly, p)
			end = start.AddDate(0, 0, 6)
		case models.PeriodMonth:
			start, err = time.Parse("2006-01", p)
			end = start.AddDate(0, 1, -1)
		default:
			err = errNoPeriod
		}
		if err == nil && (start.Before(first) || end.After(last)) {
			l = maxTime(start, first).Format(time.DateOnly) + " ~ " + minTime(end, last).Format(time.DateOnly)
		}
		label[p] = l
		return l
	}
	byPeriod := map[string]*Line{}
	var periods []string
	for i := range lines {
		l := &lines[i]
		t := byPeriod[l.Period]
		if t == nil {
			cny := totals[l.Period]
			t = &Line{Period: relabel(l.Period), Currency: SummaryTotal, SalesCNY: cny.sales, RefundsCNY: cny.refunds}
			byPeriod[l.Period] = t
			periods = append(periods, l.Period)
		}
		l.Period = t.Period
		t.Units += l.Units
		t.Orders += l.Orders
		t.RefundOrders += l.RefundOrders
	}
	for _, p := range periods {
		t := byPeriod[p]
		t.Sales, t.Refunds = t.SalesCNY, t.RefundsCNY
		lines = append(lines, *t)
	}
	return lines
}

var errNoPeriod = errors.New("no week or month")

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// familyName is what a variation family's first and last child names (by sort order) share, up to the last word
// or separator before they differ ("Northpeak Gel Ink Pens, 12 Pack" of "..., Black" and "..., White"): the
// children's titles are all Amazon's reports give, and they differ by their variation. One name is the name.
func familyName(first, last string) string {
	if first == last || last == "" {
		return first
	}
	a, b := []rune(first), []rune(last)
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	shared := string(a[:n])
	if cut := strings.LastIndexAny(shared, " ,，、/-（("); cut > 0 {
		shared = shared[:cut]
	}
	if shared = strings.TrimRight(shared, " ,，、/-（("); shared == "" {
		return first
	}
	return shared
}

// Summary answers a page of 周/月汇总: the report with everything of a period in one line per currency (by
// week unless a month is asked), so that the summary's callers read no SKU's figures.
func (s *Service) Summary(ctx context.Context, p core.Principal, q ReportQuery) ([]Line, int64, core.PageRequest, error) {
	q.By = salesdb.SalesByAll
	if q.Period != models.PeriodMonth {
		q.Period = models.PeriodWeek
	}
	r := q.PageRequest.Normalized()
	f, ok, err := s.filter(ctx, p, q)
	if err != nil || !ok {
		return []Line{}, 0, r, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	// The kept answer is the report's of everything (the dashboard's too); the summary's labels and totals are
	// made on it per call: a few lines a period.
	lines := make([]Line, len(a.lines))
	for i := range a.lines {
		lines[i] = a.lines[i].line()
	}
	b := newAnswer(summaryLines(lines, a.totals, f.Period, f.First, f.Last), nil)
	order := b.sorted(q.Sort, strings.EqualFold(q.Order, "desc"))
	start := min(r.Offset(), len(order))
	page := make([]Line, 0, min(r.Size, len(order)-start))
	for _, i := range order[start:min(start+r.Size, len(order))] {
		page = append(page, b.lines[i].line())
	}
	return page, int64(len(order)), r, nil
}
