package admin

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// UserFilter narrows the company's user list (子账号): Name and Account are parts of the name and the account,
// Status one of StatusActive and StatusDisabled ("" for both).
type UserFilter struct {
	Name    string
	Account string
	Status  string
}

// userSortColumns are the columns the user list sorts by, under the names the list's columns have. Nothing
// else reaches ORDER BY.
var userSortColumns = map[string]string{
	"account":       "users.account",
	"name":          "user_profiles.name",
	"lastLoginTime": "users.last_login_at",
	"createdAt":     "users.created_at",
}

// companyUsers selects the company's users that pass the filter, joined to their profiles.
func companyUsers(db *models.DB, companyID int64, f UserFilter) *gorm.DB {
	q := db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).
		Joins("JOIN user_profiles ON user_profiles.user_id = users.id")
	if f.Name != "" {
		q = q.Where("user_profiles.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Name))
	}
	if f.Account != "" {
		q = q.Where("users.account LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Account))
	}
	if f.Status != "" {
		q = q.Where("users.status = ?", f.Status)
	}
	return q
}

// CountUsers counts the company's users that pass the filter, up to the list cap (MoreThan past it).
func CountUsers(db *models.DB, companyID int64, f UserFilter) (int64, error) {
	return db.CountCapped(companyUsers(db, companyID, f))
}

// Users lists the company's users that pass the filter with their profiles, from offset, at most limit: by the
// sortable column sort (descending when desc), else the owner first and then by creation. The id breaks ties,
// so pages never repeat or skip a row.
func Users(db *models.DB, companyID int64, f UserFilter, sort string, desc bool, offset, limit int) ([]accounts.User, error) {
	order := "users.is_owner DESC, users.created_at, users.id"
	if col, ok := userSortColumns[sort]; ok {
		dir := " ASC"
		if desc {
			dir = " DESC"
		}
		order = col + dir + ", users.id" + dir
	}
	var ids []int64
	if err := companyUsers(db, companyID, f).Order(order).Offset(offset).Limit(limit).Pluck("users.id", &ids).Error; err != nil {
		return nil, err
	}
	users := make([]accounts.User, 0, len(ids))
	if len(ids) == 0 {
		return users, nil
	}
	var found []accounts.User
	if err := db.Preload("Profile").Scopes(models.InCompany("users", companyID)).Where("users.id IN ?", ids).Find(&found).Error; err != nil {
		return nil, err
	}
	byID := make(map[int64]accounts.User, len(found))
	for _, u := range found {
		byID[u.ID] = u
	}
	for _, id := range ids {
		users = append(users, byID[id])
	}
	return users, nil
}

// RolesOfUsers lists the roles of several of the company's users, by user id, each user's by name.
func RolesOfUsers(db *models.DB, companyID int64, userIDs []int64) (map[int64][]accounts.Role, error) {
	out := make(map[int64][]accounts.Role, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		UserID int64
		accounts.Role
	}
	err := db.Model(&accounts.Role{}).Scopes(models.InCompany("roles", companyID)).
		Select("user_roles.user_id, roles.*").
		Joins("JOIN user_roles ON user_roles.role_id = roles.id").
		Where("user_roles.user_id IN ?", userIDs).Order("roles.name, roles.id").Scan(&rows).Error
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r.Role)
	}
	return out, err
}

// UpdateUserProfile writes a company user's name, e-mail and mobile; a user of another company matches nothing.
func UpdateUserProfile(db *models.DB, companyID, userID int64, name, email, mobile string, at time.Time) error {
	sub := db.Model(&accounts.User{}).Select("id").Scopes(models.InCompany("users", companyID)).Where("users.id = ?", userID)
	return db.Model(&accounts.UserProfile{}).Where("user_id IN (?)", sub).
		Updates(map[string]any{"name": name, "email": email, "mobile": mobile, "updated_at": at}).Error
}

// SetUserStatus enables or disables one of the company's users.
func SetUserStatus(db *models.DB, companyID, userID int64, status string, at time.Time) error {
	return db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).Where("users.id = ?", userID).
		Updates(map[string]any{"status": status, "updated_at": at}).Error
}

// SetCompanyUserPassword replaces the password of one of the company's users and drops any legacy salt.
func SetCompanyUserPassword(db *models.DB, companyID, userID int64, hash string, at time.Time) error {
	return db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).Where("users.id = ?", userID).
		Updates(map[string]any{"password_hash": hash, "legacy_salt": "", "updated_at": at}).Error
}

// SetUserRoles replaces the roles of one of the company's users. Every role must be the company's: a role id of
// another company is ErrNotFound and nothing changes (the caller's transaction rolls back).
func SetUserRoles(db *models.DB, companyID, userID int64, roleIDs []int64) error {
	if _, err := accounts.UserInCompany(db, companyID, userID); err != nil {
		return err
	}
	if err := checkCompanyRoles(db, companyID, roleIDs); err != nil {
		return err
	}
	if err := db.Where("user_id = ?", userID).Delete(&accounts.UserRole{}).Error; err != nil {
		return err
	}
	for _, r := range roleIDs {
		if err := db.Create(&accounts.UserRole{UserID: userID, RoleID: r}).Error; err != nil {
			return err
		}
	}
	return nil
}

// checkCompanyRoles answers ErrNotFound unless every id names one of the company's roles.
func checkCompanyRoles(db *models.DB, companyID int64, roleIDs []int64) error {
	if len(roleIDs) == 0 {
		return nil
	}
	var n int64
	if err := db.Model(&accounts.Role{}).Scopes(models.InCompany("roles", companyID)).Where("roles.id IN ?", roleIDs).Count(&n).Error; err != nil {
		return err
	}
	if n != int64(len(roleIDs)) {
		return models.ErrNotFound
	}
	return nil
}

// SetUserDepartment puts a company user in a department, or in none when deptID is nil.
func SetUserDepartment(db *models.DB, companyID, userID int64, deptID *int64) error {
	return db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).Where("users.id = ?", userID).
		Update("dept_id", deptID).Error
}
