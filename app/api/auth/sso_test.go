package auth_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/config"
)

var metaRefresh = regexp.MustCompile(`content="0;url=([^"]*)"`)

// ssoPage opens path (a /ssologin address) and answers where its page sends the browser on.
func ssoPage(t *testing.T, c *apptest.Client, path string) string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, path, "", nil)
	m := metaRefresh.FindSubmatch(body)
	if resp.StatusCode != 200 || m == nil {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
	}
	return html.UnescapeString(string(m[1]))
}

// atSSO is the browser's visit to the SSO stand-in: it answers the address the stand-in sends it back to,
// a path on the product.
func atSSO(t *testing.T, h *apptest.Harness, address string) string {
	t.Helper()
	if !strings.HasPrefix(address, h.SSO.LoginURL()+"?") {
		t.Fatalf("not sent to the SSO server: %s", address)
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || err != nil || back.Path != "/ssologin" {
		t.Fatalf("SSO stand-in answered %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	return back.RequestURI()
}

// signedIn tells whether the browser's session opens /home.
func signedIn(t *testing.T, c *apptest.Client) bool {
	t.Helper()
	resp, _ := c.Raw(http.MethodGet, "/home", "", nil)
	return resp.StatusCode == http.StatusOK
}

func TestSSOHandOverSignsInTheBrowserThatStartedTheRoundTrip(t *testing.T) {
	h := apptest.Start(t, apptest.WithSSO(), apptest.WithConfig(func(c *config.Config) { c.LegacyURL = "https://legacy.example/" }))
	browser := h.Client()
	back := atSSO(t, h, ssoPage(t, browser, "/ssologin?redirect="+url.QueryEscape("/home?tab=1")))
	if got := ssoPage(t, browser, back); got != "/home?tab=1" {
		t.Fatalf("after the hand-over the page goes to %s", got)
	}
	// Signed in, as an SSO login: the shell offers 返回旧系统.
	resp, home := browser.Raw(http.MethodGet, "/home", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(home), "legacy.example") {
		t.Fatalf("home after the hand-over: %d, legacy link shown: %v", resp.StatusCode, strings.Contains(string(home), "legacy.example"))
	}
	var info struct{ Account string }
	browser.Call(http.MethodGet, "/admin/api/v1/users/info", nil).Into(t, &info)
	if info.Account != apptest.AdminAccount {
		t.Fatalf("signed in as %q", info.Account)
	}
	// The code served once: the same way back, in a browser holding the same state, signs nobody in.
	q, _ := url.ParseQuery(strings.SplitN(back, "?", 2)[1])
	replay := h.Client()
	replay.Header.Set("Cookie", "sso_state="+q.Get("state"))
	if got := ssoPage(t, replay, back); !strings.HasPrefix(got, "/login") {
		t.Fatalf("a replayed code goes to %s", got)
	}
	if signedIn(t, replay) {
		t.Fatal("a replayed code signed a browser in")
	}
}

func TestSSOCodeCountsOnlyWithItsStateFreshAndOnce(t *testing.T) {
	h := apptest.Start(t, apptest.WithSSO())
	// The SSO server hands over a code for the state it was brought; browsers below hold states of their own.
	back := atSSO(t, h, h.SSO.LoginURL()+"?state=state-of-the-trip")
	q, _ := url.ParseQuery(strings.SplitN(back, "?", 2)[1])
	code := q.Get("code")
	redeem := func(cookieState, state string) bool {
		t.Helper()
		c := h.Client()
		if cookieState != "" {
			c.Header.Set("Cookie", "sso_state="+cookieState)
		}
		ssoPage(t, c, "/ssologin?"+url.Values{"code": {code}, "state": {state}}.Encode())
		return signedIn(t, c)
	}
	if redeem("", "state-of-the-trip") {
		t.Fatal("redeemed by a browser that started no round trip (a link sent to a victim)")
	}
	if redeem("another-trip", "state-of-the-trip") {
		t.Fatal("redeemed by a browser whose state is another")
	}
	if redeem("another-trip", "another-trip") {
		t.Fatal("redeemed with a state it was not handed out for")
	}
	if !redeem("state-of-the-trip", "state-of-the-trip") {
		t.Fatal("the right browser could not redeem the code")
	}
	if redeem("state-of-the-trip", "state-of-the-trip") {
		t.Fatal("redeemed twice")
	}

	// A code is good for a minute.
	back = atSSO(t, h, h.SSO.LoginURL()+"?state=a-slow-trip")
	q, _ = url.ParseQuery(strings.SplitN(back, "?", 2)[1])
	code = q.Get("code")
	h.Clock.Advance(61 * time.Second)
	if redeem("a-slow-trip", "a-slow-trip") {
		t.Fatal("redeemed after a minute")
	}
}

func TestSSOLinkWithASessionIDNoLongerSignsIn(t *testing.T) {
	h := apptest.Start(t, apptest.WithSSO())
	attacker := h.SignedIn("13900000021", "攻击者公司")
	victim := h.Client()
	// The older system adopted the session in the query: the victim would now work in the attacker's account.
	next := ssoPage(t, victim, "/ssologin?jsessionid="+url.QueryEscape(attacker.Token))
	if signedIn(t, victim) {
		t.Fatal("a session id in the link signed the browser in")
	}
	// The victim is sent to sign in at the SSO server instead, as without the link.
	if !strings.HasPrefix(next, h.SSO.LoginURL()+"?state=") {
		t.Fatalf("/ssologin?jsessionid= goes to %s", next)
	}
	// Nor can the attacker hand over his session with a code: it is bound to his own round trip's state.
	trip := h.Client()
	address := ssoPage(t, trip, "/ssologin")
	back := atSSO(t, h, address)
	if got := ssoPage(t, victim, back); !strings.HasPrefix(got, "/login") {
		t.Fatalf("another browser's code goes to %s", got)
	}
	if signedIn(t, victim) {
		t.Fatal("another browser's code signed the victim in")
	}

	// Without an SSO server a session id in the link leads to the login form.
	h = apptest.Start(t, apptest.WithConfig(func(c *config.Config) { c.SSOURL = "http://127.0.0.1:1/sso" }))
	attacker = h.SignedIn("13900000021", "攻击者公司")
	victim = h.Client()
	if got := ssoPage(t, victim, "/ssologin?jsessionid="+url.QueryEscape(attacker.Token)); got != "/login" {
		t.Fatalf("with the SSO server down: %s", got)
	}
	if signedIn(t, victim) {
		t.Fatal("a session id in the link signed the browser in")
	}
}

func TestSSOLoginIsRunStartsTheRoundTripForOlderClients(t *testing.T) {
	h := apptest.Start(t, apptest.WithSSO())
	browser := h.Client()
	env := browser.Call(http.MethodPost, "/api/auth/ssologinisrun", nil)
	apptest.ExpectOK(t, env)
	// The older client sends the browser to the answer as it is.
	back := atSSO(t, h, env.String(t))
	ssoPage(t, browser, back)
	if !signedIn(t, browser) {
		t.Fatal("the round trip begun by ssologinisrun did not sign the browser in")
	}
}

func TestSSOHandoverNeedsASessionAndAState(t *testing.T) {
	h := apptest.Start(t, apptest.WithSSO())
	const handover = "/admin/api/v1/auth/ssohandover"
	apptest.Expect(t, h.Client().Call(http.MethodPost, handover, map[string]string{"state": "s"}), 403, "A0231", "token已被禁止访问")
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.Expect(t, c.Call(http.MethodPost, handover, map[string]string{"state": ""}), 400, "A0400", "state无效")
	// A page elsewhere cannot have a signed-in browser hand its own session over.
	c.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, c.Call(http.MethodPost, handover, map[string]string{"state": "s"}), 401, "A0301", "访问未授权")
}
