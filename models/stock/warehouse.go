// Package stock holds warehouses (own, overseas and each store group's FBA warehouse), stock by warehouse and
// product, its ledger and the in/outbound documents; MoveStock is the one way a quantity changes.
package stock

import (
	"gorm.io/gorm"

	"sellerhub/models"
)

// WarehouseFilter narrows the warehouse list: Name is a part of the name, Kind one of the kinds ("" for all).
type WarehouseFilter struct {
	models.NamedList
	Kind string
}

func warehouses(db *models.DB, companyID, userID int64, f WarehouseFilter) func() *gorm.DB {
	named := db.Named(&Warehouse{}, "warehouses", companyID, f.Name)
	return func() *gorm.DB {
		q := named().Scopes(db.VisibleWarehouses(companyID, userID))
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
func WarehousePage(db *models.DB, companyID, userID int64, f WarehouseFilter) ([]WarehouseRow, int64, error) {
	rows := []WarehouseRow{}
	query := func() *gorm.DB {
		return warehouses(db, companyID, userID, f)().Select("warehouses.*, store_groups.name AS group_name").
			Joins(`LEFT JOIN store_groups ON store_groups.id = warehouses.group_id
				AND (NOT EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ?)
				OR EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ? AND u.group_id = store_groups.id))`, userID, userID)
	}
	total, err := models.NamedPage(db, query, "warehouses", f.NamedList, &rows)
	return rows, total, err
}

// WarehouseOptions lists the company's warehouses the user may see by name, the disabled ones only when asked, at
// most limit.
func WarehouseOptions(db *models.DB, companyID, userID int64, withDisabled bool, limit int) ([]Warehouse, error) {
	rows := []Warehouse{}
	q := db.Scopes(db.VisibleWarehouses(companyID, userID))
	if !withDisabled {
		q = q.Where("warehouses.disabled = ?", false)
	}
	return rows, q.Order("warehouses.name, warehouses.id").Limit(limit).Find(&rows).Error
}

// WarehouseByID loads one of the company's warehouses the user may see, or ErrNotFound (also for another company's
// and another store group's FBA warehouse).
func WarehouseByID(db *models.DB, companyID, userID, id int64) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(db.VisibleWarehouses(companyID, userID)).Where("warehouses.id = ?", id).Take(&w).Error
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// WarehouseByName loads the company's warehouse with the name, or ErrNotFound.
func WarehouseByName(db *models.DB, companyID int64, name string) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(models.InCompany("warehouses", companyID)).Where("warehouses.name = ?", name).Take(&w).Error
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// CreateWarehouse stores a new warehouse.
func CreateWarehouse(db *models.DB, w *Warehouse) error { return db.Create(w).Error }

// UpdateWarehouse saves a warehouse's settings (not its stocktaking state, which the stocktake owns).
func UpdateWarehouse(db *models.DB, w *Warehouse) error {
	return db.Model(w).Scopes(models.InCompany("warehouses", w.CompanyID)).Select("name", "kind", "address", "allow_negative", "disabled", "remark", "updated_at").Updates(w).Error
}

// WarehouseInUse tells whether the warehouse holds stock rows, ledger lines or documents (purchase orders and
// their receipts too): such a warehouse has a history that deleting it would lose.
func WarehouseInUse(db *models.DB, companyID, id int64) (bool, error) {
	for _, table := range []string{"stocks", "stock_ledger", "stock_documents", "stocktakes", "purchase_orders", "purchase_receipts"} {
		var n int64
		q := db.Table(table).Scopes(models.InCompany(table, companyID)).Where(table+".warehouse_id = ?", id)
		if table == "stock_documents" {
			q = db.Table(table).Scopes(models.InCompany(table, companyID)).
				Where("(stock_documents.warehouse_id = ? OR stock_documents.to_warehouse_id = ?)", id, id)
		}
		err := q.Limit(1).Count(&n).Error
		if err != nil || n > 0 {
			return n > 0, err
		}
	}
	return false, nil
}

// DeleteWarehouse deletes one of the company's warehouses and its addresses, or answers ErrNotFound.
func DeleteWarehouse(db *models.DB, companyID, id int64) error {
	// Its addresses (仓库地址) go with it.
	if err := db.Scopes(models.InCompany("addresses", companyID)).Where("addresses.warehouse_id = ?", id).Delete(&Address{}).Error; err != nil {
		return err
	}
	return models.AffectedOne(db.Scopes(models.InCompany("warehouses", companyID)).Where("warehouses.id = ?", id).Delete(&Warehouse{}))
}
