package models

import (
	"time"

	"gorm.io/gorm"
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
		r.ID = NewID()
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
func (db *DB) RolesOfUser(companyID, userID int64) ([]Role, error) {
	var roles []Role
	err := db.Scopes(InCompany("roles", companyID)).
		Joins("JOIN user_roles ON user_roles.role_id = roles.id").
		Where("user_roles.user_id = ?", userID).Order("roles.name").Find(&roles).Error
	return roles, err
}

// DefaultRole returns the company's default role.
func (db *DB) DefaultRole(companyID int64) (*Role, error) {
	var r Role
	if err := db.Scopes(InCompany("roles", companyID)).First(&r, "is_default = ?", true).Error; err != nil {
		return nil, err
	}
	return &r, nil
}
