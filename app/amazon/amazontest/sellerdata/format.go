package sellerdata

import (
	"io"
	"math/bits"
	"strconv"
	"strings"
	"time"
)

// The date formats of Amazon's flat files.
const (
	isoLayout        = "2006-01-02T15:04:05-07:00" // orders, returns: 2026-10-01T08:15:30+00:00
	settlementLayout = "2006-01-02 15:04:05 UTC"   // settlements' dates and posted-date-time
	postedLayout     = "2006-01-02"
	openLayout       = "2006-01-02 15:04:05 MST" // listings' open-date in the marketplace's zone
)

// appendMinor writes an amount of minor units with dec decimals: 1999, 2 -> "19.99"; -5, 2 -> "-0.05".
func appendMinor(b []byte, v int64, dec int32) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	if dec == 0 {
		return strconv.AppendInt(b, v, 10)
	}
	unit := int64(1)
	for range dec {
		unit *= 10
	}
	b = strconv.AppendInt(b, v/unit, 10)
	b = append(b, '.')
	frac := v % unit
	for d := unit / 10; d > 0; d /= 10 {
		b = append(b, byte('0'+frac/d%10))
	}
	return b
}

// appendISO writes a UTC time as the orders and returns reports do, with its +00:00 offset (isoLayout, by hand:
// the orders benchmark writes two per line).
func appendISO(b []byte, t time.Time) []byte {
	t = t.UTC()
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	b = appendDigits(b, uint64(y), 4)
	b = append(b, '-')
	b = appendDigits(b, uint64(mo), 2)
	b = append(b, '-')
	b = appendDigits(b, uint64(d), 2)
	b = append(b, 'T')
	b = appendDigits(b, uint64(h), 2)
	b = append(b, ':')
	b = appendDigits(b, uint64(mi), 2)
	b = append(b, ':')
	b = appendDigits(b, uint64(s), 2)
	return append(b, "+00:00"...)
}

// tsvLine writes the fields of one line, tab-separated, with a newline.
func tsvLine(b []byte, fields ...string) []byte {
	for i, f := range fields {
		if i > 0 {
			b = append(b, '\t')
		}
		b = append(b, f...)
	}
	return append(b, '\n')
}

func header(cols []string) []byte { return []byte(strings.Join(cols, "\t") + "\n") }

// chunkReader streams a report: next appends the following lines to the buffer (a day's orders, a product)
// and says false once there are no more, so a report is never built whole.
type chunkReader struct {
	buf  []byte
	pos  int
	next func(b []byte) ([]byte, bool)
	done bool
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for c.pos == len(c.buf) {
		if c.done {
			return 0, io.EOF
		}
		var more bool
		c.buf, more = c.next(c.buf[:0])
		c.pos = 0
		c.done = !more
	}
	n := copy(p, c.buf[c.pos:])
	c.pos += n
	return n, nil
}

// permute maps n < 10^14 to a 14-digit number one-to-one (multiplying by a number prime to 10 modulo 10^14),
// so sequential ids come out looking random yet never repeat.
func permute(n, salt uint64) uint64 {
	const mod = 100_000_000_000_000
	hi, lo := bits.Mul64((n+salt)%mod, 6_364_136_223_846_793)
	return bits.Rem64(hi, lo, mod)
}

// appendDigits writes v with exactly width digits, zero-padded.
func appendDigits(b []byte, v uint64, width int) []byte {
	start := len(b)
	for range width {
		b = append(b, '0')
	}
	for i := len(b) - 1; i >= start; i-- {
		b[i] = byte('0' + v%10)
		v /= 10
	}
	return b
}
