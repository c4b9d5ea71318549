package models

import (
	"strconv"
	"sync"

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

// keptTotals are the totals the lists keep, shared by every handle of the database.
type keptTotals struct {
	mu    sync.Mutex
	lists map[string]keptTotal
}

// keptTotal is a list's capped count (up to one past the cap) as counted at generation.
type keptTotal struct {
	generation, count int64
}

func newKeptTotals() *keptTotals { return &keptTotals{lists: map[string]keptTotal{}} }

// get is the count kept under key if it was counted at generation.
func (k *keptTotals) get(key string, generation int64) (int64, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	t, ok := k.lists[key]
	return t.count, ok && t.generation == generation
}

// keep stores a count under key, forgetting another list's when keptLists are kept already.
func (k *keptTotals) keep(key string, t keptTotal) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.lists[key]; !ok && len(k.lists) >= keptLists {
		for other := range k.lists {
			delete(k.lists, other)
			break
		}
	}
	k.lists[key] = t
}

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
	key := p.generation.kind + "#" + strconv.Itoa(db.countCap()) + "#" + statement
	if n, ok := db.totals.get(key, page[0].Generation); ok {
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
	db.totals.keep(key, keptTotal{generation: now.Generation, count: now.Total})
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
