// Package profit holds the queries of the profit report (利润报告) and its setting (利润配置): settlement and
// sales sums, fee estimates, paired products' costs and shipped freight, and the lines behind each figure. Its
// functions take the handle first, so a transaction of models.DB.Tx spans them with other domains.
package profit

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/amazondata"
	"sellerhub/models/shipping"
)

// How a company spreads a shipment's freight (头程) over its units (利润配置).
const (
	FreightByWeight = "weight"
	FreightByVolume = "volume"
)

// ProfitSetting is a company's 利润配置.
type ProfitSetting struct {
	CompanyID    int64 `gorm:"primaryKey;autoIncrement:false"`
	FreightBasis string
	UpdatedAt    time.Time
}

// ProfitSettingOf is the company's setting: by weight until it chooses otherwise.
func ProfitSettingOf(db *models.DB, companyID int64) (ProfitSetting, error) {
	rows := []ProfitSetting{}
	err := db.Where("company_id = ?", companyID).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return ProfitSetting{CompanyID: companyID, FreightBasis: FreightByWeight}, err
	}
	return rows[0], nil
}

// SaveProfitSetting writes the company's setting.
func SaveProfitSetting(db *models.DB, s ProfitSetting) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "company_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"freight_basis", "updated_at"})}).Create(&s).Error
}

// ProfitFilter selects what the profit report reads: the company's lines of the store groups UserID is granted,
// of one store group and marketplace (0 / "": any), whose seller SKU contains Search, in the months (yyyy-MM of
// Zone, Beijing time) FromMonth to ToMonth, both included.
type ProfitFilter struct {
	UserID             int64
	GroupID            int64
	MarketplaceID      string
	Search             string
	FromMonth, ToMonth string
	Zone               *time.Location
}

// span is the first instant of FromMonth and the first after ToMonth.
func (f ProfitFilter) span() (time.Time, time.Time, error) {
	from, err := time.ParseInLocation("2006-01", f.FromMonth, f.Zone)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	to, err := time.ParseInLocation("2006-01", f.ToMonth, f.Zone)
	// In UTC, as every time is stored: SQLite compares the text.
	return from.UTC(), to.AddDate(0, 1, 0).UTC(), err
}

// SettlementSum is what settlement lines of one store group, marketplace, seller SKU, currency and month (of the
// filter's zone, by the posted date) booked under one of Amazon's names (transaction type, amount type, amount
// description). SettlementID names the settlement of lines that name no marketplace (the settlement's own
// marketplace is theirs), empty otherwise. Quantity sums the lines' quantity purchased.
type SettlementSum struct {
	GroupID           int64
	MarketplaceID     string
	SettlementID      string
	SKU               string
	Currency          string
	Month             string
	TransactionType   string
	AmountType        string
	AmountDescription string
	Amount            models.Money
	Quantity          int64
	Lines             int64
}

// monthOf is the SQL of column's month (yyyy-MM, of the filter's zone) for instants from its first month to its
// last: comparisons with the months' first instants, cheaper per line than turning each instant into a date (a
// range of one month needs none).
func (f ProfitFilter) monthOf(column string) (string, []any, error) {
	from, to, err := f.span()
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	var args []any
	b.WriteString("CASE")
	for m := from.In(f.Zone); ; {
		next := m.AddDate(0, 1, 0)
		if !next.UTC().Before(to) && len(args) == 0 {
			return "'" + m.Format("2006-01") + "'", nil, nil
		}
		if !next.UTC().Before(to) {
			fmt.Fprintf(&b, " ELSE '%s' END", m.Format("2006-01"))
			return b.String(), args, nil
		}
		fmt.Fprintf(&b, " WHEN %s < ? THEN '%s'", column, m.Format("2006-01"))
		args = append(args, next.UTC())
		m = next
	}
}

// SettlementSums groups the filter's settlement lines (posted in its months) by store group, marketplace, SKU,
// currency, month and Amazon's names for the amount. Lines without a marketplace keep their settlement's id, so
// that the caller can place them (SettlementMarketplaces); with a marketplace asked they are read too.
func SettlementSums(db *models.DB, companyID int64, f ProfitFilter) ([]SettlementSum, error) {
	from, to, err := f.span()
	if err != nil {
		return nil, err
	}
	month, args, err := f.monthOf("r.posted_date")
	if err != nil {
		return nil, err
	}
	q := db.Table("settlement_lines r").Where("r.company_id = ? AND r.posted_date >= ? AND r.posted_date < ?", companyID, from, to).
		Scopes(models.InGrantedGroups("r.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("r.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("r.marketplace_id IN (?, '')", f.MarketplaceID)
	}
	if f.Search != "" {
		q = q.Where("r.sku "+db.Caseless(), models.ContainsPattern(f.Search))
	}
	sel := "r.group_id, r.marketplace_id, CASE WHEN r.marketplace_id = '' THEN r.settlement_id ELSE '' END AS settlement_key, " +
		"r.sku, r.currency, " + month + " AS line_month, r.transaction_type, r.amount_type, r.amount_description, " +
		"CAST(SUM(r.amount) AS BIGINT) AS amount, CAST(SUM(r.quantity_purchased) AS BIGINT) AS quantity, COUNT(*) AS line_count"
	cur, err := q.Select(sel, args...).Group("1, 2, 3, 4, 5, 6, 7, 8, 9").Rows()
	if err != nil {
		return nil, err
	}
	out := []SettlementSum{}
	for cur.Next() {
		var s SettlementSum
		var amount int64
		if err := cur.Scan(&s.GroupID, &s.MarketplaceID, &s.SettlementID, &s.SKU, &s.Currency, &s.Month,
			&s.TransactionType, &s.AmountType, &s.AmountDescription, &amount, &s.Quantity, &s.Lines); err != nil {
			cur.Close()
			return nil, err
		}
		s.Amount = models.MoneyFromUnits(amount)
		out = append(out, s)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// SettlementMarketplaces are the marketplaces of the company's settlements named (by seller-less settlement id:
// Amazon's ids are unique), for the lines that name none.
func SettlementMarketplaces(db *models.DB, companyID int64, settlementIDs []string) (map[string]string, error) {
	out := map[string]string{}
	if len(settlementIDs) == 0 {
		return out, nil
	}
	var rows []struct{ SettlementID, MarketplaceID string }
	err := db.Table("settlements").Where("company_id = ? AND settlement_id IN ?", companyID, settlementIDs).
		Select("settlement_id, marketplace_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.SettlementID] = r.MarketplaceID
	}
	return out, err
}

// SKUMonthSum is what the orders of one store group's seller account sold of a seller SKU in a month (Beijing
// time) and currency, from the sales summary: cancelled orders left out.
type SKUMonthSum struct {
	GroupID       int64
	SellerID      int64
	MarketplaceID string
	SKU           string
	Currency      string
	Month         string
	Name          string
	Units         int64
	Orders        int64
	Amount        models.Money
}

// SKUMonthSums sums the filter's sales by seller account, marketplace, SKU, currency and Beijing month from the
// sales summary (sales_sku_months), which the orders import keeps up to date.
func SKUMonthSums(db *models.DB, companyID int64, f ProfitFilter) ([]SKUMonthSum, error) {
	if f.Zone.String() != amazondata.SalesDaysZone.String() {
		return nil, fmt.Errorf("profit report: months of %s, the sales summary has %s", f.Zone, amazondata.SalesDaysZone)
	}
	if err := amazondata.EnsureSalesDays(db, companyID); err != nil {
		return nil, err
	}
	q := db.Table("sales_sku_months s").Where("s.company_id = ? AND s.bj_month >= ? AND s.bj_month <= ?",
		companyID, f.FromMonth, f.ToMonth).Scopes(models.InGrantedGroups("s.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("s.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("s.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		q = q.Where("s.sku "+db.Caseless(), models.ContainsPattern(f.Search))
	}
	cur, err := q.Select("MAX(s.group_id), s.seller_id, s.marketplace_id, s.sku, s.currency, s.bj_month, MAX(s.product_name), " +
		"CAST(SUM(s.units) AS BIGINT), CAST(SUM(s.orders) AS BIGINT), CAST(SUM(s.amount) AS BIGINT)").
		Group("s.seller_id, s.marketplace_id, s.sku, s.currency, s.bj_month").Rows()
	if err != nil {
		return nil, err
	}
	out := []SKUMonthSum{}
	for cur.Next() {
		var s SKUMonthSum
		var amount int64
		if err := cur.Scan(&s.GroupID, &s.SellerID, &s.MarketplaceID, &s.SKU, &s.Currency, &s.Month, &s.Name,
			&s.Units, &s.Orders, &amount); err != nil {
			cur.Close()
			return nil, err
		}
		s.Amount = models.MoneyFromUnits(amount)
		out = append(out, s)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// FeeEstimatesOf are the company's fee estimates of the seller accounts' SKUs named (seller id, marketplace, SKU),
// by that key.
func FeeEstimatesOf(db *models.DB, companyID int64, keys []SellerSKU) (map[SellerSKU]amazondata.FeeEstimate, error) {
	out := map[SellerSKU]amazondata.FeeEstimate{}
	for _, chunk := range chunks(keys, 300) {
		skus := make([]string, len(chunk))
		for i, k := range chunk {
			skus[i] = k.SKU
		}
		var rows []amazondata.FeeEstimate
		err := db.Where("company_id = ? AND sku IN ?", companyID, skus).Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[SellerSKU{SellerID: r.SellerID, MarketplaceID: r.MarketplaceID, SKU: r.SKU}] = r
		}
	}
	return out, nil
}

// SellerSKU is a seller account's SKU in a marketplace.
type SellerSKU struct {
	SellerID      int64
	MarketplaceID string
	SKU           string
}

// GroupSKU is a store group's seller SKU in a marketplace: a listing.
type GroupSKU struct {
	GroupID       int64
	MarketplaceID string
	SKU           string
}

func chunks[T any](all []T, size int) [][]T {
	var out [][]T
	for len(all) > size {
		out = append(out, all[:size])
		all = all[size:]
	}
	if len(all) > 0 {
		out = append(out, all)
	}
	return out
}

// PairedProduct is the local product SKU配对 pairs with a listing: its unit cost (price, CNY), weight (kg) and
// size (cm), each null when not entered.
type PairedProduct struct {
	ProductID                     int64
	ProductSKU                    string
	Name                          string
	Price, FirstLeg               decimal.NullDecimal
	Weight, Length, Width, Height decimal.NullDecimal
}

// PairedProducts are the local products SKU配对 pairs with the company's listings named, by listing; a listing
// not paired is absent.
func PairedProducts(db *models.DB, companyID int64, keys []GroupSKU) (map[GroupSKU]PairedProduct, error) {
	out := map[GroupSKU]PairedProduct{}
	for _, chunk := range chunks(keys, 300) {
		skus := make([]string, len(chunk))
		for i, k := range chunk {
			skus[i] = k.SKU
		}
		var rows []struct {
			GroupID       int64
			MarketplaceID string
			SellerSKU     string
			PairedProduct
		}
		err := db.Table("listings l").Joins("JOIN local_products p ON p.id = l.product_id").
			Where("l.company_id = ? AND l.seller_sku IN ?", companyID, skus).
			Select("l.group_id, l.marketplace_id, l.seller_sku, p.id AS product_id, p.sku AS product_sku, p.name, " +
				"p.price, p.first_leg, p.weight, p.length, p.width, p.height").Scan(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[GroupSKU{r.GroupID, r.MarketplaceID, r.SellerSKU}] = r.PairedProduct
		}
	}
	return out, nil
}

// ShippedUnit is one seller SKU of a shipped shipment whose freight was entered, with its product's weight and
// size (the freight's spread reads them).
type ShippedUnit struct {
	ShipmentRef   int64
	ShipmentID    string
	GroupID       int64
	MarketplaceID string
	ShippedAt     time.Time
	Freight       decimal.Decimal
	SellerSKU     string
	ProductSKU    string
	Quantity      int64
	Weight        decimal.NullDecimal
	Length        decimal.NullDecimal
	Width         decimal.NullDecimal
	Height        decimal.NullDecimal
}

// ShippedUnits are the items of the company's shipped shipments (发货 done, not cancelled) with freight, of the
// store groups the user is granted (and the one asked, and the marketplace), each shipment's items together.
func ShippedUnits(db *models.DB, companyID, userID, groupID int64, marketplaceID string) ([]ShippedUnit, error) {
	q := db.Table("shipments s").Joins("JOIN shipment_items i ON i.shipment_ref = s.id").
		Joins("JOIN local_products p ON p.id = i.product_id").
		Where("s.company_id = ? AND s.status = ? AND s.shipped_at IS NOT NULL AND s.freight IS NOT NULL AND i.quantity_shipped > 0",
			companyID, shipping.ShipmentShipped).Scopes(models.InGrantedGroups("s.group_id", userID))
	if groupID != 0 {
		q = q.Where("s.group_id = ?", groupID)
	}
	if marketplaceID != "" {
		q = q.Where("s.marketplace_id = ?", marketplaceID)
	}
	rows := []ShippedUnit{}
	err := q.Select("s.id AS shipment_ref, s.shipment_id, s.group_id, s.marketplace_id, s.shipped_at, s.freight, " +
		"i.seller_sku, p.sku AS product_sku, i.quantity_shipped AS quantity, p.weight, p.length, p.width, p.height").
		Order("s.shipped_at, s.id, i.seller_sku").Scan(&rows).Error
	return rows, err
}

// ProfitLineFilter selects the lines behind one figure of the profit report: a month (of Zone), a store group,
// a marketplace, a seller SKU (empty: the lines of no SKU) and a currency, of the store groups UserID is granted.
type ProfitLineFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	SKU           string
	Currency      string
	Month         string
	Zone          *time.Location
}

func (f ProfitLineFilter) span() (time.Time, time.Time, error) {
	return ProfitFilter{FromMonth: f.Month, ToMonth: f.Month, Zone: f.Zone}.span()
}

// AmountName is Amazon's name of a settlement amount: transaction type, amount type, amount description.
type AmountName struct{ TransactionType, AmountType, AmountDescription string }

// settlementLinesOf selects the filter's settlement lines (those naming no marketplace by their settlement's).
func settlementLinesOf(db *models.DB, companyID int64, f ProfitLineFilter) (*gorm.DB, error) {
	from, to, err := f.span()
	if err != nil {
		return nil, err
	}
	return db.Table("settlement_lines r").
		Where("r.company_id = ? AND r.posted_date >= ? AND r.posted_date < ? AND r.group_id = ? AND r.sku = ? AND r.currency = ?",
			companyID, from, to, f.GroupID, f.SKU, f.Currency).
		Where("(r.marketplace_id = ? OR (r.marketplace_id = '' AND EXISTS (SELECT 1 FROM settlements s "+
			"WHERE s.seller_id = r.seller_id AND s.settlement_id = r.settlement_id AND s.marketplace_id = ?)))",
			f.MarketplaceID, f.MarketplaceID).
		Scopes(models.InGrantedGroups("r.group_id", f.UserID)), nil
}

// SettlementLinesPage is a page of the filter's settlement lines under the names given (posted first to last), and
// how many there are.
func SettlementLinesPage(db *models.DB, companyID int64, f ProfitLineFilter, names []AmountName, offset, limit int) ([]amazondata.SettlementLine, int64, error) {
	if len(names) == 0 {
		return []amazondata.SettlementLine{}, 0, nil
	}
	q, err := settlementLinesOf(db, companyID, f)
	if err != nil {
		return nil, 0, err
	}
	conds := make([]string, len(names))
	var args []any
	for i, n := range names {
		conds[i] = "(r.transaction_type = ? AND r.amount_type = ? AND r.amount_description = ?)"
		args = append(args, n.TransactionType, n.AmountType, n.AmountDescription)
	}
	q = q.Where("("+strings.Join(conds, " OR ")+")", args...)
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []amazondata.SettlementLine{}
	err = q.Select("r.*").Order("r.posted_date, r.settlement_id, r.line_no").Offset(offset).Limit(limit).Find(&rows).Error
	return rows, total, err
}

// OrderItemsPage is a page of the order items (cancelled orders left out) of a seller SKU of a store group in a
// marketplace and currency purchased in the filter's month, first bought first, and how many there are.
func OrderItemsPage(db *models.DB, companyID int64, f ProfitLineFilter, offset, limit int) ([]amazondata.AmazonOrderItem, int64, error) {
	from, to, err := f.span()
	if err != nil {
		return nil, 0, err
	}
	q := db.Table("amazon_order_items i").Where("i.company_id = ? AND i.group_id = ? AND i.marketplace_id = ? AND i.sku = ? "+
		"AND i.currency = ? AND i.purchase_date >= ? AND i.purchase_date < ? AND i.order_status <> ?",
		companyID, f.GroupID, f.MarketplaceID, f.SKU, f.Currency, from, to, amazondata.OrderCancelled).
		Scopes(models.InGrantedGroups("i.group_id", f.UserID))
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []amazondata.AmazonOrderItem{}
	err = q.Select("i.*").Order("i.purchase_date, i.amazon_order_id").Offset(offset).Limit(limit).Find(&rows).Error
	return rows, total, err
}

// SettlementNames are the names (transaction type, amount type, description) the filter's settlement lines carry.
func SettlementNames(db *models.DB, companyID int64, f ProfitLineFilter) ([]AmountName, error) {
	q, err := settlementLinesOf(db, companyID, f)
	if err != nil {
		return nil, err
	}
	out := []AmountName{}
	err = q.Distinct("r.transaction_type", "r.amount_type", "r.amount_description").Scan(&out).Error
	return out, err
}

// FeeEstimateOfListing is the fee estimate of a store group's seller SKU in a marketplace; nil when Amazon gave
// none, or when the group is not one the user may see.
func FeeEstimateOfListing(db *models.DB, companyID, userID, groupID int64, marketplaceID, sku string) (*amazondata.FeeEstimate, error) {
	rows := []amazondata.FeeEstimate{}
	err := db.Where("company_id = ? AND group_id = ? AND marketplace_id = ? AND sku = ?", companyID, groupID, marketplaceID, sku).
		Scopes(models.InGrantedGroups("fba_fee_estimates.group_id", userID)).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// SettledUnitsSince is how many units the settlement lines of a line by SKU sold (an Order's item principal, as
// the report counts them) posted from since to the end of the filter's month: a cost change within the month
// costs the units on either side of it.
func SettledUnitsSince(db *models.DB, companyID int64, f ProfitLineFilter, since time.Time) (int64, error) {
	q, err := settlementLinesOf(db, companyID, f)
	if err != nil {
		return 0, err
	}
	var units int64
	err = q.Where("r.posted_date >= ? AND r.transaction_type = 'Order' AND r.amount_type = 'ItemPrice' AND r.amount_description = 'Principal'",
		since.UTC()).Select("CAST(COALESCE(SUM(r.quantity_purchased), 0) AS BIGINT)").Scan(&units).Error
	return units, err
}

// OrderedUnitsSince is how many units the orders (cancelled ones left out) of a line by SKU sold purchased from
// since to the end of the filter's month.
func OrderedUnitsSince(db *models.DB, companyID int64, f ProfitLineFilter, since time.Time) (int64, error) {
	_, to, err := f.span()
	if err != nil {
		return 0, err
	}
	var units int64
	err = db.Table("amazon_order_items i").Where("i.company_id = ? AND i.group_id = ? AND i.marketplace_id = ? AND i.sku = ? "+
		"AND i.currency = ? AND i.purchase_date >= ? AND i.purchase_date < ? AND i.order_status <> ?",
		companyID, f.GroupID, f.MarketplaceID, f.SKU, f.Currency, since.UTC(), to, amazondata.OrderCancelled).
		Scopes(models.InGrantedGroups("i.group_id", f.UserID)).
		Select("CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT)").Scan(&units).Error
	return units, err
}

// ShipmentFreightUnits are one shipment's items as the freight's spread reads them, whatever its state: the units
// shipped, else those planned (物流跟踪 shows the spread before 发货 too).
func ShipmentFreightUnits(db *models.DB, companyID, shipmentRef int64) ([]ShippedUnit, error) {
	rows := []ShippedUnit{}
	err := db.Table("shipments s").Joins("JOIN shipment_items i ON i.shipment_ref = s.id").
		Joins("JOIN local_products p ON p.id = i.product_id").
		Where("s.company_id = ? AND s.id = ?", companyID, shipmentRef).
		Select("s.id AS shipment_ref, s.shipment_id, s.group_id, s.marketplace_id, s.created_at AS shipped_at, " +
			"COALESCE(s.freight, 0) AS freight, i.seller_sku, p.sku AS product_sku, " +
			"CASE WHEN i.quantity_shipped > 0 THEN i.quantity_shipped ELSE i.quantity END AS quantity, p.weight, p.length, p.width, p.height").
		Order("i.seller_sku").Scan(&rows).Error
	return rows, err
}
