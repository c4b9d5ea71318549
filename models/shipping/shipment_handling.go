package shipping

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/stock"
)

// The queries of shipment plans and of shipment handling (货件处理). Every one is scoped by the company; the
// business rules (which status may go where, which stock moves) are the service's.

// ShipmentEvent is one line of a shipment's timeline: a handling step done or cancelled, the local status it
// left, and who did it.
type ShipmentEvent struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	ShipmentRef int64
	Action      string
	Status      int
	// AmazonStatus is Amazon's status the event left (shipped shipments only).
	AmazonStatus string
	Detail       string
	OperatorID   *int64
	CreatedAt    time.Time
	// Operator is the user's name, read with the timeline.
	Operator string `gorm:"->;-:migration"`
}

// BeforeCreate gives a new event its id.
func (e *ShipmentEvent) BeforeCreate(*gorm.DB) error {
	if e.ID == 0 {
		e.ID = models.NewID()
	}
	return nil
}

// PlanRow is a shipment plan as its list shows it: with its store group's and warehouse's names and its totals.
type PlanRow struct {
	ShipmentPlan
	GroupName     string
	WarehouseName string
	SKUCount      int `gorm:"column:sku_count"`
	Quantity      int
}

// PlanFilter narrows the plan list; Status nil is every status. OrderBy is a column the caller checked.
type PlanFilter struct {
	UserID  int64 // only the store groups this user is granted
	Status  *int
	Number  string
	OrderBy string
	Desc    bool
	Offset  int
	Limit   int
	Anchor  models.Anchor
}

// ShipmentPlanPage lists a page of the company's plans, newest first unless another order is asked.
func ShipmentPlanPage(db *models.DB, companyID int64, f PlanFilter) ([]PlanRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("shipment_plans").Scopes(models.InCompany("shipment_plans", companyID), models.InGrantedGroups("shipment_plans.group_id", f.UserID))
		if f.Status != nil {
			q = q.Where("shipment_plans.status = ?", *f.Status)
		}
		if f.Number != "" {
			q = q.Where("shipment_plans.number LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Number))
		}
		return q
	}
	rows := []PlanRow{}
	p := models.PageQuery{Matching: base, ID: "shipment_plans.id", Order: models.ListOrder("shipment_plans", f.OrderBy, f.Desc),
		Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("shipment_plans").Scopes(models.InCompany("shipment_plans", companyID)).Select(`shipment_plans.*, store_groups.name AS group_name, warehouses.name AS warehouse_name,
		(SELECT COUNT(*) FROM shipment_plan_items i WHERE i.plan_id = shipment_plans.id) AS sku_count,
		(SELECT COALESCE(SUM(i.quantity), 0) FROM shipment_plan_items i WHERE i.plan_id = shipment_plans.id) AS quantity`).
			Joins("JOIN store_groups ON store_groups.id = shipment_plans.group_id").
			Joins("JOIN warehouses ON warehouses.id = shipment_plans.warehouse_id")
	}, &rows)
	return rows, total, err
}

// ShipmentPlanByID loads one of the company's plans of a store group the user is granted, or ErrNotFound.
func ShipmentPlanByID(db *models.DB, companyID, userID, id int64) (*ShipmentPlan, error) {
	var p ShipmentPlan
	err := db.Scopes(models.InCompany("shipment_plans", companyID), models.InGrantedGroups("shipment_plans.group_id", userID)).
		First(&p, "shipment_plans.id = ?", id).Error
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// ShipmentIDOfPlan is Amazon's id of the shipment made from a plan that is neither cancelled nor rejected (a
// cancelled one gives its plan back), or "" when there is none.
func ShipmentIDOfPlan(db *models.DB, companyID, planID int64) (string, error) {
	var ids []string
	err := db.Model(&Shipment{}).Where("company_id = ? AND plan_id = ? AND status > ?", companyID, planID, ShipmentCancelled).
		Order("created_at DESC").Limit(1).Pluck("shipment_id", &ids).Error
	if err != nil || len(ids) == 0 {
		return "", err
	}
	return ids[0], nil
}

// ShipListingRow is a seller SKU paired with a local product, with the product's fulfillable stock in a warehouse:
// what a plan or a shipment offers to pick from.
type ShipListingRow struct {
	ProductID   int64
	SKU         string `gorm:"column:sku"`
	Name        string
	Image       string
	SellerSKU   string `gorm:"column:seller_sku"`
	FNSKU       string `gorm:"column:fnsku"`
	Fulfillable int
}

// PairedListings lists the store group's listings in the marketplace that are paired with a product of the
// company, with the product's fulfillable stock in the warehouse; search narrows by SKU, seller SKU or name.
func PairedListings(db *models.DB, companyID, groupID int64, marketplaceID string, warehouseID int64, search string, limit int) ([]ShipListingRow, error) {
	q := db.Table("listings").Scopes(models.InCompany("listings", companyID)).
		Select(`local_products.id AS product_id, local_products.sku, local_products.name, local_products.image,
			listings.seller_sku, listings.fnsku, COALESCE(stocks.fulfillable, 0) AS fulfillable`).
		Joins("JOIN local_products ON local_products.id = listings.product_id AND local_products.company_id = listings.company_id").
		Joins("LEFT JOIN stocks ON stocks.product_id = local_products.id AND stocks.warehouse_id = ?", warehouseID).
		Where("listings.group_id = ? AND listings.marketplace_id = ?", groupID, marketplaceID)
	q = db.ContainsKeyword(q, search, "local_products.sku", "listings.seller_sku", "local_products.name")
	var rows []ShipListingRow
	err := q.Order("local_products.sku, listings.seller_sku").Limit(limit).Scan(&rows).Error
	return rows, err
}

// PairedListing finds one seller SKU of the store group in the marketplace, paired with a product; ErrNotFound
// when there is none or it is not paired.
func PairedListing(db *models.DB, companyID, groupID int64, marketplaceID string, warehouseID int64, sellerSKU string) (*ShipListingRow, error) {
	var rows []ShipListingRow
	err := db.Table("listings").Scopes(models.InCompany("listings", companyID)).
		Select(`local_products.id AS product_id, local_products.sku, local_products.name, local_products.image,
			listings.seller_sku, listings.fnsku, COALESCE(stocks.fulfillable, 0) AS fulfillable`).
		Joins("JOIN local_products ON local_products.id = listings.product_id AND local_products.company_id = listings.company_id").
		Joins("LEFT JOIN stocks ON stocks.product_id = local_products.id AND stocks.warehouse_id = ?", warehouseID).
		Where("listings.group_id = ? AND listings.marketplace_id = ? AND listings.seller_sku = ?", groupID, marketplaceID, sellerSKU).
		Limit(1).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	return &rows[0], nil
}

// PlanItemRow is a plan's item with its product and listing, and the product's fulfillable stock in the plan's
// warehouse.
type PlanItemRow struct {
	ShipmentPlanItem
	SKU         string `gorm:"column:sku"`
	Name        string
	Image       string
	FNSKU       string `gorm:"column:fnsku"`
	Fulfillable int
}

// ShipmentPlanItems lists a plan's items in the order they were added.
func ShipmentPlanItems(db *models.DB, companyID int64, plan *ShipmentPlan) ([]PlanItemRow, error) {
	var rows []PlanItemRow
	err := db.Table("shipment_plan_items").Scopes(models.InCompany("shipment_plan_items", companyID)).
		Select(`shipment_plan_items.*, local_products.sku, local_products.name, local_products.image,
			COALESCE(listings.fnsku, '') AS fnsku, COALESCE(stocks.fulfillable, 0) AS fulfillable`).
		Joins("JOIN local_products ON local_products.id = shipment_plan_items.product_id").
		Joins("LEFT JOIN listings ON listings.company_id = shipment_plan_items.company_id AND listings.group_id = ? AND listings.marketplace_id = ? AND listings.seller_sku = shipment_plan_items.seller_sku",
			plan.GroupID, plan.MarketplaceID).
		Joins("LEFT JOIN stocks ON stocks.product_id = shipment_plan_items.product_id AND stocks.warehouse_id = ?", plan.WarehouseID).
		Where("shipment_plan_items.plan_id = ?", plan.ID).Order("shipment_plan_items.id").Scan(&rows).Error
	return rows, err
}

// ReplaceShipmentPlanItems makes items the plan's items.
func ReplaceShipmentPlanItems(db *models.DB, companyID, planID int64, items []ShipmentPlanItem) error {
	for i := range items {
		items[i].CompanyID, items[i].PlanID = companyID, planID
	}
	if err := db.Where("company_id = ? AND plan_id = ?", companyID, planID).Delete(&ShipmentPlanItem{}).Error; err != nil {
		return err
	}
	if len(items) == 0 {
		return nil
	}
	return db.Create(&items).Error
}

// ShipmentRow is a shipment as its list shows it: with its store group's and warehouse's names and its totals.
type ShipmentRow struct {
	Shipment
	GroupName     string
	WarehouseName string
	SKUCount      int `gorm:"column:sku_count"`
	Quantity      int
}

// ShipmentFilter narrows the shipment list; Status nil is every status.
type ShipmentFilter struct {
	UserID int64 // only the store groups this user is granted
	Status *int
	// AmazonStatuses, when set, keeps only shipments whose Amazon status is one of these.
	AmazonStatuses []string
	ShipmentID     string
	OrderBy        string
	Desc           bool
	Offset         int
	Limit          int
	Anchor         models.Anchor
}

// ShipmentPage lists a page of the company's shipments, newest first unless another order is asked.
func ShipmentPage(db *models.DB, companyID int64, f ShipmentFilter) ([]ShipmentRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", f.UserID))
		if f.Status != nil {
			q = q.Where("shipments.status = ?", *f.Status)
		}
		if len(f.AmazonStatuses) > 0 {
			q = q.Where("shipments.amazon_status IN ?", f.AmazonStatuses)
		}
		if f.ShipmentID != "" {
			q = q.Where("shipments.shipment_id LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.ShipmentID))
		}
		return q
	}
	rows := []ShipmentRow{}
	p := models.PageQuery{Matching: base, ID: "shipments.id", Order: models.ListOrder("shipments", f.OrderBy, f.Desc),
		Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("shipments").Scopes(models.InCompany("shipments", companyID)).Select(shipmentRowColumns).
			Joins("JOIN store_groups ON store_groups.id = shipments.group_id").
			Joins("JOIN warehouses ON warehouses.id = shipments.warehouse_id")
	}, &rows)
	return rows, total, err
}

const shipmentRowColumns = `shipments.*, store_groups.name AS group_name, warehouses.name AS warehouse_name,
	(SELECT COUNT(*) FROM shipment_items i WHERE i.shipment_ref = shipments.id) AS sku_count,
	(SELECT COALESCE(SUM(i.quantity), 0) FROM shipment_items i WHERE i.shipment_ref = shipments.id) AS quantity`

// ShipmentRowByShipmentID loads one of the company's shipments of a store group the user is granted by its
// shipment id, with its names and totals, or ErrNotFound.
func ShipmentRowByShipmentID(db *models.DB, companyID, userID int64, shipmentID string) (*ShipmentRow, error) {
	var rows []ShipmentRow
	err := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Select(shipmentRowColumns).
		Joins("JOIN store_groups ON store_groups.id = shipments.group_id").
		Joins("JOIN warehouses ON warehouses.id = shipments.warehouse_id").
		Where("shipments.shipment_id = ?", shipmentID).Limit(1).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	return &rows[0], nil
}

// LockShipment loads one of the company's shipments of a store group the user is granted by its shipment id
// and locks it until the transaction ends, so that two handlers of the same shipment take their steps one after
// the other.
func LockShipment(db *models.DB, companyID, userID int64, shipmentID string) (*Shipment, error) {
	var s Shipment
	err := db.ForUpdate().Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		First(&s, "shipments.shipment_id = ?", shipmentID).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// ShipmentItemRow is a shipment's item with its product's SKU, name and image.
type ShipmentItemRow struct {
	ShipmentItem
	SKU   string `gorm:"column:sku"`
	Name  string
	Image string
}

// ShipmentItemsOf lists a shipment's items in the order they were added.
func ShipmentItemsOf(db *models.DB, companyID, shipmentRef int64) ([]ShipmentItemRow, error) {
	var rows []ShipmentItemRow
	err := db.Table("shipment_items").Scopes(models.InCompany("shipment_items", companyID)).
		Select("shipment_items.*, local_products.sku, local_products.name, local_products.image").
		Joins("JOIN local_products ON local_products.id = shipment_items.product_id").
		Where("shipment_items.shipment_ref = ?", shipmentRef).Order("shipment_items.id").Scan(&rows).Error
	return rows, err
}

// CartonWithItems is a carton of a shipment and how many units of each item it holds.
type CartonWithItems struct {
	ShipmentCarton
	Items []ShipmentCartonItem
}

// ShipmentCartonsOf lists a shipment's cartons by number, each with its contents.
func ShipmentCartonsOf(db *models.DB, companyID, shipmentRef int64) ([]CartonWithItems, error) {
	var cartons []ShipmentCarton
	err := db.Scopes(models.InCompany("shipment_cartons", companyID)).Where("shipment_ref = ?", shipmentRef).
		Order("number").Find(&cartons).Error
	if err != nil || len(cartons) == 0 {
		return nil, err
	}
	ids := make([]int64, len(cartons))
	for i, c := range cartons {
		ids[i] = c.ID
	}
	var contents []ShipmentCartonItem
	if err := db.Where("carton_id IN ?", ids).Order("carton_id, item_id").Find(&contents).Error; err != nil {
		return nil, err
	}
	out := make([]CartonWithItems, len(cartons))
	for i, c := range cartons {
		out[i].ShipmentCarton = c
		for _, ci := range contents {
			if ci.CartonID == c.ID {
				out[i].Items = append(out[i].Items, ci)
			}
		}
	}
	return out, nil
}

// SaveShipmentCartons writes a shipment's cartons with their contents.
func SaveShipmentCartons(db *models.DB, cartons []CartonWithItems) error {
	for i := range cartons {
		if err := db.Create(&cartons[i].ShipmentCarton).Error; err != nil {
			return err
		}
		for j := range cartons[i].Items {
			cartons[i].Items[j].CartonID = cartons[i].ID
		}
		if len(cartons[i].Items) > 0 {
			if err := db.Create(&cartons[i].Items).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// DeleteShipmentCartons removes a shipment's cartons and their contents.
func DeleteShipmentCartons(db *models.DB, companyID, shipmentRef int64) error {
	cartons := db.Model(&ShipmentCarton{}).Select("id").Where("company_id = ? AND shipment_ref = ?", companyID, shipmentRef)
	if err := db.Where("carton_id IN (?)", cartons).Delete(&ShipmentCartonItem{}).Error; err != nil {
		return err
	}
	return db.Where("company_id = ? AND shipment_ref = ?", companyID, shipmentRef).Delete(&ShipmentCarton{}).Error
}

// ShipmentEventsOf lists a shipment's timeline, oldest first, with the operators' names.
func ShipmentEventsOf(db *models.DB, companyID, shipmentRef int64) ([]ShipmentEvent, error) {
	var rows []ShipmentEvent
	err := db.Table("shipment_events").Scopes(models.InCompany("shipment_events", companyID)).
		Select("shipment_events.*, COALESCE(user_profiles.name, '') AS operator").
		Joins("LEFT JOIN user_profiles ON user_profiles.user_id = shipment_events.operator_id").
		Where("shipment_events.shipment_ref = ?", shipmentRef).Order("shipment_events.created_at, shipment_events.id").
		Scan(&rows).Error
	return rows, err
}

// ShipmentIDTaken says whether the company already has a shipment with Amazon's shipment id.
func ShipmentIDTaken(db *models.DB, companyID int64, shipmentID string) (bool, error) {
	var n int64
	err := db.Model(&Shipment{}).Scopes(models.InCompany("shipments", companyID)).Where("shipment_id = ?", shipmentID).Count(&n).Error
	return n > 0, err
}

// ShippingWarehouses lists the company's warehouses the user may see that are not disabled, by name: where
// shipments leave from (an overseas one's stock is moved as an own one's).
func ShippingWarehouses(db *models.DB, companyID, userID int64) ([]stock.Warehouse, error) {
	var rows []stock.Warehouse
	err := db.Scopes(db.VisibleWarehouses(companyID, userID)).Where("disabled = ?", false).Order("name, id").Find(&rows).Error
	return rows, err
}

// ShippingWarehouse loads one of the company's warehouses the user may see, or ErrNotFound.
func ShippingWarehouse(db *models.DB, companyID, userID, id int64) (*stock.Warehouse, error) {
	var w stock.Warehouse
	if err := db.Scopes(db.VisibleWarehouses(companyID, userID)).First(&w, "warehouses.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &w, nil
}

// CreateShipmentPlan writes a new plan with its items.
func CreateShipmentPlan(db *models.DB, plan *ShipmentPlan, items []ShipmentPlanItem) error {
	if err := db.Create(plan).Error; err != nil {
		return err
	}
	return ReplaceShipmentPlanItems(db, plan.CompanyID, plan.ID, items)
}

// SaveShipmentPlan writes a changed plan and makes items its items.
func SaveShipmentPlan(db *models.DB, plan *ShipmentPlan, items []ShipmentPlanItem) error {
	if err := db.Save(plan).Error; err != nil {
		return err
	}
	return ReplaceShipmentPlanItems(db, plan.CompanyID, plan.ID, items)
}

// SetShipmentPlanStatus writes a plan's new status.
func SetShipmentPlanStatus(db *models.DB, plan *ShipmentPlan) error {
	return db.Model(plan).Scopes(models.InCompany("shipment_plans", plan.CompanyID)).
		Updates(map[string]any{"status": plan.Status, "updated_at": plan.UpdatedAt}).Error
}

// CreateShipment writes a new shipment with its items.
func CreateShipment(db *models.DB, sh *Shipment, items []ShipmentItem) error {
	if err := db.Create(sh).Error; err != nil {
		return err
	}
	for i := range items {
		items[i].CompanyID, items[i].ShipmentRef = sh.CompanyID, sh.ID
	}
	return db.Create(&items).Error
}

// AddShipmentEvent writes a line of a shipment's timeline.
func AddShipmentEvent(db *models.DB, e *ShipmentEvent) error {
	return db.Omit("Operator").Create(e).Error
}

// SaveShipmentState writes what the handling steps change on a shipment: its states, dates and shipping details.
func SaveShipmentState(db *models.DB, sh *Shipment) error {
	return db.Model(sh).Scopes(models.InCompany("shipments", sh.CompanyID)).Select("status", "amazon_status", "audited_at", "shipped_at", "carrier", "channel", "tracking",
		"freight", "inbound_status", "inbound_checked_at", "status_by_hand", "updated_at").Updates(sh).Error
}

// SetShipmentItemQuantities writes an item's shipped and received quantities.
func SetShipmentItemQuantities(db *models.DB, item *ShipmentItem) error {
	return db.Model(item).Scopes(models.InCompany("shipment_items", item.CompanyID)).
		Select("quantity_shipped", "quantity_received", "inbound_shipped", "inbound_received", "received_by_hand").Updates(item).Error
}

// InboundFinal are Amazon's statuses after which a shipment no longer changes: the Inbound API is not asked again.
var InboundFinal = []string{"CLOSED", "CANCELLED", "DELETED"}

// OpenInboundShipments are the company's shipped shipments of store groups the user is granted that Amazon may
// still move on (an Amazon shipment id, FBA..., and no final status from the Inbound API yet), optionally one by
// its shipment id, by store group and marketplace.
func OpenInboundShipments(db *models.DB, companyID, userID int64, shipmentID string) ([]Shipment, error) {
	var out []Shipment
	q := db.Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", userID)).
		Where("shipments.status = ? AND shipments.shipment_id LIKE 'FBA%' AND shipments.inbound_status NOT IN ?", ShipmentShipped, InboundFinal)
	if shipmentID != "" {
		q = q.Where("shipments.shipment_id = ?", shipmentID)
	}
	err := q.Order("shipments.group_id, shipments.marketplace_id, shipments.shipment_id").Find(&out).Error
	return out, err
}

// PairedAmazonSKUs are the store group's listings in the marketplace paired with a product whose seller SKU or
// FNSKU is one of those given: how an Amazon shipment's lines find their local products.
func PairedAmazonSKUs(db *models.DB, companyID, groupID int64, marketplaceID string, sellerSKUs, fnskus []string) ([]ShipListingRow, error) {
	var rows []ShipListingRow
	if len(sellerSKUs) == 0 && len(fnskus) == 0 {
		return rows, nil
	}
	err := db.Table("listings").Scopes(models.InCompany("listings", companyID)).
		Select(`local_products.id AS product_id, local_products.sku, local_products.name, local_products.image,
			listings.seller_sku, listings.fnsku`).
		Joins("JOIN local_products ON local_products.id = listings.product_id AND local_products.company_id = listings.company_id").
		Where("listings.group_id = ? AND listings.marketplace_id = ?", groupID, marketplaceID).
		Where("listings.seller_sku IN ? OR listings.fnsku IN ?", nonEmpty(sellerSKUs), nonEmpty(fnskus)).
		Order("listings.seller_sku").Scan(&rows).Error
	return rows, err
}

// ShipmentIDsTaken are those of the shipment ids the company already has.
func ShipmentIDsTaken(db *models.DB, companyID int64, ids []string) ([]string, error) {
	var out []string
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Model(&Shipment{}).Where("company_id = ? AND shipment_id IN ?", companyID, ids).Pluck("shipment_id", &out).Error
	return out, err
}

// nonEmpty drops blank values; an empty list becomes one no column holds ("-"), so that IN stays valid SQL.
func nonEmpty(values []string) []string {
	var out []string
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		out = []string{"-"}
	}
	return out
}
