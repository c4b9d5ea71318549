package amazon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// TSVReader reads an Amazon flat-file report (tab-separated, a header line naming the columns) one line at a
// time, so a report of any size is never held whole in memory. Amazon's flat files quote nothing: a field is
// everything between two tabs. Columns are found by the header's names, so a report that adds or reorders
// columns still reads; a Japanese name is found by Amazon's English one (japaneseColumns).
type TSVReader struct {
	sc      *bufio.Scanner
	header  []string
	columns map[string]int
	line    int
}

// maxReportLine bounds one line of a report (a listing's description can be long).
const maxReportLine = 1 << 20

// NewTSVReader reads the header line of r (UTF-8; decode other encodings first). An empty file has no header
// and reads as a report without lines.
func NewTSVReader(r io.Reader) (*TSVReader, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxReportLine)
	t := &TSVReader{sc: sc, columns: map[string]int{}}
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("report header: %w", err)
		}
		return t, nil
	}
	t.line = 1
	head := strings.TrimPrefix(strings.TrimRight(sc.Text(), "\r"), "\ufeff")
	t.header = strings.Split(head, "\t")
	for i, name := range t.header {
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

// Get returns the named column's value, trimmed; "" when the column is absent or the line is short.
func (r TSVRow) Get(column string) string {
	i, ok := r.columns[strings.ToLower(column)]
	if !ok || i >= len(r.fields) {
		return ""
	}
	return strings.TrimSpace(r.fields[i])
}

// Next returns the next non-blank line; io.EOF after the last one.
func (t *TSVReader) Next() (TSVRow, error) {
	for t.sc.Scan() {
		t.line++
		text := strings.TrimRight(t.sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		return TSVRow{fields: strings.Split(text, "\t"), columns: t.columns, Line: t.line}, nil
	}
	if err := t.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return TSVRow{}, fmt.Errorf("report line %d is longer than %d bytes", t.line+1, maxReportLine)
		}
		return TSVRow{}, err
	}
	return TSVRow{}, io.EOF
}
