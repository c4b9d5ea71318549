package catalog_test

import (
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
)

// A workbook of 400,000 rows is refused at the import's row limit as soon as reading reaches it, not after the
// whole sheet is loaded.
func TestProductsImportRefusesAHugeSheetQuickly(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	bomb := apptest.TallWorkbook(t, header, 400_000)
	start := time.Now()
	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", bomb), http.StatusBadRequest, "A0400", catalog.MsgImportTooMany)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("refused after %s", took)
	}
}
