package auth_test

import (
	"crypto/md5"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

const login = "/admin/api/v1/auth/login"

func TestLoginAnswersUserInfoWithSessionAndCookie(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	env := c.Login(apptest.AdminAccount, apptest.AdminPassword)
	apptest.ExpectOK(t, env)
	var d struct {
		ID, Name, Company, Account, Session string
		UserInfo                            struct{ Name, CompanyName string } `json:"userinfo"`
	}
	env.Into(t, &d)
	if d.ID == "" || d.Session == "" || d.Account != apptest.AdminAccount || d.Name != "管理员" || d.Company == "" {
		t.Fatalf("login data: %+v", d)
	}
	if d.UserInfo.CompanyName != "%E6%BC%94%E7%A4%BA%E5%85%AC%E5%8F%B8" {
		t.Fatalf("companyname must be URL-encoded 演示公司, got %q", d.UserInfo.CompanyName)
	}
	ck := env.Header.Get("Set-Cookie")
	if !strings.Contains(ck, "jsessionid="+d.Session) || !strings.Contains(ck, "HttpOnly") || !strings.Contains(ck, "SameSite=Lax") {
		t.Fatalf("session cookie: %q", ck)
	}
	// The session works by header alone...
	byHeader := h.Client()
	byHeader.Token = d.Session
	apptest.ExpectOK(t, byHeader.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
	// ...and by cookie alone.
	c.Token = ""
	apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
}

func TestLoginFailures(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.Expect(t, c.Login(apptest.AdminAccount, "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, c.Login("nobody@example.com", "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, c.Login("", ""), 400, "A0400", "账号和密码不能为空")
	apptest.Expect(t, c.Call(http.MethodPost, login, "not an object"), 400, "A0400", "请求格式不正确")

	h.Register(apptest.Registration{Phone: "13900000001", Password: "Passw0rd!", Name: "甲", Email: "a@example.com", Company: "甲公司"})
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13900000001").Update("status", accountsdb.StatusDisabled)
	apptest.Expect(t, c.Login("13900000001", "Passw0rd!"), 200, "B0001", "账号已停用")
	past := time.Now().Add(-time.Hour)
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13900000001").Updates(map[string]any{"status": accountsdb.StatusActive, "expires_at": past})
	apptest.Expect(t, c.Login("13900000001", "Passw0rd!"), 200, "B0001", "账号已过期")
	// A wrong password does not reveal that the account is disabled or expired.
	apptest.Expect(t, c.Login("13900000001", "Wrong#pass1"), 200, "B0001", "账号或密码有误")
}

func TestLoginAttemptsAreLimitedPerAccount(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for i := range 5 {
		apptest.Expect(t, c.Login(apptest.AdminAccount, "Wrong#pass"+string(rune('0'+i))), 200, "B0001", "账号或密码有误")
	}
	// Even the right password waits now; an unknown account is limited the same way, revealing nothing.
	apptest.Expect(t, c.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", "登录尝试过多，请15分钟后再试")
	for range 5 {
		c.Login("ghost@example.com", "Wrong#pass1")
	}
	apptest.Expect(t, c.Login("ghost@example.com", "Wrong#pass1"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	h.Clock.Advance(16 * time.Minute)
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
}

func TestLoginAttemptsAreLimitedPerAddress(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	// A few colleagues' typos behind one office address do not lock the others out...
	for i := range 6 {
		c.Login("typo"+string(rune('a'+i))+"@example.com", "Wrong#pass1")
	}
	apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, apptest.AdminPassword))
	// ...but thirty failures from one address do, for the accounts that have not signed in from it.
	h.Register(apptest.Registration{Phone: "13900000031", Password: "Passw0rd!", Name: "己", Email: "f@example.com", Company: "己公司"})
	for i := range 30 {
		c.Login("user"+string(rune('a'+i%26))+string(rune('a'+i/26))+"@example.com", "Wrong#pass1")
	}
	apptest.Expect(t, c.Login("13900000031", "Passw0rd!"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
}

func TestSecondLoginEndsTheFirstSession(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{{"sql", nil}, {"redis", []apptest.Option{apptest.WithRedisSessions()}}} {
		t.Run(tc.name, func(t *testing.T) {
			h := apptest.Start(t, tc.opts...)
			first, second := h.Client(), h.Client()
			apptest.ExpectOK(t, first.Login(apptest.AdminAccount, apptest.AdminPassword))
			apptest.ExpectOK(t, first.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
			apptest.ExpectOK(t, second.Login(apptest.AdminAccount, apptest.AdminPassword))
			// The first browser learns why its session ended, on plain and permission-guarded calls alike...
			apptest.Expect(t, first.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "账号已在其他地方登录")
			apptest.Expect(t, first.Call(http.MethodGet, "/admin/api/v1/users/subusers/roles", nil), 403, "A0231", "账号已在其他地方登录")
			apptest.ExpectOK(t, second.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
			// The login page, where the first browser lands, says so too.
			if _, page := first.Raw(http.MethodGet, "/login", "", nil); !strings.Contains(string(page), "账号已在其他地方登录") {
				t.Fatalf("the login page of the browser signed in elsewhere does not say so:\n%s", page)
			}
			if _, page := h.Client().Raw(http.MethodGet, "/login", "", nil); strings.Contains(string(page), "账号已在其他地方登录") {
				t.Fatal("a fresh browser's login page says 账号已在其他地方登录")
			}
			// ...and a made-up token, or one logged out, gets the ordinary answer.
			stranger := h.Client()
			stranger.Token = "not-a-session"
			apptest.Expect(t, stranger.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
			apptest.ExpectOK(t, second.Call(http.MethodGet, "/admin/api/v1/auth/apilogout", nil))
			apptest.Expect(t, second.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
			// Signing in again on the first browser gives it a working session.
			apptest.ExpectOK(t, first.Login(apptest.AdminAccount, apptest.AdminPassword))
			apptest.ExpectOK(t, first.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
		})
	}
}

func TestSessionExpiresAfterIdleTimeAndSlidesWithUse(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{{"sql", nil}, {"redis", []apptest.Option{apptest.WithRedisSessions()}}} {
		t.Run(tc.name, func(t *testing.T) {
			h := apptest.Start(t, append(tc.opts, apptest.WithSessionsOnClock())...)
			idle := h.Config.SessionIdle
			c := h.Client()
			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
			// Used every two thirds of its idle time, the session outlives that time twice over...
			for range 3 {
				h.Clock.Advance(idle * 2 / 3)
				apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
			}
			// ...and left alone for longer than that, it ends.
			h.Clock.Advance(idle + time.Second)
			apptest.Expect(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
		})
	}
}

// TestSignedInCallsWriteTheSessionAtMostOnceAMinute measures the signed-in tail's suspect: the sliding expiry
// must not make every call a write of the session row. Calls within a minute of the last write leave the row as
// it is; the first call after that minute writes it once, sliding the expiry (whose ending after idle time
// TestSessionExpiresAfterIdleTimeAndSlidesWithUse holds).
func TestSignedInCallsWriteTheSessionAtMostOnceAMinute(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithSessionsOnClock())
			c := h.Client()
			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
			written := func() time.Time {
				t.Helper()
				var s models.Session
				if err := h.DB.Where("token = ?", c.Token).Take(&s).Error; err != nil {
					t.Fatal(err)
				}
				return s.Expiry
			}
			calls := func() {
				t.Helper()
				for range 20 {
					apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
				}
			}
			atLogin := written()
			h.Clock.Advance(50 * time.Second)
			calls()
			if got := written(); !got.Equal(atLogin) {
				t.Fatalf("calls within a minute of the login wrote the session: expiry %s, then %s", atLogin, got)
			}
			h.Clock.Advance(11 * time.Second)
			calls()
			slid := written()
			if !slid.After(atLogin) {
				t.Fatalf("a call a minute after the last write did not slide the expiry: %s, then %s", atLogin, slid)
			}
			h.Clock.Advance(30 * time.Second)
			calls()
			if got := written(); !got.Equal(slid) {
				t.Fatalf("calls within a minute of the last write wrote the session again: %s, then %s", slid, got)
			}
		})
	}
}

func TestLegacyPasswordIsVerifiedOnceAndRehashed(t *testing.T) {
	h := apptest.Start(t)
	h.Register(apptest.Registration{Phone: "13900000002", Password: "Passw0rd!", Name: "旧", Email: "old@example.com", Company: "旧系统公司"})
	inner := md5.Sum([]byte("13900000002" + "s4lt" + "OldPass#1"))
	outer := md5.Sum(inner[:])
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13900000002").
		Updates(map[string]any{"password_hash": hex.EncodeToString(outer[:]), "legacy_salt": "s4lt"})
	c := h.Client()
	apptest.Expect(t, c.Login("13900000002", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.ExpectOK(t, c.Login("13900000002", "OldPass#1"))
	u, _ := accountsdb.UserByAccount(h.DB, "13900000002")
	if u.LegacySalt != "" || !strings.HasPrefix(u.PasswordHash, "$2") {
		t.Fatalf("legacy hash not replaced by bcrypt: salt=%q hash=%q", u.LegacySalt, u.PasswordHash)
	}
	apptest.ExpectOK(t, h.Client().Login("13900000002", "OldPass#1"))
}

func TestLogout(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	env := c.Call(http.MethodGet, "/admin/api/v1/auth/apilogout", nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("apilogout data = %s", env.Data)
	}
	if !strings.Contains(env.Header.Get("Set-Cookie"), "jsessionid=;") {
		t.Fatalf("cookie not cleared: %q", env.Header.Get("Set-Cookie"))
	}
	apptest.Expect(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
	// Logging out without a session has nothing to end and still succeeds.
	apptest.ExpectOK(t, h.Client().Call(http.MethodGet, "/api/auth/apilogout", nil))
}

func TestSSOLoginIsRun(t *testing.T) {
	h := apptest.Start(t)
	env := h.Client().Call(http.MethodPost, "/api/auth/ssologinisrun", nil)
	apptest.ExpectOK(t, env)
	if env.String(t) != "false" {
		t.Fatalf("without SSO: %s", env.Data)
	}

	sso := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(200) }))
	defer sso.Close()
	h = apptest.Start(t, apptest.WithConfig(func(c *config.Config) { c.SSOURL = sso.URL + "/login" }))
	env = h.Client().Call(http.MethodPost, "/api/auth/ssologinisrun", nil)
	if !strings.HasPrefix(env.String(t), sso.URL+"/login?state=") || !strings.Contains(env.Header.Get("Set-Cookie"), "sso_state=") {
		t.Fatalf("with SSO up: %s, cookie %q", env.Data, env.Header.Get("Set-Cookie"))
	}

	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	h = apptest.Start(t, apptest.WithConfig(func(c *config.Config) { c.SSOURL = down.URL }))
	if got := h.Client().Call(http.MethodPost, "/api/auth/ssologinisrun", nil).String(t); got != "false" {
		t.Fatalf("with SSO down: %s", got)
	}
}

func TestVerifySmsCode(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	key := c.Call(http.MethodGet, "/admin/api/v1/users/getSmsCode?ftype=register&mobile=13900000003", nil).String(t)
	code := h.Codes.Last("13900000003")
	verify := func(key, code string) apptest.Envelope {
		return c.Call(http.MethodGet, "/api/auth/verifySmsCode?key="+key+"&code="+code, nil)
	}
	apptest.Expect(t, verify(key, "000000x"), 400, "A0400", "验证码失效或输入不正确")
	apptest.Expect(t, verify("", code), 400, "A0400", "验证码失效或输入不正确")
	env := verify(key, code)
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("data = %s", env.Data)
	}
	// Checking does not use the code up...
	apptest.ExpectOK(t, verify(key, code))
	// ...but it dies after ten minutes.
	h.Clock.Advance(10*time.Minute + time.Second)
	apptest.Expect(t, verify(key, code), 400, "A0400", "验证码失效或输入不正确")
}

func TestVerifySmsCodeStopsGuessingAfterFiveTries(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	key := c.Call(http.MethodGet, "/admin/api/v1/users/getSmsCode?ftype=register&mobile=13900000004", nil).String(t)
	for range 5 {
		apptest.Expect(t, c.Call(http.MethodGet, "/api/auth/verifySmsCode?code=999999x&key="+key, nil), 400, "A0400", "验证码失效或输入不正确")
	}
	apptest.Expect(t, c.Call(http.MethodGet, "/api/auth/verifySmsCode?key="+key+"&code="+h.Codes.Last("13900000004"), nil),
		400, "A0400", "验证码失效或输入不正确")
}

func TestLoginOnEveryDatabase(t *testing.T) {
	for _, kind := range []string{dbtest.Postgres} {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			h.Register(apptest.Registration{Phone: "13900000005", Password: "Passw0rd!", Name: "乙", Email: "b@example.com", Company: "乙公司"})
			c := h.Client()
			apptest.ExpectOK(t, c.Login("13900000005", "Passw0rd!"))
			apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/users/detail", nil))
		})
	}
}
