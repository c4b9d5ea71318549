package orders

import (
	"slices"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The first pages of a search in date order whose matches are one whole value (a SKU, ASIN or order id, as a seller
// pastes it) are read from that value's index of value and date, whose first entries hold the list's first orders,
// rather than walked order by order, which reads every order between two matches.

// searchedFirsts finds the orders a date-ordered page (newest first unless oldest) is read from when each index's
// matches are one value; found is false otherwise. Each value's first n orders by date (n: offset, size and one),
// with every order on the n-th's date, hold the list's first n; those before the page's first date are only counted
// (skipped), not sorted with the page. At a known version (f.Version) a far page starts from a mark (searchMarks).
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
// that value's matches, ten times the count's cap, where a walk reads every order before the page. Deeper, the
// ids gathered would near what a statement may bind (SQLite's 32,766 values), and the walk goes on.
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
