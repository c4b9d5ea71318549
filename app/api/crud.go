package api

import (
	"cmp"
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
)

// The handlers of the simple admin lists all do the same: bind the input, call the service as the signed-in user,
// shape the answer. These build them from the service call and the shape, so each list's package only says which.

// PageOf answers POST <list>/page {currentpage, pagesize, sort, order, ...filters} with a page of shaped rows.
func PageOf[Q, T, O any](list func(context.Context, core.Principal, Q) ([]T, int64, core.PageRequest, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var q Q
		if err := c.Bind(&q); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		rows, total, r, err := list(c.Request().Context(), p, q)
		if err != nil {
			return err
		}
		out := make([]O, len(rows))
		for i := range rows {
			out[i] = shape(&rows[i])
		}
		return OK(c, NewPage(out, total, r.Current, r.Size))
	}
}

// GetOne answers GET <list>/{id} with the shaped record.
func GetOne[T, O any](get func(context.Context, core.Principal, string) (*T, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		m, err := get(c.Request().Context(), p, c.Param("id"))
		if err != nil {
			return err
		}
		return OK(c, shape(m))
	}
}

// CreateOne answers POST <list> {form} with the new record.
func CreateOne[F, T, O any](create func(context.Context, core.Principal, F) (*T, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f F
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		m, err := create(c.Request().Context(), p, f)
		if err != nil {
			return err
		}
		return OK(c, shape(m))
	}
}

// UpdateOne answers PUT <list>/{id} {form} with the changed record.
func UpdateOne[F, T, O any](update func(context.Context, core.Principal, string, F) (*T, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f F
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		m, err := update(c.Request().Context(), p, c.Param("id"), f)
		if err != nil {
			return err
		}
		return OK(c, shape(m))
	}
}

// UpdateNoted is UpdateOne that also tells the operation log each labelled field it changed, old → new, by
// comparing the record as answered before and after.
func UpdateNoted[F, T, O any](get func(context.Context, core.Principal, string) (*T, error),
	update func(context.Context, core.Principal, string, F) (*T, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f F
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		ctx := c.Request().Context()
		before, err := get(ctx, p, c.Param("id"))
		if err != nil {
			return err
		}
		old := shape(before)
		m, err := update(ctx, p, c.Param("id"), f)
		if err != nil {
			return err
		}
		out := shape(m)
		noteChanges(c, old, out)
		return OK(c, out)
	}
}

// DeleteNoted is DeleteOne that first names the record for the operation log (its sku, number or name), as the
// answer of a delete carries none.
func DeleteNoted[T, O any](get func(context.Context, core.Principal, string) (*T, error),
	remove func(context.Context, core.Principal, string) error, shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		ctx := c.Request().Context()
		m, err := get(ctx, p, c.Param("id"))
		if err != nil {
			return err
		}
		if err := remove(ctx, p, c.Param("id")); err != nil {
			return err
		}
		f := fieldTexts(shape(m))
		middleware.NoteSubject(c, cmp.Or(f["sku"], f["number"], f["name"]))
		return OK(c, "success")
	}
}

// noteChanges notes the labelled fields whose answered values differ, in field-name order.
func noteChanges(c *echo.Context, old, out any) {
	was, now := fieldTexts(old), fieldTexts(out)
	keys := make([]string, 0, len(now))
	for k := range now {
		if _, ok := admin.FieldLabels[k]; ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		middleware.NoteChange(c, admin.FieldLabels[k], was[k], now[k])
	}
}

// fieldTexts reads a record's scalar fields as text, as the answer writes them; a list of names (a user's roles,
// its store groups) reads as the names joined, so adding a role shows as 角色 运营 → 运营、财务.
func fieldTexts(v any) map[string]string {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var fields map[string]any
	if json.Unmarshal(b, &fields) != nil {
		return nil
	}
	out := make(map[string]string, len(fields))
	for k, f := range fields {
		switch t := f.(type) {
		case string:
			out[k] = t
		case float64:
			out[k] = strconv.FormatFloat(t, 'f', -1, 64)
		case bool:
			out[k] = map[bool]string{true: "是", false: "否"}[t]
		case []any:
			if names, ok := namesOf(t); ok {
				out[k] = names
			}
		}
	}
	return out
}

// namesOf joins a list of strings; false for a list of anything else (document lines, objects).
func namesOf(list []any) (string, bool) {
	names := make([]string, 0, len(list))
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return "", false
		}
		names = append(names, s)
	}
	return strings.Join(names, "、"), true
}

// DeleteOne answers DELETE <list>/{id} with "success".
func DeleteOne(remove func(context.Context, core.Principal, string) error) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		if err := remove(c.Request().Context(), p, c.Param("id")); err != nil {
			return err
		}
		return OK(c, "success")
	}
}
