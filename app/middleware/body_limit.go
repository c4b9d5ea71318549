package middleware

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"
)

// OwnBodyLimit caps, before anything reads it, the body of each route that takes more than the application's
// limit, at that route's own (limits, by route path): no middleware can then read past it. A body declared
// longer is left unread for the route to refuse with its own message (图片不能超过2MB); one that turns out longer
// ends at the limit with an *http.MaxBytesError.
func OwnBodyLimit(limits map[string]int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if limit, ok := limits[c.Path()]; ok {
				req := c.Request()
				req.Body = http.MaxBytesReader(c.Response(), req.Body, limit)
			}
			return next(c)
		}
	}
}

// bodyReadError is the answer to a body a middleware could not read: 413 past a route's limit (echo's BodyLimit
// or OwnBodyLimit), 400 when the client stopped sending it.
func bodyReadError(err error) error {
	var limited *echo.HTTPError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &limited):
		return err
	case errors.As(err, &tooBig):
		return echo.ErrStatusRequestEntityTooLarge
	}
	return echo.ErrBadRequest.Wrap(err)
}
