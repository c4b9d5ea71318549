package models

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// upsertValues upserts a batch on SQLite as statements of VALUES lists, each row's values bound as parameters (far
// cheaper than SQLite's JSON functions reading a JSON array), in a few fixed sizes (sqliteStatementRows and its
// halves down to one row, for a batch's rest), so each is compiled once per connection and kept (keptStatement).
func (db *DB) upsertValues(t *UpsertTable, rows [][]any, conflict string) (int64, error) {
	var written int64
	args := make([]any, 0, min(len(rows), sqliteStatementRows)*len(t.Columns))
	var stmt *sql.Stmt
	stmtRows := 0
	var times timeTexts
	for len(rows) > 0 {
		size := sqliteStatementRows
		for size > len(rows) {
			size /= 2
		}
		if size != stmtRows {
			var err error
			if stmt, err = db.keptStatement(t.valuesStatement(size, conflict)); err != nil {
				return written, fmt.Errorf("upsert %s: %w", t.Name, err)
			}
			stmtRows = size
		}
		args = args[:0]
		for _, r := range rows[:size] {
			for _, v := range r {
				if at, ok := v.(time.Time); ok {
					v = times.text(at)
				}
				args = append(args, v)
			}
		}
		res, err := stmt.ExecContext(db.Context(), args...)
		if err != nil {
			return written, fmt.Errorf("upsert %s: %w", t.Name, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return written, err
		}
		written += n
		rows = rows[size:]
	}
	return written, nil
}

// timeTexts writes times as the SQLite driver would (models.Open's _time_format=sqlite), remembering the last:
// a batch's rows share the time they were written at (created_at, updated_at), which the driver formats per row.
type timeTexts struct {
	at   time.Time
	form string
}

func (m *timeTexts) text(at time.Time) string {
	if at != m.at || m.form == "" {
		m.at, m.form = at, at.Format(sqliteTime)
	}
	return m.form
}

// sqliteTime is the SQLite driver's form of a time under _time_format=sqlite: a time written as this text reads
// back, and compares, as one the driver wrote.
const sqliteTime = "2006-01-02 15:04:05.999999999-07:00"

// sqliteStatementRows is how many rows one SQLite statement writes at most: a power of two, so a batch's rest goes
// in its halves. Few rows pay each execution's overhead, many the journal SQLite keeps to undo a statement alone;
// 64 rows of 26 columns are 1,664 parameters, well under SQLite's 32,766.
const sqliteStatementRows = 64

// valuesStatement is the text of the SQLite statement that writes rows rows, built once for each size.
func (t *UpsertTable) valuesStatement(rows int, conflict string) string {
	key := "sqlite " + strconv.Itoa(rows) + " " + strconv.FormatBool(conflict != "")
	if s, ok := t.statements.Load(key); ok {
		return s.(string)
	}
	row := "(?" + strings.Repeat(", ?", len(t.Columns)-1) + ")"
	var b strings.Builder
	b.WriteString("INSERT INTO " + t.Name + " (" + strings.Join(t.Columns, ", ") + ") VALUES ")
	for i := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(row)
	}
	b.WriteString(conflict)
	t.statements.Store(key, b.String())
	return b.String()
}
