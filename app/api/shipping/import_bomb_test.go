package shipping_test

import (
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
)

// A workbook of 400,000 rows (about 2 MB, written as a stream) is refused at the import's row limit as soon as
// reading reaches it, not after the whole sheet is loaded.
func TestImportShipmentsRefusesAHugeSheetQuickly(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	head := make([]any, len(shipping.ShipmentImportColumns))
	for i, c := range shipping.ShipmentImportColumns {
		head[i] = c
	}
	bomb := apptest.TallWorkbook(t, head, 400_000)
	start := time.Now()
	apptest.Expect(t, upload(t, s.c, bomb), 400, "A0400", shipping.MsgShipmentImportTooMany)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("refused after %s", took)
	}
}
