package models

import (
	"strconv"

	"gorm.io/gorm"
)

// A list's first pages show its total, counted up to the cap: at a million products that count walks 1,001 index
// entries on every call (0.3 ms of PostgreSQL's CPU, a quarter of what the database spent on a first page), though
// the rows rarely change between two calls. A list whose table raises a list generation (list_jump.go) keeps the
// total it counted, per statement of its page (company, filter, order and page) and cap, with the generation it was
// counted at. The page's own statement reads the list's generation; the kept total is used only when that generation
// is still the one it was counted at, which no change visible to the page can leave as it was (generations are
// raised in the transaction of every change to the table), so a kept total is exactly the count the page would have
// read.

// keepsTotal tells whether p's total may be kept: its table raises a generation and the call is outside a
// transaction, whose uncommitted generation another transaction may commit with other rows.
func (db *DB) keepsTotal(p listPage) bool {
	return p.generation.kind != "" && !db.inTransaction()
}

// idsWithKeptTotal reads the ids of p's page from q (its rows in order, offset and limit set) with the list's
// generation, and its capped count: the one kept for the page's statement at that generation, or else one counted
// now, with the generation it was counted at, and kept. It returns no count (-1) for a page without rows.
func (db *DB) idsWithKeptTotal(p listPage, q *gorm.DB) (ids []int64, counted int64, err error) {
	var page []struct {
		ID         int64
		Generation int64
	}
	var statement string
	err = q.Set(statementTextKey, &statement).Select(p.id+" AS id, ? AS generation", db.generationOf(p.generation)).
		Find(&page).Error
	if err != nil || len(page) == 0 {
		return nil, -1, err
	}
	ids = make([]int64, len(page))
	for i, r := range page {
		ids[i] = r.ID
	}
	key := p.generation.kind + "#" + strconv.Itoa(db.CountLimit()) + "#" + statement
	if n, ok := db.totals.Get(key, page[0].Generation); ok {
		return ids, n, nil
	}
	var now struct {
		Total      int64
		Generation int64
	}
	err = db.cappedRows(p.inOrder()).Select("count(*) AS total, ? AS generation", db.generationOf(p.generation)).
		Find(&now).Error
	if err != nil {
		return nil, -1, err
	}
	db.totals.Keep(key, now.Generation, now.Total)
	return ids, now.Total, nil
}

// statementTextKey asks, in a query's settings, for the text of its statement as it ran, with the arguments
// written in, into the *string it holds: gorm clears a statement's SQL once it has run.
const statementTextKey = "sellerhub:statement_text"

// registerStatementText fills the statement text of the queries that ask for it (statementTextKey).
func registerStatementText(g *gorm.DB) error {
	return g.Callback().Query().After("gorm:query").Register("sellerhub:statement_text", func(q *gorm.DB) {
		if to, ok := q.Get(statementTextKey); ok {
			*to.(*string) = q.Dialector.Explain(q.Statement.SQL.String(), q.Statement.Vars...)
		}
	})
}
