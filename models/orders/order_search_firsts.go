package orders

import (
	"slices"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The first pages of a search in date order, when each index's matches are one value: a whole SKU, ASIN or
// order id, what a seller copies into the search. The index of that value and date holds its items newest (or
// oldest) first, so the list's first orders are among the first of each value's, read there; the walk testing
// orders in turn read every order between two matches (an ASIN on one item in a hundred: 2,100 orders for a page,
// 11 ms alone and a p99 of 164-202 ms at 20 users on either database).

// searchedFirsts finds the orders a page of a search in date order (newest first unless oldest is asked) is read
// from, when each index's matches of the search are one value; found is false otherwise. The orders of an order
// id are few (one per seller account); of a SKU's or ASIN's, the first n by date are taken (n: the page's offset
// and size, and one more), with every order on the date of the n-th: one of the list's first n orders has fewer
// than n of the value's orders before it, so it is among them. Of these, the orders dated before the page's first
// are only counted (skipped): every order of the list so dated is among them, and the page is read from the rest,
// a few more than its own. Read from them all, a far page (前往 page 60) looked up and sorted its 1,200 orders.
// A list read at a known version (f.Version) keeps where its orders are (searchMarks) and reads a far page from the
// nearest mark before it: the orders before the mark are counted there.
func searchedFirsts(db *models.DB, companyID int64, f OrderFilter, indexes []searchIndex, newest bool) (ids []int64, skipped int, found bool, err error) {
	for _, x := range indexes {
		if x.first != x.last {
			return nil, 0, false, nil
		}
	}
	rest := f
	rest.Search = ""
	key := searchMarksKey(companyID, f, newest)
	marks, from := searchMarksBefore(db, key, f, db.JumpStride())
	n := f.Offset + f.Limit + 1 - from.before
	var dated []datedItem
	if byID := indexes[0]; byID.first != "" {
		err := orders(db, companyID, rest, noSearch).Where("amazon_orders.amazon_order_id = ?", byID.first).
			Select("amazon_orders.seller_id, amazon_orders.amazon_order_id, amazon_orders.purchase_date, amazon_orders.id AS order_id").
			Find(&dated).Error
		if err != nil {
			return nil, 0, false, err
		}
	}
	for _, byItem := range indexes[1:] {
		if byItem.first == "" {
			continue
		}
		firsts, err := firstOrdersOf(func() *gorm.DB {
			return from.bound(passing(db.Table("amazon_order_items i"), "i", companyID, rest).Where(byItem.column+" = ?", byItem.first),
				"i.purchase_date", newest)
		}, n, newest)
		if err != nil {
			return nil, 0, false, err
		}
		dated = append(dated, firsts...)
	}
	dated = from.after(inDateOrder(dated, newest), newest)
	keepSearchMarks(db, key, f.Version, marks, from.before, dated[:min(n, len(dated))])
	skipped = min(f.Offset-from.before, len(dated))
	for skipped > 0 && skipped < len(dated) && dated[skipped-1].PurchaseDate.Equal(dated[skipped].PurchaseDate) {
		skipped-- // the page's first date's orders are read, whichever of them it starts with
	}
	var keys []orderKey
	for _, it := range dated[skipped:] {
		if it.OrderID != 0 {
			ids = append(ids, it.OrderID)
		} else {
			keys = append(keys, orderKey{it.SellerID, it.AmazonOrderID})
		}
	}
	ids, err = appendOrderIDs(db, ids, companyID, keys)
	return ids, from.before + skipped, true, err
}

// inDateOrder is the orders each once, by date (newest first or oldest); orders of one date in any order.
func inDateOrder(dated []datedItem, newest bool) []datedItem {
	seen := map[orderKey]bool{}
	orders := dated[:0]
	for _, it := range dated {
		if k := (orderKey{it.SellerID, it.AmazonOrderID}); !seen[k] {
			seen[k] = true
			orders = append(orders, it)
		}
	}
	slices.SortFunc(orders, func(a, b datedItem) int {
		if newest {
			return b.PurchaseDate.Compare(a.PurchaseDate)
		}
		return a.PurchaseDate.Compare(b.PurchaseDate)
	})
	return orders
}

// searchFirstsDepth is how deep into its list (offset and page) a search for one whole value reads its pages from
// that value's matches: ten times the count's cap. Walked, the pages past the cap of an ASIN on one item in a
// hundred (前往 a far page) read every order before them: 0.4-0.5 s for page 60 at a million items, 1.5-2.3 s for
// page 250; from the matches 17-22 ms and 48-52 ms, the matches read growing with the depth (~10 µs a row). Deeper,
// the orders' ids gathered would near what a statement may bind (SQLite's 32,766 values), and the walk goes on.
func searchFirstsDepth(db *models.DB) int {
	return 10 * db.CountLimit()
}

// datedItem is an order item's order and date.
type datedItem struct {
	SellerID      int64
	AmazonOrderID string
	PurchaseDate  time.Time
	// OrderID is the order's id when it was read from the orders (an order id's search), 0 from an item.
	OrderID int64
}

// firstOrdersOf reads the first n distinct orders of the items items selects, with their dates, by date (newest
// first or oldest), and every order on the n-th's date. An order may hold the value twice (an ASIN sold under two
// SKUs), so more items are read until n orders are found.
func firstOrdersOf(items func() *gorm.DB, n int, newest bool) ([]datedItem, error) {
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
		var orders []datedItem
		for _, it := range first {
			k := orderKey{it.SellerID, it.AmazonOrderID}
			if seen[k] {
				continue
			}
			seen[k] = true
			if orders = append(orders, it); len(orders) == n {
				// Every order on the n-th's date, some perhaps past the items read.
				var ties []datedItem
				err := items().Where("i.purchase_date = ?", it.PurchaseDate).
					Select("i.seller_id, i.amazon_order_id, i.purchase_date").Find(&ties).Error
				return append(orders, ties...), err
			}
		}
		if len(first) < read {
			return orders, nil
		}
	}
}
