package models

import "gorm.io/gorm"

// InCompany scopes a query of tenant data to one company. Every query of tenant data goes through it.
func InCompany(table string, companyID int64) func(*gorm.DB) *gorm.DB {
	return func(g *gorm.DB) *gorm.DB { return g.Where(table+".company_id = ?", companyID) }
}

// InGrantedGroups limits a query to the store groups a user is granted (column names the row's group): a user
// without grants sees every group of the company, and user 0 is the system, which sees all. It is the one
// store-group rule: store groups, listings, plans, shipments and pick lists all go through it.
func InGrantedGroups(column string, userID int64) func(*gorm.DB) *gorm.DB {
	return func(g *gorm.DB) *gorm.DB {
		return g.Where(`(NOT EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ?)
			OR EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ? AND u.group_id = `+column+`))`, userID, userID)
	}
}
