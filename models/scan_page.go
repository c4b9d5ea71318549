package models

import (
	"bytes"
	"database/sql"
	"fmt"
	"reflect"
	"slices"
	"time"
	"unsafe"

	"gorm.io/gorm"
)

// FindPage runs q and reads its rows into out as gorm's Find does (the same statement and columns), but puts each
// value straight into its field, where gorm's scan, the largest part of a list page's server CPU, goes through a
// pooled pointer per column and row and reflection. A NULL into a field that cannot hold one leaves its zero value,
// as gorm does; a field gorm serializes (JSON) makes the rows go through gorm's own scan.
func FindPage[T any](q *gorm.DB, out *[]T) error {
	// A statement of its own (Scopes() copies a shared one, as every chained call does), given Find's destination so
	// that gorm builds the statement Find would: the row type's own columns when it is not the query's model.
	tx := q.Scopes()
	tx.Statement.Dest = out
	rows, err := tx.Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		return err
	}
	plan, ok, err := pagePlan[T](q, columns)
	if err != nil {
		return err
	}
	// Room for a page of the usual size at once, as gorm's scan makes, not grown row by row.
	*out = slices.Grow(*out, 20)
	for rows.Next() {
		var row T
		if !ok {
			if err := q.ScanRows(rows, &row); err != nil {
				return err
			}
		} else if err := rows.Scan(plan.into(unsafe.Pointer(&row))...); err != nil {
			return err
		}
		*out = append(*out, row)
	}
	return rows.Err()
}

// rowPlan says where each column of a result goes in a row: at a field's offset, directly (a pointer field takes
// a NULL as nil, a sql.Scanner reads its own) or through a nullable that gives a NULL the field's zero value.
type rowPlan struct {
	columns []planColumn
	dest    []any
	nulls   []nullable
}

type planColumn struct {
	offset uintptr
	typ    reflect.Type // the field's type; nil: a column no field takes, read and dropped
	// null is the index in nulls of the column's nullable, -1 for a field scanned directly.
	null int
}

// pagePlan maps the result's columns to T's fields, by their column names as gorm names them; ok is false when a
// column goes to a field this plan does not fill (serialized, or inside an embedded pointer), or two columns share a
// name.
func pagePlan[T any](q *gorm.DB, columns []string) (*rowPlan, bool, error) {
	stmt := &gorm.Statement{DB: q}
	if err := stmt.Parse(new(T)); err != nil {
		return nil, false, err
	}
	p := &rowPlan{columns: make([]planColumn, len(columns)), dest: make([]any, len(columns))}
	rowType := reflect.TypeFor[T]()
	seen := make(map[string]bool, len(columns))
	for i, name := range columns {
		if seen[name] {
			// Columns of one name (a join's ids) gorm gives to the fields of that name in turn.
			return nil, false, nil
		}
		seen[name] = true
		f := stmt.Schema.LookUpField(name)
		if f == nil || !f.Readable {
			p.columns[i] = planColumn{null: -1}
			p.dest[i] = new(sql.RawBytes)
			continue
		}
		if f.Serializer != nil {
			return nil, false, nil
		}
		offset, ok := fieldOffset(rowType, f.StructField.Index)
		if !ok {
			return nil, false, nil
		}
		c := planColumn{offset: offset, typ: f.StructField.Type, null: -1}
		if f.StructField.Type.Kind() != reflect.Pointer && !reflect.PointerTo(c.typ).Implements(scannerType) {
			c.null = len(p.nulls)
			p.nulls = append(p.nulls, nullable{})
		}
		p.columns[i] = c
	}
	for i, c := range p.columns {
		if c.null >= 0 {
			p.dest[i] = &p.nulls[c.null]
		}
	}
	return p, true, nil
}

var scannerType = reflect.TypeFor[sql.Scanner]()

// fieldOffset is the offset of the field at index in t, through embedded structs held by value; ok is false when
// the path goes through a pointer.
func fieldOffset(t reflect.Type, index []int) (uintptr, bool) {
	var offset uintptr
	for i, n := range index {
		if t.Kind() != reflect.Struct {
			return 0, false
		}
		f := t.Field(n)
		offset += f.Offset
		t = f.Type
		if i < len(index)-1 && t.Kind() == reflect.Pointer {
			return 0, false
		}
	}
	return offset, true
}

// into points the plan's destinations at the fields of the row at row.
func (p *rowPlan) into(row unsafe.Pointer) []any {
	for i, c := range p.columns {
		if c.typ == nil {
			continue
		}
		field := reflect.NewAt(c.typ, unsafe.Add(row, c.offset)).Interface()
		if c.null >= 0 {
			p.nulls[c.null].field = field
		} else {
			p.dest[i] = field
		}
	}
	return p.dest
}

// nullable reads a column into a field that cannot hold NULL: a NULL leaves the field's zero value, as gorm's scan
// does (a LEFT JOIN's name of a product without a brand).
type nullable struct{ field any }

func (n *nullable) Scan(src any) error {
	switch f := n.field.(type) {
	case *string:
		switch v := src.(type) {
		case string:
			*f = v
			return nil
		case []byte:
			*f = string(v)
			return nil
		}
	case *int64:
		if v, ok := src.(int64); ok {
			*f = v
			return nil
		}
	case *int:
		if v, ok := src.(int64); ok {
			*f = int(v)
			return nil
		}
	case *bool:
		switch v := src.(type) {
		case bool:
			*f = v
			return nil
		case int64: // SQLite keeps a bool as 0 or 1
			*f = v != 0
			return nil
		}
	case *time.Time:
		if v, ok := src.(time.Time); ok {
			*f = v
			return nil
		}
	}
	return n.scanKind(src)
}

// scanKind reads what Scan's common cases do not: a NULL, and values into named types of the basic kinds (a
// status declared as an int).
func (n *nullable) scanKind(src any) error {
	v := reflect.ValueOf(n.field).Elem()
	if src == nil {
		v.SetZero()
		return nil
	}
	s := reflect.ValueOf(src)
	switch {
	case s.Type().AssignableTo(v.Type()):
		if b, ok := src.([]byte); ok {
			// The driver's buffer, which its next row overwrites.
			s = reflect.ValueOf(bytes.Clone(b))
		}
		v.Set(s)
		return nil
	case s.Kind() == reflect.Int64 && v.CanInt():
		v.SetInt(s.Int())
		return nil
	case s.Kind() == reflect.Int64 && v.CanUint() && s.Int() >= 0:
		v.SetUint(uint64(s.Int()))
		return nil
	case (s.Kind() == reflect.Float64 || s.Kind() == reflect.Int64) && v.CanFloat():
		if s.Kind() == reflect.Int64 {
			v.SetFloat(float64(s.Int()))
		} else {
			v.SetFloat(s.Float())
		}
		return nil
	case s.Kind() == reflect.Bool && v.Kind() == reflect.Bool:
		v.SetBool(s.Bool())
		return nil
	case s.Kind() == reflect.Int64 && v.Kind() == reflect.Bool: // SQLite keeps a bool as 0 or 1
		v.SetBool(s.Int() != 0)
		return nil
	case s.Kind() == reflect.String && v.Kind() == reflect.String:
		v.SetString(s.String())
		return nil
	case s.Kind() == reflect.Slice && s.Type().Elem().Kind() == reflect.Uint8 && v.Kind() == reflect.String:
		v.SetString(string(s.Bytes()))
		return nil
	}
	return fmt.Errorf("cannot read a column's %T into %s", src, v.Type())
}
