package ship_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
)

// A workbook of 400,000 rows (about 2 MB, written as a stream) is refused at the import's row limit as soon as
// reading reaches it, not after the whole sheet is loaded.
func TestImportShipmentsRefusesAHugeSheetQuickly(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	f := excelize.NewFile()
	defer f.Close()
	w, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	head := make([]any, len(shipping.ShipmentImportColumns))
	for i, c := range shipping.ShipmentImportColumns {
		head[i] = c
	}
	w.SetRow("A1", head)
	for r := 2; r <= 400_001; r++ {
		cell, _ := excelize.CoordinatesToCellName(1, r)
		if err := w.SetRow(cell, []any{1}); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	apptest.Expect(t, upload(t, s.c, b.Bytes()), 400, "A0400", shipping.MsgShipmentImportTooMany)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("refused after %s", took)
	}
}
