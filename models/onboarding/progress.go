// Package onboarding reads how far a company has come in setting up (首页's 新手引导): its stores, their
// authorisations and first syncs, its products, their costs and their pairing with the listings.
package onboarding

import (
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// What an admin chose for the guide: follow the steps, keep it after they are done, or put it away.
const (
	ModeAuto   = ""
	ModeShown  = "shown"
	ModeHidden = "hidden"
)

// Counts are the company's figures each step is judged by.
type Counts struct {
	StoreGroups int64
	// Sellers are the active seller authorisations; Synced those whose every kind has synced once.
	Sellers, Synced int64
	// SyncTasks and SyncedTasks count the kinds of the active sellers, and those that have synced once;
	// SyncRunning the ones waiting or running now.
	SyncTasks, SyncedTasks, SyncRunning int64
	Products, ProductsWithCost          int64
	Listings, ListingsPaired            int64
}

// CountsOf reads the company's figures, one query each on indexes of the company.
func CountsOf(db *models.DB, companyID int64) (Counts, error) {
	var c Counts
	active := db.Table("sellers").Select("sellers.id").
		Where("sellers.company_id = ? AND sellers.disabled = ? AND sellers.status = ?", companyID, false, storesdb.SellerActive)
	counts := []func() error{
		func() error {
			return db.Table("store_groups").Where("company_id = ?", companyID).Count(&c.StoreGroups).Error
		},
		func() error {
			return db.Table("sellers").Where("id IN (?)", active).Count(&c.Sellers).Error
		},
		func() error {
			return db.Table("sellers AS s").Where("s.id IN (?)", active).
				Where("EXISTS (SELECT 1 FROM sync_tasks t WHERE t.seller_id = s.id)").
				Where("NOT EXISTS (SELECT 1 FROM sync_tasks t WHERE t.seller_id = s.id AND t.last_success_at IS NULL)").
				Count(&c.Synced).Error
		},
		func() error {
			return db.Table("sync_tasks").Where("company_id = ? AND seller_id IN (?)", companyID, active).Count(&c.SyncTasks).Error
		},
		func() error {
			return db.Table("sync_tasks").Where("company_id = ? AND seller_id IN (?) AND last_success_at IS NOT NULL", companyID, active).
				Count(&c.SyncedTasks).Error
		},
		func() error {
			return db.Table("sync_tasks").Where("company_id = ? AND seller_id IN (?) AND state IN ?", companyID, active,
				[]string{datasyncdb.SyncQueued, datasyncdb.SyncRunning}).Count(&c.SyncRunning).Error
		},
		func() error {
			return db.Table("local_products").Where("company_id = ? AND disabled = ?", companyID, false).Count(&c.Products).Error
		},
		func() error {
			return db.Table("local_products").Where("company_id = ? AND disabled = ? AND price > 0", companyID, false).
				Count(&c.ProductsWithCost).Error
		},
		func() error {
			return db.Table("listings").Where("company_id = ?", companyID).Count(&c.Listings).Error
		},
		func() error {
			return db.Table("listings").Where("company_id = ? AND product_id IS NOT NULL", companyID).Count(&c.ListingsPaired).Error
		},
	}
	for _, count := range counts {
		if err := count(); err != nil {
			return c, err
		}
	}
	return c, nil
}

// ModeOf is the admin's choice for the company's guide.
func ModeOf(db *models.DB, companyID int64) (string, error) {
	var mode string
	err := db.Model(&accountsdb.Company{}).Where("id = ?", companyID).Pluck("onboarding", &mode).Error
	return mode, err
}

// SetMode records the admin's choice for the company's guide.
func SetMode(db *models.DB, companyID int64, mode string) error {
	return db.Model(&accountsdb.Company{}).Where("id = ?", companyID).Update("onboarding", mode).Error
}
