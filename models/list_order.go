package models

import (
	"slices"
	"strings"
	"sync"

	"gorm.io/gorm"
)

// PageOrder is a list's order: how its queries sort, and, when it sorts by columns of the list's own table all one
// way and ends in the id or in a unique key (keys), those columns, which let a page be read after or before a row
// it names instead of from an offset (keyset paging).
type PageOrder struct {
	sort   func(*gorm.DB) *gorm.DB
	table  string
	keys   []string
	desc   bool
	unique bool // the keys are a unique key of the table: no id ends them
}

// ByKeys orders a list by columns of its table (the list's table), all ascending or all descending, then by the id
// so that pages never overlap on equal values.
func ByKeys(table string, desc bool, cols ...string) PageOrder {
	o := PageOrder{table: table, keys: append(slices.Clip(cols), "id"), desc: desc}
	text := o.text()
	o.sort = func(q *gorm.DB) *gorm.DB { return q.Order(text) }
	return o
}

// ByUniqueKey orders a list by the columns of a unique index of its table, all ascending or all descending: no two
// rows are equal on them, so no id is added, and the order is the index's own (an id after them makes PostgreSQL
// sort each run of equal values again).
func ByUniqueKey(table string, desc bool, cols ...string) PageOrder {
	o := PageOrder{table: table, keys: slices.Clip(cols), desc: desc, unique: true}
	text := o.text()
	o.sort = func(q *gorm.DB) *gorm.DB { return q.Order(text) }
	return o
}

// Ordered is a list order given as text, which pages by offset only.
func Ordered(order string) PageOrder {
	return PageOrder{sort: func(q *gorm.DB) *gorm.DB { return q.Order(order) }}
}

// OrderedBy is a list order built by a scope (an order with arguments), which pages by offset only.
func OrderedBy(sort func(*gorm.DB) *gorm.DB) PageOrder { return PageOrder{sort: sort} }

// Sort is the scope that sorts a query in the order.
func (o PageOrder) Sort(q *gorm.DB) *gorm.DB { return o.sort(q) }

// text is the order's ORDER BY ("" for one not given by keys).
func (o PageOrder) text() string {
	dir := ""
	if o.desc {
		dir = " DESC"
	}
	return strings.Join(o.columns(), dir+", ") + dir
}

// columns are the order's keys as qualified columns.
func (o PageOrder) columns() []string {
	cols := make([]string, len(o.keys))
	for i, k := range o.keys {
		cols[i] = o.table + "." + k
	}
	return cols
}

// reversed is the order the other way round.
func (o PageOrder) reversed() PageOrder {
	if o.unique {
		return ByUniqueKey(o.table, !o.desc, o.keys...)
	}
	return ByKeys(o.table, !o.desc, o.keys[:len(o.keys)-1]...)
}

// Anchor is the row a page of a list is asked next to, as the table island holds it: After the last row of the page
// before the one asked for (下一页), Before the first row of the page after it (上一页); zero for neither. The
// page's number still says its offset, which its total and a fallback use.
type Anchor struct {
	After, Before int64
}

// Row is the anchor's id and whether the page follows it; ok is false for none, or both given.
func (a Anchor) Row() (id int64, after, ok bool) {
	switch {
	case a.After > 0 && a.Before == 0:
		return a.After, true, true
	case a.Before > 0 && a.After == 0:
		return a.Before, false, true
	}
	return 0, false, false
}

// nextTo reads p's page next to its anchor when it has one its order can use (keyed), as keysetIDs does; ok is
// false when the page is to be read by its offset.
func (p listPage) nextTo(db *DB) (ids []int64, more, ok bool, err error) {
	if keyed, err := p.keyed(db); err != nil || !keyed {
		return nil, false, false, err
	}
	return p.keysetIDs(db)
}

// keyed tells whether p's page can be read next to its anchor: an anchor is given, and the order's keys hold no NULL.
func (p listPage) keyed(db *DB) (bool, error) {
	if _, _, ok := p.anchor.Row(); !ok || p.limit < 1 {
		return false, nil
	}
	return db.keysHoldNoNull(p.order)
}

// keysHoldNoNull tells whether the order is by keys, columns of its table that hold no NULL: SQLite sorts NULL
// first and PostgreSQL last, and a row comparison with a NULL is neither true nor false, so such a column would
// lose or repeat rows of pages read after a row.
func (db *DB) keysHoldNoNull(o PageOrder) (bool, error) {
	if len(o.keys) == 0 {
		return false, nil
	}
	for _, k := range o.keys {
		nullable, err := db.nullable(o.table, k)
		if err != nil || nullable {
			return false, err
		}
	}
	return true, nil
}

// afterRow selects the list's rows that follow the row of the id in the order o (the list's own or reversed), all
// of them for id 0. The row's sort values are read by the list's own query in the same statement, so a row of
// another company, store group or filter matches nothing and selects nothing. Both databases compare the row
// values on the index of the order's columns: a range scan from the row on.
func (p listPage) afterRow(db *DB, o PageOrder, id int64) *gorm.DB {
	q := p.matching()
	if id == 0 {
		return q
	}
	rowKeys := p.matching().Select(o.columns()).Where(p.id+" = ?", id).Limit(1)
	return q.Where(o.following()+"(?)", rowKeys)
}

// following is the start of the condition that a row follows another in the order: its keys compared with the
// other row's sort values, which the caller writes after it ("(a, id) > " ascending, "(a, id) < " descending).
func (o PageOrder) following() string {
	if o.desc {
		return "(" + strings.Join(o.columns(), ", ") + ") < "
	}
	return "(" + strings.Join(o.columns(), ", ") + ") > "
}

// keysetIDs reads the ids of p's page next to its anchor, and whether rows follow the page; ok is false when the
// anchor cannot serve (not a row the list's filter passes, or fewer rows before it than a page), and the page is
// then read by its offset. An anchor of another company, store group or filter selects nothing (afterRow), and the
// page is a range scan of its own rows only, however deep it is.
func (p listPage) keysetIDs(db *DB) (ids []int64, more, ok bool, err error) {
	anchor, after, _ := p.anchor.Row()
	order, limit := p.order, p.limit+1
	if !after {
		// The page before the anchor is the rows nearest it the other way round, flipped back below.
		order, limit = order.reversed(), p.limit
	}
	err = p.afterRow(db, order, anchor).Select(p.id).Scopes(order.sort).Limit(limit).Pluck(p.id, &ids).Error
	switch {
	case err != nil:
		return nil, false, false, err
	case !after:
		// Rows follow a page before a row: the anchor itself. A short page means the anchor is unknown or rows went
		// since the page after it was read; its offset says which page was asked for.
		slices.Reverse(ids)
		return ids, true, len(ids) == p.limit, nil
	case len(ids) == 0:
		// Nothing after the anchor: the list's end, if the anchor is one of its rows.
		var found []int64
		err := p.matching().Select(p.id).Where(p.id+" = ?", anchor).Limit(1).Pluck(p.id, &found).Error
		return nil, false, len(found) > 0, err
	}
	more = len(ids) > p.limit
	return ids[:min(len(ids), p.limit)], more, true, nil
}

// columnNulls remembers which columns of the database's tables may hold NULL, read from the schema once per table
// (the schema changes only by migrations, which run before the product serves).
type columnNulls struct {
	mu     sync.Mutex
	tables map[string]map[string]bool
}

// nullable tells whether the table's column may hold NULL; an unknown column counts as nullable.
func (db *DB) nullable(table, column string) (bool, error) {
	c := db.nulls
	c.mu.Lock()
	cols, ok := c.tables[table]
	c.mu.Unlock()
	if !ok {
		// Read without the lock: a caller inside a transaction holds a connection, and the pool may have no other.
		var err error
		if cols, err = db.columnsNullable(table); err != nil {
			return true, err
		}
		c.mu.Lock()
		c.tables[table] = cols
		c.mu.Unlock()
	}
	n, known := cols[column]
	return n || !known, nil
}

// columnsNullable reads which of the table's columns may hold NULL. SQLite's are read from pragma_table_info: the
// driver's column types parse the table's CREATE statement, and a comment line in it (fba_ledger_balances') hid
// the column after it, which then counted as nullable.
func (db *DB) columnsNullable(table string) (map[string]bool, error) {
	cols := map[string]bool{}
	if db.Driver == "sqlite" {
		var info []struct {
			Name    string
			NotNull int
			PK      int
		}
		err := db.Raw(`SELECT name, "notnull" AS not_null, pk FROM pragma_table_info(?)`, table).Scan(&info).Error
		// SQLite lets a primary key other than INTEGER hold NULL (a bug it keeps for compatibility) and says so, but
		// every row's id is made by NewID.
		for _, c := range info {
			cols[c.Name] = c.NotNull == 0 && c.PK == 0
		}
		return cols, err
	}
	types, err := db.Migrator().ColumnTypes(table)
	if err != nil {
		return nil, err
	}
	for _, t := range types {
		n, known := t.Nullable()
		pk, _ := t.PrimaryKey()
		cols[t.Name()] = (n || !known) && !pk
	}
	return cols, nil
}

// ListOrder is a list's order: the checked column (created_at by default, newest first), then the id.
func ListOrder(table, col string, desc bool) PageOrder {
	if col == "" {
		col, desc = "created_at", true
	}
	return ByKeys(table, desc, col)
}
