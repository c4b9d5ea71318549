package purchase_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

// The order list finds by number, supplier and state, newest first, and exports the whole query as
// 采购单_<date>.xlsx in the list's columns, amounts as numbers.
func TestOrderListFiltersAndExports(t *testing.T) {
	h := apptest.Start(t)
	f := newFixture(t, h, "13700000001", "甲公司")
	first, firstNumber := f.create(t, "CNY", "receipt", pl{f.a, "2.50", "", 4})
	second := f.ordered(t, pl{f.b, "1", "", 3})
	list := func(body map[string]any) page[order] {
		t.Helper()
		env := f.c.Call(http.MethodPost, v1+"purchaseOrder/page", body)
		apptest.ExpectOK(t, env)
		var p page[order]
		env.Into(t, &p)
		return p
	}
	if p := list(map[string]any{}); p.Total != 2 || p.Records[0].ID != second || p.Records[1].ID != first ||
		p.Records[1].TotalAmount != "10.00" || p.Records[0].StatusName != "待收货" {
		t.Fatalf("all = %+v", p)
	}
	if p := list(map[string]any{"status": "0"}); p.Total != 1 || p.Records[0].ID != first {
		t.Fatalf("drafts = %+v", p)
	}
	if p := list(map[string]any{"number": firstNumber[len(firstNumber)-6:]}); p.Total != 1 || p.Records[0].Number != firstNumber {
		t.Fatalf("by number = %+v", p)
	}
	if p := list(map[string]any{"supplierId": "123"}); p.Total != 0 {
		t.Fatalf("by another supplier = %+v", p)
	}
	if p := list(map[string]any{"supplierId": f.supplier}); p.Total != 2 {
		t.Fatalf("by supplier = %+v", p)
	}
	resp, body := f.c.Raw(http.MethodGet, v1+"purchaseOrder/export?status=0", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheetml") {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	_, name, _ := strings.Cut(resp.Header.Get("Content-Disposition"), "filename*=UTF-8''")
	if name, _ = url.PathUnescape(name); !strings.HasPrefix(name, "采购单_") || !strings.HasSuffix(name, ".xlsx") {
		t.Fatalf("file name %q", name)
	}
	x, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows(x.GetSheetName(0))
	if len(rows) != 2 || rows[0][0] != "采购单号" || rows[1][0] != firstNumber || rows[1][1] != "义乌工厂" {
		t.Fatalf("sheet = %v", rows)
	}
}
