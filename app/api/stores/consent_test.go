package stores_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// The whole consent: the consent link, Amazon's redirect back to /authresult with a code, 授权成功, and the seller
// with its marketplaces in getBindSeller; the refresh token is stored encrypted. On SQLite and PostgreSQL.
func TestConsentRoundTrip(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz := start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13900000001", "环球贸易")
			g := group(t, c, "美国一店")
			link := consentURL(t, c, g, "ATVPDKIKX0DER")
			u, _ := url.Parse(link)
			q := u.Query()
			if u.Path != "/apps/authorize/consent" || !strings.HasPrefix(link, amz.URL) || q.Get("application_id") != amazontest.AppID ||
				q.Get("redirect_uri") != h.URL+"/authresult" || q.Get("state") == "" || q.Has("version") {
				t.Fatalf("consent link %s", link)
			}
			if got := result(t, c, approve(t, h, link)); got != "success" {
				t.Fatalf("outcome %s; log:\n%s", got, h.Log.String())
			}
			b := bindings(t, c)
			if len(b) != 1 || b[0].Name != "美国一店" || len(b[0].Regions) != 3 || b[0].Regions[0].Region != "NA" {
				t.Fatalf("bindings = %+v", b)
			}
			na := b[0].Regions[0]
			if na.State != "active" || na.Seller == nil || na.Seller.SellerID != amazontest.DefaultSeller || na.Seller.OwnApp ||
				na.Seller.AuthTime == "" || len(na.Seller.Marketplaces) != 3 || na.Seller.Marketplaces[0].Country != "US" ||
				na.Seller.Marketplaces[1].Name != "加拿大" || b[0].Regions[1].State != "none" || b[0].Regions[1].Seller != nil {
				t.Fatalf("NA = %+v, EU = %+v", na, b[0].Regions[1])
			}
			// The code went to the token endpoint as Login with Amazon documents it.
			tokens := amz.RequestsTo("/auth/o2/token")
			if len(tokens) != 2 || tokens[0].Form.Get("grant_type") != "authorization_code" || tokens[0].Form.Get("code") == "" ||
				tokens[1].Form.Get("grant_type") != "refresh_token" {
				t.Fatalf("token requests %+v", tokens)
			}
			// At rest the refresh token is a ciphertext that opens to Amazon's token.
			var s storesdb.Seller
			h.DB.First(&s, "selling_partner_id = ?", amazontest.DefaultSeller)
			keys, _ := amazon.NewKeys([]byte(amazontest.SecretKey))
			plain, err := keys.Cipher.Decrypt(s.RefreshToken)
			if err != nil || plain != amz.RefreshTokens()[0] || strings.Contains(s.RefreshToken, "Atzr") || s.MWSAuthToken == "" {
				t.Fatalf("stored %q -> %q %v", s.RefreshToken, plain, err)
			}
			// The state was consumed: the same redirect again fails and changes nothing.
			var used int64
			h.DB.Model(&storesdb.OAuthState{}).Where("used_at IS NOT NULL").Count(&used)
			if used != 1 {
				t.Fatalf("%d used states", used)
			}
		})
	}
}

// authSeller, the contract's JSON form of the callback: data.id on success, the failure text otherwise.
func TestAuthSellerCall(t *testing.T) {
	h, amz := start(t)
	c := h.SignedIn("13900000002", "环球贸易")
	g := group(t, c, "欧洲店")
	amz.SetSeller("A1EUSELLER", "A1PA6795UKMFR9", "A13V1IB3VIYZZH", "A1F83G8C2ARO7P", "ATVPDKIKX0DER")
	callback := approve(t, h, consentURL(t, c, g, "A1PA6795UKMFR9"))
	call := strings.Replace(callback, "/authresult?", v1+"authSeller?", 1)
	env := h.Client().Call(http.MethodGet, call, nil) // no session: the state alone authenticates
	apptest.ExpectOK(t, env)
	var d struct{ ID string }
	env.Into(t, &d)
	b := bindings(t, c)
	eu := b[0].Regions[1]
	if d.ID == "" || eu.Seller == nil || eu.Seller.ID != d.ID || eu.Seller.SellerID != "A1EUSELLER" {
		t.Fatalf("id %q, EU %+v", d.ID, eu)
	}
	// Only the region's marketplaces, in the reference order (UK, DE, FR); the US participation is NA's business.
	var countries []string
	for _, m := range eu.Seller.Marketplaces {
		countries = append(countries, m.Country)
	}
	if strings.Join(countries, ",") != "UK,DE,FR" {
		t.Fatalf("EU marketplaces %v", countries)
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, call, nil), http.StatusOK, "B0001", "授权失败，请再次尝试（注意：您必须在店铺所在的网络环境重新尝试）")
}

// Every way a callback can be wrong ends in the failure text and stores nothing.
func TestBadCallbacksStoreNothing(t *testing.T) {
	h, amz := start(t)
	c := h.SignedIn("13900000003", "环球贸易")
	other := h.SignedIn("13900000004", "别家公司")
	g := group(t, c, "美国一店")
	fresh := func() string { return approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER")) }
	withState := func(callback string, edit func(string) string) string {
		u, _ := url.Parse(callback)
		q := u.Query()
		q.Set("state", edit(q.Get("state")))
		u.RawQuery = q.Encode()
		return u.RequestURI()
	}
	cases := []struct {
		name     string
		callback func() string
		browser  *apptest.Client
	}{
		{"forged: payload changed", func() string {
			return withState(fresh(), func(s string) string { return "eyJjIjoiMSJ9" + s[strings.Index(s, "."):] })
		}, c},
		{"forged: not a state", func() string { return withState(fresh(), func(string) string { return "whatever" }) }, c},
		{"no state", func() string { return withState(fresh(), func(string) string { return "" }) }, c},
		{"expired", func() string {
			cb := fresh()
			h.Clock.Advance(amazon.StateLifetime + time.Second)
			return cb
		}, c},
		{"signed in to another company", fresh, other},
		{"invalid_grant", func() string { amz.RefuseGrants(true); return fresh() }, c},
		{"token endpoint 500", func() string { amz.RefuseGrants(false); amz.FailToken(500, 500, 500, 500); return fresh() }, c},
		{"sellers API refuses", func() string { amz.FailSellersAPI(403); return fresh() }, c},
		{"no code", func() string {
			u, _ := url.Parse(fresh())
			q := u.Query()
			q.Del("spapi_oauth_code")
			u.RawQuery = q.Encode()
			return u.RequestURI()
		}, c},
	}
	for _, tc := range cases {
		cb := tc.callback()
		if got := result(t, tc.browser, cb); got != "failure" {
			t.Fatalf("%s: outcome %s", tc.name, got)
		}
		if n := sellerCount(t, h); n != 0 {
			t.Fatalf("%s: %d sellers stored", tc.name, n)
		}
	}
	// A good one still works, once: replaying it fails and leaves the seller as it was.
	cb := fresh()
	if got := result(t, h.Client(), cb); got != "success" {
		t.Fatalf("good callback: %s\n%s", got, h.Log.String())
	}
	var before storesdb.Seller
	h.DB.First(&before)
	if got := result(t, c, cb); got != "failure" {
		t.Fatalf("replay: %s", got)
	}
	var after storesdb.Seller
	h.DB.First(&after)
	if sellerCount(t, h) != 1 || after.RefreshToken != before.RefreshToken || !after.UpdatedAt.Equal(before.UpdatedAt) {
		t.Fatal("the replay changed the seller")
	}
	// The log tells the reasons apart; the page does not.
	for _, why := range []string{"bad signature", "expired", "another company", "invalid_grant", "HTTP 500", "already used"} {
		if !strings.Contains(h.Log.String(), why) {
			t.Errorf("log does not say %q", why)
		}
	}
}

// 429 and 5xx from the token endpoint are retried with backoff; invalid_grant is not.
func TestTokenRetries(t *testing.T) {
	h, amz := start(t)
	c := h.SignedIn("13900000005", "环球贸易")
	g := group(t, c, "美国一店")
	amz.FailToken(429)
	if got := result(t, c, approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER"))); got != "success" {
		t.Fatalf("429 then OK: %s", got)
	}
	if n := len(amz.RequestsTo("/auth/o2/token")); n != 3 { // 429, the code, the refresh for the Sellers API
		t.Fatalf("token requests after 429 then OK: %d", n)
	}
	amz.FailToken(500, 503)
	if got := result(t, c, approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER"))); got != "success" {
		t.Fatalf("500, 503 then OK: %s", got)
	}
	before := len(amz.RequestsTo("/auth/o2/token"))
	amz.RefuseGrants(true)
	if got := result(t, c, approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER"))); got != "failure" {
		t.Fatalf("invalid_grant: %s", got)
	}
	if n := len(amz.RequestsTo("/auth/o2/token")) - before; n != 1 {
		t.Fatalf("invalid_grant was sent %d times", n)
	}
}

func TestAuthURLChoices(t *testing.T) {
	h, amz := start(t)
	c := h.SignedIn("13900000006", "环球贸易")
	g := group(t, c, "日本店")
	env := c.Call(http.MethodGet, v1+"getAuthUrl?groupid="+g+"&region=FE", nil)
	apptest.ExpectOK(t, env)
	if !strings.HasPrefix(env.String(t), amz.URL+"/apps/authorize/consent?") {
		t.Fatalf("FE link %s", env.String(t))
	}
	for q, msg := range map[string]string{
		"":                              "请选择站点",
		"&marketplaceid=XX":             "站点不存在",
		"&region=MOON":                  "请选择区域（北美、欧洲或远东）",
		"&marketplaceid=%20A1VC38T7YXB": "站点不存在",
	} {
		apptest.Expect(t, c.Call(http.MethodGet, v1+"getAuthUrl?groupid="+g+q, nil), http.StatusBadRequest, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"getAuthUrl?groupid=123&region=NA", nil), http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, c.Call(http.MethodGet, v1+"getAuthUrl?groupid=abc&region=NA", nil), http.StatusNotFound, "A0404", "店铺不存在")
}

// Without an Amazon application the seller is told to ask the administrator, and 店铺管理 knows it before 授权
// opens anything; the variables to set are named in the server log only. A draft application's links carry
// version=beta; with no consent host override the marketplace's own Seller Central asks.
func TestAuthURLConfiguration(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13900000007", "环球贸易")
	g := group(t, c, "美国一店")
	env := c.Call(http.MethodGet, v1+"getAuthUrl?groupid="+g+"&region=NA", nil)
	apptest.Expect(t, env, http.StatusBadRequest, "B0001", "未配置亚马逊应用，请联系管理员")
	h.Log.WaitFor(t, "SELLERHUB_AMAZON_APP_ID", 5*time.Second)
	resp, page := c.Raw(http.MethodGet, "/amazon/storeAuth?embed=1", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), `"sellerAppMissing":"未配置亚马逊应用，请联系管理员"`) ||
		strings.Contains(string(page), "SELLERHUB_") {
		t.Fatalf("店铺管理 without an application: %d %s", resp.StatusCode, page)
	}

	h, _ = start(t, apptest.WithConfig(func(cfg *config.Config) {}))
	h.Config.Amazon.DraftApp = true
	h.Config.Amazon.ConsentURL = ""
	c = h.SignedIn("13900000008", "环球贸易")
	g = group(t, c, "德国店")
	link := consentURL(t, c, g, "A1PA6795UKMFR9")
	if !strings.HasPrefix(link, "https://sellercentral.amazon.de/apps/authorize/consent?") || !strings.Contains(link, "version=beta") {
		t.Fatalf("link %s", link)
	}
	if _, page := c.Raw(http.MethodGet, "/amazon/storeAuth?embed=1", "", nil); strings.Contains(string(page), "AppMissing") {
		t.Fatalf("店铺管理 with an application says one is missing: %s", page)
	}
}
