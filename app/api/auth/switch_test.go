package auth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
)

const (
	changeLogin = "/admin/api/v1/auth/changeLoginWechatApp"
	info        = "/admin/api/v1/users/info"
	ended       = "token已被禁止访问"
)

func switchTo(c *apptest.Client, account string) apptest.Envelope {
	return c.Call(http.MethodGet, changeLogin+"?"+url.Values{"openid": {"o-1"}, "account": {account}, "appType": {"web"}}.Encode(), nil)
}

// signedInAs answers the account the client's session is signed in as.
func signedInAs(t *testing.T, c *apptest.Client) string {
	t.Helper()
	env := c.Call(http.MethodGet, info, nil)
	apptest.ExpectOK(t, env)
	var d struct{ Account string }
	env.Into(t, &d)
	return d.Account
}

// withToken is another client presenting token, as whoever still held it would.
func withToken(h *apptest.Harness, token string) *apptest.Client {
	c := h.Client()
	c.Token = token
	return c
}

// boundPair signs in the owners of two companies and binds the second to the first with its password.
func boundPair(t *testing.T, h *apptest.Harness) (a, b *apptest.Client) {
	t.Helper()
	a = h.SignedIn("13500000001", "甲贸易")
	b = h.SignedIn("13500000002", "乙科技")
	apptest.ExpectOK(t, a.Call(http.MethodGet, "/admin/api/v1/users/sysrole/openidbind?account=13500000002&password=Passw0rd!", nil))
	return a, b
}

func TestSwitchAccountsThereAndBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{{"sql", nil}, {"redis", []apptest.Option{apptest.WithRedisSessions()}}} {
		t.Run(tc.name, func(t *testing.T) {
			h := apptest.Start(t, tc.opts...)
			a, b := boundPair(t, h)
			tokenA, tokenB := a.Token, b.Token

			env := switchTo(a, "13500000002")
			apptest.ExpectOK(t, env)
			var d struct {
				ID, Account, Session string
				UserInfo             struct{ CompanyName string } `json:"userinfo"`
			}
			env.Into(t, &d)
			if d.Account != "13500000002" || d.UserInfo.CompanyName != url.PathEscape("乙科技") || d.Session == "" ||
				d.Session == tokenA || d.Session == tokenB {
				t.Fatalf("switch data: %+v", d)
			}
			if ck := env.Header.Get("Set-Cookie"); !strings.Contains(ck, "jsessionid="+d.Session) || !strings.Contains(ck, "HttpOnly") {
				t.Fatalf("switch cookie: %q", ck)
			}
			// The browser is now B, by the new token and by the cookie alone; A's old session and B's previous one
			// (one live session per account) are over.
			a.Token = d.Session
			if got := signedInAs(t, a); got != "13500000002" {
				t.Fatalf("after the switch users/info shows %s", got)
			}
			a.Token = ""
			if got := signedInAs(t, a); got != "13500000002" {
				t.Fatalf("by cookie users/info shows %s", got)
			}
			a.Token = d.Session
			apptest.Expect(t, withToken(h, tokenA).Call(http.MethodGet, info, nil), 403, "A0231", ended)
			apptest.Expect(t, b.Call(http.MethodGet, info, nil), 403, "A0231", ended)

			// And back the same way.
			env = switchTo(a, "13500000001")
			apptest.ExpectOK(t, env)
			var back struct{ Account, Session string }
			env.Into(t, &back)
			if back.Account != "13500000001" || back.Session == d.Session || back.Session == tokenA {
				t.Fatalf("switch back data: %+v", back)
			}
			apptest.Expect(t, a.Call(http.MethodGet, info, nil), 403, "A0231", ended)
			a.Token = back.Session
			if got := signedInAs(t, a); got != "13500000001" {
				t.Fatalf("after switching back users/info shows %s", got)
			}
			// The account switched away from no longer names the ended session as its live one.
			u, err := h.DB.UserByAccount("13500000002")
			if err != nil || u.SessionToken != "" {
				t.Fatalf("B's live session after switching away: %q, %v", u.SessionToken, err)
			}
		})
	}
}

func TestSwitchShowsInFindBindList(t *testing.T) {
	h := apptest.Start(t)
	a, _ := boundPair(t, h)
	var d struct{ Session string }
	env := switchTo(a, "13500000002")
	apptest.ExpectOK(t, env)
	env.Into(t, &d)
	a.Token = d.Session
	var list []struct {
		Account string
		Current bool
	}
	a.Call(http.MethodGet, "/admin/api/v1/users/findbindlist", nil).Into(t, &list)
	if len(list) != 2 {
		t.Fatalf("findbindlist after the switch: %+v", list)
	}
	for _, e := range list {
		if e.Current != (e.Account == "13500000002") {
			t.Fatalf("current flag after the switch: %+v", list)
		}
	}
}

func TestSwitchOutsideTheGroupIsRefused(t *testing.T) {
	h := apptest.Start(t)
	a, b := boundPair(t, h)
	c := h.SignedIn("13500000003", "丙物流")
	tokenA := a.Token
	for _, account := range []string{"13500000003", "13599999999", apptest.AdminAccount, ""} {
		apptest.Expect(t, switchTo(a, account), 401, "A0301", "访问未授权")
	}
	// Nothing changed: every session is who it was, under the same token.
	if a.Token != tokenA || signedInAs(t, a) != "13500000001" || signedInAs(t, b) != "13500000002" || signedInAs(t, c) != "13500000003" {
		t.Fatal("a refused switch changed a session")
	}
}

func TestSwitchIgnoresASessionIDInTheQuery(t *testing.T) {
	h := apptest.Start(t)
	victim := h.SignedIn("13500000001", "甲贸易")
	attacker := h.SignedIn("13500000002", "乙科技")
	stolen := url.QueryEscape(victim.Token)
	// The older system switched to whatever session the query named. Here the query's jsessionid is not read:
	// the attacker's own session decides, and the victim is not in its group.
	apptest.Expect(t, attacker.Call(http.MethodGet, changeLogin+"?account=13500000001&jsessionid="+stolen, nil), 401, "A0301", "访问未授权")
	// Nor does it stand in for a session: without one of its own the call is refused.
	apptest.Expect(t, h.Client().Call(http.MethodGet, changeLogin+"?account=13500000001&jsessionid="+stolen, nil), 403, "A0231", ended)
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/api/auth/changeLoginWechatApp?account=13500000001&jsessionid="+stolen, nil), 403, "A0231", ended)
	if signedInAs(t, attacker) != "13500000002" || signedInAs(t, victim) != "13500000001" {
		t.Fatal("a jsessionid in the query changed a session")
	}
}

func TestSwitchToADisabledAccountIsRefused(t *testing.T) {
	h := apptest.Start(t)
	a, b := boundPair(t, h)
	h.DB.Model(&models.User{}).Where("account = ?", "13500000002").Update("status", models.StatusDisabled)
	apptest.Expect(t, switchTo(a, "13500000002"), 200, "B0001", "账号已停用")
	if signedInAs(t, a) != "13500000001" {
		t.Fatal("a refused switch changed the session")
	}
	// The other direction still works: the disabled account's own session was never the point.
	h.DB.Model(&models.User{}).Where("account = ?", "13500000002").Update("status", models.StatusActive)
	apptest.ExpectOK(t, switchTo(b, "13500000001"))
}

func TestCrossSiteSwitchIsRefused(t *testing.T) {
	h := apptest.Start(t)
	a, _ := boundPair(t, h)
	a.Token = "" // the cookie alone, as a page on another site would have the browser send it
	a.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, switchTo(a, "13500000002"), 403, "A0301", "请求来源未确认，请在系统页面内操作")
	a.Header = http.Header{"Sec-Fetch-Site": {"same-origin"}}
	if signedInAs(t, a) != "13500000001" {
		t.Fatal("a cross-site switch changed the session")
	}
}

func TestSwitchNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	apptest.Expect(t, switchTo(h.Client(), apptest.AdminAccount), 403, "A0231", ended)
}
