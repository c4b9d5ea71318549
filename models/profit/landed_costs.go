package profit

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// LandedCost is what 成本核算 adds to a product's purchase cost from a month on (migration 00132): 辅料, 包材,
// 加工费 and 头程 per unit in CNY (FirstLeg nil: the product's own 头程), and the duty rate in percent of the
// purchase cost.
type LandedCost struct {
	CompanyID  int64  `gorm:"primaryKey;autoIncrement:false"`
	ProductID  int64  `gorm:"primaryKey;autoIncrement:false"`
	Month      string `gorm:"primaryKey"`
	Materials  models.Money
	Packing    models.Money
	Processing models.Money
	FirstLeg   *models.Money
	DutyRate   models.Money
	UpdatedBy  int64
	UpdatedAt  time.Time
}

// LandedCosts are the products' rows, each product's in month order (all products when ids is nil).
func LandedCosts(db *models.DB, companyID int64, ids []int64) (map[int64][]LandedCost, error) {
	out := map[int64][]LandedCost{}
	q := db.Where("company_id = ?", companyID)
	if ids != nil {
		if len(ids) == 0 {
			return out, nil
		}
		q = q.Where("product_id IN ?", ids)
	}
	var rows []LandedCost
	if err := q.Order("product_id, month").Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], r)
	}
	return out, nil
}

// LandedOn is the row in force in month (the latest of a month not after it), false when none is.
func LandedOn(rows []LandedCost, month string) (LandedCost, bool) {
	var found LandedCost
	ok := false
	for _, r := range rows {
		if r.Month > month {
			break
		}
		found, ok = r, true
	}
	return found, ok
}

// SaveLandedCost writes a product's row of a month.
func SaveLandedCost(db *models.DB, c LandedCost) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}, {Name: "product_id"}, {Name: "month"}},
		DoUpdates: clause.AssignmentColumns([]string{"materials", "packing", "processing", "first_leg", "duty_rate", "updated_by", "updated_at"})}).
		Create(&c).Error
}
