// Package accounts holds companies, their users and the roles users hold, verification codes, third-party
// account bindings and SSO handovers.
package accounts

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Company is a tenant: everything a seller business owns hangs off its id.
type Company struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	Name      string
	Status    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new company its id.
func (c *Company) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	if c.Status == "" {
		c.Status = StatusActive
	}
	return nil
}

// Status values shared by companies and users.
const (
	StatusActive   = "active"
	StatusDisabled = "disabled"
)

// CompanyByID loads one company.
func CompanyByID(db *models.DB, id int64) (*Company, error) {
	var c Company
	if err := db.First(&c, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CompanyByName finds a company by its exact name; the seed uses it to stay idempotent.
func CompanyByName(db *models.DB, name string) (*Company, error) {
	var c Company
	if err := db.First(&c, "name = ?", name).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CreateCompanyWithOwner creates a company, its default role and its owner account in one transaction. It marks the
// new company's sales summary built (sales_days_built, sales_parents_built), as its imports keep it in their
// transactions: unsaid, the first 销售报表 would sum every item imported before it in its request.
func CreateCompanyWithOwner(db *models.DB, c *Company, owner *User) error {
	return db.Transaction(func(g *gorm.DB) error {
		tx := db.On(g)
		if err := tx.Create(c).Error; err != nil {
			return err
		}
		for _, built := range []string{"sales_days_built", "sales_parents_built"} {
			if err := tx.Table(built).Create(map[string]any{"company_id": c.ID}).Error; err != nil {
				return err
			}
		}
		role := Role{CompanyID: c.ID, Name: DefaultRoleName, Code: DefaultRoleCode, IsDefault: true}
		if err := tx.Create(&role).Error; err != nil {
			return err
		}
		owner.CompanyID = c.ID
		owner.IsOwner = true
		if err := CreateUser(tx, owner, role.ID); err != nil {
			return err
		}
		owner.Company = *c
		return nil
	})
}

// DisableCompany stops a company: none of its users can sign in any more.
func DisableCompany(db *models.DB, id int64) error {
	return db.Model(&Company{}).Where("id = ?", id).Update("status", StatusDisabled).Error
}
