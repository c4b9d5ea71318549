package models

import (
	"strconv"

	"gorm.io/gorm"
)

// A list whose table raises a list generation (list_jump.go) keeps its first pages' capped total per page statement
// and cap, at the generation it was counted at. The page's own statement reads the generation, which every change
// raises in its transaction, so a kept total is used only while it is exactly the count the page would read.

// keepsTotal tells whether p's total may be kept: its table raises a generation and the call is outside a
// transaction, whose uncommitted generation another transaction may commit with other rows.
func (p listPage) keepsTotal(db *DB) bool {
	return p.generation.Kind != "" && !db.inTransaction()
}

// idsWithKeptTotal reads the ids of p's page from q (its rows in order, offset and limit set) with the list's
// generation, and its capped count: the one kept for the page's statement at that generation, or else one counted
// now, with the generation it was counted at, and kept. It returns no count (-1) for a page without rows.
func (p listPage) idsWithKeptTotal(db *DB, q *gorm.DB) (ids []int64, counted int64, err error) {
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
	key := p.generation.Kind + "#" + strconv.Itoa(db.CountLimit()) + "#" + statement
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
