package middleware

import (
	"context"
	"errors"
	"time"

	"github.com/labstack/echo/v5"
	"golang.org/x/sync/semaphore"
)

// Active lets at most n requests work at once and queues the others in the order they came. A queued request
// whose client leaves ends there, without an answer, as a request cut off at any other point; one that has
// waited maxWait goes on regardless, so that requests held up by an outside service (Amazon, the SSO server, mail)
// cannot stop the others for longer than that.
//
// Why: with more requests working than cores, the tail of the latency was set by who waited longest, not by what
// a request cost. database/sql hands a freed connection to a random waiting request (its connRequests'
// TakeRandom), so on SQLite (4 connections) 50 concurrent list calls each drew lots two or three times a call; on
// PostgreSQL fifty backends shared two cores with the Go process. Measured on the product list at a million rows,
// 50 clients, PostgreSQL: p99 133 ms unbounded, 53 ms at 8 working, 43 ms at 4, and the database's CPU a call
// fell from 455 to 325 µs. skip exempts requests that never touch the database (built assets).
func Active(n int, maxWait time.Duration, skip func(*echo.Context) bool) echo.MiddlewareFunc {
	working := semaphore.NewWeighted(int64(n))
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if skip(c) {
				return next(c)
			}
			ctx := c.Request().Context()
			wait, cancel := context.WithTimeout(ctx, maxWait)
			err := working.Acquire(wait, 1)
			cancel()
			switch {
			case err == nil:
				defer working.Release(1)
			case ctx.Err() != nil:
				return ctx.Err()
			case !errors.Is(err, context.DeadlineExceeded):
				return err
			}
			return next(c)
		}
	}
}
