package middleware

import (
	"log/slog"
	"time"

	"github.com/labstack/echo/v5"
)

// RequestLog writes one structured line per request with its id, and hands errors to the error handler first
// so that the line carries the status the client actually got.
func RequestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Echo().HTTPErrorHandler(c, err)
			}
			status := 0
			if r, uerr := echo.UnwrapResponse(c.Response()); uerr == nil {
				status = r.Status
			}
			attrs := []any{
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"method", c.Request().Method,
				"path", c.Request().URL.Path,
				"status", status,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
				"ip", c.RealIP(),
			}
			if p, ok := Principal(c); ok {
				attrs = append(attrs, "user_id", p.UserID, "company_id", p.CompanyID)
			}
			if status >= 500 {
				log.Error("request", attrs...)
			} else {
				log.Info("request", attrs...)
			}
			return nil
		}
	}
}
