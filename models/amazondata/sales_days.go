package amazondata

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/stores"
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

// dayKey is one seller account's marketplace.
type dayKey struct {
	companyID     int64
	sellerID      int64
	marketplaceID string
}

// refreshSalesDays sums again, into sales_sku_days and sales_order_days, every day (in the marketplace's zone) that
// items touch, from all its items, replacing its rows whole: a report read twice writes the same rows, a later cancel
// leaves them. Each run of touched days goes at once, so days between a report's old and new orders are not re-read.
func refreshSalesDays(db *models.DB, items []AmazonOrderItem) error {
	days := map[dayKey]map[time.Time]bool{}
	var keys []dayKey
	for i := range items {
		it := &items[i]
		k := dayKey{it.CompanyID, it.SellerID, it.MarketplaceID}
		if days[k] == nil {
			days[k] = map[time.Time]bool{}
			keys = append(keys, k)
		}
		t := it.PurchaseDate.In(stores.MarketplaceLocation(k.marketplaceID))
		days[k][time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)] = true
	}
	for _, k := range keys {
		sorted := slices.SortedFunc(maps.Keys(days[k]), time.Time.Compare)
		loc := stores.MarketplaceLocation(k.marketplaceID)
		for first := 0; first < len(sorted); {
			last := first
			for last+1 < len(sorted) && sorted[last+1].Equal(sorted[last].AddDate(0, 0, 1)) {
				last++
			}
			// The days' midnights in the marketplace's zone, which sumSalesDays dates in it.
			a, b := sorted[first], sorted[last]
			err := sumSalesDays(db, k, time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, loc),
				time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, loc))
			if err != nil {
				return err
			}
			first = last + 1
		}
		months := map[string]bool{}
		for _, d := range sorted {
			months[d.Format("2006-01")] = true
		}
		for _, m := range slices.Sorted(maps.Keys(months)) {
			if err := sumSalesMonths(db, k, m, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// sumSalesMonths replaces sales_sku_months' rows of an account's marketplace in the months (of its zone, yyyy-MM)
// from first to last with the sums of their days.
func sumSalesMonths(db *models.DB, k dayKey, first, last string) error {
	err := db.Exec("DELETE FROM sales_sku_months WHERE seller_id = ? AND marketplace_id = ? AND month >= ? AND month <= ?",
		k.sellerID, k.marketplaceID, first, last).Error
	if err != nil {
		return err
	}
	// A day is yyyy-MM-dd: the month's last day sorts before last + "-32".
	err = db.Exec(`INSERT INTO sales_sku_months (company_id, group_id, seller_id, marketplace_id, sku, currency,
		month, bj_month, asin, product_name, units, orders, amount)
		SELECT company_id, MAX(group_id), seller_id, marketplace_id, sku, currency, substr(day, 1, 7), substr(bj_day, 1, 7),
			MAX(asin), MAX(product_name), SUM(units), SUM(orders), SUM(amount)
		FROM sales_sku_days WHERE company_id = ? AND seller_id = ? AND marketplace_id = ? AND day >= ? AND day < ?
		GROUP BY company_id, seller_id, marketplace_id, sku, currency, 7, 8`,
		k.companyID, k.sellerID, k.marketplaceID, first+"-01", last+"-32").Error
	if err != nil {
		return err
	}
	return sumParentMonths(db, k, first, last, nil)
}

// sumSalesDays replaces the summary's rows of an account's marketplace on the days (in its zone) from first's to
// last's.
func sumSalesDays(db *models.DB, k dayKey, first, last time.Time) error {
	loc := stores.MarketplaceLocation(k.marketplaceID)
	f, l := first.In(loc), last.In(loc)
	start := time.Date(f.Year(), f.Month(), f.Day(), 0, 0, 0, 0, loc)
	end := time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, loc)
	fromDay, toDay := start.Format(time.DateOnly), l.Format(time.DateOnly)
	for _, table := range []string{"sales_sku_days", "sales_order_days", "sales_parent_days"} {
		err := db.Exec("DELETE FROM "+table+" WHERE seller_id = ? AND marketplace_id = ? AND day >= ? AND day <= ?",
			k.sellerID, k.marketplaceID, fromDay, toDay).Error
		if err != nil {
			return err
		}
	}
	day, bjDay, where, args := itemDays(db, k, start, end)
	where = "FROM amazon_order_items i WHERE " + where
	err := db.Exec(fmt.Sprintf(`INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku,
		currency, day, bj_day, asin, product_name, units, orders, amount)
		SELECT i.company_id, MAX(i.group_id), i.seller_id, i.marketplace_id, i.sku, i.currency, %s, %s,
			MAX(i.asin), MAX(i.product_name), COALESCE(SUM(i.quantity), 0), COUNT(*), COALESCE(SUM(i.item_price), 0)
		%s GROUP BY i.company_id, i.seller_id, i.marketplace_id, i.sku, i.currency, 7, 8`, day, bjDay, where),
		args...).Error
	if err != nil {
		return err
	}
	err = db.Exec(fmt.Sprintf(`INSERT INTO sales_order_days (company_id, group_id, seller_id, marketplace_id,
		currency, day, bj_day, units, orders, amount)
		SELECT i.company_id, MAX(i.group_id), i.seller_id, i.marketplace_id, i.currency, %s, %s,
			COALESCE(SUM(i.quantity), 0), COUNT(DISTINCT i.amazon_order_id), COALESCE(SUM(i.item_price), 0)
		%s GROUP BY i.company_id, i.seller_id, i.marketplace_id, i.currency, 6, 7`, day, bjDay, where),
		args...).Error
	if err != nil {
		return err
	}
	return sumParentDays(db, k, start, end, nil)
}

// itemDays are the two days (in the marketplace's zone and in Beijing time) of an order item i's purchase, and
// the condition with its arguments (after those of the days) that selects an account's marketplace's items not
// cancelled, bought from start to end (instants).
func itemDays(db *models.DB, k dayKey, start, end time.Time) (day, bjDay, where string, args []any) {
	d := &models.DateSQL{Driver: db.Driver}
	const col = "i.purchase_date"
	day = d.Period(col, d.Offset(col, models.SpansOf(stores.MarketplaceLocation(k.marketplaceID), start, end)), models.PeriodDay)
	bjDay = d.Period(col, d.Offset(col, models.SpansOf(SalesDaysZone, start, end)), models.PeriodDay)
	where = "i.company_id = ? AND i.seller_id = ? AND i.marketplace_id = ? AND i.purchase_date >= ? " +
		"AND i.purchase_date < ? AND i.order_status <> ?"
	return day, bjDay, where, append(d.Args, k.companyID, k.sellerID, k.marketplaceID, start.UTC(), end.UTC(), OrderCancelled)
}

// EnsureSalesDays sums a company's existing order items into the daily summary once (the first report after the
// summary's migration, or a company's first): later imports keep it up to date.
func EnsureSalesDays(db *models.DB, companyID int64) error {
	return onceForCompany(db, "sales_days_built", companyID, func(tx *models.DB) error {
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
			q := func() *models.DB {
				return tx.On(tx.Table("amazon_order_items").Where("company_id = ? AND seller_id = ? AND marketplace_id = ?",
					companyID, k.sellerID, k.marketplaceID).Limit(1))
			}
			if err := q().Order("purchase_date").Pluck("purchase_date", &first).Error; err != nil {
				return err
			}
			if err := q().Order("purchase_date DESC").Pluck("purchase_date", &last).Error; err != nil {
				return err
			}
			if err := sumSalesDays(tx, k, first[0], last[0]); err != nil {
				return err
			}
			loc := stores.MarketplaceLocation(k.marketplaceID)
			if err := sumSalesMonths(tx, k, first[0].In(loc).Format("2006-01"), last[0].In(loc).Format("2006-01")); err != nil {
				return err
			}
		}
		// The days summed the parents' rows with the others.
		return tx.Table("sales_parents_built").Clauses(clause.OnConflict{DoNothing: true}).
			Create(map[string]any{"company_id": companyID}).Error
	})
}

// onceForCompany runs sum, in a transaction, unless the company is in the table built, and then puts it there.
func onceForCompany(db *models.DB, built string, companyID int64, sum func(tx *models.DB) error) error {
	var n int64
	if err := db.Table(built).Where("company_id = ?", companyID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		// Two first reports at once: the company's row lock lets one sum while the other waits, then finds it done.
		var id int64
		if err := tx.ForUpdate().Table("companies").Where("id = ?", companyID).Select("id").Scan(&id).Error; err != nil {
			return err
		}
		if err := tx.Table(built).Where("company_id = ?", companyID).Count(&n).Error; err != nil || n > 0 {
			return err
		}
		if err := sum(tx); err != nil {
			return err
		}
		return tx.Table(built).Create(map[string]any{"company_id": companyID}).Error
	})
}

// The daily summary's tables as running sums, for addSalesDays.
var (
	salesSKUDaysTable = &models.UpsertTable{Name: "sales_sku_days",
		Columns: []string{"company_id", "group_id", "seller_id", "marketplace_id", "sku", "currency", "day", "bj_day",
			"asin", "product_name", "units", "orders", "amount"},
		Key:  []string{"seller_id", "marketplace_id", "day", "bj_day", "sku", "currency"},
		Keep: []string{"company_id"}, Add: []string{"units", "orders", "amount"}}
	salesOrderDaysTable = &models.UpsertTable{Name: "sales_order_days",
		Columns: []string{"company_id", "group_id", "seller_id", "marketplace_id", "currency", "day", "bj_day",
			"units", "orders", "amount"},
		Key:  []string{"seller_id", "marketplace_id", "day", "bj_day", "currency"},
		Keep: []string{"company_id"}, Add: []string{"units", "orders", "amount"}}
	salesSKUMonthsTable = &models.UpsertTable{Name: "sales_sku_months",
		Columns: []string{"company_id", "group_id", "seller_id", "marketplace_id", "sku", "currency", "month",
			"bj_month", "asin", "product_name", "units", "orders", "amount"},
		Key:  []string{"seller_id", "marketplace_id", "month", "bj_month", "sku", "currency"},
		Keep: []string{"company_id"}, Add: []string{"units", "orders", "amount"}}
)

// salesSum is one row of a summary table as addSalesDays gathers it: its key (seller, marketplace, then SKU,
// currency and the two days or months, or currency and the two days), the largest group id, ASIN and product name
// (MAX in sumSalesDays), and the sums.
type salesSum struct {
	key                   [6]string
	companyID, sellerID   int64
	groupID               int64
	asin, name            string
	units, orders, amount int64
}

// salesSums gathers a summary table's rows, and their keys (sorted once the batch is summed, sumNewSales).
type salesSums struct {
	rows map[[6]string]*salesSum
	keys [][6]string
}

// add counts an item into its row: false when the row has another group, ASIN or product name.
func (ss *salesSums) add(k [6]string, it *AmazonOrderItem, asin, name string, orders int64) bool {
	s := ss.rows[k]
	if s == nil {
		s = &salesSum{key: k, companyID: it.CompanyID, sellerID: it.SellerID, groupID: it.GroupID, asin: asin, name: name}
		ss.rows[k] = s
		ss.keys = append(ss.keys, k)
	} else if s.groupID != it.GroupID || s.asin != asin || s.name != name {
		return false
	}
	s.units += int64(it.Quantity)
	s.orders += orders
	s.amount += it.ItemPrice.Units()
	return true
}

// newSales are a batch's items summed into the rows of the three summary tables, for addSalesDays; ok is false
// when the batch's items of one SKU and day name different ASINs, product names or store groups: which one MAX
// keeps is the database collation's choice, so refreshSalesDays sums those days instead.
type newSales struct {
	skuDays, skuMonths, orderDays salesSums
	parentDays, parentMonths      parentOrders
	ok                            bool
}

// sumNewSales sums items as sumSalesDays would sum them from the database, under the parents (marketplace and
// ASIN to parent ASIN) read before. It reads nothing but the items, so that it can run while they are written.
func sumNewSales(items []AmazonOrderItem, parents map[[2]string]string) newSales {
	ns := newSales{skuDays: salesSums{rows: map[[6]string]*salesSum{}}, skuMonths: salesSums{rows: map[[6]string]*salesSum{}},
		orderDays: salesSums{rows: map[[6]string]*salesSum{}}, parentDays: parentOrders{rows: map[[6]string]*[4]int64{}},
		parentMonths: parentOrders{rows: map[[6]string]*[4]int64{}}}
	// sales_order_days counts each order once a day, whatever its SKUs; a parent's rows once per parent. An order
	// is bought on one instant, so its day is one.
	type orderOfDay struct {
		day   [6]string
		order string
	}
	type orderOfParent struct{ order, parent string }
	counted := map[orderOfDay]bool{}
	ofParent := map[orderOfParent]bool{}
	for i := range items {
		it := &items[i]
		if it.OrderStatus == OrderCancelled {
			continue
		}
		day := it.PurchaseDate.In(stores.MarketplaceLocation(it.MarketplaceID)).Format(time.DateOnly)
		bjDay := it.PurchaseDate.In(SalesDaysZone).Format(time.DateOnly)
		seller := strconv.FormatInt(it.SellerID, 10)
		orderDay := [6]string{seller, it.MarketplaceID, it.Currency, day, bjDay}
		var first int64
		if k := (orderOfDay{orderDay, it.AmazonOrderID}); !counted[k] {
			counted[k], first = true, 1
		}
		if !ns.skuDays.add([6]string{seller, it.MarketplaceID, it.SKU, it.Currency, day, bjDay}, it, it.ASIN, it.ProductName, 1) ||
			!ns.skuMonths.add([6]string{seller, it.MarketplaceID, it.SKU, it.Currency, day[:7], bjDay[:7]}, it, it.ASIN, it.ProductName, 1) ||
			!ns.orderDays.add(orderDay, it, "", "", first) {
			return newSales{}
		}
		parent := parents[[2]string{it.MarketplaceID, it.ASIN}]
		if parent == "" {
			parent = it.ASIN
		}
		if k := (orderOfParent{it.AmazonOrderID, parent}); !ofParent[k] {
			ofParent[k] = true
			ns.parentDays.add([6]string{seller, it.MarketplaceID, parent, it.Currency, day, bjDay}, it)
			ns.parentMonths.add([6]string{seller, it.MarketplaceID, parent, it.Currency, day[:7], bjDay[:7]}, it)
		}
	}
	// Each summary's rows are written in the order of their keys: batches written at once (OrderBatchWriters)
	// lock the rows they share in the same order, so neither waits for a row the other holds while holding one
	// it wants.
	for _, keys := range [][][6]string{ns.skuDays.keys, ns.skuMonths.keys, ns.orderDays.keys, ns.parentDays.keys, ns.parentMonths.keys} {
		slices.SortFunc(keys, func(a, b [6]string) int { return slices.Compare(a[:], b[:]) })
	}
	ns.ok = true
	return ns
}

// addSalesDays adds to the daily summary the sums of items that are all new (no item of their orders was stored),
// as sumSalesDays would make them but without re-reading the days; group, ASIN and product name keep the greater,
// as MAX does. It tells false, writing nothing, when the sums are not ok.
func addSalesDays(db *models.DB, ns newSales) (bool, error) {
	if !ns.ok {
		return false, nil
	}
	for _, w := range []struct {
		t    *models.UpsertTable
		sums salesSums
		sku  bool
	}{{salesSKUDaysTable, ns.skuDays, true}, {salesSKUMonthsTable, ns.skuMonths, true}, {salesOrderDaysTable, ns.orderDays, false}} {
		_, err := db.Upsert(w.t, len(w.sums.keys), func(i int) []any {
			s := w.sums.rows[w.sums.keys[i]]
			if w.sku {
				return []any{s.companyID, s.groupID, s.sellerID, s.key[1], s.key[2], s.key[3], s.key[4], s.key[5],
					s.asin, s.name, s.units, s.orders, s.amount}
			}
			return []any{s.companyID, s.groupID, s.sellerID, s.key[1], s.key[2], s.key[3], s.key[4],
				s.units, s.orders, s.amount}
		})
		if err != nil {
			return false, err
		}
	}
	for _, w := range []struct {
		t      *models.UpsertTable
		orders *parentOrders
	}{{salesParentDaysTable, &ns.parentDays}, {salesParentMonthsTable, &ns.parentMonths}} {
		if _, err := db.Upsert(w.t, len(w.orders.keys), w.orders.row); err != nil {
			return false, err
		}
	}
	return true, nil
}
