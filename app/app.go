// Package app assembles the HTTP application: middleware, the error handler and the route table.
package app

import (
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	echomw "github.com/labstack/echo/v5/middleware"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/pages"
	"sellerhub/config"
	"sellerhub/static"
)

// Deps is what the application is built from; main.go and the test harness make it.
type Deps struct {
	Config   *config.Config
	Services Services
	Log      *slog.Logger
	Assets   static.Manifest
	// Static is the embedded asset tree served under /static.
	Static fs.FS
}

// responseGzipLevel compresses the pages and JSON answers, chosen by measurement (menus/route of the admin, 27 KB,
// 50 clients, same machine and run): level 1 sends 5,281 B at 1,224 req/s, level 5 4,538 B at 553 req/s, level 6
// (the default) 4,497 B at 620 req/s. 17% more bytes of an answer this small cost a slow line less than halving
// the rate costs everyone.
const responseGzipLevel = 1

// bodyLimit caps request bodies; uploads that need more get their own limit on their route.
const bodyLimit = 2 << 20

// ownBodyLimit tells the routes that cap their bodies themselves: the picture uploads (api.ImageBodyLimit).
func ownBodyLimit(c *echo.Context) bool {
	return c.Path() == saveImagePath || c.Path() == photoUploadPath
}

// New builds the echo application and tells each route's declared access (the access-matrix test reads it).
func New(d Deps) (*echo.Echo, RouteAccess) {
	e := echo.New()
	e.Logger = d.Log
	// Addresses come straight from the connection: without a configured proxy, X-Forwarded-For is whatever the
	// client says, and the per-address limits must not be that easy to dodge.
	e.IPExtractor = echo.ExtractIPDirect()
	sv := d.Services
	pg := &pages.Handler{Accounts: sv.Accounts, Admin: sv.Admin, Messages: sv.Messages, Shipping: sv.Shipping,
		Stores: sv.Stores, Uploads: sv.Uploads, Config: d.Config, Assets: d.Assets}
	e.HTTPErrorHandler = errorHandler(d.Log, pg)

	e.Pre(stripAPIPrefix)
	e.Use(echomw.RequestID())
	e.Use(middleware.RequestLog(d.Log))
	e.Use(echomw.Recover())
	e.Use(middleware.SecureHeaders(d.Config.SecureCookies, builtAsset))
	e.Use(middleware.Gzip(responseGzipLevel, builtAsset))
	e.Use(echomw.BodyLimitWithConfig(echomw.BodyLimitConfig{LimitBytes: bodyLimit, Skipper: ownBodyLimit}))
	// Text input is checked whole before any handler; the picture uploads' limit is the largest body it reads.
	e.Use(middleware.PlainText(api.ImageBodyLimit))
	e.Use(middleware.StatementTimeout(d.Config.QueryTimeout))
	e.Use(middleware.Sessions(sv.Accounts))

	access := routes(e, d, pg)
	return e, access
}

// apiPrefixes are the JSON services; everything else is a page.
var apiPrefixes = []string{"/admin/api/", "/erp/api/", "/amazon/api/", "/amazonadv/api/"}

func isAPI(path string) bool {
	for _, p := range apiPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// stripAPIPrefix applies the contract's /api rule before routing: /api/admin/api/v1/x is /admin/api/v1/x, and the
// short /api/auth/x is /admin/api/v1/auth/x.
func stripAPIPrefix(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		u := c.Request().URL
		switch {
		case strings.HasPrefix(u.Path, "/api/auth/"):
			u.Path = "/admin/api/v1/auth/" + strings.TrimPrefix(u.Path, "/api/auth/")
			u.RawPath = ""
		case strings.HasPrefix(u.Path, "/api/"):
			u.Path = strings.TrimPrefix(u.Path, "/api")
			u.RawPath = ""
		}
		return next(c)
	}
}

// immutable marks content-hashed assets as cacheable forever.
func immutable(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		return next(c)
	}
}

// csrf protects the HTML forms: a token in the _csrf field must match the _csrf cookie, unless the browser
// vouches for the request with Sec-Fetch-Site.
func csrf(secure bool) echo.MiddlewareFunc {
	return echomw.CSRFWithConfig(echomw.CSRFConfig{
		TokenLookup:    "form:_csrf",
		CookieName:     "_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   secure,
		CookieSameSite: http.SameSiteLaxMode,
		// A missing or stale token is the same thing to the user: the form is older than its cookie.
		ErrorHandler: func(*echo.Context, error) error { return echo.ErrForbidden },
	})
}
