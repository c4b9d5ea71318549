package middleware

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
)

// TestPageCompressorSendsEachVisitorItsOwnSecret: pages that differ only in their secret (a CSRF token, here also
// at the very start and end and twice in a row) are sent gzipped as one valid stream holding exactly the page
// rendered for that request, the second and later from the parts kept compressed; a page that differs elsewhere
// is its own; a client without gzip, or a page without its secret, gets the page as it is.
func TestPageCompressorSendsEachVisitorItsOwnSecret(t *testing.T) {
	pc := NewPageCompressor(5, 64<<10)
	form := strings.Repeat("<p>登录 sellerhub 卖家中心</p>", 60)
	page := func(secret, text string) string {
		return secret + "<form><input name=_csrf value=" + secret + ">" + text + "</form>" + secret + secret
	}
	send := func(accept, body, secret string) (*http.Response, string) {
		t.Helper()
		e := echo.New()
		req := httptest.NewRequest(http.MethodGet, "/login", nil)
		req.Header.Set(echo.HeaderAcceptEncoding, accept)
		rec := httptest.NewRecorder()
		if err := pc.Write(e.NewContext(req, rec), http.StatusOK, []byte(body), secret); err != nil {
			t.Fatal(err)
		}
		resp := rec.Result()
		if resp.Header.Get(echo.HeaderContentEncoding) != "gzip" {
			b, _ := io.ReadAll(resp.Body)
			return resp, string(b)
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false) // one member: a browser's decoder need not read more
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("not a valid gzip stream: %v", err)
		}
		if rest, _ := io.ReadAll(resp.Body); len(rest) > 0 {
			t.Fatalf("%d bytes after the gzip member", len(rest))
		}
		return resp, string(b)
	}
	for i, c := range []struct{ accept, secret, text string }{
		{"gzip", "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf", form},
		{"gzip, br", "ZyXwVuTsRqPoNmLkJiHgFeDcBaZyXwVu", form},
		{"gzip", "QwErTyUiOpAsDfGhJkLzXcVbNmQwErTy", form + "账号或密码错误"},
		{"gzip", "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf", form},
	} {
		want := page(c.secret, c.text)
		resp, got := send(c.accept, want, c.secret)
		if resp.StatusCode != http.StatusOK || resp.Header.Get(echo.HeaderContentEncoding) != "gzip" || got != want {
			t.Fatalf("answer %d: %d %q, page %q\nwant %q", i, resp.StatusCode, resp.Header.Get(echo.HeaderContentEncoding), got, want)
		}
		if resp.ContentLength <= 0 || resp.ContentLength >= int64(len(want)) {
			t.Fatalf("answer %d: %d bytes for a page of %d", i, resp.ContentLength, len(want))
		}
	}
	for _, c := range []struct{ accept, secret string }{{"br", "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf"}, {"gzip", "NotInThePage"}} {
		want := page("AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf", form)
		resp, got := send(c.accept, want, c.secret)
		if resp.Header.Get(echo.HeaderContentEncoding) != "" || got != want {
			t.Fatalf("%s, secret %s: %q %q", c.accept, c.secret, resp.Header.Get(echo.HeaderContentEncoding), got)
		}
	}
}
