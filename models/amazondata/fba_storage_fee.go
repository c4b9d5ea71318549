package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// StorageFee is a line of Amazon's monthly storage fee report: what a product (by FNSKU; the report names no
// seller SKU) cost to store at a fulfilment centre in a month. Sizes, weight and average quantities are in
// ten-thousandths, volumes in millionths of VolumeUnits.
type StorageFee struct {
	ID                    int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID             int64
	GroupID               int64
	SellerID              int64
	MarketplaceID         string
	Month                 string
	ASIN                  string `gorm:"column:asin"`
	FNSKU                 string `gorm:"column:fnsku"`
	ProductName           string
	FulfillmentCenter     string
	CountryCode           string
	LongestSide           int64
	MedianSide            int64
	ShortestSide          int64
	MeasurementUnits      string
	Weight                int64
	WeightUnits           string
	ItemVolume            int64
	VolumeUnits           string
	ProductSizeTier       string
	AverageOnHand         int64
	AveragePendingRemoval int64
	TotalItemVolume       int64
	StorageRate           models.Money
	Currency              string
	Fee                   models.Money
	DangerousGoods        string
	IncentiveFee          models.Money
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

// TableName: gorm would say fba_storage_fees anyway; written for the search.
func (StorageFee) TableName() string { return "fba_storage_fees" }

// AgedSurcharge is a line of the long-term storage fee report (the aged inventory surcharge): units of a SKU
// charged at a monthly snapshot for their age tier. PerUnitVolume is in millionths of VolumeUnit.
type AgedSurcharge struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	GroupID          int64
	SellerID         int64
	MarketplaceID    string
	SnapshotDate     string
	Month            string
	SKU              string `gorm:"column:sku"`
	FNSKU            string `gorm:"column:fnsku"`
	ASIN             string `gorm:"column:asin"`
	ProductName      string
	ItemCondition    string
	PerUnitVolume    int64
	VolumeUnit       string
	Currency         string
	Country          string
	QuantityCharged  int
	AmountCharged    models.Money
	SurchargeAgeTier string
	RateSurcharge    models.Money
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName: written for the search.
func (AgedSurcharge) TableName() string { return "fba_aged_surcharges" }

var storageFeesTable = &models.UpsertTable{
	Name: "fba_storage_fees",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "month", "asin", "fnsku", "product_name",
		"fulfillment_center", "country_code", "longest_side", "median_side", "shortest_side", "measurement_units", "weight",
		"weight_units", "item_volume", "volume_units", "product_size_tier", "average_on_hand", "average_pending_removal",
		"total_item_volume", "storage_rate", "currency", "fee", "dangerous_goods", "incentive_fee", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "month", "fnsku", "fulfillment_center"},
	Keep: []string{"company_id"},
}

var agedSurchargesTable = &models.UpsertTable{
	Name: "fba_aged_surcharges",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "snapshot_date", "month", "sku", "fnsku",
		"asin", "product_name", "item_condition", "per_unit_volume", "volume_unit", "currency", "country", "quantity_charged",
		"amount_charged", "surcharge_age_tier", "rate_surcharge", "created_at", "updated_at"},
	Key:  []string{"seller_id", "marketplace_id", "snapshot_date", "sku", "fnsku", "surcharge_age_tier"},
	Keep: []string{"company_id"},
}

// UpsertStorageFees writes a batch of monthly storage fee lines (each key once) in one transaction and returns
// how many rows were inserted or changed.
func UpsertStorageFees(db *models.DB, lines []StorageFee) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		f := &lines[i]
		return []any{models.NewID(), f.CompanyID, f.GroupID, f.SellerID, f.MarketplaceID, f.Month, f.ASIN, f.FNSKU, f.ProductName,
			f.FulfillmentCenter, f.CountryCode, f.LongestSide, f.MedianSide, f.ShortestSide, f.MeasurementUnits, f.Weight,
			f.WeightUnits, f.ItemVolume, f.VolumeUnits, f.ProductSizeTier, f.AverageOnHand, f.AveragePendingRemoval,
			f.TotalItemVolume, f.StorageRate.Units(), f.Currency, f.Fee.Units(), f.DangerousGoods, f.IncentiveFee.Units(), now, now}
	}
	return upsertIn(db, storageFeesTable, len(lines), row)
}

// UpsertAgedSurcharges writes a batch of aged surcharge lines as UpsertStorageFees does.
func UpsertAgedSurcharges(db *models.DB, lines []AgedSurcharge) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		a := &lines[i]
		return []any{models.NewID(), a.CompanyID, a.GroupID, a.SellerID, a.MarketplaceID, a.SnapshotDate, a.Month, a.SKU, a.FNSKU,
			a.ASIN, a.ProductName, a.ItemCondition, a.PerUnitVolume, a.VolumeUnit, a.Currency, a.Country, a.QuantityCharged,
			a.AmountCharged.Units(), a.SurchargeAgeTier, a.RateSurcharge.Units(), now, now}
	}
	return upsertIn(db, agedSurchargesTable, len(lines), row)
}

func upsertIn(db *models.DB, t *models.UpsertTable, n int, row func(int) []any) (int64, error) {
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var err error
		written, err = tx.Upsert(t, n, row)
		return err
	})
	return written, err
}

// StorageFeesOfSeller lists a seller account's monthly storage fee lines by month, FNSKU and centre.
func StorageFeesOfSeller(db *models.DB, companyID, sellerID int64) ([]StorageFee, error) {
	out := []StorageFee{}
	err := db.Scopes(models.InCompany("fba_storage_fees", companyID)).Where("fba_storage_fees.seller_id = ?", sellerID).
		Order("month, marketplace_id, fnsku, fulfillment_center").Find(&out).Error
	return out, err
}

// AgedSurchargesOfSeller lists a seller account's aged surcharge lines by snapshot and SKU.
func AgedSurchargesOfSeller(db *models.DB, companyID, sellerID int64) ([]AgedSurcharge, error) {
	out := []AgedSurcharge{}
	err := db.Scopes(models.InCompany("fba_aged_surcharges", companyID)).Where("fba_aged_surcharges.seller_id = ?", sellerID).
		Order("snapshot_date, marketplace_id, sku, surcharge_age_tier").Find(&out).Error
	return out, err
}

// skuOfStorageFee is the seller SKU of a storage fee line's FNSKU, from the FBA inventory report of its seller
// account and marketplace: the storage fee report names none.
const skuOfStorageFee = `(SELECT MIN(fi.sku) FROM fba_inventory fi WHERE fi.seller_id = fba_storage_fees.seller_id
	AND fi.marketplace_id = fba_storage_fees.marketplace_id AND fi.fnsku = fba_storage_fees.fnsku)`

// StorageFeeFilter selects the storage charges of the store groups UserID is granted: of a store group and
// marketplace, charged for the months From to To (yyyy-MM, "" for open), whose SKU, FNSKU or ASIN contains Keyword.
type StorageFeeFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	From, To      string
	Keyword       string
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

func (f StorageFeeFilter) scope(db *models.DB, q *gorm.DB, table string, companyID int64, sku string) *gorm.DB {
	q = q.Scopes(models.InCompany(table, companyID), models.InGrantedGroups(table+".group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where(table+".group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where(table+".marketplace_id = ?", f.MarketplaceID)
	}
	if f.From != "" {
		q = q.Where(table+".month >= ?", f.From)
	}
	if f.To != "" {
		q = q.Where(table+".month <= ?", f.To)
	}
	return db.ContainsKeyword(q, f.Keyword, sku, table+".fnsku", table+".asin")
}

// StorageFeeRow is a monthly storage fee line as 仓储费报告 lists it, with its SKU and store group's name.
type StorageFeeRow struct {
	StorageFee
	SKU       string `gorm:"column:sku"`
	GroupName string
}

// StorageFeePage lists a page of monthly storage fees, the latest month first unless another order is asked.
func StorageFeePage(db *models.DB, companyID int64, f StorageFeeFilter) ([]StorageFeeRow, int64, error) {
	rows := []StorageFeeRow{}
	order := models.ByKeys("fba_storage_fees", true, "month")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_storage_fees", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB {
		return f.scope(db, db.Table("fba_storage_fees"), "fba_storage_fees", companyID, skuOfStorageFee)
	}, ID: "fba_storage_fees.id", Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_storage_fees").Scopes(models.InCompany("fba_storage_fees", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_storage_fees.group_id").
			Select("fba_storage_fees.*, " + skuOfStorageFee + " AS sku, store_groups.name AS group_name")
	}, &rows)
	return rows, total, err
}

// AgedSurchargeRow is an aged surcharge line as 仓储费报告 lists it.
type AgedSurchargeRow struct {
	AgedSurcharge
	GroupName string
}

// AgedSurchargePage lists a page of aged surcharges, the latest snapshot first unless another order is asked.
func AgedSurchargePage(db *models.DB, companyID int64, f StorageFeeFilter) ([]AgedSurchargeRow, int64, error) {
	rows := []AgedSurchargeRow{}
	order := models.ByKeys("fba_aged_surcharges", true, "snapshot_date")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_aged_surcharges", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB {
		return f.scope(db, db.Table("fba_aged_surcharges"), "fba_aged_surcharges", companyID, "fba_aged_surcharges.sku")
	}, ID: "fba_aged_surcharges.id", Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_aged_surcharges").Scopes(models.InCompany("fba_aged_surcharges", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_aged_surcharges.group_id").
			Select("fba_aged_surcharges.*, store_groups.name AS group_name")
	}, &rows)
	return rows, total, err
}

// MonthCharge is what one currency's charges of a month add up to: the monthly storage fees and the aged
// surcharges, in Money's units.
type MonthCharge struct {
	Month, Currency string
	Storage, Aged   int64
}

// StorageMonthTotals sums the filter's monthly fees and aged surcharges per month and currency, the latest month
// first.
func StorageMonthTotals(db *models.DB, companyID int64, f StorageFeeFilter) ([]MonthCharge, error) {
	type sum struct {
		Month, Currency string
		Total           int64
	}
	var fees, aged []sum
	q := f.scope(db, db.Table("fba_storage_fees"), "fba_storage_fees", companyID, skuOfStorageFee)
	if err := q.Select("fba_storage_fees.month, fba_storage_fees.currency, SUM(fba_storage_fees.fee) AS total").
		Group("fba_storage_fees.month, fba_storage_fees.currency").Scan(&fees).Error; err != nil {
		return nil, err
	}
	q = f.scope(db, db.Table("fba_aged_surcharges"), "fba_aged_surcharges", companyID, "fba_aged_surcharges.sku")
	if err := q.Select("fba_aged_surcharges.month, fba_aged_surcharges.currency, SUM(fba_aged_surcharges.amount_charged) AS total").
		Group("fba_aged_surcharges.month, fba_aged_surcharges.currency").Scan(&aged).Error; err != nil {
		return nil, err
	}
	at := map[[2]string]int{}
	var out []MonthCharge
	add := func(s sum, isAged bool) {
		k := [2]string{s.Month, s.Currency}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, MonthCharge{Month: s.Month, Currency: s.Currency})
		}
		if isAged {
			out[i].Aged += s.Total
		} else {
			out[i].Storage += s.Total
		}
	}
	for _, s := range fees {
		add(s, false)
	}
	for _, s := range aged {
		add(s, true)
	}
	return out, nil
}
