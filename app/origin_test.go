package app_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

// writingGET is one GET route that changes something, with what makes one call of it change something.
type writingGET struct {
	// setup prepares a fresh change for the call and answers the client whose session makes it and the address.
	setup func(t *testing.T) (*apptest.Client, string)
	// state renders what the call changes; nil: every table but the sessions.
	state func(t *testing.T, c *apptest.Client) string
	// noChange marks a call that never changes anything (it answers success for the older client).
	noChange bool
}

// TestWritingGETsNeedTheSessionHeaderOrSameOrigin calls every route guarded by middleware.SameOriginGET as a
// page elsewhere can make a browser call it: with the cookie only, a foreign Referer and no Sec-Fetch-Site (or a
// Sec-Fetch-Site that is not same-origin). It is refused with 403 and changes nothing; the same call with the
// session in the jsessionid header, or with the cookie and Sec-Fetch-Site: same-origin (what the islands' fetches
// carry), is made.
func TestWritingGETsNeedTheSessionHeaderOrSameOrigin(t *testing.T) {
	stand := amazontest.Start(t)
	h := apptest.Start(t, apptest.WithConfig(stand.Configure))
	owner := h.SignedIn("13900000001", "甲公司")
	const ownerAccount = "13900000001"
	h.SignedIn("13900000002", "乙公司") // the company of the accounts others bind
	company := func() int64 {
		u, err := accountsdb.UserByAccount(h.DB, ownerAccount)
		if err != nil {
			t.Fatal(err)
		}
		return u.CompanyID
	}()
	n := 0
	next := func() int { n++; return n }
	member := func() (*apptest.Client, string) {
		account := fmt.Sprintf("136%08d", next())
		return h.Member(ownerAccount, account, true), account
	}
	// outsider is an account of the other company, with the password binding asks for.
	outsider := func() string {
		account := fmt.Sprintf("137%08d", next())
		h.Member("13900000002", account, false)
		return account
	}
	bind := func(c *apptest.Client, account string) {
		t.Helper()
		apptest.ExpectOK(t, c.Call(http.MethodPost, "/admin/api/v1/users/sysrole/openidbind", map[string]string{"account": account, "password": "Passw0rd!"}))
	}
	announce := func() {
		t.Helper()
		apptest.ExpectOK(t, owner.Call(http.MethodPost, "/admin/api/v1/notify/addAnnounce", map[string]any{"title": fmt.Sprintf("公告%d", next()), "content": "内容"}))
	}
	group := func() int64 {
		g := &storesdb.StoreGroup{CompanyID: company, Name: fmt.Sprintf("店铺%d", next())}
		if err := h.DB.Create(g).Error; err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	seller := func() string {
		s := &storesdb.Seller{CompanyID: company, GroupID: group(), Region: "NA", SellingPartnerID: fmt.Sprintf("A%d", next()),
			Status: storesdb.SellerActive, AuthorizedAt: time.Now(), RefreshToken: "sealed-refresh-token"}
		if err := h.DB.Create(s).Error; err != nil {
			t.Fatal(err)
		}
		return strconv.FormatInt(s.ID, 10)
	}
	// advertising authorises a new store group through the stand-in's consent, as the store list does.
	advertising := func(t *testing.T) string {
		env := owner.Call(http.MethodGet, "/amazonadv/api/v1/advert/bindUrl?region=NA&groupid="+strconv.FormatInt(group(), 10), nil)
		apptest.ExpectOK(t, env)
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noRedirect.Get(env.String(t))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back, err := url.Parse(resp.Header.Get("Location"))
		if err != nil {
			t.Fatal(err)
		}
		env = owner.Call(http.MethodGet, "/amazonadv/api/v1/advert/bindAdvAuthData?"+back.RawQuery, nil)
		apptest.ExpectOK(t, env)
		var d struct{ ID string }
		env.Into(t, &d)
		return d.ID
	}
	// signedInAs is who c's cookie is signed in as: a switch re-binds its session to the other account.
	signedInAs := func(t *testing.T, c *apptest.Client) string {
		token := c.Token
		defer func() { c.Token = token }()
		c.Token = ""
		env := c.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
		if env.Code != "201" {
			return env.Code
		}
		var d struct{ Account string }
		env.Into(t, &d)
		return d.Account
	}

	routes := map[string]writingGET{
		"/admin/api/v1/notify/updateAllTargets": {setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			announce()
			apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/notify/pullMessage", nil))
			return c, "/admin/api/v1/notify/updateAllTargets"
		}},
		"/admin/api/v1/notify/pullMessage": {setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/notify/pullMessage", nil))
			announce()
			return c, "/admin/api/v1/notify/pullMessage"
		}},
		"/admin/api/v1/sysQueryField/deleteMyVersionField": {setup: func(t *testing.T) (*apptest.Client, string) {
			env := owner.Call(http.MethodPost, "/admin/api/v1/sysQueryField/saveMyVersionFieldWithName",
				map[string]any{"queryname": "dictList", "versionname": fmt.Sprintf("版本%d", next()), "fieldlist": []map[string]any{{"ffield": "code", "findex": 0, "isshow": true}}})
			apptest.ExpectOK(t, env)
			return owner, "/admin/api/v1/sysQueryField/deleteMyVersionField?versionid=" + env.String(t)
		}},
		"/admin/api/v1/users/sysrole/openidbind": {setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			q := url.Values{"account": {outsider()}, "password": {"Passw0rd!"}, "appType": {"web"}}
			return c, "/admin/api/v1/users/sysrole/openidbind?" + q.Encode()
		}},
		"/admin/api/v1/users/unbindAccountBinding": {setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			other := outsider()
			bind(c, other)
			u, err := accountsdb.UserByAccount(h.DB, other)
			if err != nil {
				t.Fatal(err)
			}
			return c, "/admin/api/v1/users/unbindAccountBinding?id=" + strconv.FormatInt(u.ID, 10)
		}},
		"/admin/api/v1/users/unbindWechat": {noChange: true, setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			return c, "/admin/api/v1/users/unbindWechat"
		}},
		"/admin/api/v1/users/unbindAccount": {setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			apptest.ExpectOK(t, c.Call(http.MethodPost, "/admin/api/v1/users/verifyPassword", map[string]string{"password": "Passw0rd!"}))
			return c, "/admin/api/v1/users/unbindAccount"
		}},
		"/admin/api/v1/auth/changeLoginWechatApp": {state: signedInAs, setup: func(t *testing.T) (*apptest.Client, string) {
			c, _ := member()
			other := outsider()
			bind(c, other)
			return c, "/admin/api/v1/auth/changeLoginWechatApp?" + url.Values{"account": {other}, "appType": {"web"}}.Encode()
		}},
		"/amazon/api/v1/amzauthority/deleteByLogic": {setup: func(t *testing.T) (*apptest.Client, string) {
			return owner, "/amazon/api/v1/amzauthority/deleteByLogic?sellerid=" + seller()
		}},
		"/amazon/api/v1/report/requestReportParamAuth": {setup: func(t *testing.T) (*apptest.Client, string) {
			return owner, "/amazon/api/v1/report/requestReportParamAuth?sellerid=" + seller()
		}},
		"/amazonadv/api/v1/advert/disableAuth": {setup: func(t *testing.T) (*apptest.Client, string) {
			return owner, "/amazonadv/api/v1/advert/disableAuth?id=" + advertising(t)
		}},
		"/amazonadv/api/v1/advert/captureProfileById": {setup: func(t *testing.T) (*apptest.Client, string) {
			id := advertising(t)
			stand.SetProfiles(amazontest.Profile(1100000000000001, "ATVPDKIKX0DER", fmt.Sprintf("改名%d", next())))
			return owner, "/amazonadv/api/v1/advert/captureProfileById?id=" + id
		}},
	}
	if guarded := sameOriginGETRoutes(h); !slices.Equal(guarded, slices.Sorted(maps.Keys(routes))) {
		t.Fatalf("routes.go declares %v as GETs that change something; this test covers %v", guarded, slices.Sorted(maps.Keys(routes)))
	}

	for _, path := range slices.Sorted(maps.Keys(routes)) {
		r := routes[path]
		t.Run(path, func(t *testing.T) {
			state := func(c *apptest.Client) string {
				if r.state != nil {
					return r.state(t, c)
				}
				return snapshot(t, h)
			}
			c, call := r.setup(t)
			before := state(c)
			cookie := c.Token
			c.Token = "" // the cookie alone, as another site's page makes the browser send it
			for _, header := range []http.Header{
				{"Referer": {"https://evil.example/page"}},
				{"Referer": {"https://evil.example/page"}, "Sec-Fetch-Site": {"cross-site"}},
				{"Sec-Fetch-Site": {"same-site"}},
				{"Sec-Fetch-Site": {"none"}}, // typed into the address bar, or a bookmark
			} {
				c.Header = header
				apptest.Expect(t, c.Call(http.MethodGet, call, nil), http.StatusForbidden, "A0301", "请求来源未确认，请在系统页面内操作")
			}
			c.Token, c.Header = cookie, http.Header{}
			if after := state(c); after != before {
				t.Fatalf("a refused call changed:\nbefore %s\nafter  %s", before, after)
			}

			// The islands' fetch: the cookie, vouched for by the browser.
			c.Token = ""
			c.Header = http.Header{"Sec-Fetch-Site": {"same-origin"}, "Referer": {h.URL + "/home"}}
			apptest.ExpectOK(t, c.Call(http.MethodGet, call, nil))
			c.Token, c.Header = cookie, http.Header{}
			if after := state(c); after == before && !r.noChange {
				t.Fatal("the same-origin call changed nothing")
			}

			// A program: the session in the header, no cookie and no Sec-Fetch-Site.
			c, call = r.setup(t)
			before = state(c)
			program := h.Client()
			program.Token = c.Token
			apptest.ExpectOK(t, program.Call(http.MethodGet, call, nil))
			if after := state(c); after == before && !r.noChange {
				t.Fatal("the call with the session header changed nothing")
			}
		})
	}
}

// sameOriginGETRoutes lists the routes declared as GETs that change something, so that a new one cannot miss the
// test above.
func sameOriginGETRoutes(h *apptest.Harness) []string {
	var out []string
	for route, access := range h.Access {
		if method, path, _ := strings.Cut(route, " "); method == http.MethodGet && access.WritesOnGET {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}
