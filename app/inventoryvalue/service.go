// Package inventoryvalue is 存货价值 (财务): the value of the stock at each month's end for the books, by warehouse
// kind (自有仓, 海外仓, FBA) with what is on its way in (在途) apart, and by warehouse and product. A month is read
// from the ledger and the dated costs until it is closed (结转); a closed month keeps its lines, so it reads the
// same whatever is changed later. The method is the products' cost of the month's last day (采购成本, kept as a
// weighted average by purchasing), the quantity the ledger's balance at the end of that day.
package inventoryvalue

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	valuedb "sellerhub/models/inventoryvalue"
	stockdb "sellerhub/models/stock"
)

// Messages of 存货价值.
const (
	MsgMonthBad      = "月份格式不正确，应为yyyy-MM"
	MsgMonthRange    = "开始月份不能晚于结束月份"
	MsgMonthsTooMany = "一次最多查询24个月"
	MsgMonthFuture   = "不能查询未来的月份"
	MsgMonthOpen     = "该月尚未结束，月末之后才能结转"
	MsgMonthKept     = "该月已结转，不能重复结转"
	MsgCloseLimited  = "结转保存全公司所有仓库的明细，需由能查看全部仓库的账号操作"
)

// PermissionClose is the button that closes a month (结转).
const PermissionClose = "erp:finance:inventoryvalue:close"

// Service is 存货价值.
type Service struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
}

// New is 存货价值 over the database; months and their ends are in timeZone (the company's books: Beijing).
func New(db *models.DB, now core.Clock, timeZone *time.Location) *Service {
	return &Service{db: db, now: now, timeZone: timeZone}
}

// MonthsQuery asks for the months from From to To (yyyy-MM, both included; the last 12 when none).
type MonthsQuery struct {
	From string `json:"from" query:"from"`
	To   string `json:"to" query:"to"`
}

// Month is a month's end: the value (money units, CNY) of the stock on hand in each kind of warehouse and of what
// was on its way in, their total, the lines and those without a cost; and whether the month is closed.
type Month struct {
	Month, End                      string
	Kept                            bool
	KeptAt                          time.Time
	Own, Overseas, FBA, Inbound     int64
	Total                           int64
	Lines, Uncosted, Units, InUnits int
}

// add sums a line into the month.
func (m *Month) add(l valuedb.Line) {
	m.Lines++
	m.Units += l.OnHand
	m.InUnits += l.Inbound
	if l.UnitCost == nil {
		m.Uncosted++
		return
	}
	onHand, inbound := *l.UnitCost*int64(l.OnHand), *l.UnitCost*int64(l.Inbound)
	switch l.WarehouseKind {
	case stockdb.WarehouseFBA:
		m.FBA += onHand
	case stockdb.WarehouseOverseas:
		m.Overseas += onHand
	default:
		m.Own += onHand
	}
	m.Inbound += inbound
	m.Total += onHand + inbound
}

// months reads a query's months, the last first, refusing a bad or too long range.
func (s *Service) months(q MonthsQuery) ([]string, error) {
	now := s.now().In(s.timeZone)
	this := now.Format("2006-01")
	from, to := strings.TrimSpace(q.From), strings.TrimSpace(q.To)
	if to == "" {
		to = this
	}
	if from == "" {
		t, err := time.Parse("2006-01", to)
		if err != nil {
			return nil, core.Invalid(MsgMonthBad)
		}
		from = t.AddDate(0, -11, 0).Format("2006-01")
	}
	a, err1 := time.Parse("2006-01", from)
	b, err2 := time.Parse("2006-01", to)
	switch {
	case err1 != nil || err2 != nil:
		return nil, core.Invalid(MsgMonthBad)
	case a.After(b):
		return nil, core.Invalid(MsgMonthRange)
	case to > this:
		return nil, core.Invalid(MsgMonthFuture)
	case (b.Year()-a.Year())*12+int(b.Month()-a.Month()) >= 24:
		return nil, core.Invalid(MsgMonthsTooMany)
	}
	var out []string
	for t := b; !t.Before(a); t = t.AddDate(0, -1, 0) {
		out = append(out, t.Format("2006-01"))
	}
	return out, nil
}

// end is a month's last day (today for the month under way) and the moment after it.
func (s *Service) end(month string) (string, time.Time) {
	first, _ := time.ParseInLocation("2006-01", month, s.timeZone)
	next := first.AddDate(0, 1, 0)
	if now := s.now().In(s.timeZone); now.Before(next) {
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, s.timeZone)
		return day.Format(time.DateOnly), time.Time{}
	}
	return next.AddDate(0, 0, -1).Format(time.DateOnly), next
}

// lines values the stock at a month's end from the ledger and the dated costs, outside the hidden warehouses.
func (s *Service) lines(db *models.DB, companyID int64, month string, hidden []int64) ([]valuedb.Line, error) {
	day, before := s.end(month)
	rows, err := stockdb.StockOn(db, companyID, stockdb.StockAtFilter{Hidden: hidden, Before: before})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ProductID)
	}
	costs, err := catalogdb.CostHistories(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]valuedb.Line, 0, len(rows))
	for _, r := range rows {
		l := valuedb.Line{WarehouseID: r.WarehouseID, WarehouseName: r.WarehouseName, WarehouseKind: r.WarehouseKind,
			ProductID: r.ProductID, SKU: r.SKU, ProductName: r.ProductName, OnHand: r.Fulfillable + r.Outbound, Inbound: r.Inbound}
		if c := catalogdb.CostOn(costs[r.ProductID], day); c.UnitCost.Valid {
			unit := models.Money{Decimal: c.UnitCost.Decimal}.Units()
			value := unit * int64(l.OnHand+l.Inbound)
			l.UnitCost, l.Value = &unit, &value
		}
		out = append(out, l)
	}
	return out, nil
}

// monthLines are a month's lines the user may see: kept ones for a closed month, else valued now.
func (s *Service) monthLines(db *models.DB, p core.Principal, month string, kept bool, warehouseID int64, search string) ([]valuedb.Line, error) {
	hidden, err := db.HiddenWarehouses(p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	if kept {
		return valuedb.Lines(db, p.CompanyID, month, warehouseID, hidden, search)
	}
	all, err := s.lines(db, p.CompanyID, month, hidden)
	if err != nil {
		return nil, err
	}
	term := strings.ToLower(strings.TrimSpace(search))
	out := all[:0]
	for _, l := range all {
		if (warehouseID == 0 || l.WarehouseID == warehouseID) &&
			(term == "" || strings.Contains(strings.ToLower(l.SKU), term) || strings.Contains(strings.ToLower(l.ProductName), term)) {
			out = append(out, l)
		}
	}
	return out, nil
}

// Months answers 存货价值's months, the latest first, each from its kept lines or valued now.
func (s *Service) Months(ctx context.Context, p core.Principal, q MonthsQuery) ([]Month, error) {
	months, err := s.months(q)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	kept, err := valuedb.KeptMonths(db, p.CompanyID, months[len(months)-1], months[0])
	if err != nil {
		return nil, err
	}
	out := make([]Month, len(months))
	for i, month := range months {
		k, closed := kept[month]
		m := Month{Month: month, Kept: closed, KeptAt: k.KeptAt}
		m.End, _ = s.end(month)
		lines, err := s.monthLines(db, p, month, closed, 0, "")
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			m.add(l)
		}
		out[i] = m
	}
	return out, nil
}

// LinesQuery is a month's lines (none: the month under way): one warehouse (none: all), a SKU or name; paged.
type LinesQuery struct {
	core.PageRequest
	Month       string `json:"month" query:"month"`
	WarehouseID string `json:"warehouseId" query:"warehouseId"`
	Search      string `json:"search" query:"search"`
}

// Lines answers a page of a month's lines, by warehouse and SKU.
func (s *Service) Lines(ctx context.Context, p core.Principal, q LinesQuery) ([]valuedb.Line, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	month := strings.TrimSpace(q.Month)
	if month == "" {
		month = s.now().In(s.timeZone).Format("2006-01") // the month under way, as 存货价值 opens
	}
	months, err := s.months(MonthsQuery{From: month, To: month})
	if err != nil {
		return nil, 0, r, err
	}
	db := s.db.With(ctx)
	kept, err := valuedb.KeptMonths(db, p.CompanyID, months[0], months[0])
	if err != nil {
		return nil, 0, r, err
	}
	var warehouse int64
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if warehouse, ok = core.ParseID(w); !ok {
			return []valuedb.Line{}, 0, r, nil
		}
	}
	_, closed := kept[months[0]]
	lines, err := s.monthLines(db, p, months[0], closed, warehouse, q.Search)
	if err != nil {
		return nil, 0, r, err
	}
	total := int64(len(lines))
	from := min(r.Offset(), len(lines))
	return lines[from:min(from+r.Size, len(lines))], total, r, nil
}

// Close keeps a month that has ended (结转): every warehouse's lines of the company, whoever closes it.
func (s *Service) Close(ctx context.Context, p core.Principal, month string) (Month, error) {
	months, err := s.months(MonthsQuery{From: month, To: month})
	if err != nil || strings.TrimSpace(month) == "" {
		return Month{}, core.Invalid(MsgMonthBad)
	}
	if _, after := s.end(months[0]); after.IsZero() {
		return Month{}, core.Invalid(MsgMonthOpen)
	}
	db := s.db.With(ctx)
	// The kept lines are the company's, every warehouse's: a user limited to some store groups does not decide them.
	if hidden, err := db.HiddenWarehouses(p.CompanyID, p.UserID); err != nil {
		return Month{}, err
	} else if len(hidden) > 0 {
		return Month{}, core.Invalid(MsgCloseLimited)
	}
	lines, err := s.lines(db, p.CompanyID, months[0], nil)
	if err != nil {
		return Month{}, err
	}
	k := valuedb.Kept{CompanyID: p.CompanyID, Month: months[0], KeptBy: p.UserID, KeptAt: s.now().UTC()}
	done, err := valuedb.Keep(ctx, db, k, lines)
	switch {
	case err != nil:
		return Month{}, err
	case !done:
		return Month{}, core.Invalid(MsgMonthKept)
	}
	got, err := s.Months(ctx, p, MonthsQuery{From: months[0], To: months[0]})
	if err != nil {
		return Month{}, err
	}
	return got[0], nil
}
