package models

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm/clause"
)

// SalesDaysZone is the zone of the daily summary's second day (bj_day) and of its rate months: Beijing time, the
// product's. A report asked in another zone sums the order items instead.
var SalesDaysZone = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		panic(err)
	}
	return loc
}()

// dayKey is one seller account's marketplace over a span of instants.
type dayKey struct {
	companyID     int64
	sellerID      int64
	marketplaceID string
}

// refreshSalesDays sums again, into sales_sku_days and sales_order_days, every day (in the marketplace's zone) that
// items touch, from all the order items of those days: a day's rows are replaced as a whole, so that an import
// read twice writes the same rows and an order cancelled later leaves them. Items of one account and marketplace
// are dated in one span from the first to the last item's day; an import batch covers a few days.
func (db *DB) refreshSalesDays(items []AmazonOrderItem) error {
	spans := map[dayKey][2]time.Time{}
	var order []dayKey
	for i := range items {
		it := &items[i]
		k := dayKey{it.CompanyID, it.SellerID, it.MarketplaceID}
		s, ok := spans[k]
		if !ok {
			order = append(order, k)
			s = [2]time.Time{it.PurchaseDate, it.PurchaseDate}
		}
		if it.PurchaseDate.Before(s[0]) {
			s[0] = it.PurchaseDate
		}
		if it.PurchaseDate.After(s[1]) {
			s[1] = it.PurchaseDate
		}
		spans[k] = s
	}
	for _, k := range order {
		if err := db.sumSalesDays(k, spans[k][0], spans[k][1]); err != nil {
			return err
		}
	}
	return nil
}

// sumSalesDays replaces the summary's rows of an account's marketplace on the days (in its zone) from first's to
// last's.
func (db *DB) sumSalesDays(k dayKey, first, last time.Time) error {
	loc := MarketplaceLocation(k.marketplaceID)
	f, l := first.In(loc), last.In(loc)
	start := time.Date(f.Year(), f.Month(), f.Day(), 0, 0, 0, 0, loc)
	end := time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, loc)
	fromDay, toDay := start.Format(time.DateOnly), l.Format(time.DateOnly)
	for _, table := range []string{"sales_sku_days", "sales_order_days"} {
		err := db.Exec("DELETE FROM "+table+" WHERE seller_id = ? AND marketplace_id = ? AND day >= ? AND day <= ?",
			k.sellerID, k.marketplaceID, fromDay, toDay).Error
		if err != nil {
			return err
		}
	}
	d := &dateSQL{driver: db.Driver}
	const col = "i.purchase_date"
	day := d.period(col, d.offset(col, spansOf(loc, start, end)), PeriodDay)
	bjDay := d.period(col, d.offset(col, spansOf(SalesDaysZone, start, end)), PeriodDay)
	where := "FROM amazon_order_items i WHERE i.company_id = ? AND i.seller_id = ? AND i.marketplace_id = ? " +
		"AND i.purchase_date >= ? AND i.purchase_date < ? AND i.order_status <> ?"
	args := append(d.args, k.companyID, k.sellerID, k.marketplaceID, start.UTC(), end.UTC(), OrderCancelled)
	err := db.Exec(fmt.Sprintf(`INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku,
		currency, day, bj_day, asin, product_name, units, orders, amount)
		SELECT i.company_id, MAX(i.group_id), i.seller_id, i.marketplace_id, i.sku, i.currency, %s, %s,
			MAX(i.asin), MAX(i.product_name), COALESCE(SUM(i.quantity), 0), COUNT(*), COALESCE(SUM(i.item_price), 0)
		%s GROUP BY i.company_id, i.seller_id, i.marketplace_id, i.sku, i.currency, 7, 8`, day, bjDay, where),
		args...).Error
	if err != nil {
		return err
	}
	return db.Exec(fmt.Sprintf(`INSERT INTO sales_order_days (company_id, group_id, seller_id, marketplace_id,
		currency, day, bj_day, units, orders, amount)
		SELECT i.company_id, MAX(i.group_id), i.seller_id, i.marketplace_id, i.currency, %s, %s,
			COALESCE(SUM(i.quantity), 0), COUNT(DISTINCT i.amazon_order_id), COALESCE(SUM(i.item_price), 0)
		%s GROUP BY i.company_id, i.seller_id, i.marketplace_id, i.currency, 6, 7`, day, bjDay, where),
		args...).Error
}

// EnsureSalesDays sums a company's existing order items into the daily summary once (the first report after the
// summary's migration, or a company's first): later imports keep it up to date.
func (db *DB) EnsureSalesDays(companyID int64) error {
	var n int64
	if err := db.Table("sales_days_built").Where("company_id = ?", companyID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(db.Statement.Context, func(tx *DB) error {
		// Two first reports at once: the company's row lock lets one sum while the other waits, then finds it done.
		var id int64
		if err := tx.ForUpdate().Table("companies").Where("id = ?", companyID).Select("id").Scan(&id).Error; err != nil {
			return err
		}
		if err := tx.Table("sales_days_built").Where("company_id = ?", companyID).Count(&n).Error; err != nil || n > 0 {
			return err
		}
		var keys []dayKey
		rows, err := tx.Table("amazon_order_items").Where("company_id = ?", companyID).
			Distinct("seller_id", "marketplace_id").Rows()
		if err != nil {
			return err
		}
		for rows.Next() {
			k := dayKey{companyID: companyID}
			if err := rows.Scan(&k.sellerID, &k.marketplaceID); err != nil {
				rows.Close()
				return err
			}
			keys = append(keys, k)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, k := range keys {
			// The first and last instants read as the column itself, which SQLite's driver parses (not an aggregate).
			var first, last []time.Time
			q := func() *DB {
				return tx.on(tx.Table("amazon_order_items").Where("company_id = ? AND seller_id = ? AND marketplace_id = ?",
					companyID, k.sellerID, k.marketplaceID).Limit(1))
			}
			if err := q().Order("purchase_date").Pluck("purchase_date", &first).Error; err != nil {
				return err
			}
			if err := q().Order("purchase_date DESC").Pluck("purchase_date", &last).Error; err != nil {
				return err
			}
			if err := tx.sumSalesDays(k, first[0], last[0]); err != nil {
				return err
			}
		}
		return tx.Table("sales_days_built").Clauses(clause.OnConflict{DoNothing: true}).
			Create(map[string]any{"company_id": companyID}).Error
	})
}

// salesDayDims are, for the groupings the summary answers, its table and a line's key, name and ASIN over its rows
// s (joined to the store group g).
var salesDayDims = map[string]struct{ table, key, name, asin string }{
	SalesBySKU:         {"sales_sku_days", "s.sku", "MAX(s.product_name)", "MAX(s.asin)"},
	SalesByStore:       {"sales_order_days", "g.name", "MAX(g.name)", "''"},
	SalesByMarketplace: {"sales_order_days", "s.marketplace_id", "MAX(s.marketplace_id)", "''"},
	SalesByAll:         {"sales_order_days", "''", "''", "''"},
}

// salesFromDays sums the filter's sales from the daily summary; ok false when the summary cannot answer: an ASIN
// or a local product may hold several SKUs of one order (counted once), a search by SKU or ASIN narrows the
// orders of a store or marketplace, and another rate zone than the summary's splits other months.
func (db *DB) salesFromDays(companyID int64, f SalesFilter) ([]SalesSum, bool, error) {
	dim, ok := salesDayDims[f.By]
	if !ok || (f.Search != "" && f.By != SalesBySKU) || f.RateZone.String() != SalesDaysZone.String() {
		return nil, false, nil
	}
	if err := db.EnsureSalesDays(companyID); err != nil {
		return nil, true, err
	}
	day := "s.day"
	if f.InRateZone {
		day = "s.bj_day"
	}
	q := db.Table(dim.table+" s").Where("s.company_id = ?", companyID).
		Where(day+" >= ? AND "+day+" <= ?", f.First.Format(time.DateOnly), f.Last.Format(time.DateOnly)).
		Scopes(InGrantedGroups("s.group_id", f.UserID))
	if f.By == SalesByStore {
		q = q.Joins("JOIN store_groups g ON g.id = s.group_id")
	}
	if f.GroupID != 0 {
		q = q.Where("s.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("s.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		p, like := containsPattern(f.Search), " "+db.caseless()
		q = q.Where("(s.sku"+like+" OR s.asin"+like+")", p, p)
	}
	period := "substr(" + day + ", 1, 10)"
	switch {
	case f.Period == PeriodMonth:
		period = "substr(" + day + ", 1, 7)"
	case f.Period == PeriodWeek && db.Driver == "postgres":
		period = "to_char(date_trunc('week', CAST(" + day + " AS date)), 'YYYY-MM-DD')"
	case f.Period == PeriodWeek:
		period = "strftime('%Y-%m-%d', " + day + ", '-6 days', 'weekday 1')"
	}
	rows := []SalesSum{}
	// Orders add up over days: an order is bought on one instant, in one day of each zone.
	sel := fmt.Sprintf("%s AS line_key, %s AS line_name, %s AS asin, %s AS line_period, s.currency AS currency, "+
		"substr(s.bj_day, 1, 7) AS rate_month, SUM(s.units) AS units, SUM(s.orders) AS orders, SUM(s.amount) AS amount",
		dim.key, dim.name, dim.asin, period)
	err := q.Select(sel).Group("1, 4, 5, 6").Scan(&rows).Error
	return rows, true, err
}
