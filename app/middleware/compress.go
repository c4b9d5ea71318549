package middleware

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
)

const (
	// gzipMinLength is the smallest answer worth compressing: below it the gzip framing eats the gain.
	gzipMinLength = 512
	// gzipMaxBuffered is the largest answer held back to be compressed whole; a larger one (a download) goes out as
	// it is written, uncompressed.
	gzipMaxBuffered = 1 << 20
	// gzipPooledBuffer is the largest buffer kept for the next answer: a rare big page does not pin its memory.
	gzipPooledBuffer = 256 << 10
)

// Gzip compresses the answers of clients that accept gzip. Unlike a streaming compressor, it holds the answer
// until the handler is done and compresses it in one go: a gzip writer (some 800 KB of tables, whatever the
// level) is then held for the microseconds of compressing rather than for the whole request, so the writers in
// use follow the cores, not the connections (200 clients of menus/route held 200 of them, 86% of the heap).
// Only text is compressed; pictures and spreadsheets already are. level tells the level for an answer's content
// type; skip leaves a request alone.
func Gzip(level func(contentType string) int, skip func(*echo.Context) bool) echo.MiddlewareFunc {
	var writers [gzip.BestCompression + 1]sync.Pool
	for l := range writers {
		writers[l].New = func() any {
			w, _ := gzip.NewWriterLevel(io.Discard, l)
			return w
		}
	}
	buffers := sync.Pool{New: func() any { return new(bytes.Buffer) }}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if skip(c) {
				return next(c)
			}
			rw := c.Response()
			rw.Header().Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
			if !acceptsGzip(c.Request().Header.Get(echo.HeaderAcceptEncoding)) {
				return next(c)
			}
			buf := buffers.Get().(*bytes.Buffer)
			buf.Reset()
			w := &heldAnswer{ResponseWriter: rw, buf: buf}
			c.SetResponse(w)
			defer func() {
				// The error handler, which runs after, answers on the connection itself.
				c.SetResponse(rw)
				w.finish(&writers, level)
				if buf.Cap() <= gzipPooledBuffer {
					buffers.Put(buf)
				}
			}()
			return next(c)
		}
	}
}

// acceptsGzip tells whether an Accept-Encoding header names gzip (without q=0).
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(token), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0"
		}
	}
	return false
}

// compressible are the content types worth compressing.
var compressible = []string{"text/", "application/json", "application/javascript", "application/xml", "image/svg+xml"}

// heldAnswer keeps an answer's status and body until the handler is done, or until it proves to be a download
// (larger than gzipMaxBuffered), from which point it passes through.
type heldAnswer struct {
	http.ResponseWriter
	buf         *bytes.Buffer
	code        int
	passThrough bool
}

func (w *heldAnswer) WriteHeader(code int) {
	if w.passThrough {
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.code = code
}

func (w *heldAnswer) Write(b []byte) (int, error) {
	if w.passThrough {
		return w.ResponseWriter.Write(b)
	}
	n, _ := w.buf.Write(b)
	if w.buf.Len() > gzipMaxBuffered {
		if err := w.letThrough(); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Flush is a no-op while the answer is held: templ flushes at the end of every page, which must not cost the page
// its compression. Once the answer passes through (a download), it flushes the connection.
func (w *heldAnswer) Flush() {
	if w.passThrough {
		_ = http.NewResponseController(w.ResponseWriter).Flush()
	}
}

// Unwrap lets echo and http.ResponseController reach the connection's writer.
func (w *heldAnswer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *heldAnswer) letThrough() error {
	w.passThrough = true
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
	_, err := w.buf.WriteTo(w.ResponseWriter)
	return err
}

// finish sends the held answer, compressed when it is text of gzipMinLength bytes or more. An answer with no
// status and no body is left for the error handler.
func (w *heldAnswer) finish(writers *[gzip.BestCompression + 1]sync.Pool, level func(string) int) {
	if w.passThrough || (w.code == 0 && w.buf.Len() == 0) {
		return
	}
	h := w.Header()
	if h.Get(echo.HeaderContentType) == "" && w.buf.Len() > 0 {
		h.Set(echo.HeaderContentType, http.DetectContentType(w.buf.Bytes()))
	}
	if w.buf.Len() < gzipMinLength || h.Get(echo.HeaderContentEncoding) != "" || !isCompressible(h.Get(echo.HeaderContentType)) {
		_ = w.letThrough()
		return
	}
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Del(echo.HeaderContentLength)
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
	pool := &writers[min(max(level(h.Get(echo.HeaderContentType)), gzip.BestSpeed), gzip.BestCompression)]
	gz := pool.Get().(*gzip.Writer)
	gz.Reset(w.ResponseWriter)
	_, _ = gz.Write(w.buf.Bytes())
	_ = gz.Close()
	gz.Reset(io.Discard)
	pool.Put(gz)
}

func isCompressible(contentType string) bool {
	for _, p := range compressible {
		if strings.HasPrefix(contentType, p) {
			return true
		}
	}
	return false
}
