package stock

import (
	"fmt"
	"unicode/utf8"

	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/stores"
)

// fbaWarehouseNameTries bounds the names tried for a new FBA warehouse when the plain one belongs to another
// warehouse of the company.
const fbaWarehouseNameTries = 10

// FBAWarehouse finds or creates a store group's FBA warehouse in a marketplace, FBA-<组名>-<国家> (numbered when the
// name is taken); callers creating it at once get the same one (the insert ignores the unique conflict). It allows
// negative quantities: a step recorded after a sync already counted its units (收货) would otherwise be refused until
// the next sync sets Amazon's figures. ErrNotFound: another company's group or an unknown marketplace.
func FBAWarehouse(db *models.DB, companyID, groupID int64, marketplaceID string) (*Warehouse, error) {
	if w, err := fbaWarehouseOf(db, companyID, groupID, marketplaceID); !models.IsNotFound(err) {
		return w, err
	}
	m, ok := stores.MarketplaceByID(marketplaceID)
	if !ok {
		return nil, models.ErrNotFound
	}
	var g stores.StoreGroup
	if err := db.Scopes(models.InCompany("store_groups", companyID)).Take(&g, "store_groups.id = ?", groupID).Error; err != nil {
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
		if found, err := fbaWarehouseOf(db, companyID, groupID, marketplaceID); !models.IsNotFound(err) {
			return found, err
		}
	}
	return nil, fmt.Errorf("models: no free name for the FBA warehouse of group %d in %s", groupID, marketplaceID)
}

func fbaWarehouseOf(db *models.DB, companyID, groupID int64, marketplaceID string) (*Warehouse, error) {
	var w Warehouse
	err := db.Scopes(models.InCompany("warehouses", companyID)).
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
