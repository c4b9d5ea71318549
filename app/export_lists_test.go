package app_test

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

// exportRows downloads path's .xlsx as c and answers its first sheet's rows.
func exportRows(t *testing.T, c *apptest.Client, path string) [][]string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, path, "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
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
	return rows
}

// Issue 16: 品牌, 供应商, 标签分组, 标签, 客户端, 客户 and 角色 export their whole query (every page, the name
// filter), only the caller's company's rows, with the access of their page calls.
func TestSimpleListsExportTheWholeQuery(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000011", "甲公司")
	b := h.SignedIn("13600000012", "乙公司")
	lists := []struct{ create, export, name string }{
		{"/erp/api/v1/brand", "/erp/api/v1/brand/export", "品牌"},
		{"/erp/api/v1/supplier", "/erp/api/v1/supplier/export", "供应商"},
		{"/admin/api/v1/tagGroups", "/admin/api/v1/tagGroups/export", "分组"},
		{"/admin/api/v1/clients", "/admin/api/v1/clients/export", "客户端"},
		{"/admin/api/v1/customers", "/admin/api/v1/customers/export", "客户"},
		{"/admin/api/v1/roles", "/admin/api/v1/roles/export", "角色"},
	}
	for _, l := range lists {
		for i := range 12 { // more than a page
			name := l.name + string(rune('A'+i))
			apptest.ExpectOK(t, a.Call(http.MethodPost, l.create, map[string]any{"name": name, "code": "C" + string(rune('A'+i))}))
		}
		apptest.ExpectOK(t, b.Call(http.MethodPost, l.create, map[string]any{"name": "乙的" + l.name, "code": "BX"}))

		rows := exportRows(t, a, l.export+"?sort=name&order=asc")
		all := slices.Concat(rows...)
		if slices.Contains(all, "乙的"+l.name) {
			t.Errorf("%s: 甲's file holds 乙's row: %v", l.export, rows)
		}
		for i := range 12 {
			if !slices.Contains(all, l.name+string(rune('A'+i))) {
				t.Errorf("%s: %s missing from %v", l.export, l.name+string(rune('A'+i)), rows)
			}
		}
		filtered := exportRows(t, a, l.export+"?name="+url.QueryEscape(l.name+"C"))
		if len(filtered) != 2 || !slices.Contains(filtered[1], l.name+"C") {
			t.Errorf("%s filtered by name: %v", l.export, filtered)
		}
		if rows := exportRows(t, b, l.export); slices.Contains(slices.Concat(rows...), l.name+"A") {
			t.Errorf("%s: 乙's file holds 甲's rows: %v", l.export, rows)
		}
	}

	// Tags: by their group too.
	group := a.Call(http.MethodPost, "/admin/api/v1/tagGroups", map[string]any{"name": "颜色"})
	apptest.ExpectOK(t, group)
	var g struct{ ID string }
	group.Into(t, &g)
	for _, name := range []string{"红", "绿"} {
		apptest.ExpectOK(t, a.Call(http.MethodPost, "/admin/api/v1/tags", map[string]any{"name": name, "groupId": g.ID, "color": "#ff0000"}))
	}
	if rows := exportRows(t, a, "/admin/api/v1/tags/export?groupId="+g.ID+"&name=%E7%BB%BF"); len(rows) != 2 || !slices.Contains(rows[1], "绿") {
		t.Fatalf("tags: %v", rows)
	}

	// 数据字典's dictionaries (the list of the older GET contract), more than a page, and by name.
	for i := range 12 {
		apptest.ExpectOK(t, a.Call(http.MethodPost, "/admin/api/v1/dicts", map[string]any{"name": "导出字典" + string(rune('A'+i)), "code": "export_" + string(rune('a'+i))}))
	}
	if rows := exportRows(t, a, "/admin/api/v1/dicts/export?name="+url.QueryEscape("导出字典")); len(rows) != 13 {
		t.Fatalf("字典: %d rows %v", len(rows)-1, rows)
	}
	if rows := exportRows(t, b, "/admin/api/v1/dicts/export?name="+url.QueryEscape("导出字典")); len(rows) != 1 {
		t.Fatalf("乙's 字典: %v", rows)
	}

	// 发布公告: what 甲 published, in the words the list shows (its labels), 乙's file empty.
	apptest.ExpectOK(t, a.Call(http.MethodPost, "/admin/api/v1/notify/addAnnounce", map[string]any{"title": "全员通知", "content": "下午开会", "action": "timely"}))
	labels := url.QueryEscape(`{"action":{"timely":"紧急","":"普通"}}`)
	if rows := exportRows(t, a, "/admin/api/v1/notify/published/export?labels="+labels); len(rows) != 2 || !strings.HasSuffix(rows[1][0], "全员通知") || !slices.Contains(rows[1], "紧急") {
		t.Fatalf("发布公告: %v", rows)
	}
	if rows := exportRows(t, b, "/admin/api/v1/notify/published/export"); len(rows) != 1 {
		t.Fatalf("乙's 发布公告: %v", rows)
	}

	// 操作日志, filtered by its action: each brand added above, 甲's only.
	if rows := exportRows(t, a, "/admin/api/v1/operationLogs/export?action="+url.QueryEscape("新增品牌")); len(rows) != 13 {
		t.Fatalf("操作日志: %d rows %v", len(rows)-1, rows)
	}

	// Access as the page calls: 客户端, 客户 and 角色 need their screens.
	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	for _, path := range []string{"/admin/api/v1/clients/export", "/admin/api/v1/customers/export", "/admin/api/v1/roles/export",
		"/admin/api/v1/users/subusers/export", "/admin/api/v1/operationLogs/export"} {
		apptest.Expect(t, clerk.Call(http.MethodGet, path, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/erp/api/v1/brand/export", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
}

// Issue 16: 导出选中 — ids= limits a list's export to the selected rows; an id of another company's row finds
// nothing.
func TestExportLimitedToSelectedIDs(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000021", "甲公司")
	b := h.SignedIn("13600000022", "乙公司")
	id := func(c *apptest.Client, name string) string {
		r := c.Call(http.MethodPost, "/erp/api/v1/brand", map[string]any{"name": name})
		apptest.ExpectOK(t, r)
		var out struct{ ID string }
		r.Into(t, &out)
		return out.ID
	}
	first, _, third := id(a, "选中甲"), id(a, "未选乙"), id(a, "选中丙")
	theirs := id(b, "乙公司品牌")
	rows := exportRows(t, a, "/erp/api/v1/brand/export?ids="+first+","+third+","+theirs)
	all := slices.Concat(rows...)
	if len(rows) != 3 || !slices.Contains(all, "选中甲") || !slices.Contains(all, "选中丙") {
		t.Fatalf("selected export: %v", rows)
	}
}
