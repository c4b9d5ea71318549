package stores_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sellerhub/app/aliexpress/aliexpresstest"
	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

const ae = "/amazon/api/v1/aeauthority/"

// aeStore is a row of 速卖通店铺授权 as the calls answer it.
type aeStore struct {
	ID, Name, Region, RegionName, SellerID, UserNick, Status, StatusName, AuthTime, ExpiresAt string
}

// startAliExpress runs the product against a fresh Amazon stand-in and an AliExpress one.
func startAliExpress(t *testing.T, kind string) (*apptest.Harness, *aliexpresstest.Server) {
	t.Helper()
	amz := amazontest.Start(t)
	s := aliexpresstest.Start()
	t.Cleanup(s.Close)
	h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) {
		amz.Configure(c)
		c.AliExpress = config.AliExpress{AppKey: aliexpresstest.AppKey, AppSecret: config.Secret(aliexpresstest.AppSecret),
			AuthURL: s.URL() + "/oauth/authorize", APIURL: s.URL() + "/rest"}
	}))
	return h, s
}

func aeAdd(t *testing.T, c *apptest.Client, name, region string) aeStore {
	t.Helper()
	env := c.Call(http.MethodPost, ae+"stores", map[string]string{"name": name, "region": region})
	apptest.ExpectOK(t, env)
	var s aeStore
	env.Into(t, &s)
	return s
}

func aePage(t *testing.T, c *apptest.Client) map[string]aeStore {
	t.Helper()
	env := c.Call(http.MethodPost, ae+"page", map[string]any{})
	apptest.ExpectOK(t, env)
	var page struct{ Records []aeStore }
	env.Into(t, &page)
	out := map[string]aeStore{}
	for _, s := range page.Records {
		out[s.Name] = s
	}
	return out
}

// aeConsent asks for a store's authorisation link and has the seller agree on the stand-in's page as account: it
// returns where AliExpress sends the browser back (path and query on the harness).
func aeConsent(t *testing.T, h *apptest.Harness, c *apptest.Client, s *aliexpresstest.Server, id, account string) string {
	t.Helper()
	env := c.Call(http.MethodGet, ae+"getAuthUrl?id="+id, nil)
	apptest.ExpectOK(t, env)
	link, _ := url.Parse(env.String(t))
	q := link.Query()
	if !strings.HasPrefix(link.String(), s.URL()+"/oauth/authorize?") || q.Get("client_id") != aliexpresstest.AppKey ||
		q.Get("response_type") != "code" || q.Get("redirect_uri") != h.URL+"/aliexpress/authresult" || q.Get("state") == "" {
		t.Fatalf("authorisation link %s", link)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(link.String(), url.Values{"agree": {"1"}, "account": {account},
		"redirect_uri": {q.Get("redirect_uri")}, "state": {q.Get("state")}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(back.String(), h.URL+"/aliexpress/authresult?") {
		t.Fatalf("consent answered %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return back.RequestURI()
}

// 速卖通店铺授权 on both databases: a store added, authorised through the stand-in's consent (tokens sealed, expiry
// kept), its refresh, the failures (a replayed or bad code, an account already another store's, an expired refresh
// token that marks it 授权已失效 until it is authorised again), removal, and who may call what.
func TestAliExpressStoreAuthorisation(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, s := startAliExpress(t, kind)
			c := h.Client()
			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))

			one := aeAdd(t, c, "速卖通一店", "ru")
			if one.ID == "" || one.Region != "RU" || one.RegionName != "俄罗斯" || one.Status != "pending" || one.StatusName != "未授权" || one.SellerID != "" {
				t.Fatalf("added %+v", one)
			}
			bad := func(body map[string]string, status int, code, msg string) {
				t.Helper()
				apptest.Expect(t, c.Call(http.MethodPost, ae+"stores", body), status, code, msg)
			}
			bad(map[string]string{"name": " ", "region": "RU"}, http.StatusBadRequest, "A0400", "店铺名称不能为空")
			bad(map[string]string{"name": "速卖通二店", "region": "XX"}, http.StatusBadRequest, "A0400", "请选择店铺所在站点")
			bad(map[string]string{"name": "速卖通一店", "region": "ES"}, http.StatusBadRequest, "B0001", "速卖通店铺名称已存在")

			// The consent: 授权成功, the store 已授权 with the seller account and the refresh token's end.
			callback := aeConsent(t, h, c, s, one.ID, aliexpresstest.DefaultAccount)
			if got := result(t, c, callback); got != "success" {
				t.Fatalf("outcome %s; log:\n%s", got, h.Log.String())
			}
			got := aePage(t, c)["速卖通一店"]
			if got.Status != "active" || got.StatusName != "已授权" || got.SellerID != aliexpresstest.SellerID(aliexpresstest.DefaultAccount) ||
				got.UserNick != aliexpresstest.DefaultAccount || got.AuthTime == "" || got.ExpiresAt == "" {
				t.Fatalf("authorised %+v", got)
			}
			var row storesdb.AliExpressStore
			h.DB.First(&row, "name = ?", "速卖通一店")
			keys, _ := amazon.NewKeys([]byte(amazontest.SecretKey))
			if plain, err := keys.Cipher.Decrypt(row.RefreshToken); err != nil || plain == "" || strings.Contains(row.RefreshToken, plain) ||
				row.TokenExpiresAt == nil || row.RefreshExpiresAt == nil || !row.RefreshExpiresAt.After(*row.TokenExpiresAt) {
				t.Fatalf("stored %+v (%v)", row, err)
			}
			// The same redirect again (the state is used) and a code AliExpress does not know both fail.
			if result(t, c, callback) != "failure" {
				t.Fatal("a replayed callback succeeded")
			}
			two := aeAdd(t, c, "速卖通二店", "GLOBAL")
			forged := aeConsent(t, h, c, s, two.ID, "cn-other-seller")
			u, _ := url.Parse(forged)
			q := u.Query()
			q.Set("code", "not-a-code")
			if result(t, c, u.Path+"?"+q.Encode()) != "failure" || aePage(t, c)["速卖通二店"].Status != "pending" {
				t.Fatalf("a bad code authorised the store; log:\n%s", h.Log.String())
			}
			// An account already authorised for 一店 is not 二店's too.
			if result(t, c, aeConsent(t, h, c, s, two.ID, aliexpresstest.DefaultAccount)) != "failure" || aePage(t, c)["速卖通二店"].Status != "pending" {
				t.Fatal("one seller account authorised for two stores")
			}

			// 检查授权 renews the tokens; once AliExpress refuses the refresh token the store is 授权已失效.
			env := c.Call(http.MethodPost, ae+"stores/"+one.ID+"/refresh", nil)
			apptest.ExpectOK(t, env)
			s.ExpireRefresh()
			apptest.Expect(t, c.Call(http.MethodPost, ae+"stores/"+one.ID+"/refresh", nil), http.StatusBadRequest, "B0001", "速卖通授权已失效，请重新授权")
			if got := aePage(t, c)["速卖通一店"]; got.Status != "invalid" || got.StatusName != "授权已失效" {
				t.Fatalf("after a refused refresh %+v", got)
			}
			apptest.Expect(t, c.Call(http.MethodPost, ae+"stores/"+two.ID+"/refresh", nil), http.StatusBadRequest, "B0001", "店铺尚未授权，请先授权")
			// 重新授权 brings it back.
			if result(t, c, aeConsent(t, h, c, s, one.ID, aliexpresstest.DefaultAccount)) != "success" || aePage(t, c)["速卖通一店"].Status != "active" {
				t.Fatalf("re-authorisation failed; log:\n%s", h.Log.String())
			}

			// Who may call: the screen to read, amz:auth:store:add to add and authorise, :disable to remove; another
			// company finds nothing.
			viewer, _ := h.RestrictedUser("13900000061", []string{"auth.store"}, nil)
			adder, _ := h.RestrictedUser("13900000062", []string{"auth.store"}, []string{"amz:auth:store:add"})
			nobody, _ := h.RestrictedUser("13900000063", nil, nil)
			denied := func(env apptest.Envelope) {
				t.Helper()
				apptest.Expect(t, env, http.StatusUnauthorized, "A0301", "访问未授权")
			}
			denied(nobody.Call(http.MethodPost, ae+"page", map[string]any{}))
			apptest.ExpectOK(t, viewer.Call(http.MethodPost, ae+"page", map[string]any{}))
			denied(viewer.Call(http.MethodPost, ae+"stores", map[string]string{"name": "三店", "region": "RU"}))
			denied(viewer.Call(http.MethodGet, ae+"getAuthUrl?id="+two.ID, nil))
			denied(adder.Call(http.MethodDelete, ae+"stores/"+two.ID, nil))
			apptest.ExpectOK(t, adder.Call(http.MethodGet, ae+"getAuthUrl?id="+two.ID, nil))
			other := h.SignedIn("13900000064", "别家公司")
			apptest.Expect(t, other.Call(http.MethodDelete, ae+"stores/"+one.ID, nil), http.StatusNotFound, "A0404", "速卖通店铺不存在")
			apptest.Expect(t, other.Call(http.MethodGet, ae+"getAuthUrl?id="+one.ID, nil), http.StatusNotFound, "A0404", "速卖通店铺不存在")
			if len(aePage(t, other)) != 0 {
				t.Fatal("another company sees the stores")
			}

			// 删除 removes the store and its tokens.
			apptest.ExpectOK(t, c.Call(http.MethodDelete, ae+"stores/"+one.ID, nil))
			apptest.Expect(t, c.Call(http.MethodDelete, ae+"stores/"+one.ID, nil), http.StatusNotFound, "A0404", "速卖通店铺不存在")
			if page := aePage(t, c); len(page) != 1 || page["速卖通二店"].ID != two.ID {
				t.Fatalf("after removal %+v", page)
			}
		})
	}
}
