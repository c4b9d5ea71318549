package shipping

import (
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/stock"
)

// PickList (配货单) is what the warehouse picks a shipment by: the shipment with its store group, destination and
// source warehouse, and one line per item with the product's carton spec and the fulfillable stock of the product
// in the shipment's warehouse.
type PickList struct {
	ShipmentID string
	GroupName  string
	Country    string
	Center     string
	Warehouse  string
	Remark     string
	CreatedAt  time.Time
	AuditedAt  *time.Time
	// Status is the shipment's local status: it says how much of each line's stock it has already taken.
	Status int
	Items  []PickListItem
}

// PickListItem is one seller SKU of the shipment. Quantity is the planned quantity (拟发货数); Fulfillable the
// product's 可用 stock in the shipment's warehouse (0 when it never had any).
type PickListItem struct {
	Image        string
	Name         string
	SKU          string `gorm:"column:sku"`
	SellerSKU    string `gorm:"column:seller_sku"`
	CartonUnits  *int
	CartonWeight decimal.NullDecimal
	CartonLength decimal.NullDecimal
	CartonWidth  decimal.NullDecimal
	CartonHeight decimal.NullDecimal
	Fulfillable  int
	Quantity     int
	ProductID    int64
	// QuantityShipped is what left the warehouse, once shipped.
	QuantityShipped int
	// Reserved (本单占用) is the line's stock this shipment holds, Left (剩余可用) what stays fulfillable once
	// every line of the shipment has its units; the shipping service works them out.
	Reserved int `gorm:"-"`
	Left     int `gorm:"-"`
	// Bins are the bins (库位) of the shipment's warehouse holding the product, in code order, with their units.
	Bins []stock.BinStockRow `gorm:"-"`
}

// PickListOf loads the pick list of the company's shipment by its shipment id (FBA15... or LS...) as userID may see
// it, or ErrNotFound: also for another company's shipment, and for a shipment of a store group the user is not
// granted when the user is limited to some groups. Items are in local SKU order, the order shelves are usually
// walked in.
func PickListOf(db *models.DB, companyID, userID int64, shipmentID string) (*PickList, error) {
	var head struct {
		ID                                    int64
		ShipmentID                            string
		GroupName, Country, Center, Warehouse string
		Remark                                string
		WarehouseID                           int64
		Status                                int
		CreatedAt                             time.Time
		AuditedAt                             *time.Time
	}
	err := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Select(`shipments.id, shipments.shipment_id, shipments.center, shipments.remark, shipments.created_at,
			shipments.audited_at, shipments.warehouse_id, shipments.status, store_groups.name AS group_name,
			marketplaces.country, warehouses.name AS warehouse`).
		Joins("JOIN store_groups ON store_groups.id = shipments.group_id").
		Joins("JOIN marketplaces ON marketplaces.id = shipments.marketplace_id").
		Joins("JOIN warehouses ON warehouses.id = shipments.warehouse_id").
		Where("shipments.shipment_id = ?", shipmentID).Take(&head).Error
	if err != nil {
		return nil, err
	}
	pl := &PickList{ShipmentID: head.ShipmentID, GroupName: head.GroupName, Country: head.Country,
		Center: head.Center, Warehouse: head.Warehouse, Remark: head.Remark, CreatedAt: head.CreatedAt,
		AuditedAt: head.AuditedAt, Status: head.Status}
	err = db.Table("shipment_items").
		Select(`local_products.image, local_products.name, local_products.sku, shipment_items.seller_sku,
			local_products.carton_units, local_products.carton_weight, local_products.carton_length,
			local_products.carton_width, local_products.carton_height,
			COALESCE(stocks.fulfillable, 0) AS fulfillable, shipment_items.quantity, shipment_items.product_id,
			shipment_items.quantity_shipped`).
		Joins("JOIN local_products ON local_products.id = shipment_items.product_id").
		Joins("LEFT JOIN stocks ON stocks.warehouse_id = ? AND stocks.product_id = shipment_items.product_id", head.WarehouseID).
		Where("shipment_items.shipment_ref = ? AND shipment_items.company_id = ?", head.ID, companyID).
		Order("local_products.sku, shipment_items.seller_sku").Scan(&pl.Items).Error
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(pl.Items))
	for i, it := range pl.Items {
		ids[i] = it.ProductID
	}
	bins, err := stock.ProductBins(db, companyID, head.WarehouseID, ids)
	if err != nil {
		return nil, err
	}
	first := func(it PickListItem) string {
		if len(it.Bins) == 0 {
			return ""
		}
		return it.Bins[0].BinCode
	}
	for i := range pl.Items {
		pl.Items[i].Bins = bins[pl.Items[i].ProductID]
	}
	sort.SliceStable(pl.Items, func(i, j int) bool {
		return stock.BinOrderLess(first(pl.Items[i]), pl.Items[i].SKU, first(pl.Items[j]), pl.Items[j].SKU)
	})
	return pl, nil
}
