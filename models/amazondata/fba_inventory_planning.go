package amazondata

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Planning is an FBA SKU's line of Amazon's inventory planning report (its latest snapshot): units by age, what
// shipped, Amazon's recommended action, the excess, next month's storage and the days of supply. SellThrough and
// the days of supply are in ten-thousandths; ItemVolume in millionths of VolumeUnit.
type Planning struct {
	ID                    int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID             int64
	GroupID               int64
	SellerID              int64
	MarketplaceID         string
	SnapshotDate          string
	SKU                   string `gorm:"column:sku"`
	FNSKU                 string `gorm:"column:fnsku"`
	ASIN                  string `gorm:"column:asin"`
	ProductName           string
	ItemCondition         string
	Available             int
	PendingRemoval        int
	Age0To90              int `gorm:"column:age_0_90"`
	Age91To180            int `gorm:"column:age_91_180"`
	Age181To270           int `gorm:"column:age_181_270"`
	Age271To365           int `gorm:"column:age_271_365"`
	Age365Plus            int `gorm:"column:age_365_plus"`
	ShippedT30            int `gorm:"column:shipped_t30"`
	ShippedT90            int `gorm:"column:shipped_t90"`
	Currency              string
	YourPrice             models.Money
	Alert                 string
	RecommendedAction     string
	RecommendedRemoval    int
	EstimatedSavings      models.Money
	SellThrough           int64
	ItemVolume            int64
	VolumeUnit            string
	StorageType           string
	DaysOfSupply          int64
	ExcessQuantity        int
	StorageCostNextMonth  models.Money
	InboundQuantity       int
	ReservedQuantity      int
	UnfulfillableQuantity int
	ShortTermDaysOfSupply int64
	LongTermDaysOfSupply  int64
	HealthStatus          string
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

// TableName: the table keeps one line per SKU.
func (Planning) TableName() string { return "fba_inventory_planning" }

var planningTable = &models.UpsertTable{
	Name: "fba_inventory_planning",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "snapshot_date", "sku", "fnsku", "asin",
		"product_name", "item_condition", "available", "pending_removal", "age_0_90", "age_91_180", "age_181_270", "age_271_365",
		"age_365_plus", "shipped_t30", "shipped_t90", "currency", "your_price", "alert", "recommended_action",
		"recommended_removal", "estimated_savings", "sell_through", "item_volume", "volume_unit", "storage_type",
		"days_of_supply", "excess_quantity", "storage_cost_next_month", "inbound_quantity", "reserved_quantity",
		"unfulfillable_quantity", "short_term_days_of_supply", "long_term_days_of_supply", "health_status", "created_at",
		"updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "sku"},
	Keep: []string{"company_id"},
}

// UpsertPlanning writes a batch of planning lines (each SKU once): a SKU's line is replaced by a later snapshot's.
func UpsertPlanning(db *models.DB, lines []Planning) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		p := &lines[i]
		return []any{models.NewID(), p.CompanyID, p.GroupID, p.SellerID, p.MarketplaceID, p.SnapshotDate, p.SKU, p.FNSKU, p.ASIN,
			p.ProductName, p.ItemCondition, p.Available, p.PendingRemoval, p.Age0To90, p.Age91To180, p.Age181To270, p.Age271To365,
			p.Age365Plus, p.ShippedT30, p.ShippedT90, p.Currency, p.YourPrice.Units(), p.Alert, p.RecommendedAction,
			p.RecommendedRemoval, p.EstimatedSavings.Units(), p.SellThrough, p.ItemVolume, p.VolumeUnit, p.StorageType,
			p.DaysOfSupply, p.ExcessQuantity, p.StorageCostNextMonth.Units(), p.InboundQuantity, p.ReservedQuantity,
			p.UnfulfillableQuantity, p.ShortTermDaysOfSupply, p.LongTermDaysOfSupply, p.HealthStatus, now, now}
	}
	return upsertIn(db, planningTable, len(lines), row)
}

// PlanningOfSeller lists a seller account's planning lines by marketplace and SKU.
func PlanningOfSeller(db *models.DB, companyID, sellerID int64) ([]Planning, error) {
	out := []Planning{}
	err := db.Scopes(models.InCompany("fba_inventory_planning", companyID)).Where("fba_inventory_planning.seller_id = ?", sellerID).
		Order("marketplace_id, sku").Find(&out).Error
	return out, err
}

// LowInventoryDays is the days of supply under which, short and long term both, Amazon charges the
// low-inventory-level fee per unit shipped.
const LowInventoryDays = 28 * 10000

// Planning views of 库存规划: every SKU, the SKUs with units past 180 days, with excess, or at risk of the
// low-inventory-level fee.
const (
	PlanningAged   = "aged"
	PlanningExcess = "excess"
	PlanningLow    = "low"
	// PlanningStranded: the SKUs with units Amazon's stranded inventory report lists.
	PlanningStranded = "stranded"
)

// onPlanning are the reserved and stranded lines of a planning line's SKU (same seller account and marketplace).
const onPlanning = ` ON %[1]s.seller_id = fba_inventory_planning.seller_id AND %[1]s.marketplace_id = fba_inventory_planning.marketplace_id
	AND %[1]s.sku = fba_inventory_planning.sku`

// PlanningFilter selects the planning lines of the store groups UserID is granted: of a store group and
// marketplace, a recommended action, a view, whose SKU, FNSKU or ASIN contains Keyword.
type PlanningFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Action        string
	View          string
	Keyword       string
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

func (f PlanningFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	t := "fba_inventory_planning"
	q := db.Table(t).Scopes(models.InCompany(t, companyID), models.InGrantedGroups(t+".group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where(t+".group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where(t+".marketplace_id = ?", f.MarketplaceID)
	}
	if f.Action != "" {
		q = q.Where(t+".recommended_action = ?", f.Action)
	}
	switch f.View {
	case PlanningAged:
		q = q.Where(t + ".age_181_270 + " + t + ".age_271_365 + " + t + ".age_365_plus > 0")
	case PlanningExcess:
		q = q.Where(t + ".excess_quantity > 0")
	case PlanningLow:
		q = q.Where(t+".shipped_t30 > 0 AND "+t+".short_term_days_of_supply < ? AND "+t+".long_term_days_of_supply < ?",
			LowInventoryDays, LowInventoryDays)
	case PlanningStranded:
		q = q.Where("EXISTS (SELECT 1 FROM fba_stranded_inventory fs WHERE fs.seller_id = " + t + ".seller_id AND fs.marketplace_id = " +
			t + ".marketplace_id AND fs.sku = " + t + ".sku)")
	}
	return db.ContainsKeyword(q, f.Keyword, t+".sku", t+".fnsku", t+".asin")
}

// PlanningRow is a planning line as 库存规划 lists it, with its store group's name.
type PlanningRow struct {
	Planning
	GroupName string
	// The reserved inventory report's split of the SKU's reserved units (zero when it has none).
	ReservedCustomerOrders int `gorm:"column:reserved_customer_orders"`
	ReservedFCTransfers    int `gorm:"column:reserved_fc_transfers"`
	ReservedFCProcessing   int `gorm:"column:reserved_fc_processing"`
	// The stranded inventory report's line of the SKU: its stranded units, Amazon's reason and action, since when,
	// and the day Amazon removes them ("" when the SKU is not stranded).
	StrandedQuantity                                               int
	StrandedReason, StrandedAction, StrandedSince, AutoRemovalDate string
}

// PlanningPage lists a page of planning lines, by SKU unless another order is asked.
func PlanningPage(db *models.DB, companyID int64, f PlanningFilter) ([]PlanningRow, int64, error) {
	rows := []PlanningRow{}
	order := models.ByKeys("fba_inventory_planning", false, "sku")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_inventory_planning", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_inventory_planning.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_inventory_planning").Scopes(models.InCompany("fba_inventory_planning", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_inventory_planning.group_id").
			Joins("LEFT JOIN fba_reserved_inventory fr" + fmt.Sprintf(onPlanning, "fr")).
			Joins("LEFT JOIN fba_stranded_inventory fs" + fmt.Sprintf(onPlanning, "fs")).
			Select(`fba_inventory_planning.*, store_groups.name AS group_name,
				COALESCE(fr.customer_orders, 0) AS reserved_customer_orders, COALESCE(fr.fc_transfers, 0) AS reserved_fc_transfers,
				COALESCE(fr.fc_processing, 0) AS reserved_fc_processing,
				COALESCE(fs.fulfillable_qty + fs.unfulfillable_qty, 0) AS stranded_quantity,
				COALESCE(fs.stranded_reason, '') AS stranded_reason, COALESCE(fs.primary_action, '') AS stranded_action,
				COALESCE(fs.date_stranded, '') AS stranded_since, COALESCE(fs.auto_removal_date, '') AS auto_removal_date`)
	}, &rows)
	return rows, total, err
}

// PlanningActions lists the recommended actions the company's planning lines give, for the filter.
func PlanningActions(db *models.DB, companyID int64) ([]string, error) {
	out := []string{}
	err := db.Table("fba_inventory_planning").Where("company_id = ? AND recommended_action <> ''", companyID).
		Distinct("recommended_action").Order("recommended_action").Pluck("recommended_action", &out).Error
	return out, err
}
