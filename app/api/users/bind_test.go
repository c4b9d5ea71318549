package users_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const (
	findBindList = "/admin/api/v1/users/findbindlist"
	getBindID    = "/admin/api/v1/users/getbindId"
	openIDBind   = "/admin/api/v1/users/sysrole/openidbind"
)

type boundAccount struct {
	ID, Account, Name, Image, CompanyID string
	UserInfo                            struct{ Name, CompanyName string } `json:"userinfo"`
	Current                             bool
}

func bindList(t *testing.T, c *apptest.Client) []boundAccount {
	t.Helper()
	env := c.Call(http.MethodGet, findBindList, nil)
	apptest.ExpectOK(t, env)
	var list []boundAccount
	env.Into(t, &list)
	return list
}

func bind(c *apptest.Client, account, password string) apptest.Envelope {
	q := url.Values{"account": {account}, "password": {password}, "openid": {"o-1"}, "appType": {"web"}}
	return c.Call(http.MethodGet, openIDBind+"?"+q.Encode(), nil)
}

func userID(t *testing.T, c *apptest.Client) string {
	t.Helper()
	var d struct{ ID string }
	c.Call(http.MethodGet, "/admin/api/v1/users/info", nil).Into(t, &d)
	return d.ID
}

func TestFindBindListWithoutBindingsIsTheCallerAlone(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	list := bindList(t, a)
	if len(list) != 1 || list[0].Account != "13600000001" || !list[0].Current || list[0].ID != userID(t, a) ||
		list[0].UserInfo.Name != "店主0001" || list[0].UserInfo.CompanyName != url.PathEscape("甲贸易") || list[0].CompanyID == "" {
		t.Fatalf("findbindlist alone: %+v", list)
	}
}

func TestBindAcrossCompanies(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	env := bind(a, "13600000002", "Passw0rd!")
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("openidbind data = %s", env.Data)
	}
	idA, idB := userID(t, a), userID(t, b)
	for _, side := range []struct {
		c       *apptest.Client
		current string
	}{{a, "13600000001"}, {b, "13600000002"}} {
		list := bindList(t, side.c)
		if len(list) != 2 {
			t.Fatalf("findbindlist of %s: %+v", side.current, list)
		}
		want := map[string]struct{ id, company, name string }{
			"13600000001": {idA, url.PathEscape("甲贸易"), "店主0001"},
			"13600000002": {idB, url.PathEscape("乙科技"), "店主0002"},
		}
		for _, e := range list {
			w := want[e.Account]
			if e.ID != w.id || e.UserInfo.CompanyName != w.company || e.UserInfo.Name != w.name || e.Name != w.name ||
				e.Current != (e.Account == side.current) {
				t.Fatalf("findbindlist of %s, entry %+v", side.current, e)
			}
		}
		if list[0].CompanyID == list[1].CompanyID {
			t.Fatalf("both entries in one company: %+v", list)
		}
	}
	// getbindId answers across the binding, both ways, and for the caller itself.
	for _, tc := range []struct {
		c           *apptest.Client
		account, id string
	}{{a, "13600000002", idB}, {b, "13600000001", idA}, {a, "13600000001", idA}} {
		env := tc.c.Call(http.MethodGet, getBindID+"?account="+tc.account, nil)
		apptest.ExpectOK(t, env)
		if env.String(t) != tc.id {
			t.Fatalf("getbindId %s = %s, want %s", tc.account, env.Data, tc.id)
		}
	}
}

func TestBindFailures(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	h.SignedIn("13600000002", "乙科技")
	h.SignedIn("13600000003", "丙物流")
	apptest.Expect(t, bind(a, "", ""), 400, "A0400", "账号和密码不能为空")
	apptest.Expect(t, bind(a, "13600000002", ""), 400, "A0400", "账号和密码不能为空")
	apptest.Expect(t, bind(a, " ", "Passw0rd!"), 400, "A0400", "账号和密码不能为空")
	// Wrong password and unknown account read the same.
	apptest.Expect(t, bind(a, "13600000002", "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, bind(a, "13699999999", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, bind(a, "13600000001", "Passw0rd!"), 400, "B0001", "不能绑定当前登录的账号")
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13600000002").Update("status", accountsdb.StatusDisabled)
	apptest.Expect(t, bind(a, "13600000002", "Passw0rd!"), 200, "B0001", "账号已停用")
	past := time.Now().Add(-time.Hour)
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13600000003").Update("expires_at", past)
	apptest.Expect(t, bind(a, "13600000003", "Passw0rd!"), 200, "B0001", "账号已过期")
	if list := bindList(t, a); len(list) != 1 {
		t.Fatalf("a refused bind bound something: %+v", list)
	}
}

func TestBindAttemptsShareTheLoginLimit(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	h.SignedIn("13600000002", "乙科技")
	for i := range 5 {
		apptest.Expect(t, bind(a, "13600000002", "Wrong#pass"+string(rune('0'+i))), 200, "B0001", "账号或密码有误")
	}
	// Guessing through a session is guessing all the same: the right password waits, for login too.
	apptest.Expect(t, bind(a, "13600000002", "Passw0rd!"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	apptest.Expect(t, h.Client().Login("13600000002", "Passw0rd!"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	h.Clock.Advance(16 * time.Minute)
	apptest.ExpectOK(t, bind(a, "13600000002", "Passw0rd!"))
}

func TestBindByPostAndNoPasswordInTheLog(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	const secret = "Bind#Secret2026"
	for _, phone := range []string{"13600000002", "13600000003", "13600000004"} {
		h.Register(apptest.Registration{Phone: phone, Password: secret, Name: "乙", Email: "b" + phone + "@example.com", Company: "乙" + phone})
	}
	// A JSON body, a form body, and the older client's query string all bind.
	apptest.ExpectOK(t, a.Call(http.MethodPost, openIDBind, map[string]string{"account": "13600000002", "password": secret, "appType": "web"}))
	form := url.Values{"account": {"13600000003"}, "password": {secret}}.Encode()
	resp, body := a.Raw(http.MethodPost, openIDBind, "application/x-www-form-urlencoded", strings.NewReader(form))
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"code":"201"`)) {
		t.Fatalf("form bind: %d %s", resp.StatusCode, body)
	}
	apptest.ExpectOK(t, bind(a, "13600000004", secret))
	if list := bindList(t, a); len(list) != 4 {
		t.Fatalf("after three binds: %+v", list)
	}
	log := h.Log.String()
	if !strings.Contains(log, `"path":"/admin/api/v1/users/sysrole/openidbind"`) || strings.Contains(log, "Secret2026") {
		t.Fatalf("the request log must name the path and never the password:\n%s", log)
	}
}

func TestCrossSiteBindIsRefused(t *testing.T) {
	h := apptest.Start(t)
	victim := h.SignedIn("13600000001", "甲贸易")
	h.SignedIn("13600000002", "乙科技") // the attacker's own account, whose password the attacker knows
	// A page elsewhere making the victim's browser bind the attacker's account would let the attacker switch into
	// the victim's: the cookie alone, sent cross-site, must not bind.
	victim.Token = ""
	victim.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, bind(victim, "13600000002", "Passw0rd!"), 403, "A0301", "请求来源未确认，请在系统页面内操作")
	victim.Header = http.Header{"Sec-Fetch-Site": {"same-origin"}}
	if list := bindList(t, victim); len(list) != 1 {
		t.Fatalf("a cross-site call bound an account: %+v", list)
	}
}

func TestGetBindIDRevealsNothingOutsideTheGroup(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	h.SignedIn("13600000002", "乙科技")
	outside := a.Call(http.MethodGet, getBindID+"?account=13600000002", nil)
	missing := a.Call(http.MethodGet, getBindID+"?account=13699999999", nil)
	apptest.Expect(t, outside, 400, "B0001", "账号未绑定")
	apptest.Expect(t, missing, 400, "B0001", "账号未绑定")
	if !bytes.Equal(outside.Data, missing.Data) {
		t.Fatalf("an existing account outside the group answers differently: %s vs %s", outside.Data, missing.Data)
	}
	apptest.Expect(t, a.Call(http.MethodGet, getBindID, nil), 400, "B0001", "账号未绑定")
}

func TestBindCallsNeedASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []struct{ method, path string }{
		{http.MethodGet, findBindList},
		{http.MethodGet, getBindID + "?account=" + apptest.AdminAccount},
		{http.MethodGet, openIDBind + "?account=" + apptest.AdminAccount + "&password=x"},
		{http.MethodPost, openIDBind},
	} {
		apptest.Expect(t, c.Call(call.method, call.path, nil), 403, "A0231", "token已被禁止访问")
	}
}
