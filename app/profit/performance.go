package profit

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// 业绩报告 (/amazon/payment/performance): a month's sales and profit by the listing's owner (运营负责人, 商品列表) or
// by the owner's department, beside the targets the company sets per month, and the progress against them. It
// computes nothing of its own: the month is 利润报告's answer for that month (the same lines by SKU), each line
// given to the owner of its listing (store group, marketplace, seller SKU), so the owners' sums add up to 利润报告's
// month to the cent; a line of no listing with an owner (a store's charges of no SKU among them) is 未分配.

// PermissionTarget is 业绩报告's button permission (设置业绩目标).
const PermissionTarget = "amz:payment:performance:target"

// Messages of 业绩报告.
const (
	MsgPerformanceBy = "统计维度只能是负责人或部门"
	MsgTargetSubject = "请选择负责人或部门"
	MsgTargetMissing = "负责人或部门不存在"
	MsgTargetAmount  = "目标金额须是不小于0的数字，最多两位小数"
	// Names of the rows of no owner or department.
	MsgNoOwner = "未分配负责人"
	MsgNoDept  = "未分配部门"
	msgGoneOwn = "已删除的用户"
	msgGoneDep = "已删除的部门"
)

// PerformanceQuery is 业绩报告's body: the month (yyyy-MM, Beijing time; this month when none), by owner ("owner",
// the default) or department ("dept"), and a store group (none: every store the user may see). PageRequest only
// lets the export ask for the whole report.
type PerformanceQuery struct {
	core.PageRequest
	Month   string `json:"month"`
	By      string `json:"by"`
	GroupID string `json:"groupId"`
}

// PerformanceRow is an owner's or department's month (SubjectID 0: 未分配): the lines by SKU it sums, their units,
// sales and profit in CNY, and the month's targets (zero: none). Total marks the report's sum.
type PerformanceRow struct {
	SubjectID                 int64
	Name, DeptName            string
	Lines                     int
	Units                     int64
	Sales, Profit             models.Money
	SalesTarget, ProfitTarget models.Money
	Total                     bool
}

// Progress is a figure over its target in percent to two decimals; false without a target.
func Progress(figure, target models.Money) (decimal.Decimal, bool) {
	if !target.IsPositive() {
		return decimal.Zero, false
	}
	return figure.Mul(decimal.NewFromInt(100)).Div(target.Decimal).Round(2), true
}

// Performance is 业绩报告: the month, the dimension, the rows (by sales, 未分配 last) and their sum.
type Performance struct {
	Month, By string
	Rows      []PerformanceRow
	Total     PerformanceRow
}

func addMoney(a *models.Money, b models.Money) { *a = models.Money{Decimal: a.Add(b.Decimal)} }

// Performance answers 业绩报告.
func (s *Service) Performance(ctx context.Context, p core.Principal, q PerformanceQuery) (*Performance, error) {
	month := strings.TrimSpace(q.Month)
	if month == "" {
		month = s.now().In(s.timeZone).Format("2006-01")
	}
	m, err := parseMonth(month, s.timeZone)
	if err != nil {
		return nil, err
	}
	by := strings.TrimSpace(q.By)
	switch by {
	case "":
		by = profitdb.TargetOwner
	case profitdb.TargetOwner, profitdb.TargetDept:
	default:
		return nil, core.Invalid(MsgPerformanceBy)
	}
	r := &Performance{Month: m.Format("2006-01"), By: by}
	db := s.db.With(ctx)
	groupID, _, ok := core.StoreFilter(q.GroupID, "")
	if ok && groupID != 0 {
		// A store the user may not see (or another company's) is no store of the user's: an empty report.
		groups, err := storesdb.StoreGroupsOf(db, p.CompanyID, p.UserID)
		if err != nil {
			return nil, err
		}
		ok = slices.ContainsFunc(groups, func(g storesdb.StoreGroup) bool { return g.ID == groupID })
	}
	var lines []Line
	if ok {
		a, err := s.answer(ctx, p.CompanyID, profitdb.ProfitFilter{UserID: p.UserID, GroupID: groupID,
			FromMonth: r.Month, ToMonth: r.Month, Zone: s.timeZone})
		if err != nil {
			return nil, err
		}
		lines = a.lines
	}
	owners, err := catalogdb.ListingOwners(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	targets, err := profitdb.TargetsOf(db, p.CompanyID, r.Month, by)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(owners))
	for _, o := range owners {
		ids = append(ids, o)
	}
	if by == profitdb.TargetOwner {
		for id := range targets {
			ids = append(ids, id)
		}
	}
	people, err := catalogdb.PeopleByID(db, p.CompanyID, ids)
	if err != nil {
		return nil, err
	}
	depts, err := profitdb.DepartmentNames(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	rows := map[int64]*PerformanceRow{}
	row := func(id int64) *PerformanceRow {
		if x := rows[id]; x != nil {
			return x
		}
		x := &PerformanceRow{SubjectID: id}
		switch {
		case by == profitdb.TargetOwner && id == 0:
			x.Name = MsgNoOwner
		case by == profitdb.TargetOwner:
			person, known := people[id]
			x.Name = cmp.Or(person.Name, msgGoneOwn)
			if known && person.DeptID != 0 {
				x.DeptName = cmp.Or(depts[person.DeptID], msgGoneDep)
			}
		case id == 0:
			x.Name = MsgNoDept
		default:
			x.Name = cmp.Or(depts[id], msgGoneDep)
		}
		rows[id] = x
		return x
	}
	for i := range lines {
		l := &lines[i]
		subject := owners[catalogdb.OwnerKey{GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU}]
		if by == profitdb.TargetDept && subject != 0 {
			subject = people[subject].DeptID
		}
		x := row(subject)
		x.Lines++
		x.Units += l.Units
		addMoney(&x.Sales, l.AmazonCNY[BucketSales])
		addMoney(&x.Profit, l.Profit)
	}
	for id, t := range targets {
		x := row(id)
		x.SalesTarget, x.ProfitTarget = t.SalesTarget, t.ProfitTarget
	}
	r.Total = PerformanceRow{Name: "合计", Total: true}
	for _, x := range rows {
		// Each row in cents as it is shown, so that the shown rows add up to the shown total.
		x.Sales, x.Profit = models.Money{Decimal: x.Sales.Round(2)}, models.Money{Decimal: x.Profit.Round(2)}
		r.Rows = append(r.Rows, *x)
		r.Total.Lines += x.Lines
		r.Total.Units += x.Units
		addMoney(&r.Total.Sales, x.Sales)
		addMoney(&r.Total.Profit, x.Profit)
		addMoney(&r.Total.SalesTarget, x.SalesTarget)
		addMoney(&r.Total.ProfitTarget, x.ProfitTarget)
	}
	slices.SortFunc(r.Rows, func(a, b PerformanceRow) int {
		if (a.SubjectID == 0) != (b.SubjectID == 0) {
			if a.SubjectID == 0 {
				return 1
			}
			return -1
		}
		return cmp.Or(b.Sales.Cmp(a.Sales.Decimal), strings.Compare(a.Name, b.Name), cmp.Compare(a.SubjectID, b.SubjectID))
	})
	return r, nil
}

// PerformancePage is 业绩报告's rows then its sum, for the export.
func (s *Service) PerformancePage(ctx context.Context, p core.Principal, q PerformanceQuery) ([]PerformanceRow, int64, core.PageRequest, error) {
	r, err := s.Performance(ctx, p, q)
	if err != nil {
		return nil, 0, q.PageRequest, err
	}
	rows := append(r.Rows, r.Total)
	return rows, int64(len(rows)), q.PageRequest.Normalized(), nil
}

// TargetForm sets an owner's or department's targets for a month: CNY amounts, "" or 0 for none (both none
// removes them).
type TargetForm struct {
	Month        string `json:"month"`
	Kind         string `json:"kind"`
	SubjectID    string `json:"subjectId"`
	SalesTarget  string `json:"salesTarget"`
	ProfitTarget string `json:"profitTarget"`
}

func targetAmount(text string) (models.Money, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return models.Money{}, nil
	}
	d, err := decimal.NewFromString(text)
	if err != nil || d.IsNegative() || !d.Equal(d.Truncate(2)) || d.GreaterThan(decimal.NewFromInt(1_000_000_000_000)) {
		return models.Money{}, core.Invalid(MsgTargetAmount)
	}
	return models.Money{Decimal: d}, nil
}

// SetTarget saves a subject's targets for a month.
func (s *Service) SetTarget(ctx context.Context, p core.Principal, f TargetForm) error {
	m, err := parseMonth(f.Month, s.timeZone)
	if err != nil {
		return err
	}
	kind := strings.TrimSpace(f.Kind)
	if kind != profitdb.TargetOwner && kind != profitdb.TargetDept {
		return core.Invalid(MsgPerformanceBy)
	}
	id, ok := core.ParseID(f.SubjectID)
	if !ok {
		return core.Invalid(MsgTargetSubject)
	}
	sales, err := targetAmount(f.SalesTarget)
	if err != nil {
		return err
	}
	profit, err := targetAmount(f.ProfitTarget)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if kind == profitdb.TargetOwner {
			people, err := catalogdb.PeopleByID(tx, p.CompanyID, []int64{id})
			if err != nil {
				return err
			}
			if _, ok := people[id]; !ok {
				return core.Invalid(MsgTargetMissing)
			}
		} else {
			depts, err := profitdb.DepartmentNames(tx, p.CompanyID)
			if err != nil {
				return err
			}
			if _, ok := depts[id]; !ok {
				return core.Invalid(MsgTargetMissing)
			}
		}
		return profitdb.SaveTarget(tx, profitdb.Target{CompanyID: p.CompanyID, Month: m.Format("2006-01"), Kind: kind, SubjectID: id,
			SalesTarget: sales, ProfitTarget: profit, UpdatedBy: p.UserID, UpdatedAt: s.now.Stamp()})
	})
}

// TargetChoices are whom targets are set for: the company's users (owners) and departments, by name.
type TargetChoices struct {
	Owners []catalogdb.Person
	Depts  []catalogdb.Person
}

// PerformanceChoices lists the company's users and departments for the targets' form.
func (s *Service) PerformanceChoices(ctx context.Context, p core.Principal) (*TargetChoices, error) {
	db := s.db.With(ctx)
	owners, err := catalogdb.People(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	depts, err := profitdb.DepartmentNames(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	out := &TargetChoices{Owners: owners}
	for id, name := range depts {
		out.Depts = append(out.Depts, catalogdb.Person{ID: id, Name: name})
	}
	slices.SortFunc(out.Depts, func(a, b catalogdb.Person) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
