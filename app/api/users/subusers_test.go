package users_test

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

const subusers = "/admin/api/v1/users/subusers"

type subUser struct {
	ID            string   `json:"id"`
	Account       string   `json:"account"`
	Name          string   `json:"name"`
	Email         string   `json:"email"`
	Mobile        string   `json:"mobile"`
	Status        int      `json:"status"`
	IsOwner       bool     `json:"isOwner"`
	IsSelf        bool     `json:"isSelf"`
	Roles         []string `json:"roles"`
	RoleIDs       []string `json:"roleIds"`
	LastLoginTime string   `json:"lastLoginTime"`
	CreatedAt     string   `json:"createdAt"`
}

type subUserPage struct {
	Records []subUser `json:"records"`
	Total   int64     `json:"total"`
	Size    int       `json:"size"`
	Current int       `json:"current"`
	Pages   int64     `json:"pages"`
}

type roleOption struct {
	ID, Name, Code string
}

var (
	dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
	decimal  = regexp.MustCompile(`^\d+$`)
)

const newPassword = "Newpass#2026"

func idText(id int64) string { return strconv.FormatInt(id, 10) }

// newRole makes a role in the company of ownerAccount straight in the database (the role calls are tested in
// their own package).
func newRole(t *testing.T, h *apptest.Harness, ownerAccount, name string) string {
	t.Helper()
	owner, err := accountsdb.UserByAccount(h.DB, ownerAccount)
	if err != nil {
		t.Fatal(err)
	}
	r := &accountsdb.Role{CompanyID: owner.CompanyID, Name: name}
	if err := admindb.CreateRole(h.DB, r); err != nil {
		t.Fatal(err)
	}
	return idText(r.ID)
}

func adminClient(t *testing.T, h *apptest.Harness) *apptest.Client {
	t.Helper()
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

func createSubUser(t *testing.T, c *apptest.Client, account, name string, roleIDs ...string) subUser {
	t.Helper()
	env := c.Call(http.MethodPost, subusers, map[string]any{"account": account, "name": name,
		"password": "Passw0rd!", "repassword": "Passw0rd!", "roleIds": append([]string{}, roleIDs...)})
	apptest.ExpectOK(t, env)
	var u subUser
	env.Into(t, &u)
	return u
}

func listSubUsers(t *testing.T, c *apptest.Client, body map[string]any) subUserPage {
	t.Helper()
	env := c.Call(http.MethodPost, subusers+"/page", body)
	apptest.ExpectOK(t, env)
	var p subUserPage
	env.Into(t, &p)
	if p.Records == nil {
		t.Fatalf("records is not a list: %s", env.Data)
	}
	return p
}

func accounts(p subUserPage) string {
	var out []string
	for _, u := range p.Records {
		out = append(out, u.Account)
	}
	return strings.Join(out, ",")
}

func TestSubUserCallsNeedASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"POST /page", "GET /roles", "GET /1", "POST ", "PUT /1", "POST /1/disable",
		"POST /1/enable", "POST /1/resetPassword"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, subusers+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestSubUserCallsNeedTheScreenAndItsButtonPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	target := createSubUser(t, admin, "13900000009", "目标")
	changes := map[string]any{"name": "改名", "password": newPassword, "repassword": newPassword}

	// Without the 子账号 screen nothing answers, reading included.
	stranger, _ := h.RestrictedUser("13900000001", []string{"warehouse.inbound"}, nil)
	for _, call := range []string{"POST /page", "GET /roles", "GET /" + target.ID, "POST ", "PUT /" + target.ID,
		"POST /" + target.ID + "/disable", "POST /" + target.ID + "/enable", "POST /" + target.ID + "/resetPassword"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, stranger.Call(method, subusers+path, changes), 401, "A0301", "访问未授权")
	}

	// With the screen alone: reading, and no change.
	viewer, _ := h.RestrictedUser("13900000002", []string{"sys.subuser"}, nil)
	listSubUsers(t, viewer, map[string]any{})
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, subusers+"/roles", nil))
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, subusers+"/"+target.ID, nil))
	for _, call := range []string{"POST ", "PUT /" + target.ID, "POST /" + target.ID + "/disable",
		"POST /" + target.ID + "/enable", "POST /" + target.ID + "/resetPassword"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, viewer.Call(method, subusers+path, changes), 401, "A0301", "访问未授权")
	}

	// Each button permission opens its own call only.
	editor, _ := h.RestrictedUser("13900000003", []string{"sys.subuser"}, []string{"sys:user:edit"})
	apptest.ExpectOK(t, editor.Call(http.MethodPut, subusers+"/"+target.ID, map[string]any{"name": "改名"}))
	apptest.Expect(t, editor.Call(http.MethodPost, subusers+"/"+target.ID+"/disable", nil), 401, "A0301", "访问未授权")
	disabler, _ := h.RestrictedUser("13900000004", []string{"sys.subuser"}, []string{"sys:user:delete"})
	apptest.ExpectOK(t, disabler.Call(http.MethodPost, subusers+"/"+target.ID+"/disable", nil))
	apptest.ExpectOK(t, disabler.Call(http.MethodPost, subusers+"/"+target.ID+"/enable", nil))
	apptest.Expect(t, disabler.Call(http.MethodPost, subusers+"/"+target.ID+"/resetPassword", changes), 401, "A0301", "访问未授权")
	resetter, _ := h.RestrictedUser("13900000005", []string{"sys.subuser"}, []string{"sys:user:reset"})
	apptest.ExpectOK(t, resetter.Call(http.MethodPost, subusers+"/"+target.ID+"/resetPassword", changes))
	apptest.Expect(t, resetter.Call(http.MethodPost, subusers, map[string]any{}), 401, "A0301", "访问未授权")
}

func TestCreateListAndGetSubUsers(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	clerkRole := newRole(t, h, apptest.AdminAccount, "仓库文员")

	env := admin.Call(http.MethodGet, subusers+"/roles", nil)
	apptest.ExpectOK(t, env)
	var opts []roleOption
	env.Into(t, &opts)
	if len(opts) != 2 || opts[0].Name != "仓库文员" || opts[0].ID != clerkRole || opts[1].Code != "admin" {
		t.Fatalf("role options = %+v", opts)
	}

	u := createSubUser(t, admin, "13900000001", "张三", clerkRole)
	if !decimal.MatchString(u.ID) || u.Account != "13900000001" || u.Name != "张三" || u.Mobile != "13900000001" ||
		u.Email != "" || u.Status != 1 || u.IsOwner || len(u.Roles) != 1 || u.Roles[0] != "仓库文员" ||
		u.RoleIDs[0] != clerkRole || u.LastLoginTime != "" || !dateTime.MatchString(u.CreatedAt) {
		t.Fatalf("created = %+v", u)
	}
	// An e-mail account is also the user's e-mail; the account is kept in lower case.
	mail := createSubUser(t, admin, "Li.Si@Example.com", "李四")
	if mail.Account != "li.si@example.com" || mail.Email != "li.si@example.com" || mail.Mobile != "" || len(mail.Roles) != 0 {
		t.Fatalf("e-mail account = %+v", mail)
	}
	apptest.ExpectOK(t, h.Client().Login("li.si@example.com", "Passw0rd!"))

	// The list: the owner first, then by creation; filters by name, account and status; sort by known columns.
	p := listSubUsers(t, admin, map[string]any{})
	if p.Total != 3 || p.Size != 10 || p.Current != 1 || p.Pages != 1 || !p.Records[0].IsOwner ||
		p.Records[0].Account != apptest.AdminAccount || p.Records[0].Roles[0] != "管理员" || p.Records[0].LastLoginTime == "" {
		t.Fatalf("page = %+v", p)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"name": "三"})); got != "13900000001" {
		t.Fatalf("name filter: %s", got)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"account": "example"})); got != "li.si@example.com" {
		t.Fatalf("account filter: %s", got)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"account": "%"})); got != "" {
		t.Fatalf("a %% in the filter is taken literally: %s", got)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"sort": "account", "order": "desc"})); got != "li.si@example.com,admin@sellerhub.local,13900000001" {
		t.Fatalf("sort by account desc: %s", got)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"sort": "1; DROP TABLE users", "order": "asc"})); got != "admin@sellerhub.local,13900000001,li.si@example.com" {
		t.Fatalf("unknown sort: %s", got)
	}
	second := listSubUsers(t, admin, map[string]any{"currentpage": 2, "pagesize": 2})
	if second.Total != 3 || second.Pages != 2 || second.Current != 2 || accounts(second) != "li.si@example.com" {
		t.Fatalf("second page = %+v", second)
	}
	apptest.ExpectOK(t, admin.Call(http.MethodPost, subusers+"/"+u.ID+"/disable", nil))
	if got := accounts(listSubUsers(t, admin, map[string]any{"status": "0"})); got != "13900000001" {
		t.Fatalf("disabled filter: %s", got)
	}
	if got := accounts(listSubUsers(t, admin, map[string]any{"status": "1"})); got != "admin@sellerhub.local,li.si@example.com" {
		t.Fatalf("enabled filter: %s", got)
	}
	apptest.Expect(t, admin.Call(http.MethodPost, subusers+"/page", map[string]any{"status": "x"}), 400, "A0400", "状态不正确")

	env = admin.Call(http.MethodGet, subusers+"/"+u.ID, nil)
	apptest.ExpectOK(t, env)
	var got subUser
	env.Into(t, &got)
	if got.ID != u.ID || got.Status != 0 || got.Roles[0] != "仓库文员" {
		t.Fatalf("get = %+v", got)
	}
	apptest.Expect(t, admin.Call(http.MethodGet, subusers+"/999", nil), 404, "A0404", "用户不存在")
	apptest.Expect(t, admin.Call(http.MethodGet, subusers+"/abc", nil), 404, "A0404", "用户不存在")
}

func TestCreateSubUserValidation(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	other := h.SignedIn("13700000001", "乙公司")
	otherOwner, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	otherRole, _ := accountsdb.DefaultRole(h.DB, otherOwner.CompanyID)
	good := map[string]any{"account": "13900000001", "name": "张三", "email": "", "mobile": "",
		"password": "Passw0rd!", "repassword": "Passw0rd!", "roleIds": []string{}}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for key, val := range good {
			out[key] = val
		}
		out[k] = v
		return out
	}
	cases := []struct {
		body   map[string]any
		status int
		code   string
		msg    string
	}{
		{with("account", " "), 400, "A0400", "账号不能为空"},
		{with("account", "12345"), 400, "A0400", "账号须为手机号码或邮箱"},
		{with("name", ""), 400, "A0400", "用户名不能为空"},
		{with("name", strings.Repeat("名", 51)), 400, "A0400", "用户名不能超过50个字符"},
		{with("email", "not-mail"), 400, "A0400", "请输入正确的邮箱号！"},
		{with("mobile", "123"), 400, "A0400", "请输入正确的手机号码！"},
		{with("password", "short1A"), 400, "A0400", "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{with("password", "alllowercase"), 400, "A0400", "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{with("repassword", ""), 400, "A0400", "请再次输入密码"},
		{with("repassword", "Passw0rd?"), 400, "A0400", "两次输入密码不一致!"},
		{with("roleIds", []string{"x"}), 400, "A0400", "角色不存在"},
		// Another company's role is no role here.
		{with("roleIds", []string{idText(otherRole.ID)}), 400, "A0400", "角色不存在"},
		// Accounts are unique across the product, other companies included.
		{with("account", apptest.AdminAccount), 400, "B0001", "账号已存在"},
		{with("account", "13700000001"), 400, "B0001", "账号已存在"},
	}
	for _, tc := range cases {
		apptest.Expect(t, admin.Call(http.MethodPost, subusers, tc.body), tc.status, tc.code, tc.msg)
	}
	if p := listSubUsers(t, admin, map[string]any{}); p.Total != 1 {
		t.Fatalf("refused creations left users behind: %+v", p)
	}
	if p := listSubUsers(t, other, map[string]any{}); p.Total != 1 {
		t.Fatalf("the other company gained users: %+v", p)
	}
	apptest.Expect(t, admin.Call(http.MethodPost, subusers, map[string]any{"account": []int{1}}), 400, "A0400", "请求格式不正确")
}

// menuTitles lists the top groups of a user's menu.
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

func TestUpdateSubUserAndItsRolesTakeEffectAtOnce(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	clerk, clerkRole := h.RestrictedUser("13900000001", []string{"warehouse.inbound"}, nil)
	if got := menuTitles(t, clerk); got != "仓库" {
		t.Fatalf("clerk's menu before: %s", got)
	}
	clerkUser, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	id := idText(clerkUser.ID)
	adminRole, _ := accountsdb.DefaultRole(h.DB, clerkRole.CompanyID)

	env := admin.Call(http.MethodPut, subusers+"/"+id, map[string]any{"name": " 新名字 ", "email": "New@Example.com",
		"mobile": "13900000099", "roleIds": []string{idText(adminRole.ID)}, "account": "13911111111"})
	apptest.ExpectOK(t, env)
	var u subUser
	env.Into(t, &u)
	if u.Name != "新名字" || u.Email != "new@example.com" || u.Mobile != "13900000099" || u.Account != "13900000001" ||
		len(u.Roles) != 1 || u.Roles[0] != "管理员" {
		t.Fatalf("updated = %+v", u)
	}
	// The clerk's next call sees the admin role's whole menu: the cached menu was dropped.
	if got := menuTitles(t, clerk); !strings.HasPrefix(got, "产品,") || !strings.HasSuffix(got, ",系统") {
		t.Fatalf("clerk's menu after the role change: %s", got)
	}

	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"name": ""}, "用户名不能为空"},
		{map[string]any{"name": "甲", "email": "x"}, "请输入正确的邮箱号！"},
		{map[string]any{"name": "甲", "mobile": "x"}, "请输入正确的手机号码！"},
		{map[string]any{"name": "甲", "roleIds": []string{"123"}}, "角色不存在"},
	} {
		apptest.Expect(t, admin.Call(http.MethodPut, subusers+"/"+id, tc.body), 400, "A0400", tc.msg)
	}
	if got, _ := accountsdb.UserInCompany(h.DB, clerkUser.CompanyID, clerkUser.ID); got.Profile.Name != "新名字" {
		t.Fatalf("a refused edit changed the name to %q", got.Profile.Name)
	}
	apptest.Expect(t, admin.Call(http.MethodPut, subusers+"/999", map[string]any{"name": "甲"}), 404, "A0404", "用户不存在")

	// Nobody else removes a role of the company's owner; adding one is fine. Not even the owner changes their own
	// roles (see TestNobodyChangesTheirOwnGrants).
	owner, _ := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	ownerID := idText(owner.ID)
	admin2 := h.Member(apptest.AdminAccount, "13900000002", true)
	apptest.Expect(t, admin2.Call(http.MethodPut, subusers+"/"+ownerID, map[string]any{"name": "老板", "roleIds": []string{}}),
		400, "B0001", "不能移除主账号的角色")
	apptest.ExpectOK(t, admin2.Call(http.MethodPut, subusers+"/"+ownerID, map[string]any{"name": "老板",
		"roleIds": []string{idText(adminRole.ID), idText(clerkRole.ID)}}))
	apptest.Expect(t, admin.Call(http.MethodPut, subusers+"/"+ownerID, map[string]any{"name": "老板",
		"roleIds": []string{idText(adminRole.ID)}}), 400, "B0001", "不能修改自己的角色、店铺分组或启用状态")
}

func TestDisableEndsTheSessionAndRefusesSignIn(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	u := createSubUser(t, admin, "13900000001", "张三")
	member := h.Client()
	apptest.ExpectOK(t, member.Login("13900000001", "Passw0rd!"))
	apptest.ExpectOK(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil))

	env := admin.Call(http.MethodPost, subusers+"/"+u.ID+"/disable", nil)
	apptest.ExpectOK(t, env)
	var got subUser
	env.Into(t, &got)
	if got.Status != 0 {
		t.Fatalf("disabled = %+v", got)
	}
	apptest.Expect(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, h.Client().Login("13900000001", "Passw0rd!"), 200, "B0001", "账号已停用")

	env = admin.Call(http.MethodPost, subusers+"/"+u.ID+"/enable", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &got)
	if got.Status != 1 {
		t.Fatalf("enabled = %+v", got)
	}
	apptest.ExpectOK(t, h.Client().Login("13900000001", "Passw0rd!"))

	owner, _ := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	admin2 := h.Member(apptest.AdminAccount, "13900000002", true)
	apptest.Expect(t, admin2.Call(http.MethodPost, subusers+"/"+idText(owner.ID)+"/disable", nil), 400, "B0001", "主账号不能停用")
	self, _ := accountsdb.UserByAccount(h.DB, "13900000002")
	apptest.Expect(t, admin2.Call(http.MethodPost, subusers+"/"+idText(self.ID)+"/disable", nil), 400, "B0001", "不能停用当前登录的账号")
	apptest.ExpectOK(t, admin2.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
	apptest.Expect(t, admin.Call(http.MethodPost, subusers+"/999/disable", nil), 404, "A0404", "用户不存在")
}

func TestResetPasswordEndsTheSession(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	u := createSubUser(t, admin, "13900000001", "张三")
	member := h.Client()
	apptest.ExpectOK(t, member.Login("13900000001", "Passw0rd!"))
	reset := subusers + "/" + u.ID + "/resetPassword"

	for _, tc := range []struct{ password, repassword, msg string }{
		{"weak", "weak", "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{newPassword, "", "请再次输入密码"},
		{newPassword, newPassword + "x", "两次输入密码不一致!"},
	} {
		apptest.Expect(t, admin.Call(http.MethodPost, reset, map[string]string{"password": tc.password, "repassword": tc.repassword}),
			400, "A0400", tc.msg)
	}
	apptest.ExpectOK(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil))

	env := admin.Call(http.MethodPost, reset, map[string]string{"password": newPassword, "repassword": newPassword})
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("data = %s", env.Data)
	}
	apptest.Expect(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, h.Client().Login("13900000001", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.ExpectOK(t, h.Client().Login("13900000001", newPassword))

	body := map[string]string{"password": newPassword, "repassword": newPassword}
	owner, _ := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	admin2 := h.Member(apptest.AdminAccount, "13900000002", true)
	apptest.Expect(t, admin2.Call(http.MethodPost, subusers+"/"+idText(owner.ID)+"/resetPassword", body), 400, "B0001", "主账号的密码只能由本人修改")
	apptest.Expect(t, admin.Call(http.MethodPost, subusers+"/"+idText(owner.ID)+"/resetPassword", body), 400, "B0001", "请在个人中心修改自己的密码")
	apptest.Expect(t, admin.Call(http.MethodPost, subusers+"/999/resetPassword", body), 404, "A0404", "用户不存在")
	// The refusals changed nothing: the owner's password still signs in.
	apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, apptest.AdminPassword))
}

func TestSubUsersOfAnotherCompanyAreOutOfReach(t *testing.T) {
	h := apptest.Start(t)
	a := adminClient(t, h)
	aRole := newRole(t, h, apptest.AdminAccount, "甲的角色")
	aUser := createSubUser(t, a, "13900000001", "甲的员工", aRole)
	b := h.SignedIn("13700000001", "乙公司")
	member := h.Client()
	apptest.ExpectOK(t, member.Login("13900000001", "Passw0rd!"))

	if got := accounts(listSubUsers(t, b, map[string]any{})); got != "13700000001" {
		t.Fatalf("乙 lists %s", got)
	}
	env := b.Call(http.MethodGet, subusers+"/roles", nil)
	apptest.ExpectOK(t, env)
	var opts []roleOption
	env.Into(t, &opts)
	if len(opts) != 1 || opts[0].Code != "admin" || opts[0].ID == aRole {
		t.Fatalf("乙's role options: %+v", opts)
	}
	body := map[string]any{"name": "被改", "password": newPassword, "repassword": newPassword}
	apptest.Expect(t, b.Call(http.MethodGet, subusers+"/"+aUser.ID, nil), 404, "A0404", "用户不存在")
	apptest.Expect(t, b.Call(http.MethodPut, subusers+"/"+aUser.ID, body), 404, "A0404", "用户不存在")
	apptest.Expect(t, b.Call(http.MethodPost, subusers+"/"+aUser.ID+"/disable", nil), 404, "A0404", "用户不存在")
	apptest.Expect(t, b.Call(http.MethodPost, subusers+"/"+aUser.ID+"/enable", nil), 404, "A0404", "用户不存在")
	apptest.Expect(t, b.Call(http.MethodPost, subusers+"/"+aUser.ID+"/resetPassword", body), 404, "A0404", "用户不存在")
	// 乙 cannot give its own user 甲's role either.
	bUser := createSubUser(t, b, "13700000002", "乙的员工")
	apptest.Expect(t, b.Call(http.MethodPut, subusers+"/"+bUser.ID, map[string]any{"name": "乙",
		"roleIds": []string{aRole}}), 400, "A0400", "角色不存在")

	got, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	if got.Profile.Name != "甲的员工" || got.Status != accountsdb.StatusActive {
		t.Fatalf("甲's user changed: %+v", got)
	}
	apptest.ExpectOK(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
	apptest.ExpectOK(t, h.Client().Login("13900000001", "Passw0rd!"))
}
