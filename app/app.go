// Package app assembles the HTTP application: middleware, the error handler and the route table.
package app

import (
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	echomw "github.com/labstack/echo/v5/middleware"
	"github.com/redis/go-redis/v9"

	"sellerhub/app/api"
	syncapi "sellerhub/app/api/datasync"
	"sellerhub/app/middleware"
	"sellerhub/app/pages"
	"sellerhub/config"
	"sellerhub/models"
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
	// DB and Redis (nil when SELLERHUB_REDIS_URL is not set) are what /readyz checks.
	DB    *models.DB
	Redis *redis.Client
	// Metrics count the requests and are served at /metrics (metrics.go); nil: the application makes its own.
	Metrics *Metrics
	// Stopping, once closed, turns /readyz to 503: the instance is draining before it stops (main.go).
	Stopping <-chan struct{}
}

// responseGzipLevel is the level of the dynamic answers (klauspost/compress's gzip), chosen by measurement (Go
// benchmarks of real answers on the 2-core machine, 2026-12-01):
//   - JSON: a product page of 20 rows (11.7 KB) level 1 1,546 B in 20-34 µs (the standard library's level 1: 1,635 B
//     in 59-94 µs), level 5 1,423 B in 36-60 µs; menus/route of the admin (29 KB) level 1 5,214 B in 75-86 µs, 5
//     4,593 B in 165-172 µs. The JSON calls are frequent and small after compression: level 1. With it the product
//     list at a million products went from 1,392-1,443 to 1,327-1,340 µs of the server's CPU a call.
//   - pages (HTML): /home (71 KB) level 5 9,099 B in 393-456 µs, 6 8,968 B in 540 µs, 9 8,709 B in 1.8 ms (the
//     standard library's level 5: 8,831 B in 1.05 ms); /login (3 KB) level 9 1,304 B in 94 µs. A page is loaded once
//     per tab by someone who may be on a slow line, and the shell's first load has a budget of 90 KB: level 9.
func responseGzipLevel(contentType string) int {
	if strings.HasPrefix(contentType, "text/html") {
		return 9
	}
	return 1
}

// pageKeptBytes is the largest page kept compressed. The signed-in shell (74 KB, one per user, loaded once a visit)
// is left to the Gzip middleware: kept, it was compressed around its token in two parts, 270 B larger.
const pageKeptBytes = 64 << 10

// activeWait is the longest a request waits for its turn to work (middleware.Active): far above a queue's wait
// under load (tens of milliseconds at 50 clients), far below an outside service's time limit.
const activeWait = time.Second

// bodyLimit caps request bodies; uploads that need more get their own limit on their route.
const bodyLimit = 2 << 20

// ownBodyLimits are the routes with a body limit of their own instead of bodyLimit: the picture uploads and the
// report upload of 数据同步. Each applies before anything reads the body (middleware.OwnBodyLimit).
var ownBodyLimits = map[string]int64{saveImagePath: api.ImageBodyLimit, photoUploadPath: api.ImageBodyLimit, photoSavePath: api.ImageBodyLimit,
	syncUploadPath: syncapi.UploadBodyLimit}

func ownBodyLimit(c *echo.Context) bool {
	_, ok := ownBodyLimits[c.Path()]
	return ok
}

// New builds the echo application and tells each route's declared access (the access-matrix test reads it).
func New(d Deps) (*echo.Echo, RouteAccess) {
	e := echo.New()
	e.Logger = d.Log
	// Addresses come straight from the connection unless it is a configured proxy's: otherwise X-Forwarded-For is
	// whatever the client says, and the per-address limits must not be that easy to dodge.
	e.IPExtractor = clientAddress(d.Config.TrustedProxies)
	sv := d.Services
	pg := &pages.Handler{Accounts: sv.Accounts, Admin: sv.Admin, Messages: sv.Messages, Onboarding: sv.Onboarding, Purchase: sv.Purchase, Sales: sv.Sales, Shipping: sv.Shipping, Stock: sv.Stock,
		Stores: sv.Stores, Uploads: sv.Uploads, Config: d.Config, Assets: d.Assets,
		Compressor: middleware.NewPageCompressor(responseGzipLevel(echo.MIMETextHTML), pageKeptBytes)}
	e.HTTPErrorHandler = errorHandler(d.Log, pg)

	e.Pre(stripAPIPrefix)
	// A request id finds a request's log lines; a built asset is the same file for every request and logs
	// nothing of its own, and the id's 48 bytes on each of the shell's dozen assets are weight on every first load.
	e.Use(echomw.RequestIDWithConfig(echomw.RequestIDConfig{Skipper: builtAsset}))
	if d.Metrics == nil {
		d.Metrics = NewMetrics()
	}
	d.Metrics.watch(d.DB, d.Log)
	e.Use(d.Metrics.count)
	e.Use(middleware.RequestLog(d.Log))
	e.Use(echomw.Recover())
	e.Use(middleware.SecureHeaders(d.Config.SecureCookies, builtAsset, catalogImageOrigins(d.Config)...))
	e.Use(middleware.Gzip(responseGzipLevel, builtAsset))
	e.Use(echomw.BodyLimitWithConfig(echomw.BodyLimitConfig{LimitBytes: bodyLimit, Skipper: ownBodyLimit}))
	e.Use(middleware.OwnBodyLimit(ownBodyLimits))
	// Text input is checked whole before any handler; the picture uploads' limit is the largest body it reads.
	e.Use(middleware.PlainText(api.ImageBodyLimit))
	e.Use(middleware.Active(d.Config.ActiveRequests, activeWait, builtAsset))
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

// catalogImageOrigins are the origins of catalogue pictures beside Amazon's own hosts: a Selling Partner API
// replaced by a stand-in (SELLERHUB_AMAZON_SPAPI_URL) serves its pictures itself.
func catalogImageOrigins(c *config.Config) []string {
	u, err := url.Parse(c.Amazon.SellingPartnerURL)
	if c.Amazon.SellingPartnerURL == "" || err != nil || u.Host == "" {
		return nil
	}
	return []string{u.Scheme + "://" + u.Host}
}
