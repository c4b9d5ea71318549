package stores_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

// Another company's store groups and seller accounts are not there for a company: every call answers 404 (or an
// empty list) and nothing of theirs changes.
func TestTenantIsolation(t *testing.T) {
	h, amz := start(t)
	a := h.SignedIn("13900000021", "甲公司")
	b := h.SignedIn("13900000022", "乙公司")
	ga := group(t, a, "甲的店")
	sa := authorise(t, h, a, ga, "ATVPDKIKX0DER")
	group(t, b, "乙的店")
	notFound := func(env apptest.Envelope, msg string) {
		t.Helper()
		apptest.Expect(t, env, http.StatusNotFound, "A0404", msg)
	}
	notFound(b.Call(http.MethodGet, v1+"getAuthUrl?groupid="+ga+"&region=NA", nil), "店铺不存在")
	notFound(b.Call(http.MethodPut, v1+"storeGroups/"+ga, map[string]string{"name": "改名"}), "店铺不存在")
	notFound(b.Call(http.MethodDelete, v1+"storeGroups/"+ga, nil), "店铺不存在")
	notFound(b.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+sa, nil), "卖家账号不存在")
	notFound(b.Call(http.MethodGet, report+"?sellerid="+sa, nil), "卖家账号不存在")
	notFound(b.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+ga, nil), "店铺不存在")
	notFound(b.Call(http.MethodGet, v1+"getAuthMaketplace?groupid="+ga, nil), "店铺不存在")
	rt := amz.IssueRefreshToken("A9OTHER")
	notFound(b.Call(http.MethodPost, v1+"saveAuth", map[string]string{"groupid": ga, "region": "EU", "sellerid": "A9OTHER",
		"clientId": "amzn1.application-oa2-client.own", "clientSecret": "own-secret", "refreshToken": rt}), "店铺不存在")
	for _, path := range []string{v1 + "getBindSeller", v1 + "storeGroups", v1 + "getAuthMaketplace"} {
		env := b.Call(http.MethodGet, path, nil)
		apptest.ExpectOK(t, env)
		if strings.Contains(string(env.Data), ga) || strings.Contains(string(env.Data), "甲的店") || strings.Contains(string(env.Data), "美国") {
			t.Fatalf("%s shows 甲's data: %s", path, env.Data)
		}
	}
	env := b.Call(http.MethodPost, v1+"page", map[string]any{})
	if strings.Contains(string(env.Data), "甲的店") {
		t.Fatalf("page shows 甲's group: %s", env.Data)
	}
	// 乙's consent link cannot be redeemed into 甲's group, and 甲's own data is as it was.
	var g storesdb.StoreGroup
	h.DB.First(&g, "id = ?", parseInt(ga))
	var s storesdb.Seller
	h.DB.First(&s, "id = ?", parseInt(sa))
	// 甲's authorisation queued its seven syncs (six reports and the 父ASIN lookup); 乙's calls queued none.
	if g.Name != "甲的店" || s.Disabled || syncJobs(t, h) != int64(len(amazondata.Kinds)) || sellerCount(t, h) != 1 {
		t.Fatalf("甲's data changed: %+v %+v sync jobs %d", g, s, syncJobs(t, h))
	}
}

// Reading the list needs the 店铺管理 screen; adding and authorising need amz:auth:store:add, disabling and
// deleting amz:auth:store:disable. Without a session every call but authSeller is refused.
func TestStorePermissions(t *testing.T) {
	h, _ := start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	g := group(t, admin, "美国一店")
	seller := authorise(t, h, admin, g, "ATVPDKIKX0DER")

	nobody, _ := h.RestrictedUser("13900000031", nil, nil)
	viewer, _ := h.RestrictedUser("13900000032", []string{"auth.store"}, nil)
	adder, _ := h.RestrictedUser("13900000033", []string{"auth.store"}, []string{"amz:auth:store:add"})
	disabler, _ := h.RestrictedUser("13900000034", []string{"auth.store"}, []string{"amz:auth:store:disable"})
	denied := func(env apptest.Envelope) {
		t.Helper()
		apptest.Expect(t, env, http.StatusUnauthorized, "A0301", "访问未授权")
	}
	denied(nobody.Call(http.MethodPost, v1+"page", map[string]any{}))
	apptest.ExpectOK(t, nobody.Call(http.MethodGet, v1+"getBindSeller", nil)) // other modules pick stores with it
	apptest.ExpectOK(t, viewer.Call(http.MethodPost, v1+"page", map[string]any{}))
	denied(viewer.Call(http.MethodPost, v1+"storeGroups", map[string]string{"name": "新店"}))
	denied(viewer.Call(http.MethodGet, v1+"getAuthUrl?groupid="+g+"&region=NA", nil))
	denied(viewer.Call(http.MethodGet, report+"?sellerid="+seller, nil))
	denied(adder.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil))
	denied(adder.Call(http.MethodDelete, v1+"storeGroups/"+g, nil))
	apptest.ExpectOK(t, adder.Call(http.MethodGet, v1+"getAuthUrl?groupid="+g+"&region=NA", nil))
	apptest.ExpectOK(t, adder.Call(http.MethodGet, report+"?sellerid="+seller, nil))
	denied(disabler.Call(http.MethodPost, v1+"saveAuth", map[string]string{}))
	apptest.ExpectOK(t, disabler.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil))

	anon := h.Client()
	for _, call := range [][2]string{{"GET", v1 + "getBindSeller"}, {"GET", v1 + "getAuthUrl?groupid=" + g}, {"POST", v1 + "saveAuth"},
		{"GET", v1 + "storeGroups"}, {"POST", v1 + "page"}, {"GET", report}, {"GET", v1 + "getAuthMaketplace"}} {
		apptest.Expect(t, anon.Call(call[0], call[1], nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	}
	// GET calls that change something refuse other sites.
	admin.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, admin.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil), http.StatusForbidden, "A0301", "请求来源未确认，请在系统页面内操作")
}

// A user limited to store groups (子账号 > 店铺) sees and works with only those.
func TestUserLimitedToStoreGroups(t *testing.T) {
	h, _ := start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	mine := group(t, admin, "一店")
	theirs := group(t, admin, "二店")
	sellerTheirs := authorise(t, h, admin, theirs, "ATVPDKIKX0DER")
	clerk, role := h.RestrictedUser("13900000041", []string{"auth.store"}, []string{"amz:auth:store:add", "amz:auth:store:disable"})
	u, _ := accountsdb.UserByAccount(h.DB, "13900000041")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+itoa(u.ID),
		map[string]any{"name": "员工", "roleIds": []string{itoa(role.ID)}, "storeGroupIds": []string{mine}}))

	b := bindings(t, clerk)
	if len(b) != 1 || b[0].ID != mine {
		t.Fatalf("limited user sees %+v", b)
	}
	env := clerk.Call(http.MethodGet, v1+"storeGroups", nil)
	if strings.Contains(string(env.Data), theirs) {
		t.Fatalf("storeGroups shows the other group: %s", env.Data)
	}
	env = clerk.Call(http.MethodPost, v1+"page", map[string]any{})
	apptest.ExpectOK(t, env)
	var page struct{ Total int }
	env.Into(t, &page)
	if page.Total != 3 {
		t.Fatalf("page total %d", page.Total)
	}
	// Its 导出 (issue 16) holds the same rows: 一店's, none of 二店's.
	resp, body := clerk.Raw(http.MethodGet, v1+"export", "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	if len(rows) != 4 || rows[0][0] != "店铺" {
		t.Fatalf("export rows %v", rows)
	}
	for _, r := range rows[1:] {
		if r[0] != "一店" {
			t.Fatalf("the export shows another group's row: %v", rows)
		}
	}
	for _, env := range []apptest.Envelope{
		clerk.Call(http.MethodGet, v1+"getAuthUrl?groupid="+theirs+"&region=NA", nil),
		clerk.Call(http.MethodPut, v1+"storeGroups/"+theirs, map[string]string{"name": "改名"}),
		clerk.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+theirs, nil),
	} {
		apptest.Expect(t, env, http.StatusNotFound, "A0404", "店铺不存在")
	}
	apptest.Expect(t, clerk.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+sellerTheirs, nil), http.StatusNotFound, "A0404", "卖家账号不存在")
	env = clerk.Call(http.MethodGet, v1+"getAuthMaketplace", nil)
	if string(env.Data) != "[]" {
		t.Fatalf("marketplaces of the other group: %s", env.Data)
	}
	// The owner sees everything: both groups and the seeded 演示店铺.
	if len(bindings(t, admin)) != 3 {
		t.Fatal("the admin lost a group")
	}
}
