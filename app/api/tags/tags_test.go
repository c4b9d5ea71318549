package tags_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

const v1 = "/admin/api/v1/"

type group struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type tag struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	GroupID   string `json:"groupId"`
	GroupName string `json:"groupName"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Size    int   `json:"size"`
	Current int   `json:"current"`
	Pages   int64 `json:"pages"`
}

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	decimal  = regexp.MustCompile(`^\d+$`)
)

func createGroup(t *testing.T, c *apptest.Client, name string) group {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": name, "remark": "备注" + name})
	apptest.ExpectOK(t, env)
	var g group
	env.Into(t, &g)
	return g
}

func createTag(t *testing.T, c *apptest.Client, groupID, name, color string) tag {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"tags", map[string]any{"name": name, "color": color, "groupId": groupID})
	apptest.ExpectOK(t, env)
	var tg tag
	env.Into(t, &tg)
	return tg
}

func list[T any](t *testing.T, c *apptest.Client, path string, body map[string]any) page[T] {
	t.Helper()
	env := c.Call(http.MethodPost, v1+path, body)
	apptest.ExpectOK(t, env)
	var p page[T]
	env.Into(t, &p)
	if p.Records == nil {
		t.Fatalf("%s: records is null in %s", path, env.Data)
	}
	return p
}

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"POST tagGroups/page", "GET tagGroups/options", "GET tagGroups/1", "POST tagGroups",
		"PUT tagGroups/1", "DELETE tagGroups/1", "POST tags/page", "GET tags/1", "POST tags", "PUT tags/1", "DELETE tags/1"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestReadingNeedsASessionOnlyAndChangingTheButtonPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	g := createGroup(t, admin, "颜色")
	tg := createTag(t, admin, g.ID, "红色", "#FF0000")
	empty := createGroup(t, admin, "空分组")

	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	if p := list[group](t, clerk, "tagGroups/page", nil); p.Total != 2 {
		t.Fatalf("clerk's groups = %+v", p)
	}
	if p := list[tag](t, clerk, "tags/page", nil); p.Total != 1 {
		t.Fatalf("clerk's tags = %+v", p)
	}
	apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"tagGroups/options", nil))
	apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"tagGroups/"+g.ID, nil))
	apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"tags/"+tg.ID, nil))
	type call struct {
		method, path string
		body         map[string]any
	}
	calls := map[string]call{
		"sys:taggroup:add":    {http.MethodPost, "tagGroups", map[string]any{"name": "季节"}},
		"sys:taggroup:edit":   {http.MethodPut, "tagGroups/" + g.ID, map[string]any{"name": "颜色"}},
		"sys:taggroup:delete": {http.MethodDelete, "tagGroups/" + empty.ID, nil},
		"sys:tag:add":         {http.MethodPost, "tags", map[string]any{"name": "蓝色", "groupId": g.ID}},
		"sys:tag:edit":        {http.MethodPut, "tags/" + tg.ID, map[string]any{"name": "红色", "groupId": g.ID}},
		"sys:tag:delete":      {http.MethodDelete, "tags/" + tg.ID, nil},
	}
	for _, r := range calls {
		apptest.Expect(t, clerk.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
	}
	// Each button permission opens its own call only.
	phones := map[string]string{"sys:taggroup:add": "13900000002", "sys:taggroup:edit": "13900000003",
		"sys:tag:add": "13900000004", "sys:tag:edit": "13900000005", "sys:tag:delete": "13900000006",
		"sys:taggroup:delete": "13900000007"}
	for _, perm := range []string{"sys:taggroup:add", "sys:taggroup:edit", "sys:tag:add", "sys:tag:edit", "sys:tag:delete", "sys:taggroup:delete"} {
		u, _ := h.RestrictedUser(phones[perm], nil, []string{perm})
		for other, r := range calls {
			if other != perm {
				apptest.Expect(t, u.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
			}
		}
		apptest.ExpectOK(t, u.Call(calls[perm].method, v1+calls[perm].path, calls[perm].body))
	}
}

func TestGroupAddReadPageEditDelete(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	g := createGroup(t, c, " 颜色 ")
	if !decimal.MatchString(g.ID) || g.Name != "颜色" || g.Remark != "备注 颜色 " && g.Remark != "备注 颜色" ||
		!dateTime.MatchString(g.CreatedAt) || !dateTime.MatchString(g.UpdatedAt) {
		t.Fatalf("created = %+v", g)
	}
	createGroup(t, c, "季节")
	createGroup(t, c, "材质")
	p := list[group](t, c, "tagGroups/page", map[string]any{"currentpage": 1, "pagesize": 2, "sort": "name", "order": "desc"})
	if p.Total != 3 || p.Size != 2 || p.Current != 1 || p.Pages != 2 || len(p.Records) != 2 {
		t.Fatalf("page = %+v", p)
	}
	// An unknown sort is not SQL: the list falls back to its name order.
	p = list[group](t, c, "tagGroups/page", map[string]any{"sort": "name; DROP TABLE tags", "name": "颜"})
	if p.Total != 1 || p.Records[0].ID != g.ID || p.Size != 10 {
		t.Fatalf("filtered = %+v", p)
	}
	env := c.Call(http.MethodGet, v1+"tagGroups/options", nil)
	apptest.ExpectOK(t, env)
	var opts []struct{ ID, Name string }
	env.Into(t, &opts)
	if len(opts) != 3 {
		t.Fatalf("options = %+v", opts)
	}
	env = c.Call(http.MethodGet, v1+"tagGroups/"+g.ID, nil)
	apptest.ExpectOK(t, env)
	env = c.Call(http.MethodPut, v1+"tagGroups/"+g.ID, map[string]any{"name": "色彩", "remark": ""})
	apptest.ExpectOK(t, env)
	var edited group
	env.Into(t, &edited)
	if edited.ID != g.ID || edited.Name != "色彩" || edited.Remark != "" || edited.CreatedAt != g.CreatedAt {
		t.Fatalf("edited = %+v", edited)
	}
	env = c.Call(http.MethodDelete, v1+"tagGroups/"+g.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete answered %s", env.Data)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"tagGroups/"+g.ID, nil), 404, "A0404", "标签分组不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"tagGroups/"+g.ID, nil), 404, "A0404", "标签分组不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"tagGroups/abc", map[string]any{"name": "x"}), 404, "A0404", "标签分组不存在")
}

func TestTagAddReadPageEditDeleteAndTheGroupRule(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	colors := createGroup(t, c, "颜色")
	seasons := createGroup(t, c, "季节")
	red := createTag(t, c, colors.ID, "红色", "#ff0000")
	if !decimal.MatchString(red.ID) || red.GroupID != colors.ID || red.GroupName != "颜色" || red.Color != "#ff0000" ||
		!dateTime.MatchString(red.CreatedAt) {
		t.Fatalf("created = %+v", red)
	}
	createTag(t, c, colors.ID, "蓝色", "")
	createTag(t, c, seasons.ID, "夏季", "#00AA00")
	if p := list[tag](t, c, "tags/page", map[string]any{"groupId": colors.ID}); p.Total != 2 {
		t.Fatalf("颜色's tags = %+v", p)
	}
	if p := list[tag](t, c, "tags/page", map[string]any{"name": "夏"}); p.Total != 1 || p.Records[0].GroupName != "季节" {
		t.Fatalf("夏 = %+v", p)
	}
	if p := list[tag](t, c, "tags/page", map[string]any{"groupId": "nonsense"}); p.Total != 0 {
		t.Fatalf("bad group filter = %+v", p)
	}

	apptest.Expect(t, c.Call(http.MethodDelete, v1+"tagGroups/"+colors.ID, nil), 400, "B0001", "标签分组下还有标签，不能删除")
	// Moving a tag to another group goes with an edit.
	env := c.Call(http.MethodPut, v1+"tags/"+red.ID, map[string]any{"name": "大红", "color": "#CC0000", "groupId": seasons.ID, "remark": "热卖"})
	apptest.ExpectOK(t, env)
	var edited tag
	env.Into(t, &edited)
	if edited.Name != "大红" || edited.GroupID != seasons.ID || edited.GroupName != "季节" || edited.Remark != "热卖" {
		t.Fatalf("edited = %+v", edited)
	}
	env = c.Call(http.MethodGet, v1+"tags/"+red.ID, nil)
	apptest.ExpectOK(t, env)
	var read tag
	env.Into(t, &read)
	if read != edited {
		t.Fatalf("read %+v, edited %+v", read, edited)
	}
	blue := list[tag](t, c, "tags/page", map[string]any{"groupId": colors.ID}).Records[0]
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tags/"+blue.ID, nil))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tagGroups/"+colors.ID, nil))
	apptest.Expect(t, c.Call(http.MethodGet, v1+"tags/"+blue.ID, nil), 404, "A0404", "标签不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"tags/"+blue.ID, nil), 404, "A0404", "标签不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"tags/"+blue.ID, map[string]any{"name": "x", "groupId": seasons.ID}), 404, "A0404", "标签不存在")
}

func TestValidationAndDuplicates(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	g := createGroup(t, c, "颜色")
	long := strings.Repeat("长", 51)
	for body, msg := range map[string]map[string]any{
		"标签分组名称不能为空":      {"name": "  "},
		"标签分组名称不能超过50个字符": {"name": long},
		"备注不能超过200个字符":    {"name": "x", "remark": strings.Repeat("长", 201)},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"tagGroups", msg), 400, "A0400", body)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"tagGroups/"+g.ID, msg), 400, "A0400", body)
	}
	for msg, body := range map[string]map[string]any{
		"标签名称不能为空":          {"name": "", "groupId": g.ID},
		"标签名称不能超过50个字符":     {"name": long, "groupId": g.ID},
		"颜色格式不正确，应为#RRGGBB": {"name": "x", "groupId": g.ID, "color": "red"},
		"请选择标签分组":           {"name": "x", "groupId": " "},
		"标签分组不存在":           {"name": "x", "groupId": "123"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"tags", body), 400, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "颜色"}), 400, "B0001", "标签分组名称已存在")
	other := createGroup(t, c, "季节")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"tagGroups/"+other.ID, map[string]any{"name": "颜色"}), 400, "B0001", "标签分组名称已存在")
	red := createTag(t, c, g.ID, "红色", "")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"tags", map[string]any{"name": "红色", "groupId": other.ID}), 400, "B0001", "标签名称已存在")
	blue := createTag(t, c, g.ID, "蓝色", "")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"tags/"+blue.ID, map[string]any{"name": "红色", "groupId": g.ID}), 400, "B0001", "标签名称已存在")
	// Saving a record under its own name is no duplicate.
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"tags/"+red.ID, map[string]any{"name": "红色", "groupId": g.ID}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"tagGroups/"+g.ID, map[string]any{"name": "颜色"}))
	// Nothing refused was written.
	if p := list[tag](t, c, "tags/page", nil); p.Total != 2 {
		t.Fatalf("tags after refusals = %+v", p)
	}
}

func TestCompaniesNeverSeeOrTouchEachOthersTags(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	ga := createGroup(t, a, "颜色")
	ta := createTag(t, a, ga.ID, "红色", "")
	// The same names are free in another company.
	gb := createGroup(t, b, "颜色")
	createTag(t, b, gb.ID, "红色", "")
	if p := list[tag](t, b, "tags/page", nil); p.Total != 1 || p.Records[0].GroupID != gb.ID {
		t.Fatalf("乙's tags = %+v", p)
	}
	apptest.Expect(t, b.Call(http.MethodGet, v1+"tagGroups/"+ga.ID, nil), 404, "A0404", "标签分组不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"tagGroups/"+ga.ID, map[string]any{"name": "偷"}), 404, "A0404", "标签分组不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"tagGroups/"+ga.ID, nil), 404, "A0404", "标签分组不存在")
	apptest.Expect(t, b.Call(http.MethodGet, v1+"tags/"+ta.ID, nil), 404, "A0404", "标签不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"tags/"+ta.ID, map[string]any{"name": "偷", "groupId": gb.ID}), 404, "A0404", "标签不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"tags/"+ta.ID, nil), 404, "A0404", "标签不存在")
	// Nor put a tag into another company's group.
	apptest.Expect(t, b.Call(http.MethodPost, v1+"tags", map[string]any{"name": "蓝色", "groupId": ga.ID}), 400, "A0400", "标签分组不存在")
	env := a.Call(http.MethodGet, v1+"tags/"+ta.ID, nil)
	apptest.ExpectOK(t, env)
	var still tag
	env.Into(t, &still)
	if still.Name != "红色" || still.GroupID != ga.ID {
		t.Fatalf("甲's tag after 乙's attempts = %+v", still)
	}
	if p := list[group](t, a, "tagGroups/page", nil); p.Total != 1 {
		t.Fatalf("甲's groups = %+v", p)
	}
}
