package models

import (
	"database/sql"
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
	// statements caches the SQL per driver and row count: a report's batches mostly have the same size, so the
	// driver's statement cache (pgx) reuses one prepared statement.
	statements sync.Map
}

// maxParams bounds the values of one statement: SQLite takes at most 32,766 and PostgreSQL 65,535.
const maxParams = 30000

// sqliteRows is how many rows one SQLite statement carries. The pure-Go driver binds each parameter by scanning
// the arguments for its ordinal, so binding a statement costs the square of its parameters: a prepared statement
// of a few rows, executed again and again in the transaction, is where SQLite is fastest (no network to save).
const sqliteRows = 8

// upsert inserts rows (each a value per column) or updates the rows of the same key whose values differ, and
// returns how many rows were inserted or changed. It must run inside the caller's transaction.
func (db *DB) upsert(t *upsertTable, rows [][]any) (int64, error) {
	per := maxParams / len(t.columns)
	if db.Driver != "postgres" {
		per = sqliteRows
	}
	ctx, pool := db.Statement.Context, db.Statement.ConnPool
	var written int64
	exec := func(run func(args ...any) (sql.Result, error), chunk [][]any) error {
		args := make([]any, 0, len(chunk)*len(t.columns))
		for _, r := range chunk {
			args = append(args, r...)
		}
		res, err := run(args...)
		if err != nil {
			return fmt.Errorf("upsert %s: %w", t.name, err)
		}
		changed, err := res.RowsAffected()
		written += changed
		return err
	}
	if len(rows) >= 2*per {
		stmt, err := pool.PrepareContext(ctx, t.statement(db.Driver, per))
		if err != nil {
			return 0, fmt.Errorf("upsert %s: %w", t.name, err)
		}
		defer stmt.Close()
		for ; len(rows) >= per; rows = rows[per:] {
			if err := exec(func(args ...any) (sql.Result, error) { return stmt.ExecContext(ctx, args...) }, rows[:per]); err != nil {
				return written, err
			}
		}
	}
	for len(rows) > 0 {
		n := min(per, len(rows))
		sqlText := t.statement(db.Driver, n)
		if err := exec(func(args ...any) (sql.Result, error) { return pool.ExecContext(ctx, sqlText, args...) }, rows[:n]); err != nil {
			return written, err
		}
		rows = rows[n:]
	}
	return written, nil
}

func (t *upsertTable) statement(driver string, rows int) string {
	cacheKey := driver + strconv.Itoa(rows)
	if s, ok := t.statements.Load(cacheKey); ok {
		return s.(string)
	}
	var b strings.Builder
	b.WriteString("INSERT INTO " + t.name + " (" + strings.Join(t.columns, ", ") + ") VALUES ")
	param := 0
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('(')
		for c := range t.columns {
			if c > 0 {
				b.WriteByte(',')
			}
			param++
			if driver == "postgres" {
				b.WriteString("$" + strconv.Itoa(param))
			} else {
				b.WriteByte('?')
			}
		}
		b.WriteByte(')')
	}
	b.WriteString(" ON CONFLICT (" + strings.Join(t.key, ", ") + ") DO UPDATE SET ")
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
	b.WriteString(strings.Join(sets, ", ") + " WHERE " + strings.Join(changed, " OR "))
	s := b.String()
	t.statements.Store(cacheKey, s)
	return s
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
