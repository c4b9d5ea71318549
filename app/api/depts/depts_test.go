package depts_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const v1 = "/admin/api/v1/"

type dept struct {
	ID         string `json:"id"`
	ParentID   string `json:"parentId"`
	Name       string `json:"name"`
	Sort       int    `json:"sort"`
	LeaderID   string `json:"leaderId"`
	LeaderName string `json:"leaderName"`
	Remark     string `json:"remark"`
	CreatedAt  string `json:"createdAt"`
	UpdatedAt  string `json:"updatedAt"`
	Children   []dept `json:"children"`
}

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	decimal  = regexp.MustCompile(`^\d+$`)
)

func create(t *testing.T, c *apptest.Client, parentID, name string, sort int) dept {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"depts", map[string]any{"parentId": parentID, "name": name, "sort": sort})
	apptest.ExpectOK(t, env)
	var d dept
	env.Into(t, &d)
	return d
}

func tree(t *testing.T, c *apptest.Client) []dept {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"depts/tree", nil)
	apptest.ExpectOK(t, env)
	var out []dept
	env.Into(t, &out)
	if out == nil {
		t.Fatalf("tree is null: %s", env.Data)
	}
	return out
}

// outline writes the tree as "name(child,child)" lists, to compare shapes and order at a glance.
func outline(nodes []dept) string {
	parts := make([]string, len(nodes))
	for i, n := range nodes {
		parts[i] = n.Name
		if n.Children == nil {
			parts[i] += "<null>"
		} else if len(n.Children) > 0 {
			parts[i] += "(" + outline(n.Children) + ")"
		}
	}
	return strings.Join(parts, ",")
}

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"GET depts/tree", "POST depts", "PUT depts/1", "DELETE depts/1"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestTheTreeNeedsTheScreenAndEachChangeItsButtonPermission(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	sales := create(t, admin, "", "销售部", 1)
	empty := create(t, admin, "", "空部门", 2)

	stranger, _ := h.RestrictedUser("13900000001", nil, []string{"sys:dept:add", "sys:dept:edit", "sys:dept:delete"})
	type call struct {
		method, path string
		body         map[string]any
	}
	calls := map[string]call{
		"":                {http.MethodGet, "depts/tree", nil},
		"sys:dept:add":    {http.MethodPost, "depts", map[string]any{"name": "采购部"}},
		"sys:dept:edit":   {http.MethodPut, "depts/" + sales.ID, map[string]any{"name": "销售部"}},
		"sys:dept:delete": {http.MethodDelete, "depts/" + empty.ID, nil},
	}
	// Without the 部门 screen, even the button permissions open nothing.
	for _, r := range calls {
		apptest.Expect(t, stranger.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
	}
	viewer, _ := h.RestrictedUser("13900000002", []string{"sys.dept"}, nil)
	if got := outline(tree(t, viewer)); got != "销售部,空部门" {
		t.Fatalf("viewer's tree = %s", got)
	}
	phones := map[string]string{"sys:dept:add": "13900000003", "sys:dept:edit": "13900000004", "sys:dept:delete": "13900000005"}
	for _, perm := range []string{"sys:dept:add", "sys:dept:edit", "sys:dept:delete"} {
		apptest.Expect(t, viewer.Call(calls[perm].method, v1+calls[perm].path, calls[perm].body), 401, "A0301", "访问未授权")
		u, _ := h.RestrictedUser(phones[perm], []string{"sys.dept"}, []string{perm})
		for other, r := range calls {
			if other != perm && other != "" {
				apptest.Expect(t, u.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
			}
		}
		apptest.ExpectOK(t, u.Call(calls[perm].method, v1+calls[perm].path, calls[perm].body))
	}
}

func TestCreateBuildsTheTreeInSortThenNameOrder(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	if got := tree(t, c); len(got) != 0 {
		t.Fatalf("a new company's tree = %+v", got)
	}
	env := c.Call(http.MethodPost, v1+"depts", map[string]any{"name": " 销售部 ", "sort": 2, "remark": "卖货"})
	apptest.ExpectOK(t, env)
	var sales dept
	env.Into(t, &sales)
	if !decimal.MatchString(sales.ID) || sales.ParentID != "0" || sales.Name != "销售部" || sales.Sort != 2 ||
		sales.Remark != "卖货" || sales.LeaderID != "" || sales.LeaderName != "" ||
		!dateTime.MatchString(sales.CreatedAt) || !dateTime.MatchString(sales.UpdatedAt) || sales.Children != nil {
		t.Fatalf("created = %+v (%s)", sales, env.Data)
	}
	create(t, c, "0", "财务部", 1)
	create(t, c, "", "B组", 2) // same sort as 销售部: the name decides
	create(t, c, sales.ID, "华南组", 2)
	east := create(t, c, sales.ID, "华东组", 1)
	create(t, c, east.ID, "上海", 0)
	if east.ParentID != sales.ID {
		t.Fatalf("华东组's parent = %s", east.ParentID)
	}
	got := tree(t, c)
	if o := outline(got); o != "财务部,B组,销售部(华东组(上海),华南组)" {
		t.Fatalf("tree = %s", o)
	}
	if leaf := got[0]; leaf.Children == nil || len(leaf.Children) != 0 {
		t.Fatalf("a leaf's children = %#v, want []", leaf.Children)
	}
	// A leader is a user of the company, named in the tree.
	env = c.Call(http.MethodGet, v1+"users/info", nil)
	var me struct{ ID string }
	env.Into(t, &me)
	env = c.Call(http.MethodPost, v1+"depts", map[string]any{"name": "客服部", "leaderId": me.ID})
	apptest.ExpectOK(t, env)
	var service dept
	env.Into(t, &service)
	if service.LeaderID != me.ID || service.LeaderName != "店主0001" || service.Sort != 0 {
		t.Fatalf("客服部 = %+v", service)
	}
}

func TestCreateRefusesBadInputAndChangesNothing(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sales := create(t, c, "", "销售部", 0)
	create(t, c, sales.ID, "华东组", 0)
	cases := []struct {
		body      map[string]any
		status    int
		code, msg string
	}{
		{map[string]any{"name": "  "}, 400, "A0400", "部门名称不能为空"},
		{map[string]any{"name": strings.Repeat("部", 51)}, 400, "A0400", "部门名称不能超过50个字符"},
		{map[string]any{"name": "x", "remark": strings.Repeat("备", 201)}, 400, "A0400", "备注不能超过200个字符"},
		{map[string]any{"name": "x", "sort": -1}, 400, "A0400", "排序必须是0到999999之间的整数"},
		{map[string]any{"name": "x", "sort": 1000000}, 400, "A0400", "排序必须是0到999999之间的整数"},
		{map[string]any{"name": "x", "parentId": "12345"}, 400, "A0400", "上级部门不存在"},
		{map[string]any{"name": "x", "parentId": "abc"}, 400, "A0400", "上级部门不存在"},
		{map[string]any{"name": "x", "leaderId": "12345"}, 400, "A0400", "负责人不存在"},
		{map[string]any{"name": "销售部"}, 400, "B0001", "同级部门名称已存在"},
		{map[string]any{"name": "华东组", "parentId": sales.ID}, 400, "B0001", "同级部门名称已存在"},
	}
	for _, tc := range cases {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"depts", tc.body), tc.status, tc.code, tc.msg)
	}
	// The same name elsewhere in the tree is fine.
	create(t, c, "", "华东组", 0)
	if o := outline(tree(t, c)); o != "华东组,销售部(华东组)" {
		t.Fatalf("tree = %s", o)
	}
}

func TestUpdateRenamesResortsAndMovesButNeverUnderItself(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sales := create(t, c, "", "销售部", 1)
	finance := create(t, c, "", "财务部", 2)
	east := create(t, c, sales.ID, "华东组", 0)
	shanghai := create(t, c, east.ID, "上海", 0)

	env := c.Call(http.MethodPut, v1+"depts/"+sales.ID, map[string]any{"parentId": "0", "name": "销售中心", "sort": 3, "remark": "改名"})
	apptest.ExpectOK(t, env)
	var renamed dept
	env.Into(t, &renamed)
	if renamed.ID != sales.ID || renamed.Name != "销售中心" || renamed.Sort != 3 || renamed.Remark != "改名" ||
		renamed.CreatedAt != sales.CreatedAt || renamed.ParentID != "0" {
		t.Fatalf("renamed = %+v", renamed)
	}
	if o := outline(tree(t, c)); o != "财务部,销售中心(华东组(上海))" {
		t.Fatalf("after re-sort = %s", o)
	}
	for _, parent := range []string{sales.ID, east.ID, shanghai.ID} {
		apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/"+sales.ID, map[string]any{"parentId": parent, "name": "销售中心"}),
			400, "B0001", "不能移动到自己或下级部门")
	}
	create(t, c, finance.ID, "上海", 0)
	apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/"+shanghai.ID, map[string]any{"parentId": finance.ID, "name": "上海"}),
		400, "B0001", "同级部门名称已存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/"+east.ID, map[string]any{"parentId": "999", "name": "华东组"}),
		400, "A0400", "上级部门不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/"+east.ID, map[string]any{"name": ""}), 400, "A0400", "部门名称不能为空")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/999", map[string]any{"name": "x"}), 404, "A0404", "部门不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"depts/abc", map[string]any{"name": "x"}), 404, "A0404", "部门不存在")
	if o := outline(tree(t, c)); o != "财务部(上海),销售中心(华东组(上海))" {
		t.Fatalf("refusals changed the tree: %s", o)
	}
	// A move takes the subtree along; moving to the top level is parentId "0" or "".
	env = c.Call(http.MethodPut, v1+"depts/"+east.ID, map[string]any{"parentId": finance.ID, "name": "华东组", "sort": 1})
	apptest.ExpectOK(t, env)
	if o := outline(tree(t, c)); o != "财务部(上海,华东组(上海)),销售中心" {
		t.Fatalf("after the move = %s", o)
	}
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"depts/"+east.ID, map[string]any{"parentId": "", "name": "华东组", "sort": 9}))
	if o := outline(tree(t, c)); o != "财务部(上海),销售中心,华东组(上海)" {
		t.Fatalf("after the move to the top = %s", o)
	}
}

func TestDeleteRefusesDepartmentsWithChildrenOrMembers(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	sales := create(t, c, "", "销售部", 0)
	east := create(t, c, sales.ID, "华东组", 0)
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"depts/"+sales.ID, nil), 400, "B0001", "请先删除下级部门")
	owner, err := accountsdb.UserByAccount(h.DB, "13700000001")
	if err != nil {
		t.Fatal(err)
	}
	// A member of 华东组, as the 子账号 screen assigns one.
	if err := h.DB.Model(&accountsdb.User{}).Where("id = ?", owner.ID).Update("dept_id", east.ID).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"depts/"+east.ID, nil), 400, "B0001", "部门下还有成员，不能删除")
	if o := outline(tree(t, c)); o != "销售部(华东组)" {
		t.Fatalf("refusals changed the tree: %s", o)
	}
	if err := h.DB.Model(&accountsdb.User{}).Where("id = ?", owner.ID).Update("dept_id", nil).Error; err != nil {
		t.Fatal(err)
	}
	env := c.Call(http.MethodDelete, v1+"depts/"+east.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete answered %s", env.Data)
	}
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"depts/"+sales.ID, nil))
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"depts/"+sales.ID, nil), 404, "A0404", "部门不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"depts/abc", nil), 404, "A0404", "部门不存在")
	if got := tree(t, c); len(got) != 0 {
		t.Fatalf("tree after deleting all = %+v", got)
	}
	// Successful changes land in the operation log, newest first; the refusals do not.
	env = c.Call(http.MethodPost, v1+"operationLogs/page", map[string]any{"pagesize": 50})
	apptest.ExpectOK(t, env)
	var logs struct {
		Records []struct {
			Action string `json:"action"`
		} `json:"records"`
	}
	env.Into(t, &logs)
	var actions []string
	for _, r := range logs.Records {
		actions = append(actions, r.Action)
	}
	if got := strings.Join(actions, ","); got != "删除部门,删除部门,新增部门,新增部门" {
		t.Fatalf("logged actions = %s", got)
	}
}

func TestNoCompanyReadsOrChangesAnothersDepartments(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	sales := create(t, a, "", "销售部", 0)
	east := create(t, a, sales.ID, "华东组", 0)
	var aOwner struct{ ID string }
	a.Call(http.MethodGet, v1+"users/info", nil).Into(t, &aOwner)
	theirs := create(t, b, "", "销售部", 0) // the same name in another company is no duplicate

	if got := tree(t, b); len(got) != 1 || got[0].ID != theirs.ID || len(got[0].Children) != 0 {
		t.Fatalf("乙's tree = %+v", got)
	}
	// 乙 cannot hang departments under 甲's, move its own under 甲's, or make 甲's owner its leader.
	apptest.Expect(t, b.Call(http.MethodPost, v1+"depts", map[string]any{"parentId": sales.ID, "name": "渗透组"}), 400, "A0400", "上级部门不存在")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"depts/"+theirs.ID, map[string]any{"parentId": east.ID, "name": "销售部"}), 400, "A0400", "上级部门不存在")
	apptest.Expect(t, b.Call(http.MethodPost, v1+"depts", map[string]any{"name": "客服部", "leaderId": aOwner.ID}), 400, "A0400", "负责人不存在")
	// Nor rename or delete 甲's.
	apptest.Expect(t, b.Call(http.MethodPut, v1+"depts/"+east.ID, map[string]any{"parentId": "0", "name": "改掉"}), 404, "A0404", "部门不存在")
	apptest.Expect(t, b.Call(http.MethodDelete, v1+"depts/"+east.ID, nil), 404, "A0404", "部门不存在")
	if o := outline(tree(t, a)); o != "销售部(华东组)" {
		t.Fatalf("甲's tree after 乙's tries = %s", o)
	}
	if got := tree(t, b); len(got) != 1 {
		t.Fatalf("乙's tree after its tries = %+v", got)
	}
}
