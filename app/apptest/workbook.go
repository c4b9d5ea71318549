package apptest

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TallWorkbook is a workbook of the header and rows rows of one number each, written as a stream so that the test's
// own workbook costs little: 400,000 rows make about 2 MB, an import bomb within the routes' body limit.
func TallWorkbook(t testing.TB, header []any, rows int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	w, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.SetRow("A1", header); err != nil {
		t.Fatal(err)
	}
	for r := 2; r <= rows+1; r++ {
		cell, _ := excelize.CoordinatesToCellName(1, r)
		if err := w.SetRow(cell, []any{1}); err != nil {
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
