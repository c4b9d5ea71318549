package menus_test

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models"
	admindb "sellerhub/models/admin"
)

const adminAPI = "/admin/api/v1/menus/admin"

type adminPermission struct {
	ID      string `json:"id"`
	MenuID  string `json:"menuId"`
	Code    string `json:"code"`
	Name    string `json:"name"`
	Builtin bool   `json:"builtin"`
}

type adminMenu struct {
	ID          string            `json:"id"`
	ParentID    string            `json:"parentId"`
	Level       int               `json:"level"`
	Title       string            `json:"title"`
	Path        string            `json:"path"`
	Icon        string            `json:"icon"`
	Redirect    string            `json:"redirect"`
	OldID       string            `json:"oldId"`
	Sort        int               `json:"sort"`
	Hidden      bool              `json:"hidden"`
	KeepAlive   bool              `json:"keepAlive"`
	Builtin     bool              `json:"builtin"`
	Permissions []adminPermission `json:"permissions"`
	Children    []adminMenu       `json:"children"`
}

type adminTree struct {
	Editable bool        `json:"editable"`
	Icons    []string    `json:"icons"`
	Menus    []adminMenu `json:"menus"`
}

var decimal = regexp.MustCompile(`^\d+$`)

func platformAdmin(t *testing.T, h *apptest.Harness) *apptest.Client {
	t.Helper()
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

func tree(t *testing.T, c *apptest.Client) adminTree {
	t.Helper()
	env := c.Call(http.MethodGet, adminAPI+"/tree", nil)
	apptest.ExpectOK(t, env)
	var tr adminTree
	env.Into(t, &tr)
	return tr
}

// entry finds the entry under the titles given (group, heading, link).
func entry(t *testing.T, menus []adminMenu, titles ...string) adminMenu {
	t.Helper()
	for _, m := range menus {
		if m.Title == titles[0] {
			if len(titles) == 1 {
				return m
			}
			return entry(t, m.Children, titles[1:]...)
		}
	}
	t.Fatalf("no entry %q", titles[0])
	return adminMenu{}
}

// routeTitles lists the titles of the links of menus/route under group > heading.
func routeTitles(t *testing.T, c *apptest.Client, group, heading string) []string {
	t.Helper()
	for _, g := range routes(t, c) {
		if g.Meta.Title != group {
			continue
		}
		for _, hd := range g.Children {
			if hd.Meta.Title == heading {
				var out []string
				for _, l := range hd.Children {
					out = append(out, l.Meta.Title)
				}
				return out
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func create(t *testing.T, c *apptest.Client, body map[string]any) adminMenu {
	t.Helper()
	env := c.Call(http.MethodPost, adminAPI+"/menus", body)
	apptest.ExpectOK(t, env)
	var m adminMenu
	env.Into(t, &m)
	return m
}

func createPermission(t *testing.T, c *apptest.Client, menuID, code, name string) adminPermission {
	t.Helper()
	env := c.Call(http.MethodPost, adminAPI+"/permissions", map[string]string{"menuId": menuID, "code": code, "name": name})
	apptest.ExpectOK(t, env)
	var p adminPermission
	env.Into(t, &p)
	return p
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func countMenus(t *testing.T, h *apptest.Harness) int64 {
	t.Helper()
	var n int64
	if err := h.DB.Model(&admindb.Menu{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestMenuAdminTreeShape(t *testing.T) {
	h := apptest.Start(t)
	tr := tree(t, platformAdmin(t, h))
	if !tr.Editable || len(tr.Icons) < 10 || len(tr.Menus) != 10 {
		t.Fatalf("tree: editable %v, %d icons, %d groups", tr.Editable, len(tr.Icons), len(tr.Menus))
	}
	sys := entry(t, tr.Menus, "系统")
	if sys.Level != 1 || sys.ParentID != "0" || sys.Icon != "Workbench" || sys.Redirect != "/sys/subuser" || !sys.Builtin ||
		!decimal.MatchString(sys.ID) || sys.Permissions == nil {
		t.Fatalf("系统: %+v", sys)
	}
	heading := entry(t, tr.Menus, "系统", "用户与权限")
	link := entry(t, tr.Menus, "系统", "用户与权限", "菜单管理")
	if heading.Level != 2 || heading.ParentID != sys.ID || link.Level != 3 || link.ParentID != heading.ID ||
		link.Path != "/sys/menu" || !link.KeepAlive || link.Children == nil || len(link.Children) != 0 {
		t.Fatalf("heading %+v, link %+v", heading, link)
	}
	var codes []string
	for _, p := range link.Permissions {
		if !p.Builtin || p.MenuID != link.ID || !decimal.MatchString(p.ID) || p.Name == "" {
			t.Fatalf("permission %+v", p)
		}
		codes = append(codes, p.Code)
	}
	if len(codes) != 3 || !contains(codes, "sys:menu:add") || !contains(codes, "sys:menu:edit") || !contains(codes, "sys:menu:delete") {
		t.Fatalf("菜单管理's permissions: %v", codes)
	}
	for i := 1; i < len(tr.Menus); i++ {
		if tr.Menus[i].Sort < tr.Menus[i-1].Sort {
			t.Fatalf("groups not in order: %d after %d", tr.Menus[i].Sort, tr.Menus[i-1].Sort)
		}
	}
}

// writes are every changing call with a harmless body; ids name nothing in particular.
func writes(menuID, permID string) [][3]any {
	return [][3]any{
		{http.MethodPost, adminAPI + "/menus", map[string]any{"parentId": "0", "title": "新分组"}},
		{http.MethodPut, adminAPI + "/menus/" + menuID, map[string]any{"title": "改名"}},
		{http.MethodDelete, adminAPI + "/menus/" + menuID, nil},
		{http.MethodPut, adminAPI + "/sort", map[string]any{"parentId": "0", "ids": []string{menuID}}},
		{http.MethodPost, adminAPI + "/permissions", map[string]any{"menuId": menuID, "code": "x:y", "name": "甲"}},
		{http.MethodPut, adminAPI + "/permissions/" + permID, map[string]any{"code": "x:y", "name": "甲"}},
		{http.MethodDelete, adminAPI + "/permissions/" + permID, nil},
	}
}

func TestMenuAdminNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.Expect(t, c.Call(http.MethodGet, adminAPI+"/tree", nil), 403, "A0231", "token已被禁止访问")
	for _, w := range writes("1", "1") {
		apptest.Expect(t, c.Call(w[0].(string), w[1].(string), w[2]), 403, "A0231", "token已被禁止访问")
	}
}

func TestCompanyAdminsReadTheMenuButOnlyPlatformAdminsChangeIt(t *testing.T) {
	h := apptest.Start(t)
	admin := platformAdmin(t, h)
	link := entry(t, tree(t, admin).Menus, "系统", "基础设置", "数据字典")
	mine := create(t, admin, map[string]any{"parentId": entry(t, tree(t, admin).Menus, "系统", "基础设置").ID, "title": "测试链接", "path": "/sys/menu-test"})
	perm := createPermission(t, admin, mine.ID, "sys:menutest:add", "新增")
	before := countMenus(t, h)

	// The owner of another company holds every permission of their company, sys:menu:* included, and reads the
	// menu; changing it would change every company's product.
	owner := h.SignedIn("13600000001", "乙公司")
	if tr := tree(t, owner); tr.Editable || len(tr.Menus) != 10 {
		t.Fatalf("company owner: editable %v, %d groups", tr.Editable, len(tr.Menus))
	}
	// So does a member holding the demo company's admin role: the platform admin is an account, not a role.
	member := h.Member(apptest.AdminAccount, "13600000002", true)
	for _, c := range []*apptest.Client{owner, member} {
		for _, w := range writes(mine.ID, perm.ID) {
			apptest.Expect(t, c.Call(w[0].(string), w[1].(string), w[2]), 401, "A0301", "访问未授权")
		}
	}
	if n := countMenus(t, h); n != before {
		t.Fatalf("menus %d, was %d", n, before)
	}
	after := tree(t, admin)
	if got := entry(t, after.Menus, "系统", "基础设置", "测试链接"); len(got.Permissions) != 1 || got.Permissions[0].Code != "sys:menutest:add" {
		t.Fatalf("the link changed: %+v", got)
	}
	if got := entry(t, after.Menus, "系统", "基础设置", "数据字典"); got.Title != link.Title || got.Sort != link.Sort {
		t.Fatalf("数据字典 changed: %+v", got)
	}
}

func TestMenuAdminNeedsTheScreenAndItsPermissions(t *testing.T) {
	h := apptest.Start(t)
	// Without the screen, not even the tree; with it but without the button permissions, no change.
	outsider, _ := h.RestrictedUser("13600000003", []string{"sys.dict"}, nil)
	apptest.Expect(t, outsider.Call(http.MethodGet, adminAPI+"/tree", nil), 401, "A0301", "访问未授权")
	reader, _ := h.RestrictedUser("13600000004", []string{"sys.menu"}, nil)
	if tr := tree(t, reader); tr.Editable {
		t.Fatal("a member without the platform admin's account may edit")
	}
	for _, w := range writes("1", "1") {
		apptest.Expect(t, reader.Call(w[0].(string), w[1].(string), w[2]), 401, "A0301", "访问未授权")
	}
}

// A platform admin who is also a restricted member elsewhere is still refused without the button permission:
// the account list adds a check, it does not replace the grants.
func TestPlatformAdminStillNeedsTheButtonPermissions(t *testing.T) {
	h := apptest.Start(t, apptest.WithConfig(func(c *config.Config) { c.PlatformAdmins = []string{"13600000005"} }))
	c, _ := h.RestrictedUser("13600000005", []string{"sys.menu"}, []string{"sys:menu:add"})
	if !tree(t, c).Editable {
		t.Fatal("the configured account is not a platform admin")
	}
	create(t, c, map[string]any{"parentId": "0", "title": "运营"})
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/1", nil), 401, "A0301", "访问未授权")
	// And the seeded admin, no longer in the list, may not change anything.
	apptest.Expect(t, platformAdmin(t, h).Call(http.MethodPost, adminAPI+"/menus", map[string]any{"parentId": "0", "title": "运营2"}),
		401, "A0301", "访问未授权")
}

func TestCreateMenuChecksItsFields(t *testing.T) {
	h := apptest.Start(t)
	c := platformAdmin(t, h)
	tr := tree(t, c)
	heading := entry(t, tr.Menus, "系统", "基础设置")
	link := entry(t, tr.Menus, "系统", "基础设置", "数据字典")
	before := countMenus(t, h)
	long := "一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一"
	for _, tc := range []struct {
		body      map[string]any
		status    int
		code, msg string
	}{
		{map[string]any{"parentId": heading.ID, "title": " ", "path": "/x"}, 400, "A0400", "菜单名称不能为空"},
		{map[string]any{"parentId": heading.ID, "title": long, "path": "/x"}, 400, "A0400", "菜单名称不能超过50个字符"},
		{map[string]any{"parentId": heading.ID, "title": "链接"}, 400, "A0400", "路径不能为空"},
		{map[string]any{"parentId": heading.ID, "title": "链接", "path": "sys/x"}, 400, "A0400", "路径必须以/开头"},
		{map[string]any{"parentId": heading.ID, "title": "链接", "path": "/sys/dict"}, 400, "B0001", "路径已存在"},
		{map[string]any{"parentId": "0", "title": "分组", "icon": "rocket"}, 400, "A0400", "图标不存在"},
		{map[string]any{"parentId": "0", "title": "分组", "redirect": "sys"}, 400, "A0400", "重定向路径必须以/开头"},
		{map[string]any{"parentId": "0", "title": "分组", "sort": 10000}, 400, "A0400", "排序必须是0到9999之间的整数"},
		{map[string]any{"parentId": "0", "title": "分组", "sort": -1}, 400, "A0400", "排序必须是0到9999之间的整数"},
		{map[string]any{"parentId": "0", "title": "分组", "oldId": long}, 400, "A0400", "旧系统ID不能超过50个字符"},
		{map[string]any{"parentId": "123", "title": "分组"}, 400, "A0400", "上级菜单不存在"},
		{map[string]any{"parentId": "", "title": "分组"}, 400, "A0400", "上级菜单不存在"},
		{map[string]any{"parentId": link.ID, "title": "四级", "path": "/x"}, 400, "A0400", "菜单最多三级，链接下不能再添加菜单"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, adminAPI+"/menus", tc.body), tc.status, tc.code, tc.msg)
	}
	if n := countMenus(t, h); n != before {
		t.Fatalf("refused creates stored something: %d menus, was %d", n, before)
	}

	// Each level keeps its own fields: a group its icon and redirect, a link its path; the rest is dropped.
	g := create(t, c, map[string]any{"parentId": "0", "title": " 运营 ", "icon": "platform", "redirect": "/ops/a", "path": "/ignored", "oldId": "99"})
	if g.Level != 1 || g.Title != "运营" || g.Icon != "platform" || g.Redirect != "/ops/a" || g.Path != "" || g.OldID != "99" ||
		!g.KeepAlive || g.Hidden || g.Builtin || g.Sort <= entry(t, tr.Menus, "系统").Sort || g.Permissions == nil || g.Children == nil {
		t.Fatalf("group: %+v", g)
	}
	hd := create(t, c, map[string]any{"parentId": g.ID, "title": "报表"})
	if hd.Level != 2 || hd.ParentID != g.ID || hd.Sort != 10 {
		t.Fatalf("heading: %+v", hd)
	}
	l := create(t, c, map[string]any{"parentId": hd.ID, "title": "日报", "path": "/ops/daily", "redirect": "/x", "sort": 5, "hidden": true, "keepAlive": false})
	if l.Level != 3 || l.Path != "/ops/daily" || l.Redirect != "" || l.Sort != 5 || !l.Hidden || l.KeepAlive {
		t.Fatalf("link: %+v", l)
	}
	if got := entry(t, tree(t, c).Menus, "运营", "报表", "日报"); got.ID != l.ID {
		t.Fatalf("tree has %+v", got)
	}
}

func TestAMenuChangeReachesEveryCompanysUsers(t *testing.T) {
	h := apptest.Start(t)
	admin := platformAdmin(t, h)
	owner := h.SignedIn("13600000011", "乙公司")
	// The owner's menu is built and cached now; the change below must still reach their next call.
	if got := routeTitles(t, owner, "系统", "基础设置"); contains(got, "测试链接") {
		t.Fatalf("before: %v", got)
	}
	heading := entry(t, tree(t, admin).Menus, "系统", "基础设置")
	link := create(t, admin, map[string]any{"parentId": heading.ID, "title": "测试链接", "path": "/sys/menu-test"})
	if got := routeTitles(t, owner, "系统", "基础设置"); !contains(got, "测试链接") {
		t.Fatalf("after create: %v", got)
	}
	createPermission(t, admin, link.ID, "sys:menutest:export", "导出")
	if rs := routes(t, owner); !contains(rs[0].Meta.Permissions, "sys:menutest:export") {
		t.Fatal("the new permission did not reach the owner")
	}
	apptest.ExpectOK(t, admin.Call(http.MethodPut, adminAPI+"/menus/"+link.ID, map[string]any{"title": "测试链接2", "path": "/sys/menu-test", "hidden": true}))
	if got := routeTitles(t, owner, "系统", "基础设置"); contains(got, "测试链接") || contains(got, "测试链接2") {
		t.Fatalf("hidden, still shown: %v", got)
	}
	if got := entry(t, tree(t, admin).Menus, "系统", "基础设置", "测试链接2"); !got.Hidden {
		t.Fatalf("the tree shows hidden entries as hidden: %+v", got)
	}
	apptest.ExpectOK(t, admin.Call(http.MethodPut, adminAPI+"/menus/"+link.ID, map[string]any{"title": "测试链接3", "path": "/sys/menu-test"}))
	if got := routeTitles(t, owner, "系统", "基础设置"); !contains(got, "测试链接3") {
		t.Fatalf("shown again, renamed: %v", got)
	}
	apptest.ExpectOK(t, admin.Call(http.MethodDelete, adminAPI+"/menus/"+link.ID, nil))
	if got := routeTitles(t, owner, "系统", "基础设置"); contains(got, "测试链接3") {
		t.Fatalf("deleted, still shown: %v", got)
	}
	if rs := routes(t, owner); contains(rs[0].Meta.Permissions, "sys:menutest:export") {
		t.Fatal("the deleted link's permission is still held")
	}
}

func TestUpdateMenu(t *testing.T) {
	h := apptest.Start(t)
	c := platformAdmin(t, h)
	tr := tree(t, c)
	sys := entry(t, tr.Menus, "系统")
	settings := entry(t, tr.Menus, "系统", "基础设置")
	access := entry(t, tr.Menus, "系统", "用户与权限")
	dict := entry(t, tr.Menus, "系统", "基础设置", "数据字典")
	link := create(t, c, map[string]any{"parentId": settings.ID, "title": "测试链接", "path": "/sys/menu-test"})
	put := func(id string, body map[string]any) apptest.Envelope {
		return c.Call(http.MethodPut, adminAPI+"/menus/"+id, body)
	}

	// Moving keeps the level: a link goes under another heading, at its end.
	env := put(link.ID, map[string]any{"parentId": access.ID, "title": "测试链接", "path": "/sys/menu-test"})
	apptest.ExpectOK(t, env)
	var moved adminMenu
	env.Into(t, &moved)
	if moved.ParentID != access.ID || moved.Level != 3 || moved.Sort <= entry(t, tr.Menus, "系统", "用户与权限", "操作日志").Sort {
		t.Fatalf("moved: %+v", moved)
	}
	// Without parentId the entry stays where it is.
	apptest.ExpectOK(t, put(link.ID, map[string]any{"title": "测试链接", "path": "/sys/menu-test", "sort": 1}))
	if got := entry(t, tree(t, c).Menus, "系统", "用户与权限", "测试链接"); got.Sort != 1 {
		t.Fatalf("sort: %+v", got)
	}

	for _, tc := range []struct {
		id        string
		body      map[string]any
		status    int
		code, msg string
	}{
		{sys.ID, map[string]any{"parentId": settings.ID, "title": "系统"}, 400, "A0400", "不能移动到自己或下级菜单"},
		{sys.ID, map[string]any{"parentId": sys.ID, "title": "系统"}, 400, "A0400", "不能移动到自己或下级菜单"},
		{settings.ID, map[string]any{"parentId": dict.ID, "title": "基础设置"}, 400, "A0400", "不能移动到自己或下级菜单"},
		{settings.ID, map[string]any{"parentId": entry(t, tr.Menus, "系统", "用户与权限", "角色授权").ID, "title": "基础设置"}, 400, "A0400", "只能移动到同一级别的上级菜单下"},
		{settings.ID, map[string]any{"parentId": "0", "title": "基础设置"}, 400, "A0400", "只能移动到同一级别的上级菜单下"},
		{link.ID, map[string]any{"parentId": sys.ID, "title": "测试链接", "path": "/sys/menu-test"}, 400, "A0400", "只能移动到同一级别的上级菜单下"},
		{link.ID, map[string]any{"parentId": "42", "title": "测试链接", "path": "/sys/menu-test"}, 400, "A0400", "上级菜单不存在"},
		{link.ID, map[string]any{"title": "", "path": "/sys/menu-test"}, 400, "A0400", "菜单名称不能为空"},
		{link.ID, map[string]any{"title": "测试链接", "path": "/sys/dict"}, 400, "B0001", "路径已存在"},
		{dict.ID, map[string]any{"title": "字典", "path": "/sys/dictionaries"}, 400, "B0001", "系统内置菜单的路径不能修改"},
		{"42", map[string]any{"title": "无"}, 404, "A0404", "菜单不存在"},
		{"abc", map[string]any{"title": "无"}, 404, "A0404", "菜单不存在"},
	} {
		apptest.Expect(t, put(tc.id, tc.body), tc.status, tc.code, tc.msg)
	}
	// A built-in link may be renamed and hidden; its path stays.
	apptest.ExpectOK(t, put(dict.ID, map[string]any{"title": "字典管理", "path": "/sys/dict", "hidden": true}))
	got := entry(t, tree(t, c).Menus, "系统", "基础设置", "字典管理")
	if got.Path != "/sys/dict" || !got.Hidden || !got.Builtin {
		t.Fatalf("built-in link: %+v", got)
	}
}

func TestSortMenus(t *testing.T) {
	h := apptest.Start(t)
	c := platformAdmin(t, h)
	settings := entry(t, tree(t, c).Menus, "系统", "基础设置")
	var ids, titles []string
	for i := len(settings.Children) - 1; i >= 0; i-- {
		ids = append(ids, settings.Children[i].ID)
		titles = append(titles, settings.Children[i].Title)
	}
	owner := h.SignedIn("13600000021", "乙公司")
	routeTitles(t, owner, "系统", "基础设置")
	apptest.ExpectOK(t, c.Call(http.MethodPut, adminAPI+"/sort", map[string]any{"parentId": settings.ID, "ids": ids}))
	after := entry(t, tree(t, c).Menus, "系统", "基础设置")
	for i, m := range after.Children {
		if m.ID != ids[i] || m.Sort != (i+1)*10 {
			t.Fatalf("position %d: %s sort %d, want %s", i, m.ID, m.Sort, ids[i])
		}
	}
	// The other company's rail follows (but for links only its menu shows: 接口文档 and the rest are all shown).
	if got := routeTitles(t, owner, "系统", "基础设置"); got[0] != titles[0] || got[len(got)-1] != titles[len(titles)-1] {
		t.Fatalf("owner's order %v, want %v", got, titles)
	}
	for _, body := range []map[string]any{
		{"parentId": settings.ID, "ids": ids[1:]},
		{"parentId": settings.ID, "ids": append([]string{ids[0]}, ids...)},
		{"parentId": settings.ID, "ids": append(append([]string{}, ids[1:]...), settings.ID)},
		{"parentId": settings.ID, "ids": append(append([]string{}, ids[1:]...), "x")},
	} {
		apptest.Expect(t, c.Call(http.MethodPut, adminAPI+"/sort", body), 400, "A0400", "菜单顺序已变化，请刷新后重试")
	}
	apptest.Expect(t, c.Call(http.MethodPut, adminAPI+"/sort", map[string]any{"parentId": "42", "ids": ids}), 400, "A0400", "上级菜单不存在")
	unchanged := entry(t, tree(t, c).Menus, "系统", "基础设置")
	for i, m := range unchanged.Children {
		if m.ID != ids[i] {
			t.Fatalf("a refused order changed position %d", i)
		}
	}
}

func TestDeleteMenu(t *testing.T) {
	h := apptest.Start(t)
	c := platformAdmin(t, h)
	tr := tree(t, c)
	settings := entry(t, tr.Menus, "系统", "基础设置")
	dict := entry(t, tr.Menus, "系统", "基础设置", "数据字典")
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+settings.ID, nil), 400, "B0001", "请先删除下级菜单")
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+dict.ID, nil), 400, "B0001", "系统内置菜单不能删除，可以隐藏")

	// A link of its own, granted with its permission to a role of another company: everything goes together.
	hd := create(t, c, map[string]any{"parentId": entry(t, tr.Menus, "系统").ID, "title": "测试分组"})
	link := create(t, c, map[string]any{"parentId": hd.ID, "title": "测试链接", "path": "/sys/menu-test"})
	perm := createPermission(t, c, link.ID, "sys:menutest:add", "新增")
	owner := h.SignedIn("13600000031", "乙公司")
	env := owner.Call(http.MethodPost, "/admin/api/v1/roles", map[string]string{"name": "测试员"})
	apptest.ExpectOK(t, env)
	var role struct{ ID string }
	env.Into(t, &role)
	apptest.ExpectOK(t, owner.Call(http.MethodPut, "/admin/api/v1/roles/"+role.ID+"/grants",
		map[string][]string{"menuIds": {link.ID}, "permissionIds": {perm.ID}}))

	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+hd.ID, nil), 400, "B0001", "请先删除下级菜单")
	apptest.ExpectOK(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+link.ID, nil))
	var grants, perms int64
	h.DB.Model(&admindb.RoleMenu{}).Where("menu_id = ?", link.ID).Count(&grants)
	h.DB.Model(&admindb.RolePermission{}).Where("permission_id = ?", perm.ID).Count(&perms)
	if grants != 0 || perms != 0 {
		t.Fatalf("grants left: %d menus, %d permissions", grants, perms)
	}
	if _, err := admindb.PermissionByID(h.DB, mustID(t, perm.ID)); !models.IsNotFound(err) {
		t.Fatalf("the permission is still there: %v", err)
	}
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+link.ID, nil), 404, "A0404", "菜单不存在")
	apptest.ExpectOK(t, c.Call(http.MethodDelete, adminAPI+"/menus/"+hd.ID, nil))
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/menus/x", nil), 404, "A0404", "菜单不存在")
}

func TestPermissions(t *testing.T) {
	h := apptest.Start(t)
	c := platformAdmin(t, h)
	tr := tree(t, c)
	settings := entry(t, tr.Menus, "系统", "基础设置")
	dict := entry(t, tr.Menus, "系统", "基础设置", "数据字典")
	link := create(t, c, map[string]any{"parentId": settings.ID, "title": "测试链接", "path": "/sys/menu-test"})

	p := createPermission(t, c, link.ID, " erp:wh:shelf2:add ", " 新增库位 ")
	if !decimal.MatchString(p.ID) || p.MenuID != link.ID || p.Code != "erp:wh:shelf2:add" || p.Name != "新增库位" || p.Builtin {
		t.Fatalf("permission: %+v", p)
	}
	post := func(body map[string]string) apptest.Envelope {
		return c.Call(http.MethodPost, adminAPI+"/permissions", body)
	}
	for _, tc := range []struct {
		body      map[string]string
		status    int
		code, msg string
	}{
		{map[string]string{"menuId": link.ID, "code": "", "name": "甲"}, 400, "A0400", "权限标识不能为空"},
		{map[string]string{"menuId": link.ID, "code": "a:b", "name": ""}, 400, "A0400", "权限名称不能为空"},
		{map[string]string{"menuId": link.ID, "code": "erp wh", "name": "甲"}, 400, "A0400", "权限标识格式不正确"},
		{map[string]string{"menuId": link.ID, "code": "erp:wh:", "name": "甲"}, 400, "A0400", "权限标识格式不正确"},
		{map[string]string{"menuId": link.ID, "code": "erp:仓库", "name": "甲"}, 400, "A0400", "权限标识格式不正确"},
		{map[string]string{"menuId": link.ID, "code": "sys:dict:add", "name": "甲"}, 400, "B0001", "权限标识已存在"},
		{map[string]string{"menuId": link.ID, "code": "erp:wh:shelf2:add", "name": "甲"}, 400, "B0001", "权限标识已存在"},
		{map[string]string{"menuId": settings.ID, "code": "a:b", "name": "甲"}, 400, "A0400", "按钮权限只能添加在链接菜单下"},
		{map[string]string{"menuId": "42", "code": "a:b", "name": "甲"}, 400, "A0400", "菜单不存在"},
		{map[string]string{"code": "a:b", "name": "甲"}, 400, "A0400", "菜单不存在"},
	} {
		apptest.Expect(t, post(tc.body), tc.status, tc.code, tc.msg)
	}
	if got := entry(t, tree(t, c).Menus, "系统", "基础设置", "测试链接"); len(got.Permissions) != 1 {
		t.Fatalf("refused adds stored something: %+v", got.Permissions)
	}

	put := func(id string, body map[string]string) apptest.Envelope {
		return c.Call(http.MethodPut, adminAPI+"/permissions/"+id, body)
	}
	env := put(p.ID, map[string]string{"code": "erp:wh:shelf2:create", "name": "创建库位"})
	apptest.ExpectOK(t, env)
	var changed adminPermission
	env.Into(t, &changed)
	if changed.ID != p.ID || changed.Code != "erp:wh:shelf2:create" || changed.Name != "创建库位" || changed.MenuID != link.ID {
		t.Fatalf("changed: %+v", changed)
	}
	var builtin adminPermission
	for _, bp := range dict.Permissions {
		if bp.Code == "sys:dict:add" {
			builtin = bp
		}
	}
	apptest.Expect(t, put(p.ID, map[string]string{"code": "sys:dict:edit", "name": "甲"}), 400, "B0001", "权限标识已存在")
	apptest.Expect(t, put(p.ID, map[string]string{"code": "a b", "name": "甲"}), 400, "A0400", "权限标识格式不正确")
	apptest.Expect(t, put(builtin.ID, map[string]string{"code": "sys:dict:new", "name": "新增字典"}), 400, "B0001", "系统内置权限的标识不能修改")
	apptest.Expect(t, put("42", map[string]string{"code": "a:b", "name": "甲"}), 404, "A0404", "按钮权限不存在")
	// A built-in permission may be renamed.
	apptest.ExpectOK(t, put(builtin.ID, map[string]string{"code": "sys:dict:add", "name": "添加字典"}))

	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/permissions/"+builtin.ID, nil), 400, "B0001", "系统内置权限不能删除")
	// Granted to a restricted member's role, it goes with the grant, and the member loses it on their next call.
	member, role := h.RestrictedUser("13600000041", []string{"sys.dict"}, nil)
	h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: mustID(t, link.ID)})
	h.DB.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: mustID(t, p.ID)})
	h.Svc.Admin.DropAllMenuCaches()
	if rs := routes(t, member); !contains(rs[0].Meta.Permissions, "erp:wh:shelf2:create") {
		t.Fatalf("granted, not held: %v", rs[0].Meta.Permissions)
	}
	apptest.ExpectOK(t, c.Call(http.MethodDelete, adminAPI+"/permissions/"+p.ID, nil))
	var n int64
	h.DB.Model(&admindb.RolePermission{}).Where("permission_id = ?", p.ID).Count(&n)
	if n != 0 {
		t.Fatalf("%d grants left", n)
	}
	if rs := routes(t, member); contains(rs[0].Meta.Permissions, "erp:wh:shelf2:create") {
		t.Fatal("the deleted permission is still held")
	}
	apptest.Expect(t, c.Call(http.MethodDelete, adminAPI+"/permissions/"+p.ID, nil), 404, "A0404", "按钮权限不存在")
}
