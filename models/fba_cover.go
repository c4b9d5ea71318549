package models

// SKUStock is the FBA stock Amazon can ship of one seller SKU, summed over the marketplaces and store groups.
type SKUStock struct {
	SKU         string `gorm:"column:sku"`
	Fulfillable int64
}

// FulfillableBySKU sums the fulfillable FBA stock of each SKU in the store groups the user is granted: what the
// dashboard's days of cover divide.
func (db *DB) FulfillableBySKU(companyID, userID int64) ([]SKUStock, error) {
	var out []SKUStock
	err := db.Model(&FBAInventory{}).Select("fba_inventory.sku, SUM(fba_inventory.fulfillable) AS fulfillable").
		Scopes(InCompany("fba_inventory", companyID), InGrantedGroups("fba_inventory.group_id", userID)).
		Group("fba_inventory.sku").Order("fba_inventory.sku").Scan(&out).Error
	return out, err
}
