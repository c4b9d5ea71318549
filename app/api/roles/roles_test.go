package roles_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

const v1 = "/admin/api/v1/roles"

type role struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Remark    string `json:"remark"`
	IsAdmin   bool   `json:"isAdmin"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type rolePage struct {
	Records []role `json:"records"`
	Total   int64  `json:"total"`
	Size    int    `json:"size"`
	Current int    `json:"current"`
	Pages   int64  `json:"pages"`
}

type grantPermission struct {
	ID      string `json:"id"`
	Code    string `json:"code"`
	Name    string `json:"name"`
	Checked bool   `json:"checked"`
}

type grantMenu struct {
	ID          string            `json:"id"`
	Title       string            `json:"title"`
	Path        string            `json:"path"`
	Hidden      bool              `json:"hidden"`
	Checked     bool              `json:"checked"`
	Permissions []grantPermission `json:"permissions"`
	Children    []grantMenu       `json:"children"`
}

type grants struct {
	Fixed bool        `json:"fixed"`
	Menus []grantMenu `json:"menus"`
}

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	decimal  = regexp.MustCompile(`^\d+$`)
)

func idText(id int64) string { return strconv.FormatInt(id, 10) }

func adminClient(t *testing.T, h *apptest.Harness) *apptest.Client {
	t.Helper()
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

func createRole(t *testing.T, c *apptest.Client, name, remark string) role {
	t.Helper()
	env := c.Call(http.MethodPost, v1, map[string]string{"name": name, "remark": remark})
	apptest.ExpectOK(t, env)
	var r role
	env.Into(t, &r)
	return r
}

func listRoles(t *testing.T, c *apptest.Client, body map[string]any) rolePage {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"/page", body)
	apptest.ExpectOK(t, env)
	var p rolePage
	env.Into(t, &p)
	if p.Records == nil {
		t.Fatalf("records is not a list: %s", env.Data)
	}
	return p
}

func names(p rolePage) string {
	var out []string
	for _, r := range p.Records {
		out = append(out, r.Name)
	}
	return strings.Join(out, ",")
}

func getGrants(t *testing.T, c *apptest.Client, id string) grants {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"/"+id+"/grants", nil)
	apptest.ExpectOK(t, env)
	var g grants
	env.Into(t, &g)
	return g
}

// find returns the tree's entry titled title under the path of titles given (group, heading, link).
func find(t *testing.T, menus []grantMenu, titles ...string) grantMenu {
	t.Helper()
	for _, m := range menus {
		if m.Title == titles[0] {
			if len(titles) == 1 {
				return m
			}
			return find(t, m.Children, titles[1:]...)
		}
	}
	t.Fatalf("no entry %q in the tree", titles[0])
	return grantMenu{}
}

// links lists the ids of an entry's links, its own when it has a path.
func links(m grantMenu) []string {
	var out []string
	if m.Path != "" {
		out = append(out, m.ID)
	}
	for _, c := range m.Children {
		out = append(out, links(c)...)
	}
	return out
}

func menuTitles(t *testing.T, c *apptest.Client) string {
	t.Helper()
	env := c.Call(http.MethodGet, "/admin/api/v1/menus/route", nil)
	apptest.ExpectOK(t, env)
	var rs []struct{ Meta struct{ Title string } }
	env.Into(t, &rs)
	var out []string
	for _, r := range rs {
		out = append(out, r.Meta.Title)
	}
	return strings.Join(out, ",")
}

func TestRoleCallsNeedASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"POST /page", "GET /1", "POST ", "PUT /1", "DELETE /1", "GET /1/grants", "PUT /1/grants"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestRoleCallsNeedTheScreenAndItsButtonPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	r := createRole(t, admin, "采购员", "")
	body := map[string]any{"name": "改名", "menuIds": []string{}, "permissionIds": []string{}}

	stranger, _ := h.RestrictedUser("13900000001", []string{"sys.subuser"}, []string{"sys:user:add"})
	for _, call := range []string{"POST /page", "GET /" + r.ID, "POST ", "PUT /" + r.ID, "DELETE /" + r.ID,
		"GET /" + r.ID + "/grants", "PUT /" + r.ID + "/grants"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, stranger.Call(method, v1+path, body), 401, "A0301", "访问未授权")
	}

	viewer, _ := h.RestrictedUser("13900000002", []string{"sys.role"}, nil)
	listRoles(t, viewer, map[string]any{})
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, v1+"/"+r.ID, nil))
	getGrants(t, viewer, r.ID)
	for _, call := range []string{"POST ", "PUT /" + r.ID, "DELETE /" + r.ID, "PUT /" + r.ID + "/grants"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, viewer.Call(method, v1+path, body), 401, "A0301", "访问未授权")
	}

	adder, _ := h.RestrictedUser("13900000003", []string{"sys.role"}, []string{"sys:role:add"})
	createRole(t, adder, "新角色", "")
	apptest.Expect(t, adder.Call(http.MethodPut, v1+"/"+r.ID, body), 401, "A0301", "访问未授权")
	editor, _ := h.RestrictedUser("13900000004", []string{"sys.role"}, []string{"sys:role:edit"})
	apptest.ExpectOK(t, editor.Call(http.MethodPut, v1+"/"+r.ID, body))
	apptest.ExpectOK(t, editor.Call(http.MethodPut, v1+"/"+r.ID+"/grants", body))
	apptest.Expect(t, editor.Call(http.MethodDelete, v1+"/"+r.ID, nil), 401, "A0301", "访问未授权")
	deleter, _ := h.RestrictedUser("13900000005", []string{"sys.role"}, []string{"sys:role:delete"})
	apptest.ExpectOK(t, deleter.Call(http.MethodDelete, v1+"/"+r.ID, nil))
}

func TestCreateListEditAndDeleteRoles(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	r := createRole(t, admin, " 采购员 ", " 负责采购 ")
	if !decimal.MatchString(r.ID) || r.Name != "采购员" || r.Remark != "负责采购" || r.Code != "" || r.IsAdmin ||
		!dateTime.MatchString(r.CreatedAt) || !dateTime.MatchString(r.UpdatedAt) {
		t.Fatalf("created = %+v", r)
	}
	createRole(t, admin, "仓库文员", "")

	p := listRoles(t, admin, map[string]any{})
	if p.Total != 3 || p.Size != 10 || p.Current != 1 || p.Pages != 1 || names(p) != "管理员,采购员,仓库文员" ||
		!p.Records[0].IsAdmin || p.Records[0].Code != "admin" {
		t.Fatalf("page = %+v", p)
	}
	if got := names(listRoles(t, admin, map[string]any{"name": "仓库"})); got != "仓库文员" {
		t.Fatalf("name filter: %s", got)
	}
	if got := names(listRoles(t, admin, map[string]any{"sort": "createdAt", "order": "desc"})); got != "仓库文员,采购员,管理员" {
		t.Fatalf("sort by createdAt desc: %s", got)
	}
	if got := names(listRoles(t, admin, map[string]any{"sort": "name; --", "order": "desc"})); got != "管理员,采购员,仓库文员" {
		t.Fatalf("unknown sort: %s", got)
	}
	if second := listRoles(t, admin, map[string]any{"currentpage": 2, "pagesize": 2}); names(second) != "仓库文员" || second.Pages != 2 {
		t.Fatalf("second page = %+v", second)
	}

	env := admin.Call(http.MethodPut, v1+"/"+r.ID, map[string]string{"name": "采购主管", "remark": ""})
	apptest.ExpectOK(t, env)
	var got role
	env.Into(t, &got)
	if got.ID != r.ID || got.Name != "采购主管" || got.Remark != "" {
		t.Fatalf("edited = %+v", got)
	}
	// Keeping one's own name is no duplicate.
	apptest.ExpectOK(t, admin.Call(http.MethodPut, v1+"/"+r.ID, map[string]string{"name": "采购主管", "remark": "x"}))
	env = admin.Call(http.MethodGet, v1+"/"+r.ID, nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &got)
	if got.Name != "采购主管" || got.Remark != "x" {
		t.Fatalf("get = %+v", got)
	}

	taken := "角色名称已存在"
	for _, tc := range []struct {
		method, path string
		body         map[string]string
		status       int
		code, msg    string
	}{
		{http.MethodPost, v1, map[string]string{"name": " "}, 400, "A0400", "角色名称不能为空"},
		{http.MethodPost, v1, map[string]string{"name": strings.Repeat("角", 51)}, 400, "A0400", "角色名称不能超过50个字符"},
		{http.MethodPost, v1, map[string]string{"name": "甲", "remark": strings.Repeat("备", 201)}, 400, "A0400", "备注不能超过200个字符"},
		{http.MethodPost, v1, map[string]string{"name": "仓库文员"}, 400, "B0001", taken},
		{http.MethodPost, v1, map[string]string{"name": "管理员"}, 400, "B0001", taken},
		{http.MethodPut, v1 + "/" + r.ID, map[string]string{"name": "仓库文员"}, 400, "B0001", taken},
		{http.MethodPut, v1 + "/" + r.ID, map[string]string{"name": ""}, 400, "A0400", "角色名称不能为空"},
		{http.MethodPut, v1 + "/999", map[string]string{"name": "甲"}, 404, "A0404", "角色不存在"},
		{http.MethodGet, v1 + "/999", nil, 404, "A0404", "角色不存在"},
		{http.MethodGet, v1 + "/x", nil, 404, "A0404", "角色不存在"},
		{http.MethodDelete, v1 + "/999", nil, 404, "A0404", "角色不存在"},
	} {
		var body any
		if tc.body != nil {
			body = tc.body
		}
		apptest.Expect(t, admin.Call(tc.method, tc.path, body), tc.status, tc.code, tc.msg)
	}
	if p := listRoles(t, admin, map[string]any{}); p.Total != 3 {
		t.Fatalf("refused calls changed the roles: %s", names(p))
	}

	// The admin role is not edited, granted or deleted.
	adminRole := p.Records[0]
	apptest.Expect(t, admin.Call(http.MethodPut, v1+"/"+adminRole.ID, map[string]string{"name": "超级"}), 400, "B0001", "管理员角色不能修改")
	apptest.Expect(t, admin.Call(http.MethodPut, v1+"/"+adminRole.ID+"/grants", map[string]any{"menuIds": []string{}}), 400, "B0001", "管理员角色不能修改")
	apptest.Expect(t, admin.Call(http.MethodDelete, v1+"/"+adminRole.ID, nil), 400, "B0001", "管理员角色不能删除")

	// A role someone holds is not deleted; once nobody holds it, it goes with its grants.
	holder := h.Member(apptest.AdminAccount, "13900000001", false)
	user, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+idText(user.ID),
		map[string]any{"name": "员工", "roleIds": []string{r.ID}}))
	apptest.Expect(t, admin.Call(http.MethodDelete, v1+"/"+r.ID, nil), 400, "B0001", "角色已分配给用户，不能删除")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+idText(user.ID),
		map[string]any{"name": "员工", "roleIds": []string{}}))
	tree := getGrants(t, admin, r.ID)
	inbound := find(t, tree.Menus, "仓库", "仓库单据", "入库单")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, v1+"/"+r.ID+"/grants", map[string]any{"menuIds": []string{inbound.ID},
		"permissionIds": []string{inbound.Permissions[0].ID}}))
	env = admin.Call(http.MethodDelete, v1+"/"+r.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete data = %s", env.Data)
	}
	apptest.Expect(t, admin.Call(http.MethodGet, v1+"/"+r.ID, nil), 404, "A0404", "角色不存在")
	var left int64
	h.DB.Model(&admindb.RoleMenu{}).Where("role_id = ?", r.ID).Count(&left)
	if left != 0 {
		t.Fatalf("%d menu grants left behind", left)
	}
	apptest.ExpectOK(t, holder.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
}

func TestGrantTreeAndReplacingGrants(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	r := createRole(t, admin, "仓管", "")

	// The admin role's tree: everything checked, fixed.
	p := listRoles(t, admin, map[string]any{})
	all := getGrants(t, admin, p.Records[0].ID)
	if !all.Fixed || !find(t, all.Menus, "系统", "用户与权限", "子账号").Permissions[3].Checked {
		t.Fatalf("admin role tree is not all checked and fixed")
	}

	g := getGrants(t, admin, r.ID)
	if g.Fixed || len(g.Menus) != 10 || g.Menus[3].Title != "仓库" || g.Menus[3].Checked {
		t.Fatalf("tree top = %+v", g.Menus[3])
	}
	shelf := find(t, g.Menus, "仓库", "仓库设置", "库位")
	if shelf.Path != "/erp/warehouse/shelf" || len(shelf.Permissions) != 4 || shelf.Permissions[0].Code != "erp:wh:shelf:add" ||
		shelf.Permissions[3].Code != "erp:wh:shelf:move" || shelf.Permissions[3].Name != "上架移库" ||
		shelf.Permissions[0].Name != "新增库位" || shelf.Permissions[0].Checked || !decimal.MatchString(shelf.Permissions[0].ID) ||
		len(shelf.Children) != 0 {
		t.Fatalf("库位 = %+v", shelf)
	}
	subuser := find(t, g.Menus, "系统", "用户与权限", "子账号")
	if len(subuser.Permissions) != 4 {
		t.Fatalf("子账号 permissions = %+v", subuser.Permissions)
	}

	// A holder of the role, signed in before the grant: their next call sees it.
	clerk := h.Member(apptest.AdminAccount, "13900000001", false)
	user, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+idText(user.ID),
		map[string]any{"name": "仓管员", "roleIds": []string{r.ID}}))
	if got := menuTitles(t, clerk); got != "" {
		t.Fatalf("menu before any grant: %q", got)
	}

	warehouse := links(find(t, g.Menus, "仓库"))
	env := admin.Call(http.MethodPut, v1+"/"+r.ID+"/grants", map[string]any{"menuIds": warehouse,
		"permissionIds": []string{shelf.Permissions[0].ID, shelf.Permissions[0].ID}})
	apptest.ExpectOK(t, env)
	var after grants
	env.Into(t, &after)
	shelfAfter := find(t, after.Menus, "仓库", "仓库设置", "库位")
	if !shelfAfter.Checked || !shelfAfter.Permissions[0].Checked || shelfAfter.Permissions[1].Checked ||
		find(t, after.Menus, "系统", "用户与权限", "子账号").Checked {
		t.Fatalf("tree after the grant: 库位 %+v", shelfAfter)
	}
	if got := menuTitles(t, clerk); got != "仓库" {
		t.Fatalf("menu after granting 仓库: %q", got)
	}
	apptest.Expect(t, clerk.Call(http.MethodPost, "/admin/api/v1/users/subusers/page", map[string]any{}), 401, "A0301", "访问未授权")

	// Refused grants change nothing.
	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"menuIds": []string{"123"}}, "菜单不存在"},
		{map[string]any{"menuIds": []string{"abc"}}, "菜单不存在"},
		{map[string]any{"menuIds": warehouse, "permissionIds": []string{"123"}}, "按钮权限不存在"},
		{map[string]any{"menuIds": []string{}, "permissionIds": []string{shelf.Permissions[0].ID}}, "授予按钮权限前请先勾选它所在的菜单"},
	} {
		apptest.Expect(t, admin.Call(http.MethodPut, v1+"/"+r.ID+"/grants", tc.body), 400, "A0400", tc.msg)
	}
	if got := menuTitles(t, clerk); got != "仓库" {
		t.Fatalf("menu after refused grants: %q", got)
	}

	// The grants are replaced, not added to: 系统 > 子账号 alone now.
	apptest.ExpectOK(t, admin.Call(http.MethodPut, v1+"/"+r.ID+"/grants", map[string]any{"menuIds": []string{subuser.ID},
		"permissionIds": []string{subuser.Permissions[0].ID}}))
	if got := menuTitles(t, clerk); got != "系统" {
		t.Fatalf("menu after replacing the grants: %q", got)
	}
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, "/admin/api/v1/users/subusers/page", map[string]any{}))
	apptest.Expect(t, admin.Call(http.MethodPut, v1+"/999/grants", map[string]any{}), 404, "A0404", "角色不存在")
	apptest.Expect(t, admin.Call(http.MethodGet, v1+"/999/grants", nil), 404, "A0404", "角色不存在")
}

func TestRolesOfAnotherCompanyAreOutOfReach(t *testing.T) {
	h := apptest.Start(t)
	a := adminClient(t, h)
	aRole := createRole(t, a, "甲的角色", "")
	tree := getGrants(t, a, aRole.ID)
	inbound := find(t, tree.Menus, "仓库", "仓库单据", "入库单")
	apptest.ExpectOK(t, a.Call(http.MethodPut, v1+"/"+aRole.ID+"/grants", map[string]any{"menuIds": []string{inbound.ID}}))
	b := h.SignedIn("13700000001", "乙公司")

	if got := names(listRoles(t, b, map[string]any{})); got != "管理员" {
		t.Fatalf("乙 lists %s", got)
	}
	if got := names(listRoles(t, b, map[string]any{"name": "甲"})); got != "" {
		t.Fatalf("乙 finds %s", got)
	}
	apptest.Expect(t, b.Call(http.MethodGet, v1+"/"+aRole.ID, nil), 404, "A0404", "角色不存在")
	apptest.Expect(t, b.Call(http.MethodGet, v1+"/"+aRole.ID+"/grants", nil), 404, "A0404", "角色不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"/"+aRole.ID, map[string]string{"name": "被改"}), 404, "A0404", "角色不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"/"+aRole.ID+"/grants", map[string]any{"menuIds": []string{}}), 404, "A0404", "角色不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"/"+aRole.ID, nil), 404, "A0404", "角色不存在")
	// 乙 may name its own role like 甲's: names are unique per company.
	createRole(t, b, "甲的角色", "")

	got := getGrants(t, a, aRole.ID)
	if r := find(t, got.Menus, "仓库", "仓库单据", "入库单"); !r.Checked {
		t.Fatalf("甲's grant was changed by 乙")
	}
	env := a.Call(http.MethodGet, v1+"/"+aRole.ID, nil)
	apptest.ExpectOK(t, env)
	var r role
	env.Into(t, &r)
	if r.Name != "甲的角色" {
		t.Fatalf("甲's role renamed to %q", r.Name)
	}
}

// Issue 12: a user who is not an admin widens no role beyond its own grants, and changes or deletes neither a
// role it holds nor one granting more than it holds; the owner and 管理员 holders do all of it.
func TestRolesGrantNoMoreThanTheirEditorHolds(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	editor, own := h.RestrictedUser("13900000001", []string{"sys.role", "warehouse.inbound"},
		[]string{"sys:role:add", "sys:role:edit", "sys:role:delete", "erp:wh:inbound:add"})
	ownID := idText(own.ID)
	tree := getGrants(t, admin, ownID)
	inbound := find(t, tree.Menus, "仓库", "仓库单据", "入库单")
	add, approve := inbound.Permissions[0], inbound.Permissions[1]
	if add.Code != "erp:wh:inbound:add" || approve.Code != "erp:wh:inbound:approve" {
		t.Fatalf("入库单 permissions %+v", inbound.Permissions)
	}
	dict := find(t, tree.Menus, "系统", "基础设置", "数据字典")

	// A new role, granted what the editor holds.
	r := createRole(t, editor, "入库员", "")
	within := map[string]any{"menuIds": []string{inbound.ID}, "permissionIds": []string{add.ID}}
	apptest.ExpectOK(t, editor.Call(http.MethodPut, v1+"/"+r.ID+"/grants", within))
	for _, body := range []map[string]any{
		{"menuIds": []string{inbound.ID, dict.ID}},
		{"menuIds": []string{inbound.ID}, "permissionIds": []string{add.ID, approve.ID}},
	} {
		apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+r.ID+"/grants", body), 400, "B0001", "不能授予自己没有的权限")
	}
	if g := find(t, getGrants(t, admin, r.ID).Menus, "仓库", "仓库单据", "入库单"); !g.Checked || !g.Permissions[0].Checked || g.Permissions[1].Checked ||
		find(t, getGrants(t, admin, r.ID).Menus, "系统", "基础设置", "数据字典").Checked {
		t.Fatalf("refused grants changed the role: %+v", g)
	}

	// Its own role it neither renames, regrants nor deletes.
	apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+ownID, map[string]string{"name": "改名"}), 400, "B0001", "不能修改或删除自己拥有的角色")
	apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+ownID+"/grants", within), 400, "B0001", "不能修改或删除自己拥有的角色")
	apptest.Expect(t, editor.Call(http.MethodDelete, v1+"/"+ownID, nil), 400, "B0001", "不能修改或删除自己拥有的角色")

	// A role granting more than the editor holds is out of its reach.
	wider := createRole(t, admin, "字典员", "")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, v1+"/"+wider.ID+"/grants", map[string]any{"menuIds": []string{dict.ID}}))
	apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+wider.ID, map[string]string{"name": "改名"}), 400, "B0001", "不能修改或删除权限超出自己的角色")
	apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+wider.ID+"/grants", map[string]any{"menuIds": []string{}}), 400, "B0001", "不能修改或删除权限超出自己的角色")
	apptest.Expect(t, editor.Call(http.MethodDelete, v1+"/"+wider.ID, nil), 400, "B0001", "不能修改或删除权限超出自己的角色")
	if !find(t, getGrants(t, admin, wider.ID).Menus, "系统", "基础设置", "数据字典").Checked {
		t.Fatal("a refused call changed the wider role")
	}

	// The editor still sees only what it had.
	again := h.Client()
	apptest.ExpectOK(t, again.Login("13900000001", "Passw0rd!"))
	if got := menuTitles(t, again); got != "仓库,系统" {
		t.Fatalf("editor's menu %q", got)
	}

	// A 管理员 holder and the owner do all of it.
	admin2 := h.Member(apptest.AdminAccount, "13900000002", true)
	apptest.ExpectOK(t, admin2.Call(http.MethodPut, v1+"/"+r.ID+"/grants", map[string]any{"menuIds": []string{inbound.ID, dict.ID},
		"permissionIds": []string{add.ID, approve.ID}}))
	apptest.ExpectOK(t, admin2.Call(http.MethodPut, v1+"/"+ownID, map[string]string{"name": "入库主管"}))
	apptest.ExpectOK(t, admin.Call(http.MethodPut, v1+"/"+ownID+"/grants", map[string]any{"menuIds": []string{inbound.ID, dict.ID}}))
	apptest.ExpectOK(t, admin2.Call(http.MethodDelete, v1+"/"+wider.ID, nil))
	apptest.ExpectOK(t, admin.Call(http.MethodDelete, v1+"/"+r.ID, nil))
}
