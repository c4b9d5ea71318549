package catalog

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// A product's costs (采购成本 and 头程, CNY per unit) are kept with the date from which each holds, so that a
// month's profit uses that month's cost: 本地产品 edits them in place and by an .xlsx of its own (cost_sheet.go).

// Messages of the cost calls.
const (
	MsgCostNothing   = "请填写采购成本或头程"
	MsgCostDateBad   = "生效日期格式不正确，应为yyyy-MM-dd"
	MsgCostDateLate  = "生效日期不能晚于今天"
	MsgCostDateEarly = "生效日期不能早于" + catalogdb.CostsBeginning
	// The labels the cost messages name.
	LabelUnitCost = "采购成本"
	LabelFirstLeg = "头程"
)

// CostForm is a cost change as 本地产品 sends it: either cost or both (nil: unchanged), as text so that no float
// carries money, and the date it holds from (yyyy-MM-dd; empty is today in the company's zone).
type CostForm struct {
	UnitCost      *string `json:"unitCost"`
	FirstLeg      *string `json:"firstLeg"`
	EffectiveFrom string  `json:"effectiveFrom"`
}

var signedNumber = regexp.MustCompile(`^-[0-9]+(\.[0-9]+)?$`)

// checkCost reads one cost: a plain number, not below 0, with at most two decimals, not above the column's size.
// Messages: 采购成本必须是数字, 头程不能小于0, 采购成本最多2位小数.
func checkCost(raw, label string) (decimal.Decimal, error) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return decimal.Decimal{}, core.Invalid(label + "不能为空")
	case signedNumber.MatchString(raw):
		return decimal.Decimal{}, core.Invalid(label + "不能小于0")
	case !plainNumber.MatchString(raw):
		return decimal.Decimal{}, core.Invalid(label + "必须是数字")
	}
	d := decimal.RequireFromString(raw)
	switch {
	case !d.Equal(d.Truncate(2)):
		return decimal.Decimal{}, core.Invalid(label + "最多2位小数")
	case d.GreaterThan(maxPrice):
		return decimal.Decimal{}, core.Invalid(label + "不能超过" + maxPrice.String())
	}
	return d, nil
}

// costDateLayouts are the ways a date comes: typed, or as a spreadsheet shows a date cell (excelize's mm-dd-yy).
var costDateLayouts = []string{"2006-01-02", "2006/01/02", "2006-1-2", "2006/1/2", "01-02-06"}

// costDate reads the date a change holds from: empty is today; never after today nor before the beginning.
func (s *Service) costDate(raw string) (string, error) {
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return today, nil
	}
	for _, layout := range costDateLayouts {
		if t, err := time.Parse(layout, raw); err == nil {
			d := t.Format(time.DateOnly)
			switch {
			case d > today:
				return "", core.Invalid(MsgCostDateLate)
			case d < catalogdb.CostsBeginning:
				return "", core.Invalid(MsgCostDateEarly)
			}
			return d, nil
		}
	}
	return "", core.Invalid(MsgCostDateBad)
}

// costChange is a checked change: the date, and the costs it sets (nil: as in force on that date).
type costChange struct {
	date               string
	unitCost, firstLeg *decimal.Decimal
}

// check reads the form, every field on its own (an import names each wrong cell), the label of each problem the
// column's. Empty costs are left as they are.
func (s *Service) checkCostForm(unitCost, firstLeg, date string, unitLabel, legLabel, dateLabel string) (costChange, []core.FieldProblem) {
	var c costChange
	var problems []core.FieldProblem
	for _, f := range []struct {
		raw, label, column string
		out                **decimal.Decimal
	}{{unitCost, LabelUnitCost, unitLabel, &c.unitCost}, {firstLeg, LabelFirstLeg, legLabel, &c.firstLeg}} {
		if strings.TrimSpace(f.raw) == "" {
			continue
		}
		d, err := checkCost(f.raw, f.label)
		if err != nil {
			problems = append(problems, core.FieldProblem{Column: f.column, Why: err.Error()})
			continue
		}
		*f.out = &d
	}
	var err error
	if c.date, err = s.costDate(date); err != nil {
		problems = append(problems, core.FieldProblem{Column: dateLabel, Why: err.Error()})
	}
	return c, problems
}

// SetProductCost changes one of the company's products' costs from a date (today unless dated back) and answers
// the product. A cost sent empty is refused: 本地产品 edits one cost at a time and a cell is left with Esc.
func (s *Service) SetProductCost(ctx context.Context, p core.Principal, id string, f CostForm) (*catalogdb.ProductRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatProduct)
	}
	if f.UnitCost == nil && f.FirstLeg == nil {
		return nil, core.Invalid(MsgCostNothing)
	}
	for _, raw := range []struct {
		v     *string
		label string
	}{{f.UnitCost, LabelUnitCost}, {f.FirstLeg, LabelFirstLeg}} {
		if raw.v != nil {
			if _, err := checkCost(*raw.v, raw.label); err != nil {
				return nil, err
			}
		}
	}
	c, problems := s.checkCostForm(deref(f.UnitCost), deref(f.FirstLeg), f.EffectiveFrom, LabelUnitCost, LabelFirstLeg, "生效日期")
	if err := core.FirstInvalid(problems); err != nil {
		return nil, err
	}
	var out *catalogdb.ProductRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		m, err := catalogdb.LockLocalProduct(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatProduct)
		}
		if _, err := s.applyCost(tx, p, m, c); err != nil {
			return err
		}
		out, err = catalogdb.LocalProductByID(tx, p.CompanyID, p.UserID, n)
		return err
	})
	return out, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// applyCost writes a checked change of a locked product (as it was before the change); false when it changes
// nothing.
func (s *Service) applyCost(tx *models.DB, p core.Principal, m *catalogdb.LocalProduct, c costChange) (bool, error) {
	histories, err := catalogdb.CostHistories(tx, p.CompanyID, []int64{m.ID})
	if err != nil {
		return false, err
	}
	now := s.now.Stamp()
	rows := costRows(p, m, histories[m.ID], c, now)
	if len(rows) == 0 {
		return false, nil
	}
	return true, writeCosts(tx, p.CompanyID, rows, []int64{m.ID}, now)
}

// costRows plans a checked change of a product given its history: the date's row with the costs sent and, for a
// cost not sent, the one in force that day; none when that changes nothing. A product with costs but no history
// yet (written by code that sets the price alone) first gets them as a row from the beginning, so that a change
// dated back leaves the time before it as it was.
func costRows(p core.Principal, m *catalogdb.LocalProduct, history []catalogdb.ProductCost, c costChange, now time.Time) []*catalogdb.ProductCost {
	var out []*catalogdb.ProductCost
	if len(history) == 0 && (m.Price.Valid || m.FirstLeg.Valid) {
		first := catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: m.ID, EffectiveFrom: catalogdb.CostsBeginning,
			UnitCost: m.Price, FirstLeg: m.FirstLeg, CreatedAt: now, UpdatedAt: now}
		history = []catalogdb.ProductCost{first}
		if c.date != catalogdb.CostsBeginning { // else the date's row is that row
			out = append(out, &first)
		}
	}
	was := catalogdb.CostOn(history, c.date)
	row := catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: m.ID, EffectiveFrom: c.date,
		UnitCost: was.UnitCost, FirstLeg: was.FirstLeg, ChangedBy: &p.UserID, CreatedAt: now, UpdatedAt: now}
	if c.unitCost != nil {
		row.UnitCost = decimal.NullDecimal{Decimal: *c.unitCost, Valid: true}
	}
	if c.firstLeg != nil {
		row.FirstLeg = decimal.NullDecimal{Decimal: *c.firstLeg, Valid: true}
	}
	if len(history) > 0 && sameCost(row.UnitCost, was.UnitCost) && sameCost(row.FirstLeg, was.FirstLeg) {
		return nil
	}
	return append(out, &row)
}

// writeCosts stores planned rows and puts the products' latest costs on them.
func writeCosts(tx *models.DB, companyID int64, rows []*catalogdb.ProductCost, productIDs []int64, now time.Time) error {
	if err := catalogdb.SaveProductCosts(tx, rows); err != nil {
		return err
	}
	return catalogdb.SyncProductCosts(tx, companyID, productIDs, now)
}

func sameCost(a, b decimal.NullDecimal) bool {
	return a.Valid == b.Valid && (!a.Valid || a.Decimal.Equal(b.Decimal))
}

// priceChanged records the price the product form or the product import set on a product (old: as it was) as
// its cost from today, so that the history (which profit reads) has every change whatever screen made it.
func (s *Service) priceChanged(tx *models.DB, p core.Principal, old *catalogdb.LocalProduct, price decimal.NullDecimal) error {
	if !price.Valid || sameCost(old.Price, price) {
		return nil
	}
	today, err := s.costDate("")
	if err != nil {
		return err
	}
	_, err = s.applyCost(tx, p, old, costChange{date: today, unitCost: &price.Decimal})
	return err
}

// CostHistory is one of the company's products' cost changes, the latest first.
func (s *Service) CostHistory(ctx context.Context, p core.Principal, id string) ([]catalogdb.ProductCostRow, error) {
	m, err := s.Product(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return catalogdb.ProductCostHistory(s.db.With(ctx), p.CompanyID, m.ID)
}

// firstCosts are the cost rows of new products that came with a price: from today.
func (s *Service) firstCosts(p core.Principal, products []*catalogdb.LocalProduct, now time.Time) []*catalogdb.ProductCost {
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	var out []*catalogdb.ProductCost
	for _, m := range products {
		if m.Price.Valid {
			out = append(out, &catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: m.ID, EffectiveFrom: today,
				UnitCost: m.Price, ChangedBy: &p.UserID, CreatedAt: now, UpdatedAt: now})
		}
	}
	return out
}
