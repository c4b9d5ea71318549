package middleware

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
)

// TestGzipCompressesHeldTextAnswersOnly: a text answer of 512 bytes or more is sent gzipped whole, with its
// status, to a client that accepts gzip, also when its handler flushed on the way (templ does); a short one, a
// picture and a client without gzip get the bytes as written; every answer varies by Accept-Encoding.
func TestGzipCompressesHeldTextAnswersOnly(t *testing.T) {
	long := strings.Repeat(`{"name":"库存"},`, 100)
	e := echo.New()
	e.Use(Gzip(func(string) int { return 1 }, func(*echo.Context) bool { return false }))
	e.GET("/json", func(c *echo.Context) error { return c.String(http.StatusCreated, long) })
	e.GET("/short", func(c *echo.Context) error { return c.String(http.StatusOK, "ok") })
	e.GET("/png", func(c *echo.Context) error { return c.Blob(http.StatusOK, "image/png", []byte(long)) })
	e.GET("/stream", func(c *echo.Context) error {
		c.Response().Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(c.Response(), long)
		http.NewResponseController(c.Response()).Flush()
		_, _ = io.WriteString(c.Response(), long)
		return nil
	})
	for _, c := range []struct {
		path, accept string
		gzipped      bool
		status       int
		body         string
	}{
		{"/json", "gzip, deflate, br", true, http.StatusCreated, long},
		{"/json", "gzip;q=0, br", false, http.StatusCreated, long},
		{"/json", "", false, http.StatusCreated, long},
		{"/short", "gzip", false, http.StatusOK, "ok"},
		{"/png", "gzip", false, http.StatusOK, long},
		{"/stream", "gzip", true, http.StatusOK, long + long},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		req.Header.Set("Accept-Encoding", c.accept)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if got := rec.Header().Get("Content-Encoding") == "gzip"; got != c.gzipped {
			t.Fatalf("%s (%q): gzipped %v, want %v", c.path, c.accept, got, c.gzipped)
		}
		if c.gzipped {
			r, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(r)
		}
		if rec.Code != c.status || string(body) != c.body || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s (%q): %d %q Vary %q", c.path, c.accept, rec.Code, body, rec.Header().Get("Vary"))
		}
	}
}

// A handler that flushes with more to come (a notice before slow work) gets what it wrote so far to the client at
// once, compressed, and the rest after.
func TestGzipFlushSendsWhatIsWrittenSoFar(t *testing.T) {
	notice := strings.Repeat("授权进行中。", 100)
	release := make(chan struct{})
	e := echo.New()
	e.Use(Gzip(func(string) int { return 5 }, func(*echo.Context) bool { return false }))
	e.GET("/consent", func(c *echo.Context) error {
		c.Response().Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(c.Response(), notice)
		http.NewResponseController(c.Response()).Flush()
		<-release
		_, _ = io.WriteString(c.Response(), "授权成功")
		return nil
	})
	srv := httptest.NewServer(e)
	defer srv.Close()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/consent", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	r, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	first := make([]byte, len(notice))
	if _, err := io.ReadFull(r, first); err != nil || string(first) != notice {
		t.Fatalf("before the work ended the client read %q (%v)", first, err)
	}
	close(release)
	rest, err := io.ReadAll(r)
	if err != nil || string(rest) != "授权成功" {
		t.Fatalf("after the work: %q (%v)", rest, err)
	}
}

// TestGzipKeepsTheCompressionOfAnAnswerMarkedSo: an answer whose handler marks it KeepCompressed (menus/route) is
// sent gzipped, and each request gets exactly what its handler wrote, also once the answer changes (a user's
// grants did) and when it changes back.
func TestGzipKeepsTheCompressionOfAnAnswerMarkedSo(t *testing.T) {
	answer := strings.Repeat(`{"path":"/erp/material","title":"本地产品"},`, 200)
	e := echo.New()
	e.Use(Gzip(func(string) int { return 1 }, func(*echo.Context) bool { return false }))
	e.GET("/menu", func(c *echo.Context) error {
		KeepCompressed(c)
		return c.String(http.StatusOK, answer)
	})
	first := answer
	for i, want := range []string{first, first, first + `{"path":"/erp/stock"}`, first} {
		answer = want
		req := httptest.NewRequest(http.MethodGet, "/menu", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("answer %d: %d %q", i, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || string(got) != want {
			t.Fatalf("answer %d: %v, %d bytes, want %d", i, err, len(got), len(want))
		}
	}
}
