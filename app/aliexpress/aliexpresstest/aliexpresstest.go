// Package aliexpresstest is a local stand-in of the AliExpress Open Platform's seller authorisation, so that no
// test reaches the internet: the consent page (/oauth/authorize: the seller names the account to sign in with and
// agrees, or cancels) and the /rest gateway's /auth/token/create and /auth/token/refresh, each checked for the
// application's key and sign and refused in the platform's shape. A code is single-use and short-lived, and the
// refresh tokens can be made to expire (ExpireRefresh), so the product's handling of both is exercised.
package aliexpresstest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"time"

	"sellerhub/app/aliexpress"
)

// The stand-in's application and the account its consent page suggests.
const (
	AppKey         = "503311"
	AppSecret      = "standin-aliexpress-secret"
	DefaultAccount = "cn1520086ae"
)

// Lifetimes of what the stand-in issues (the platform's: a code for minutes, an access token for a day or so here,
// a refresh token for months).
const (
	CodeLifetime    = 5 * time.Minute
	AccessLifetime  = 24 * time.Hour
	RefreshLifetime = 180 * 24 * time.Hour
)

// Server is the stand-in.
type Server struct {
	Mux  *http.ServeMux
	http *httptest.Server

	mu      sync.Mutex
	now     func() time.Time
	codes   map[string]code   // code -> account
	refresh map[string]string // refresh token -> account
	// Calls counts the gateway's calls by API name.
	Calls map[string]int
}

type code struct {
	account string
	expires time.Time
}

// New builds the stand-in; Start serves it on a port of its own, or mount Mux under a prefix.
func New() *Server {
	s := &Server{Mux: http.NewServeMux(), now: time.Now, codes: map[string]code{}, refresh: map[string]string{},
		Calls: map[string]int{}}
	s.Mux.HandleFunc("GET /oauth/authorize", s.consent)
	s.Mux.HandleFunc("POST /oauth/authorize", s.approve)
	s.Mux.HandleFunc("POST /rest/auth/token/create", s.create)
	s.Mux.HandleFunc("POST /rest/auth/token/refresh", s.renew)
	s.Mux.HandleFunc("POST /control/expire-refresh", func(http.ResponseWriter, *http.Request) { s.ExpireRefresh() })
	return s
}

// Start serves a new stand-in on a local port.
func Start() *Server {
	s := New()
	s.http = httptest.NewServer(s.Mux)
	return s
}

// URL is the address of a started stand-in.
func (s *Server) URL() string { return s.http.URL }

// Close stops a started stand-in.
func (s *Server) Close() { s.http.Close() }

// Env are the product's variables that point it at the stand-in served at base.
func Env(base string) []string {
	return []string{"SELLERHUB_ALIEXPRESS_APP_KEY=" + AppKey, "SELLERHUB_ALIEXPRESS_APP_SECRET=" + AppSecret,
		"SELLERHUB_ALIEXPRESS_AUTH_URL=" + base + "/oauth/authorize", "SELLERHUB_ALIEXPRESS_API_URL=" + base + "/rest"}
}

// Code issues a code for account, as the consent page does when the seller agrees (tests skip the page).
func (s *Server) Code(account string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := random()
	s.codes[c] = code{account: account, expires: s.now().Add(CodeLifetime)}
	return c
}

// ExpireRefresh ends every refresh token issued so far: the next refresh is refused with IllegalRefreshToken.
func (s *Server) ExpireRefresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh = map[string]string{}
}

// SellerID is the seller id the stand-in gives an account: the same every time.
func SellerID(account string) string {
	h := fnv.New32a()
	h.Write([]byte(account))
	return "22" + fmt.Sprintf("%08d", h.Sum32()%100000000)
}

func random() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// consent is the platform's authorisation page: the seller signs in (here: names the account) and agrees.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != AppKey || q.Get("redirect_uri") == "" || q.Get("response_type") != "code" {
		http.Error(w, "参数错误：client_id、response_type 或 redirect_uri", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>AliExpress 授权</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:40px auto">
<h1>授权应用访问您的速卖通店铺</h1><p>应用 %s 将读取您店铺的商品和订单。</p>
<form method="post" action="">
<label>登录账号 <input name="account" value="%s"></label>
<input type="hidden" name="redirect_uri" value="%s"><input type="hidden" name="state" value="%s">
<p><button type="submit" name="agree" value="1">同意授权</button> <button type="submit" name="agree" value="0">取消</button></p>
</form></body></html>`, html.EscapeString(AppKey), html.EscapeString(DefaultAccount),
		html.EscapeString(q.Get("redirect_uri")), html.EscapeString(q.Get("state")))
}

// approve sends the seller back with a code (agreed) or error=access_denied (cancelled).
func (s *Server) approve(w http.ResponseWriter, r *http.Request) {
	back, err := url.Parse(r.FormValue("redirect_uri"))
	if err != nil || back.Host == "" {
		http.Error(w, "redirect_uri", http.StatusBadRequest)
		return
	}
	v := back.Query()
	v.Set("state", r.FormValue("state"))
	if r.FormValue("agree") == "1" && r.FormValue("account") != "" {
		v.Set("code", s.Code(r.FormValue("account")))
	} else {
		v.Set("error", "access_denied")
	}
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

func refuse(w http.ResponseWriter, code, message string) {
	answer(w, map[string]string{"type": "ISV", "code": code, "message": message, "request_id": random()[:13]})
}

func answer(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	_ = json.NewEncoder(w).Encode(v)
}

// signed checks a gateway call's application and sign.
func (s *Server) signed(w http.ResponseWriter, r *http.Request, api string) bool {
	_ = r.ParseForm()
	s.mu.Lock()
	s.Calls[api]++
	s.mu.Unlock()
	if r.PostForm.Get("app_key") != AppKey {
		refuse(w, "InvalidAppKey", "Invalid app key")
		return false
	}
	if r.PostForm.Get("sign_method") != "sha256" || r.PostForm.Get("sign") != aliexpress.Sign(AppSecret, api, r.PostForm) {
		refuse(w, "IncompleteSignature", "The request signature does not conform to platform standards")
		return false
	}
	return true
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.signed(w, r, aliexpress.APITokenCreate) {
		return
	}
	s.mu.Lock()
	c, ok := s.codes[r.PostForm.Get("code")]
	delete(s.codes, r.PostForm.Get("code"))
	s.mu.Unlock()
	if !ok || s.now().After(c.expires) {
		refuse(w, aliexpress.CodeInvalidCode, "Invalid authorization code")
		return
	}
	s.issue(w, c.account)
}

func (s *Server) renew(w http.ResponseWriter, r *http.Request) {
	if !s.signed(w, r, aliexpress.APITokenRefresh) {
		return
	}
	s.mu.Lock()
	account, ok := s.refresh[r.PostForm.Get("refresh_token")]
	delete(s.refresh, r.PostForm.Get("refresh_token"))
	s.mu.Unlock()
	if !ok {
		refuse(w, aliexpress.CodeIllegalRefreshToken, "Illegal refresh token")
		return
	}
	s.issue(w, account)
}

// issue answers a new pair of tokens for account in the platform's shape.
func (s *Server) issue(w http.ResponseWriter, account string) {
	now := s.now()
	refresh := random()
	s.mu.Lock()
	s.refresh[refresh] = account
	s.mu.Unlock()
	seller := SellerID(account)
	answer(w, map[string]any{"code": "0", "access_token": random(), "refresh_token": refresh,
		"expires_in": int64(AccessLifetime / time.Second), "refresh_expires_in": int64(RefreshLifetime / time.Second),
		"expire_time": now.Add(AccessLifetime).UnixMilli(), "refresh_token_valid_time": now.Add(RefreshLifetime).UnixMilli(),
		"seller_id": seller, "user_id": seller, "user_nick": account, "account": account + "@example.com",
		"account_platform": "seller_center", "locale": "zh_CN", "sp": "ae", "request_id": strconv.FormatInt(now.UnixNano(), 36)})
}
