package claims

import (
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// The audit's evidence, read per company: the ledger's adjustments, the reimbursements, the closed shipments.

// LostOrDamaged lists the company's ledger adjustments that took units out of stock for the reasons given (lost,
// damaged at a centre), oldest first.
func LostOrDamaged(db *models.DB, companyID int64, reasons []string) ([]amazondatadb.LedgerEvent, error) {
	out := []amazondatadb.LedgerEvent{}
	err := db.Scopes(models.InCompany("fba_ledger_events", companyID)).
		Where("fba_ledger_events.event_type = 'Adjustments' AND fba_ledger_events.quantity < 0 AND fba_ledger_events.reason IN ?", reasons).
		Order("fba_ledger_events.event_at, fba_ledger_events.id").Find(&out).Error
	return out, err
}

// Found lists the company's ledger adjustments that found units again, oldest first.
func Found(db *models.DB, companyID int64, reasons []string) ([]amazondatadb.LedgerEvent, error) {
	out := []amazondatadb.LedgerEvent{}
	err := db.Scopes(models.InCompany("fba_ledger_events", companyID)).
		Where("fba_ledger_events.event_type = 'Adjustments' AND fba_ledger_events.quantity > 0 AND fba_ledger_events.reason IN ?", reasons).
		Order("fba_ledger_events.event_at, fba_ledger_events.id").Find(&out).Error
	return out, err
}

// Reimbursed lists the company's reimbursements, oldest first.
func Reimbursed(db *models.DB, companyID int64) ([]amazondatadb.Reimbursement, error) {
	out := []amazondatadb.Reimbursement{}
	err := db.Scopes(models.InCompany("fba_reimbursements", companyID)).
		Order("fba_reimbursements.approval_date, fba_reimbursements.id").Find(&out).Error
	return out, err
}

// ShortItem is a closed shipment's SKU as the inbound audit reads it: the units in our cartons, those Amazon
// received, when the shipment closed and when Amazon first received any of it (the ledger's first receipt under
// the shipment's id; nil when the ledger has none).
type ShortItem struct {
	ShipmentRef      int64
	ShipmentID       string
	GroupID          int64
	MarketplaceID    string
	SellerSKU        string `gorm:"column:seller_sku"`
	FNSKU            string `gorm:"column:fnsku"`
	QuantityShipped  int
	QuantityReceived int
	ClosedAt         *time.Time `gorm:"-"`
	FirstReceipt     *string
}

// ShortShipmentItems lists the company's shipments Amazon closed whose SKUs it received fewer of than were packed.
func ShortShipmentItems(db *models.DB, companyID int64) ([]ShortItem, error) {
	out := []ShortItem{}
	err := db.Table("shipment_items").
		Joins("JOIN shipments ON shipments.id = shipment_items.shipment_ref").
		Where("shipments.company_id = ? AND shipments.amazon_status = 'CLOSED' AND shipment_items.quantity_shipped > shipment_items.quantity_received", companyID).
		Select("shipment_items.shipment_ref, shipments.shipment_id, shipments.group_id, shipments.marketplace_id, " +
			"shipment_items.seller_sku, shipment_items.fnsku, shipment_items.quantity_shipped, shipment_items.quantity_received, " +
			"(SELECT MIN(le.day) FROM fba_ledger_events le WHERE le.company_id = shipments.company_id AND le.event_type = 'Receipts' " +
			"AND le.reference_id = shipments.shipment_id) AS first_receipt").
		Order("shipments.shipment_id, shipment_items.seller_sku").Scan(&out).Error
	if err != nil || len(out) == 0 {
		return out, err
	}
	// When each closed: read apart, since SQLite answers an aggregate of a time column as text.
	var closes []struct {
		ShipmentRef int64
		CreatedAt   time.Time
	}
	err = db.Table("shipment_events").Where("company_id = ? AND amazon_status = 'CLOSED'", companyID).
		Order("created_at").Select("shipment_ref, created_at").Scan(&closes).Error
	first := map[int64]time.Time{}
	for _, c := range closes {
		if _, ok := first[c.ShipmentRef]; !ok {
			first[c.ShipmentRef] = c.CreatedAt
		}
	}
	for i := range out {
		if at, ok := first[out[i].ShipmentRef]; ok {
			out[i].ClosedAt = &at
		}
	}
	return out, err
}

// SellerOfGroup is the seller account of a store group's region that sells in the marketplace (0 when none).
func SellerOfGroup(db *models.DB, companyID, groupID int64, marketplaceID string) (int64, error) {
	var ids []int64
	err := db.Table("sellers").Joins("JOIN seller_marketplaces sm ON sm.seller_id = sellers.id").
		Where("sellers.company_id = ? AND sellers.group_id = ? AND sm.marketplace_id = ?", companyID, groupID, marketplaceID).
		Limit(1).Pluck("sellers.id", &ids).Error
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

// ListingPrice is a seller SKU's listing price in a marketplace, with its currency ("" when no listing has one).
func ListingPrice(db *models.DB, companyID, groupID int64, marketplaceID, sku string) (models.Money, string, error) {
	var row struct {
		Price    models.Money
		Currency string
	}
	err := db.Table("listings").Where("company_id = ? AND group_id = ? AND marketplace_id = ? AND seller_sku = ?",
		companyID, groupID, marketplaceID, sku).Select("price, currency").Limit(1).Scan(&row).Error
	return row.Price, row.Currency, err
}
