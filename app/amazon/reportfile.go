package amazon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TSVReader reads an Amazon flat-file report (tab-separated, a header line naming the columns) one line at a
// time, so a report of any size is never held whole in memory. Amazon's flat files quote nothing: a field is
// everything between two tabs. Columns are found by the header's names, so a report that adds or reorders
// columns still reads; a Japanese name is found by Amazon's English one (japaneseColumns).
type TSVReader struct {
	sc       *bufio.Scanner
	header   []string
	columns  map[string]int
	line     int
	maxLines int
	// quoted: the header's names are in double quotes, as the inventory ledger reports write every field; the
	// fields are then unquoted as they are read.
	quoted bool
}

// maxReportLine bounds one line of a report (a listing's description can be long).
const maxReportLine = 1 << 20

// A report's size is bounded, so that a file that unzips to gigabytes of blank lines (a gzip bomb) is refused in
// seconds instead of holding a worker: a year of a large store's orders is about 2 GB and 3 million lines.
const (
	MaxReportBytes = 4 << 30
	MaxReportLines = 10_000_000
)

// ErrReportTooLarge is a report past MaxReportBytes or MaxReportLines, blank lines counted.
var ErrReportTooLarge = errors.New("amazon: report file larger than 4 GiB or 10,000,000 lines")

// NewTSVReader reads the header line of r (UTF-8; decode other encodings first). An empty file has no header
// and reads as a report without lines. Past MaxReportBytes or MaxReportLines, reading fails with
// ErrReportTooLarge.
func NewTSVReader(r io.Reader) (*TSVReader, error) {
	return newTSVReader(r, MaxReportBytes, MaxReportLines)
}

func newTSVReader(r io.Reader, maxBytes int64, maxLines int) (*TSVReader, error) {
	sc := bufio.NewScanner(&cappedReader{r: r, left: maxBytes})
	sc.Buffer(make([]byte, 0, 64<<10), maxReportLine)
	t := &TSVReader{sc: sc, columns: map[string]int{}, maxLines: maxLines}
	if !t.scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("report header: %w", err)
		}
		return t, nil
	}
	t.line = 1
	head := strings.TrimPrefix(strings.TrimRight(sc.Text(), "\r"), "\ufeff")
	t.header = strings.Split(head, "\t")
	t.quoted = len(t.header) > 0 && isQuoted(t.header[0])
	for i, name := range t.header {
		if t.quoted {
			name = unquote(name)
			t.header[i] = name
		}
		t.columns[columnKey(name)] = i
	}
	return t, nil
}

// Header is the report's column names as written.
func (t *TSVReader) Header() []string { return t.header }

// Has tells whether the report has a column of that name (case-insensitive).
func (t *TSVReader) Has(column string) bool {
	_, ok := t.columns[strings.ToLower(column)]
	return ok
}

// TSVRow is one line of a report.
type TSVRow struct {
	fields  []string
	columns map[string]int
	// Line is the line's number in the file, the header being line 1.
	Line int
}

// Get returns the named column's value, trimmed and without control characters (a NUL is stored by SQLite and
// refused by PostgreSQL); "" when the column is absent or the line is short.
func (r TSVRow) Get(column string) string {
	i, ok := r.columns[strings.ToLower(column)]
	if !ok || i >= len(r.fields) {
		return ""
	}
	return strings.TrimSpace(withoutControls(r.fields[i]))
}

// withoutControls drops C0 and C1 control characters and DEL. Most values have none and are returned as they are.
func withoutControls(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c == 0xc2 {
			return strings.Map(func(r rune) rune {
				if unicode.IsControl(r) {
					return -1
				}
				return r
			}, s)
		}
	}
	return s
}

// Next returns the next non-blank line; io.EOF after the last one.
func (t *TSVReader) Next() (TSVRow, error) {
	for t.scan() {
		if t.line >= t.maxLines {
			return TSVRow{}, ErrReportTooLarge
		}
		t.line++
		text := strings.TrimRight(t.sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		if !utf8.ValidString(text) {
			return TSVRow{}, fmt.Errorf("report line %d: %w", t.line, ErrReportEncoding)
		}
		fields := strings.Split(text, "\t")
		if t.quoted {
			for i, f := range fields {
				fields[i] = unquote(f)
			}
		}
		return TSVRow{fields: fields, columns: t.columns, Line: t.line}, nil
	}
	if err := t.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return TSVRow{}, fmt.Errorf("report line %d is longer than %d bytes", t.line+1, maxReportLine)
		}
		return TSVRow{}, err
	}
	return TSVRow{}, io.EOF
}

// scan reads the next line; a line cut short by a failed read (a truncated .gz) is not one: the read's error is
// what the caller gets, not a line missing its end.
func (t *TSVReader) scan() bool {
	return t.sc.Scan() && t.sc.Err() == nil
}

// cappedReader reads r until left bytes are read, then fails with ErrReportTooLarge.
type cappedReader struct {
	r    io.Reader
	left int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, ErrReportTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// isQuoted tells a field written in double quotes.
func isQuoted(f string) bool {
	f = strings.TrimSpace(f)
	return len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"'
}

// unquote takes a quoted field's value: without its quotes, a doubled quote inside read as one. A field not in
// quotes is as written.
func unquote(f string) string {
	if !isQuoted(f) {
		return f
	}
	f = strings.TrimSpace(f)
	return strings.ReplaceAll(f[1:len(f)-1], `""`, `"`)
}
