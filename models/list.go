package models

import "gorm.io/gorm"

// NamedList is a page of one of a company's simple named lists (tags, clients, customers, ...): Name is a part
// of the name ("" for all), OrderBy a column of the list's table that the caller has checked against the known
// ones (never the client's text), Desc its direction.
type NamedList struct {
	Name    string
	OrderBy string
	Desc    bool
	Offset  int
	Limit   int
	Anchor  Anchor
}

// Named builds the selection of the company's rows of table whose name contains name ("" for all).
func (db *DB) Named(model any, table string, companyID int64, name string) func() *gorm.DB {
	return func() *gorm.DB {
		q := db.Model(model).Scopes(InCompany(table, companyID))
		if name != "" {
			q = q.Where(table+".name LIKE ? ESCAPE '"+LikeEscape+"'", ContainsPattern(name))
		}
		return q
	}
}

// OrderOf is the list's ORDER BY: the chosen column, then id so that pages never overlap on equal values; by
// name without a choice.
func (l NamedList) OrderOf(table string) PageOrder {
	col := l.OrderBy
	if col == "" {
		col = "name"
	}
	return ByKeys(table, l.Desc, col)
}

// NamedPage reads the page of a named list into rows, with its total. query selects the matching rows with what
// the list shows beside them.
func NamedPage[T any](db *DB, query func() *gorm.DB, table string, l NamedList, rows *[]T) (int64, error) {
	p := listPage{matching: query, id: table + ".id", order: l.OrderOf(table), offset: l.Offset, limit: l.Limit,
		anchor: l.Anchor}
	return readPage(db, p, p.of(query), rows)
}

// DefaultCountCap is the count cap of a database opened without the product's configuration (tests' own
// databases): the product runs with SELLERHUB_LIST_COUNT_CAP, 1,000 unless set (config.ListCountCap says why).
// Tests of the orders' kept totals count a shop of more than 1,000 orders exactly on it.
const DefaultCountCap = 10000

// CountLimit is the database's cap on list counts (SELLERHUB_LIST_COUNT_CAP), DefaultCountCap unless set.
func (db *DB) CountLimit() int {
	if db.CountCap > 0 {
		return db.CountCap
	}
	return DefaultCountCap
}

// A list's total travels as one number from here to the answer: exact as it is, or, when more rows match than
// the list counted, negated (MoreThan). Keeping it one number lets every service pass it along unchanged.

// MoreThan is the total of a list known to have n rows and more.
func MoreThan(n int64) int64 { return -n }

// SplitTotal reads a list's total: the rows known to match and whether more do.
func SplitTotal(total int64) (n int64, more bool) {
	if total < 0 {
		return -total, true
	}
	return total, false
}

// listPage is one page of a list: matching builds a fresh query of the rows the filter selects (with only the
// joins the filter and order need), id is the list table's id column, order the list's order (ending in the id,
// so pages never overlap on equal values), offset and limit the page, anchor the row it is asked next to.
type listPage struct {
	matching      func() *gorm.DB
	id            string
	order         PageOrder
	offset, limit int
	anchor        Anchor
	// known is the list's total when the caller knows it (0: counted when needed).
	known int64
	// skipped are the list's rows before the first that matching selects, when it selects only the rows from some
	// point of the list on (a search's far page read from the orders about it): the page is read from offset -
	// skipped of them; its total still counts from offset.
	skipped int
	// searched tells that matching holds a keyword search (containsKeyword), which costs more than its few rows.
	searched bool
	// generation is the list's generation when its table raises one (list_jump.go), which lets jumps far into it
	// start from a kept anchor and its first pages use a kept total (list_total.go); zero for a list that pages by
	// offset and counts on every first page.
	generation ListGeneration
}

// inOrder selects the matching rows in the page's order, for counting them: so ordered, a count walks the index
// range the page reads, where unordered PostgreSQL may pick a sequential scan, which it reads for a large table
// through a small ring of buffers, from the operating system on every call.
func (p listPage) inOrder() *gorm.DB { return p.matching().Scopes(p.order.sort) }

// ReadChunk bounds the ids one statement reads rows for, well under either database's parameter limit (an
// export's page holds up to 100,000 ids).
const ReadChunk = 1000

// PageQuery is a page of a list as a domain package asks for it: listPage's fields (Matching, ID, Order, Offset,
// Limit, Anchor, Known, Skipped, Searched, Generation, as listPage explains them).
type PageQuery struct {
	Matching      func() *gorm.DB
	ID            string
	Order         PageOrder
	Offset, Limit int
	Anchor        Anchor
	Known         int64
	Skipped       int
	Searched      bool
	Generation    ListGeneration
}

// ReadPage reads a page of a list into out, with its total (readPage), the rows of its ids read from query.
func ReadPage[T any](db *DB, q PageQuery, query func() *gorm.DB, out *[]T) (int64, error) {
	p := q.page()
	return readPage(db, p, p.of(query), out)
}

// ReadPageOfIDs is ReadPage for a list whose rows are read by a statement of their ids (rows).
func ReadPageOfIDs[T any](db *DB, q PageQuery, rows func(ids []int64) *gorm.DB, out *[]T) (int64, error) {
	return readPage(db, q.page(), rows, out)
}

// PageIDs reads the ids of the page (pageIDs), and counts the list when count says so.
func (db *DB) PageIDs(q PageQuery, count bool) (ids []int64, more bool, counted int64, err error) {
	return q.page().pageIDs(db, count)
}

func (q PageQuery) page() listPage {
	return listPage{matching: q.Matching, id: q.ID, order: q.Order, offset: q.Offset, limit: q.Limit, anchor: q.Anchor,
		known: q.Known, skipped: q.Skipped, searched: q.Searched, generation: q.Generation}
}

// of reads the rows of the given ids from query.
func (p listPage) of(query func() *gorm.DB) func(ids []int64) *gorm.DB {
	return func(ids []int64) *gorm.DB { return query().Where(p.id+" IN ?", ids) }
}

// readPage reads a page of a list into out, with its total. The page's ids come first from the list's own
// table and its indexes, however deep the offset; only then are the page's rows read with what they show beside
// them (rows of the ids: names, counts), so no skipped row is ever joined. One id beyond the page tells whether
// more rows follow, which spares the count on a list's last (or only) page.
func readPage[T any](db *DB, p listPage, rows func(ids []int64) *gorm.DB, out *[]T) (int64, error) {
	ids, more, counted, err := p.pageIDs(db, p.known == 0 && p.offset+p.limit < db.CountLimit())
	if err != nil {
		return 0, err
	}
	total, err := p.listTotal(db, len(ids), more, counted)
	if err != nil {
		return 0, err
	}
	for i := 0; i < len(ids); i += ReadChunk {
		if err := FindPage(rows(ids[i:min(i+ReadChunk, len(ids))]).Scopes(p.order.sort), out); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// pageIDs reads the ids of p's page and whether rows follow it, with the list's capped count when count asks for
// it (-1 otherwise). A page asked next to a row its order can use is read from that row on the order's index, not
// walked to by offset. A page that needs the count lies within the cap, so it is read by offset with the count.
func (p listPage) pageIDs(db *DB, count bool) (ids []int64, more bool, counted int64, err error) {
	if !count {
		if ids, more, ok, err := p.nextTo(db); err != nil || ok {
			return ids, more, -1, err
		}
		if ids, more, ok, err := p.jumpIDs(db); err != nil || ok {
			return ids, more, -1, err
		}
	}
	ids, counted, err = p.offsetIDs(db, count)
	more = len(ids) > p.limit
	return ids[:min(len(ids), p.limit)], more, counted, err
}

// offsetIDs reads the ids of the page from its offset and one beyond it, with the count when count asks for it.
// A page ending before the cap needs the capped count unless it ends the list, so the count comes along as a
// subquery of the same statement: a statement less on every first page. counted is that count (-1 otherwise).
func (p listPage) offsetIDs(db *DB, count bool) (ids []int64, counted int64, err error) {
	// Only the id is read, whatever columns matching selects for the rows (a warehouse's group name).
	q := p.matching().Scopes(p.order.sort).Offset(p.offset - p.skipped).Limit(p.limit + 1)
	if !count {
		err = q.Select(p.id).Pluck(p.id, &ids).Error
		return ids, -1, err
	}
	if p.searched {
		return p.searchedIDs(db)
	}
	if p.keepsTotal(db) {
		return p.idsWithKeptTotal(db, q)
	}
	var page []struct {
		ID    int64
		Total int64
	}
	err = q.Select(p.id+" AS id, (?) AS total", db.cappedRows(p.inOrder()).Select("count(*)")).Find(&page).Error
	if err != nil || len(page) == 0 {
		return nil, -1, err
	}
	ids = make([]int64, len(page))
	for i, r := range page {
		ids[i] = r.ID
	}
	return ids, page[0].Total, nil
}

// searchedIDs reads the ids of a keyword search's page that needs its count: every matching id up to the cap's, in
// the list's order, in one statement both are taken from, since a count beside the page searched a second time.
// A keyword most rows hold pays more so, but searches are mostly for a SKU or a name: the rare, slow one gains.
func (p listPage) searchedIDs(db *DB) (ids []int64, counted int64, err error) {
	var all []int64
	err = p.matching().Scopes(p.order.sort).Limit(db.CountLimit()+1).Select(p.id).Pluck(p.id, &all).Error
	if err != nil {
		return nil, -1, err
	}
	from := p.offset - p.skipped
	return all[min(from, len(all)):min(from+p.limit+1, len(all))], int64(len(all)), nil
}

// listTotal is the total of a list whose page read read rows from p.offset, more telling whether rows follow
// it. A page that ends the list knows the total, and so does one that ends at or past the cap with rows after
// it: more than the page's end match, which is all a count to the cap would have said. Otherwise the matching
// rows are counted, up to the cap.
func (p listPage) listTotal(db *DB, read int, more bool, counted int64) (int64, error) {
	if !more && (read > 0 || p.offset == 0) {
		return int64(p.offset + read), nil
	}
	if more && p.offset+read >= db.CountLimit() {
		return MoreThan(int64(p.offset + read)), nil
	}
	if p.known != 0 {
		return PageTotal(p.known, p.offset, read, p.limit), nil
	}
	if counted >= 0 {
		return PageTotal(db.capped(counted), p.offset, read, p.limit), nil
	}
	n, err := db.CountCapped(p.inOrder())
	return PageTotal(n, p.offset, read, p.limit), err
}

// PageTotal is a list's total as a page of it read from offset shows it, for the lists that count apart from
// reading their page: a count past the cap (MoreThan) becomes exact on a page that ends the list, and grows to
// the page's end when that is further than the cap.
func PageTotal(total int64, offset, read, limit int) int64 {
	n, more := SplitTotal(total)
	switch {
	case !more || read == 0:
		return total
	case read < limit:
		return int64(offset + read)
	}
	return MoreThan(max(n, int64(offset+read)))
}

// CountCapped counts the rows matching selects up to the cap: exact below it, MoreThan(cap) past it.
func (db *DB) CountCapped(matching *gorm.DB) (int64, error) {
	var n int64
	err := db.cappedRows(matching).Count(&n).Error
	return db.capped(n), err
}

// cappedRows are the rows matching selects, up to one past the cap, as a table to count.
func (db *DB) cappedRows(matching *gorm.DB) *gorm.DB {
	return db.Table("(?) AS matching", matching.Select("1").Limit(db.CountLimit()+1))
}

// capped is a count of up to one past the cap as a list's total: exact below the cap, MoreThan(cap) past it.
func (db *DB) capped(n int64) int64 {
	if limit := db.CountLimit(); n > int64(limit) {
		return MoreThan(int64(limit))
	}
	return n
}
