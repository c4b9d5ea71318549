package sales

import (
	"errors"

	"sellerhub/models"
	"sellerhub/models/amazondata"
)

// SKUStock is the FBA stock Amazon can ship of one seller SKU, summed over the marketplaces and store groups.
type SKUStock struct {
	SKU         string `gorm:"column:sku"`
	Fulfillable int64
}

// FulfillableBySKU sums the fulfillable FBA stock of each SKU in the store groups the user is granted: what the
// dashboard's days of cover divide.
func FulfillableBySKU(db *models.DB, companyID, userID int64) ([]SKUStock, error) {
	// Thousands of SKUs on every load of 首页: scanned by hand, as gorm's reflection cost more than the query.
	rows, err := db.Model(&amazondata.FBAInventory{}).Select("fba_inventory.sku, CAST(SUM(fba_inventory.fulfillable) AS BIGINT)").
		Scopes(models.InCompany("fba_inventory", companyID), models.InGrantedGroups("fba_inventory.group_id", userID)).
		Group("fba_inventory.sku").Order("fba_inventory.sku").Rows()
	if err != nil {
		return nil, err
	}
	var out []SKUStock
	for rows.Next() {
		var s SKUStock
		if err := rows.Scan(&s.SKU, &s.Fulfillable); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, s)
	}
	return out, errors.Join(rows.Err(), rows.Close())
}
