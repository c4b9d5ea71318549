package profit

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// 业绩报告's targets: a month's sales and profit targets (CNY) for an owner (运营负责人) or a department.

// Kinds of a target's subject.
const (
	TargetOwner = "owner"
	TargetDept  = "dept"
)

// Target is a subject's targets for a month; zero is no target.
type Target struct {
	CompanyID    int64  `gorm:"primaryKey;autoIncrement:false"`
	Month        string `gorm:"primaryKey"`
	Kind         string `gorm:"primaryKey"`
	SubjectID    int64  `gorm:"primaryKey;autoIncrement:false"`
	SalesTarget  models.Money
	ProfitTarget models.Money
	UpdatedBy    int64
	UpdatedAt    time.Time
}

// TableName is the targets' table.
func (Target) TableName() string { return "performance_targets" }

// TargetsOf lists the company's targets of a kind for the month, keyed by subject.
func TargetsOf(db *models.DB, companyID int64, month, kind string) (map[int64]Target, error) {
	rows := []Target{}
	err := db.Where("company_id = ? AND month = ? AND kind = ?", companyID, month, kind).Find(&rows).Error
	out := make(map[int64]Target, len(rows))
	for _, r := range rows {
		out[r.SubjectID] = r
	}
	return out, err
}

// SaveTarget writes a subject's targets for a month (both zero: removes them).
func SaveTarget(db *models.DB, t Target) error {
	if t.SalesTarget.IsZero() && t.ProfitTarget.IsZero() {
		return db.Where("company_id = ? AND month = ? AND kind = ? AND subject_id = ?", t.CompanyID, t.Month, t.Kind, t.SubjectID).
			Delete(&Target{}).Error
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}, {Name: "month"}, {Name: "kind"}, {Name: "subject_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"sales_target", "profit_target", "updated_by", "updated_at"})}).Create(&t).Error
}

// DepartmentNames are the company's departments' names by id.
func DepartmentNames(db *models.DB, companyID int64) (map[int64]string, error) {
	var rows []struct {
		ID   int64
		Name string
	}
	err := db.Table("departments").Select("id, name").Where("company_id = ?", companyID).Scan(&rows).Error
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, err
}
