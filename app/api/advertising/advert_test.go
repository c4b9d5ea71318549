package advertising_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/stores"
	"sellerhub/config"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

const adv = "/amazonadv/api/v1/"

type profile struct {
	ID            string `json:"id"`
	AuthID        string `json:"authid"`
	GroupID       string `json:"groupid"`
	Region        string `json:"region"`
	ProfileID     string `json:"profileId"`
	CountryCode   string `json:"countryCode"`
	CurrencyCode  string `json:"currencyCode"`
	Timezone      string `json:"timezone"`
	MarketplaceID string `json:"marketplaceId"`
	MarketName    string `json:"marketname"`
	AccountID     string `json:"accountId"`
	AccountType   string `json:"accountType"`
	AccountName   string `json:"accountName"`
	LocalTime     string `json:"ftime"`
	CapturedAt    string `json:"capturedAt"`
}

type auth struct {
	ID           string `json:"id"`
	GroupID      string `json:"groupid"`
	Region       string `json:"region"`
	Disabled     bool   `json:"disable"`
	AuthorizedAt string `json:"opttime"`
	DisabledAt   string `json:"disableTime"`
}

var dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

// world is the product started against the Amazon stand-in, with a signed-in owner and a store group.
type world struct {
	h       *apptest.Harness
	amazon  *amazontest.Server
	owner   *apptest.Client
	company int64
	group   string
	// bodies keeps every answer, for the check that no secret is ever in one.
	bodies []string
}

// themeScript is the one script a consent result page loads: the theme, applied before the first paint.
var themeScript = regexp.MustCompile(`<script src="/static/dist/theme-[A-Z0-9]+\.js"></script>`)

func start(t *testing.T, opts ...apptest.Option) *world {
	t.Helper()
	stand := amazontest.Start(t)
	h := apptest.Start(t, append([]apptest.Option{apptest.WithConfig(stand.Configure)}, opts...)...)
	w := &world{h: h, amazon: stand, owner: h.SignedIn("13900000001", "甲公司")}
	w.company = w.companyOf("13900000001")
	w.group = w.newGroup(w.company, "美国店")
	return w
}

func (w *world) companyOf(account string) int64 {
	u, err := accountsdb.UserByAccount(w.h.DB, account)
	if err != nil {
		w.h.T.Fatal(err)
	}
	return u.CompanyID
}

func (w *world) newGroup(companyID int64, name string) string {
	g := &storesdb.StoreGroup{CompanyID: companyID, Name: name}
	if err := w.h.DB.Create(g).Error; err != nil {
		w.h.T.Fatal(err)
	}
	return idOf(g.ID)
}

func idOf(id int64) string { return strconv.FormatInt(id, 10) }

func (w *world) call(c *apptest.Client, method, path string, body any) apptest.Envelope {
	w.h.T.Helper()
	env := c.Call(method, path, body)
	w.bodies = append(w.bodies, string(env.Data), env.Msg)
	return env
}

// consentLink asks bindUrl for the group and region and checks its shape.
func (w *world) consentLink(t *testing.T, c *apptest.Client, group, region string) *url.URL {
	t.Helper()
	env := w.call(c, http.MethodGet, adv+"advert/bindUrl?groupid="+group+"&region="+region, nil)
	apptest.ExpectOK(t, env)
	u, err := url.Parse(env.String(t))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// atAmazon follows a consent link at the stand-in as the advertiser who clicks 允许, and returns where Amazon
// sends the browser back to.
func (w *world) atAmazon(t *testing.T, link *url.URL) *url.URL {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(link.String())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("consent page answered %d", resp.StatusCode)
	}
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// bind sends the way back's code and state to bindAdvAuthData.
func (w *world) bind(c *apptest.Client, back *url.URL) apptest.Envelope {
	w.h.T.Helper()
	return w.call(c, http.MethodGet, adv+"advert/bindAdvAuthData?"+back.RawQuery, nil)
}

// authorise runs the whole consent through the API and returns the authorisation's id.
func (w *world) authorise(t *testing.T, group, region string) string {
	t.Helper()
	env := w.bind(w.owner, w.atAmazon(t, w.consentLink(t, w.owner, group, region)))
	apptest.ExpectOK(t, env)
	var d struct {
		ID string `json:"id"`
	}
	env.Into(t, &d)
	return d.ID
}

func (w *world) profiles(t *testing.T, c *apptest.Client, group string) []profile {
	t.Helper()
	env := w.call(c, http.MethodGet, adv+"advert/loadProfile?groupid="+group, nil)
	apptest.ExpectOK(t, env)
	var out []profile
	env.Into(t, &out)
	if out == nil {
		t.Fatalf("loadProfile: data is not a list: %s", env.Data)
	}
	return out
}

func (w *world) countAuths(t *testing.T) (auths, profiles int64) {
	t.Helper()
	w.h.DB.Model(&storesdb.AdvAuth{}).Count(&auths)
	w.h.DB.Model(&storesdb.AdvProfile{}).Count(&profiles)
	return auths, profiles
}

func TestAdvertisingConsentRoundTripThroughTheResultPage(t *testing.T) {
	w := start(t)
	link := w.consentLink(t, w.owner, w.group, "NA")
	q := link.Query()
	if link.Scheme+"://"+link.Host != w.amazon.URL || link.Path != "/ap/oa" || q.Get("client_id") != amazontest.ClientID ||
		q.Get("scope") != "advertising::campaign_management" || q.Get("response_type") != "code" ||
		q.Get("redirect_uri") != w.h.URL+"/advresult" || q.Get("state") == "" {
		t.Fatalf("consent link = %s", link)
	}
	back := w.atAmazon(t, link)
	if back.Path != "/advresult" || back.Query().Get("code") == "" {
		t.Fatalf("Amazon sent the browser back to %s", back)
	}

	// The browser arrives at /advresult: the page says 授权中 at once and 授权成功 when the consent is stored, with
	// no script but the theme's (dark mode before the first paint).
	resp, body := w.owner.Raw(http.MethodGet, back.RequestURI(), "", nil)
	page := string(body)
	withoutTheme := themeScript.ReplaceAllString(page, "")
	if resp.StatusCode != http.StatusOK || !strings.Contains(page, "授权中") || !strings.Contains(page, "授权进行中。。。") ||
		!strings.Contains(page, stores.MsgAuthSucceeded) || strings.Contains(withoutTheme, "<script") {
		t.Fatalf("result page (%d): %s", resp.StatusCode, page)
	}
	code := back.Query().Get("code")

	// The code went to Login with Amazon with the same redirect_uri, the profiles were asked with its token.
	tokenCalls := w.amazon.RequestsTo("/auth/o2/token")
	if len(tokenCalls) != 1 || tokenCalls[0].Form.Get("grant_type") != "authorization_code" ||
		tokenCalls[0].Form.Get("redirect_uri") != w.h.URL+"/advresult" || tokenCalls[0].Form.Get("code") != code {
		t.Fatalf("token calls = %+v", tokenCalls)
	}
	profileCalls := w.amazon.RequestsTo("/v2/profiles")
	if len(profileCalls) != 1 || !strings.HasPrefix(profileCalls[0].Header.Get("Authorization"), "Bearer Atza|") ||
		profileCalls[0].Header.Get("Amazon-Advertising-API-ClientId") != amazontest.ClientID {
		t.Fatalf("profile calls = %+v", profileCalls)
	}

	got := w.profiles(t, w.owner, w.group)
	if len(got) != 2 {
		t.Fatalf("profiles = %+v", got)
	}
	us := got[1]
	if got[0].CountryCode != "CA" || us.CountryCode != "US" || us.ProfileID != "1100000000000001" ||
		us.CurrencyCode != "USD" || us.Timezone != "America/Los_Angeles" || us.MarketplaceID != "ATVPDKIKX0DER" ||
		us.MarketName != "美国" || us.AccountID != amazontest.DefaultSeller || us.AccountType != "seller" ||
		us.AccountName != "Standin Store" || us.Region != "NA" || us.GroupID != w.group || us.AuthID == "" ||
		!dateTime.MatchString(us.LocalTime) || !dateTime.MatchString(us.CapturedAt) {
		t.Fatalf("US profile = %+v", us)
	}

	env := w.call(w.owner, http.MethodGet, adv+"advManager/getGroup", nil)
	apptest.ExpectOK(t, env)
	if string(env.Data) != `[{"id":"`+w.group+`","name":"美国店"}]` {
		t.Fatalf("getGroup = %s", env.Data)
	}
}

func TestTheResultPageFailsWithoutACodeOrWhenAmazonRefused(t *testing.T) {
	w := start(t)
	c := w.h.Client()
	state := w.atAmazon(t, w.consentLink(t, w.owner, w.group, "NA")).Query().Get("state")
	for _, query := range []string{"", "?state=" + url.QueryEscape(state), "?code=y",
		"?error=access_denied&state=" + url.QueryEscape(state)} {
		resp, body := c.Raw(http.MethodGet, "/advresult"+query, "", nil)
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), stores.MsgAuthFailed) {
			t.Fatalf("/advresult%s (%d): %s", query, resp.StatusCode, body)
		}
	}
	if n, p := w.countAuths(t); n != 0 || p != 0 {
		t.Fatalf("stored %d authorisations and %d profiles", n, p)
	}
}

func TestBindAdvAuthDataAcceptsTheQueryAndTheBody(t *testing.T) {
	w := start(t)
	stranger := w.h.Client() // the advertiser's browser need not be signed in: the state vouches for it
	back := w.atAmazon(t, w.consentLink(t, w.owner, w.group, "NA"))
	apptest.ExpectOK(t, w.bind(stranger, back))

	eu := w.newGroup(w.company, "欧洲店")
	back = w.atAmazon(t, w.consentLink(t, w.owner, eu, "EU"))
	env := w.call(stranger, http.MethodPost, adv+"advert/bindAdvAuthData",
		map[string]string{"code": back.Query().Get("code"), "state": back.Query().Get("state")})
	apptest.ExpectOK(t, env)
	if n, _ := w.countAuths(t); n != 2 {
		t.Fatalf("authorisations = %d, want 2", n)
	}
	if p := w.profiles(t, w.owner, eu); len(p) != 2 || p[0].Region != "EU" {
		t.Fatalf("EU profiles = %+v", p)
	}
}

func TestFailedConsentsShowTheFailureTextAndStoreNothing(t *testing.T) {
	w := start(t)
	other := w.h.SignedIn("13900000002", "乙公司")
	// failed checks the answer, that nothing was stored, and that the log names the cause.
	failed := func(t *testing.T, c *apptest.Client, query, cause string) {
		t.Helper()
		env := w.call(c, http.MethodGet, adv+"advert/bindAdvAuthData?"+query, nil)
		apptest.Expect(t, env, http.StatusOK, "B0001", stores.MsgAuthFailed)
		if n, p := w.countAuths(t); n != 0 || p != 0 {
			t.Fatalf("stored %d authorisations and %d profiles", n, p)
		}
		if last := lastLine(w.h.Log.String(), "advertising consent failed"); !strings.Contains(last, cause) {
			t.Fatalf("logged cause %q, want %q", last, cause)
		}
	}
	fresh := func(t *testing.T) url.Values {
		return w.atAmazon(t, w.consentLink(t, w.owner, w.group, "NA")).Query()
	}

	t.Run("forged", func(t *testing.T) {
		q := fresh(t)
		payload, sig, _ := strings.Cut(q.Get("state"), ".")
		q.Set("state", payload+"."+strings.Repeat("A", len(sig)))
		failed(t, w.owner, q.Encode(), "bad signature")
		q.Set("state", "NA_"+w.group) // the older system's unsigned state
		failed(t, w.owner, q.Encode(), "bad signature")
	})
	t.Run("expired", func(t *testing.T) {
		q := fresh(t)
		w.h.Clock.Advance(amazon.StateLifetime + time.Second)
		failed(t, w.owner, q.Encode(), "oauth state: expired")
	})
	t.Run("another company", func(t *testing.T) {
		failed(t, other, fresh(t).Encode(), "another company")
	})
	t.Run("invalid_grant", func(t *testing.T) {
		w.amazon.RefuseGrants(true)
		defer w.amazon.RefuseGrants(false)
		failed(t, w.owner, fresh(t).Encode(), "invalid_grant")
	})
	t.Run("token endpoint 500", func(t *testing.T) {
		q := fresh(t)
		w.amazon.FailToken(500, 500, 500, 500)
		failed(t, w.owner, q.Encode(), "login with amazon: HTTP 500")
	})
	t.Run("profiles 500", func(t *testing.T) {
		q := fresh(t)
		w.amazon.FailAdvertisingAPI(500, 500, 500, 500)
		failed(t, w.owner, q.Encode(), "advertising api: HTTP 500")
	})
	t.Run("advertiser said no", func(t *testing.T) {
		q := fresh(t)
		q.Del("code")
		q.Set("error", "access_denied")
		failed(t, w.owner, q.Encode(), "access_denied")
	})
	t.Run("signed but never issued, or for a seller consent", func(t *testing.T) {
		keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
		if err != nil {
			t.Fatal(err)
		}
		st := amazon.State{CompanyID: w.company, GroupID: mustID(t, w.group), Kind: amazon.KindAdvert, Region: "NA",
			Nonce: amazon.NewNonce(), ExpiresAt: w.h.Clock.Now().Add(time.Minute).Unix()}
		q := fresh(t)
		q.Set("state", keys.State.Sign(st))
		failed(t, w.owner, q.Encode(), "already used, expired or unknown")
		issued, _ := keys.State.Verify(fresh(t).Get("state"), amazon.KindAdvert, w.h.Clock.Now())
		issued.Kind = amazon.KindSeller
		q.Set("state", keys.State.Sign(issued))
		failed(t, w.owner, q.Encode(), "another kind")
	})
	t.Run("replayed", func(t *testing.T) {
		q := fresh(t)
		apptest.ExpectOK(t, w.bind(w.owner, &url.URL{RawQuery: q.Encode()}))
		before, _ := storesdb.AdvAuthsOf(w.h.DB, w.company, nil)
		env := w.call(w.owner, http.MethodGet, adv+"advert/bindAdvAuthData?"+q.Encode(), nil)
		apptest.Expect(t, env, http.StatusOK, "B0001", stores.MsgAuthFailed)
		if last := lastLine(w.h.Log.String(), "advertising consent failed"); !strings.Contains(last, "already used") {
			t.Fatalf("logged cause %q", last)
		}
		after, _ := storesdb.AdvAuthsOf(w.h.DB, w.company, nil)
		if len(after) != 1 || after[0].RefreshToken != before[0].RefreshToken || !after[0].UpdatedAt.Equal(before[0].UpdatedAt) {
			t.Fatalf("a replay changed the authorisation: %+v -> %+v", before, after)
		}
	})
}

func TestCaptureProfileByIDAsksAmazonAgain(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	before := w.profiles(t, w.owner, w.group)

	w.amazon.SetProfiles(amazontest.Profile(1100000000000001, "ATVPDKIKX0DER", "Renamed Store"),
		amazontest.Profile(1100000000000003, "A1AM78C64UM0Y8", "Renamed Store"))
	env := w.call(w.owner, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil)
	apptest.ExpectOK(t, env)
	var got []profile
	env.Into(t, &got)
	if len(got) != 2 || got[0].CountryCode != "MX" || got[1].CountryCode != "US" || got[1].AccountName != "Renamed Store" ||
		got[1].ID != before[1].ID {
		t.Fatalf("after refresh = %+v (before %+v)", got, before)
	}
	refresh := w.amazon.RequestsTo("/auth/o2/token")
	if last := refresh[len(refresh)-1]; last.Form.Get("grant_type") != "refresh_token" {
		t.Fatalf("the refresh did not use the stored refresh token: %+v", last.Form)
	}

	w.amazon.FailAdvertisingAPI(503, 503, 503, 503)
	apptest.Expect(t, w.call(w.owner, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil),
		http.StatusBadRequest, "B0001", stores.MsgAdvAmazonDown)

	w.amazon.RefuseGrants(true)
	w.h.Clock.Advance(2 * time.Hour) // the cached access token has lapsed: a refresh is needed, and refused
	apptest.Expect(t, w.call(w.owner, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil),
		http.StatusBadRequest, "B0001", stores.MsgAdvTokenRefused)
	if p := w.profiles(t, w.owner, w.group); len(p) != 2 {
		t.Fatalf("a failed refresh changed the profiles: %+v", p)
	}
}

func TestDisableAuthStopsUsingTheAuthorisation(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	env := w.call(w.owner, http.MethodGet, adv+"advert/disableAuth?id="+id, nil)
	apptest.ExpectOK(t, env)
	var a auth
	env.Into(t, &a)
	if a.ID != id || a.GroupID != w.group || a.Region != "NA" || !a.Disabled || !dateTime.MatchString(a.AuthorizedAt) ||
		!dateTime.MatchString(a.DisabledAt) {
		t.Fatalf("disabled = %+v", a)
	}
	if p := w.profiles(t, w.owner, w.group); len(p) != 0 {
		t.Fatalf("profiles of a disabled authorisation = %+v", p)
	}
	env = w.call(w.owner, http.MethodGet, adv+"advManager/getGroup", nil)
	apptest.ExpectOK(t, env)
	if string(env.Data) != "[]" {
		t.Fatalf("getGroup = %s", env.Data)
	}
	apptest.Expect(t, w.call(w.owner, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil),
		http.StatusBadRequest, "B0001", stores.MsgAdvDisabled)

	// Authorising again enables the same authorisation.
	if again := w.authorise(t, w.group, "NA"); again != id {
		t.Fatalf("re-authorised as %s, want %s", again, id)
	}
	if p := w.profiles(t, w.owner, w.group); len(p) != 2 {
		t.Fatalf("profiles after re-authorising = %+v", p)
	}
}

func TestBindURLPerRegionAndItsRefusals(t *testing.T) {
	stand := amazontest.Start(t)
	h := apptest.Start(t, apptest.WithConfig(func(c *config.Config) {
		stand.Configure(c)
		c.Amazon.AdvertisingConsentURL = ""
		c.PublicURL = "https://erp.example.com"
	}))
	w := &world{h: h, amazon: stand, owner: h.SignedIn("13900000001", "甲公司")}
	w.company = w.companyOf("13900000001")
	w.group = w.newGroup(w.company, "美国店")
	for region, page := range map[string]string{"NA": "https://www.amazon.com/ap/oa",
		"EU": "https://eu.account.amazon.com/ap/oa", "FE": "https://apac.account.amazon.com/ap/oa", "fe": "https://apac.account.amazon.com/ap/oa"} {
		link := w.consentLink(t, w.owner, w.group, region)
		if got := link.Scheme + "://" + link.Host + link.Path; got != page ||
			link.Query().Get("redirect_uri") != "https://erp.example.com/advresult" {
			t.Fatalf("%s: consent link = %s", region, link)
		}
	}
	for _, region := range []string{"", "CN", "US"} {
		apptest.Expect(t, w.call(w.owner, http.MethodGet, adv+"advert/bindUrl?groupid="+w.group+"&region="+region, nil),
			http.StatusBadRequest, "A0400", stores.MsgAdvRegionBad)
	}
	for _, group := range []string{"", "abc", "123"} {
		apptest.Expect(t, w.call(w.owner, http.MethodGet, adv+"advert/bindUrl?groupid="+group+"&region=NA", nil),
			http.StatusNotFound, "A0404", "店铺不存在")
	}
}

func TestBindURLNeedsTheApplication(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13900000001", "甲公司")
	u, _ := accountsdb.UserByAccount(h.DB, "13900000001")
	g := &storesdb.StoreGroup{CompanyID: u.CompanyID, Name: "美国店"}
	if err := h.DB.Create(g).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, c.Call(http.MethodGet, adv+"advert/bindUrl?region=NA&groupid="+idOf(g.ID), nil),
		http.StatusBadRequest, "B0001", stores.MsgAdvNotConfigured)
}

func TestNoRefreshTokenOrClientSecretInAnyAnswerOrTheLog(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	w.profiles(t, w.owner, w.group)
	w.call(w.owner, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil)
	w.call(w.owner, http.MethodGet, adv+"advManager/getGroup", nil)
	w.call(w.owner, http.MethodGet, adv+"advert/disableAuth?id="+id, nil)
	w.amazon.RefuseGrants(true)
	w.bind(w.owner, w.atAmazon(t, w.consentLink(t, w.owner, w.group, "NA")))

	secrets := append(w.amazon.RefreshTokens(), amazontest.ClientSecret)
	if len(secrets) < 2 {
		t.Fatal("no refresh token was issued")
	}
	stored, _ := storesdb.AdvAuthsOf(w.h.DB, w.company, nil)
	log := w.h.Log.String()
	for _, secret := range secrets {
		for _, b := range w.bodies {
			if strings.Contains(b, secret) {
				t.Fatalf("an answer holds a secret: %s", b)
			}
		}
		if strings.Contains(log, secret) {
			t.Fatal("the log holds a secret")
		}
		if strings.Contains(stored[0].RefreshToken, secret) || !strings.HasPrefix(stored[0].RefreshToken, "v1.") {
			t.Fatalf("the refresh token is not sealed: %s", stored[0].RefreshToken)
		}
	}
	if !strings.Contains(log, "advertising consent failed") {
		t.Fatal("the failed consent's cause is not in the log")
	}
}

func TestEveryCallSeesOnlyItsCompany(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	other := w.h.SignedIn("13900000002", "乙公司")
	otherGroup := w.newGroup(w.companyOf("13900000002"), "乙的店")

	apptest.Expect(t, w.call(other, http.MethodGet, adv+"advert/bindUrl?region=NA&groupid="+w.group, nil),
		http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, w.call(other, http.MethodGet, adv+"advert/loadProfile?groupid="+w.group, nil),
		http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, w.call(other, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil),
		http.StatusNotFound, "A0404", "广告授权不存在")
	apptest.Expect(t, w.call(other, http.MethodGet, adv+"advert/disableAuth?id="+id, nil),
		http.StatusNotFound, "A0404", "广告授权不存在")
	env := w.call(other, http.MethodGet, adv+"advManager/getGroup", nil)
	apptest.ExpectOK(t, env)
	if string(env.Data) != "[]" {
		t.Fatalf("another company's getGroup = %s", env.Data)
	}
	if p := w.profiles(t, other, otherGroup); len(p) != 0 {
		t.Fatalf("another company's own group shows profiles: %+v", p)
	}
	a, err := storesdb.AdvAuthByID(w.h.DB, w.company, mustID(t, id))
	if err != nil || a.Disabled {
		t.Fatalf("the authorisation changed: %+v, %v", a, err)
	}
	if p := w.profiles(t, w.owner, w.group); len(p) != 2 {
		t.Fatalf("profiles changed: %+v", p)
	}
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCallsNeedASessionAndTheStoreScreen(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	anonymous := w.h.Client()
	for _, path := range []string{"advert/bindUrl?region=NA&groupid=" + w.group, "advert/disableAuth?id=" + id,
		"advert/loadProfile?groupid=" + w.group, "advert/captureProfileById?id=" + id, "advManager/getGroup"} {
		apptest.Expect(t, anonymous.Call(http.MethodGet, adv+path, nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	}
	member := w.h.Member("13900000001", "13900000009", false)
	for _, path := range []string{"advert/bindUrl?region=NA&groupid=" + w.group, "advert/disableAuth?id=" + id,
		"advert/captureProfileById?id=" + id} {
		apptest.Expect(t, member.Call(http.MethodGet, adv+path, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	}
	if a, _ := storesdb.AdvAuthByID(w.h.DB, w.company, mustID(t, id)); a.Disabled {
		t.Fatal("a refused call disabled the authorisation")
	}
	// Another site cannot make a signed-in browser disable or refresh.
	w.owner.Header.Set("Sec-Fetch-Site", "cross-site")
	for _, path := range []string{"advert/disableAuth?id=" + id, "advert/captureProfileById?id=" + id} {
		apptest.Expect(t, w.owner.Call(http.MethodGet, adv+path, nil), http.StatusForbidden, "A0301", "请求来源未确认，请在系统页面内操作")
	}
}

// lastLine is the log's last line that contains what.
func lastLine(log, what string) string {
	lines := strings.Split(log, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], what) {
			return lines[i]
		}
	}
	return ""
}

func TestAUserLimitedToSomeStoresSeesOnlyThem(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	jp := w.newGroup(w.company, "日本店")
	w.authorise(t, jp, "FE")
	limited := w.h.Member("13900000001", "13900000008", true)
	u, _ := accountsdb.UserByAccount(w.h.DB, "13900000008")
	if err := w.h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: mustID(t, jp)}).Error; err != nil {
		t.Fatal(err)
	}

	env := w.call(limited, http.MethodGet, adv+"advManager/getGroup", nil)
	apptest.ExpectOK(t, env)
	if string(env.Data) != `[{"id":"`+jp+`","name":"日本店"}]` {
		t.Fatalf("getGroup of a limited user = %s", env.Data)
	}
	if p := w.profiles(t, limited, jp); len(p) != 2 || p[0].Region != "FE" {
		t.Fatalf("profiles of the user's store = %+v", p)
	}
	apptest.Expect(t, w.call(limited, http.MethodGet, adv+"advert/loadProfile?groupid="+w.group, nil),
		http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, w.call(limited, http.MethodGet, adv+"advert/bindUrl?region=NA&groupid="+w.group, nil),
		http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, w.call(limited, http.MethodGet, adv+"advert/disableAuth?id="+id, nil),
		http.StatusNotFound, "A0404", "广告授权不存在")
	apptest.Expect(t, w.call(limited, http.MethodGet, adv+"advert/captureProfileById?id="+id, nil),
		http.StatusNotFound, "A0404", "广告授权不存在")
	apptest.ExpectOK(t, w.call(limited, http.MethodGet, adv+"advert/bindUrl?region=FE&groupid="+jp, nil))
}

// storeRow is the 广告授权 part of a 店铺管理 row.
type storeRow struct {
	GroupID      string `json:"groupId"`
	Region       string `json:"region"`
	AdvertID     string `json:"advId"`
	AdvertState  string `json:"advState"`
	AdvertStatus string `json:"advStatus"`
	AdvertTime   string `json:"advTime"`
}

func (w *world) storeRows(t *testing.T) []storeRow {
	t.Helper()
	env := w.call(w.owner, http.MethodPost, "/amazon/api/v1/amzauthority/page", map[string]any{"currentpage": 1, "pagesize": 10})
	apptest.ExpectOK(t, env)
	var page struct {
		Records []storeRow `json:"records"`
	}
	env.Into(t, &page)
	return page.Records
}

func TestTheStoreListShowsEachRegionsAdvertising(t *testing.T) {
	w := start(t)
	rows := w.storeRows(t)
	if len(rows) != 3 || rows[0].AdvertState != "none" || rows[0].AdvertStatus != "未授权" || rows[0].AdvertID != "" {
		t.Fatalf("rows before = %+v", rows)
	}
	id := w.authorise(t, w.group, "EU")
	rows = w.storeRows(t)
	eu := rows[1]
	if eu.Region != "EU" || eu.AdvertState != "active" || eu.AdvertStatus != "已授权" || eu.AdvertID != id ||
		!dateTime.MatchString(eu.AdvertTime) || rows[0].AdvertState != "none" || rows[2].AdvertState != "none" {
		t.Fatalf("rows after authorising EU = %+v", rows)
	}
	apptest.ExpectOK(t, w.call(w.owner, http.MethodGet, adv+"advert/disableAuth?id="+id, nil))
	if eu := w.storeRows(t)[1]; eu.AdvertState != "disabled" || eu.AdvertStatus != "已停用" || eu.AdvertID != id {
		t.Fatalf("EU row after disabling = %+v", eu)
	}
}

func TestAStoreGroupWithAdvertisingIsNotDeleted(t *testing.T) {
	w := start(t)
	id := w.authorise(t, w.group, "NA")
	apptest.ExpectOK(t, w.call(w.owner, http.MethodGet, adv+"advert/disableAuth?id="+id, nil))
	apptest.Expect(t, w.call(w.owner, http.MethodDelete, "/amazon/api/v1/amzauthority/storeGroups/"+w.group, nil),
		http.StatusBadRequest, "B0001", stores.MsgStoreGroupHasAdverts)
	if _, err := storesdb.StoreGroupByID(w.h.DB, w.company, mustID(t, w.group)); err != nil {
		t.Fatalf("the store group is gone: %v", err)
	}
}
