package admin

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// roleSortColumns are the columns the role list sorts by, under the names the list's columns have.
var roleSortColumns = map[string]string{
	"name":      "roles.name",
	"code":      "roles.code",
	"createdAt": "roles.created_at",
}

func companyRoles(db *models.DB, companyID int64, name string) *gorm.DB {
	q := db.Model(&accounts.Role{}).Scopes(models.InCompany("roles", companyID))
	if name != "" {
		q = q.Where("roles.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(name))
	}
	return q
}

// CountRoles counts the company's roles whose name contains name ("" for all), up to the list cap (MoreThan past
// it).
func CountRoles(db *models.DB, companyID int64, name string) (int64, error) {
	return db.CountCapped(companyRoles(db, companyID, name))
}

// Roles lists the company's roles whose name contains name ("" for all), from offset, at most limit: by the
// sortable column sort (descending when desc), else the default role first and then by creation.
func Roles(db *models.DB, companyID int64, name, sort string, desc bool, offset, limit int) ([]accounts.Role, error) {
	order := "roles.is_default DESC, roles.created_at, roles.id"
	if col, ok := roleSortColumns[sort]; ok {
		dir := " ASC"
		if desc {
			dir = " DESC"
		}
		order = col + dir + ", roles.id" + dir
	}
	roles := []accounts.Role{}
	err := companyRoles(db, companyID, name).Order(order).Offset(offset).Limit(limit).Find(&roles).Error
	return roles, err
}

// RoleByID loads one of the company's roles, or ErrNotFound (also for another company's).
func RoleByID(db *models.DB, companyID, id int64) (*accounts.Role, error) {
	var r accounts.Role
	if err := db.Scopes(models.InCompany("roles", companyID)).First(&r, "roles.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &r, nil
}

// RoleByName loads the company's role with the name, or ErrNotFound.
func RoleByName(db *models.DB, companyID int64, name string) (*accounts.Role, error) {
	var r accounts.Role
	if err := db.Scopes(models.InCompany("roles", companyID)).First(&r, "roles.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &r, nil
}

// CreateRole stores a new role; a name the company already uses is a duplicate-key error.
func CreateRole(db *models.DB, r *accounts.Role) error { return db.Create(r).Error }

// UpdateRole writes a role's name, remark and update time; a role of another company matches nothing.
func UpdateRole(db *models.DB, r *accounts.Role) error {
	return db.Model(&accounts.Role{}).Scopes(models.InCompany("roles", r.CompanyID)).Where("roles.id = ?", r.ID).
		Updates(map[string]any{"name": r.Name, "remark": r.Remark, "updated_at": r.UpdatedAt}).Error
}

// DeleteRole deletes one of the company's roles with its grants, or answers ErrNotFound. It does not look at who
// holds the role: whether a held role may go is the caller's rule.
func DeleteRole(db *models.DB, companyID, id int64) error {
	if _, err := RoleByID(db, companyID, id); err != nil {
		return err
	}
	if err := db.Where("role_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
		return err
	}
	if err := db.Where("role_id = ?", id).Delete(&RolePermission{}).Error; err != nil {
		return err
	}
	return models.AffectedOne(db.Scopes(models.InCompany("roles", companyID)).Where("roles.id = ?", id).Delete(&accounts.Role{}))
}

// holders selects the user_roles rows of a company's role: through users_company and user_roles' primary key.
func holders(db *models.DB, companyID, roleID int64) *gorm.DB {
	return db.Model(&accounts.UserRole{}).Joins("JOIN users ON users.id = user_roles.user_id").
		Scopes(models.InCompany("users", companyID)).Where("user_roles.role_id = ?", roleID)
}

// CountRoleHolders counts the company's users who hold the role.
func CountRoleHolders(db *models.DB, companyID, roleID int64) (int64, error) {
	var n int64
	err := holders(db, companyID, roleID).Count(&n).Error
	return n, err
}

// RoleHolderIDs lists the ids of the company's users who hold the role, whose menus its grants shape.
func RoleHolderIDs(db *models.DB, companyID, roleID int64) ([]int64, error) {
	var ids []int64
	err := holders(db, companyID, roleID).Pluck("user_roles.user_id", &ids).Error
	return ids, err
}

// RoleGrants lists the menu and permission ids granted to one of the company's roles (none for another
// company's role).
func RoleGrants(db *models.DB, companyID, roleID int64) (menuIDs, permissionIDs []int64, err error) {
	err = db.Model(&RoleMenu{}).Joins("JOIN roles ON roles.id = role_menus.role_id").
		Scopes(models.InCompany("roles", companyID)).Where("role_menus.role_id = ?", roleID).
		Pluck("role_menus.menu_id", &menuIDs).Error
	if err != nil {
		return nil, nil, err
	}
	err = db.Model(&RolePermission{}).Joins("JOIN roles ON roles.id = role_permissions.role_id").
		Scopes(models.InCompany("roles", companyID)).Where("role_permissions.role_id = ?", roleID).
		Pluck("role_permissions.permission_id", &permissionIDs).Error
	return menuIDs, permissionIDs, err
}

// ReplaceRoleGrants makes the menus and permissions given the whole grant of one of the company's roles, or
// answers ErrNotFound for another company's role. Run it in a transaction: it deletes, then inserts.
func ReplaceRoleGrants(db *models.DB, companyID, roleID int64, menuIDs, permissionIDs []int64, at time.Time) error {
	if _, err := RoleByID(db, companyID, roleID); err != nil {
		return err
	}
	if err := db.Where("role_id = ?", roleID).Delete(&RoleMenu{}).Error; err != nil {
		return err
	}
	if err := db.Where("role_id = ?", roleID).Delete(&RolePermission{}).Error; err != nil {
		return err
	}
	menus := make([]RoleMenu, len(menuIDs))
	for i, id := range menuIDs {
		menus[i] = RoleMenu{RoleID: roleID, MenuID: id}
	}
	if len(menus) > 0 {
		if err := db.CreateInBatches(menus, 200).Error; err != nil {
			return err
		}
	}
	perms := make([]RolePermission, len(permissionIDs))
	for i, id := range permissionIDs {
		perms[i] = RolePermission{RoleID: roleID, PermissionID: id}
	}
	if len(perms) > 0 {
		if err := db.CreateInBatches(perms, 200).Error; err != nil {
			return err
		}
	}
	return db.Model(&accounts.Role{}).Scopes(models.InCompany("roles", companyID)).Where("roles.id = ?", roleID).
		Update("updated_at", at).Error
}
