package models

import "gorm.io/gorm"

// WarehouseFilter narrows the warehouse list: Name is a part of the name, Kind one of the kinds ("" for all).
type WarehouseFilter struct {
	NamedList
	Kind string
}

func (db *DB) warehouses(companyID int64, f WarehouseFilter) func() *gorm.DB {
	named := db.named(&Warehouse{}, "warehouses", companyID, f.Name)
	return func() *gorm.DB {
		q := named()
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

// WarehousePage lists a page of the company's warehouses, with the total.
func (db *DB) WarehousePage(companyID, userID int64, f WarehouseFilter) ([]WarehouseRow, int64, error) {
	rows := []WarehouseRow{}
	query := func() *gorm.DB {
		return db.warehouses(companyID, f)().Select("warehouses.*, store_groups.name AS group_name").
			Joins(`LEFT JOIN store_groups ON store_groups.id = warehouses.group_id
				AND (NOT EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ?)
				OR EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ? AND u.group_id = store_groups.id))`, userID, userID)
	}
	total, err := namedPage(db, query, "warehouses", f.NamedList, &rows)
	return rows, total, err
}

// WarehouseOptions lists the company's warehouses by name, the disabled ones only when asked, at most limit.
func (db *DB) WarehouseOptions(companyID int64, withDisabled bool, limit int) ([]Warehouse, error) {
	rows := []Warehouse{}
	q := db.Scopes(InCompany("warehouses", companyID))
	if !withDisabled {
		q = q.Where("warehouses.disabled = ?", false)
	}
	return rows, q.Order("warehouses.name, warehouses.id").Limit(limit).Find(&rows).Error
}

// WarehouseByID loads one of the company's warehouses, or ErrNotFound (also for another company's).
func (db *DB) WarehouseByID(companyID, id int64) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(InCompany("warehouses", companyID)).Where("warehouses.id = ?", id).Take(&w).Error
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
	return affectedOne(db.Scopes(InCompany("warehouses", companyID)).Where("warehouses.id = ?", id).Delete(&Warehouse{}))
}
