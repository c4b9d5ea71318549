package amazondata

import (
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// RemovalItem is a line of Amazon's removal order detail report: a SKU and disposition of a removal order (Return,
// Disposal or Liquidations) with what was requested, cancelled, disposed of, shipped and is still in process, and
// the fee charged for it.
type RemovalItem struct {
	ID                int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID         int64
	GroupID           int64
	SellerID          int64
	MarketplaceID     string
	OrderID           string
	RequestDate       time.Time
	LastUpdated       time.Time
	OrderSource       string
	OrderType         string
	ServiceSpeed      string
	OrderStatus       string
	SKU               string `gorm:"column:sku"`
	FNSKU             string `gorm:"column:fnsku"`
	Disposition       string
	RequestedQuantity int
	CancelledQuantity int
	DisposedQuantity  int
	ShippedQuantity   int
	InProcessQuantity int
	RemovalFee        models.Money
	Currency          string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// TableName: written for the search.
func (RemovalItem) TableName() string { return "fba_removal_order_items" }

// RemovalOrder is a removal order as 移除订单 lists it: its lines' sums, kept from them at each import.
type RemovalOrder struct {
	ID                int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID         int64
	GroupID           int64
	SellerID          int64
	MarketplaceID     string
	OrderID           string
	RequestDate       time.Time
	LastUpdated       time.Time
	OrderSource       string
	OrderType         string
	OrderStatus       string
	SKUs              string `gorm:"column:skus"`
	LineCount         int
	RequestedQuantity int
	CancelledQuantity int
	DisposedQuantity  int
	ShippedQuantity   int
	InProcessQuantity int
	RemovalFee        models.Money
	Currency          string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// TableName: written for the search.
func (RemovalOrder) TableName() string { return "fba_removal_orders" }

// RemovalShipment is a line of the removal shipment detail report: units of a return order's SKU that left a
// fulfilment centre in a package, with its carrier and tracking number.
type RemovalShipment struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	GroupID          int64
	SellerID         int64
	MarketplaceID    string
	OrderID          string
	RequestDate      time.Time
	ShipmentDate     time.Time
	SKU              string `gorm:"column:sku"`
	FNSKU            string `gorm:"column:fnsku"`
	Disposition      string
	ShippedQuantity  int
	Carrier          string
	TrackingNumber   string
	RemovalOrderType string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName: written for the search.
func (RemovalShipment) TableName() string { return "fba_removal_shipments" }

var removalItemsTable = &models.UpsertTable{
	Name: "fba_removal_order_items",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "order_id", "request_date", "last_updated",
		"order_source", "order_type", "service_speed", "order_status", "sku", "fnsku", "disposition", "requested_quantity",
		"cancelled_quantity", "disposed_quantity", "shipped_quantity", "in_process_quantity", "removal_fee", "currency",
		"created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "order_id", "sku", "fnsku", "disposition"},
	Keep: []string{"company_id"},
}

var removalOrdersTable = &models.UpsertTable{
	Name: "fba_removal_orders",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "order_id", "request_date", "last_updated",
		"order_source", "order_type", "order_status", "skus", "line_count", "requested_quantity", "cancelled_quantity",
		"disposed_quantity", "shipped_quantity", "in_process_quantity", "removal_fee", "currency", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "order_id"},
	Keep: []string{"company_id"},
}

var removalShipmentsTable = &models.UpsertTable{
	Name: "fba_removal_shipments",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "order_id", "request_date", "shipment_date",
		"sku", "fnsku", "disposition", "shipped_quantity", "carrier", "tracking_number", "removal_order_type", "created_at",
		"updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "order_id", "shipment_date", "sku", "fnsku", "disposition", "tracking_number"},
	Keep: []string{"company_id"},
}

// UpsertRemovalItems writes a batch of removal order lines (each key once) and, in the same transaction, the sums
// of every order the batch touched, read from all of its stored lines. It returns how many rows (lines and
// orders) were inserted or changed: 0 when the same lines are read again.
func UpsertRemovalItems(db *models.DB, lines []RemovalItem) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		n, err := tx.Upsert(removalItemsTable, len(lines), func(i int) []any {
			l := &lines[i]
			return []any{models.NewID(), l.CompanyID, l.GroupID, l.SellerID, l.MarketplaceID, l.OrderID, l.RequestDate.UTC(),
				l.LastUpdated.UTC(), l.OrderSource, l.OrderType, l.ServiceSpeed, l.OrderStatus, l.SKU, l.FNSKU, l.Disposition,
				l.RequestedQuantity, l.CancelledQuantity, l.DisposedQuantity, l.ShippedQuantity, l.InProcessQuantity,
				l.RemovalFee.Units(), l.Currency, now, now}
		})
		if err != nil {
			return err
		}
		written += n
		orders, err := removalOrdersOf(tx, lines, now)
		if err != nil {
			return err
		}
		n, err = tx.Upsert(removalOrdersTable, len(orders), func(i int) []any {
			o := &orders[i]
			return []any{models.NewID(), o.CompanyID, o.GroupID, o.SellerID, o.MarketplaceID, o.OrderID, o.RequestDate,
				o.LastUpdated, o.OrderSource, o.OrderType, o.OrderStatus, o.SKUs, o.LineCount, o.RequestedQuantity,
				o.CancelledQuantity, o.DisposedQuantity, o.ShippedQuantity, o.InProcessQuantity, o.RemovalFee.Units(),
				o.Currency, now, now}
		})
		written += n
		return err
	})
	return written, err
}

// removalOrdersOf sums the stored lines of the orders lines belong to (one seller account and marketplace per
// file), an order per key.
func removalOrdersOf(tx *models.DB, lines []RemovalItem, now time.Time) ([]RemovalOrder, error) {
	type key struct {
		seller      int64
		marketplace string
	}
	ids := map[key][]string{}
	for _, l := range lines {
		k := key{l.SellerID, l.MarketplaceID}
		if !slices.Contains(ids[k], l.OrderID) {
			ids[k] = append(ids[k], l.OrderID)
		}
	}
	var out []RemovalOrder
	for k, orderIDs := range ids {
		var stored []RemovalItem
		if err := tx.Where("seller_id = ? AND marketplace_id = ? AND order_id IN ?", k.seller, k.marketplace, orderIDs).
			Order("order_id, sku, fnsku, disposition").Find(&stored).Error; err != nil {
			return nil, err
		}
		at := map[string]int{}
		for _, l := range stored {
			i, ok := at[l.OrderID]
			if !ok {
				i = len(out)
				at[l.OrderID] = i
				out = append(out, RemovalOrder{CompanyID: l.CompanyID, GroupID: l.GroupID, SellerID: l.SellerID,
					MarketplaceID: l.MarketplaceID, OrderID: l.OrderID, RequestDate: l.RequestDate.UTC(), OrderSource: l.OrderSource,
					OrderType: l.OrderType, Currency: l.Currency, RemovalFee: models.MoneyFromUnits(0)})
			}
			o := &out[i]
			// The order's status and last change are its latest line's.
			if !l.LastUpdated.Before(o.LastUpdated) {
				o.LastUpdated, o.OrderStatus = l.LastUpdated.UTC(), l.OrderStatus
			}
			if l.RequestDate.Before(o.RequestDate) {
				o.RequestDate = l.RequestDate.UTC()
			}
			for _, s := range []string{l.SKU, l.FNSKU} {
				if s != "" && !slices.Contains(strings.Fields(o.SKUs), s) {
					o.SKUs = strings.TrimSpace(o.SKUs + " " + s)
				}
			}
			o.LineCount++
			o.RequestedQuantity += l.RequestedQuantity
			o.CancelledQuantity += l.CancelledQuantity
			o.DisposedQuantity += l.DisposedQuantity
			o.ShippedQuantity += l.ShippedQuantity
			o.InProcessQuantity += l.InProcessQuantity
			o.RemovalFee = models.MoneyFromUnits(o.RemovalFee.Units() + l.RemovalFee.Units())
		}
	}
	return out, nil
}

// UpsertRemovalShipments writes a batch of removal packages (each key once) in one transaction and returns how
// many rows were inserted or changed.
func UpsertRemovalShipments(db *models.DB, lines []RemovalShipment) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return upsertIn(db, removalShipmentsTable, len(lines), func(i int) []any {
		s := &lines[i]
		return []any{models.NewID(), s.CompanyID, s.GroupID, s.SellerID, s.MarketplaceID, s.OrderID, s.RequestDate.UTC(),
			s.ShipmentDate.UTC(), s.SKU, s.FNSKU, s.Disposition, s.ShippedQuantity, s.Carrier, s.TrackingNumber,
			s.RemovalOrderType, now, now}
	})
}

// RemovalItemsOfSeller lists a seller account's removal order lines by marketplace, order and SKU.
func RemovalItemsOfSeller(db *models.DB, companyID, sellerID int64) ([]RemovalItem, error) {
	out := []RemovalItem{}
	err := db.Scopes(models.InCompany("fba_removal_order_items", companyID)).Where("fba_removal_order_items.seller_id = ?", sellerID).
		Order("marketplace_id, order_id, sku, fnsku, disposition").Find(&out).Error
	return out, err
}

// RemovalShipmentsOfSeller lists a seller account's removal packages by marketplace, order and shipment date.
func RemovalShipmentsOfSeller(db *models.DB, companyID, sellerID int64) ([]RemovalShipment, error) {
	out := []RemovalShipment{}
	err := db.Scopes(models.InCompany("fba_removal_shipments", companyID)).Where("fba_removal_shipments.seller_id = ?", sellerID).
		Order("marketplace_id, order_id, shipment_date, sku, tracking_number").Find(&out).Error
	return out, err
}

// RemovalFilter selects the removal orders of the store groups UserID is granted: of a store group and
// marketplace, requested in [From, To) (zero for open), of a type and status, whose order id, SKU or FNSKU
// contains Keyword.
type RemovalFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	From, To      time.Time
	OrderType     string
	OrderStatus   string
	Keyword       string
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

func (f RemovalFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("fba_removal_orders").Scopes(models.InCompany("fba_removal_orders", companyID),
		models.InGrantedGroups("fba_removal_orders.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("fba_removal_orders.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("fba_removal_orders.marketplace_id = ?", f.MarketplaceID)
	}
	if f.OrderType != "" {
		q = q.Where("fba_removal_orders.order_type = ?", f.OrderType)
	}
	if f.OrderStatus != "" {
		q = q.Where("fba_removal_orders.order_status = ?", f.OrderStatus)
	}
	if !f.From.IsZero() {
		q = q.Where("fba_removal_orders.request_date >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("fba_removal_orders.request_date < ?", f.To)
	}
	return db.ContainsKeyword(q, f.Keyword, "fba_removal_orders.order_id", "fba_removal_orders.skus")
}

// RemovalOrderRow is a removal order as 移除订单 lists it, with its store group's name and how many packages
// Amazon shipped for it.
type RemovalOrderRow struct {
	RemovalOrder
	GroupName string
	Packages  int
}

const removalPackages = `(SELECT COUNT(DISTINCT rs.tracking_number) FROM fba_removal_shipments rs WHERE rs.seller_id = fba_removal_orders.seller_id
	AND rs.marketplace_id = fba_removal_orders.marketplace_id AND rs.order_id = fba_removal_orders.order_id)`

// RemovalOrderPage lists a page of removal orders, the latest request first unless another order is asked.
func RemovalOrderPage(db *models.DB, companyID int64, f RemovalFilter) ([]RemovalOrderRow, int64, error) {
	rows := []RemovalOrderRow{}
	order := models.ByKeys("fba_removal_orders", true, "request_date")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_removal_orders", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_removal_orders.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_removal_orders").Scopes(models.InCompany("fba_removal_orders", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_removal_orders.group_id").
			Select("fba_removal_orders.*, store_groups.name AS group_name, " + removalPackages + " AS packages")
	}, &rows)
	return rows, total, err
}

// RemovalOrderOf finds a removal order of the company in a store group the user is granted, with its lines and
// packages; gorm.ErrRecordNotFound when there is none.
func RemovalOrderOf(db *models.DB, companyID, userID, id int64) (*RemovalOrderRow, []RemovalItem, []RemovalShipment, error) {
	var o RemovalOrderRow
	err := db.Table("fba_removal_orders").Scopes(models.InCompany("fba_removal_orders", companyID),
		models.InGrantedGroups("fba_removal_orders.group_id", userID)).
		Joins("JOIN store_groups ON store_groups.id = fba_removal_orders.group_id").
		Select("fba_removal_orders.*, store_groups.name AS group_name, "+removalPackages+" AS packages").
		Where("fba_removal_orders.id = ?", id).Take(&o).Error
	if err != nil {
		return nil, nil, nil, err
	}
	items := []RemovalItem{}
	if err := db.Where("company_id = ? AND seller_id = ? AND marketplace_id = ? AND order_id = ?", companyID, o.SellerID,
		o.MarketplaceID, o.OrderID).Order("sku, disposition").Find(&items).Error; err != nil {
		return nil, nil, nil, err
	}
	shipments := []RemovalShipment{}
	if err := db.Where("company_id = ? AND seller_id = ? AND marketplace_id = ? AND order_id = ?", companyID, o.SellerID,
		o.MarketplaceID, o.OrderID).Order("shipment_date, sku, tracking_number").Find(&shipments).Error; err != nil {
		return nil, nil, nil, err
	}
	return &o, items, shipments, nil
}
