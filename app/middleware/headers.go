package middleware

import (
	"strings"

	"github.com/labstack/echo/v5"
	echomw "github.com/labstack/echo/v5/middleware"
)

// ContentSecurityPolicy allows only the product's own scripts, styles and frames: no inline script runs, so
// injected markup cannot execute. Images may also be data: URLs (QR codes, previews) and Amazon's catalogue
// pictures (AmazonImageOrigins), which products made from listings show.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: " + AmazonImageOrigins + "; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

// AmazonImageOrigins are the hosts of the Catalog Items API's picture links.
const AmazonImageOrigins = "https://m.media-amazon.com https://images-na.ssl-images-amazon.com"

// PolicyWithImages is the policy allowing pictures from more origins too (a local Amazon stand-in's).
func PolicyWithImages(origins ...string) string {
	if len(origins) == 0 {
		return ContentSecurityPolicy
	}
	return strings.Replace(ContentSecurityPolicy, AmazonImageOrigins, AmazonImageOrigins+" "+strings.Join(origins, " "), 1)
}

// SecureHeaders sets the security headers of every answer. A built asset (asset tells which) gets only nosniff:
// the policy, framing and referrer headers govern documents, and a page's dozen scripts would carry them for
// nothing, some 300 bytes each on the shell's first load.
// imageOrigins are origins pictures may come from besides the policy's.
func SecureHeaders(https bool, asset func(*echo.Context) bool, imageOrigins ...string) echo.MiddlewareFunc {
	cfg := echomw.SecureConfig{
		Skipper:               asset,
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "SAMEORIGIN",
		ContentSecurityPolicy: PolicyWithImages(imageOrigins...),
		ReferrerPolicy:        "same-origin",
	}
	if https {
		cfg.HSTSMaxAge = 31536000
	}
	document := echomw.SecureWithConfig(cfg)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		withHeaders := document(next)
		return func(c *echo.Context) error {
			if asset(c) {
				c.Response().Header().Set(echo.HeaderXContentTypeOptions, "nosniff")
			}
			return withHeaders(c)
		}
	}
}
