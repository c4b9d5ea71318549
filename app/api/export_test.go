package api_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/api"
)

type product struct {
	SKU  string
	Name string
	Qty  int
}

func TestXLSXExportReadsBack(t *testing.T) {
	e := echo.New()
	rows := make([]product, 0, 1200)
	for i := range 1200 {
		rows = append(rows, product{SKU: "SKU-" + strings.Repeat("0", 4-len(itoa(i))) + itoa(i), Name: "产品", Qty: i})
	}
	cols := []api.ExportColumn[product]{
		{Title: "SKU", Value: func(p product) any { return p.SKU }},
		{Title: "名称", Value: func(p product) any { return p.Name }},
		{Title: "数量", Value: func(p product) any { return p.Qty }},
	}
	e.GET("/x", func(c *echo.Context) error { return api.XLSX(c, "本地产品", cols, rows) })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Disposition"), "%E6%9C%AC%E5%9C%B0%E4%BA%A7%E5%93%81.xlsx") {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1201 || got[0][1] != "名称" || got[1][0] != "SKU-0000" || got[1200][2] != "1199" {
		t.Fatalf("rows %d, first %v, last %v", len(got), got[:2], got[len(got)-1])
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
