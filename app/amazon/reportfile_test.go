package amazon

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// gzipBomb is a report's header followed by as many copies of fill as the reader reads, gzipped as it is read: the
// bomb is never whole anywhere, in memory or on disk. Closing the reader stops the writing.
func gzipBomb(fill []byte) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestCompression)
		block := bytes.Repeat(fill, (1<<20)/len(fill))
		_, err := zw.Write([]byte("sku\tquantity\n"))
		for err == nil {
			_, err = zw.Write(block)
		}
		pw.CloseWithError(err)
	}()
	return pr
}

// readAll reads a report to its end or its first failure, counting the lines that came out.
func readAll(t *TSVReader) (int, error) {
	n := 0
	for {
		_, err := t.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}

// A file that unzips to endless blank lines is refused once it has read MaxReportLines lines, blank ones counted,
// in a few seconds.
func TestReportOfEndlessBlankLinesIsRefused(t *testing.T) {
	bomb := gzipBomb([]byte("\n"))
	defer bomb.Close()
	start := time.Now()
	zr, err := gzip.NewReader(bomb)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewTSVReader(zr)
	if err != nil {
		t.Fatal(err)
	}
	n, err := readAll(r)
	if !errors.Is(err, ErrReportTooLarge) || n != 0 {
		t.Fatalf("read %d lines, then %v", n, err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("refused after %s", took)
	}
}

// A file that unzips to more bytes than the limit is refused once it has read them, even in few lines.
func TestReportPastItsSizeIsRefused(t *testing.T) {
	bomb := gzipBomb(append(bytes.Repeat([]byte(" "), maxReportLine-1), '\n'))
	defer bomb.Close()
	zr, err := gzip.NewReader(bomb)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newTSVReader(zr, 64<<20, MaxReportLines)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := readAll(r); !errors.Is(err, ErrReportTooLarge) || n != 0 || r.line > 64 {
		t.Fatalf("read %d lines (%d scanned), then %v", n, r.line, err)
	}
}

// A cut-off .gz ends in the gzip reader's io.ErrUnexpectedEOF, not in a last line missing its end.
func TestCutOffReportSaysSo(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte("sku\tpurchase-date\n"))
	for i := range 2000 {
		zw.Write([]byte("SKU-" + strings.Repeat("x", i%50) + "\t2026-10-01T08:15:30+00:00\n"))
	}
	zw.Close()
	cut := b.Bytes()[:b.Len()/2]
	zr, err := gzip.NewReader(bytes.NewReader(cut))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewTSVReader(zr)
	if err != nil {
		t.Fatal(err)
	}
	for {
		row, err := r.Next()
		if err != nil {
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("ended with %v", err)
			}
			return
		}
		if !strings.HasSuffix(row.Get("purchase-date"), "+00:00") {
			t.Fatalf("line %d read cut short: %q", row.Line, row.Get("purchase-date"))
		}
	}
}

// The inventory ledger reports quote every field, header included: the values are read without the quotes.
func TestTSVReaderQuotedFields(t *testing.T) {
	r, err := NewTSVReader(strings.NewReader("\"Date\"\t\"FNSKU\"\t\"Title\"\t\"Quantity\"\n\"05/13/2026\"\t\"X001\"\t\"A \"\"big\"\" box\"\t\"-2\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Has("fnsku") || r.Header()[0] != "Date" {
		t.Fatalf("header %q", r.Header())
	}
	row, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if row.Get("date") != "05/13/2026" || row.Get("title") != `A "big" box` || row.Get("quantity") != "-2" {
		t.Fatalf("row %q %q %q", row.Get("date"), row.Get("title"), row.Get("quantity"))
	}
}
