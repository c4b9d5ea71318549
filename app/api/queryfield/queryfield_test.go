package queryfield_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const base = "/admin/api/v1/sysQueryField/"

type column struct {
	Ffield       string `json:"ffield"`
	Title        string `json:"title"`
	Width        int    `json:"width"`
	TitleTooltip string `json:"titleTooltip"`
	Sortable     bool   `json:"sortable"`
	IsShow       bool   `json:"isShow"`
	Findex       int    `json:"findex"`
}

type version struct {
	ID          string `json:"id"`
	Versionname string `json:"versionname"`
	Name        string `json:"name"`
	Fquery      string `json:"fquery"`
	Queryfield  string `json:"queryfield"`
	InUse       bool   `json:"inUse"`
	CreatedAt   string `json:"createdAt"`
}

// field is one entry of a fieldlist to save.
type field struct {
	Ffield string `json:"ffield"`
	Findex int    `json:"findex"`
	IsShow bool   `json:"isshow"`
}

// fields builds a fieldlist in the given order; a name ending in "-" is hidden.
func fields(names ...string) []field {
	out := make([]field, len(names))
	for i, n := range names {
		name, hidden := strings.CutSuffix(n, "-")
		out[i] = field{Ffield: name, Findex: i, IsShow: !hidden}
	}
	return out
}

var (
	decimal  = regexp.MustCompile(`^\d+$`)
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
)

// layout renders columns as "name,-hidden,..." in findex order, failing on findex out of sequence.
func layout(t *testing.T, cols []column) string {
	t.Helper()
	parts := make([]string, len(cols))
	for i, c := range cols {
		if c.Findex != i {
			t.Fatalf("column %s has findex %d at place %d", c.Ffield, c.Findex, i)
		}
		parts[i] = c.Ffield
		if !c.IsShow {
			parts[i] = "-" + c.Ffield
		}
	}
	return strings.Join(parts, ",")
}

func columnsOf(t *testing.T, env apptest.Envelope) string {
	t.Helper()
	apptest.ExpectOK(t, env)
	var cols []column
	env.Into(t, &cols)
	return layout(t, cols)
}

func load(t *testing.T, c *apptest.Client, queryname string) string {
	t.Helper()
	return columnsOf(t, c.Call(http.MethodGet, base+"loadfield?queryname="+queryname, nil))
}

func versions(t *testing.T, c *apptest.Client, queryname string) []version {
	t.Helper()
	env := c.Call(http.MethodGet, base+"getMyVersionFieldByUser?queryname="+queryname, nil)
	apptest.ExpectOK(t, env)
	var vs []version
	env.Into(t, &vs)
	return vs
}

func save(t *testing.T, c *apptest.Client, queryname, name string, list []field) string {
	t.Helper()
	env := c.Call(http.MethodPost, base+"saveMyVersionFieldWithName",
		map[string]any{"queryname": queryname, "versionname": name, "fieldlist": list})
	apptest.ExpectOK(t, env)
	id := env.String(t)
	if !decimal.MatchString(id) {
		t.Fatalf("saveMyVersionFieldWithName id = %q, want a decimal string", id)
	}
	return id
}

// names renders a version list as "name*,other" with * on the one in use.
func names(vs []version) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.Versionname
		if v.InUse {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, ",")
}

const dictDefaults = "-id,name,code,status,remark,createdAt"

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"GET loadfield?queryname=dictList", "GET loadMyField?queryname=dictList",
		"GET getVersionFieldByUserQueryName?queryname=dictList", "GET getMyVersionFieldByUser?queryname=dictList",
		"GET getVersionFieldById?id=1", "POST saveMyVersionFieldWithName", "POST saveMyVersionField/1",
		"POST useVersion/1", "POST useDefault", "GET deleteMyVersionField?versionid=1"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, base+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestDefaultsWithoutASavedVersion(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	env := c.Call(http.MethodGet, base+"loadfield?queryname=dictList", nil)
	if got := columnsOf(t, env); got != dictDefaults {
		t.Fatalf("dictList defaults = %s", got)
	}
	var raw []map[string]any
	env.Into(t, &raw)
	for _, key := range []string{"ffield", "title", "width", "titleTooltip", "sortable", "isShow", "findex"} {
		if _, ok := raw[1][key]; !ok {
			t.Errorf("a column lacks %s: %v", key, raw[1])
		}
	}
	var cols []column
	env.Into(t, &cols)
	if want := (column{Ffield: "name", Title: "字典名称", Width: 160, Sortable: true, IsShow: true, Findex: 1}); cols[1] != want {
		t.Fatalf("name column = %+v, want %+v", cols[1], want)
	}
	// The three names of the call answer the same.
	for _, call := range []string{"loadMyField", "getVersionFieldByUserQueryName"} {
		if got := columnsOf(t, c.Call(http.MethodGet, base+call+"?queryname=dictList", nil)); got != dictDefaults {
			t.Fatalf("%s = %s", call, got)
		}
	}
	want := map[string]string{
		"subUserList":      "account,name,email,mobile,deptName,roles,storeGroups,status,lastLoginTime,createdAt",
		"notifyList":       "title,tag,action,createdAt,isRead",
		"operationLog":     "createdAt,user,action,subject,summary,-target,-detail,ip",
		"localProductList": "image,sku,name,brand,-category,-supplier,-kindName,-cartonSpec,price,firstLeg,-weight,fulfillable,outbound,inbound,status,-createdAt,tags",
	}
	for queryname, cols := range want {
		if got := load(t, c, queryname); got != cols {
			t.Errorf("%s defaults = %s, want %s", queryname, got, cols)
		}
	}
	for _, queryname := range []string{"dictItemList", "roleList", "tagList", "customerList"} {
		if got := load(t, c, queryname); got == "" {
			t.Errorf("%s has no columns", queryname)
		}
	}
	// No versions is an empty list, not null.
	env = c.Call(http.MethodGet, base+"getMyVersionFieldByUser?queryname=dictList", nil)
	apptest.ExpectOK(t, env)
	if string(env.Data) != "[]" {
		t.Fatalf("versions without any = %s, want []", env.Data)
	}
}

// Older clients send a fieldlist as the names of the columns to show, in order, and read a version's name, the
// titles of the columns it shows (fquery) and their names (queryfield), comma-joined.
func TestOlderClientsSaveColumnNamesAndReadTheirVersions(t *testing.T) {
	olderClientsSaveColumnNames(t, apptest.Start(t))
}

func olderClientsSaveColumnNames(t *testing.T, h *apptest.Harness) {
	c := h.SignedIn("13700000001", "甲公司")
	env := c.Call(http.MethodPost, base+"saveMyVersionFieldWithName",
		map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": []string{"code", "name"}})
	apptest.ExpectOK(t, env)
	id := env.String(t)
	// The named columns show in their order; the list's others are hidden.
	if got := load(t, c, "dictList"); got != "code,name,-id,-status,-remark,-createdAt" {
		t.Fatalf("layout saved from names = %s", got)
	}
	// A layout saved the newer way lists the columns it shows, those it did not mention as their defaults.
	save(t, c, "dictList", "简要", fields("name", "code-"))
	vs := versions(t, c, "dictList")
	if len(vs) != 2 || vs[0].ID != id || vs[0].Name != "常用" || vs[0].Versionname != "常用" ||
		vs[0].Fquery != "字典编码,字典名称" || vs[0].Queryfield != "code,name" ||
		vs[1].Name != "简要" || vs[1].Fquery != "字典名称,状态,备注,创建时间" || vs[1].Queryfield != "name,status,remark,createdAt" {
		t.Fatalf("versions = %+v", vs)
	}
	// Saving names into a version replaces its layout the same way.
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"saveMyVersionField/"+id, map[string]any{"fieldlist": []string{"status"}}))
	if got := load(t, c, "dictList"); got != "status,-id,-name,-code,-remark,-createdAt" {
		t.Fatalf("layout after saving names into the version = %s", got)
	}
	if vs := versions(t, c, "dictList"); vs[0].Fquery != "状态" || vs[0].Queryfield != "status" {
		t.Fatalf("version after saving names into it = %+v", vs[0])
	}
	for _, tc := range []struct {
		list []string
		msg  string
	}{{[]string{"name", "sku"}, "列不存在: sku"}, {[]string{"name", "name"}, "列重复: name"}, {[]string{" "}, "列名不能为空"},
		{[]string{}, "列配置不能为空"}} {
		apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionFieldWithName",
			map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": tc.list}), 400, "A0400", tc.msg)
	}
}

// TestAnyQueryNameKeepsItsColumns is issue 43 item 21: the spec keeps a column configuration per user and query
// name, whatever the name, so an older client's own lists (analysistarget) load, save and reload theirs, as the
// client calls them; the product's lists keep their defaults.
func TestAnyQueryNameKeepsItsColumns(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	// Nothing saved: an empty configuration, not 列表不存在, by each of the clients' three names.
	for _, call := range []string{"loadMyField", "loadfield", "getVersionFieldByUserQueryName"} {
		env := c.Call(http.MethodGet, base+call+"?queryname=analysistarget", nil)
		apptest.ExpectOK(t, env)
		if string(env.Data) != "[]" {
			t.Fatalf("%s?queryname=analysistarget with nothing saved: data %s, want []", call, env.Data)
		}
	}
	if vs := versions(t, c, "analysistarget"); len(vs) != 0 {
		t.Fatalf("versions with nothing saved: %+v", vs)
	}
	// The older client saves its shown columns as a list of names.
	env := c.Call(http.MethodPost, base+"saveMyVersionFieldWithName", map[string]any{"queryname": "analysistarget",
		"versionname": "我的", "fieldlist": []string{"sku", "sales", "profit.rate"}})
	apptest.ExpectOK(t, env)
	id := env.String(t)
	env = c.Call(http.MethodGet, base+"loadMyField?queryname=analysistarget", nil)
	apptest.ExpectOK(t, env)
	var cols []column
	env.Into(t, &cols)
	if got := layout(t, cols); got != "sku,sales,profit.rate" {
		t.Fatalf("loadMyField after the save: %s", got)
	}
	if cols[2].Title != "profit.rate" {
		t.Fatalf("a column of an unknown list is titled by its name: %+v", cols[2])
	}
	vs := versions(t, c, "analysistarget")
	if names(vs) != "我的*" || vs[0].ID != id || vs[0].Queryfield != "sku,sales,profit.rate" {
		t.Fatalf("versions: %+v", vs)
	}
	// Saved again with choices, one hidden; the version's id stays.
	if again := save(t, c, "analysistarget", "我的", fields("sales", "sku-", "margin")); again != id {
		t.Fatalf("saving the same name again: id %s, want %s", again, id)
	}
	if got := load(t, c, "analysistarget"); got != "sales,-sku,margin" {
		t.Fatalf("after saving choices: %s", got)
	}
	// Per user: another user has nothing under that name; the same user's other names are apart.
	other := h.SignedIn("13700000002", "乙公司")
	if got := load(t, other, "analysistarget"); got != "" {
		t.Fatalf("another user's analysistarget: %q", got)
	}
	if got := load(t, c, "analysisother"); got != "" {
		t.Fatalf("another query name: %q", got)
	}
	// 默认 of a list with no defaults is empty; the product's lists keep their default columns.
	if got := columnsOf(t, c.Call(http.MethodPost, base+"useDefault", map[string]any{"queryname": "analysistarget"})); got != "" {
		t.Fatalf("useDefault of an unknown list: %q", got)
	}
	if got := load(t, c, "dictList"); got != dictDefaults {
		t.Fatalf("dictList: %s", got)
	}
}

// TestJunkQueryNamesAreRefused: a query name or column name that is empty, too long or not a plain name is
// refused with the reason, and nothing is saved.
func TestJunkQueryNamesAreRefused(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	for _, tc := range []struct{ q, msg string }{
		{"", "列表名称不能为空"}, {strings.Repeat("a", 51), "列表名称不能超过50个字符"},
		{"a b", "列表名称只能包含字母、数字、下划线、点和短横线"}, {"<script>", "列表名称只能包含字母、数字、下划线、点和短横线"},
		{"列表", "列表名称只能包含字母、数字、下划线、点和短横线"},
	} {
		for _, call := range []string{"loadfield", "loadMyField", "getVersionFieldByUserQueryName", "getMyVersionFieldByUser"} {
			apptest.Expect(t, c.Call(http.MethodGet, base+call+"?queryname="+url.QueryEscape(tc.q), nil), 400, "A0400", tc.msg)
		}
		apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionFieldWithName",
			map[string]any{"queryname": tc.q, "versionname": "常用", "fieldlist": fields("name")}), 400, "A0400", tc.msg)
		apptest.Expect(t, c.Call(http.MethodPost, base+"useDefault", map[string]any{"queryname": tc.q}), 400, "A0400", tc.msg)
	}
	// 50 characters is the longest name.
	if got := load(t, c, strings.Repeat("a", 50)); got != "" {
		t.Fatalf("a 50-character name: %q", got)
	}
	many := make([]string, 201)
	for i := range many {
		many[i] = fmt.Sprintf("c%d", i)
	}
	for _, tc := range []struct {
		list []string
		msg  string
	}{{[]string{strings.Repeat("x", 65)}, "列名不能超过64个字符"}, {[]string{"a", "b c"}, "列名只能包含字母、数字、下划线、点和短横线"},
		{[]string{"a", "a"}, "列重复: a"}, {[]string{" "}, "列名不能为空"}, {[]string{}, "列配置不能为空"}, {many, "列配置不能超过200列"}} {
		apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionFieldWithName",
			map[string]any{"queryname": "analysistarget", "versionname": "常用", "fieldlist": tc.list}), 400, "A0400", tc.msg)
	}
	if vs := versions(t, c, "analysistarget"); len(vs) != 0 {
		t.Fatalf("refused saves left versions: %+v", vs)
	}
}

func TestSaveUseChooseAndGoBackToTheDefaults(t *testing.T) {
	saveUseChooseAndGoBack(t, apptest.Start(t))
}

func saveUseChooseAndGoBack(t *testing.T, h *apptest.Harness) {
	c := h.SignedIn("13700000001", "甲公司")
	daily := save(t, c, "dictList", "  日常 ", fields("code", "name-", "status"))
	// Columns the layout leaves out follow it as their defaults show them.
	if got := load(t, c, "dictList"); got != "code,-name,status,-id,remark,createdAt" {
		t.Fatalf("after saving 日常: %s", got)
	}
	vs := versions(t, c, "dictList")
	if names(vs) != "日常*" || vs[0].ID != daily || !dateTime.MatchString(vs[0].CreatedAt) {
		t.Fatalf("versions = %+v", vs)
	}
	brief := save(t, c, "dictList", "精简", fields("name", "code-", "status-", "remark-", "createdAt-", "id-"))
	if got := load(t, c, "dictList"); got != "name,-code,-status,-remark,-createdAt,-id" {
		t.Fatalf("after saving 精简: %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "日常,精简*" {
		t.Fatalf("versions = %s", got)
	}
	// Another list keeps its own layout.
	if got := load(t, c, "roleList"); got != "name,code,remark,createdAt" {
		t.Fatalf("roleList changed: %s", got)
	}

	// The same name again replaces that version's columns and uses it.
	if again := save(t, c, "dictList", "日常", fields("status", "code")); again != daily {
		t.Fatalf("saving 日常 again made version %s, want %s", again, daily)
	}
	if got := load(t, c, "dictList"); got != "status,code,-id,name,remark,createdAt" {
		t.Fatalf("after replacing 日常: %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "日常*,精简" {
		t.Fatalf("versions after replacing = %s", got)
	}

	// A version's columns, without choosing it.
	env := c.Call(http.MethodGet, base+"getVersionFieldById?id="+brief, nil)
	if got := columnsOf(t, env); got != "name,-code,-status,-remark,-createdAt,-id" {
		t.Fatalf("getVersionFieldById 精简 = %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "日常*,精简" {
		t.Fatalf("reading a version chose it: %s", got)
	}

	// Saving into a version by id uses it; the body may name its list.
	env = c.Call(http.MethodPost, base+"saveMyVersionField/"+brief, map[string]any{"fieldlist": fields("remark", "name")})
	apptest.ExpectOK(t, env)
	if env.String(t) != brief {
		t.Fatalf("saveMyVersionField answered %s, want %s", env.Data, brief)
	}
	if got := load(t, c, "dictList"); got != "remark,name,-id,code,status,createdAt" {
		t.Fatalf("after saving into 精简: %s", got)
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"saveMyVersionField/"+daily,
		map[string]any{"queryname": "dictList", "fieldlist": fields("createdAt", "name")}))
	if got := names(versions(t, c, "dictList")); got != "日常*,精简" {
		t.Fatalf("saving into 日常 did not use it: %s", got)
	}
	if got := load(t, c, "dictList"); got != "createdAt,name,-id,code,status,remark" {
		t.Fatalf("after saving into 日常: %s", got)
	}

	// Choosing a version answers its columns and uses it.
	if got := columnsOf(t, c.Call(http.MethodPost, base+"useVersion/"+brief, nil)); got != "remark,name,-id,code,status,createdAt" {
		t.Fatalf("useVersion 精简 = %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "日常,精简*" {
		t.Fatalf("after useVersion: %s", got)
	}

	// Back to the defaults: the versions stay, none is in use.
	if got := columnsOf(t, c.Call(http.MethodPost, base+"useDefault", map[string]any{"queryname": "dictList"})); got != dictDefaults {
		t.Fatalf("useDefault = %s", got)
	}
	if got := load(t, c, "dictList"); got != dictDefaults {
		t.Fatalf("after useDefault: %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "日常,精简" {
		t.Fatalf("after useDefault: %s", got)
	}
	// The list may also come in the query string.
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"useVersion/"+daily, nil))
	if got := columnsOf(t, c.Call(http.MethodPost, base+"useDefault?queryname=dictList", nil)); got != dictDefaults {
		t.Fatalf("useDefault?queryname = %s", got)
	}
}

func TestMergingWithTheDefaults(t *testing.T) { mergeWithTheDefaults(t, apptest.Start(t)) }

func mergeWithTheDefaults(t *testing.T, h *apptest.Harness) {
	c := h.SignedIn("13700000001", "甲公司")
	// The saved order is findex's, not the list's.
	id := save(t, c, "dictList", "乱序", []field{{"status", 2, true}, {"name", 0, false}, {"code", 1, true}})
	if got := load(t, c, "dictList"); got != "-name,code,status,-id,remark,createdAt" {
		t.Fatalf("findex order: %s", got)
	}

	// A column the product has since removed is dropped; a column it has since added (here: left out of the
	// stored layout) is appended, shown as its default shows it.
	stored := `[{"ffield":"oldColumn","findex":0,"isshow":true},{"ffield":"remark","findex":1,"isshow":false},` +
		`{"ffield":"name","findex":2,"isshow":true}]`
	if err := h.DB.Exec("UPDATE query_field_versions SET field_list = ? WHERE id = ?", stored, id).Error; err != nil {
		t.Fatal(err)
	}
	want := "-remark,name,-id,code,status,createdAt"
	if got := load(t, c, "dictList"); got != want {
		t.Fatalf("merged with changed defaults: %s, want %s", got, want)
	}
	if got := columnsOf(t, c.Call(http.MethodGet, base+"getVersionFieldById?id="+id, nil)); got != want {
		t.Fatalf("getVersionFieldById merged: %s, want %s", got, want)
	}

	// If no column is shown, all show.
	save(t, c, "dictList", "全隐藏", fields("id-", "name-", "code-", "status-", "remark-", "createdAt-"))
	if got := load(t, c, "dictList"); got != "id,name,code,status,remark,createdAt" {
		t.Fatalf("nothing shown: %s, want every column shown", got)
	}
	// Hidden saved columns with the shown ones left to the defaults are not "none shown".
	save(t, c, "roleList", "部分", fields("name-", "code-"))
	if got := load(t, c, "roleList"); got != "-name,-code,remark,createdAt" {
		t.Fatalf("partly hidden: %s", got)
	}
}

func TestSaveValidation(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	id := save(t, c, "dictList", "常用", fields("name", "code"))
	before := load(t, c, "dictList")
	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"queryname": "dictList", "versionname": "", "fieldlist": fields("name")}, "版本名称不能为空"},
		{map[string]any{"queryname": "dictList", "versionname": "  ", "fieldlist": fields("name")}, "版本名称不能为空"},
		{map[string]any{"queryname": "dictList", "fieldlist": fields("name")}, "版本名称不能为空"},
		{map[string]any{"queryname": "dictList", "versionname": strings.Repeat("列", 21), "fieldlist": fields("name")}, "版本名称不能超过20个字符"},
		{map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": fields("name", "sku")}, "列不存在: sku"},
		{map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": fields("name", "code", "name-")}, "列重复: name"},
		{map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": fields("name", " ")}, "列名不能为空"},
		{map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": []field{}}, "列配置不能为空"},
		{map[string]any{"queryname": "dictList", "versionname": "常用"}, "列配置不能为空"},
	} {
		env := c.Call(http.MethodPost, base+"saveMyVersionFieldWithName", tc.body)
		apptest.Expect(t, env, 400, "A0400", tc.msg)
	}
	// Twenty characters are fine.
	save(t, c, "roleList", strings.Repeat("列", 20), fields("name"))

	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"fieldlist": fields("name", "sku")}, "列不存在: sku"},
		{map[string]any{"fieldlist": fields("code", "code")}, "列重复: code"},
		{map[string]any{"fieldlist": []field{}}, "列配置不能为空"},
		{map[string]any{}, "列配置不能为空"},
	} {
		env := c.Call(http.MethodPost, base+"saveMyVersionField/"+id, tc.body)
		apptest.Expect(t, env, 400, "A0400", tc.msg)
	}
	// A column of another list is not one of this list's.
	apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionField/"+id, map[string]any{"fieldlist": fields("sku")}),
		400, "A0400", "列不存在: sku")
	// The version's list, named wrongly, names no version of the user's.
	apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionField/"+id,
		map[string]any{"queryname": "roleList", "fieldlist": fields("name")}), 404, "A0404", "版本不存在")
	// Wrong JSON types are a bad request, not a fault.
	for _, body := range []string{`{"queryname":"dictList","versionname":"常用","fieldlist":[{"ffield":"name","isshow":"yes"}]}`,
		`{"queryname":"dictList","versionname":"常用","fieldlist":"name"}`, `not json`} {
		_, raw := c.Raw(http.MethodPost, base+"saveMyVersionFieldWithName", "application/json", strings.NewReader(body))
		var env apptest.Envelope
		if err := json.Unmarshal(raw, &env); err != nil || env.Code != "A0400" {
			t.Fatalf("%s: %s", body, raw)
		}
	}

	// Nothing changed.
	if got := load(t, c, "dictList"); got != before {
		t.Fatalf("refused saves changed the layout: %s, was %s", got, before)
	}
	if got := names(versions(t, c, "dictList")); got != "常用*" {
		t.Fatalf("refused saves changed the versions: %s", got)
	}
}

func TestUnknownVersions(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	save(t, c, "dictList", "常用", fields("name"))
	for _, id := range []string{"123456789", "abc", "", "-1"} {
		apptest.Expect(t, c.Call(http.MethodGet, base+"getVersionFieldById?id="+id, nil), 404, "A0404", "版本不存在")
		apptest.Expect(t, c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+id, nil), 404, "A0404", "版本不存在")
		if id == "" {
			continue // an empty path segment is another address
		}
		apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyVersionField/"+id, map[string]any{"fieldlist": fields("name")}),
			404, "A0404", "版本不存在")
		apptest.Expect(t, c.Call(http.MethodPost, base+"useVersion/"+id, nil), 404, "A0404", "版本不存在")
	}
}

func TestDeleteVersion(t *testing.T) { deleteVersion(t, apptest.Start(t)) }

func deleteVersion(t *testing.T, h *apptest.Harness) {
	c := h.SignedIn("13700000001", "甲公司")
	kept := save(t, c, "dictList", "留下", fields("code"))
	gone := save(t, c, "dictList", "删除", fields("status", "name"))

	// Another site cannot make the browser delete one.
	c.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+gone, nil), 403, "A0301", "请求来源未确认，请在系统页面内操作")
	apptest.Expect(t, c.Call(http.MethodPost, base+"useDefault", map[string]any{"queryname": "dictList"}), 401, "A0301", "访问未授权")
	c.Header.Del("Sec-Fetch-Site")
	if got := names(versions(t, c, "dictList")); got != "留下,删除*" {
		t.Fatalf("a cross-site call changed the versions: %s", got)
	}

	env := c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+gone, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("deleteMyVersionField answered %s", env.Data)
	}
	// The deleted version was in use: the defaults apply again.
	if got := load(t, c, "dictList"); got != dictDefaults {
		t.Fatalf("after deleting the version in use: %s", got)
	}
	if got := names(versions(t, c, "dictList")); got != "留下" {
		t.Fatalf("after deleting: %s", got)
	}
	apptest.Expect(t, c.Call(http.MethodGet, base+"getVersionFieldById?id="+gone, nil), 404, "A0404", "版本不存在")
	apptest.Expect(t, c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+gone, nil), 404, "A0404", "版本不存在")

	// Deleting one not in use leaves the one in use.
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"useVersion/"+kept, nil))
	other := save(t, c, "dictList", "另一个", fields("remark"))
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"useVersion/"+kept, nil))
	apptest.ExpectOK(t, c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+other, nil))
	if got := load(t, c, "dictList"); !strings.HasPrefix(got, "code,") {
		t.Fatalf("deleting another version changed the one in use: %s", got)
	}
}

func TestUsersNeverReachEachOthersVersions(t *testing.T) {
	usersNeverReachEachOthersVersions(t, apptest.Start(t))
}

// usersNeverReachEachOthersVersions checks every call against a colleague's and another company's versions.
func usersNeverReachEachOthersVersions(t *testing.T, h *apptest.Harness) {
	owner := h.SignedIn("13700000001", "甲公司")
	colleague := h.Member("13700000001", "13700000002", true)
	stranger := h.SignedIn("13700000003", "乙公司")

	victimID := save(t, owner, "dictList", "常用", fields("code", "name-"))
	victimLayout := load(t, owner, "dictList")

	for who, x := range map[string]*apptest.Client{"colleague": colleague, "stranger": stranger} {
		t.Run(who, func(t *testing.T) {
			// X sees none of the owner's layout or versions.
			if got := load(t, x, "dictList"); got != dictDefaults {
				t.Fatalf("loadfield shows another user's layout: %s", got)
			}
			if vs := versions(t, x, "dictList"); len(vs) != 0 {
				t.Fatalf("getMyVersionFieldByUser lists another user's versions: %+v", vs)
			}
			apptest.Expect(t, x.Call(http.MethodGet, base+"getVersionFieldById?id="+victimID, nil), 404, "A0404", "版本不存在")
			apptest.Expect(t, x.Call(http.MethodPost, base+"saveMyVersionField/"+victimID,
				map[string]any{"fieldlist": fields("remark")}), 404, "A0404", "版本不存在")
			apptest.Expect(t, x.Call(http.MethodPost, base+"saveMyVersionField/"+victimID,
				map[string]any{"queryname": "dictList", "fieldlist": fields("remark")}), 404, "A0404", "版本不存在")
			apptest.Expect(t, x.Call(http.MethodPost, base+"useVersion/"+victimID, nil), 404, "A0404", "版本不存在")
			apptest.Expect(t, x.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+victimID, nil), 404, "A0404", "版本不存在")

			// The same name is X's own version; X's choices are X's alone.
			own := save(t, x, "dictList", "常用", fields("status"))
			if own == victimID {
				t.Fatal("saving the same name replaced another user's version")
			}
			apptest.ExpectOK(t, x.Call(http.MethodPost, base+"useDefault", map[string]any{"queryname": "dictList"}))
			apptest.ExpectOK(t, x.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+own, nil))

			// The owner's version is as it was, still in use.
			if got := load(t, owner, "dictList"); got != victimLayout {
				t.Fatalf("owner's layout changed: %s, was %s", got, victimLayout)
			}
			vs := versions(t, owner, "dictList")
			if names(vs) != "常用*" || vs[0].ID != victimID {
				t.Fatalf("owner's versions changed: %+v", vs)
			}
			if got := columnsOf(t, owner.Call(http.MethodGet, base+"getVersionFieldById?id="+victimID, nil)); got != victimLayout {
				t.Fatalf("owner's version changed: %s", got)
			}
		})
	}
	// And the owner cannot reach theirs either.
	theirs := save(t, colleague, "dictList", "同事", fields("remark"))
	apptest.Expect(t, owner.Call(http.MethodGet, base+"getVersionFieldById?id="+theirs, nil), 404, "A0404", "版本不存在")
	apptest.Expect(t, owner.Call(http.MethodPost, base+"useVersion/"+theirs, nil), 404, "A0404", "版本不存在")
	if got := names(versions(t, colleague, "dictList")); got != "同事*" {
		t.Fatalf("colleague's versions: %s", got)
	}
	if got := load(t, owner, "dictList"); got != victimLayout {
		t.Fatalf("owner's layout changed: %s", got)
	}
}

// TestOnPostgres runs the flows that write on the server database too: the unique indexes, the
// NULL in_use and the row lock behave per database.
func TestOnPostgres(t *testing.T) {
	flows := map[string]func(*testing.T, *apptest.Harness){"save": saveUseChooseAndGoBack, "merge": mergeWithTheDefaults,
		"delete": deleteVersion, "isolation": usersNeverReachEachOthersVersions, "names": olderClientsSaveColumnNames, "default": saveIntoTheDefault}
	for _, kind := range []string{dbtest.Postgres} {
		for name, flow := range flows {
			t.Run(kind+"/"+name, func(t *testing.T) { flow(t, apptest.Start(t, apptest.WithDatabase(kind))) })
		}
	}
}

// Issue 16: 保存 with 默认 in use needed a name. saveMyDefaultField keeps the user's own 默认 without one: the
// list shows it at once, the saved layouts leave it out, and 默认 (useDefault, or deleting the layout in use)
// comes back to it.
func TestSaveIntoTheDefault(t *testing.T) { saveIntoTheDefault(t, apptest.Start(t)) }

func saveIntoTheDefault(t *testing.T, h *apptest.Harness) {
	c := h.SignedIn("13700000001", "甲公司")
	saveDefault := func(list []field) {
		t.Helper()
		apptest.ExpectOK(t, c.Call(http.MethodPost, base+"saveMyDefaultField", map[string]any{"queryname": "dictList", "fieldlist": list}))
	}
	saveDefault(fields("code", "name-", "status"))
	if got := load(t, c, "dictList"); got != "code,-name,status,-id,remark,createdAt" {
		t.Fatalf("after 保存 into 默认: %s", got)
	}
	if vs := versions(t, c, "dictList"); len(vs) != 0 {
		t.Fatalf("默认 is listed among the saved layouts: %+v", vs)
	}
	saveDefault(fields("name", "code"))
	if got := load(t, c, "dictList"); got != "name,code,-id,status,remark,createdAt" {
		t.Fatalf("after 保存 into 默认 again: %s", got)
	}
	brief := save(t, c, "dictList", "精简", fields("name", "code-"))
	if names(versions(t, c, "dictList")) != "精简*" {
		t.Fatal(versions(t, c, "dictList"))
	}
	if got := columnsOf(t, c.Call(http.MethodPost, base+"useDefault?queryname=dictList", nil)); got != "name,code,-id,status,remark,createdAt" {
		t.Fatalf("useDefault: %s", got)
	}
	if names(versions(t, c, "dictList")) != "精简" {
		t.Fatal(versions(t, c, "dictList"))
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, base+"useVersion/"+brief, nil))
	apptest.ExpectOK(t, c.Call(http.MethodGet, base+"deleteMyVersionField?versionid="+brief, nil))
	if got := load(t, c, "dictList"); got != "name,code,-id,status,remark,createdAt" {
		t.Fatalf("after deleting the layout in use: %s", got)
	}
	apptest.Expect(t, c.Call(http.MethodPost, base+"saveMyDefaultField", map[string]any{"queryname": "no pe", "fieldlist": fields("x")}),
		400, "A0400", "列表名称只能包含字母、数字、下划线、点和短横线")
}
