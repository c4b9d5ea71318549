package amazondata

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"sellerhub/app/amazon"
)

// keyedLines is a report of n lines "key\tvalue", the key of line i being i.
func keyedLines(t *testing.T, n int, value func(i int) string) *amazon.TSVReader {
	t.Helper()
	var b strings.Builder
	b.WriteString("key\tvalue\n")
	for i := range n {
		fmt.Fprintf(&b, "%d\t%s\n", i, value(i))
	}
	r, err := amazon.NewTSVReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func readKeyed(row amazon.TSVRow) (string, string, error) {
	if row.Get("value") == "bad" {
		return "", "", errors.New("bad line")
	}
	return row.Get("value"), row.Get("key"), nil
}

// The overlapped reading writes the batches in the file's order, tells the progress after each, and ends with
// the reader when a batch cannot be written: nothing after it is written, and it reads at most the two batches
// beyond it that the pipeline holds.
func TestReadLatestOverlapped(t *testing.T) {
	n := 3*batchLines + 10
	var got []string
	var told []int
	res, err := readLatestOverlapped(keyedLines(t, n, func(i int) string { return fmt.Sprint(i) }),
		func(lines int) { told = append(told, lines) }, readKeyed, func(rows []string) (int64, error) {
			got = append(got, rows...)
			return int64(len(rows)), nil
		})
	if err != nil || res.Lines != n || res.Written != n || len(got) != n {
		t.Fatalf("%+v, %v, %d rows", res, err, len(got))
	}
	for i, v := range got {
		if v != fmt.Sprint(i) {
			t.Fatalf("row %d is %s: out of order", i, v)
		}
	}
	if fmt.Sprint(told) != fmt.Sprint([]int{batchLines, 2 * batchLines, 3 * batchLines, n}) {
		t.Fatalf("progress told %v", told)
	}

	failed := errors.New("write failed")
	batches := 0
	res, err = readLatestOverlapped(keyedLines(t, 10*batchLines, func(i int) string { return fmt.Sprint(i) }),
		func(int) {}, readKeyed, func(rows []string) (int64, error) {
			batches++
			if batches == 2 {
				return 0, failed
			}
			return int64(len(rows)), nil
		})
	if !errors.Is(err, failed) || batches != 2 || res.Written != batchLines || res.Lines > 5*batchLines {
		t.Fatalf("a failed write: %+v, %v after %d batches", res, err, batches)
	}

	// A line that cannot be read: the batches before it are written, its own is not.
	var written []string
	res, err = readLatestOverlapped(keyedLines(t, 3*batchLines, func(i int) string {
		if i == batchLines+3 {
			return "bad"
		}
		return fmt.Sprint(i)
	}), func(int) {}, readKeyed, func(rows []string) (int64, error) {
		written = append(written, rows...)
		return int64(len(rows)), nil
	})
	if err == nil || err.Error() != "bad line" || len(written) != batchLines || res.Lines != batchLines+4 {
		t.Fatalf("a bad line: %+v, %v, %d written", res, err, len(written))
	}

	// A panic while reading is the import's error, not the process's end.
	_, err = readLatestOverlapped(keyedLines(t, 10, func(i int) string { return fmt.Sprint(i) }), func(int) {},
		func(row amazon.TSVRow) (string, string, error) { panic("reader broke") },
		func(rows []string) (int64, error) { t.Fatal("wrote after a panic"); return 0, nil })
	if err == nil || !strings.Contains(err.Error(), "reader broke") {
		t.Fatalf("a panic while reading: %v", err)
	}
}
