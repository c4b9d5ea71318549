package middleware

import (
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/models"
)

// StatementTimeout bounds every database statement the request runs, the session's own lookup included, to d:
// a query that would run on (a search no index serves, under load) is stopped in the database and the request
// answers 查询数据超时 instead of holding a connection and a core until its client gives up.
func StatementTimeout(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			c.SetRequest(c.Request().WithContext(models.WithStatementTimeout(c.Request().Context(), d)))
			return next(c)
		}
	}
}
