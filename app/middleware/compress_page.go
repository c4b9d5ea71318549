package middleware

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"strconv"
	"sync"

	"github.com/klauspost/compress/flate"
	"github.com/labstack/echo/v5"
)

const (
	// pageCacheEntries bounds how many pages a PageCompressor keeps compressed.
	pageCacheEntries = 32
)

// PageCompressor sends pages whose only part that changes between requests is a secret (the form's CSRF token,
// new for each first visit) compressed without compressing them on every request: the parts around the secret
// are compressed once, each on its own, and each answer is those parts with the secret between them in a stored
// (uncompressed) block. The result is one ordinary gzip stream: every compressed part ends on a byte boundary (a
// sync flush), which is where a stored block may start, and no part refers back into another. A page is reused
// only when its parts are byte for byte the same as the kept ones, so an answer is never another page's.
type PageCompressor struct {
	level int
	// maxBytes is the largest page kept: 32 of them are the most memory the compressor holds.
	maxBytes int
	seed     maphash.Seed
	writers  sync.Pool
	mu       sync.Mutex
	pages    map[uint64]*compressedPage
}

// compressedPage is a page's parts around its secret, as rendered and as compressed; the last part is compressed
// with the stream's final block.
type compressedPage struct {
	plain    [][]byte
	deflated [][]byte
}

// NewPageCompressor compresses pages at level, keeping those of up to maxBytes; larger ones are left to the Gzip
// middleware.
func NewPageCompressor(level, maxBytes int) *PageCompressor {
	pc := &PageCompressor{level: level, maxBytes: maxBytes, seed: maphash.MakeSeed(), pages: map[uint64]*compressedPage{}}
	pc.writers.New = func() any {
		w, _ := flate.NewWriter(nil, level)
		return w
	}
	return pc
}

// gzipHeader is gzip's member header without a name or time, the way compress/gzip writes it.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// Write sends page with status, gzipped when the client accepts gzip and the page holds secret, and otherwise as
// it is (the Gzip middleware then compresses it as any answer).
func (pc *PageCompressor) Write(c *echo.Context, status int, page []byte, secret string) error {
	w := c.Response()
	if secret == "" || len(page) > pc.maxBytes || !acceptsGzip(c.Request().Header.Get(echo.HeaderAcceptEncoding)) ||
		!bytes.Contains(page, []byte(secret)) {
		w.WriteHeader(status)
		_, err := w.Write(page)
		return err
	}
	out := pc.gzip(page, secret)
	h := w.Header()
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(out)))
	w.WriteHeader(status)
	_, err := w.Write(out)
	return err
}

// gzip is page as one gzip member, its parts around secret ("" for none) from the kept compression.
func (pc *PageCompressor) gzip(page []byte, secret string) []byte {
	parts := [][]byte{page}
	if secret != "" {
		parts = bytes.Split(page, []byte(secret))
	}
	cp := pc.compressed(parts)
	out := make([]byte, 0, len(gzipHeader)+8+len(parts)*(len(secret)+5)+totalLen(cp.deflated))
	out = append(out, gzipHeader...)
	for i, d := range cp.deflated {
		out = append(out, d...)
		if i < len(cp.deflated)-1 {
			out = append(out, 0) // a stored block, not the last: its 3 header bits, then padding to the byte
			out = binary.LittleEndian.AppendUint16(out, uint16(len(secret)))
			out = binary.LittleEndian.AppendUint16(out, ^uint16(len(secret)))
			out = append(out, secret...)
		}
	}
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(page))
	return binary.LittleEndian.AppendUint32(out, uint32(len(page)))
}

// compressed returns the kept compression of parts, compressing and keeping it when it is not kept yet.
func (pc *PageCompressor) compressed(parts [][]byte) *compressedPage {
	var mh maphash.Hash
	mh.SetSeed(pc.seed)
	for _, p := range parts {
		_, _ = mh.Write(p)
		_ = mh.WriteByte(0)
	}
	key := mh.Sum64()
	pc.mu.Lock()
	cp := pc.pages[key]
	pc.mu.Unlock()
	if cp != nil && samePlain(cp.plain, parts) {
		return cp
	}
	cp = &compressedPage{}
	fw := pc.writers.Get().(*flate.Writer)
	defer pc.writers.Put(fw)
	for i, p := range parts {
		var buf bytes.Buffer
		fw.Reset(&buf)
		_, _ = fw.Write(p)
		if i < len(parts)-1 {
			_ = fw.Flush()
		} else {
			_ = fw.Close()
		}
		cp.plain = append(cp.plain, bytes.Clone(p))
		cp.deflated = append(cp.deflated, buf.Bytes())
	}
	pc.mu.Lock()
	if len(pc.pages) >= pageCacheEntries {
		for k := range pc.pages {
			delete(pc.pages, k)
			break
		}
	}
	pc.pages[key] = cp
	pc.mu.Unlock()
	return cp
}

func samePlain(kept, parts [][]byte) bool {
	if len(kept) != len(parts) {
		return false
	}
	for i := range kept {
		if !bytes.Equal(kept[i], parts[i]) {
			return false
		}
	}
	return true
}

func totalLen(bs [][]byte) int {
	n := 0
	for _, b := range bs {
		n += len(b)
	}
	return n
}
