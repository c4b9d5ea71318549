package models

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// upsertJSON upserts a batch on SQLite as one JSON array of rows read back with json_each: one statement of one
// parameter per batch. The pure-Go driver parses a statement again at every execution and binds each parameter
// by scanning all of them, so a VALUES list of many rows costs the square of its parameters, and a few rows at a
// time spend their time parsing. A column whose value is the same on every row of the batch (the company, the
// seller account, the time of the import, often a currency) is bound once as its own parameter instead: reading
// the n-th value of a JSON row steps over the n values before it, and an import spent a third of its time in
// SQLite's JSON functions.
func (db *DB) upsertJSON(t *upsertTable, rows [][]any, conflict string) (int64, error) {
	shared := sharedColumns(rows)
	batch, err := appendJSONRows(make([]byte, 0, len(rows)*len(t.columns)*16), rows, shared)
	if err != nil {
		return 0, fmt.Errorf("upsert %s: %w", t.name, err)
	}
	// The statement is written anew for each batch, not cached: which columns a batch shares depends on its data,
	// and building the text costs nothing beside the thousand rows it writes.
	args := []any{string(batch)}
	values := make([]string, len(t.columns))
	inJSON := 0
	for c, same := range shared {
		if same {
			args = append(args, rows[0][c])
			values[c] = "?" + strconv.Itoa(len(args))
		} else {
			values[c] = "r->>" + strconv.Itoa(inJSON)
			inJSON++
		}
	}
	// MATERIALIZED: json_each makes a row's text anew each time its value is read, once per column otherwise;
	// jsonb: each column is then read from the row's binary form instead of its text parsed again.
	// WHERE true: SQLite's parser needs it to tell ON CONFLICT from a join's ON after SELECT .. FROM.
	sqlText := "WITH batch(r) AS MATERIALIZED (SELECT jsonb(value) FROM json_each(?1)) INSERT INTO " + t.name +
		" (" + strings.Join(t.columns, ", ") + ") SELECT " + strings.Join(values, ", ") + " FROM batch WHERE true" +
		conflict
	res, err := db.Statement.ConnPool.ExecContext(db.Statement.Context, sqlText, args...)
	if err != nil {
		return 0, fmt.Errorf("upsert %s: %w", t.name, err)
	}
	return res.RowsAffected()
}

// sharedColumns tells which columns hold the same value on every row. Equal times in other locations count as
// different, and a value of another type than appendJSONRows writes is never shared (it may not be comparable):
// the column then goes into the JSON rows like any other.
func sharedColumns(rows [][]any) []bool {
	shared := make([]bool, len(rows[0]))
	for c, v := range rows[0] {
		switch v.(type) {
		case nil, int64, int, bool, string, time.Time:
		default:
			continue
		}
		shared[c] = true
		for _, r := range rows[1:] {
			if r[c] != v {
				shared[c] = false
				break
			}
		}
	}
	return shared
}

// sqliteTime is how the SQLite driver writes a time, so that a time upserted from JSON equals the same time
// written through gorm and reads back the same way.
const sqliteTime = "2006-01-02 15:04:05.999999999-07:00"

// appendJSONRows writes rows as a JSON array of arrays of their values but the shared columns', each value as the
// SQLite driver would bind it (a bool as 1 or 0, a time as text).
func appendJSONRows(b []byte, rows [][]any, shared []bool) ([]byte, error) {
	b = append(b, '[')
	for i, r := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		first := true
		for j, v := range r {
			if shared[j] {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			switch x := v.(type) {
			case nil:
				b = append(b, "null"...)
			case int64:
				b = strconv.AppendInt(b, x, 10)
			case int:
				b = strconv.AppendInt(b, int64(x), 10)
			case bool:
				if x {
					b = append(b, '1')
				} else {
					b = append(b, '0')
				}
			case string:
				b = appendJSONString(b, x)
			case time.Time:
				b = appendJSONString(b, x.Format(sqliteTime))
			default:
				return nil, fmt.Errorf("no JSON form for %T", v)
			}
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}

// appendJSONString writes s as a JSON string: quotes and backslashes escaped, control characters as \u00XX.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
