package models

import (
	"slices"
	"strings"
	"sync"

	"gorm.io/gorm/clause"
)

// UpsertTable describes a table that synced data is upserted into: reading the same report again must change
// nothing, so a row is rewritten only when one of its compared columns differs, and the count of rows written
// says truthfully how much a report changed.
type UpsertTable struct {
	// Name is the table's name.
	Name string
	// Columns are every column an insert writes, in the order of a row's values.
	Columns []string
	// Key is the unique index a row is found by.
	Key []string
	// Keep are further columns an update leaves as they are (id, created_at and the key always are).
	Keep []string
	// Add, when set, makes the table a running sum: on a row of the same key these columns get the new values
	// added, and every other column not kept takes the greater of the old and the new value (a MAX that can be
	// carried on batch by batch). The row is always written.
	Add []string
	// statements caches the PostgreSQL statement of each set of column types, with and without the conflict
	// clause, and SQLite's of each statement size, built once.
	statements sync.Map
}

// Upsert inserts n rows (row(i) gives the i-th, a value per column) or updates the rows of the same key whose
// values differ, and returns how many rows were inserted or changed. It must run inside the caller's transaction.
// Rows are made upsertStatementRows at a time, just before they are written (SQLite: upsertValues), so a large
// transaction (few commits) holds few rows' values at once and SQLite's in-memory statement journal stays small.
func (db *DB) Upsert(t *UpsertTable, n int, row func(i int) []any) (int64, error) {
	return db.writeRows(t, n, row, t.onConflict(db.Driver))
}

// InsertNew inserts n rows that the caller knows are not stored (it looked, and holds what keeps others from
// writing them meanwhile): without ON CONFLICT, PostgreSQL skips the probe of the key's index before each row. A
// row stored after all fails the unique index and the transaction: nothing is written twice. Under CopyTx: COPY.
func (db *DB) InsertNew(t *UpsertTable, n int, row func(i int) []any) (int64, error) {
	if db.conn != nil {
		return db.copyRows(t, n, row)
	}
	return db.writeRows(t, n, row, "")
}

// writeRows writes n rows in statements of at most upsertStatementRows, each ending with conflict.
func (db *DB) writeRows(t *UpsertTable, n int, row func(i int) []any, conflict string) (int64, error) {
	var written int64
	rows := make([][]any, 0, min(n, upsertStatementRows))
	for from := 0; from < n; from += upsertStatementRows {
		rows = rows[:0]
		for i := from; i < min(n, from+upsertStatementRows); i++ {
			rows = append(rows, row(i))
		}
		var m int64
		var err error
		if db.Driver == "postgres" {
			m, err = db.upsertColumns(t, rows, conflict)
		} else {
			m, err = db.upsertValues(t, rows, conflict)
		}
		if err != nil {
			return written, err
		}
		written += m
	}
	return written, nil
}

// upsertStatementRows is how many rows one upsert statement writes at most.
const upsertStatementRows = 1000

// onConflict is the statement's end: on a row of the same key, write the new values only if one differs.
func (t *UpsertTable) onConflict(driver string) string {
	// PostgreSQL spells "differs, NULL included" IS DISTINCT FROM; SQLite's IS NOT means the same.
	differs := " IS DISTINCT FROM "
	if driver != "postgres" {
		differs = " IS NOT "
	}
	greatest := "GREATEST"
	if driver != "postgres" {
		greatest = "max" // SQLite's max of several arguments is the scalar function
	}
	var sets, changed []string
	for _, c := range t.Columns {
		if t.kept(c) {
			continue
		}
		if t.Add != nil {
			if slices.Contains(t.Add, c) {
				sets = append(sets, c+" = "+t.Name+"."+c+" + excluded."+c)
			} else {
				sets = append(sets, c+" = "+greatest+"("+t.Name+"."+c+", excluded."+c+")")
			}
			continue
		}
		sets = append(sets, c+" = excluded."+c)
		if c != "updated_at" {
			changed = append(changed, t.Name+"."+c+differs+"excluded."+c)
		}
	}
	if t.Add != nil {
		return " ON CONFLICT (" + strings.Join(t.Key, ", ") + ") DO UPDATE SET " + strings.Join(sets, ", ")
	}
	return " ON CONFLICT (" + strings.Join(t.Key, ", ") + ") DO UPDATE SET " + strings.Join(sets, ", ") +
		" WHERE " + strings.Join(changed, " OR ")
}

func (t *UpsertTable) kept(column string) bool {
	if column == "id" || column == "created_at" {
		return true
	}
	for _, k := range t.Key {
		if k == column {
			return true
		}
	}
	for _, k := range t.Keep {
		if k == column {
			return true
		}
	}
	return false
}

// UpsertChanged is ON CONFLICT (keys) DO UPDATE of the columns (and updated_at), only where one of the columns
// differs from the row stored: an unchanged line is not written and not counted.
func UpsertChanged(table string, keys, columns []string) clause.OnConflict {
	differs := make([]string, len(columns))
	for i, c := range columns {
		differs[i] = table + "." + c + " IS DISTINCT FROM excluded." + c
	}
	conflict := make([]clause.Column, len(keys))
	for i, k := range keys {
		conflict[i] = clause.Column{Name: k}
	}
	return clause.OnConflict{Columns: conflict, DoUpdates: clause.AssignmentColumns(append(append([]string(nil), columns...), "updated_at")),
		Where: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: strings.Join(differs, " OR ")}}}}
}
