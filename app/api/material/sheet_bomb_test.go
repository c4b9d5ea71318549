package material_test

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
)

// bigSheet is a workbook of the header and rows rows of one number each, written as a stream: 400,000 rows make
// about 2 MB.
func bigSheet(t *testing.T, header []any, rows int) []byte {
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

// A workbook of 400,000 rows is refused at the import's row limit as soon as reading reaches it, not after the
// whole sheet is loaded.
func TestProductsImportRefusesAHugeSheetQuickly(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	bomb := bigSheet(t, header, 400_000)
	start := time.Now()
	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", bomb), http.StatusBadRequest, "A0400", catalog.MsgImportTooMany)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("refused after %s", took)
	}
}
