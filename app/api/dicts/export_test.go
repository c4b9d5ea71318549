package dicts_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

func TestItemsExportHasTheWholeQueryAndOnlyTheCompanysRows(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲")
	createDict(t, a, "尺码", "size")
	for i, v := range []string{"S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL", "6XL", "7XL", "8XL", "9XL"} {
		createItem(t, a, "size", v+"码", v, i)
	}
	b := h.SignedIn("13600000002", "乙")
	createDict(t, b, "尺码", "size")
	createItem(t, b, "size", "乙公司的码", "B", 0)

	resp, body := a.Raw(http.MethodGet, "/admin/api/v1/dict-items/export?dictCode=size", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheetml") {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	// The header and all twelve items, beyond the ten of a first page, in the list's order; nothing of 乙.
	if len(rows) != 13 || rows[0][0] != "字典项名称" || rows[1][0] != "S码" || rows[12][1] != "9XL" || rows[1][4] != "启用" {
		t.Fatalf("exported rows: %v", rows)
	}
	for _, r := range rows {
		if r[0] == "乙公司的码" {
			t.Fatal("another company's item in the export")
		}
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/admin/api/v1/dict-items/export?dictCode=size", nil), 403, "A0231", "token已被禁止访问")
}

func TestItemListsSortByKnownColumnsOnly(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000003", "丙")
	createDict(t, a, "颜色", "color")
	for i, v := range []string{"red", "green", "blue"} {
		createItem(t, a, "color", v, v, i)
	}
	values := func(query string) string {
		rows, _ := listed[item](t, a, "dict-items/page?dictCode=color&"+query)
		out := []string{}
		for _, r := range rows {
			out = append(out, r.Value)
		}
		return strings.Join(out, ",")
	}
	for query, want := range map[string]string{
		"":                              "red,green,blue",
		"sort=sort&order=desc":          "blue,green,red",
		"sort=value&order=asc":          "blue,green,red",
		"sort=value&order=desc":         "red,green,blue",
		"sort=sort%3B+DROP+TABLE+dicts": "red,green,blue", // not a column: the list's own order, and no SQL
	} {
		if got := values(query); got != want {
			t.Errorf("%q: %s, want %s", query, got, want)
		}
	}
	dicts, _ := listed[dict](t, a, "dicts/page?sort=name&order=desc")
	if len(dicts) != 1 {
		t.Fatalf("dicts after a sorted page: %d", len(dicts))
	}
}
