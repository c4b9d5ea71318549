package models

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A jump far into a list (前往) reads its page after the nearest kept anchor, the id of every stride-th row per
// company, filter and order, instead of walking every row before it by offset. Anchors hold for the list's
// generation (migration 00043), which the page's own statement reads: after a change the list is walked afresh.

// DefaultJumpStride is how many rows apart a list's jump anchors are: a jump walks fewer than this many rows. A
// multiple of every page size offered (10, 20, 50, 100): the rows skipped after an anchor are written into the
// statement (literalLimit), so few distinct offsets mean few statements for each pooled connection to plan.
const DefaultJumpStride = 100

// ListGeneration names the generation a list's table raises (migration 00043): the company's counter of the kind.
type ListGeneration struct {
	Company int64
	Kind    string
}

// Kinds of list generation, each raised by triggers in the transaction of every change to the list's table.
const (
	GenerationProducts  = "list_products"
	GenerationDictItems = "list_dict_items"
	// GenerationLedgerDays is FBA每日库存's: raised in Go by the ledger's imports whenever they change a daily
	// balance or its difference (amazondata.UpsertLedgerBalances, UpsertLedgerEvents).
	GenerationLedgerDays = "list_fba_ledger_days"
)

// jumpAnchors are the anchors the lists keep, shared by every handle of the database.
type jumpAnchors struct {
	mu    sync.Mutex
	lists map[string]keptAnchors
	// walks lets one request walk a list while the others jumping into it wait for its anchors.
	walks singleflight.Group
}

// keptAnchors are a list's anchors: ids[i] is the id of the row at offset (i+1)*stride-1, read at generation.
type keptAnchors struct {
	generation int64
	ids        []int64
}

func newJumpAnchors() *jumpAnchors { return &jumpAnchors{lists: map[string]keptAnchors{}} }

func (j *jumpAnchors) get(key string) (keptAnchors, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	k, ok := j.lists[key]
	return k, ok
}

// keep stores a list's anchors read at a generation; anchors of an older generation are replaced, those of the
// same one grow (two walks of one generation agree on every anchor they share).
func (j *jumpAnchors) keep(key string, k keptAnchors) {
	j.mu.Lock()
	defer j.mu.Unlock()
	old, ok := j.lists[key]
	switch {
	case ok && old.generation == k.generation && len(old.ids) >= len(k.ids):
		return
	case !ok && len(j.lists) >= keptLists:
		for other := range j.lists {
			delete(j.lists, other)
			break
		}
	}
	j.lists[key] = k
}

// forget drops a list's anchors if they are still of the generation found stale.
func (j *jumpAnchors) forget(key string, generation int64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if k, ok := j.lists[key]; ok && k.generation == generation {
		delete(j.lists, key)
	}
}

// JumpStride is the database's stride between anchors, DefaultJumpStride unless a test set another.
func (db *DB) JumpStride() int {
	if db.stride > 0 {
		return db.stride
	}
	return DefaultJumpStride
}

// jumpIDs reads the ids of p's page, a stride or more into a list that keeps anchors, after the nearest anchor before
// it, and whether rows follow the page; ok is false when the list keeps none (its table raises no generation, its
// order cannot page next to a row, or the call is inside a transaction, whose uncommitted generation another
// transaction may commit with other rows) and the page is read by its offset.
func (p listPage) jumpIDs(db *DB) (ids []int64, more, ok bool, err error) {
	stride := db.JumpStride()
	if p.generation.Kind == "" || p.offset < stride || p.limit < 1 || db.inTransaction() {
		return nil, false, false, nil
	}
	if keyed, err := db.keysHoldNoNull(p.order); err != nil || !keyed {
		return nil, false, false, err
	}
	key, err := p.jumpKey(db, stride)
	if err != nil {
		return nil, false, false, err
	}
	if kept, found := db.jumps.get(key); found && len(kept.ids) >= p.offset/stride {
		ids, more, fresh, err := p.afterAnchor(db, kept, stride)
		if err != nil || fresh {
			return ids, more, err == nil, err
		}
		db.jumps.forget(key, kept.generation)
	}
	// The first jump into a list (or past its anchors, or after a change) walks it, keeping the anchors it passes;
	// jumps arriving meanwhile wait for that walk rather than each walking the same rows.
	walked, err, shared := db.jumps.walks.Do(key+"#"+strconv.Itoa(p.offset)+"#"+strconv.Itoa(p.limit), func() (any, error) {
		return p.walk(db, key, stride)
	})
	if err != nil && shared {
		// The walk was another request's, which went away: this one walks for itself.
		walked, err = p.walk(db, key, stride)
	}
	if err != nil {
		return nil, false, false, err
	}
	w := walked.(walkedPage)
	return w.ids, w.more, w.ok, nil
}

// inTransaction tells whether the handle runs inside a transaction.
func (db *DB) inTransaction() bool {
	_, tx := db.Statement.ConnPool.(gorm.TxCommitter)
	return tx || db.conn != nil
}

// jumpKey names a list's anchors: its generation's kind, the stride, and the statement of its ids in order, with
// its arguments written in (the company, the filter, the user's scope).
func (p listPage) jumpKey(db *DB, stride int) (string, error) {
	q := p.matching().Session(&gorm.Session{DryRun: true}).Select(p.id).Scopes(p.order.sort).Find(&[]int64{})
	if q.Error != nil {
		return "", q.Error
	}
	stmt := q.Statement
	return p.generation.Kind + "#" + strconv.Itoa(stride) + "#" +
		db.Dialector.Explain(stmt.SQL.String(), stmt.Vars...), nil
}

// generationOf is the list's generation as a scalar subquery of the page's statement (0 before any change),
// written out: a subquery gorm builds runs its whole query chain in a dry run.
func (db *DB) generationOf(g ListGeneration) clause.Expr {
	return gorm.Expr("(SELECT COALESCE(MAX(generation), 0) FROM report_generations WHERE company_id = ? AND kind = ?)",
		g.Company, g.Kind)
}

// generationNow reads the list's generation by itself.
func (db *DB) generationNow(g ListGeneration) (int64, error) {
	var n int64
	err := db.Raw("SELECT ?", db.generationOf(g)).Scan(&n).Error
	return n, err
}

// afterKept selects the list's rows that follow id, a row its own walk passed (all of them for id 0).
func (p listPage) afterKept(db *DB, id int64) *gorm.DB {
	if id == 0 {
		return p.matching()
	}
	return p.matching().Where(p.order.followingAnchor("?"), id)
}

// followingAnchor is the condition that a row follows the anchor whose id is the SQL expression id. The anchor is a
// row a walk passed, so unlike afterRow's it needs no check against the filter (a change to it raised the generation
// the statement reads). Written out: a subquery gorm builds runs its whole query chain in a dry run.
func (o PageOrder) followingAnchor(id string) string {
	keys := make([]string, len(o.keys))
	for i, k := range o.keys {
		keys[i] = "anchor." + k
	}
	return o.following() + "(SELECT " + strings.Join(keys, ", ") + " FROM " + o.table + " AS anchor WHERE anchor.id = " + id + ")"
}

// afterAnchor reads p's page after the nearest kept anchor before it, walking fewer than a stride's rows; fresh is
// false when the list's generation is no longer the anchors' (or nothing follows the anchor, which tells none).
func (p listPage) afterAnchor(db *DB, kept keptAnchors, stride int) (ids []int64, more, fresh bool, err error) {
	n := p.offset / stride
	var page []struct {
		ID         int64
		Generation int64
	}
	err = p.afterKept(db, kept.ids[n-1]).Select(p.id+" AS id, ? AS generation", db.generationOf(p.generation)).
		Scopes(p.order.sort).Offset(p.offset - n*stride).Limit(p.limit + 1).Find(&page).Error
	if err != nil {
		return nil, false, false, err
	}
	if len(page) == 0 {
		// The list ends before the page, if the anchors are still of its generation: read apart, and later, it was
		// the page's too, since generations are only ever raised.
		current, err := db.generationNow(p.generation)
		return nil, false, err == nil && current == kept.generation, err
	}
	if page[0].Generation != kept.generation {
		return nil, false, false, nil
	}
	ids = make([]int64, 0, len(page))
	for _, r := range page {
		ids = append(ids, r.ID)
	}
	return ids[:min(len(ids), p.limit)], len(ids) > p.limit, true, nil
}

// walkedPage is the page a walk read for the jump that started it; ok is false when the list changed under every
// walk tried, and the page is read by its offset.
type walkedPage struct {
	ids      []int64
	more, ok bool
}

// walkTries bounds the walks of a jump into a list that changes between a walk and the read of its page.
const walkTries = 3

// walk reads p's page after walking the list from its deepest anchor still of the list's generation (from its start
// when none is) to the page, keeping every stride-th row it passes as an anchor.
func (p listPage) walk(db *DB, key string, stride int) (walkedPage, error) {
	kept, found := db.jumps.get(key)
	from := 0
	if found {
		from = min(len(kept.ids), p.offset/stride)
	}
	for range walkTries {
		anchors := keptAnchors{generation: kept.generation, ids: slices.Clone(kept.ids[:from])}
		if steps := p.offset/stride - from; steps > 0 {
			ids, generation, err := p.walkAnchors(db, anchors.ids, steps, stride)
			if err != nil {
				return walkedPage{}, err
			}
			if from > 0 && generation != kept.generation {
				// The anchor walked from is of an older generation: the list is walked from its start.
				db.jumps.forget(key, kept.generation)
				kept, from = keptAnchors{}, 0
				continue
			}
			anchors.generation, anchors.ids = generation, append(anchors.ids, ids...)
			db.jumps.keep(key, anchors)
		}
		if len(anchors.ids) < p.offset/stride {
			// The walk met the list's end before the page.
			return walkedPage{ok: true}, nil
		}
		ids, more, fresh, err := p.afterAnchor(db, anchors, stride)
		if err != nil || fresh {
			return walkedPage{ids: ids, more: more, ok: err == nil}, err
		}
		db.jumps.forget(key, anchors.generation)
		kept, from = keptAnchors{}, 0
	}
	return walkedPage{}, nil
}

// walkAnchors walks the list from the last of from (from its start for none) steps strides at most, and returns the
// ids of every stride-th row it passes (fewer where the list ends) with the list's generation as the walk read it.
func (p listPage) walkAnchors(db *DB, from []int64, steps, stride int) ([]int64, int64, error) {
	if db.Driver == "sqlite" {
		return p.walkRows(db, from, steps, stride)
	}
	return p.walkSteps(db, from, steps, stride)
}

// walkRows walks SQLite's list by reading the ids in order, in one statement, keeping every stride-th: the database
// is in the process and hands rows over cheaply, where the recursive walk (walkSteps) was far slower on it.
func (p listPage) walkRows(db *DB, from []int64, steps, stride int) ([]int64, int64, error) {
	start := int64(0)
	if len(from) > 0 {
		start = from[len(from)-1]
	}
	rows, err := p.afterKept(db, start).Select(p.id+" AS id, ? AS generation", db.generationOf(p.generation)).
		Scopes(p.order.sort).Limit(steps * stride).Rows()
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var ids []int64
	var id, generation int64
	n := 0
	for rows.Next() {
		if err := rows.Scan(&id, &generation); err != nil {
			return nil, 0, err
		}
		if n++; n%stride == 0 {
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil || n > 0 {
		return ids, generation, err
	}
	// Nothing follows the row walked from: the generation, read apart and later, was that of the walk too if it
	// is still the anchors' (generations are only ever raised).
	generation, err = db.generationNow(p.generation)
	return nil, generation, err
}

// walkSteps walks PostgreSQL's list a stride at a time in one recursive statement, each step skipping a stride of
// rows on the order's index from the row before it: the index entries an offset walks, and no more.
func (p listPage) walkSteps(db *DB, from []int64, steps, stride int) ([]int64, int64, error) {
	// next is the row a stride after the row whose id is after (an SQL expression and its arguments; none: from
	// the list's start).
	next := func(after string, args ...any) *gorm.DB {
		q := p.matching()
		if after != "" {
			q = q.Where(p.order.followingAnchor(after), args...)
		}
		return q.Select(p.id).Scopes(p.order.sort).Offset(stride - 1).Limit(1)
	}
	first := db.Raw("SELECT 1 AS n, (?) AS id", next(""))
	if len(from) > 0 {
		first = db.Raw("SELECT 1 AS n, (?) AS id", next("?", from[len(from)-1]))
	}
	step := db.Raw("SELECT walk.n + 1, (?) FROM walk WHERE walk.id IS NOT NULL AND walk.n < ?", next("walk.id"), steps)
	var rows []struct {
		ID         *int64
		Generation int64
	}
	err := db.Raw("WITH RECURSIVE walk (n, id) AS (? UNION ALL ?) SELECT walk.id, ? AS generation FROM walk ORDER BY walk.n",
		first, step, db.generationOf(p.generation)).Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, 0, err
	}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		if r.ID == nil {
			break
		}
		ids = append(ids, *r.ID)
	}
	return ids, rows[0].Generation, nil
}

// WithJumpStride is the handle with jump anchors stride rows apart, so a test or a
// benchmark walks many of them over few rows.
func (db *DB) WithJumpStride(stride int) *DB {
	c := db.On(db.DB)
	c.stride = stride
	return c
}
