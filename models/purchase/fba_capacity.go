package purchase

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// FBACapacity is the storage capacity Amazon gives a store group in a marketplace, in cubic feet (00160).
type FBACapacity struct {
	CompanyID     int64  `gorm:"primaryKey;autoIncrement:false"`
	GroupID       int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID string `gorm:"primaryKey"`
	CubicFeet     int
	UpdatedAt     time.Time
}

// TableName is fba_capacities.
func (FBACapacity) TableName() string { return "fba_capacities" }

// Capacities loads the company's capacities within the store groups the user is granted.
func Capacities(db *models.DB, companyID, userID int64) ([]FBACapacity, error) {
	var out []FBACapacity
	err := db.Table("fba_capacities").Scopes(models.InCompany("fba_capacities", companyID),
		models.InGrantedGroups("fba_capacities.group_id", userID)).Find(&out).Error
	return out, err
}

// SaveCapacity stores a marketplace's capacity; 0 cubic feet removes it (no capacity entered).
func SaveCapacity(db *models.DB, c *FBACapacity) error {
	if c.CubicFeet == 0 {
		return db.Where("company_id = ? AND group_id = ? AND marketplace_id = ?", c.CompanyID, c.GroupID, c.MarketplaceID).
			Delete(&FBACapacity{}).Error
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "marketplace_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"cubic_feet", "updated_at"})}).Create(c).Error
}
