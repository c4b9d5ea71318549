// Package orders holds what a seller reads of the synced orders: 订单管理 and 今日订单 (OrderPage, OrderCount, with
// the keyword search's plans and the marks of far pages, a cache kept through models.DB.Shared), an order's items and
// settled fees (VisibleOrder), and 退款订单 from the settlements (RefundPage, RefundCount).
package orders

import (
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/amazondata"
)

// Period is a window of time [From, To) (zero for open ends) over the rows of some marketplaces (none: all). A
// date range asked in each marketplace's own zone is one period per zone, since a day starts at another instant
// in each.
type Period struct {
	Marketplaces []string
	From, To     time.Time
}

// OrderFilter narrows the order lists: the user whose store groups bound them, a store group and a marketplace
// ("" or 0 for all), an order status and fulfilment channel as Amazon writes them, Search the start of an order
// id, SKU or ASIN, and the purchase (for refunds: posted) periods, any of which a row may fall in (none: no date
// limit). OrderBy is a column the caller has checked (never the client's text).
type OrderFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Status        string
	Channel       string
	// Business is "yes" for business (B2B) orders only, "no" for the others, "" for both (销售明细).
	Business      string
	Search        string
	Periods       []Period
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
	// Total is the list's total when the caller knows it (its count kept from an earlier call while nothing the
	// list reads changed); 0 has the page count it when needed.
	Total int64
	// Version is the data the list reads as the caller read it: a search's far pages then start from where its orders
	// were found at that version (order_search_marks.go), and a user limited to stores reads them as chosen (ofStores).
	Version models.ListVersion
}

// order is the list's ORDER BY: the chosen column, else fallback's newest first, then the id so that pages never
// overlap on equal values. An order id is unique per seller account: the 订单号 order is the unique index's, by
// company, order id and seller account (migration 00047).
func (f OrderFilter) order(table, fallback string) models.PageOrder {
	if f.OrderBy == "" {
		return models.ByKeys(table, true, fallback)
	}
	if table == "amazon_orders" && f.OrderBy == "amazon_order_id" {
		return models.ByUniqueKey(table, f.Desc, "amazon_order_id", "seller_id")
	}
	return models.ByKeys(table, f.Desc, f.OrderBy)
}

// byDate tells whether the list is in date order, and which way.
func (f OrderFilter) byDate() (newest, byDate bool) {
	if f.OrderBy == "" {
		return true, true
	}
	return f.Desc, f.OrderBy == "purchase_date"
}

// inPeriods narrows q to rows whose column falls in one of the periods: the outer bounds of them all first, so
// that the index of the list's date order is walked over that span only, then the period of each marketplace.
func inPeriods(q *gorm.DB, table, column string, periods []Period) *gorm.DB {
	if len(periods) == 0 {
		return q
	}
	col := table + "." + column
	var first, last time.Time
	openFrom, openTo := false, false
	var either []string
	var args []any
	for _, p := range periods {
		conds := []string{"1 = 1"}
		if len(p.Marketplaces) > 0 {
			conds = append(conds, table+".marketplace_id IN ?")
			args = append(args, p.Marketplaces)
		}
		if p.From.IsZero() {
			openFrom = true
		} else {
			conds = append(conds, col+" >= ?")
			args = append(args, p.From)
			if first.IsZero() || p.From.Before(first) {
				first = p.From
			}
		}
		if p.To.IsZero() {
			openTo = true
		} else {
			conds = append(conds, col+" < ?")
			args = append(args, p.To)
			if p.To.After(last) {
				last = p.To
			}
		}
		either = append(either, "("+strings.Join(conds, " AND ")+")")
	}
	if !openFrom {
		q = q.Where(col+" >= ?", first)
	}
	if !openTo {
		q = q.Where(col+" < ?", last)
	}
	if core, values := commonPeriod(table, col, periods); core != "" {
		either, args = append([]string{core}, either...), append(values, args...)
	}
	return q.Where("("+strings.Join(either, " OR ")+")", args...)
}

// commonPeriod is the condition that a row of any period's marketplaces lies in every period at once (the span
// they share), and its values; "" when they share none or there is one period. It adds no row, but tells the
// planners the span: PostgreSQL underestimated the zones' OR alone and counted a capped total by sorting the range.
func commonPeriod(table, col string, periods []Period) (string, []any) {
	if len(periods) < 2 {
		return "", nil
	}
	var from, to time.Time
	var markets []string
	seen := map[string]bool{}
	everyMarket := false
	for _, p := range periods {
		if p.From.After(from) {
			from = p.From
		}
		if !p.To.IsZero() && (to.IsZero() || p.To.Before(to)) {
			to = p.To
		}
		everyMarket = everyMarket || len(p.Marketplaces) == 0
		for _, m := range p.Marketplaces {
			if !seen[m] {
				seen[m] = true
				markets = append(markets, m)
			}
		}
	}
	if !to.IsZero() && !from.Before(to) {
		return "", nil
	}
	conds, args := []string{"1 = 1"}, []any{}
	if !everyMarket {
		conds, args = append(conds, table+".marketplace_id IN ?"), append(args, markets)
	}
	if !from.IsZero() {
		conds, args = append(conds, col+" >= ?"), append(args, from)
	}
	if !to.IsZero() {
		conds, args = append(conds, col+" < ?"), append(args, to)
	}
	return "(" + strings.Join(conds, " AND ") + ")", args
}

// startsWith is the condition that column starts with text (how sellers paste an order id, SKU or ASIN), and its
// values: bounds the column's B-tree walks on either database (LIKE 'x%' uses no index under SQLite's caseless LIKE
// nor PostgreSQL's non-C collations), and a check of the start against a collation's punctuation order, on
// PostgreSQL starts_with, estimated from the histogram so that a count to the cap walks rather than reads the range.
func startsWith(db *models.DB, column, text string) (string, []any) {
	cond := column + " >= ? AND substr(" + column + ", 1, ?) = ?"
	args := []any{text, utf8.RuneCountInString(text), text}
	if db.Driver == "postgres" {
		cond, args = column+" >= ? AND starts_with("+column+", ?)", []any{text, text}
	}
	last, size := utf8.DecodeLastRuneInString(text)
	if last < utf8.MaxRune {
		cond += " AND " + column + " < ?"
		args = append(args, text[:len(text)-size]+string(last+1))
	}
	return cond, args
}

// anyOf is the ids the selections (SQL texts with their values) find together, as one UNION: PostgreSQL then
// reads the few matching ids first and sorts them, where an OR of three IN conditions walked the whole date index.
func anyOf(db *models.DB, selects []string, args [][]any) *gorm.DB {
	var all []any
	for _, a := range args {
		all = append(all, a...)
	}
	return db.Raw(strings.Join(selects, " UNION "), all...)
}

// OrderRow is an order as 订单管理 and 今日订单 show it: the order with its store group's name and its items
// summed (lines, units, item prices and promotions, in the order's currency: the order's totals), and the SKU the
// row stands for (SKU, ASIN) with that SKU's own units and item price and the count of the order's other SKUs. A row
// found by a SKU or ASIN stands for the item the search matched, any other for the order's first SKU: a row of a
// multi-item order showed the first SKU beside the whole order's units and amount, and a SKU's rows summed to more
// than it sold.
type OrderRow struct {
	amazondata.AmazonOrder `gorm:"embedded"`
	GroupName              string
	Lines                  int
	Quantity               int
	Currency               string
	ItemPrice              models.Money
	ItemTax                models.Money
	Promotion              models.Money
	SKU                    string       `gorm:"column:sku"`
	ASIN                   string       `gorm:"column:asin"`
	SKUQuantity            int          `gorm:"-"`
	SKUItemPrice           models.Money `gorm:"-"`
	OtherSKUs              int          `gorm:"-"`
}

// orderLine is an item of a listed order, as standsFor reads it.
type orderLine struct {
	OrderID   int64
	SKU       string `gorm:"column:sku"`
	ASIN      string `gorm:"column:asin"`
	Quantity  int
	ItemPrice models.Money
}

// standsFor sets the SKU each row stands for, with its own units and item price and the count of the order's
// other SKUs: the first of the order's SKUs whose SKU or ASIN starts with search, else (no search, or the search
// matched the order id) its first SKU. The lines of a SKU the order holds twice are summed.
func standsFor(db *models.DB, companyID int64, rows []OrderRow, search string) error {
	byID := make(map[int64][]orderLine, len(rows))
	for i := 0; i < len(rows); i += models.ReadChunk {
		ids := make([]int64, 0, models.ReadChunk)
		for _, r := range rows[i:min(i+models.ReadChunk, len(rows))] {
			ids = append(ids, r.ID)
		}
		var lines []orderLine
		err := db.Table("amazon_order_items i").
			Joins("JOIN amazon_orders o ON o.company_id = i.company_id AND o.seller_id = i.seller_id AND o.amazon_order_id = i.amazon_order_id").
			Where("i.company_id = ? AND o.id IN ?", companyID, ids).
			Select("o.id AS order_id, i.sku, i.asin, i.quantity, i.item_price").Order("o.id, i.sku, i.id").Scan(&lines).Error
		if err != nil {
			return err
		}
		for _, l := range lines {
			byID[l.OrderID] = append(byID[l.OrderID], l)
		}
	}
	for i := range rows {
		r, lines := &rows[i], byID[rows[i].ID]
		if len(lines) == 0 {
			continue
		}
		shown := lines[0]
		if search != "" {
			for _, l := range lines {
				if strings.HasPrefix(l.SKU, search) || strings.HasPrefix(l.ASIN, search) {
					shown = l
					break
				}
			}
		}
		skus := map[string]bool{}
		r.SKU, r.ASIN, r.SKUQuantity, r.SKUItemPrice = shown.SKU, shown.ASIN, 0, models.Money{}
		for _, l := range lines {
			skus[l.SKU] = true
			if l.SKU == shown.SKU {
				r.SKUQuantity += l.Quantity
				r.SKUItemPrice = models.Money{Decimal: r.SKUItemPrice.Add(l.ItemPrice.Decimal)}
			}
		}
		r.OtherSKUs = len(skus) - 1
	}
	return nil
}

// orders selects the company's orders the filter passes within the user's store groups, and nothing more: the
// page's ids are read from this alone. search says how a search is applied (order_search.go).
func orders(db *models.DB, companyID int64, f OrderFilter, search searchPlan) *gorm.DB {
	q := passing(db.Table("amazon_orders"), "amazon_orders", companyID, f)
	switch {
	case f.Search == "":
	case search == gathered:
		q = q.Where("amazon_orders.id IN (?)", searchMatches(db, companyID, f.Search))
	default:
		cond, args := searchTest(db, f.Search)
		q = q.Where(cond, args...)
	}
	return q
}

// passing narrows q, rows of table (amazon_orders, or an alias of amazon_order_items, which repeat their order's
// store group, marketplace, status, channel and date), to the company's the filter passes but for its search, in
// the user's store groups, named as if chosen (ofStores): the planners cannot see which the grant's subquery passes,
// and tested every order's group where the stores' index ranges (migrations 00051, 00052) hold just theirs.
func passing(q *gorm.DB, table string, companyID int64, f OrderFilter) *gorm.DB {
	q = q.Scopes(models.InCompany(table, companyID), models.InGrantedGroups(table+".group_id", f.UserID), ofStores(table+".group_id", f))
	if f.MarketplaceID != "" {
		q = q.Where(table+".marketplace_id = ?", f.MarketplaceID)
	}
	if f.Status != "" {
		q = q.Where(table+".order_status = ?", f.Status)
		if f.Status != amazondata.OrderShipped && table == "amazon_orders" {
			// The condition of the index of the other statuses, as a literal (migration 00049).
			q = q.Where("amazon_orders.order_status <> '" + amazondata.OrderShipped + "'")
		}
	}
	if f.Channel != "" {
		q = q.Where(table+".fulfillment_channel = ?", f.Channel)
	}
	return inPeriods(q, table, "purchase_date", f.Periods)
}

// ofStores narrows a list's rows, whose store group is column, to the store the filter chose, else to the stores the
// user is limited to (f.Version), named: the grant's subquery alone tells the planners nothing of which they are
// (passing). It adds no row to those the grant passes.
func ofStores(column string, f OrderFilter) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		switch limited := f.Version.LimitedTo(); {
		case f.GroupID != 0:
			return q.Where(column+" = ?", f.GroupID)
		case len(limited) == 1:
			return q.Where(column+" = ?", limited[0])
		case len(limited) > 1:
			return q.Where(column+" IN ?", limited)
		}
		return q
	}
}

// orderRows reads orders with what the lists show beside them, summed from their items.
func orderRows(db *models.DB, companyID int64) *gorm.DB {
	return db.Table("amazon_orders").Scopes(models.InCompany("amazon_orders", companyID)).
		Joins("LEFT JOIN amazon_order_items i ON i.seller_id = amazon_orders.seller_id AND i.amazon_order_id = amazon_orders.amazon_order_id").
		Joins("LEFT JOIN store_groups ON store_groups.id = amazon_orders.group_id").
		Select("amazon_orders.*, MAX(store_groups.name) AS group_name, COUNT(i.id) AS lines, " +
			"COALESCE(SUM(i.quantity), 0) AS quantity, COALESCE(MAX(i.currency), '') AS currency, " +
			"COALESCE(SUM(i.item_price), 0) AS item_price, COALESCE(SUM(i.item_tax), 0) AS item_tax, " +
			"COALESCE(SUM(i.item_promotion_discount), 0) AS promotion, COALESCE(MIN(i.sku), '') AS sku, " +
			"COALESCE(MIN(i.asin), '') AS asin").
		Group("amazon_orders.id")
}

// OrderPage lists a page of the company's orders the filter passes, newest purchase first unless another order
// is asked, with the total.
func OrderPage(db *models.DB, companyID int64, f OrderFilter) ([]OrderRow, int64, error) {
	rest := f
	rest.Search = ""
	gatheredFrom := func(ids []int64) func() *gorm.DB {
		return func() *gorm.DB { return orders(db, companyID, rest, noSearch).Where("amazon_orders.id IN ?", ids) }
	}
	var indexes []searchIndex
	if newest, byDate := f.byDate(); f.Search != "" && byDate && f.Offset+f.Limit < searchFirstsDepth(db) {
		// A search for one whole value reads its pages, to searchFirstsDepth, from that value's matches, however it
		// is planned otherwise; the probes that plan it are then needed for a count only.
		var err error
		if indexes, err = searchIndexes(db, companyID, f.Search); err != nil {
			return nil, 0, err
		}
		ids, skipped, found, err := searchedFirsts(db, companyID, f, indexes, newest)
		if err != nil {
			return nil, 0, err
		}
		if found && len(ids) == 0 && skipped == 0 {
			// None of the list's first orders: it has none.
			return []OrderRow{}, 0, nil
		}
		if found {
			if f.Total == 0 {
				if f.Total, err = orderCount(db, companyID, f, indexes); err != nil || f.Total == 0 {
					return []OrderRow{}, 0, err
				}
			}
			return orderPage(db, companyID, f, gatheredFrom(ids), false, skipped)
		}
	}
	search, err := planSearch(db, companyID, f, f.Total == 0)
	if err != nil {
		return nil, 0, err
	}
	matching := func() *gorm.DB { return orders(db, companyID, f, search) }
	if each, ok := eachStoresOrders(db, companyID, f); ok {
		matching = each
	}
	if search == tested && f.Total == 0 {
		// A walk would count by testing orders to the cap, and read every order for a search few match: the
		// search's orders come from its indexes' matches, and the page too when they are few. A page whose total is
		// known walks, as finding them again under a selective filter (a status) read all of the matches.
		ids, all, err := searchedOrders(db, companyID, f, indexes)
		switch {
		case err != nil:
			return nil, 0, err
		case !all:
			f.Total = models.MoreThan(int64(db.CountLimit()))
		case len(ids) == 0:
			return []OrderRow{}, 0, nil
		default:
			f.Total, matching = int64(len(ids)), gatheredFrom(ids)
		}
	}
	return orderPage(db, companyID, f, matching, search == gathered, 0)
}

// orderPage reads the page of the orders matching selects, with the list's total (f.Total when known); searched
// tells that matching gathers a search's matches, skipped how many of the list's orders come before them.
func orderPage(db *models.DB, companyID int64, f OrderFilter, matching func() *gorm.DB, searched bool, skipped int) ([]OrderRow, int64, error) {
	rows := []OrderRow{}
	p := models.PageQuery{Matching: matching, ID: "amazon_orders.id",
		Order: f.order("amazon_orders", "purchase_date"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor,
		Known: f.Total, Searched: searched, Skipped: skipped}
	total, err := models.ReadPage(db, p, func() *gorm.DB { return orderRows(db, companyID) }, &rows)
	if err != nil {
		return nil, 0, err
	}
	return rows, total, standsFor(db, companyID, rows, f.Search)
}

// OrderCount counts the company's orders the filter passes, up to the list's cap (models.MoreThan past it).
func OrderCount(db *models.DB, companyID int64, f OrderFilter) (int64, error) {
	return orderCount(db, companyID, f, nil)
}

// orderCount is OrderCount with the search's indexes when the call has read them (nil: searchedOrders reads them).
func orderCount(db *models.DB, companyID int64, f OrderFilter, indexes []searchIndex) (int64, error) {
	search, err := planSearch(db, companyID, f, true)
	if err != nil {
		return 0, err
	}
	if search == tested {
		ids, all, err := searchedOrders(db, companyID, f, indexes)
		switch {
		case err != nil:
			return 0, err
		case !all:
			return models.MoreThan(int64(db.CountLimit())), nil
		}
		return int64(len(ids)), nil
	}
	return db.CountCapped(orders(db, companyID, f, search))
}

// OrderFee is what a settlement booked for an order, summed by kind: Amazon's transaction type, amount type and
// description, per SKU, day posted, settlement and currency.
type OrderFee struct {
	SettlementID      string
	TransactionType   string
	AmountType        string
	AmountDescription string
	SKU               string `gorm:"column:sku"`
	PostedDate        *time.Time
	Currency          string
	Amount            models.Money
}

// OrderDetail is an order with its items and what settlements booked for it (none before it is settled), and
// their sum per currency.
type OrderDetail struct {
	Order   OrderRow
	Items   []amazondata.AmazonOrderItem
	Fees    []OrderFee
	Settled []OrderFee
}

// VisibleOrder loads one of the company's orders the user may see (its store group granted) with its items and
// settlement lines, or models.ErrNotFound.
func VisibleOrder(db *models.DB, companyID, userID, id int64) (*OrderDetail, error) {
	var d OrderDetail
	err := orderRows(db, companyID).Scopes(models.InGrantedGroups("amazon_orders.group_id", userID)).
		Where("amazon_orders.id = ?", id).Take(&d.Order).Error
	if err != nil {
		return nil, err
	}
	shown := []OrderRow{d.Order}
	if err := standsFor(db, companyID, shown, ""); err != nil {
		return nil, err
	}
	d.Order = shown[0]
	o := &d.Order
	d.Items = []amazondata.AmazonOrderItem{}
	err = db.Scopes(models.InCompany("amazon_order_items", companyID)).
		Where("amazon_order_items.seller_id = ? AND amazon_order_items.amazon_order_id = ?", o.SellerID, o.AmazonOrderID).
		Order("amazon_order_items.sku").Find(&d.Items).Error
	if err != nil {
		return nil, err
	}
	lines := func() *gorm.DB {
		return db.Table("settlement_lines").Scopes(models.InCompany("settlement_lines", companyID)).
			Where("settlement_lines.order_id = ? AND settlement_lines.seller_id = ?", o.AmazonOrderID, o.SellerID)
	}
	d.Fees = []OrderFee{}
	err = lines().Select("settlement_lines.settlement_id, settlement_lines.transaction_type, settlement_lines.amount_type, " +
		"settlement_lines.amount_description, settlement_lines.sku, settlement_lines.posted_date, settlement_lines.currency, " +
		"SUM(settlement_lines.amount) AS amount").
		Group("settlement_lines.settlement_id, settlement_lines.transaction_type, settlement_lines.amount_type, " +
			"settlement_lines.amount_description, settlement_lines.sku, settlement_lines.posted_date, settlement_lines.currency").
		Order("settlement_lines.posted_date, settlement_lines.transaction_type, settlement_lines.sku, " +
			"settlement_lines.amount_type, settlement_lines.amount_description").Find(&d.Fees).Error
	if err != nil {
		return nil, err
	}
	d.Settled = []OrderFee{}
	err = lines().Select("settlement_lines.currency, SUM(settlement_lines.amount) AS amount").
		Group("settlement_lines.currency").Order("settlement_lines.currency").Find(&d.Settled).Error
	return &d, err
}
