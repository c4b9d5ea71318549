package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/core"
)

type product struct {
	SKU  string `json:"sku"`
	Name string `json:"name"`
	Qty  int    `json:"qty"`
	On   bool   `json:"on"`
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

type listQuery struct {
	core.PageRequest
	Name string `json:"name"`
}

// A list export reads the page call's filters from the address by their JSON names, asks for the whole query at
// once, writes the columns the user shows in their order, and refuses a query above core.MaxExportRows with a
// message saying so instead of a cut-short file.
func TestExportOfTheWholeQuery(t *testing.T) {
	var asked listQuery
	total := int64(2)
	list := func(_ context.Context, _ core.Principal, q listQuery) ([]product, int64, core.PageRequest, error) {
		asked = q
		return []product{{SKU: "A", Name: q.Name, Qty: 3, On: true}, {SKU: "B", Name: q.Name, Qty: 4}}, total, core.PageRequest{}, nil
	}
	x := api.Exporter{TimeZone: time.UTC, Columns: func(context.Context, core.Principal, string) ([]admin.Column, error) {
		return []admin.Column{{Ffield: "qty", Title: "数量", IsShow: true}, {Ffield: "sku", Title: "SKU"}, {Ffield: "on", Title: "启用", IsShow: true}}, nil
	}}
	e := echo.New()
	export := api.ExportOf(x, "测试", "testList", list, func(p *product) product { return *p })
	e.GET("/x", export)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x?name=%E8%80%B3%E6%9C%BA&pagesize=5", nil))
	if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Disposition"), url.PathEscape("测试_"+time.Now().UTC().Format(time.DateOnly))+".xlsx") {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	if asked.Name != "耳机" || asked.Normalized().Size != core.MaxExportRows || asked.Current != 1 {
		t.Fatalf("asked %+v", asked)
	}
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := f.GetRows(f.GetSheetName(0))
	if fmt.Sprint(got) != "[[数量 启用] [3 是] [4 否]]" {
		t.Fatalf("rows %v", got)
	}

	// The list's labels for raw values, as the table island sends them.
	rec = httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x?labels="+url.QueryEscape(`{"on":{"true":"启用中","false":"已停用"}}`), nil))
	f, err = excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := f.GetRows(f.GetSheetName(0)); fmt.Sprint(got) != "[[数量 启用] [3 启用中] [4 已停用]]" {
		t.Fatalf("labelled rows %v", got)
	}

	total = core.MaxExportRows + 1
	rec = httptest.NewRecorder()
	err = export(e.NewContext(httptest.NewRequest(http.MethodGet, "/x", nil), rec))
	if err == nil || err.Error() != "查询结果共100001条，超过导出上限100000条，请缩小查询范围后再导出" || rec.Body.Len() != 0 {
		t.Fatalf("%v %s", err, rec.Body)
	}
}

// Text that a spreadsheet program would take for a formula is exported with a leading ' so it stays text; numbers,
// negative ones included, stay numbers.
func TestXLSXExportKeepsFormulasText(t *testing.T) {
	e := echo.New()
	names := []string{"=HYPERLINK(\"http://x\",\"点我\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "-12.50", "普通名称"}
	want := []string{"'=HYPERLINK(\"http://x\",\"点我\")", "'+1+1", "'-2+3", "'@SUM(A1)", "'\t=1", "'\r=1", "-12.50", "普通名称"}
	cols := []api.ExportColumn[int]{
		{Title: "名称", Value: func(i int) any { return names[i] }},
		{Title: "数量", Value: func(i int) any { return -5 - i }},
		{Title: "金额", Value: func(i int) any { return -1.25 }},
	}
	rows := []int{0, 1, 2, 3, 4, 5, 6, 7}
	e.GET("/x", func(c *echo.Context) error { return api.XLSX(c, "本地产品", cols, rows) })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	for i := range rows {
		name, _ := excelize.CoordinatesToCellName(1, i+2)
		if got, _ := f.GetCellValue(sheet, name); got != want[i] {
			t.Errorf("%s: %q, want %q", name, got, want[i])
		}
		if formula, _ := f.GetCellFormula(sheet, name); formula != "" {
			t.Errorf("%s has the formula %q", name, formula)
		}
		for col, number := range map[int]string{2: fmt.Sprint(-5 - i), 3: "-1.25"} {
			cell, _ := excelize.CoordinatesToCellName(col, i+2)
			got, _ := f.GetCellValue(sheet, cell)
			typ, _ := f.GetCellType(sheet, cell)
			if got != number || (typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber) {
				t.Errorf("%s: %q of type %v, want the number %s", cell, got, typ, number)
			}
		}
	}
}
