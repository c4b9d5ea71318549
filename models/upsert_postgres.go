package models

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// upsertColumns upserts a batch on PostgreSQL as one array per column: INSERT .. SELECT unnest(..), .. has as many
// parameters as the table has columns whatever the number of rows, so the server parses and plans one small
// statement per batch, where a VALUES list of a thousand rows has tens of thousands of parameters.
func (db *DB) upsertColumns(t *UpsertTable, rows [][]any, conflict string) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	arrays := make([]any, len(t.Columns))
	types := make([]string, len(t.Columns))
	for c := range t.Columns {
		var err error
		if arrays[c], types[c], err = columnArray(rows, c); err != nil {
			return 0, fmt.Errorf("upsert %s.%s: %w", t.Name, t.Columns[c], err)
		}
	}
	cacheKey := strconv.FormatBool(conflict != "") + " " + strings.Join(types, ",")
	sqlText, ok := t.statements.Load(cacheKey)
	if !ok {
		// unnest in the select list, one call per column, yields the arrays' rows in step as they are read;
		// unnest(a, b, ..) in FROM first copies them all into a row store.
		values := make([]string, len(types))
		for i, typ := range types {
			values[i] = "unnest($" + strconv.Itoa(i+1) + "::" + typ + "[])"
		}
		sqlText = "INSERT INTO " + t.Name + " (" + strings.Join(t.Columns, ", ") + ") SELECT " +
			strings.Join(values, ", ") + conflict
		t.statements.Store(cacheKey, sqlText)
	}
	res, err := db.Statement.ConnPool.ExecContext(db.Statement.Context, sqlText.(string), arrays...)
	if err != nil {
		return 0, fmt.Errorf("upsert %s: %w", t.Name, err)
	}
	return res.RowsAffected()
}

// columnArray gathers one column of the rows into a typed array, and names its PostgreSQL type. A column whose
// first value is nil or a time holds times, the only values a row leaves empty.
func columnArray(rows [][]any, c int) (any, string, error) {
	switch rows[0][c].(type) {
	case int64:
		a := make([]int64, len(rows))
		for i, r := range rows {
			a[i] = r[c].(int64)
		}
		return a, "bigint", nil
	case int:
		a := make([]int64, len(rows))
		for i, r := range rows {
			a[i] = int64(r[c].(int))
		}
		return a, "bigint", nil
	case string:
		a := make([]string, len(rows))
		for i, r := range rows {
			a[i] = r[c].(string)
		}
		return a, "text", nil
	case bool:
		a := make([]bool, len(rows))
		for i, r := range rows {
			a[i] = r[c].(bool)
		}
		return a, "boolean", nil
	case time.Time, nil:
		a := make([]*time.Time, len(rows))
		for i, r := range rows {
			if v, ok := r[c].(time.Time); ok {
				a[i] = &v
			}
		}
		return a, "timestamptz", nil
	}
	return nil, "", fmt.Errorf("no array type for %T", rows[0][c])
}
