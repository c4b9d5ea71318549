package amazondata

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/stores"
)

// ParentKey is the 父ASIN line that rows alias (order items or SKU summary rows, joined to their parent ap) count
// in: the parent the catalogue named, or the ASIN itself when it has none or was not looked up.
func ParentKey(alias string) string {
	return "COALESCE(NULLIF(ap.parent_asin, ''), " + alias + ".asin)"
}

// ParentJoin joins the parent ap of the ASIN of rows alias (order items or SKU summary rows) in their marketplace.
func ParentJoin(alias string) string {
	return "LEFT JOIN asin_parents ap ON ap.company_id = " + alias + ".company_id AND ap.marketplace_id = " +
		alias + ".marketplace_id AND ap.asin = " + alias + ".asin"
}

// sumParentDays inserts into sales_parent_days the distinct orders of an account's marketplace per parent, bought
// from start to end (instants), from its order items: only those of asins when asins is not nil. The caller has
// deleted the rows they replace.
func sumParentDays(db *models.DB, k dayKey, start, end time.Time, asins []string) error {
	day, bjDay, where, args := itemDays(db, k, start, end)
	if asins != nil {
		where += " AND i.asin IN ?"
		args = append(args, asins)
	}
	return db.Exec(fmt.Sprintf(`INSERT INTO sales_parent_days (company_id, group_id, seller_id, marketplace_id,
		parent_key, currency, day, bj_day, orders)
		SELECT i.company_id, MAX(i.group_id), i.seller_id, i.marketplace_id, %s, i.currency, %s, %s,
			COUNT(DISTINCT i.amazon_order_id)
		FROM amazon_order_items i %s WHERE %s
		GROUP BY i.company_id, i.seller_id, i.marketplace_id, 5, i.currency, 7, 8`,
		ParentKey("i"), day, bjDay, ParentJoin("i"), where), args...).Error
}

// sumParentMonths replaces sales_parent_months' rows of an account's marketplace in the months (yyyy-MM) from
// first to last with the sums of their days; only those of keys when keys is not nil.
func sumParentMonths(db *models.DB, k dayKey, first, last string, keys []string) error {
	cond, args := "", []any{}
	if keys != nil {
		cond, args = " AND parent_key IN ?", []any{keys}
	}
	err := db.Exec("DELETE FROM sales_parent_months WHERE seller_id = ? AND marketplace_id = ? AND month >= ? AND month <= ?"+cond,
		append([]any{k.sellerID, k.marketplaceID, first, last}, args...)...).Error
	if err != nil {
		return err
	}
	return db.Exec(`INSERT INTO sales_parent_months (company_id, group_id, seller_id, marketplace_id, parent_key,
		currency, month, bj_month, orders)
		SELECT company_id, MAX(group_id), seller_id, marketplace_id, parent_key, currency, substr(day, 1, 7),
			substr(bj_day, 1, 7), SUM(orders)
		FROM sales_parent_days WHERE company_id = ? AND seller_id = ? AND marketplace_id = ? AND day >= ? AND day < ?`+cond+`
		GROUP BY company_id, seller_id, marketplace_id, parent_key, currency, 7, 8`,
		append([]any{k.companyID, k.sellerID, k.marketplaceID, first + "-01", last + "-32"}, args...)...).Error
}

// The parents' rows as running sums, for addSalesDays.
var (
	salesParentDaysTable = &models.UpsertTable{Name: "sales_parent_days",
		Columns: []string{"company_id", "group_id", "seller_id", "marketplace_id", "parent_key", "currency", "day",
			"bj_day", "orders"},
		Key:  []string{"seller_id", "marketplace_id", "day", "bj_day", "parent_key", "currency"},
		Keep: []string{"company_id"}, Add: []string{"orders"}}
	salesParentMonthsTable = &models.UpsertTable{Name: "sales_parent_months",
		Columns: []string{"company_id", "group_id", "seller_id", "marketplace_id", "parent_key", "currency", "month",
			"bj_month", "orders"},
		Key:  []string{"seller_id", "marketplace_id", "month", "bj_month", "parent_key", "currency"},
		Keep: []string{"company_id"}, Add: []string{"orders"}}
)

// parentOrders are a batch's distinct orders per parent row key (seller, marketplace, parent key, currency, and
// the two days or months), for addSalesDays (keys sorted once the batch is summed, sumNewSales).
type parentOrders struct {
	rows map[[6]string]*[4]int64 // company, group (the greatest), seller, orders
	keys [][6]string
}

// add counts an order of item it in the row of key k.
func (p *parentOrders) add(k [6]string, it *AmazonOrderItem) {
	r := p.rows[k]
	if r == nil {
		r = &[4]int64{it.CompanyID, it.GroupID, it.SellerID, 0}
		p.rows[k] = r
		p.keys = append(p.keys, k)
	}
	r[1] = max(r[1], it.GroupID)
	r[3]++
}

// row is the i-th row's values, in the columns of the parents' tables.
func (p *parentOrders) row(i int) []any {
	k := p.keys[i]
	r := p.rows[k]
	return []any{r[0], r[1], r[2], k[1], k[2], k[3], k[4], k[5], r[3]}
}

// parentsOfItems reads the parents (marketplace and ASIN to parent) the items' ASINs have.
func parentsOfItems(db *models.DB, items []AmazonOrderItem) (map[[2]string]string, error) {
	if len(items) == 0 {
		return nil, nil
	}
	asins := map[string]map[string]bool{}
	for i := range items {
		if asins[items[i].MarketplaceID] == nil {
			asins[items[i].MarketplaceID] = map[string]bool{}
		}
		asins[items[i].MarketplaceID][items[i].ASIN] = true
	}
	return parentsOf(db, items[0].CompanyID, asins)
}

// parentsOf reads the parents of a company's ASINs (by marketplace) that have one.
func parentsOf(db *models.DB, companyID int64, asins map[string]map[string]bool) (map[[2]string]string, error) {
	out := map[[2]string]string{}
	for _, m := range slices.Sorted(maps.Keys(asins)) {
		list := slices.Sorted(maps.Keys(asins[m]))
		for from := 0; from < len(list); from += models.ReadChunk {
			var rows []ASINParent
			err := db.Where("company_id = ? AND marketplace_id = ? AND asin IN ? AND parent_asin <> ''", companyID, m,
				list[from:min(from+models.ReadChunk, len(list))]).Find(&rows).Error
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				out[[2]string{m, r.ASIN}] = r.ParentASIN
			}
		}
	}
	return out, nil
}

// resumParents sums again, from all their order items, the parents' rows of the lines the changed ASINs counted in
// before (old: the parents before) and count in now. It runs in the transaction writing the parents, and only for
// a company whose parents' rows are built: EnsureSalesParents sums the others whole.
func resumParents(db *models.DB, companyID int64, old map[[2]string]string, changed []ASINParent) error {
	var built int64
	if err := db.Table("sales_parents_built").Where("company_id = ?", companyID).Count(&built).Error; err != nil || built == 0 {
		return err
	}
	if err := lockCompanySellers(db, companyID); err != nil {
		return err
	}
	lines := map[string]map[string]bool{} // marketplace: parent keys touched
	for _, r := range changed {
		if lines[r.MarketplaceID] == nil {
			lines[r.MarketplaceID] = map[string]bool{}
		}
		for _, k := range []string{old[[2]string{r.MarketplaceID, r.ASIN}], r.ParentASIN, r.ASIN} {
			if k != "" {
				lines[r.MarketplaceID][k] = true
			}
		}
	}
	for _, m := range slices.Sorted(maps.Keys(lines)) {
		keys := slices.Sorted(maps.Keys(lines[m]))
		var asins []string
		if len(keys) <= models.ReadChunk {
			// The ASINs counting in those lines now: the keys themselves (an ASIN without a parent) and their
			// children.
			err := db.Table("asin_parents").Where("company_id = ? AND marketplace_id = ? AND parent_asin IN ?", companyID, m, keys).
				Pluck("asin", &asins).Error
			if err != nil {
				return err
			}
			asins = slices.Compact(slices.Sorted(slices.Values(append(asins, keys...))))
		}
		if err := resumParentLines(db, companyID, m, keys, asins); err != nil {
			return err
		}
	}
	return nil
}

// resumParentLines replaces the rows of the parent keys of a marketplace, of each of the company's seller
// accounts, with the sums of the asins' order items. No ASINs, or more than a statement takes well (a catalogue's
// first answer names them all), sum the marketplace's rows whole.
func resumParentLines(db *models.DB, companyID int64, marketplaceID string, keys, asins []string) error {
	items := db.Table("amazon_order_items").Where("company_id = ? AND marketplace_id = ?", companyID, marketplaceID)
	deleted := "DELETE FROM sales_parent_days WHERE seller_id = ? AND marketplace_id = ?"
	deleteArgs := []any{}
	if asins == nil || len(asins) > models.ReadChunk {
		keys, asins = nil, nil
	} else {
		items = items.Where("asin IN ?", asins)
		deleted += " AND parent_key IN ?"
		deleteArgs = append(deleteArgs, keys)
	}
	var sellers []int64
	err := db.Table("sales_parent_days").Where("company_id = ? AND marketplace_id = ?", companyID, marketplaceID).
		Distinct("seller_id").Pluck("seller_id", &sellers).Error
	if err != nil {
		return err
	}
	var fromItems []int64
	if err := items.Session(&gorm.Session{}).Distinct("seller_id").Pluck("seller_id", &fromItems).Error; err != nil {
		return err
	}
	for _, seller := range slices.Compact(slices.Sorted(slices.Values(append(sellers, fromItems...)))) {
		k := dayKey{companyID: companyID, sellerID: seller, marketplaceID: marketplaceID}
		if err := db.Exec(deleted, append([]any{seller, marketplaceID}, deleteArgs...)...).Error; err != nil {
			return err
		}
		// The first and last instants of the items, read as the column itself (see EnsureSalesDays).
		var first, last []time.Time
		q := func() *models.DB {
			return db.On(items.Session(&gorm.Session{}).Where("seller_id = ?", seller).Limit(1))
		}
		if err := q().Order("purchase_date").Pluck("purchase_date", &first).Error; err != nil {
			return err
		}
		if err := q().Order("purchase_date DESC").Pluck("purchase_date", &last).Error; err != nil {
			return err
		}
		if len(first) > 0 {
			loc := stores.MarketplaceLocation(marketplaceID)
			f, l := first[0].In(loc), last[0].In(loc)
			start := time.Date(f.Year(), f.Month(), f.Day(), 0, 0, 0, 0, loc)
			end := time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, loc)
			if err := sumParentDays(db, k, start, end, asins); err != nil {
				return err
			}
		}
		if err := sumParentMonths(db, k, "0000-00", "9999-99", keys); err != nil {
			return err
		}
	}
	return nil
}

// EnsureSalesParents sums a company's parents' rows once, for a company whose summary was built before them
// (migration 00045): EnsureSalesDays sums them with the rest, and imports and changes of parents keep them.
func EnsureSalesParents(db *models.DB, companyID int64) error {
	return onceForCompany(db, "sales_parents_built", companyID, func(tx *models.DB) error {
		if err := lockCompanySellers(tx, companyID); err != nil {
			return err
		}
		var markets []string
		err := tx.Table("amazon_order_items").Where("company_id = ?", companyID).Distinct("marketplace_id").
			Order("marketplace_id").Pluck("marketplace_id", &markets).Error
		if err != nil {
			return err
		}
		for _, m := range markets {
			if err := resumParentLines(tx, companyID, m, nil, nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// lockCompanySellers takes, on PostgreSQL, the lock of each of the company's seller accounts that an import holds
// while it counts a batch under the parents it read (lockSellerOrders), exclusively: holding them all, the parents'
// rows summed next read every batch counted before, and no batch counts under parents about to change.
func lockCompanySellers(db *models.DB, companyID int64) error {
	if db.Driver != "postgres" {
		return nil
	}
	var locked []int64
	return db.Raw("SELECT id FROM sellers WHERE company_id = ? ORDER BY id FOR NO KEY UPDATE", companyID).Scan(&locked).Error
}
