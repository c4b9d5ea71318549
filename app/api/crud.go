package api

import (
	"context"

	"github.com/labstack/echo/v5"

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
