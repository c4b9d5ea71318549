package profit

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"sellerhub/app/core"
	"sellerhub/models"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// 月度报告 is a month's P&L of each store and of the company, beside the month before and the same month a year
// before. It computes nothing of its own: each month is 利润报告's answer for that month (the same lines by SKU,
// the same cache), summed as 利润报告 sums them by store (regroup), so that a store's month reconciles with
// 利润报告 to the cent and the company's month is the sum of its stores.

// MonthQuery is the body of 月度报告: the month (yyyy-MM, Beijing time; last month when none) and a store group
// (none: every store the user may see). PageRequest only lets the export ask for the whole report.
type MonthQuery struct {
	core.PageRequest
	Month   string `json:"month"`
	GroupID string `json:"groupId"`
}

// MonthPL is a month's P&L of a scope (the company, or a store): Total sums its lines by SKU (Amazon's part in CNY
// in AmazonCNY, ReimbursedCNY, cost, freight and profit CNY; Amazon and Reimbursed are meaningful only by
// currency), Estimated the lines no settlement covers (their sales from the orders, fees from Amazon's
// estimates), Lines how many lines by SKU it sums.
type MonthPL struct {
	Month     string
	Lines     int
	Total     Line
	Estimated Line
}

// CurrencyPL is a store's (or the company's) month in one currency: Amazon's part as its settlements and
// estimates booked it.
type CurrencyPL struct {
	Currency string
	Total    Line
}

// StorePL is a store's month, the month before and the same month a year before.
type StorePL struct {
	GroupID   int64
	GroupName string
	Current   MonthPL
	Last      MonthPL
	LastYear  MonthPL
}

// MonthReport is 月度报告: the scope's P&L (the store asked, or the company: every store the user may see) for the
// month, the month before and the same month a year before; the scope's month by currency; and each store's.
type MonthReport struct {
	Month, LastMonth, LastYearMonth string
	GroupID                         int64
	GroupName                       string
	Current, Last, LastYear         MonthPL
	Currencies                      []CurrencyPL
	Stores                          []StorePL
}

// monthPL sums lines by SKU of one month into its P&L.
func monthPL(month string, lines []Line) MonthPL {
	pl := MonthPL{Month: month, Lines: len(lines), Total: *newLine(), Estimated: *newLine()}
	all := regroup(lines, func(*Line) lineKey { return lineKey{month: month} })
	if len(all) == 1 {
		pl.Total = all[0]
	}
	var est []Line
	for i := range lines {
		if lines[i].Estimated > 0 {
			est = append(est, lines[i])
		}
	}
	if e := regroup(est, func(*Line) lineKey { return lineKey{month: month} }); len(e) == 1 {
		pl.Estimated = e[0]
	}
	pl.Total.Month, pl.Estimated.Month, pl.Total.Grouped, pl.Estimated.Grouped = month, month, true, true
	return pl
}

// monthSums are a month's answer summed for 月度报告: the scope's P&L, each store's, and the scope's by currency.
type monthSums struct {
	all        MonthPL
	stores     map[int64]MonthPL
	currencies []CurrencyPL
}

// sums are the answer's lines of month summed for 月度报告, computed on the first call and kept with the answer
// (as its views are): the load of many users reading the same month sums it once.
func (a *answer) sums(month string) *monthSums {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.month != nil {
		return a.month
	}
	m := &monthSums{all: monthPL(month, a.lines), stores: map[int64]MonthPL{}}
	by := map[int64][]Line{}
	for _, l := range a.lines {
		by[l.GroupID] = append(by[l.GroupID], l)
	}
	for g, lines := range by {
		m.stores[g] = monthPL(month, lines)
	}
	for _, c := range regroup(a.lines, func(l *Line) lineKey { return lineKey{month: month, currency: l.Currency} }) {
		m.currencies = append(m.currencies, CurrencyPL{Currency: c.Currency, Total: c})
	}
	slices.SortFunc(m.currencies, func(a, b CurrencyPL) int { return strings.Compare(a.Currency, b.Currency) })
	a.month = m
	return m
}

// Month answers 月度报告.
func (s *Service) Month(ctx context.Context, p core.Principal, q MonthQuery) (*MonthReport, error) {
	month := strings.TrimSpace(q.Month)
	if month == "" {
		now := s.now().In(s.timeZone)
		month = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, s.timeZone).AddDate(0, -1, 0).Format("2006-01")
	}
	m, err := parseMonth(month, s.timeZone)
	if err != nil {
		return nil, err
	}
	groupID, _, ok := core.StoreFilter(q.GroupID, "")
	r := &MonthReport{Month: m.Format("2006-01"), LastMonth: m.AddDate(0, -1, 0).Format("2006-01"),
		LastYearMonth: m.AddDate(-1, 0, 0).Format("2006-01"), GroupID: groupID}
	groups, err := storesdb.StoreGroupsOf(s.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	visible := map[int64]string{}
	for _, g := range groups {
		visible[g.ID] = g.Name
	}
	name, seen := visible[groupID]
	if groupID != 0 && !seen {
		// A store the user may not see (or another company's) is no store of the user's: an empty report.
		ok = false
	}
	r.GroupName = name
	// The three months side by side: each is a report of its own when not kept (after a sync, all three).
	months := []string{r.Month, r.LastMonth, r.LastYearMonth}
	got := make([]*monthSums, len(months))
	generation, limited, err := s.db.With(ctx).ReportVersion(p.CompanyID, p.UserID, models.GenerationProfit)
	if err != nil {
		return nil, err
	}
	var g errgroup.Group
	for i, mo := range months {
		if !ok {
			got[i] = &monthSums{all: monthPL(mo, nil)}
			continue
		}
		g.Go(func() error {
			a, err := s.answerAt(ctx, p.CompanyID, profitdb.ProfitFilter{UserID: p.UserID, GroupID: groupID,
				FromMonth: mo, ToMonth: mo, Zone: s.timeZone}, generation, limited)
			if err == nil {
				got[i] = a.sums(mo)
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	sums := map[string]*monthSums{}
	for i, mo := range months {
		sums[mo] = got[i]
	}
	r.Current, r.Last, r.LastYear = sums[r.Month].all, sums[r.LastMonth].all, sums[r.LastYearMonth].all
	r.Currencies = sums[r.Month].currencies
	// Each store with a line in any of the three months, by name.
	stores := map[int64]*StorePL{}
	for _, mo := range []string{r.Month, r.LastMonth, r.LastYearMonth} {
		for g, pl := range sums[mo].stores {
			st := stores[g]
			if st == nil {
				st = &StorePL{GroupID: g, GroupName: visible[g], Current: monthPL(r.Month, nil),
					Last: monthPL(r.LastMonth, nil), LastYear: monthPL(r.LastYearMonth, nil)}
				stores[g] = st
			}
			switch mo {
			case r.Month:
				st.Current = pl
			case r.LastMonth:
				st.Last = pl
			default:
				st.LastYear = pl
			}
		}
	}
	for _, st := range stores {
		r.Stores = append(r.Stores, *st)
	}
	slices.SortFunc(r.Stores, func(a, b StorePL) int {
		return cmp.Or(strings.Compare(a.GroupName, b.GroupName), cmp.Compare(a.GroupID, b.GroupID))
	})
	return r, nil
}

// MonthRow is a line of 月度报告's P&L (销售额, 佣金, …, 利润率) of a scope: its amounts in CNY for the month, the
// month before and the same month a year before (Has…: false for a month without a line, or a margin without one), and the month in each currency the scope's Amazon amounts
// were booked in (none for cost, freight and profit, which are CNY).
type MonthRow struct {
	Key, Name                      string
	Percent                        bool
	Current, Last, LastYear        models.Money
	HasCurrent, HasLast, HasLastYr bool
	Local                          map[string]models.Money
	Estimated                      models.Money
	HasEstimated                   bool
	Store                          string
	StoreID                        int64
}

// The P&L's lines, in order: each a figure of 利润报告's lines (other less what Amazon paid as reimbursements,
// which get a line of their own; profit is the same either way).
var monthLines = []struct {
	key, name string
	cny       func(l *Line) models.Money
	local     func(l *Line) models.Money
}{
	{"sales", "销售额", cnyBucket(BucketSales), localBucket(BucketSales)},
	{"refunds", "退款", cnyBucket(BucketRefunds), localBucket(BucketRefunds)},
	{"referral", "佣金", cnyBucket(BucketReferral), localBucket(BucketReferral)},
	{"fulfilment", "FBA配送费", cnyBucket(BucketFulfilment), localBucket(BucketFulfilment)},
	{"other", "其他亚马逊费用", func(l *Line) models.Money { return plus(l.AmazonCNY[BucketOther], l.ReimbursedCNY) },
		func(l *Line) models.Money { return plus(l.Amazon[BucketOther], l.Reimbursed) }},
	{"storage", "仓储费", cnyBucket(BucketStorage), localBucket(BucketStorage)},
	{"advertising", "广告费", cnyBucket(BucketAdvertising), localBucket(BucketAdvertising)},
	{"reimbursed", "赔偿收入", func(l *Line) models.Money { return l.ReimbursedCNY }, func(l *Line) models.Money { return l.Reimbursed }},
	{"settled", "亚马逊回款", (*Line).SettledCNY, (*Line).Settled},
	{"cost", "商品成本", func(l *Line) models.Money { return l.Cost }, nil},
	{"freight", "头程运费", func(l *Line) models.Money { return l.Freight }, nil},
	{"shared", "分摊费用", func(l *Line) models.Money { return l.Shared }, nil},
	{"profit", "利润", func(l *Line) models.Money { return l.Profit }, nil},
}

func plus(a, b models.Money) models.Money { return models.Money{Decimal: a.Add(b.Decimal)} }

func cnyBucket(b Bucket) func(l *Line) models.Money {
	return func(l *Line) models.Money { return l.AmazonCNY[b] }
}

func localBucket(b Bucket) func(l *Line) models.Money {
	return func(l *Line) models.Money { return l.Amazon[b] }
}

// Rows are the P&L's lines of the month's scope then of each store (Store names it), in the order of
// monthLines with the margin last: what the screen's table and the export show.
func (r *MonthReport) Rows() []MonthRow {
	rows := plRows(r.Current, r.Last, r.LastYear, r.Currencies)
	name := r.GroupName
	if r.GroupID == 0 {
		name = "全部店铺"
	}
	for i := range rows {
		rows[i].Store, rows[i].StoreID = name, r.GroupID
	}
	if r.GroupID != 0 {
		return rows
	}
	for _, st := range r.Stores {
		for _, row := range plRows(st.Current, st.Last, st.LastYear, nil) {
			row.Store, row.StoreID = st.GroupName, st.GroupID
			rows = append(rows, row)
		}
	}
	return rows
}

func plRows(cur, last, lastYear MonthPL, currencies []CurrencyPL) []MonthRow {
	var rows []MonthRow
	for _, ml := range monthLines {
		row := MonthRow{Key: ml.key, Name: ml.name, Current: ml.cny(&cur.Total), Last: ml.cny(&last.Total),
			LastYear: ml.cny(&lastYear.Total), HasCurrent: true, HasLast: last.Lines > 0, HasLastYr: lastYear.Lines > 0}
		if cur.Estimated.Estimated > 0 && (ml.key == "sales" || ml.key == "profit") {
			row.Estimated, row.HasEstimated = ml.cny(&cur.Estimated), true
		}
		if ml.local != nil && len(currencies) > 0 {
			row.Local = map[string]models.Money{}
			for _, c := range currencies {
				row.Local[c.Currency] = ml.local(&c.Total)
			}
		}
		rows = append(rows, row)
	}
	margin := MonthRow{Key: "margin", Name: "利润率", Percent: true}
	margin.Current, margin.HasCurrent = marginOf(&cur.Total)
	margin.Last, margin.HasLast = marginOf(&last.Total)
	margin.LastYear, margin.HasLastYr = marginOf(&lastYear.Total)
	// A month without a line has no figures: — rather than zeros that read as a month of nothing sold.
	margin.HasLast, margin.HasLastYr = margin.HasLast && last.Lines > 0, margin.HasLastYr && lastYear.Lines > 0
	return append(rows, margin)
}

// marginOf is 利润报告's margin of a total (none without sales, or when a cost or fees are missing).
func marginOf(l *Line) (models.Money, bool) {
	m, ok := l.Margin()
	return models.Money{Decimal: m}, ok
}
