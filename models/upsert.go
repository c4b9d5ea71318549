package models

import (
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
	// keep are further columns an update leaves as they are (id, created_at and the key always are).
	keep []string
	// statements caches each driver's statement, built once.
	statements sync.Map
}

// upsert inserts rows (each a value per column) or updates the rows of the same key whose values differ, and
// returns how many rows were inserted or changed. It must run inside the caller's transaction.
func (db *DB) upsert(t *upsertTable, rows [][]any) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	if db.Driver == "postgres" {
		return db.upsertColumns(t, rows)
	}
	return db.upsertJSON(t, rows)
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
