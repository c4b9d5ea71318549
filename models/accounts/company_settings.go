package accounts

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// Which day a "day" means for a company's figures: each marketplace's own (as Amazon's reports count, Pacific time
// for North America) or Beijing's. The values are the date switch's (orders and sales take them as zone).
const (
	DayZoneMarketplace = "marketplace"
	DayZoneBeijing     = "beijing"
)

// CompanySetting is a company's settings (公司设置).
type CompanySetting struct {
	CompanyID int64 `gorm:"primaryKey;autoIncrement:false"`
	DayZone   string
	UpdatedAt time.Time
}

// CompanySettingOf is the company's settings: each marketplace's day until it chooses otherwise.
func CompanySettingOf(db *models.DB, companyID int64) (CompanySetting, error) {
	rows := []CompanySetting{}
	err := db.Where("company_id = ?", companyID).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return CompanySetting{CompanyID: companyID, DayZone: DayZoneMarketplace}, err
	}
	return rows[0], nil
}

// SaveCompanySetting writes the company's settings.
func SaveCompanySetting(db *models.DB, s CompanySetting) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"day_zone", "updated_at"})}).Create(&s).Error
}
