package finance

import (
	"context"
	"encoding/json"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
	storesdb "sellerhub/models/stores"
)

// Messages of the plan calls.
const (
	MsgPlanNameTaken = "计算方案名称已存在"
	MsgPlanInputsBad = "计算方案的数据已损坏"
)

const whatPlan = "计算方案"

var planSorts = map[string]string{"name": "name", "marketplace": "marketplace", "updatedAt": "updated_at"}

// PlanForm is a plan as the calculator saves it: a name and the calculator's form. The form is checked as a
// calculation would check it, so that a plan always opens to a result.
type PlanForm struct {
	Name  string    `json:"name"`
	Input CalcInput `json:"input"`
}

// Plan is a saved plan with its form read back.
type Plan struct {
	financedb.ProfitPlan
	Input CalcInput
}

// PlanQuery is the body of the plan list: the page, the sort, a part of the name and a marketplace.
type PlanQuery struct {
	core.ListQuery
	Marketplace string `json:"marketplace" query:"marketplace"`
}

func (s *Service) checkPlan(f *PlanForm) (string, error) {
	if err := core.CheckFields(core.Required(&f.Name, "方案名称", 50)); err != nil {
		return "", err
	}
	v, err := f.Input.check(s.now().In(s.timeZone).Format("2006-01-02"))
	if err != nil {
		return "", err
	}
	if _, _, err := v.card.sizeTier(v.sides, v.weight); err != nil {
		return "", err
	}
	b, err := json.Marshal(f.Input)
	return string(b), err
}

func plan(m *financedb.ProfitPlan) (*Plan, error) {
	p := &Plan{ProfitPlan: *m}
	if err := json.Unmarshal([]byte(m.Inputs), &p.Input); err != nil {
		return nil, core.Failed(MsgPlanInputsBad)
	}
	return p, nil
}

// PlanPage lists a page of the company's plans, with the total and the page served.
func (s *Service) PlanPage(ctx context.Context, p core.Principal, q PlanQuery) ([]Plan, int64, core.PageRequest, error) {
	l, r := q.NamedList(planSorts)
	rows, total, err := financedb.ProfitPlanPage(s.db.With(ctx), p.CompanyID, financedb.ProfitPlanFilter{NamedList: l,
		Marketplace: strings.ToUpper(strings.TrimSpace(q.Marketplace))})
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]Plan, 0, len(rows))
	for i := range rows {
		pl, err := plan(&rows[i])
		if err != nil {
			return nil, 0, r, err
		}
		out = append(out, *pl)
	}
	return out, total, r, nil
}

// Plan loads one of the company's plans by the id in the path.
func (s *Service) Plan(ctx context.Context, p core.Principal, id string) (*Plan, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatPlan)
	}
	m, err := financedb.ProfitPlanByID(s.db.With(ctx), p.CompanyID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatPlan)
	}
	return plan(m)
}

func planNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		m, err := financedb.ProfitPlanByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return m.ID, nil
	}, self, MsgPlanNameTaken)
}

// CreatePlan saves a new plan; its name must be new in the company.
func (s *Service) CreatePlan(ctx context.Context, p core.Principal, f PlanForm) (*Plan, error) {
	inputs, err := s.checkPlan(&f)
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	m := &financedb.ProfitPlan{CompanyID: p.CompanyID, Name: f.Name, Marketplace: f.Input.Marketplace, Inputs: inputs,
		CreatedAt: now, UpdatedAt: now}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := planNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(financedb.CreateProfitPlan(tx, m), MsgPlanNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return &Plan{ProfitPlan: *m, Input: f.Input}, nil
}

// UpdatePlan changes one of the company's plans; its name must stay unique in the company.
func (s *Service) UpdatePlan(ctx context.Context, p core.Principal, id string, f PlanForm) (*Plan, error) {
	inputs, err := s.checkPlan(&f)
	if err != nil {
		return nil, err
	}
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatPlan)
	}
	var m *financedb.ProfitPlan
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if m, err = financedb.ProfitPlanByID(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatPlan)
		}
		if err := planNameFree(tx, p.CompanyID, f.Name, m.ID); err != nil {
			return err
		}
		m.Name, m.Marketplace, m.Inputs, m.UpdatedAt = f.Name, f.Input.Marketplace, inputs, s.now.Stamp()
		return core.DuplicateAs(financedb.UpdateProfitPlan(tx, m), MsgPlanNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return &Plan{ProfitPlan: *m, Input: f.Input}, nil
}

// DeletePlan deletes one of the company's plans.
func (s *Service) DeletePlan(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatPlan)
	}
	return core.NotFoundAs(financedb.DeleteProfitPlan(s.db.With(ctx), p.CompanyID, n), whatPlan)
}

// MarketplaceOption is a marketplace as the calculator lists it: its code, Chinese name and currency, and, when a
// card is in force for it (Supported), the card's tax, note and categories.
type MarketplaceOption struct {
	Code, Name, Currency, TaxName, CardNote string
	Supported                               bool
	Categories                              []Category
}

// CalculatorOptions lists every marketplace of the specification in its order, each with the card in force today
// where there is one: the screen offers those and shows the rest as not supported.
func (s *Service) CalculatorOptions() []MarketplaceOption {
	day := s.now().In(s.timeZone).Format("2006-01-02")
	out := make([]MarketplaceOption, 0, len(storesdb.Marketplaces))
	for _, m := range storesdb.Marketplaces {
		o := MarketplaceOption{Code: m.Country, Name: m.Name, Currency: m.Currency, Categories: []Category{}}
		if c, ok := cardOn(m.Country, day); ok {
			o.Supported, o.Currency, o.TaxName, o.CardNote, o.Categories = true, c.Currency, c.TaxName, c.EffectiveNote, c.Categories
		}
		out = append(out, o)
	}
	return out
}
