package app_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

func TestAPIPrefixIsStripped(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Call(http.MethodPost, "/api/auth/login", map[string]string{"account": apptest.AdminAccount, "password": apptest.AdminPassword}))
	apptest.ExpectOK(t, c.Call(http.MethodGet, "/api/admin/api/v1/users/info", nil))
	apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
}

func TestUnknownAPIPathAnswersTheEnvelope(t *testing.T) {
	h := apptest.Start(t)
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/admin/api/v1/nothing/here", nil), 404, "A0404", "请求的地址不存在")
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/erp/api/v1/nothing", nil), 404, "A0404", "请求的地址不存在")
	resp, body := h.Client().Raw(http.MethodGet, "/no/such/page", "", nil)
	if resp.StatusCode != 404 || !strings.Contains(string(body), "请求的地址不存在") || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("page 404: %d %s", resp.StatusCode, body)
	}
}

func TestBodyTooLarge(t *testing.T) {
	h := apptest.Start(t)
	big := map[string]string{"account": strings.Repeat("x", 3<<20), "password": "x"}
	apptest.Expect(t, h.Client().Call(http.MethodPost, "/admin/api/v1/auth/login", big), 413, "A0400", "请求内容过大")
}

func TestCrossSiteCallsAreRefused(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	c.Token = "" // the cookie alone, as a browser on another site would send it
	body := map[string]string{"oldpassword": apptest.AdminPassword, "password": "Stolen#2026"}
	c.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, c.Call(http.MethodPost, "/admin/api/v1/users/updatePasswordSelf", body), 401, "A0301", "访问未授权")
	c.Header = http.Header{"Origin": {"https://evil.example"}}
	apptest.Expect(t, c.Call(http.MethodPost, "/admin/api/v1/users/updatePasswordSelf", body), 401, "A0301", "访问未授权")
	c.Header = http.Header{"Sec-Fetch-Site": {"same-origin"}}
	apptest.Expect(t, c.Call(http.MethodPost, "/admin/api/v1/users/verifyPassword", map[string]string{"password": apptest.AdminPassword}), 200, "201", "一切ok")
}

func TestServerFaultHidesItsCause(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	_ = h.DB.Close()
	env := c.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
	apptest.Expect(t, env, 500, "B0001", "系统执行出错")
	rid := env.Header.Get("X-Request-Id")
	if rid == "" || !strings.Contains(h.Log.String(), rid) || !strings.Contains(h.Log.String(), "database is closed") {
		t.Fatalf("the cause must be logged with request id %q:\n%s", rid, h.Log.String())
	}
}

func TestSecurityHeadersAndCompression(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	c.Header.Set("Accept-Encoding", "gzip")
	resp, _ := c.Raw(http.MethodGet, "/login", "", nil)
	for name, want := range map[string]string{
		"Content-Security-Policy": "script-src 'self'",
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "SAMEORIGIN",
		"Content-Encoding":        "gzip",
		"Cache-Control":           "no-store",
	} {
		if !strings.Contains(resp.Header.Get(name), want) {
			t.Errorf("%s = %q, want it to contain %q", name, resp.Header.Get(name), want)
		}
	}
	if resp.Header.Get("X-Request-Id") == "" {
		t.Error("no request id")
	}
	// A page goes out whole, compressed once: net/http gives a short answer written in one go its length, while a
	// streamed one (flushed midway) is sent chunked.
	if resp.ContentLength <= 0 || len(resp.TransferEncoding) > 0 {
		t.Errorf("/login was streamed (length %d, transfer encoding %v), not sent whole", resp.ContentLength, resp.TransferEncoding)
	}
}

func TestRootGoesToSSOLoginAndThenLogin(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	resp, _ := c.Raw(http.MethodGet, "/", "", nil)
	if resp.StatusCode != 302 || resp.Header.Get("Location") != "/ssologin" {
		t.Fatalf("/ -> %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, body := c.Raw(http.MethodGet, "/ssologin", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "登录信息检查...") || !strings.Contains(string(body), `content="0;url=/login"`) {
		t.Fatalf("/ssologin without SSO: %d %s", resp.StatusCode, body)
	}
}

func TestSignedOutPageRemembersWhereTheUserWasGoing(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	resp, _ := c.Raw(http.MethodGet, "/home?tab=1", "", nil)
	want := "/ssologin?redirect=" + url.QueryEscape("/home?tab=1")
	if resp.StatusCode != 303 || resp.Header.Get("Location") != want {
		t.Fatalf("/home signed out -> %d %s, want %s", resp.StatusCode, resp.Header.Get("Location"), want)
	}
	_, body := c.Raw(http.MethodGet, want, "", nil)
	if !strings.Contains(string(body), "/login?redirect="+url.QueryEscape("/home?tab=1")) {
		t.Fatalf("ssologin does not pass the address on: %s", body)
	}
}

var csrfField = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

func formToken(t *testing.T, c *apptest.Client, path string) string {
	t.Helper()
	_, body := c.Raw(http.MethodGet, path, "", nil)
	m := csrfField.FindStringSubmatch(string(body))
	if m == nil {
		t.Fatalf("no CSRF field on %s", path)
	}
	return m[1]
}

func TestLoginFormSignsInAndReturnsToTheRememberedAddress(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	token := formToken(t, c, "/login")
	resp, body := c.Form("/login", map[string]string{"_csrf": token, "account": apptest.AdminAccount, "password": "Wrong#2026", "redirect": "/home?tab=1"})
	if resp.StatusCode != 200 || !strings.Contains(body, "登录失败! 账号或密码有误") || !strings.Contains(body, `value="/home?tab=1"`) {
		t.Fatalf("failed login: %d %s", resp.StatusCode, body)
	}
	resp, _ = c.Form("/login", map[string]string{"_csrf": token, "account": apptest.AdminAccount, "password": apptest.AdminPassword, "redirect": "/home?tab=1"})
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/home?tab=1" {
		t.Fatalf("login -> %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, home := c.Raw(http.MethodGet, "/home", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(string(home), "演示公司") || !strings.Contains(string(home), "管理员") {
		t.Fatalf("home: %d %s", resp.StatusCode, home)
	}
	resp, _ = c.Form("/logout", map[string]string{"_csrf": token})
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/login?notice=logout" {
		t.Fatalf("logout -> %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	_, login := c.Raw(http.MethodGet, "/login?notice=logout", "", nil)
	if !strings.Contains(string(login), "登出成功!") {
		t.Fatal("no 登出成功! after logout")
	}
	if resp, _ := c.Raw(http.MethodGet, "/home", "", nil); resp.StatusCode != 303 {
		t.Fatalf("home after logout: %d", resp.StatusCode)
	}
}

func TestLoginRedirectStaysOnThisSite(t *testing.T) {
	h := apptest.Start(t)
	for _, evil := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example", "/login", "/admin/api/v1/users/info"} {
		c := h.Client()
		token := formToken(t, c, "/login")
		resp, _ := c.Form("/login", map[string]string{"_csrf": token, "account": apptest.AdminAccount, "password": apptest.AdminPassword, "redirect": evil})
		if resp.Header.Get("Location") != "/home" {
			t.Fatalf("redirect %q -> %q, want /home", evil, resp.Header.Get("Location"))
		}
	}
}

func TestFormsNeedTheCSRFToken(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	formToken(t, c, "/login") // the cookie is set, but the form field is missing
	resp, body := c.Form("/login", map[string]string{"account": apptest.AdminAccount, "password": apptest.AdminPassword})
	if resp.StatusCode != 403 || !strings.Contains(body, "页面已过期，请刷新后重试") {
		t.Fatalf("POST without token: %d %s", resp.StatusCode, body)
	}
}

func TestAssetsAreImmutable(t *testing.T) {
	h := apptest.Start(t)
	_, body := h.Client().Raw(http.MethodGet, "/login", "", nil)
	m := regexp.MustCompile(`href="(/static/dist/app-[0-9a-f]+\.css)"`).FindStringSubmatch(string(body))
	if m == nil {
		t.Skip("assets not built (run npm run build); make test builds them first")
	}
	resp, _ := h.Client().Raw(http.MethodGet, m[1], "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d %q", m[1], resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	// The build's brotli copy, as a browser asks for it: compressed once, at build time.
	c := h.Client()
	c.Header.Set("Accept-Encoding", "gzip, deflate, br")
	resp, _ = c.Raw(http.MethodGet, m[1], "", nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
		t.Fatalf("%s with br accepted: %d %q %q", m[1], resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
	}
	// A stylesheet keeps nosniff; the document-only headers stay on documents, and the request id on requests
	// that do work of their own.
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Content-Security-Policy") != "" ||
		resp.Header.Get("X-Request-Id") != "" {
		t.Fatalf("%s: nosniff %q, policy %q, request id %q", m[1], resp.Header.Get("X-Content-Type-Options"),
			resp.Header.Get("Content-Security-Policy"), resp.Header.Get("X-Request-Id"))
	}
}
