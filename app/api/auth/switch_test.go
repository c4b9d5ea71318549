package auth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
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

// liveSession answers the session an account names as its one live session.
func liveSession(t *testing.T, h *apptest.Harness, account string) string {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	return u.SessionToken
}

// A switch re-binds the caller's session in place: the answer names the same session id, so the older web client,
// which keeps the id it stored at login and reloads, and a client that follows the answer both go on as the
// other account.
func TestSwitchAccountsThereAndBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{{"sql", nil}, {"redis", []apptest.Option{apptest.WithRedisSessions()}}} {
		t.Run(tc.name, func(t *testing.T) {
			h := apptest.Start(t, tc.opts...)
			a, b := boundPair(t, h)
			tokenA := a.Token

			env := switchTo(a, "13500000002")
			apptest.ExpectOK(t, env)
			var d struct {
				ID, Account, Session string
				UserInfo             struct{ CompanyName string } `json:"userinfo"`
			}
			env.Into(t, &d)
			if d.Account != "13500000002" || d.UserInfo.CompanyName != url.PathEscape("乙科技") || d.Session != tokenA {
				t.Fatalf("switch data: %+v, want B under the session id %s", d, tokenA)
			}
			if ck := env.Header.Get("Set-Cookie"); !strings.Contains(ck, "jsessionid="+tokenA) || !strings.Contains(ck, "HttpOnly") {
				t.Fatalf("switch cookie: %q", ck)
			}
			// The stored id, the cookie alone and the answered id all are B now; B's previous session is over (one
			// live session per account), and A's account no longer names the switched session.
			if got := signedInAs(t, a); got != "13500000002" {
				t.Fatalf("after the switch the stored id shows %s", got)
			}
			a.Token = ""
			if got := signedInAs(t, a); got != "13500000002" {
				t.Fatalf("by cookie users/info shows %s", got)
			}
			if got := signedInAs(t, withToken(h, d.Session)); got != "13500000002" {
				t.Fatalf("the answered id shows %s", got)
			}
			a.Token = tokenA
			// B's own browser learns that its account is now signed in elsewhere (A's browser, switched to it).
			apptest.Expect(t, b.Call(http.MethodGet, info, nil), 403, "A0231", "账号已在其他地方登录")
			if live := liveSession(t, h, "13500000001"); live != "" {
				t.Fatalf("A's live session after switching away: %q", live)
			}
			if live := liveSession(t, h, "13500000002"); live != tokenA {
				t.Fatalf("B's live session after the switch: %q, want %q", live, tokenA)
			}

			// And back the same way, still under the same id.
			env = switchTo(a, "13500000001")
			apptest.ExpectOK(t, env)
			var back struct{ Account, Session string }
			env.Into(t, &back)
			if back.Account != "13500000001" || back.Session != tokenA {
				t.Fatalf("switch back data: %+v", back)
			}
			if got := signedInAs(t, a); got != "13500000001" {
				t.Fatalf("after switching back users/info shows %s", got)
			}
			if live := liveSession(t, h, "13500000002"); live != "" {
				t.Fatalf("B's live session after switching away: %q", live)
			}
			if live := liveSession(t, h, "13500000001"); live != tokenA {
				t.Fatalf("A's live session after switching back: %q, want %q", live, tokenA)
			}
			// A switch to the account the session already is keeps it that account's live session.
			apptest.ExpectOK(t, switchTo(a, "13500000001"))
			if got, live := signedInAs(t, a), liveSession(t, h, "13500000001"); got != "13500000001" || live != tokenA {
				t.Fatalf("a switch to oneself: signed in as %s, live session %q", got, live)
			}
		})
	}
}

// Nothing the other account's use put in the session carries over: a password checked as A does not stand for
// B's password after the switch.
func TestSwitchStartsTheSessionEmpty(t *testing.T) {
	h := apptest.Start(t)
	a, _ := boundPair(t, h)
	apptest.ExpectOK(t, a.Call(http.MethodPost, "/admin/api/v1/users/verifyPassword", map[string]string{"password": "Passw0rd!"}))
	apptest.ExpectOK(t, switchTo(a, "13500000002"))
	apptest.Expect(t, a.Call(http.MethodGet, "/admin/api/v1/users/unbindAccount", nil), 400, "B0001", "请先验证密码")
	if signedInAs(t, a) != "13500000002" {
		t.Fatal("the refused log-off changed the session")
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
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13500000002").Update("status", accountsdb.StatusDisabled)
	apptest.Expect(t, switchTo(a, "13500000002"), 200, "B0001", "账号已停用")
	if signedInAs(t, a) != "13500000001" {
		t.Fatal("a refused switch changed the session")
	}
	// The other direction still works: the disabled account's own session was never the point.
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13500000002").Update("status", accountsdb.StatusActive)
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
