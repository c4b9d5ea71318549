package contacts_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

const v1 = "/admin/api/v1/"

type client struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Contact   string `json:"contact"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
	Address   string `json:"address"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type customer struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Platform  string `json:"platform"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Country   string `json:"country"`
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

func create[T any](t *testing.T, c *apptest.Client, path string, body map[string]any) T {
	t.Helper()
	env := c.Call(http.MethodPost, v1+path, body)
	apptest.ExpectOK(t, env)
	var v T
	env.Into(t, &v)
	return v
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
	for _, noun := range []string{"clients", "customers"} {
		for _, call := range []string{"POST /page", "GET /1", "POST ", "PUT /1", "DELETE /1"} {
			method, path, _ := strings.Cut(call, " ")
			apptest.Expect(t, c.Call(method, v1+noun+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		}
	}
}

func TestReadingNeedsTheScreenAndChangingTheButtonPermissions(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	cl := create[client](t, admin, "clients", map[string]any{"name": "深圳云仓"})
	cu := create[customer](t, admin, "customers", map[string]any{"name": "John"})

	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	for _, noun := range []string{"clients", "customers"} {
		apptest.Expect(t, clerk.Call(http.MethodPost, v1+noun+"/page", nil), 401, "A0301", "访问未授权")
	}
	apptest.Expect(t, clerk.Call(http.MethodGet, v1+"clients/"+cl.ID, nil), 401, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodGet, v1+"customers/"+cu.ID, nil), 401, "A0301", "访问未授权")

	// The screen alone reads, and changes nothing.
	viewer, _ := h.RestrictedUser("13900000002", []string{"service.client", "service.customer"}, nil)
	if p := list[client](t, viewer, "clients/page", nil); p.Total != 1 {
		t.Fatalf("viewer's clients = %+v", p)
	}
	if p := list[customer](t, viewer, "customers/page", nil); p.Total != 1 {
		t.Fatalf("viewer's customers = %+v", p)
	}
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, v1+"clients/"+cl.ID, nil))
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, v1+"customers/"+cu.ID, nil))
	type call struct {
		method, path string
		body         map[string]any
	}
	calls := map[string]call{
		"sys:client:add":      {http.MethodPost, "clients", map[string]any{"name": "广州仓"}},
		"sys:client:edit":     {http.MethodPut, "clients/" + cl.ID, map[string]any{"name": "深圳云仓"}},
		"sys:client:delete":   {http.MethodDelete, "clients/" + cl.ID, nil},
		"sys:customer:add":    {http.MethodPost, "customers", map[string]any{"name": "Mary"}},
		"sys:customer:edit":   {http.MethodPut, "customers/" + cu.ID, map[string]any{"name": "John"}},
		"sys:customer:delete": {http.MethodDelete, "customers/" + cu.ID, nil},
	}
	for _, r := range calls {
		apptest.Expect(t, viewer.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
	}
	phone := 13900000010
	for _, perm := range []string{"sys:client:add", "sys:client:edit", "sys:client:delete", "sys:customer:add", "sys:customer:edit", "sys:customer:delete"} {
		phone++
		u, _ := h.RestrictedUser(strconv.Itoa(phone), nil, []string{perm})
		for other, r := range calls {
			if other != perm {
				apptest.Expect(t, u.Call(r.method, v1+r.path, r.body), 401, "A0301", "访问未授权")
			}
		}
		apptest.ExpectOK(t, u.Call(calls[perm].method, v1+calls[perm].path, calls[perm].body))
	}
}

func TestClientAddReadPageEditDelete(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	cl := create[client](t, c, "clients", map[string]any{"name": " 深圳云仓 ", "code": "SZ01", "contact": "王经理",
		"phone": "+86 (755) 8888-0000", "email": "wang@example.com", "address": "深圳市宝安区", "remark": "月结"})
	want := client{ID: cl.ID, Name: "深圳云仓", Code: "SZ01", Contact: "王经理", Phone: "+86 (755) 8888-0000",
		Email: "wang@example.com", Address: "深圳市宝安区", Remark: "月结", CreatedAt: cl.CreatedAt, UpdatedAt: cl.UpdatedAt}
	if cl != want || !decimal.MatchString(cl.ID) || !dateTime.MatchString(cl.CreatedAt) {
		t.Fatalf("created = %+v", cl)
	}
	create[client](t, c, "clients", map[string]any{"name": "广州仓", "code": "GZ01"})
	create[client](t, c, "clients", map[string]any{"name": "义乌仓", "code": "YW01"})
	p := list[client](t, c, "clients/page", map[string]any{"currentpage": 2, "pagesize": 2, "sort": "code", "order": "asc"})
	if p.Total != 3 || p.Current != 2 || p.Size != 2 || p.Pages != 2 || len(p.Records) != 1 || p.Records[0].Code != "YW01" {
		t.Fatalf("page 2 by code = %+v", p)
	}
	if p := list[client](t, c, "clients/page", map[string]any{"name": "云仓"}); p.Total != 1 || p.Records[0] != cl {
		t.Fatalf("filtered = %+v", p)
	}
	env := c.Call(http.MethodPut, v1+"clients/"+cl.ID, map[string]any{"name": "深圳云仓二号", "phone": ""})
	apptest.ExpectOK(t, env)
	var edited client
	env.Into(t, &edited)
	if edited.Name != "深圳云仓二号" || edited.Code != "" || edited.Phone != "" || edited.CreatedAt != cl.CreatedAt {
		t.Fatalf("edited = %+v", edited)
	}
	env = c.Call(http.MethodGet, v1+"clients/"+cl.ID, nil)
	apptest.ExpectOK(t, env)
	var read client
	env.Into(t, &read)
	if read != edited {
		t.Fatalf("read %+v, edited %+v", read, edited)
	}
	env = c.Call(http.MethodDelete, v1+"clients/"+cl.ID, nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("delete answered %s", env.Data)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"clients/"+cl.ID, nil), 404, "A0404", "客户端不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"clients/"+cl.ID, nil), 404, "A0404", "客户端不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"clients/x", map[string]any{"name": "x"}), 404, "A0404", "客户端不存在")
}

func TestCustomerAddReadPageEditDelete(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	cu := create[customer](t, c, "customers", map[string]any{"name": "John Smith", "platform": "Amazon",
		"email": "john@example.com", "phone": "+1 206-555-0100", "country": "US", "remark": "VIP"})
	want := customer{ID: cu.ID, Name: "John Smith", Platform: "Amazon", Email: "john@example.com",
		Phone: "+1 206-555-0100", Country: "US", Remark: "VIP", CreatedAt: cu.CreatedAt, UpdatedAt: cu.UpdatedAt}
	if cu != want || !decimal.MatchString(cu.ID) || !dateTime.MatchString(cu.UpdatedAt) {
		t.Fatalf("created = %+v", cu)
	}
	create[customer](t, c, "customers", map[string]any{"name": "Hans", "country": "DE"})
	p := list[customer](t, c, "customers/page", map[string]any{"sort": "country", "order": "desc"})
	if p.Total != 2 || p.Records[0].Country != "US" {
		t.Fatalf("by country desc = %+v", p)
	}
	env := c.Call(http.MethodPut, v1+"customers/"+cu.ID, map[string]any{"name": "John S.", "platform": "eBay", "country": "CA"})
	apptest.ExpectOK(t, env)
	var edited customer
	env.Into(t, &edited)
	if edited.Name != "John S." || edited.Platform != "eBay" || edited.Email != "" || edited.Country != "CA" {
		t.Fatalf("edited = %+v", edited)
	}
	env = c.Call(http.MethodGet, v1+"customers/"+cu.ID, nil)
	apptest.ExpectOK(t, env)
	var read customer
	env.Into(t, &read)
	if read != edited {
		t.Fatalf("read %+v, edited %+v", read, edited)
	}
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"customers/"+cu.ID, nil))
	apptest.Expect(t, c.Call(http.MethodGet, v1+"customers/"+cu.ID, nil), 404, "A0404", "客户不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"customers/"+cu.ID, nil), 404, "A0404", "客户不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"customers/"+cu.ID, map[string]any{"name": "x"}), 404, "A0404", "客户不存在")
}

func TestValidationAndDuplicates(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	cl := create[client](t, c, "clients", map[string]any{"name": "深圳云仓"})
	cu := create[customer](t, c, "customers", map[string]any{"name": "John"})
	long := func(n int) string { return strings.Repeat("长", n) }
	for msg, body := range map[string]map[string]any{
		"客户端名称不能为空":       {"name": " "},
		"客户端名称不能超过100个字符": {"name": long(101)},
		"编码不能超过50个字符":     {"name": "x", "code": long(51)},
		"联系人不能超过50个字符":    {"name": "x", "contact": long(51)},
		"电话不能超过30个字符":     {"name": "x", "phone": strings.Repeat("1", 31)},
		"电话格式不正确":         {"name": "x", "phone": "call me"},
		"邮箱格式不正确":         {"name": "x", "email": "wang@"},
		"地址不能超过200个字符":    {"name": "x", "address": long(201)},
		"备注不能超过200个字符":    {"name": "x", "remark": long(201)},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"clients", body), 400, "A0400", msg)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"clients/"+cl.ID, body), 400, "A0400", msg)
	}
	for msg, body := range map[string]map[string]any{
		"客户名称不能为空":       {"name": ""},
		"客户名称不能超过100个字符": {"name": long(101)},
		"平台不能超过50个字符":    {"name": "x", "platform": long(51)},
		"国家不能超过50个字符":    {"name": "x", "country": long(51)},
		"电话格式不正确":        {"name": "x", "phone": "电话"},
		"邮箱格式不正确":        {"name": "x", "email": "john"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"customers", body), 400, "A0400", msg)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"customers/"+cu.ID, body), 400, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"clients", map[string]any{"name": "深圳云仓"}), 400, "B0001", "客户端名称已存在")
	other := create[client](t, c, "clients", map[string]any{"name": "广州仓"})
	apptest.Expect(t, c.Call(http.MethodPut, v1+"clients/"+other.ID, map[string]any{"name": "深圳云仓"}), 400, "B0001", "客户端名称已存在")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"customers", map[string]any{"name": "John"}), 400, "B0001", "客户名称已存在")
	mary := create[customer](t, c, "customers", map[string]any{"name": "Mary"})
	apptest.Expect(t, c.Call(http.MethodPut, v1+"customers/"+mary.ID, map[string]any{"name": "John"}), 400, "B0001", "客户名称已存在")
	if p := list[client](t, c, "clients/page", nil); p.Total != 2 {
		t.Fatalf("clients after refusals = %+v", p)
	}
	if p := list[customer](t, c, "customers/page", nil); p.Total != 2 {
		t.Fatalf("customers after refusals = %+v", p)
	}
}

func TestCompaniesNeverSeeOrTouchEachOthersContacts(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	cl := create[client](t, a, "clients", map[string]any{"name": "深圳云仓"})
	cu := create[customer](t, a, "customers", map[string]any{"name": "John"})
	create[client](t, b, "clients", map[string]any{"name": "深圳云仓"})
	create[customer](t, b, "customers", map[string]any{"name": "John"})
	for path, msg := range map[string]string{"clients/" + cl.ID: "客户端不存在", "customers/" + cu.ID: "客户不存在"} {
		apptest.Expect(t, b.Call(http.MethodGet, v1+path, nil), 404, "A0404", msg)
		apptest.Expect(t, b.Call(http.MethodPut, v1+path, map[string]any{"name": "偷"}), 404, "A0404", msg)
		apptest.Expect(t, b.Call(http.MethodDelete, v1+path, nil), 404, "A0404", msg)
		apptest.ExpectOK(t, a.Call(http.MethodGet, v1+path, nil))
	}
	if p := list[client](t, b, "clients/page", nil); p.Total != 1 || p.Records[0].ID == cl.ID {
		t.Fatalf("乙's clients = %+v", p)
	}
	if p := list[customer](t, a, "customers/page", nil); p.Total != 1 || p.Records[0] != cu {
		t.Fatalf("甲's customers = %+v", p)
	}
}
