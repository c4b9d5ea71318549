package models

import (
	"slices"

	"gorm.io/gorm"
)

// WarehouseFilter narrows the warehouse list: Name is a part of the name, Kind one of the kinds ("" for all).
type WarehouseFilter struct {
	NamedList
	Kind string
}

// visibleWarehouses limits a query of warehouses to the company's that the user may see: every warehouse of no store
// group (own and overseas warehouses are the whole company's) and the FBA warehouses of the store groups the user
// may see (visibleGroups, the one store-group rule).
func (db *DB) visibleWarehouses(companyID, userID int64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		// The subquery starts afresh: a locking read (ForUpdate) locks the warehouse, not the groups.
		groups := db.On(q.Session(&gorm.Session{NewDB: true})).visibleGroups(companyID, userID, "").Select("store_groups.id")
		return q.Scopes(InCompany("warehouses", companyID)).Where("(warehouses.group_id IS NULL OR warehouses.group_id IN (?))", groups)
	}
}

// hiddenWarehouses lists the company's warehouses the user may not see: the FBA warehouses of store groups the user
// is not granted (none for a user of every group). The stock, ledger and document lists leave them out by name, so
// that the planners keep each list's own index for its order, as for the orders' stores (ofStores).
func (db *DB) hiddenWarehouses(companyID, userID int64) ([]int64, error) {
	var ids []int64
	err := db.Table("warehouses").Scopes(InCompany("warehouses", companyID)).
		Where("warehouses.group_id IS NOT NULL AND warehouses.group_id NOT IN (?)",
			db.visibleGroups(companyID, userID, "").Select("store_groups.id")).
		Order("warehouses.id").Pluck("warehouses.id", &ids).Error
	return ids, err
}

// outside leaves out of a list the rows whose warehouse (column) is one of hidden.
func outside(column string, hidden []int64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		if len(hidden) == 0 {
			return q
		}
		return q.Where(column+" NOT IN ?", hidden)
	}
}

// warehouseSeen reads the warehouses the user may not see for a list filtered by warehouse (0 for all): ok is
// false when the filter names one of them, whose list is then empty.
func (db *DB) warehouseSeen(companyID, userID, warehouseID int64) (hidden []int64, ok bool, err error) {
	if hidden, err = db.hiddenWarehouses(companyID, userID); err != nil {
		return nil, false, err
	}
	return hidden, !slices.Contains(hidden, warehouseID), nil
}

func (db *DB) warehouses(companyID, userID int64, f WarehouseFilter) func() *gorm.DB {
	named := db.Named(&Warehouse{}, "warehouses", companyID, f.Name)
	return func() *gorm.DB {
		q := named().Scopes(db.visibleWarehouses(companyID, userID))
		if f.Kind != "" {
			q = q.Where("warehouses.kind = ?", f.Kind)
		}
		return q
	}
}

// WarehouseRow is a warehouse as the list shows it: an FBA warehouse with its store group's name when the user
// is granted that group ("" otherwise, as for other warehouses).
type WarehouseRow struct {
	Warehouse
	GroupName string `gorm:"->"`
}

// WarehousePage lists a page of the company's warehouses the user may see, with the total.
func (db *DB) WarehousePage(companyID, userID int64, f WarehouseFilter) ([]WarehouseRow, int64, error) {
	rows := []WarehouseRow{}
	query := func() *gorm.DB {
		return db.warehouses(companyID, userID, f)().Select("warehouses.*, store_groups.name AS group_name").
			Joins(`LEFT JOIN store_groups ON store_groups.id = warehouses.group_id
				AND (NOT EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ?)
				OR EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ? AND u.group_id = store_groups.id))`, userID, userID)
	}
	total, err := NamedPage(db, query, "warehouses", f.NamedList, &rows)
	return rows, total, err
}

// WarehouseOptions lists the company's warehouses the user may see by name, the disabled ones only when asked, at
// most limit.
func (db *DB) WarehouseOptions(companyID, userID int64, withDisabled bool, limit int) ([]Warehouse, error) {
	rows := []Warehouse{}
	q := db.Scopes(db.visibleWarehouses(companyID, userID))
	if !withDisabled {
		q = q.Where("warehouses.disabled = ?", false)
	}
	return rows, q.Order("warehouses.name, warehouses.id").Limit(limit).Find(&rows).Error
}

// WarehouseByID loads one of the company's warehouses the user may see, or ErrNotFound (also for another company's
// and another store group's FBA warehouse).
func (db *DB) WarehouseByID(companyID, userID, id int64) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(db.visibleWarehouses(companyID, userID)).Where("warehouses.id = ?", id).Take(&w).Error
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// WarehouseByName loads the company's warehouse with the name, or ErrNotFound.
func (db *DB) WarehouseByName(companyID int64, name string) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(InCompany("warehouses", companyID)).Where("warehouses.name = ?", name).Take(&w).Error
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// CreateWarehouse stores a new warehouse.
func (db *DB) CreateWarehouse(w *Warehouse) error { return db.Create(w).Error }

// UpdateWarehouse saves a warehouse's settings (not its stocktaking state, which the stocktake owns).
func (db *DB) UpdateWarehouse(w *Warehouse) error {
	return db.Model(w).Scopes(InCompany("warehouses", w.CompanyID)).Select("name", "kind", "address", "allow_negative", "disabled", "remark", "updated_at").Updates(w).Error
}

// WarehouseInUse tells whether the warehouse holds stock rows, ledger lines or documents: such a warehouse has a
// history that deleting it would lose.
func (db *DB) WarehouseInUse(companyID, id int64) (bool, error) {
	for _, table := range []string{"stocks", "stock_ledger", "stock_documents"} {
		var n int64
		err := db.Table(table).Scopes(InCompany(table, companyID)).Where(table+".warehouse_id = ?", id).Limit(1).Count(&n).Error
		if err != nil || n > 0 {
			return n > 0, err
		}
	}
	return false, nil
}

// DeleteWarehouse deletes one of the company's warehouses, or answers ErrNotFound.
func (db *DB) DeleteWarehouse(companyID, id int64) error {
	return AffectedOne(db.Scopes(InCompany("warehouses", companyID)).Where("warehouses.id = ?", id).Delete(&Warehouse{}))
}
