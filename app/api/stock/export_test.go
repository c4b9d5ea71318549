package stock_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

// exportSheet downloads path's .xlsx and answers its first sheet's rows and the file's name.
func exportSheet(t *testing.T, c *apptest.Client, path string) ([][]string, string) {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, v1+path, "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheetml") {
		t.Fatalf("%s: %d %s %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	_, name, _ := strings.Cut(resp.Header.Get("Content-Disposition"), "filename*=UTF-8''")
	name, _ = url.PathUnescape(name)
	return rows, name
}

// Issue 16: only 本地产品 and 数据字典 exported. Each list of this module now exports its whole current query
// (every page, its filters, its sort) in the columns the user's 列配置 shows, only the company's rows, with the
// access of its page call.
func TestListsExportTheWholeQuery(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	other := h.SignedIn("13700000002", "乙公司")
	sz := createWarehouse(t, c, "深圳仓", nil)
	gz := createWarehouse(t, c, "广州仓", nil)
	a := product(t, h, "13700000001", "A-1")
	var numbers []string
	for i := range 12 { // more than a page
		_, n := approvedDoc(t, c, "inbound", sz.ID, line{a, i + 1})
		numbers = append(numbers, n)
	}
	createDoc(t, c, "inbound", gz.ID, line{a, 2})
	ow := createWarehouse(t, other, "乙仓", nil)
	b := product(t, h, "13700000002", "B-1")
	approvedDoc(t, other, "inbound", ow.ID, line{b, 9})
	today := time.Now().In(time.FixedZone("CST", 8*3600)).Format(time.DateOnly)

	rows, name := exportSheet(t, c, "inbound/export?warehouseId="+sz.ID+"&status=2")
	if name != "入库单_"+today+".xlsx" {
		t.Fatalf("file name %q", name)
	}
	shown := list[document](t, c, "inbound/page", map[string]any{"warehouseId": sz.ID, "status": "2", "pagesize": 100})
	if len(rows) != 13 || shown.Total != 12 {
		t.Fatalf("inbound export: %d rows for %d listed: %v", len(rows)-1, shown.Total, rows)
	}
	number := indexOf(rows[0], "入库单号")
	if number < 0 {
		t.Fatalf("header %v", rows[0])
	}
	for i, r := range rows[1:] {
		if r[number] != shown.Records[i].Number {
			t.Fatalf("row %d is %s, the list shows %s", i+1, r[number], shown.Records[i].Number)
		}
	}

	// The ledger: the filter by document number, its columns as 列配置 has them.
	rows, name = exportSheet(t, c, "stock/ledger/export?docNumber="+url.QueryEscape(numbers[3]))
	if name != "库存流水_"+today+".xlsx" || len(rows) != 2 || !strings.Contains(strings.Join(rows[1], ","), numbers[3]) {
		t.Fatalf("%s %v", name, rows)
	}
	env := c.Call(http.MethodPost, "/admin/api/v1/sysQueryField/saveMyDefaultField", map[string]any{"queryname": "stockLedgerList",
		"fieldlist": []map[string]any{{"ffield": "sku", "findex": 0, "isshow": true}, {"ffield": "fulfillableAfter", "findex": 1, "isshow": true}}})
	apptest.ExpectOK(t, env)
	rows, _ = exportSheet(t, c, "stock/ledger/export?docNumber="+url.QueryEscape(numbers[3]))
	if len(rows) != 2 || rows[0][0] != "SKU" || rows[0][1] != "可用(后)" || rows[1][0] != "A-1" || rows[1][1] != "10" {
		t.Fatalf("the ledger in the user's columns: %v", rows)
	}

	// The stock list and the warehouses, and nothing of 乙's in 甲's files nor of 甲's in 乙's.
	rows, _ = exportSheet(t, c, "stock/export")
	if len(rows) != 2 || !strings.Contains(strings.Join(rows[1], ","), "A-1") {
		t.Fatalf("stock %v", rows)
	}
	rows, _ = exportSheet(t, c, "warehouse/export?sort=name&order=asc")
	if len(rows) != 3 {
		t.Fatalf("warehouses %v", rows)
	}
	for _, path := range []string{"inbound/export", "outbound/export", "stock/export", "stock/ledger/export", "warehouse/export"} {
		rows, _ := exportSheet(t, other, path)
		if strings.Contains(strings.Join(flatten(rows), ","), "深圳仓") || strings.Contains(strings.Join(flatten(rows), ","), "A-1") {
			t.Fatalf("乙's %s holds 甲's rows: %v", path, rows)
		}
	}

	// Access as the page call: a user without the screens is refused; one with the 入库单 screen exports it only.
	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	for _, path := range []string{"inbound/export", "outbound/export", "stock/export", "stock/ledger/export", "warehouse/export"} {
		apptest.Expect(t, clerk.Call(http.MethodGet, v1+path, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, v1+"inbound/export", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
}

func indexOf(row []string, title string) int {
	for i, s := range row {
		if s == title {
			return i
		}
	}
	return -1
}

func flatten(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}
