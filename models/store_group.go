package models

import (
	"time"

	"gorm.io/gorm"
)

// StoreGroup (店铺) is one business of a company on Amazon: it holds seller accounts (one per region) and the
// advertising authorisations, and owns listings and shipments. A name is unique in the company.
type StoreGroup struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new store group its id.
func (g *StoreGroup) BeforeCreate(*gorm.DB) error {
	if g.ID == 0 {
		g.ID = NewID()
	}
	return nil
}

// UserStoreGroup limits a user to a store group; a user with no rows sees every group of the company.
type UserStoreGroup struct {
	UserID  int64 `gorm:"primaryKey;autoIncrement:false"`
	GroupID int64 `gorm:"primaryKey;autoIncrement:false"`
}

// StoreGroupByID loads one of the company's store groups, or ErrNotFound (also for another company's).
func (db *DB) StoreGroupByID(companyID, id int64) (*StoreGroup, error) {
	var g StoreGroup
	if err := db.Scopes(InCompany("store_groups", companyID)).First(&g, "store_groups.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &g, nil
}
