package core

import (
	"bytes"
	"errors"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// sheetOf is a workbook of rows rows of cells cells each, written as a stream so that the test's own workbook
// costs little.
func sheetOf(t *testing.T, rows, cells int, value any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	w, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	row := make([]any, cells)
	for i := range row {
		row[i] = value
	}
	for r := 1; r <= rows; r++ {
		cell, _ := excelize.CoordinatesToCellName(1, r)
		if err := w.SetRow(cell, row); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// peakHeap runs do and answers the most the heap's live objects grew to above where they were before, sampled
// every few milliseconds.
func peakHeap(do func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	runtime.GC()
	base, peak := read(), uint64(0)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			peak = max(peak, read())
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	})
	do()
	close(stop)
	wg.Wait()
	if peak < base {
		return 0
	}
	return peak - base
}

// A workbook of 400,000 rows is refused at the import's limit as reading gets there, without reading the rest
// of the sheet into memory.
func TestSheetRowsStopsAtTheLimit(t *testing.T) {
	bomb := sheetOf(t, 400_000, 1, 1)
	t.Logf("workbook of %d bytes", len(bomb))
	var err error
	var took time.Duration
	grew := peakHeap(func() {
		start := time.Now()
		_, err = SheetRows(bytes.NewReader(bomb), 5000, "bad", "一次最多导入5000行")
		took = time.Since(start)
	})
	t.Logf("refused in %s, heap grew %d MB", took, grew>>20)
	var ce *Error
	if !errors.As(err, &ce) || ce.Msg != "一次最多导入5000行" {
		t.Fatalf("answered %v", err)
	}
	if took > 5*time.Second || grew > 64<<20 {
		t.Fatalf("took %s and %d MB of heap", took, grew>>20)
	}
}

// A workbook that unzips to more than MaxSheetUnzipped is refused before its sheet is read.
func TestSheetRowsRefusesWhatUnzipsTooBig(t *testing.T) {
	bomb := sheetOf(t, 300, 100, strings.Repeat("填", 400))
	start := time.Now()
	_, err := SheetRows(bytes.NewReader(bomb), 5000, "bad", "too many")
	var ce *Error
	if !errors.As(err, &ce) || ce.Msg != MsgSheetTooBig {
		t.Fatalf("answered %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("took %s", took)
	}
}

// Rows come as GetRows gives them: the header first, a row's cells up to its last filled one, an empty row in the
// middle kept, empty rows at the end dropped; the limit counts filled rows.
func TestSheetRowsReadsAsGetRows(t *testing.T) {
	f := excelize.NewFile()
	for cell, v := range map[string]string{"A1": "SKU", "B1": "名称", "A2": "a", "B4": "b", "C9": " "} {
		f.SetCellValue("Sheet1", cell, v)
	}
	var b bytes.Buffer
	f.Write(&b)
	got, err := SheetRows(bytes.NewReader(b.Bytes()), 2, "bad", "too many")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := f.GetRows("Sheet1")
	if len(got) != len(want) || strings.Join(got[3], "|") != "|b" || len(got[2]) != 0 {
		t.Fatalf("got %q, GetRows %q", got, want)
	}
	if _, err := SheetRows(bytes.NewReader(b.Bytes()), 1, "bad", "too many"); err == nil || err.Error() != "too many" {
		t.Fatalf("limit 1: %v", err)
	}
	if _, err := SheetRows(strings.NewReader("not a workbook"), 1, "bad", "too many"); err == nil || err.Error() != "bad" {
		t.Fatalf("not a workbook: %v", err)
	}
}
