package middleware

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"sellerhub/app/service"
)

// SameOrigin refuses state-changing API calls that a browser reports as coming from another site, so that a
// page elsewhere cannot use a signed-in user's cookie (CSRF). Calls carrying neither Sec-Fetch-Site nor Origin
// come from programs, which authenticate with the jsessionid header and are not at risk.
func SameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	checked := SameOriginAlways(next)
	return func(c *echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		return checked(c)
	}
}

// SameOriginAlways applies the check whatever the method, for the few GET calls that change state because the
// clients send them as GET (notify/pullMessage, notify/updateAllTargets): a link on another site must not act
// for the user.
func SameOriginAlways(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		switch r.Header.Get("Sec-Fetch-Site") {
		case "same-origin", "none":
			return next(c)
		case "same-site", "cross-site":
			return service.ErrForbidden
		}
		if origin := r.Header.Get("Origin"); origin != "" {
			u, err := url.Parse(origin)
			if err != nil || u.Host != r.Host {
				return service.ErrForbidden
			}
		}
		return next(c)
	}
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }
