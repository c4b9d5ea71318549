package models

import (
	"slices"

	"gorm.io/gorm"
)

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

// VisibleGroups selects the company's store groups the user may see: all of them, unless the user is limited to
// some (user_store_groups), then those.
func (db *DB) VisibleGroups(companyID, userID int64, name string) *gorm.DB {
	q := db.Table("store_groups").Scopes(InCompany("store_groups", companyID), InGrantedGroups("store_groups.id", userID))
	if name != "" {
		q = q.Where("store_groups.name LIKE ? ESCAPE '"+LikeEscape+"'", ContainsPattern(name))
	}
	return q
}

// VisibleWarehouses limits a query of warehouses to the company's that the user may see: every warehouse of no store
// group (own and overseas warehouses are the whole company's) and the FBA warehouses of the store groups the user
// may see (VisibleGroups, the one store-group rule).
func (db *DB) VisibleWarehouses(companyID, userID int64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		// The subquery starts afresh: a locking read (ForUpdate) locks the warehouse, not the groups.
		groups := db.On(q.Session(&gorm.Session{NewDB: true})).VisibleGroups(companyID, userID, "").Select("store_groups.id")
		return q.Scopes(InCompany("warehouses", companyID)).Where("(warehouses.group_id IS NULL OR warehouses.group_id IN (?))", groups)
	}
}

// HiddenWarehouses lists the company's warehouses the user may not see: the FBA warehouses of store groups the user
// is not granted (none for a user of every group). The stock, ledger and document lists leave them out by name, so
// that the planners keep each list's own index for its order, as for the orders' stores (ofStores).
func (db *DB) HiddenWarehouses(companyID, userID int64) ([]int64, error) {
	var ids []int64
	err := db.Table("warehouses").Scopes(InCompany("warehouses", companyID)).
		Where("warehouses.group_id IS NOT NULL AND warehouses.group_id NOT IN (?)",
			db.VisibleGroups(companyID, userID, "").Select("store_groups.id")).
		Order("warehouses.id").Pluck("warehouses.id", &ids).Error
	return ids, err
}

// Outside leaves out of a list the rows whose warehouse (column) is one of hidden.
func Outside(column string, hidden []int64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		if len(hidden) == 0 {
			return q
		}
		return q.Where(column+" NOT IN ?", hidden)
	}
}

// WarehouseSeen reads the warehouses the user may not see for a list filtered by warehouse (0 for all): ok is
// false when the filter names one of them, whose list is then empty.
func (db *DB) WarehouseSeen(companyID, userID, warehouseID int64) (hidden []int64, ok bool, err error) {
	if hidden, err = db.HiddenWarehouses(companyID, userID); err != nil {
		return nil, false, err
	}
	return hidden, !slices.Contains(hidden, warehouseID), nil
}
