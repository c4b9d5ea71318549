// Package sales holds the sales report's queries (销售报表, 周/月汇总): sums of the synced order items and of the
// settlements' refunds, read from the daily summary where it answers, and the FBA stock the dashboard's days of
// cover divide. The summary is written by the orders import (amazondata, before sales in the order), so its
// writing is models/amazondata's (sales_days.go).
package sales

import (
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/amazondata"
	"sellerhub/models/stores"
)

// What the sales report groups by (销售报表's 维度). Amazon's reports name no parent ASIN: by parent ASIN reads the
// parents the sync looked up in Amazon's catalogue (asin_parents); an ASIN without one is its own line.
const (
	SalesBySKU         = "sku"
	SalesByASIN        = "asin"
	SalesByParentASIN  = "parentAsin"
	SalesByProduct     = "product"
	SalesByStore       = "store"
	SalesByMarketplace = "marketplace"
	// SalesByAll sums everything of a period into one line: 周/月汇总.
	SalesByAll = "all"
)

// SalesFilter selects what the sales report sums: the order items of UserID's granted store groups, of one group and
// marketplace (0 / "": any), SKU or ASIN containing Search, bought from day First to Last (both included, midnight
// UTC standing for the day) in each marketplace's zone, or in RateZone when ZoneOf answers it (InRateZone). Each
// line is split by RateZone's month (the rates' months) so that every amount converts at its month's rate.
type SalesFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Search        string
	By            string
	Period        string
	First, Last   time.Time
	ZoneOf        func(marketplaceID string) *time.Location
	InRateZone    bool
	RateZone      *time.Location
	// Spans, when set, replace First and Last: each zone's instants (by the zone's name) whose purchases count, such
	// as yesterday up to now's hour and minute there (首页's same-hour comparison). They are read from the order
	// items, the daily summary knowing no hours; a zone they do not name counts nothing.
	Spans map[string]Span
}

// Span is the instants From (included) to To (excluded).
type Span struct{ From, To time.Time }

// SalesSum is the sales (or refunds) of one key, period, currency and rate month, summed in the database.
type SalesSum struct {
	Key       string `gorm:"column:line_key"`
	Name      string `gorm:"column:line_name"`
	ASIN      string `gorm:"column:asin"`
	Period    string `gorm:"column:line_period"`
	Currency  string
	RateMonth string
	Units     int64
	Orders    int64
	Amount    models.Money
}

// salesDims are, for each grouping, the key and the name of a line, over amazon_order_items i (joined to the
// store group g and, through the listing l SKU配对 pairs, the local product p).
var salesDims = map[string]struct{ key, name, asin string }{
	SalesBySKU:  {"i.sku", "MAX(i.product_name)", "MAX(i.asin)"},
	SalesByASIN: {"i.asin", "MAX(i.product_name)", "''"},
	// By parent the name and the ASIN slots carry the first and the last of the children's names: what they share
	// names the family (app/sales.familyName).
	SalesByParentASIN:  {amazondata.ParentKey("i"), "MIN(i.product_name)", "MAX(i.product_name)"},
	SalesByProduct:     {"COALESCE(p.sku, '')", "MAX(p.name)", "''"},
	SalesByStore:       {"g.name", "MAX(g.name)", "''"},
	SalesByMarketplace: {"i.marketplace_id", "MAX(i.marketplace_id)", "''"},
	SalesByAll:         {"''", "''", "''"},
}

// byZone is offset for each zone's marketplaces.
func byZone(d *models.DateSQL, column string, zones []salesZone, from, to time.Time) string {
	if len(zones) == 1 {
		return d.Offset(column, models.SpansOf(zones[0].loc, from, to))
	}
	var b strings.Builder
	b.WriteString("CASE")
	for _, z := range zones {
		fmt.Fprintf(&b, " WHEN i.marketplace_id IN ('%s') THEN %s", strings.Join(z.markets, "','"),
			d.Offset(column, models.SpansOf(z.loc, from, to)))
	}
	b.WriteString(" ELSE 0 END")
	return b.String()
}

// salesZone is a zone and the marketplaces dated in it.
type salesZone struct {
	loc     *time.Location
	markets []string
}

// zones groups the marketplaces asked (all when none) by the zone f dates them in.
func (f SalesFilter) zones() []salesZone {
	byName := map[string]*salesZone{}
	var out []*salesZone
	for _, m := range stores.Marketplaces {
		if f.MarketplaceID != "" && m.ID != f.MarketplaceID {
			continue
		}
		loc := f.ZoneOf(m.ID)
		z := byName[loc.String()]
		if z == nil {
			z = &salesZone{loc: loc}
			byName[loc.String()] = z
			out = append(out, z)
		}
		z.markets = append(z.markets, m.ID)
	}
	zs := make([]salesZone, len(out))
	for i, z := range out {
		zs[i] = *z
	}
	return zs
}

// within narrows q to column's instants on the filter's days in each marketplace's zone, and answers the instants
// that hold every zone's days (for the offsets).
func (f SalesFilter) within(q *gorm.DB, column string, zones []salesZone) (*gorm.DB, time.Time, time.Time) {
	var from, to time.Time
	var conds []string
	var args []any
	for _, z := range zones {
		start := time.Date(f.First.Year(), f.First.Month(), f.First.Day(), 0, 0, 0, 0, z.loc).UTC()
		end := time.Date(f.Last.Year(), f.Last.Month(), f.Last.Day()+1, 0, 0, 0, 0, z.loc).UTC()
		if f.Spans != nil {
			sp, ok := f.Spans[z.loc.String()]
			if !ok {
				continue
			}
			start, end = sp.From.UTC(), sp.To.UTC()
		}
		if from.IsZero() || start.Before(from) {
			from = start
		}
		if end.After(to) {
			to = end
		}
		conds = append(conds, fmt.Sprintf("(i.marketplace_id IN ('%s') AND %s >= ? AND %s < ?)",
			strings.Join(z.markets, "','"), column, column))
		args = append(args, start, end)
	}
	if len(conds) == 0 {
		return q.Where("1 = 0"), f.First, f.First.AddDate(0, 0, 1)
	}
	// The range over every zone first, so that the index on the date narrows the rows before the zones do.
	q = q.Where(column+" >= ? AND "+column+" < ?", from, to)
	return q.Where("("+strings.Join(conds, " OR ")+")", args...), from, to
}

func (f SalesFilter) narrow(q *gorm.DB, db *models.DB) *gorm.DB {
	q = q.Scopes(models.InGrantedGroups("i.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("i.group_id = ?", f.GroupID)
	}
	if f.Search != "" {
		p, like := models.ContainsPattern(f.Search), " "+db.Caseless()
		q = q.Where("(i.sku"+like+" OR i.asin"+like+")", p, p)
	}
	return q
}

// sums runs the grouping of base (order items or refund lines as i, with the date column) by the filter's key,
// period, currency and rate month.
func sums(db *models.DB, base *gorm.DB, f SalesFilter, column, units, orders, amount string) ([]SalesSum, error) {
	dim, ok := salesDims[f.By]
	if !ok {
		return nil, fmt.Errorf("sales report: unknown grouping %q", f.By)
	}
	zones := f.zones()
	q, from, to := f.within(f.narrow(base, db), column, zones)
	d := &models.DateSQL{Driver: db.Driver}
	period := d.Period(column, byZone(d, column, zones, from, to), f.Period)
	rateMonth := d.Period(column, d.Offset(column, models.SpansOf(f.RateZone, from, to)), models.PeriodMonth)
	rows := []SalesSum{}
	sel := fmt.Sprintf("%s AS line_key, %s AS line_name, %s AS asin, %s AS line_period, i.currency AS currency, %s AS rate_month, "+
		"%s AS units, %s AS orders, %s AS amount", dim.key, dim.name, dim.asin, period, rateMonth, units, orders, amount)
	// The zones' CASEs hold the only arguments of the select, in the order they are written; the grouping names
	// the selected key, period, currency and rate month by position so that it needs none.
	err := q.Select(sel, d.Args...).Group("1, 4, 5, 6").Scan(&rows).Error
	return rows, err
}

// salesJoins joins what the grouping names beside the order items i: the store group g for its name, the
// listing l that SKU配对 pairs and its local product p, the parent ap of the item's ASIN in its marketplace. Other
// groupings read the order items alone.
func salesJoins(q *gorm.DB, by string) *gorm.DB {
	switch by {
	case SalesByParentASIN:
		return q.Joins(amazondata.ParentJoin("i"))
	case SalesByStore:
		return q.Joins("JOIN store_groups g ON g.id = i.group_id")
	case SalesByProduct:
		return q.Joins("LEFT JOIN listings l ON l.company_id = i.company_id AND l.group_id = i.group_id " +
			"AND l.marketplace_id = i.marketplace_id AND l.seller_sku = i.sku").
			Joins("LEFT JOIN local_products p ON p.id = l.product_id")
	}
	return q
}

// SalesSums sums the filter's sales: units, orders (an order with several of the line's SKUs counts once) and
// item prices by key, period, currency and rate month, from the daily summary where it answers, otherwise from the
// order items. Cancelled orders are left out: they sold nothing.
func SalesSums(db *models.DB, companyID int64, f SalesFilter) ([]SalesSum, error) {
	if rows, ok, err := salesFromDays(db, companyID, f); ok {
		return rows, err
	}
	q := salesJoins(db.Table("amazon_order_items i").Where("i.company_id = ?", companyID), f.By).
		Where("i.order_status <> ?", amazondata.OrderCancelled)
	// An order has one item row per SKU: by SKU its rows are its orders, counted without DISTINCT's sort.
	orders := "COUNT(DISTINCT i.amazon_order_id)"
	if f.By == SalesBySKU {
		orders = "COUNT(*)"
	}
	return sums(db, q, f, "i.purchase_date", "COALESCE(SUM(i.quantity), 0)", orders, "COALESCE(SUM(i.item_price), 0)")
}

// RefundSums sums the filter's refunds: the item price settlements give back (Refund lines' ItemPrice
// Principal, negative there, positive here) by the day the refund was posted, with the order item's ASIN and
// product through the refunded order's item. Units are the refunded lines, Orders the refunded orders.
func RefundSums(db *models.DB, companyID int64, f SalesFilter) ([]SalesSum, error) {
	q := db.Table("settlement_lines r").Where("r.company_id = ?", companyID).
		Where("r.transaction_type = ? AND r.amount_type = ? AND r.amount_description = ? AND r.posted_date IS NOT NULL",
			"Refund", "ItemPrice", "Principal").
		Joins("JOIN amazon_order_items i ON i.seller_id = r.seller_id AND i.amazon_order_id = r.order_id AND i.sku = r.sku")
	q = salesJoins(q, f.By)
	return sums(db, q, f, "r.posted_date", "COUNT(*)", "COUNT(DISTINCT r.order_id)", "COALESCE(-SUM(r.amount), 0)")
}
