package shipping

import (
	"sellerhub/models"
)

// LabelLine is a shipment item as 商品标签 prints it: its FNSKU, seller SKU, the listing's title (the local
// product's name when the listing has none) and the units sent, one label each.
type LabelLine struct {
	FNSKU     string `gorm:"column:fnsku"`
	SellerSKU string `gorm:"column:seller_sku"`
	Title     string
	Quantity  int
}

// ShipmentChoice is a shipment the label form offers.
type ShipmentChoice struct {
	ShipmentID string
	Name       string
	Status     int
}

// ShipmentLabelLines loads the items of the company's shipment (by its shipment id) as userID may see it, in
// seller SKU order, or ErrNotFound: also for another company's shipment and one of a group the user is not granted.
func ShipmentLabelLines(db *models.DB, companyID, userID int64, shipmentID string) ([]LabelLine, error) {
	var s Shipment
	err := db.Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Where("shipments.shipment_id = ?", shipmentID).Take(&s).Error
	if err != nil {
		return nil, err
	}
	lines := []LabelLine{}
	err = db.Table("shipment_items").
		Select(`shipment_items.fnsku, shipment_items.seller_sku, shipment_items.quantity,
			COALESCE(NULLIF(listings.item_name, ''), local_products.name, '') AS title`).
		Joins("LEFT JOIN listings ON listings.company_id = shipment_items.company_id AND listings.group_id = ? "+
			"AND listings.marketplace_id = ? AND listings.seller_sku = shipment_items.seller_sku", s.GroupID, s.MarketplaceID).
		Joins("LEFT JOIN local_products ON local_products.id = shipment_items.product_id").
		Where("shipment_items.shipment_ref = ? AND shipment_items.company_id = ?", s.ID, companyID).
		Order("shipment_items.seller_sku, shipment_items.id").Scan(&lines).Error
	return lines, err
}

// RecentShipments lists up to limit of the company's shipments of the groups userID is granted, newest first,
// cancelled and rejected ones left out.
func RecentShipments(db *models.DB, companyID, userID int64, limit int) ([]ShipmentChoice, error) {
	rows := []ShipmentChoice{}
	err := db.Model(&Shipment{}).Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Where("shipments.status > ?", ShipmentCancelled).Select("shipment_id, name, status").
		Order("shipments.created_at DESC, shipments.id DESC").Limit(limit).Scan(&rows).Error
	return rows, err
}
