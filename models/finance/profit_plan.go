package finance

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// ProfitPlan is one of the company's saved profit-calculator plans (计算方案): a name and the calculator's inputs
// as JSON, read and checked by app/finance.
type ProfitPlan struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Name        string
	Marketplace string
	Inputs      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new plan its id.
func (p *ProfitPlan) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}

// ProfitPlanFilter narrows the plan list: Name is a part of the name, Marketplace one of the marketplaces.
type ProfitPlanFilter struct {
	models.NamedList
	Marketplace string
}

// ProfitPlanPage lists a page of the company's plans, with the total.
func ProfitPlanPage(db *models.DB, companyID int64, f ProfitPlanFilter) ([]ProfitPlan, int64, error) {
	rows := []ProfitPlan{}
	named := db.Named(&ProfitPlan{}, "profit_plans", companyID, f.Name)
	query := func() *gorm.DB {
		q := named()
		if f.Marketplace != "" {
			q = q.Where("profit_plans.marketplace = ?", f.Marketplace)
		}
		return q
	}
	total, err := models.NamedPage(db, query, "profit_plans", f.NamedList, &rows)
	return rows, total, err
}

// ProfitPlanByID loads one of the company's plans, or ErrNotFound (also for another company's).
func ProfitPlanByID(db *models.DB, companyID, id int64) (*ProfitPlan, error) {
	var p ProfitPlan
	err := db.Scopes(models.InCompany("profit_plans", companyID)).Where("profit_plans.id = ?", id).Take(&p).Error
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// ProfitPlanByName loads the company's plan of that name, or ErrNotFound.
func ProfitPlanByName(db *models.DB, companyID int64, name string) (*ProfitPlan, error) {
	var p ProfitPlan
	err := db.Scopes(models.InCompany("profit_plans", companyID)).Where("profit_plans.name = ?", name).Take(&p).Error
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// CreateProfitPlan stores a new plan.
func CreateProfitPlan(db *models.DB, p *ProfitPlan) error { return db.Create(p).Error }

// UpdateProfitPlan saves a plan's name and inputs.
func UpdateProfitPlan(db *models.DB, p *ProfitPlan) error {
	return models.AffectedOne(db.Model(p).Scopes(models.InCompany("profit_plans", p.CompanyID)).
		Select("name", "marketplace", "inputs", "updated_at").Updates(p))
}

// DeleteProfitPlan deletes one of the company's plans, or answers ErrNotFound.
func DeleteProfitPlan(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("profit_plans", companyID)).Where("profit_plans.id = ?", id).
		Delete(&ProfitPlan{}))
}
