package admin

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// Department (部门) is a node of a company's department tree. ParentID 0 is the top level. A name is unique among
// its siblings. LeaderID names one of the company's users, or nil.
type Department struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	ParentID  int64
	Name      string
	Sort      int
	LeaderID  *int64
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
	// LeaderName is read with the department for the tree; it is not a column of departments.
	LeaderName string `gorm:"->"`
}

// BeforeCreate gives a new department its id.
func (d *Department) BeforeCreate(*gorm.DB) error {
	if d.ID == 0 {
		d.ID = models.NewID()
	}
	return nil
}

// Departments lists all the company's departments with their leaders' names, siblings by sort then name (the id
// breaks ties), parents not necessarily before their children: the caller builds the tree.
func Departments(db *models.DB, companyID int64) ([]Department, error) {
	rows := []Department{}
	err := withLeader(db, companyID).Order("departments.parent_id, departments.sort, departments.name, departments.id").
		Find(&rows).Error
	return rows, err
}

// withLeader selects the company's departments with their leaders' names.
func withLeader(db *models.DB, companyID int64) *gorm.DB {
	return db.Model(&Department{}).Scopes(models.InCompany("departments", companyID)).
		Select("departments.*, user_profiles.name AS leader_name").
		Joins("LEFT JOIN user_profiles ON user_profiles.user_id = departments.leader_id")
}

// DepartmentByID loads one of the company's departments with its leader's name, or ErrNotFound (also for another
// company's).
func DepartmentByID(db *models.DB, companyID, id int64) (*Department, error) {
	var d Department
	if err := withLeader(db, companyID).First(&d, "departments.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &d, nil
}

// DepartmentByName loads the company's department with the name under parentID (0: the top level), or
// ErrNotFound.
func DepartmentByName(db *models.DB, companyID, parentID int64, name string) (*Department, error) {
	var d Department
	err := db.Scopes(models.InCompany("departments", companyID)).
		First(&d, "departments.parent_id = ? AND departments.name = ?", parentID, name).Error
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// LockDepartments locks every department of the company until the transaction ends. Changes of the tree's shape
// take it first, so that two moves cannot make a cycle between them and no child is added under a department
// being deleted. (SQLite ignores it: its immediate transactions already hold the database's one write lock.)
func LockDepartments(db *models.DB, companyID int64) error {
	var ids []int64
	return db.ForUpdate().Model(&Department{}).Scopes(models.InCompany("departments", companyID)).
		Pluck("departments.id", &ids).Error
}

// DepartmentWithin tells whether the company's department id is ancestor or ancestor's descendant (the department
// itself counts), walking up from id. A department of another company is within nothing.
func DepartmentWithin(db *models.DB, companyID, id, ancestor int64) (bool, error) {
	var n int64
	err := db.Raw(`WITH RECURSIVE up (id, parent_id) AS (
    SELECT id, parent_id FROM departments WHERE company_id = ? AND id = ?
    UNION ALL
    SELECT d.id, d.parent_id FROM departments d JOIN up ON d.id = up.parent_id WHERE d.company_id = ?
)
SELECT COUNT(*) FROM up WHERE id = ?`, companyID, id, companyID, ancestor).Scan(&n).Error
	return n > 0, err
}

// CreateDepartment stores a new department; a name its siblings already use is a duplicate-key error.
func CreateDepartment(db *models.DB, d *Department) error { return db.Create(d).Error }

// UpdateDepartment writes a department's parent, name, sort, leader, remark and update time; a department of
// another company matches nothing.
func UpdateDepartment(db *models.DB, d *Department) error {
	return db.Model(&Department{}).Scopes(models.InCompany("departments", d.CompanyID)).Where("departments.id = ?", d.ID).
		Updates(map[string]any{"parent_id": d.ParentID, "name": d.Name, "sort": d.Sort, "leader_id": d.LeaderID,
			"remark": d.Remark, "updated_at": d.UpdatedAt}).Error
}

// DeleteDepartment deletes one of the company's departments, or answers ErrNotFound. Whether one with children
// or members may go is the caller's rule.
func DeleteDepartment(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("departments", companyID)).Where("departments.id = ?", id).Delete(&Department{}))
}

// CountChildDepartments counts the company's departments directly under parentID.
func CountChildDepartments(db *models.DB, companyID, parentID int64) (int64, error) {
	var n int64
	err := db.Model(&Department{}).Scopes(models.InCompany("departments", companyID)).
		Where("departments.parent_id = ?", parentID).Count(&n).Error
	return n, err
}

// CountDepartmentMembers counts the company's users who belong to the department.
func CountDepartmentMembers(db *models.DB, companyID, deptID int64) (int64, error) {
	var n int64
	err := db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).Where("users.dept_id = ?", deptID).Count(&n).Error
	return n, err
}
