package purchase

import (
	"errors"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ReplenishmentSettings are a company's default inputs of 亚马逊补货计划 (see 00090_replenishment.sql).
type ReplenishmentSettings struct {
	CompanyID      int64 `gorm:"primaryKey;autoIncrement:false"`
	Weight7        int   `gorm:"column:weight7"`
	Weight14       int   `gorm:"column:weight14"`
	Weight30       int   `gorm:"column:weight30"`
	Weight60       int   `gorm:"column:weight60"`
	ProductionDays int
	FirstLegDays   int
	ReceivingDays  int
	SafetyDays     int
	CycleDays      int
	UpdatedAt      time.Time
}

// ReplenishmentSKUSetting is a seller SKU's own inputs in one store group's marketplace; nil takes the default.
type ReplenishmentSKUSetting struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID      int64
	GroupID        int64
	MarketplaceID  string
	SKU            string `gorm:"column:sku"`
	ProductionDays *int
	FirstLegDays   *int
	ReceivingDays  *int
	SafetyDays     *int
	CycleDays      *int
	AdjustPercent  int
	UpdatedAt      time.Time
}

// BeforeCreate gives a new setting its id.
func (s *ReplenishmentSKUSetting) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// Settings loads the company's defaults; found is false while it has none of its own.
func Settings(db *models.DB, companyID int64) (s ReplenishmentSettings, found bool, err error) {
	err = db.Where("company_id = ?", companyID).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return s, false, nil
	}
	return s, err == nil, err
}

// SaveSettings stores the company's defaults.
func SaveSettings(db *models.DB, s *ReplenishmentSettings) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"weight7", "weight14", "weight30", "weight60", "production_days",
			"first_leg_days", "receiving_days", "safety_days", "cycle_days", "updated_at"})}).Create(s).Error
}

// SKUSettings loads every seller SKU setting of the company.
func SKUSettings(db *models.DB, companyID int64) ([]ReplenishmentSKUSetting, error) {
	var out []ReplenishmentSKUSetting
	err := db.Where("company_id = ?", companyID).Find(&out).Error
	return out, err
}

// SaveSKUSetting stores a seller SKU's inputs, replacing those it had.
func SaveSKUSetting(db *models.DB, s *ReplenishmentSKUSetting) error {
	return db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "marketplace_id"}, {Name: "sku"}},
		DoUpdates: clause.AssignmentColumns([]string{"production_days", "first_leg_days", "receiving_days", "safety_days",
			"cycle_days", "adjust_percent", "updated_at"})}).Create(s).Error
}

// PlanKey names a replenishment line: a seller SKU of a store group in a marketplace.
type PlanKey struct {
	GroupID       int64
	MarketplaceID string
	SKU           string
}

// PlanFBA is Amazon's last word on a line's FBA stock, with its listing's names.
type PlanFBA struct {
	GroupID          int64
	MarketplaceID    string
	SKU              string `gorm:"column:sku"`
	ASIN             string `gorm:"column:asin"`
	Name             string
	Fulfillable      int
	Reserved         int
	InboundWorking   int
	InboundShipped   int
	InboundReceiving int
}

// PlanSales is a line's kept sales (replenishment_sales): the units sold and the days out of stock in the 7, 14, 30
// and 60 days before the day they were summed for.
type PlanSales struct {
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Units7        int    `gorm:"column:units7"`
	Units14       int    `gorm:"column:units14"`
	Units30       int    `gorm:"column:units30"`
	Units60       int    `gorm:"column:units60"`
	Out7          int    `gorm:"column:out7"`
	Out14         int    `gorm:"column:out14"`
	Out30         int    `gorm:"column:out30"`
	Out60         int    `gorm:"column:out60"`
}

// planSalesSQL sums a company's lines' last 60 days before @last + 1 day: units from the daily sales summary, and
// the days whose sellable units, summed over the fulfilment centres, started and ended at zero. Such a day has a
// balance that started at zero or less (fba_ledger_balances_out, 00157): only those days are summed.
const planSalesSQL = `INSERT INTO replenishment_sales (company_id, group_id, marketplace_id, sku, units7, units14, units30,
	units60, out7, out14, out30, out60)
	SELECT @company, group_id, marketplace_id, sku, SUM(u7), SUM(u14), SUM(u30), SUM(u60), SUM(o7), SUM(o14), SUM(o30), SUM(o60)
	FROM (
		SELECT group_id, marketplace_id, sku, SUM(CASE WHEN day >= @d7 THEN units ELSE 0 END) AS u7,
			SUM(CASE WHEN day >= @d14 THEN units ELSE 0 END) AS u14, SUM(CASE WHEN day >= @d30 THEN units ELSE 0 END) AS u30,
			SUM(units) AS u60, 0 AS o7, 0 AS o14, 0 AS o30, 0 AS o60
		FROM sales_sku_days WHERE company_id = @company AND day >= @d60 AND day <= @last
		GROUP BY group_id, marketplace_id, sku
		UNION ALL
		SELECT group_id, marketplace_id, sku, 0, 0, 0, 0, SUM(CASE WHEN day >= @d7 THEN 1 ELSE 0 END),
			SUM(CASE WHEN day >= @d14 THEN 1 ELSE 0 END), SUM(CASE WHEN day >= @d30 THEN 1 ELSE 0 END), COUNT(*)
		FROM (SELECT b.group_id, b.marketplace_id, b.sku, b.day FROM fba_ledger_balances b
			JOIN (SELECT DISTINCT group_id, marketplace_id, sku, day FROM fba_ledger_balances
				WHERE company_id = @company AND disposition = 'SELLABLE' AND starting <= 0 AND day >= @d60 AND day <= @last) c
			ON b.company_id = @company AND b.sku = c.sku AND b.day = c.day AND b.group_id = c.group_id
				AND b.marketplace_id = c.marketplace_id
			WHERE b.disposition = 'SELLABLE'
			GROUP BY b.group_id, b.marketplace_id, b.sku, b.day HAVING SUM(b.starting) <= 0 AND SUM(b.ending) <= 0) o
		GROUP BY group_id, marketplace_id, sku
	) s GROUP BY group_id, marketplace_id, sku`

// EnsurePlanSales makes the company's kept sales those of the 60 days before asOf (yyyy-MM-dd) at version (read
// before: the sales and ledger generations), summing them again, whole and in one transaction, unless they are.
func EnsurePlanSales(db *models.DB, companyID int64, asOf time.Time, version int64) error {
	day := asOf.Format(time.DateOnly)
	built := func(tx *models.DB) (bool, error) {
		var n int64
		err := tx.Table("replenishment_sales_built").Where("company_id = ? AND as_of = ? AND version = ?", companyID, day, version).
			Count(&n).Error
		return n > 0, err
	}
	if ok, err := built(db); ok || err != nil {
		return err
	}
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		// Users asking at once: the company's row lock lets one sum while the others wait, then find it done.
		var id int64
		if err := tx.ForUpdate().Table("companies").Where("id = ?", companyID).Select("id").Scan(&id).Error; err != nil {
			return err
		}
		if ok, err := built(tx); ok || err != nil {
			return err
		}
		if err := tx.Exec("DELETE FROM replenishment_sales WHERE company_id = ?", companyID).Error; err != nil {
			return err
		}
		back := func(n int) string { return asOf.AddDate(0, 0, -n).Format(time.DateOnly) }
		err := tx.Exec(planSalesSQL, map[string]any{"company": companyID, "d7": back(7), "d14": back(14), "d30": back(30),
			"d60": back(60), "last": back(1)}).Error
		if err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO replenishment_sales_built (company_id, as_of, version) VALUES (?, ?, ?)
			ON CONFLICT (company_id) DO UPDATE SET as_of = excluded.as_of, version = excluded.version`, companyID, day, version).Error
	})
}

// PlanListing is a paired listing: its local product, the product's supplier and entered price (yuan).
type PlanListing struct {
	GroupID       int64
	MarketplaceID string
	SellerSKU     string
	ProductID     int64
	ProductSKU    string `gorm:"column:product_sku"`
	ProductName   string
	SupplierID    *int64
	SupplierName  string
	Price         decimal.NullDecimal
	// The product's size in centimetres and weight in kg (null: not measured), which FBA容量's check and the
	// channels' freight read.
	Length, Width, Height, Weight decimal.NullDecimal
}

// PlanCount is a quantity per key: a product's units (local stock, open orders) or a line's (our shipments).
type PlanCount struct {
	ProductID     int64
	GroupID       int64
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	Units         int
}

// PlanData is everything a company's replenishment lines read, within the store groups the user is granted.
type PlanData struct {
	FBA       []PlanFBA
	Sales     []PlanSales
	Listings  []PlanListing
	Local     []PlanCount // per product: fulfillable units in own and overseas warehouses
	Ordered   []PlanCount // per product: units of open purchase orders not yet received nor closed
	Shipments []PlanCount // per line: units in our shipments Amazon's figures do not count yet
	Plans     []PlanCount // per line: the seller's units of the month in 销售预测 (sales_plans)
}

// ReadPlanData reads the company's FBA stock, its kept sales (EnsurePlanSales), the paired listings, local stock,
// open purchase orders, unshipped shipments and the plans of month (yyyy-MM) in 销售预测.
func ReadPlanData(db *models.DB, companyID, userID int64, month string) (*PlanData, error) {
	d := &PlanData{}
	granted := func(table string) func(*gorm.DB) *gorm.DB {
		return func(g *gorm.DB) *gorm.DB {
			return g.Scopes(models.InCompany(table, companyID), models.InGrantedGroups(table+".group_id", userID))
		}
	}
	err := db.Table("fba_inventory").Scopes(granted("fba_inventory")).
		Select("group_id, marketplace_id, sku, MAX(asin) AS asin, MAX(name) AS name, SUM(fulfillable) AS fulfillable, " +
			"SUM(reserved) AS reserved, SUM(inbound_working) AS inbound_working, SUM(inbound_shipped) AS inbound_shipped, " +
			"SUM(inbound_receiving) AS inbound_receiving").
		Group("group_id, marketplace_id, sku").Find(&d.FBA).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("replenishment_sales").Scopes(granted("replenishment_sales")).
		Select("group_id, marketplace_id, sku, units7, units14, units30, units60, out7, out14, out30, out60").
		Find(&d.Sales).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("sales_plans").Scopes(granted("sales_plans")).Select("group_id, marketplace_id, sku, units").
		Where("month = ?", month).Find(&d.Plans).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("listings").Scopes(granted("listings")).
		Select("listings.group_id, listings.marketplace_id, listings.seller_sku, listings.product_id, " +
			"local_products.sku AS product_sku, local_products.name AS product_name, local_products.supplier_id, " +
			"suppliers.name AS supplier_name, local_products.price, local_products.length, local_products.width, " +
			"local_products.height, local_products.weight").
		Joins("JOIN local_products ON local_products.id = listings.product_id").
		Joins("LEFT JOIN suppliers ON suppliers.id = local_products.supplier_id").
		Where("listings.product_id IS NOT NULL").Find(&d.Listings).Error
	if err != nil {
		return nil, err
	}
	err = db.Table("stocks").Scopes(models.InCompany("stocks", companyID)).
		Select("stocks.product_id, SUM(stocks.fulfillable) AS units").
		Joins("JOIN warehouses ON warehouses.id = stocks.warehouse_id").
		Where("warehouses.kind IN ('own', 'overseas') AND warehouses.disabled = ?", false).
		Group("stocks.product_id").Find(&d.Local).Error
	if err != nil {
		return nil, err
	}
	// Drafts count too: a suggestion turned into a draft order is not suggested again.
	err = db.Table("purchase_order_lines").Scopes(models.InCompany("purchase_order_lines", companyID)).
		Select("purchase_order_lines.product_id, SUM(purchase_order_lines.quantity - purchase_order_lines.received - purchase_order_lines.closed) AS units").
		Joins("JOIN purchase_orders ON purchase_orders.id = purchase_order_lines.order_id").
		Where("purchase_orders.status IN ?", []int{OrderDraft, OrderSubmitted, OrderApproved, OrderToPay, OrderToReceive}).
		Group("purchase_order_lines.product_id").Find(&d.Ordered).Error
	if err != nil {
		return nil, err
	}
	// Units of shipments not yet out of our warehouse, or out but not yet in Amazon's inbound figures.
	err = db.Table("shipment_items").Scopes(models.InCompany("shipment_items", companyID)).
		Select("shipments.group_id, shipments.marketplace_id, shipment_items.seller_sku AS sku, SUM(shipment_items.quantity) AS units").
		Joins("JOIN shipments ON shipments.id = shipment_items.shipment_ref").
		Scopes(models.InGrantedGroups("shipments.group_id", userID)).
		Where("shipments.status IN (1, 2, 3) OR (shipments.status = 4 AND shipments.amazon_status = '')").
		Group("shipments.group_id, shipments.marketplace_id, shipment_items.seller_sku").Find(&d.Shipments).Error
	if err != nil {
		return nil, err
	}
	return d, nil
}

// ProductCartons answers the carton spec (箱规: units per carton) of those of the company's products that have one.
func ProductCartons(db *models.DB, companyID int64, ids []int64) (map[int64]int, error) {
	var rows []struct {
		ID          int64
		CartonUnits int
	}
	err := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
		Select("local_products.id, local_products.carton_units").
		Where("local_products.id IN ? AND local_products.carton_units > 0", ids).Find(&rows).Error
	out := make(map[int64]int, len(rows))
	for _, r := range rows {
		out[r.ID] = r.CartonUnits
	}
	return out, err
}
