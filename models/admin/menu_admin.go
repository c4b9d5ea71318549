package admin

import (
	"time"

	"sellerhub/models"
)

// The menu admin's queries. Menus and their permissions are the product's, not a company's: no company scope
// here, and the callers (the platform admin's service calls) decide who may run them.

// MenuByID loads a menu entry, or ErrNotFound.
func MenuByID(db *models.DB, id int64) (*Menu, error) {
	var m Menu
	if err := db.First(&m, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// CountMenuChildren counts the entries directly under a menu entry.
func CountMenuChildren(db *models.DB, id int64) (int64, error) {
	var n int64
	err := db.Model(&Menu{}).Where("parent_id = ?", id).Count(&n).Error
	return n, err
}

// MenuChildIDs lists the ids of the entries directly under parentID (0 for the top groups) in their order.
func MenuChildIDs(db *models.DB, parentID int64) ([]int64, error) {
	var ids []int64
	err := db.Model(&Menu{}).Where("parent_id = ?", parentID).Order("sort, id").Pluck("id", &ids).Error
	return ids, err
}

// MaxMenuSort is the largest sort among the entries under parentID, 0 when it has none.
func MaxMenuSort(db *models.DB, parentID int64) (int, error) {
	var n *int
	err := db.Model(&Menu{}).Where("parent_id = ?", parentID).Select("MAX(sort)").Scan(&n).Error
	if err != nil || n == nil {
		return 0, err
	}
	return *n, nil
}

// MenuIDByPath answers the id of an entry with the path, or ErrNotFound.
func MenuIDByPath(db *models.DB, path string) (int64, error) {
	var m Menu
	if err := db.Select("id").First(&m, "path = ?", path).Error; err != nil {
		return 0, err
	}
	return m.ID, nil
}

// CreateMenu stores a new menu entry.
func CreateMenu(db *models.DB, m *Menu) error { return db.Create(m).Error }

// UpdateMenu writes every editable field of a menu entry (not its seed code or creation time), or answers
// ErrNotFound.
func UpdateMenu(db *models.DB, m *Menu) error {
	if _, err := MenuByID(db, m.ID); err != nil {
		return err
	}
	return db.Model(&Menu{}).Where("id = ?", m.ID).Updates(map[string]any{"parent_id": m.ParentID,
		"title": m.Title, "path": m.Path, "component": m.Component, "redirect": m.Redirect, "icon": m.Icon,
		"sort": m.Sort, "old_id": m.OldID, "hidden": m.Hidden, "keep_alive": m.KeepAlive,
		"updated_at": m.UpdatedAt}).Error
}

// SetMenuSorts gives the entries under parentID the sorts 10, 20, 30... in the order of ids. Run it in a
// transaction: an id that is not under parentID answers ErrNotFound after the others were written.
func SetMenuSorts(db *models.DB, parentID int64, ids []int64, at time.Time) error {
	for i, id := range ids {
		res := db.Model(&Menu{}).Where("id = ? AND parent_id = ?", id, parentID).
			Updates(map[string]any{"sort": (i + 1) * 10, "updated_at": at})
		if err := models.AffectedOne(res); err != nil {
			return err
		}
	}
	return nil
}

// DeleteMenu deletes a menu entry with its button permissions and what every role of every company was granted
// of both, or answers ErrNotFound. Run it in a transaction. It does not look at the entry's children: whether an
// entry with children may go is the caller's rule.
func DeleteMenu(db *models.DB, id int64) error {
	perms := db.Model(&MenuPermission{}).Select("id").Where("menu_id = ?", id)
	if err := db.Where("permission_id IN (?)", perms).Delete(&RolePermission{}).Error; err != nil {
		return err
	}
	if err := db.Where("menu_id = ?", id).Delete(&MenuPermission{}).Error; err != nil {
		return err
	}
	if err := db.Where("menu_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
		return err
	}
	return models.AffectedOne(db.Where("id = ?", id).Delete(&Menu{}))
}

// PermissionByID loads a button permission, or ErrNotFound.
func PermissionByID(db *models.DB, id int64) (*MenuPermission, error) {
	var p MenuPermission
	if err := db.First(&p, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

// PermissionIDByCode answers the id of the permission with the code, or ErrNotFound.
func PermissionIDByCode(db *models.DB, code string) (int64, error) {
	var p MenuPermission
	if err := db.Select("id").First(&p, "code = ?", code).Error; err != nil {
		return 0, err
	}
	return p.ID, nil
}

// CreatePermission stores a new button permission; a code the product already has is a duplicate-key error.
func CreatePermission(db *models.DB, p *MenuPermission) error { return db.Create(p).Error }

// UpdatePermission writes a permission's code and name; a code the product already has is a duplicate-key error.
func UpdatePermission(db *models.DB, p *MenuPermission) error {
	return db.Model(&MenuPermission{}).Where("id = ?", p.ID).Updates(map[string]any{"code": p.Code, "name": p.Name}).Error
}

// DeletePermission deletes a button permission with every role's grant of it, or answers ErrNotFound. Run it in
// a transaction.
func DeletePermission(db *models.DB, id int64) error {
	if err := db.Where("permission_id = ?", id).Delete(&RolePermission{}).Error; err != nil {
		return err
	}
	return models.AffectedOne(db.Where("id = ?", id).Delete(&MenuPermission{}))
}
