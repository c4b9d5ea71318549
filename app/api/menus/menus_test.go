package menus_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/labstack/echo/v5"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

type route struct {
	Name, Path, Redirect, Component, OldID string
	Sort                                   int
	Meta                                   struct {
		Title, Icon string
		KeepAlive   bool
		Permissions []string
	}
	Children []route
	Building bool
}

func routes(t *testing.T, c *apptest.Client) []route {
	t.Helper()
	env := c.Call(http.MethodGet, "/admin/api/v1/menus/route", nil)
	apptest.ExpectOK(t, env)
	var rs []route
	env.Into(t, &rs)
	return rs
}

func TestAdminGetsTheWholeMenuWithPermissionsOnTheFirstEntry(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	rs := routes(t, c)
	var titles []string
	for _, r := range rs {
		titles = append(titles, r.Meta.Title)
	}
	want := []string{"产品", "销售", "采购", "仓库", "物流", "广告", "财务", "客服", "授权", "系统"}
	if len(titles) != len(want) {
		t.Fatalf("top groups %v, want %v", titles, want)
	}
	for i := range want {
		if titles[i] != want[i] {
			t.Fatalf("top groups %v, want %v", titles, want)
		}
	}
	first := rs[0]
	if first.Name == "" || first.Redirect != "/erp/material/localproduct" || !first.Meta.KeepAlive ||
		len(first.Meta.Permissions) < 40 || len(rs[1].Meta.Permissions) != 0 {
		t.Fatalf("first entry: %+v", first)
	}
	heading := first.Children[0]
	if heading.Meta.Title != "产品管理" || heading.Children[0].Meta.Title != "本地产品" ||
		heading.Children[0].Path != "/erp/material/localproduct" || heading.Children[0].Component != "erp/material/localproduct/index" {
		t.Fatalf("product heading: %+v", heading)
	}
	for i := 1; i < len(rs); i++ {
		if rs[i].Sort <= rs[i-1].Sort {
			t.Fatalf("siblings not by sort: %d after %d", rs[i].Sort, rs[i-1].Sort)
		}
	}
}

// The top groups' icons are the names older clients render (and the shell draws).
func TestTopGroupIconsAreTheOlderClientsNames(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	want := map[string]string{"产品": "Commodity", "销售": "SalesReport", "采购": "ShoppingBag", "仓库": "Home", "物流": "Ship",
		"广告": "Ad", "财务": "Finance", "客服": "HeadsetOne", "授权": "Config", "系统": "Workbench"}
	rs := routes(t, c)
	if len(rs) != len(want) {
		t.Fatalf("%d top groups, want %d", len(rs), len(want))
	}
	for _, r := range rs {
		if r.Meta.Icon != want[r.Meta.Title] {
			t.Errorf("%s: icon %q, want %q", r.Meta.Title, r.Meta.Icon, want[r.Meta.Title])
		}
	}
}

func TestRoleSeesOnlyWhatItWasGranted(t *testing.T) {
	h := apptest.Start(t)
	c, role := h.RestrictedUser("13500000001", []string{"warehouse.inbound", "warehouse.shelf"}, []string{"erp:wh:shelf:add"})
	rs := routes(t, c)
	if len(rs) != 1 || rs[0].Meta.Title != "仓库" || len(rs[0].Children) != 2 {
		t.Fatalf("clerk menu: %+v", rs)
	}
	if got := rs[0].Children[0].Children; len(got) != 1 || got[0].Meta.Title != "入库单" {
		t.Fatalf("documents heading: %+v", got)
	}
	if p := rs[0].Meta.Permissions; len(p) != 1 || p[0] != "erp:wh:shelf:add" {
		t.Fatalf("permissions: %v", p)
	}

	// A new grant shows after the cache is dropped, by the grant change or by cleanUserCache.
	m, _ := admindb.MenuByCode(h.DB, "system")
	sub, _ := admindb.MenuByCode(h.DB, "sys.dict")
	h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: sub.ID})
	if rs := routes(t, c); len(rs) != 1 {
		t.Fatalf("cached menu changed before the cache was dropped: %d groups", len(rs))
	}
	apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/menus/cleanUserCache", nil))
	rs = routes(t, c)
	if len(rs) != 2 || rs[1].Name != itoa(m.ID) {
		t.Fatalf("after cleanUserCache: %+v", rs)
	}
	h.DB.Where("role_id = ?", role.ID).Delete(&admindb.RoleMenu{})
	admin, _ := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err := h.Svc.Admin.DropCompanyMenuCache(t.Context(), admin.CompanyID); err != nil {
		t.Fatal(err)
	}
	if rs := routes(t, c); len(rs) != 0 {
		t.Fatalf("after all grants were removed: %+v", rs)
	}
}

func TestMenusNeedASession(t *testing.T) {
	h := apptest.Start(t)
	for _, p := range []string{"/admin/api/v1/menus/route", "/admin/api/v1/menus/cleanUserCache"} {
		apptest.Expect(t, h.Client().Call(http.MethodGet, p, nil), 403, "A0231", "token已被禁止访问")
	}
}

func TestOtherCompaniesMenusAreTheirOwn(t *testing.T) {
	h := apptest.Start(t)
	h.RestrictedUser("13500000002", []string{"warehouse.inbound"}, nil)
	// The owner of another company is its admin and sees everything, whatever the first company granted.
	other := h.SignedIn("13500000003", "丙公司")
	if rs := routes(t, other); len(rs) != 10 {
		t.Fatalf("owner of another company sees %d groups", len(rs))
	}
}

func TestPermissionGuards(t *testing.T) {
	h := apptest.Start(t)
	c, _ := h.RestrictedUser("13500000004", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})
	// The guards' refusals are checked as the errors they return; how the app answers each is tested with the
	// error handler (app_test.go).
	var refusal error
	e := echo.New()
	e.HTTPErrorHandler = func(c *echo.Context, err error) { refusal = err; _ = c.NoContent(599) }
	ok := func(c *echo.Context) error { return c.String(200, "ok") }
	e.Use(middleware.Sessions(h.Svc.Accounts))
	e.GET("/inbound", ok, middleware.RequireMenu(h.Svc.Admin, "/erp/warehouse/inbound"))
	e.GET("/shelf", ok, middleware.RequireMenu(h.Svc.Admin, "/erp/warehouse/shelf"))
	e.GET("/add", ok, middleware.RequireAnyPermission(h.Svc.Admin, "erp:wh:inbound:add"))
	e.GET("/approve", ok, middleware.RequireAnyPermission(h.Svc.Admin, "erp:wh:inbound:approve"))
	for path, want := range map[string]error{"/inbound": nil, "/shelf": core.ErrForbidden, "/add": nil, "/approve": core.ErrForbidden} {
		refusal = nil
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("jsessionid", c.Token)
		e.ServeHTTP(httptest.NewRecorder(), req)
		if refusal != want {
			t.Errorf("%s: refused with %v, want %v", path, refusal, want)
		}
	}
	refusal = nil
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/inbound", nil))
	if refusal != core.ErrNoSession {
		t.Errorf("no session: refused with %v, want %v", refusal, core.ErrNoSession)
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// menus/route marks the entries that still lead to 建设中 (building), beside the contract's fields: a link
// whose address has no screen, and a heading or group all of whose links are such; every entry has its screen now.
func TestMenuRouteMarksEntriesStillBuilding(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	rs := routes(t, c)
	find := func(in []route, title string) route {
		t.Helper()
		for _, r := range in {
			if r.Meta.Title == title {
				return r
			}
		}
		t.Fatalf("no entry %s in %+v", title, in)
		return route{}
	}
	product, sales := find(rs, "产品"), find(rs, "销售")
	base := find(product.Children, "产品管理")
	for _, tc := range []struct {
		entry    route
		building bool
	}{
		{product, false}, {base, false}, {find(base.Children, "本地产品"), false}, {find(base.Children, "SKU配对"), false},
		{find(base.Children, "产品标签"), false}, {find(product.Children, "Listing"), false},
		{find(find(product.Children, "Listing").Children, "调价"), false},
		{find(find(product.Children, "Listing").Children, "商品目录"), false},
		{sales, false}, {find(sales.Children[0].Children, "订单管理"), false}, {find(sales.Children[0].Children, "移除订单"), false},
		{find(sales.Children[1].Children, "销售预测"), false},
		{find(find(find(rs, "财务").Children, "结算").Children, "业绩报告"), false},
		{find(find(find(rs, "授权").Children, "店铺授权").Children, "店铺管理"), false},
		{find(find(find(rs, "系统").Children, "基础设置").Children, "接口文档"), false},
	} {
		if tc.entry.Building != tc.building {
			t.Errorf("%s (%s): building %v, want %v", tc.entry.Meta.Title, tc.entry.Path, tc.entry.Building, tc.building)
		}
	}
	// Every entry of the product menu has its screen now: none is marked (core's grants test holds the marking).
	var walk func(in []route)
	walk = func(in []route) {
		for _, r := range in {
			if r.Building {
				t.Errorf("%s (%s) still building", r.Meta.Title, r.Path)
			}
			walk(r.Children)
		}
	}
	walk(rs)
	if product.Name == "" || product.Redirect != "/erp/material/localproduct" || !product.Meta.KeepAlive {
		t.Fatalf("the contract's fields changed: %+v", product)
	}
}
