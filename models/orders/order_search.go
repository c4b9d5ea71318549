package orders

import (
	"slices"
	"strings"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The order lists' search by the start of an order id, SKU or ASIN is planned per call (planSearch): gathered from
// the indexes when few entries match; else tested order by order in the list's own order, as gathering reads and
// sorts every match first. A tested search's count, and its first page below the cap, come from each index's
// matches (searchedOrders), as a walk reads every order when none match. One whole value: order_search_firsts.go.

// searchGatherLimit is the most index entries (order ids, SKUs and ASINs that start with the search) a search is
// gathered by; past it orders are tested. At the limit both ways cost about the same.
const searchGatherLimit = 2000

// searchPlan is how a list applies its search.
type searchPlan int

const (
	noSearch searchPlan = iota
	// gathered: few matches, found by their indexes.
	gathered
	// testedFew: many matches, but few orders pass the rest of the filter (a day, a status): each tested.
	testedFew
	// tested: many of both; the page is read by testing orders in turn, the count from the indexes' matches.
	tested
)

// planSearch chooses how the filter's search is applied: gathered when at most searchGatherLimit index entries
// match, tested otherwise; for a count, testedFew when the rest of the filter passes at most that many orders. Each
// probe reads at most the limit's entries; a page whose total the caller knows is spared the second probe.
func planSearch(db *models.DB, companyID int64, f OrderFilter, counting bool) (searchPlan, error) {
	if f.Search == "" {
		return noSearch, nil
	}
	n, err := searchMatchCount(db, companyID, f.Search, searchGatherLimit)
	if err != nil || n <= searchGatherLimit {
		return gathered, err
	}
	if !counting {
		return tested, nil
	}
	rest := f
	rest.Search = ""
	n, err = countUpTo(db, orders(db, companyID, rest, noSearch), searchGatherLimit)
	if err != nil || n <= searchGatherLimit {
		return testedFew, err
	}
	return tested, nil
}

// searchMatchCount counts the index entries that start with text (order ids, SKUs and ASINs of the company's
// orders and items), each index's up to one past limit.
func searchMatchCount(db *models.DB, companyID int64, text string, limit int) (int64, error) {
	var counts []string
	var args []any
	for _, col := range append([]string{"amazon_orders.amazon_order_id"}, itemColumns("amazon_order_items", text)...) {
		table := col[:strings.IndexByte(col, '.')]
		cond, values := startsWith(db, col, text)
		counts = append(counts, "(SELECT count(*) FROM (SELECT 1 FROM "+table+" WHERE "+table+".company_id = ? AND "+
			cond+" LIMIT ?) AS matching)")
		args = append(append(append(args, companyID), values...), limit+1)
	}
	var n int64
	err := db.Raw("SELECT "+strings.Join(counts, " + "), args...).Scan(&n).Error
	return n, err
}

// countUpTo counts the rows q selects, up to one past limit.
func countUpTo(db *models.DB, q *gorm.DB, limit int) (int64, error) {
	var n int64
	err := db.Table("(?) AS matching", q.Select("1").Limit(limit+1)).Count(&n).Error
	return n, err
}

// searchMatches selects the ids of the company's orders whose order id, or an item's SKU or ASIN, starts with
// text (anyOf).
func searchMatches(db *models.DB, companyID int64, text string) *gorm.DB {
	var selects []string
	var args [][]any
	for _, col := range append([]string{"o.amazon_order_id"}, itemColumns("i", text)...) {
		cond, values := startsWith(db, col, text)
		from := "amazon_orders o WHERE o.company_id = ?"
		if col != "o.amazon_order_id" {
			from = "amazon_order_items i JOIN amazon_orders o ON o.company_id = i.company_id " +
				"AND o.amazon_order_id = i.amazon_order_id AND o.seller_id = i.seller_id WHERE i.company_id = ?"
		}
		selects = append(selects, "SELECT o.id FROM "+from+" AND "+cond)
		args = append(args, append([]any{companyID}, values...))
	}
	return anyOf(db, selects, args)
}

// searchTest is the condition that an order (a row of amazon_orders) matches text: its order id starts with it, or
// an item's SKU or ASIN does, read through the items' key. The OFFSET keeps PostgreSQL, on a low estimate, from
// turning the EXISTS into a hash of every matching item (it cannot drop an OFFSET, as it drops a LIMIT).
func searchTest(db *models.DB, text string) (string, []any) {
	id, args := startsWith(db, "amazon_orders.amazon_order_id", text)
	var items []string
	for _, col := range itemColumns("i", text) {
		cond, values := startsWith(db, col, text)
		items, args = append(items, "("+cond+")"), append(args, values...)
	}
	return "((" + id + ") OR EXISTS (SELECT 1 FROM amazon_order_items i WHERE i.seller_id = amazon_orders.seller_id " +
		"AND i.amazon_order_id = amazon_orders.amazon_order_id AND (" + strings.Join(items, " OR ") + ") LIMIT 1 OFFSET 0))", args
}

// itemColumns are the columns of the items (table: its name or alias) that may start with text: the SKU always, the
// ASIN when text could begin one (Amazon's ASINs are ten capital letters and digits). A SKU with a hyphen or a
// small letter is then tested on the items' key alone, which holds the SKU: the ASIN is on the item's row, and
// reading that row for every order walked cost SQLite most of a best seller's page.
func itemColumns(table, text string) []string {
	cols := []string{table + ".sku"}
	if len(text) <= 10 && strings.TrimFunc(text, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' }) == "" {
		cols = append(cols, table+".asin")
	}
	return cols
}

// searchedOrders finds the orders a tested search's filter passes from each index's matches read under the rest of
// the filter: their ids when at most the cap's (all), none past it. Items are read alone on their SKU (or ASIN) and
// date index (they repeat their order's filter columns), each order by its first match, then looked up by key:
// joined, stale statistics made PostgreSQL read every match per order. indexes: searchIndexes', nil to read here.
func searchedOrders(db *models.DB, companyID int64, f OrderFilter, indexes []searchIndex) (ids []int64, all bool, err error) {
	if indexes == nil {
		if indexes, err = searchIndexes(db, companyID, f.Search); err != nil {
			return nil, false, err
		}
	}
	rest := f
	rest.Search = ""
	limit := db.CountLimit()
	if byID := indexes[0]; byID.first != "" {
		cond, args := matchingValues(db, byID, f.Search)
		err := orders(db, companyID, rest, noSearch).Where(cond, args...).Limit(limit+1).Pluck("amazon_orders.id", &ids).Error
		if err != nil || len(ids) > limit {
			return nil, false, err
		}
	}
	for _, byItem := range indexes[1:] {
		if byItem.first == "" {
			continue
		}
		cond, args := matchingValues(db, byItem, f.Search)
		earlier, earlierArgs := startsWith(db, "j"+strings.TrimPrefix(byItem.column, "i"), f.Search)
		var keys []orderKey
		err = passing(db.Table("amazon_order_items i"), "i", companyID, rest).Where(cond, args...).
			Where("NOT EXISTS (SELECT 1 FROM amazon_order_items j WHERE j.seller_id = i.seller_id "+
				"AND j.amazon_order_id = i.amazon_order_id AND j.sku < i.sku AND "+earlier+" LIMIT 1 OFFSET 0)", earlierArgs...).
			Select("i.seller_id, i.amazon_order_id").Limit(limit + 1).Find(&keys).Error
		if err != nil || len(keys) > limit {
			return nil, false, err
		}
		if ids, err = appendOrderIDs(db, ids, companyID, keys); err != nil {
			return nil, false, err
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) > limit {
		return nil, false, nil
	}
	return ids, true, nil
}

// searchIndex is an index a search reads, by its column (amazon_orders.amazon_order_id, or an item's column under
// the alias i), with the first and last of its values that start with the search ("" when none do).
type searchIndex struct {
	column      string
	first, last string
}

// searchIndexes reads, once per call, the first and last matching values of each index the search reads (order ids,
// SKUs and, per itemColumns, ASINs): an index holding none of the matches is then skipped, which a planner may not
// know. An index whose first value is its last matches one value (searchedFirsts, matchingValues).
func searchIndexes(db *models.DB, companyID int64, text string) ([]searchIndex, error) {
	var indexes []searchIndex
	for _, col := range append([]string{"amazon_orders.amazon_order_id"}, itemColumns("i", text)...) {
		first, last, err := valuesStartingWith(db, companyID, strings.Replace(col, "i.", "amazon_order_items.", 1), text)
		if err != nil {
			return nil, err
		}
		indexes = append(indexes, searchIndex{column: col, first: first, last: last})
	}
	return indexes, nil
}

// valuesStartingWith reads the first and last of the company's values of column (table.column) that start with text
// ("" when none do), on its index alone.
func valuesStartingWith(db *models.DB, companyID int64, column, text string) (first, last string, err error) {
	table := column[:strings.IndexByte(column, '.')]
	cond, args := startsWith(db, column, text)
	end := func(dir string) string {
		return "(SELECT " + column + " FROM " + table + " WHERE " + table + ".company_id = ? AND " + cond +
			" ORDER BY " + column + " " + dir + " LIMIT 1)"
	}
	var ends struct{ First, Last *string }
	err = db.Raw("SELECT "+end("ASC")+" AS first, "+end("DESC")+" AS last",
		append(append([]any{companyID}, args...), append([]any{companyID}, args...)...)...).Scan(&ends).Error
	if err != nil || ends.First == nil || ends.Last == nil {
		return "", "", err
	}
	return *ends.First, *ends.Last, nil
}

// matchingValues is the condition that the index's column starts with text: equal to its value when it matches
// one, since the planners weigh a range of text by a guess, and SQLite then walked the month's items instead of
// reading the SKU's on its index of SKU and date.
func matchingValues(db *models.DB, x searchIndex, text string) (string, []any) {
	if x.first == x.last {
		return x.column + " = ?", []any{x.first}
	}
	return startsWith(db, x.column, text)
}

// orderKey is an order's key: its seller account and Amazon's order id.
type orderKey struct {
	SellerID      int64
	AmazonOrderID string
}

// appendOrderIDs appends to ids those of the company's orders of keys, each seller account's looked up by its order
// ids.
func appendOrderIDs(db *models.DB, ids []int64, companyID int64, keys []orderKey) ([]int64, error) {
	bySeller := map[int64][]string{}
	for _, k := range keys {
		bySeller[k.SellerID] = append(bySeller[k.SellerID], k.AmazonOrderID)
	}
	for seller, orders := range bySeller {
		for chunk := range slices.Chunk(orders, models.ReadChunk) {
			var found []int64
			err := db.Table("amazon_orders").Scopes(models.InCompany("amazon_orders", companyID)).
				Where("amazon_orders.amazon_order_id IN ? AND amazon_orders.seller_id = ?", chunk, seller).
				Pluck("amazon_orders.id", &found).Error
			if err != nil {
				return nil, err
			}
			ids = append(ids, found...)
		}
	}
	return ids, nil
}
