package middleware

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
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

// Gzip compresses the answers of clients that accept gzip, with klauspost/compress: at the levels the answers use it
// compressed two to three times faster than the standard library, to the same size or smaller (app.go's
// responseGzipLevel has the figures). Unlike a streaming compressor, it holds the answer until the handler is done
// and compresses it in one go: a gzip writer (0.5-1.4 MB of tables by level) is then held for the microseconds of
// compressing rather than for the whole request, so the writers in use follow the cores, not the connections (200
// clients of menus/route held 200 of them, 86% of the heap). Only text is compressed; pictures and spreadsheets
// already are. level tells the level for an answer's content type; skip leaves a request alone.
func Gzip(level func(contentType string) int, skip func(*echo.Context) bool) echo.MiddlewareFunc {
	var writers [gzip.BestCompression + 1]sync.Pool
	for l := range writers {
		writers[l].New = func() any {
			w, _ := gzip.NewWriterLevel(io.Discard, l)
			return w
		}
	}
	buffers := sync.Pool{New: func() any { return new(bytes.Buffer) }}
	// The answers kept compressed (JSON) are at JSON's level: with more users than kept answers, each is compressed
	// again when it comes back, and a slower level would then cost more than it saved.
	// menus/route of a user with 300 entries is 70 KB.
	kept := NewPageCompressor(level(echo.MIMEApplicationJSON), 256<<10)
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
			w := &heldAnswer{ResponseWriter: rw, buf: buf, writers: &writers, level: level}
			c.SetResponse(w)
			defer func() {
				// The error handler, which runs after, answers on the connection itself.
				c.SetResponse(rw)
				if keep, _ := c.Get(keepCompressedKey).(bool); keep {
					w.kept = kept
				}
				w.finish()
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
// (larger than gzipMaxBuffered), from which point it passes through, or until the handler flushes with more to
// come, from which point it streams compressed.
type heldAnswer struct {
	http.ResponseWriter
	buf         *bytes.Buffer
	code        int
	passThrough bool
	writers     *[gzip.BestCompression + 1]sync.Pool
	level       func(string) int
	// gz is the streaming compressor once a flush started the answer; pool is where it goes back.
	gz   *gzip.Writer
	pool *sync.Pool
	// kept compresses the answer when its handler said that many requests get it byte for byte.
	kept *PageCompressor
}

const keepCompressedKey = "keepCompressed"

// KeepCompressed tells the Gzip middleware that this answer is one that many requests get byte for byte (a
// user's menu, until it changes): its compression is kept and reused, for as long as the answer is the same.
func KeepCompressed(c *echo.Context) {
	c.Set(keepCompressedKey, true)
}

func (w *heldAnswer) WriteHeader(code int) {
	if w.passThrough {
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.code = code
}

func (w *heldAnswer) Write(b []byte) (int, error) {
	if w.gz != nil {
		return w.gz.Write(b)
	}
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

// Flush sends what the handler wrote so far, as a page that shows a notice before slow work asks (the consent
// result's 授权进行中): the held part goes out compressed and the rest of the answer streams through the same
// compressor, flushed at each Flush; the compressor is held only from the first flush to the end of the answer.
// A flush with nothing written does nothing.
func (w *heldAnswer) Flush() {
	switch {
	case w.gz != nil:
		_ = w.gz.Flush()
	case w.passThrough:
	case w.buf.Len() == 0:
		return
	case !w.startStreaming():
		_ = w.letThrough()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// startStreaming sends the headers and the held part through a compressor that stays open for the rest of the
// answer; false when the answer is not text worth compressing.
func (w *heldAnswer) startStreaming() bool {
	h := w.Header()
	if h.Get(echo.HeaderContentType) == "" {
		h.Set(echo.HeaderContentType, http.DetectContentType(w.buf.Bytes()))
	}
	if h.Get(echo.HeaderContentEncoding) != "" || !isCompressible(h.Get(echo.HeaderContentType)) {
		return false
	}
	w.gz, w.pool = w.compressor()
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
	_, _ = w.gz.Write(w.buf.Bytes())
	w.buf.Reset()
	_ = w.gz.Flush()
	return true
}

// compressor takes a gzip writer of the answer's level onto the connection, with the headers that say so.
func (w *heldAnswer) compressor() (*gzip.Writer, *sync.Pool) {
	h := w.Header()
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Del(echo.HeaderContentLength)
	pool := &w.writers[min(max(w.level(h.Get(echo.HeaderContentType)), gzip.BestSpeed), gzip.BestCompression)]
	gz := pool.Get().(*gzip.Writer)
	gz.Reset(w.ResponseWriter)
	return gz, pool
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

// finish sends the held answer, compressed when it is text of gzipMinLength bytes or more, or closes the stream a
// flush started. An answer with no status and no body is left for the error handler.
func (w *heldAnswer) finish() {
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(io.Discard)
		w.pool.Put(w.gz)
		w.gz = nil
		return
	}
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
	if w.kept != nil && w.buf.Len() <= w.kept.maxBytes {
		out := w.kept.gzip(w.buf.Bytes(), "")
		h.Set(echo.HeaderContentEncoding, "gzip")
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(out)))
		if w.code != 0 {
			w.ResponseWriter.WriteHeader(w.code)
		}
		_, _ = w.ResponseWriter.Write(out)
		return
	}
	gz, pool := w.compressor()
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
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
