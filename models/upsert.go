package models

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// upsertTable describes a table that synced data is upserted into: reading the same report again must change
// nothing, so a row is rewritten only when one of its compared columns differs, and the count of rows written
// says truthfully how much a report changed.
type upsertTable struct {
	name string
	// columns are every column an insert writes, in the order of a row's values.
	columns []string
	// key is the unique index a row is found by.
	key []string
	// keep are columns an update leaves as they are (id, created_at, and the key, which is equal anyway).
	keep []string
	// statements caches the SQL by row count (SQLite) or column types (PostgreSQL), so that pgx's statement
	// cache reuses one prepared statement.
	statements sync.Map
}

// sqliteRows is how many rows one SQLite statement carries. The pure-Go driver binds each parameter by scanning
// the arguments for its ordinal, so binding costs the square of a statement's parameters, and it parses the
// statement again at every execution (preparing it saves nothing): a few rows a statement is where both costs are
// least.
const sqliteRows = 8

// upsert inserts rows (each a value per column) or updates the rows of the same key whose values differ, and
// returns how many rows were inserted or changed. It must run inside the caller's transaction.
func (db *DB) upsert(t *upsertTable, rows [][]any) (int64, error) {
	if db.Driver == "postgres" {
		return db.upsertColumns(t, rows)
	}
	var written int64
	for len(rows) > 0 {
		n := min(sqliteRows, len(rows))
		args := make([]any, 0, n*len(t.columns))
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		res, err := db.Statement.ConnPool.ExecContext(db.Statement.Context, t.statement(n), args...)
		if err != nil {
			return written, fmt.Errorf("upsert %s: %w", t.name, err)
		}
		changed, err := res.RowsAffected()
		if err != nil {
			return written, err
		}
		written += changed
		rows = rows[n:]
	}
	return written, nil
}

// statement is SQLite's upsert of so many rows.
func (t *upsertTable) statement(rows int) string {
	cacheKey := strconv.Itoa(rows)
	if s, ok := t.statements.Load(cacheKey); ok {
		return s.(string)
	}
	var b strings.Builder
	b.WriteString("INSERT INTO " + t.name + " (" + strings.Join(t.columns, ", ") + ") VALUES ")
	row := "(" + strings.Repeat("?,", len(t.columns)-1) + "?)"
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteString(row)
	}
	s := b.String() + t.onConflict("sqlite")
	t.statements.Store(cacheKey, s)
	return s
}

// onConflict is the statement's end: on a row of the same key, write the new values only if one differs.
func (t *upsertTable) onConflict(driver string) string {
	// PostgreSQL spells "differs, NULL included" IS DISTINCT FROM; SQLite's IS NOT means the same.
	differs := " IS DISTINCT FROM "
	if driver != "postgres" {
		differs = " IS NOT "
	}
	var sets, changed []string
	for _, c := range t.columns {
		if t.kept(c) {
			continue
		}
		sets = append(sets, c+" = excluded."+c)
		if c != "updated_at" {
			changed = append(changed, t.name+"."+c+differs+"excluded."+c)
		}
	}
	return " ON CONFLICT (" + strings.Join(t.key, ", ") + ") DO UPDATE SET " + strings.Join(sets, ", ") +
		" WHERE " + strings.Join(changed, " OR ")
}

func (t *upsertTable) kept(column string) bool {
	if column == "id" || column == "created_at" {
		return true
	}
	for _, k := range t.key {
		if k == column {
			return true
		}
	}
	for _, k := range t.keep {
		if k == column {
			return true
		}
	}
	return false
}
