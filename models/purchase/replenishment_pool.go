package purchase

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ReplenishmentPool marks a store group as having Pan-European FBA: 亚马逊补货计划 pools its EU lines (00172).
type ReplenishmentPool struct {
	CompanyID int64
	GroupID   int64
	UpdatedAt time.Time
}

// PooledGroups is the company's pooled store groups within those the user is granted.
func PooledGroups(db *models.DB, companyID, userID int64) (map[int64]bool, error) {
	var ids []int64
	err := db.Table("replenishment_pools").Scopes(models.InCompany("replenishment_pools", companyID),
		models.InGrantedGroups("replenishment_pools.group_id", userID)).Pluck("group_id", &ids).Error
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// SavePooled pools a store group's EU lines, or stops pooling them.
func SavePooled(db *models.DB, p *ReplenishmentPool, on bool) error {
	if !on {
		return db.Where("company_id = ? AND group_id = ?", p.CompanyID, p.GroupID).Delete(&ReplenishmentPool{}).Error
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}, {Name: "group_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"updated_at"})}).Create(p).Error
}
