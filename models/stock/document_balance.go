package stock

import "sellerhub/models"

// DocumentBalance answers what the company's ledger lines of one document moved in all, per warehouse and
// product (products whose lines add up to nothing left out): its reversal is the negation.
func DocumentBalance(db *models.DB, companyID int64, docType, docNumber string) ([]StockChange, error) {
	var rows []StockChange
	err := db.Table("stock_ledger").
		Select("warehouse_id, product_id, SUM(inbound_change) AS inbound, SUM(fulfillable_change) AS fulfillable, "+
			"SUM(outbound_change) AS outbound").
		Where("company_id = ? AND doc_number = ? AND doc_type = ?", companyID, docNumber, docType).
		Group("warehouse_id, product_id").
		Having("SUM(inbound_change) <> 0 OR SUM(fulfillable_change) <> 0 OR SUM(outbound_change) <> 0").
		Order("warehouse_id, product_id").Scan(&rows).Error
	return rows, err
}
