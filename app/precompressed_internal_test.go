package app

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v5"
)

// TestBuiltAssetsAreSentAsBuiltCompressed serves a bundle with its build's brotli and gzip copies: the browser
// gets brotli when it takes it, else gzip, else the plain file, typed as the bundle and marked to vary by
// Accept-Encoding; a file without copies is sent plain.
func TestBuiltAssetsAreSentAsBuiltCompressed(t *testing.T) {
	files := fstest.MapFS{
		"dist/app-1.js":    {Data: []byte("plain bundle")},
		"dist/app-1.js.br": {Data: []byte("brotli copy")},
		"dist/app-1.js.gz": {Data: []byte("gzip copy")},
		"dist/tiny-2.js":   {Data: []byte("x")},
	}
	e := echo.New()
	e.StaticFS("/static", files, precompressed(files))
	for _, c := range []struct{ path, accept, encoding, body string }{
		{"/static/dist/app-1.js", "gzip, deflate, br, zstd", "br", "brotli copy"},
		{"/static/dist/app-1.js", "gzip, deflate", "gzip", "gzip copy"},
		{"/static/dist/app-1.js", "br;q=0, gzip", "gzip", "gzip copy"},
		{"/static/dist/app-1.js", "*", "br", "brotli copy"},
		{"/static/dist/app-1.js", "", "", "plain bundle"},
		{"/static/dist/app-1.js", "identity", "", "plain bundle"},
		{"/static/dist/tiny-2.js", "br, gzip", "", "x"},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != c.encoding || rec.Body.String() != c.body {
			t.Errorf("%s with Accept-Encoding %q: %d %q %q, want %q %q", c.path, c.accept, rec.Code,
				rec.Header().Get("Content-Encoding"), rec.Body.String(), c.encoding, c.body)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%s with Accept-Encoding %q: Content-Type %q", c.path, c.accept, got)
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s with Accept-Encoding %q: Vary %q", c.path, c.accept, rec.Header().Get("Vary"))
		}
	}
}
