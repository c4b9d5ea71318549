package models

import (
	"slices"
	"time"

	"gorm.io/gorm"
)

// The first pages of a search in date order, when each index's matches are one value: a whole SKU, ASIN or
// order id, what a seller copies into the search. The index of that value and date holds its items newest (or
// oldest) first, so the list's first orders are among the first of each value's, read there; the walk testing
// orders in turn read every order between two matches (an ASIN on one item in a hundred: 2,100 orders for a page,
// 11 ms alone and a p99 of 164-202 ms at 20 users on either database).

// searchedFirsts finds orders among which are the first n of the list of a search, in date order (newest
// first unless oldest is asked), when each index's matches of the search are one value; found is false otherwise.
// The orders of an order id are few (one per seller account); of a SKU's or ASIN's, the first n by date are taken,
// with every order on the date of the n-th: one of the list's first n orders has fewer than n of the value's orders
// before it, so it is among them.
func (db *DB) searchedFirsts(companyID int64, f OrderFilter, indexes []searchIndex, n int, newest bool) (ids []int64, found bool, err error) {
	for _, x := range indexes {
		if x.first != x.last {
			return nil, false, nil
		}
	}
	rest := f
	rest.Search = ""
	if byID := indexes[0]; byID.first != "" {
		err := db.orders(companyID, rest, noSearch).Where("amazon_orders.amazon_order_id = ?", byID.first).
			Pluck("amazon_orders.id", &ids).Error
		if err != nil {
			return nil, false, err
		}
	}
	for _, byItem := range indexes[1:] {
		if byItem.first == "" {
			continue
		}
		keys, err := firstOrdersOf(func() *gorm.DB {
			return passing(db.Table("amazon_order_items i"), "i", companyID, rest).Where(byItem.column+" = ?", byItem.first)
		}, n, newest)
		if err != nil {
			return nil, false, err
		}
		if ids, err = db.appendOrderIDs(ids, companyID, keys); err != nil {
			return nil, false, err
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), true, nil
}

// searchFirstsDepth is how deep into its list (offset and page) a search for one whole value reads its pages from
// that value's matches: ten times the count's cap. Walked, the pages past the cap of an ASIN on one item in a
// hundred (前往 a far page) read every order before them: 0.4-0.5 s for page 60 at a million items, 1.5-2.3 s for
// page 250; from the matches 17-22 ms and 58-88 ms, the matches read growing with the depth (~15 µs a row). Deeper,
// the orders' ids gathered would near what a statement may bind (SQLite's 32,766 values), and the walk goes on.
func (db *DB) searchFirstsDepth() int {
	return 10 * db.countCap()
}

// datedItem is an order item's order and date.
type datedItem struct {
	SellerID      int64
	AmazonOrderID string
	PurchaseDate  time.Time
}

// firstOrdersOf reads the orders of the first n distinct orders of the items items selects, by date (newest first
// or oldest), with every order on the n-th's date. An order may hold the value twice (an ASIN sold under two SKUs),
// so more items are read until n orders are found.
func firstOrdersOf(items func() *gorm.DB, n int, newest bool) ([]orderKey, error) {
	order := "i.purchase_date"
	if newest {
		order += " DESC"
	}
	for read := n; ; read *= 2 {
		var first []datedItem
		err := items().Select("i.seller_id, i.amazon_order_id, i.purchase_date").Order(order).Limit(read).Find(&first).Error
		if err != nil {
			return nil, err
		}
		seen := map[orderKey]bool{}
		var keys []orderKey
		for _, it := range first {
			k := orderKey{it.SellerID, it.AmazonOrderID}
			if seen[k] {
				continue
			}
			seen[k] = true
			if keys = append(keys, k); len(keys) == n {
				// Every order on the n-th's date, some perhaps past the items read.
				var ties []orderKey
				err := items().Where("i.purchase_date = ?", it.PurchaseDate).Select("i.seller_id, i.amazon_order_id").Find(&ties).Error
				return append(keys, ties...), err
			}
		}
		if len(first) < read {
			return keys, nil
		}
	}
}
