package middleware

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
)

// SameOrigin refuses state-changing API calls that a browser reports as coming from another site, so that a
// page elsewhere cannot use a signed-in user's cookie (CSRF). Calls carrying neither Sec-Fetch-Site nor Origin
// come from programs, which authenticate with the jsessionid header and are not at risk.
func SameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if fromOtherSite(c.Request()) {
			return core.ErrForbidden
		}
		return next(c)
	}
}

// SameOriginGET guards the GET calls that change something (the contract keeps them GET for its clients). A page
// elsewhere can make a browser send a GET with the cookie (a link, an image, a navigation that SameSite=Lax lets
// the cookie ride along with), and such a GET may carry neither Sec-Fetch-Site nor Origin, only a Referer, which
// proves nothing. So the call passes only when its session came in the jsessionid header, which no other site can
// make a browser send, or when the browser vouches for it with Sec-Fetch-Site: same-origin, as every current
// browser does for the islands' fetches; anything else is refused with 403.
func SameOriginGET(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		switch r.Header.Get("Sec-Fetch-Site") {
		case "same-origin":
			return next(c)
		case "": // a program, or a browser that says nothing of where the call comes from
			// Sessions reads the header before the cookie: with a header token, the cookie played no part.
			if r.Header.Get(SessionHeader) != "" && !fromOtherSite(r) {
				return next(c)
			}
		}
		return core.ErrUnvouched
	}
}

// fromOtherSite tells whether the browser says the request comes from another site, by Sec-Fetch-Site or else
// by Origin.
func fromOtherSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "same-site", "cross-site":
		return true
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		u, err := url.Parse(origin)
		return err != nil || u.Host != r.Host
	}
	return false
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }

// RequestOrigin is the scheme and host a request came to, such as https://erp.example.com.
func RequestOrigin(c *echo.Context) string { return c.Scheme() + "://" + c.Request().Host }
