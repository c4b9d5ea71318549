package middleware

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/labstack/echo/v5"
)

// StatusClientClosed is the status logged for a request whose client went away before its answer was written
// (nginx's 499 "client closed request"); nothing is sent, there is no one to send it to.
const StatusClientClosed = 499

// ClientGone tells whether the request's client has gone away: the server cancels the request's context when
// the connection closes. Whatever a handler's work then returns (context.Canceled from gorm and database/sql, an
// interrupted query) is the client's leaving, not a fault of the server.
func ClientGone(c *echo.Context) bool {
	return errors.Is(c.Request().Context().Err(), context.Canceled)
}

// RequestLog writes one structured line per request with its id, and hands errors to the error handler first
// so that the line carries the status the client actually got. A request whose client left before its answer is
// logged with 499 at WARN, with what the handler returned, and not as a server error; so is one whose statement
// met its time limit (503 查询数据超时). Every other answer below 500 is logged at DEBUG: one line per request
// buried the lines an operator acts on (SELLERHUB_LOG_LEVEL=debug shows them).
func RequestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Echo().HTTPErrorHandler(c, err)
			}
			status, answered := 0, false
			if r, uerr := echo.UnwrapResponse(c.Response()); uerr == nil {
				status, answered = r.Status, r.Committed
			}
			if !answered && ClientGone(c) {
				status = StatusClientClosed
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
			switch {
			case status == StatusClientClosed:
				if err != nil {
					attrs = append(attrs, "err", err.Error())
				}
				log.Warn("request", attrs...)
			case errors.Is(err, context.DeadlineExceeded):
				// A statement stopped at its time limit: the client got 查询数据超时; a sign of load or of a query too
				// broad, kept apart from the server's faults.
				log.Warn("request", append(attrs, "err", err.Error())...)
			case status >= 500:
				log.Error("request", attrs...)
			default:
				log.Debug("request", attrs...)
			}
			return nil
		}
	}
}
