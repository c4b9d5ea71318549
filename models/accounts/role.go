package accounts

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Role grants menus and button permissions to the users who hold it. Every company gets a default role (code
// "admin", named 管理员) when it is created.
type Role struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Code      string
	IsDefault bool
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new role its id.
func (r *Role) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// UserRole is one grant of a role to a user.
type UserRole struct {
	UserID int64 `gorm:"primaryKey;autoIncrement:false"`
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
}

// DefaultRoleCode and DefaultRoleName name the role every new company starts with.
const (
	DefaultRoleCode = "admin"
	DefaultRoleName = "管理员"
)

// RolesOfUser lists a user's roles within the company.
func RolesOfUser(db *models.DB, companyID, userID int64) ([]Role, error) {
	var roles []Role
	err := db.Scopes(models.InCompany("roles", companyID)).
		Joins("JOIN user_roles ON user_roles.role_id = roles.id").
		Where("user_roles.user_id = ?", userID).Order("roles.name").Find(&roles).Error
	return roles, err
}

// DefaultRole returns the company's default role.
func DefaultRole(db *models.DB, companyID int64) (*Role, error) {
	var r Role
	if err := db.Scopes(models.InCompany("roles", companyID)).First(&r, "is_default = ?", true).Error; err != nil {
		return nil, err
	}
	return &r, nil
}

// CompanyAdmins lists the active users a company's system reminders go to: its owner and the holders of its
// default (管理员) role.
func CompanyAdmins(db *models.DB, companyID int64) ([]int64, error) {
	ids := []int64{}
	admins := db.Table("user_roles").Select("user_roles.user_id").
		Joins("JOIN roles ON roles.id = user_roles.role_id").
		Where("roles.company_id = ? AND roles.is_default = ?", companyID, true)
	err := db.Table("users").Scopes(models.InCompany("users", companyID)).
		Where("users.status = ?", StatusActive).
		Where("users.is_owner = ? OR users.id IN (?)", true, admins).
		Order("users.id").Pluck("users.id", &ids).Error
	return ids, err
}
