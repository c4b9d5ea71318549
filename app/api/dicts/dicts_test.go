package dicts_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	referencedb "sellerhub/models/reference"
)

const v1 = "/admin/api/v1/"

type dict struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Status    int    `json:"status"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type item struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Value     string `json:"value"`
	DictCode  string `json:"dictCode"`
	Sort      int    `json:"sort"`
	Status    int    `json:"status"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	decimal  = regexp.MustCompile(`^\d+$`)
)

func createDict(t *testing.T, c *apptest.Client, name, code string) dict {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": name, "code": code})
	apptest.ExpectOK(t, env)
	var d dict
	env.Into(t, &d)
	return d
}

func createItem(t *testing.T, c *apptest.Client, code, name, value string, sort int) item {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": code, "name": name, "value": value, "sort": sort})
	apptest.ExpectOK(t, env)
	var it item
	env.Into(t, &it)
	return it
}

// listed calls a paged list and checks its shape: the rows as data, the total at the envelope's top level.
func listed[T any](t *testing.T, c *apptest.Client, path string) ([]T, int64) {
	t.Helper()
	env := c.Call(http.MethodGet, v1+path, nil)
	apptest.ExpectOK(t, env)
	if env.Total == nil || !strings.HasPrefix(string(env.Data), "[") {
		t.Fatalf("%s: want data [...] and a top-level total, got data %s total %v", path, env.Data, env.Total)
	}
	var rows []T
	env.Into(t, &rows)
	return rows, *env.Total
}

func options(t *testing.T, c *apptest.Client, path string) []option {
	t.Helper()
	env := c.Call(http.MethodGet, v1+path, nil)
	apptest.ExpectOK(t, env)
	var opts []option
	env.Into(t, &opts)
	if opts == nil {
		t.Fatalf("%s: data %s, want a list", path, env.Data)
	}
	return opts
}

// expectDuplicate expects the refusal of a code or value the company already has: its own message, not the
// clients' generic 数据重复冲突 (which a message containing "Duplicate entry" turns into).
func expectDuplicate(t *testing.T, env apptest.Envelope, msg string) {
	t.Helper()
	apptest.Expect(t, env, http.StatusBadRequest, "B0001", msg)
}

// expectRaceLost expects the refusal of a save that passed the check and lost to a concurrent one at the unique
// index: "Duplicate entry" and the message, so the clients show 数据重复冲突.
func expectRaceLost(t *testing.T, env apptest.Envelope, msg string) {
	t.Helper()
	apptest.Expect(t, env, http.StatusBadRequest, "B0001", "Duplicate entry："+msg)
}

// expectTakenOrRaceLost expects one of concurrent saves of one code or value that did not win: refused by the
// check when the winner had committed, else by the unique index.
func expectTakenOrRaceLost(t *testing.T, env apptest.Envelope, msg string) {
	t.Helper()
	if env.Msg == "Duplicate entry："+msg {
		expectRaceLost(t, env, msg)
		return
	}
	expectDuplicate(t, env, msg)
}

const (
	codeTaken  = "字典编码已存在"
	valueTaken = "该字典下字典项值已存在"
)

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"GET dicts/page", "GET dicts/1", "POST dicts", "PUT dicts/1", "DELETE dicts/1",
		"GET dict-items/page", "GET dict-items/select_list/currency", "GET dict-items?dictCode=currency",
		"GET dict-items/1", "POST dict-items", "PUT dict-items/1", "DELETE dict-items/1"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestReadingNeedsASessionOnlyAndChangingTheButtonPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	d := createDict(t, admin, "包装", "packing")
	it := createItem(t, admin, "packing", "纸箱", "carton", 1)

	// A user with no grant at all reads everything a drop-down needs, and changes nothing.
	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	listed[dict](t, clerk, "dicts/page")
	apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"dicts/"+d.ID, nil))
	listed[item](t, clerk, "dict-items/page?dictCode=packing")
	apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"dict-items/"+it.ID, nil))
	if opts := options(t, clerk, "dict-items/select_list/packing"); len(opts) != 1 {
		t.Fatalf("select_list = %+v", opts)
	}
	if opts := options(t, clerk, "dict-items?dictCode=packing"); len(opts) != 1 {
		t.Fatalf("dict-items = %+v", opts)
	}
	refusals := []struct {
		method, path string
		body         map[string]any
	}{
		{http.MethodPost, "dicts", map[string]any{"name": "新", "code": "fresh"}},
		{http.MethodPut, "dicts/" + d.ID, map[string]any{"name": "改", "code": "packing"}},
		{http.MethodDelete, "dicts/" + d.ID, nil},
		{http.MethodPost, "dict-items", map[string]any{"dictCode": "packing", "name": "木箱", "value": "crate"}},
		{http.MethodPut, "dict-items/" + it.ID, map[string]any{"dictCode": "packing", "name": "改", "value": "carton"}},
		{http.MethodDelete, "dict-items/" + it.ID, nil},
	}
	for _, r := range refusals {
		apptest.Expect(t, clerk.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
	}

	// Each button permission opens its own calls only.
	adder, _ := h.RestrictedUser("13900000002", nil, []string{"sys:dict:add"})
	apptest.ExpectOK(t, adder.Call(refusals[0].method, v1+refusals[0].path, refusals[0].body))
	apptest.ExpectOK(t, adder.Call(refusals[3].method, v1+refusals[3].path, refusals[3].body))
	apptest.Expect(t, adder.Call(refusals[1].method, v1+refusals[1].path, refusals[1].body), 401, "A0301", "访问未授权")
	editor, _ := h.RestrictedUser("13900000003", nil, []string{"sys:dict:edit"})
	apptest.ExpectOK(t, editor.Call(refusals[1].method, v1+refusals[1].path, refusals[1].body))
	apptest.ExpectOK(t, editor.Call(refusals[4].method, v1+refusals[4].path, refusals[4].body))
	apptest.Expect(t, editor.Call(refusals[5].method, v1+refusals[5].path, nil), 401, "A0301", "访问未授权")
	deleter, _ := h.RestrictedUser("13900000004", nil, []string{"sys:dict:delete"})
	apptest.ExpectOK(t, deleter.Call(http.MethodDelete, v1+"dict-items/"+it.ID, nil))
	apptest.Expect(t, deleter.Call(refusals[0].method, v1+refusals[0].path, refusals[0].body), 401, "A0301", "访问未授权")
}

func TestDictAddReadPageEditDelete(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	env := c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": " 运输方式 ", "code": " ship_method ", "remark": "发货用"})
	apptest.ExpectOK(t, env)
	var d dict
	env.Into(t, &d)
	if !decimal.MatchString(d.ID) || d.Name != "运输方式" || d.Code != "ship_method" || d.Status != 1 ||
		d.Remark != "发货用" || !dateTime.MatchString(d.CreatedAt) || !dateTime.MatchString(d.UpdatedAt) {
		t.Fatalf("created dict = %+v", d)
	}
	if !strings.Contains(string(env.Data), `"id":"`+d.ID+`"`) {
		t.Fatalf("id not a JSON string: %s", env.Data)
	}
	env = c.Call(http.MethodGet, v1+"dicts/"+d.ID, nil)
	apptest.ExpectOK(t, env)
	var got dict
	env.Into(t, &got)
	if got != d {
		t.Fatalf("read back %+v, want %+v", got, d)
	}

	// Disabled on request; status 0 is kept, not taken for "absent".
	env = c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "单位", "code": "unit", "status": 0})
	apptest.ExpectOK(t, env)
	var unit dict
	env.Into(t, &unit)
	if unit.Status != 0 {
		t.Fatalf("status 0 saved as %d", unit.Status)
	}
	for i := range 10 {
		createDict(t, c, fmt.Sprintf("备用%02d", i), fmt.Sprintf("spare_%02d", i))
	}

	// Page 1 of 10 by default, by code; page and limit as asked; limit capped at 100.
	rows, total := listed[dict](t, c, "dicts/page")
	if total != 12 || len(rows) != 10 || rows[0].Code != "ship_method" || rows[9].Code != "spare_08" {
		t.Fatalf("default page: total %d, %d rows from %s", total, len(rows), rows[0].Code)
	}
	if rows, total = listed[dict](t, c, "dicts/page?page=2&limit=5"); total != 12 || len(rows) != 5 || rows[0].Code != "spare_04" {
		t.Fatalf("page 2 of 5: total %d, rows %+v", total, rows)
	}
	if rows, total = listed[dict](t, c, "dicts/page?page=9&limit=5"); total != 12 || len(rows) != 0 {
		t.Fatalf("past the end: total %d, %d rows", total, len(rows))
	}
	if rows, total = listed[dict](t, c, "dicts/page?limit=1000"); total != 12 || len(rows) != 12 {
		t.Fatalf("big limit: total %d, %d rows", total, len(rows))
	}
	if rows, total = listed[dict](t, c, "dicts/page?name="+url.QueryEscape("运输")); total != 1 || rows[0].ID != d.ID {
		t.Fatalf("name filter: total %d, rows %+v", total, rows)
	}
	if rows, total = listed[dict](t, c, "dicts/page?name=nothing"); total != 0 || len(rows) != 0 {
		t.Fatalf("no match: total %d, rows %+v", total, rows)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"dicts/page?page=x", nil), 400, "A0400", "请求格式不正确")

	// Edit: status absent keeps it, given changes it.
	h.Clock.Advance(2 * time.Second)
	env = c.Call(http.MethodPut, v1+"dicts/"+unit.ID, map[string]any{"name": "计量单位", "code": "unit", "remark": "件/箱"})
	apptest.ExpectOK(t, env)
	var edited dict
	env.Into(t, &edited)
	if edited.ID != unit.ID || edited.Name != "计量单位" || edited.Status != 0 || edited.Remark != "件/箱" ||
		edited.CreatedAt != unit.CreatedAt || edited.UpdatedAt == unit.UpdatedAt {
		t.Fatalf("edited = %+v (was %+v)", edited, unit)
	}
	env = c.Call(http.MethodPut, v1+"dicts/"+unit.ID, map[string]any{"name": "计量单位", "code": "unit", "status": 1})
	apptest.ExpectOK(t, env)
	env.Into(t, &edited)
	if edited.Status != 1 || edited.Remark != "" {
		t.Fatalf("enabled = %+v", edited)
	}

	env = c.Call(http.MethodDelete, v1+"dicts/"+unit.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete answered %s", env.Data)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"dicts/"+unit.ID, nil), 404, "A0404", "字典不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"dicts/"+unit.ID, nil), 404, "A0404", "字典不存在")
}

func TestDictValidation(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	d := createDict(t, c, "币种", "currency")
	cases := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"name": "  ", "code": "x"}, "字典名称不能为空"},
		{map[string]any{"name": strings.Repeat("名", 51), "code": "x"}, "字典名称不能超过50个字符"},
		{map[string]any{"name": "名", "code": " "}, "字典编码不能为空"},
		{map[string]any{"name": "名", "code": "币种"}, "字典编码只能包含字母、数字和下划线"},
		{map[string]any{"name": "名", "code": "ship-method"}, "字典编码只能包含字母、数字和下划线"},
		{map[string]any{"name": "名", "code": strings.Repeat("a", 51)}, "字典编码不能超过50个字符"},
		{map[string]any{"name": "名", "code": "x", "status": 2}, "状态不正确"},
		{map[string]any{"name": "名", "code": "x", "status": -1}, "状态不正确"},
		{map[string]any{"name": "名", "code": "x", "remark": strings.Repeat("备", 201)}, "备注不能超过200个字符"},
	}
	for _, tc := range cases {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"dicts", tc.body), 400, "A0400", tc.msg)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"dicts/"+d.ID, tc.body), 400, "A0400", tc.msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "名", "code": "x", "status": "1"}),
		400, "A0400", "请求格式不正确")
	// The longest allowed fit the columns on every database.
	createDict(t, c, strings.Repeat("名", 50), strings.Repeat("a", 50))
	// Nothing of the refused calls was saved or changed.
	if _, total := listed[dict](t, c, "dicts/page"); total != 2 {
		t.Fatalf("total %d after refusals, want 2", total)
	}
	env := c.Call(http.MethodGet, v1+"dicts/"+d.ID, nil)
	var got dict
	env.Into(t, &got)
	if got != d {
		t.Fatalf("refused edits changed the dict: %+v", got)
	}
}

func TestDictNotFound(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	body := map[string]any{"name": "名", "code": "x"}
	for _, id := range []string{"123456789", "abc", "-5", "0", "99999999999999999999"} {
		apptest.Expect(t, c.Call(http.MethodGet, v1+"dicts/"+id, nil), 404, "A0404", "字典不存在")
		apptest.Expect(t, c.Call(http.MethodPut, v1+"dicts/"+id, body), 404, "A0404", "字典不存在")
		apptest.Expect(t, c.Call(http.MethodDelete, v1+"dicts/"+id, nil), 404, "A0404", "字典不存在")
		itemBody := map[string]any{"dictCode": "x", "name": "名", "value": "v"}
		apptest.Expect(t, c.Call(http.MethodGet, v1+"dict-items/"+id, nil), 404, "A0404", "字典项不存在")
		apptest.Expect(t, c.Call(http.MethodPut, v1+"dict-items/"+id, itemBody), 404, "A0404", "字典项不存在")
		apptest.Expect(t, c.Call(http.MethodDelete, v1+"dict-items/"+id, nil), 404, "A0404", "字典项不存在")
	}
}

func TestDictCodeDuplicates(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	createDict(t, c, "币种", "currency")
	unit := createDict(t, c, "单位", "unit")
	// The check before saving.
	expectDuplicate(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "又一个", "code": "currency"}), codeTaken)
	expectDuplicate(t, c.Call(http.MethodPut, v1+"dicts/"+unit.ID, map[string]any{"name": "单位", "code": "currency"}), codeTaken)

	// Concurrent adds of one code: one wins, the others are told it is taken.
	var wg sync.WaitGroup
	envs := make([]apptest.Envelope, 8)
	for i := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			envs[i] = c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "并发", "code": "race"})
		}()
	}
	wg.Wait()
	won := 0
	for _, env := range envs {
		if env.Code == "201" {
			won++
			continue
		}
		expectTakenOrRaceLost(t, env, codeTaken)
	}
	if won != 1 {
		t.Fatalf("%d concurrent adds of one code succeeded, want 1", won)
	}
	if _, total := listed[dict](t, c, "dicts/page?name="+url.QueryEscape("并发")); total != 1 {
		t.Fatalf("%d dicts saved for one code", total)
	}
}

func TestDuplicatesLostToARaceAreRefusedByTheUniqueIndex(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			createDict(t, c, "币种", "currency")

			apptest.BeatenBy(t, h.DB, "dicts", "id, company_id, name, code, status, remark, created_at, updated_at",
				func(dest any) []any {
					d := dest.(*referencedb.Dict)
					return []any{models.NewID(), d.CompanyID, "抢先", d.Code, 1, "", d.CreatedAt, d.UpdatedAt}
				})
			expectRaceLost(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "单位", "code": "unit"}), codeTaken)

			apptest.BeatenBy(t, h.DB, "dict_items", "id, company_id, dict_code, name, value, sort, status, remark, created_at, updated_at",
				func(dest any) []any {
					it := dest.(*referencedb.DictItem)
					return []any{models.NewID(), it.CompanyID, it.DictCode, "抢先", it.Value, 0, 1, "", it.CreatedAt, it.UpdatedAt}
				})
			expectRaceLost(t, c.Call(http.MethodPost, v1+"dict-items",
				map[string]any{"dictCode": "currency", "name": "美元", "value": "USD"}), valueTaken)

			// The losing saves left nothing behind, their winners included (same transaction).
			if _, total := listed[dict](t, c, "dicts/page"); total != 1 {
				t.Fatalf("%d dicts after the lost race, want 1", total)
			}
			if _, total := listed[item](t, c, "dict-items/page?dictCode=currency"); total != 0 {
				t.Fatalf("%d items after the lost race, want 0", total)
			}
		})
	}
}

func TestItemAddReadPageSelectEditDelete(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	createDict(t, c, "运输方式", "ship")
	createDict(t, c, "单位", "unit")
	env := c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "ship", "name": " 海运 ", "value": " sea ",
		"sort": 3, "remark": "慢"})
	apptest.ExpectOK(t, env)
	var sea item
	env.Into(t, &sea)
	if !decimal.MatchString(sea.ID) || sea.Name != "海运" || sea.Value != "sea" || sea.DictCode != "ship" || sea.Sort != 3 ||
		sea.Status != 1 || sea.Remark != "慢" || !dateTime.MatchString(sea.CreatedAt) || !dateTime.MatchString(sea.UpdatedAt) {
		t.Fatalf("created item = %+v", sea)
	}
	env = c.Call(http.MethodGet, v1+"dict-items/"+sea.ID, nil)
	apptest.ExpectOK(t, env)
	var got item
	env.Into(t, &got)
	if got != sea {
		t.Fatalf("read back %+v, want %+v", got, sea)
	}
	air := createItem(t, c, "ship", "空运", "air", 1)
	express := createItem(t, c, "ship", "快递", "express", 3) // same sort as sea: after it, by id
	env = c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "ship", "name": "铁路", "value": "rail",
		"status": 0})
	apptest.ExpectOK(t, env)
	var rail item
	env.Into(t, &rail)
	createItem(t, c, "unit", "件", "pcs", 0)

	rows, total := listed[item](t, c, "dict-items/page?dictCode=ship")
	order := make([]string, len(rows))
	for i, r := range rows {
		order[i] = r.Value
	}
	if total != 4 || strings.Join(order, ",") != "rail,air,sea,express" {
		t.Fatalf("items by sort then id: total %d, %v", total, order)
	}
	if rows, total = listed[item](t, c, "dict-items/page?dictCode=ship&page=2&limit=3"); total != 4 || len(rows) != 1 || rows[0].ID != express.ID {
		t.Fatalf("page 2 of 3: total %d, rows %+v", total, rows)
	}
	if rows, total = listed[item](t, c, "dict-items/page?dictCode=ship&name="+url.QueryEscape("运")); total != 2 ||
		rows[0].ID != air.ID || rows[1].ID != sea.ID {
		t.Fatalf("name filter: total %d, rows %+v", total, rows)
	}
	if _, total = listed[item](t, c, "dict-items/page"); total != 5 {
		t.Fatalf("every dictionary's items: total %d, want 5", total)
	}
	if rows, total = listed[item](t, c, "dict-items/page?dictCode=nothing"); total != 0 || len(rows) != 0 {
		t.Fatalf("unknown dictionary: total %d, rows %+v", total, rows)
	}

	// The drop-down: enabled items only, by sort; the lookup list: all, by sort, with the name filter.
	if opts := options(t, c, "dict-items/select_list/ship"); fmt.Sprint(opts) != "[{空运 air} {海运 sea} {快递 express}]" {
		t.Fatalf("select_list = %v", opts)
	}
	if opts := options(t, c, "dict-items?dictCode=ship"); fmt.Sprint(opts) != "[{铁路 rail} {空运 air} {海运 sea} {快递 express}]" {
		t.Fatalf("dict-items = %v", opts)
	}
	if opts := options(t, c, "dict-items?dictCode=ship&name="+url.QueryEscape("运")); fmt.Sprint(opts) != "[{空运 air} {海运 sea}]" {
		t.Fatalf("dict-items by name = %v", opts)
	}
	if opts := options(t, c, "dict-items/select_list/nothing"); len(opts) != 0 {
		t.Fatalf("select_list of no dictionary = %v", opts)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"dict-items", nil), 400, "A0400", "字典编码不能为空")
	// A disabled dictionary offers nothing to drop-downs.
	shipDicts, _ := listed[dict](t, c, "dicts/page?name="+url.QueryEscape("运输"))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dicts/"+shipDicts[0].ID, map[string]any{"name": "运输方式", "code": "ship", "status": 0}))
	if opts := options(t, c, "dict-items/select_list/ship"); len(opts) != 0 {
		t.Fatalf("select_list of a disabled dictionary = %v", opts)
	}

	// Edit: absent sort and status stay; the item may move to another of the company's dictionaries.
	h.Clock.Advance(2 * time.Second)
	env = c.Call(http.MethodPut, v1+"dict-items/"+sea.ID, map[string]any{"dictCode": "ship", "name": "海运整柜", "value": "sea_fcl"})
	apptest.ExpectOK(t, env)
	var edited item
	env.Into(t, &edited)
	if edited.ID != sea.ID || edited.Name != "海运整柜" || edited.Value != "sea_fcl" || edited.Sort != 3 || edited.Status != 1 ||
		edited.Remark != "" || edited.CreatedAt != sea.CreatedAt || edited.UpdatedAt == sea.UpdatedAt {
		t.Fatalf("edited = %+v (was %+v)", edited, sea)
	}
	// Saving an item with its own value is no duplicate.
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dict-items/"+sea.ID, map[string]any{"dictCode": "ship", "name": "海运", "value": "sea_fcl", "sort": 0, "status": 0}))
	env = c.Call(http.MethodPut, v1+"dict-items/"+air.ID, map[string]any{"dictCode": "unit", "name": "空运", "value": "air"})
	apptest.ExpectOK(t, env)
	if _, total = listed[item](t, c, "dict-items/page?dictCode=unit"); total != 2 {
		t.Fatalf("unit has %d items after the move, want 2", total)
	}

	env = c.Call(http.MethodDelete, v1+"dict-items/"+rail.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete answered %s", env.Data)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"dict-items/"+rail.ID, nil), 404, "A0404", "字典项不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"dict-items/"+rail.ID, nil), 404, "A0404", "字典项不存在")
}

func TestItemPageLimitIsCapped(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	createDict(t, c, "大字典", "big")
	owner, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	for i := range 105 {
		it := &referencedb.DictItem{CompanyID: owner.CompanyID, DictCode: "big", Name: fmt.Sprintf("项%03d", i),
			Value: fmt.Sprint(i), Sort: i, Status: referencedb.DictEnabled}
		if err := referencedb.CreateDictItem(h.DB, it); err != nil {
			t.Fatal(err)
		}
	}
	rows, total := listed[item](t, c, "dict-items/page?dictCode=big&limit=500")
	if total != 105 || len(rows) != 100 || rows[99].Value != "99" {
		t.Fatalf("limit 500: total %d, %d rows", total, len(rows))
	}
	if rows, total = listed[item](t, c, "dict-items/page?dictCode=big&page=0&limit=0"); total != 105 || len(rows) != 10 || rows[0].Value != "0" {
		t.Fatalf("page 0 limit 0: total %d, %d rows", total, len(rows))
	}
}

func TestItemValidationAndDuplicates(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	createDict(t, c, "币种", "currency")
	usd := createItem(t, c, "currency", "美元", "USD", 1)
	cases := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"dictCode": "", "name": "欧元", "value": "EUR"}, "字典编码不能为空"},
		{map[string]any{"dictCode": "currency", "name": " ", "value": "EUR"}, "字典项名称不能为空"},
		{map[string]any{"dictCode": "currency", "name": strings.Repeat("欧", 51), "value": "EUR"}, "字典项名称不能超过50个字符"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": ""}, "字典项值不能为空"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": strings.Repeat("E", 101)}, "字典项值不能超过100个字符"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": "EUR", "sort": -1}, "排序必须是0到999999之间的整数"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": "EUR", "sort": 1000000}, "排序必须是0到999999之间的整数"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": "EUR", "status": 3}, "状态不正确"},
		{map[string]any{"dictCode": "currency", "name": "欧元", "value": "EUR", "remark": strings.Repeat("备", 201)}, "备注不能超过200个字符"},
		{map[string]any{"dictCode": "nothing", "name": "欧元", "value": "EUR"}, "字典不存在"},
	}
	for _, tc := range cases {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"dict-items", tc.body), 400, "A0400", tc.msg)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"dict-items/"+usd.ID, tc.body), 400, "A0400", tc.msg)
	}
	createItem(t, c, "currency", strings.Repeat("欧", 50), strings.Repeat("E", 100), 999999)

	eur := createItem(t, c, "currency", "欧元", "EUR", 2)
	expectDuplicate(t, c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "currency", "name": "美金", "value": "USD"}), valueTaken)
	expectDuplicate(t, c.Call(http.MethodPut, v1+"dict-items/"+eur.ID, map[string]any{"dictCode": "currency", "name": "欧元", "value": "USD"}), valueTaken)
	// The same value in another dictionary is fine.
	createDict(t, c, "结算币种", "settle_currency")
	createItem(t, c, "settle_currency", "美元", "USD", 1)

	// Nothing of the refused calls was saved or changed.
	if _, total := listed[item](t, c, "dict-items/page?dictCode=currency"); total != 3 {
		t.Fatalf("currency has %d items after refusals, want 3", total)
	}
	var got item
	c.Call(http.MethodGet, v1+"dict-items/"+usd.ID, nil).Into(t, &got)
	if got != usd {
		t.Fatalf("refused edits changed the item: %+v", got)
	}
}

func TestDictWithItemsIsNotDeletedAndItsCodeChangeMovesThem(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	d := createDict(t, c, "运输方式", "ship")
	createDict(t, c, "单位", "unit")
	sea := createItem(t, c, "ship", "海运", "sea", 1)
	createItem(t, c, "ship", "空运", "air", 2)

	apptest.Expect(t, c.Call(http.MethodDelete, v1+"dicts/"+d.ID, nil), 400, "B0001", "删除字典失败，请先删除关联字典数据")
	if _, total := listed[item](t, c, "dict-items/page?dictCode=ship"); total != 2 {
		t.Fatalf("refused delete left %d items, want 2", total)
	}

	// A code taken by another dictionary is refused and moves nothing.
	expectDuplicate(t, c.Call(http.MethodPut, v1+"dicts/"+d.ID, map[string]any{"name": "运输方式", "code": "unit"}), codeTaken)
	// A new code takes the items along, in the same transaction.
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dicts/"+d.ID, map[string]any{"name": "运输方式", "code": "shipping"}))
	if _, total := listed[item](t, c, "dict-items/page?dictCode=ship"); total != 0 {
		t.Fatalf("%d items left under the old code", total)
	}
	if opts := options(t, c, "dict-items/select_list/shipping"); fmt.Sprint(opts) != "[{海运 sea} {空运 air}]" {
		t.Fatalf("items under the new code = %v", opts)
	}
	var moved item
	c.Call(http.MethodGet, v1+"dict-items/"+sea.ID, nil).Into(t, &moved)
	if moved.DictCode != "shipping" {
		t.Fatalf("moved item = %+v", moved)
	}
	// The old code is free again, for a new dictionary with its own items.
	createDict(t, c, "旧编码", "ship")
	createItem(t, c, "ship", "海运", "sea", 1)

	// Once its items are gone the dictionary goes.
	for _, it := range options(t, c, "dict-items?dictCode=shipping") {
		rows, _ := listed[item](t, c, "dict-items/page?dictCode=shipping&name="+url.QueryEscape(it.Name))
		apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"dict-items/"+rows[0].ID, nil))
	}
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"dicts/"+d.ID, nil))
}

func TestCompaniesNeverSeeOrTouchEachOthersDictionaries(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	ad := createDict(t, a, "运输方式", "ship")
	ai := createItem(t, a, "ship", "海运", "sea", 1)

	// B lists nothing of A's.
	if rows, total := listed[dict](t, b, "dicts/page"); total != 0 || len(rows) != 0 {
		t.Fatalf("B's dict page: total %d, %+v", total, rows)
	}
	if rows, total := listed[item](t, b, "dict-items/page?dictCode=ship"); total != 0 || len(rows) != 0 {
		t.Fatalf("B's item page: total %d, %+v", total, rows)
	}
	if _, total := listed[item](t, b, "dict-items/page"); total != 0 {
		t.Fatalf("B's page of all items: total %d", total)
	}
	if opts := options(t, b, "dict-items/select_list/ship"); len(opts) != 0 {
		t.Fatalf("B's select_list = %v", opts)
	}
	if opts := options(t, b, "dict-items?dictCode=ship"); len(opts) != 0 {
		t.Fatalf("B's dict-items = %v", opts)
	}
	// B can neither read, change nor delete A's dictionary or item by id.
	apptest.Expect(t, b.Call(http.MethodGet, v1+"dicts/"+ad.ID, nil), 404, "A0404", "字典不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"dicts/"+ad.ID, map[string]any{"name": "偷改", "code": "stolen"}), 404, "A0404", "字典不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"dicts/"+ad.ID, nil), 404, "A0404", "字典不存在")
	apptest.Expect(t, b.Call(http.MethodGet, v1+"dict-items/"+ai.ID, nil), 404, "A0404", "字典项不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"dict-items/"+ai.ID, map[string]any{"dictCode": "ship", "name": "偷改", "value": "x"}), 404, "A0404", "字典项不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"dict-items/"+ai.ID, nil), 404, "A0404", "字典项不存在")
	// Nor add items to it.
	apptest.Expect(t, b.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "ship", "name": "空运", "value": "air"}),
		400, "A0400", "字典不存在")

	// B uses the same code and value on its own.
	bd := createDict(t, b, "物流方式", "ship")
	bi := createItem(t, b, "ship", "海运（乙）", "sea", 5)
	if opts := options(t, b, "dict-items/select_list/ship"); fmt.Sprint(opts) != "[{海运（乙） sea}]" {
		t.Fatalf("B's own select_list = %v", opts)
	}
	// B's own code is taken for B now.
	expectDuplicate(t, b.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "x", "code": "ship"}), codeTaken)
	// Moving B's item into a code only A has is refused: that dictionary is not B's.
	createDict(t, a, "单位", "unit")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"dict-items/"+bi.ID, map[string]any{"dictCode": "unit", "name": "x", "value": "x"}),
		400, "A0400", "字典不存在")
	// B's code change moves B's items only.
	apptest.ExpectOK(t, b.Call(http.MethodPut, v1+"dicts/"+bd.ID, map[string]any{"name": "物流方式", "code": "logistics"}))

	// A's data is as A left it.
	var gotD dict
	a.Call(http.MethodGet, v1+"dicts/"+ad.ID, nil).Into(t, &gotD)
	var gotI item
	a.Call(http.MethodGet, v1+"dict-items/"+ai.ID, nil).Into(t, &gotI)
	if gotD != ad || gotI != ai {
		t.Fatalf("A's data changed: %+v %+v", gotD, gotI)
	}
	if opts := options(t, a, "dict-items/select_list/ship"); fmt.Sprint(opts) != "[{海运 sea}]" {
		t.Fatalf("A's select_list = %v", opts)
	}
	if rows, total := listed[dict](t, a, "dicts/page"); total != 2 || rows[0].Code != "ship" {
		t.Fatalf("A's page: total %d, %+v", total, rows)
	}
}

func TestDictRulesOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			d := createDict(t, c, "运输方式", "ship")
			sea := createItem(t, c, "ship", "海运", "sea", 2)
			createItem(t, c, "ship", "空运", "air", 1)
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"dicts/"+d.ID, nil), 400, "B0001", "删除字典失败，请先删除关联字典数据")
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dicts/"+d.ID, map[string]any{"name": "运输方式", "code": "shipping"}))
			if opts := options(t, c, "dict-items/select_list/shipping"); fmt.Sprint(opts) != "[{空运 air} {海运 sea}]" {
				t.Fatalf("items under the new code = %v", opts)
			}
			expectDuplicate(t, c.Call(http.MethodPut, v1+"dict-items/"+sea.ID,
				map[string]any{"dictCode": "shipping", "name": "海运", "value": "air"}), valueTaken)

			// Concurrent adds of one item value: one wins, the others are told it is taken.
			var wg sync.WaitGroup
			envs := make([]apptest.Envelope, 8)
			for i := range envs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					envs[i] = c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "shipping", "name": "铁路", "value": "rail"})
				}()
			}
			wg.Wait()
			won := 0
			for _, env := range envs {
				if env.Code == "201" {
					won++
					continue
				}
				expectTakenOrRaceLost(t, env, valueTaken)
			}
			if _, total := listed[item](t, c, "dict-items/page?dictCode=shipping"); won != 1 || total != 3 {
				t.Fatalf("%d concurrent adds won, %d items, want 1 and 3", won, total)
			}
		})
	}
}
