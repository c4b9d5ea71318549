// Package admin holds what a company administers: menus and their grants to roles, roles, departments and
// members, the operation log and each user's saved list columns (query fields).
package admin

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// Menu is one entry of the product's menu: a top group (ParentID 0), a heading, or a link. Code is the stable
// name the seed knows it by; entries added by an admin have none.
type Menu struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	ParentID  int64
	Code      *string
	Title     string
	Path      string
	Component string
	Redirect  string
	Icon      string
	Sort      int
	OldID     string
	Hidden    bool
	KeepAlive bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new menu its id.
func (m *Menu) BeforeCreate(*gorm.DB) error {
	if m.ID == 0 {
		m.ID = models.NewID()
	}
	return nil
}

// MenuPermission is a button permission inside a menu's page, such as erp:wh:shelf:add. Builtin marks the
// seeded ones, which the product's code checks by their code.
type MenuPermission struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	MenuID    int64
	Code      string
	Name      string
	Builtin   bool
	CreatedAt time.Time
}

// BeforeCreate gives a new permission its id.
func (p *MenuPermission) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}

// RoleMenu grants a menu to a role.
type RoleMenu struct {
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
	MenuID int64 `gorm:"primaryKey;autoIncrement:false"`
}

// RolePermission grants a button permission to a role.
type RolePermission struct {
	RoleID       int64 `gorm:"primaryKey;autoIncrement:false"`
	PermissionID int64 `gorm:"primaryKey;autoIncrement:false"`
}

// AllMenus lists every menu entry, parents before the order of siblings, for building trees in memory: the menu
// is a few hundred rows, read once per user and cached.
func AllMenus(db *models.DB) ([]Menu, error) {
	var ms []Menu
	err := db.Order("parent_id, sort, id").Find(&ms).Error
	return ms, err
}

// AllPermissions lists every button permission.
func AllPermissions(db *models.DB) ([]MenuPermission, error) {
	var ps []MenuPermission
	err := db.Order("code").Find(&ps).Error
	return ps, err
}

// ProductMenu is the whole product menu: every entry (as AllMenus orders them) and every button permission.
func ProductMenu(db *models.DB) ([]Menu, []MenuPermission, error) {
	menus, err := AllMenus(db)
	if err != nil {
		return nil, nil, err
	}
	perms, err := AllPermissions(db)
	return menus, perms, err
}

// MenuByCode finds a seeded menu entry.
func MenuByCode(db *models.DB, code string) (*Menu, error) {
	var m Menu
	if err := db.First(&m, "code = ?", code).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// UpsertSeedMenu inserts a seeded entry unless its code exists, and returns the stored row; an entry an admin
// has edited keeps its edits.
func UpsertSeedMenu(db *models.DB, m *Menu) (*Menu, error) {
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(m).Error; err != nil {
		return nil, err
	}
	return MenuByCode(db, *m.Code)
}

// UpsertSeedPermission inserts a seeded permission, built in, unless its code exists.
func UpsertSeedPermission(db *models.DB, p *MenuPermission) error {
	p.Builtin = true
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(p).Error
}

// Grants is what a user's roles give: whether one of them is the company's admin role (which sees everything),
// and otherwise the granted menu and permission ids.
type Grants struct {
	Admin         bool
	MenuIDs       []int64
	PermissionIDs []int64
}

// GrantsOfUser collects the grants of a user's roles in the company.
func GrantsOfUser(db *models.DB, companyID, userID int64) (Grants, error) {
	roles, err := accounts.RolesOfUser(db, companyID, userID)
	if err != nil {
		return Grants{}, err
	}
	return grantsOf(db, roles)
}

// GrantsOfRoles collects the grants of some of the company's roles, the ones a user would hold if given them;
// ids of no role of the company add nothing.
func GrantsOfRoles(db *models.DB, companyID int64, roleIDs []int64) (Grants, error) {
	if len(roleIDs) == 0 {
		return Grants{}, nil
	}
	var roles []accounts.Role
	if err := db.Scopes(models.InCompany("roles", companyID)).Where("roles.id IN ?", roleIDs).Find(&roles).Error; err != nil {
		return Grants{}, err
	}
	return grantsOf(db, roles)
}

func grantsOf(db *models.DB, roles []accounts.Role) (Grants, error) {
	var g Grants
	ids := make([]int64, 0, len(roles))
	for _, r := range roles {
		if r.Code == accounts.DefaultRoleCode {
			g.Admin = true
			return g, nil
		}
		ids = append(ids, r.ID)
	}
	if len(ids) == 0 {
		return g, nil
	}
	if err := db.Model(&RoleMenu{}).Where("role_id IN ?", ids).Distinct().Pluck("menu_id", &g.MenuIDs).Error; err != nil {
		return g, err
	}
	err := db.Model(&RolePermission{}).Where("role_id IN ?", ids).Distinct().Pluck("permission_id", &g.PermissionIDs).Error
	return g, err
}

// CompanyUserIDs lists the ids of a company's users, whose cached menus a change of grants makes stale.
func CompanyUserIDs(db *models.DB, companyID int64) ([]int64, error) {
	var ids []int64
	err := db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).Pluck("id", &ids).Error
	return ids, err
}
