package models

import (
	"fmt"
	"unicode/utf8"

	"gorm.io/gorm/clause"
)

// fbaWarehouseNameTries bounds the names tried for a new FBA warehouse when the plain one belongs to another
// warehouse of the company.
const fbaWarehouseNameTries = 10

// FBAWarehouse finds or creates the FBA warehouse of one of the company's store groups in a marketplace, named
// FBA-<组名>-<国家> (美国, 日本...). Two callers creating it at once get the same warehouse: the insert ignores the
// unique (company, group, marketplace) conflict and both read the one row. When another warehouse already has the
// name, a number is added. It allows negative quantities: Amazon's figures are the truth and each sync sets them
// (never below zero), while a shipment step recorded after a sync already counted its units (收货 after Amazon's
// report moved them to fulfillable) would otherwise be refused until the next sync. ErrNotFound answers a store
// group of another company or an unknown marketplace.
func (db *DB) FBAWarehouse(companyID, groupID int64, marketplaceID string) (*Warehouse, error) {
	if w, err := db.fbaWarehouseOf(companyID, groupID, marketplaceID); !IsNotFound(err) {
		return w, err
	}
	m, ok := MarketplaceByID(marketplaceID)
	if !ok {
		return nil, ErrNotFound
	}
	var g StoreGroup
	if err := db.Scopes(InCompany("store_groups", companyID)).Take(&g, "store_groups.id = ?", groupID).Error; err != nil {
		return nil, err
	}
	base := fbaWarehouseName(g.Name, m.Name, "")
	for i := 1; i <= fbaWarehouseNameTries; i++ {
		name := base
		if i > 1 {
			name = fbaWarehouseName(g.Name, m.Name, fmt.Sprintf("-%d", i))
		}
		w := Warehouse{CompanyID: companyID, Name: name, Kind: WarehouseFBA, AllowNegative: true, GroupID: &groupID,
			MarketplaceID: &marketplaceID}
		if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&w).Error; err != nil {
			return nil, err
		}
		if found, err := db.fbaWarehouseOf(companyID, groupID, marketplaceID); !IsNotFound(err) {
			return found, err
		}
	}
	return nil, fmt.Errorf("models: no free name for the FBA warehouse of group %d in %s", groupID, marketplaceID)
}

func (db *DB) fbaWarehouseOf(companyID, groupID int64, marketplaceID string) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(InCompany("warehouses", companyID)).
		Take(&w, "warehouses.group_id = ? AND warehouses.marketplace_id = ?", groupID, marketplaceID).Error
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// warehouseNameMax is the length of warehouses.name.
const warehouseNameMax = 50

// fbaWarehouseName is FBA-<group>-<country><suffix>, the group's name shortened to fit the column.
func fbaWarehouseName(group, country, suffix string) string {
	room := warehouseNameMax - utf8.RuneCountInString("FBA--"+country+suffix)
	if r := []rune(group); len(r) > room {
		group = string(r[:room])
	}
	return "FBA-" + group + "-" + country + suffix
}
