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

// WarehousePage lists a page of the company's warehouses, with the total.
func (db *DB) WarehousePage(companyID int64, f WarehouseFilter) ([]Warehouse, int64, error) {
	rows := []Warehouse{}
	total, err := pageOf(db.warehouses(companyID, f), "warehouses", f.NamedList, &rows)
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
