// Package alibabatest is a local stand-in of the 1688 open platform for tests and the browser tests: the OAuth
// consent page and token endpoint, and the buyer's order list and order detail, each call checked for its
// _aop_signature and access token and refused in the platform's error shape. Tokens expire, and the
// frequency limit can be provoked (the control calls), so the product's handling of both is exercised.
package alibabatest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"time"

	"sellerhub/app/alibaba"
)

// The stand-in's application and buyer.
const (
	AppKey    = "7654321"
	AppSecret = "standin-1688-secret"
	MemberID  = "b2b-2208801688"
	LoginID   = "测试买家"
)

// Server is the stand-in.
type Server struct {
	Mux  *http.ServeMux
	http *httptest.Server

	mu       sync.Mutex
	now      func() time.Time
	codes    map[string]string // code -> member
	access   map[string]grant  // access token -> grant
	refresh  map[string]string // refresh token -> member
	limited  int               // calls still to refuse with the frequency limit
	Orders   []alibaba.TradeInfo
	Calls    map[string]int // API name -> calls answered
	Lifetime time.Duration  // an access token's life
}

type grant struct {
	member  string
	expires time.Time
}

// New builds the stand-in with the buyer's orders (Orders(now)); Start serves it.
func New() *Server {
	s := &Server{Mux: http.NewServeMux(), now: time.Now, codes: map[string]string{}, access: map[string]grant{},
		refresh: map[string]string{}, Calls: map[string]int{}, Lifetime: 10 * time.Hour}
	s.Orders = Orders(time.Now())
	s.Mux.HandleFunc("GET /oauth/authorize", s.consent)
	s.Mux.HandleFunc("POST /oauth/authorize", s.approve)
	s.Mux.HandleFunc("POST /openapi/http/1/system.oauth2/getToken/{app}", s.token)
	s.Mux.HandleFunc("POST /openapi/param2/1/system.oauth2/getToken/{app}", s.token)
	s.Mux.HandleFunc("POST /openapi/param2/1/{ns}/{api}/{app}", s.api)
	s.Mux.HandleFunc("POST /control/expire-tokens", s.expireTokens)
	s.Mux.HandleFunc("POST /control/rate-limit", s.rateLimit)
	return s
}

// Start serves the stand-in on a local port; URL names it.
func Start() *Server {
	s := New()
	s.http = httptest.NewServer(s.Mux)
	return s
}

// URL is the stand-in's address.
func (s *Server) URL() string { return s.http.URL }

// Close stops it.
func (s *Server) Close() { s.http.Close() }

// Client is a product client of the stand-in's application.
func (s *Server) Client() *alibaba.Client {
	return &alibaba.Client{AppKey: AppKey, Secret: AppSecret, Gateway: s.URL() + "/openapi", Backoff: time.Millisecond}
}

// ExpireTokens ends every access token (the next call is refused with 401).
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, g := range s.access {
		g.expires = time.Time{}
		s.access[k] = g
	}
}

// RevokeRefresh forgets every refresh token (the buyer must authorise again).
func (s *Server) RevokeRefresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh = map[string]string{}
}

// RateLimit refuses the next n API calls with the frequency limit.
func (s *Server) RateLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limited = n
}

func random() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func refuse(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error_code": code, "error_message": message})
}

func answer(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	_ = json.NewEncoder(w).Encode(v)
}

// consent is auth.1688.com/oauth/authorize: the buyer signs in (here: is signed in) and agrees.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != AppKey || q.Get("site") != "1688" || q.Get("redirect_uri") == "" {
		http.Error(w, "参数错误：client_id、site 或 redirect_uri", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>1688 授权</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:40px auto">
<h1>授权应用访问您的1688账号</h1><p>账号：%s</p><p>应用 %s 将读取您的采购订单和付款信息。</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="redirect_uri" value="%s"><input type="hidden" name="state" value="%s">
<button type="submit" name="agree" value="1">同意授权</button> <button type="submit" name="agree" value="0">取消</button>
</form></body></html>`, html.EscapeString(LoginID), html.EscapeString(AppKey),
		html.EscapeString(q.Get("redirect_uri")), html.EscapeString(q.Get("state")))
}

func (s *Server) approve(w http.ResponseWriter, r *http.Request) {
	back, err := url.Parse(r.FormValue("redirect_uri"))
	if err != nil || back.Scheme == "" {
		http.Error(w, "redirect_uri", http.StatusBadRequest)
		return
	}
	v := back.Query()
	v.Set("state", r.FormValue("state"))
	if r.FormValue("agree") == "1" {
		code := random()
		s.mu.Lock()
		s.codes[code] = MemberID
		s.mu.Unlock()
		v.Set("code", code)
	} else {
		v.Set("error", "access_denied")
	}
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// token is system.oauth2/getToken: a code (once) or a refresh token for the buyer's tokens.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("app") != AppKey || r.FormValue("client_id") != AppKey || r.FormValue("client_secret") != AppSecret {
		refuse(w, http.StatusUnauthorized, "invalid_client", "client_id or client_secret is wrong")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var member, refreshToken string
	switch r.FormValue("grant_type") {
	case "authorization_code":
		m, ok := s.codes[r.FormValue("code")]
		if !ok {
			refuse(w, http.StatusBadRequest, alibaba.CodeBadGrant, "code is invalid or used")
			return
		}
		delete(s.codes, r.FormValue("code"))
		member, refreshToken = m, random()
		s.refresh[refreshToken] = member
	case "refresh_token":
		m, ok := s.refresh[r.FormValue("refresh_token")]
		if !ok {
			refuse(w, http.StatusBadRequest, alibaba.CodeBadGrant, "refresh_token is invalid or expired")
			return
		}
		member = m
	default:
		refuse(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type")
		return
	}
	at := random()
	s.access[at] = grant{member: member, expires: s.now().Add(s.Lifetime)}
	out := map[string]any{"access_token": at, "expires_in": strconv.Itoa(int(s.Lifetime.Seconds())),
		"memberId": member, "aliId": "2208801688", "resource_owner": LoginID}
	if refreshToken != "" {
		out["refresh_token"] = refreshToken
		out["refresh_token_timeout"] = s.now().AddDate(0, 6, 0).In(time.FixedZone("CST", 8*3600)).Format("20060102150405-0700")
	}
	answer(w, out)
}

// api checks the application, the signature and the token, then answers the trade APIs.
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		refuse(w, http.StatusBadRequest, "gw.ParamError", err.Error())
		return
	}
	ns, name, app := r.PathValue("ns"), r.PathValue("api"), r.PathValue("app")
	if app != AppKey {
		refuse(w, http.StatusBadRequest, "gw.AppKeyNotExist", "appKey does not exist")
		return
	}
	path := alibaba.APIPath(ns, name, app)
	if got := r.PostForm.Get("_aop_signature"); got == "" || got != alibaba.Sign(AppSecret, path, r.PostForm) {
		refuse(w, http.StatusBadRequest, alibaba.CodeSignature, "Signature is invalid")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.access[r.PostForm.Get("access_token")]
	switch {
	case !ok:
		refuse(w, http.StatusUnauthorized, "401", "Request need user authorized")
		return
	case !s.now().Before(g.expires):
		refuse(w, http.StatusUnauthorized, alibaba.CodeTokenExpired, "AccessToken is expired")
		return
	case s.limited > 0:
		s.limited--
		refuse(w, http.StatusServiceUnavailable, alibaba.CodeRateLimited, "App call exceeds limited frequency")
		return
	}
	s.Calls[name]++
	switch ns + ":" + name {
	case alibaba.NSTrade + ":" + alibaba.APIOrderList:
		s.orderList(w, r, g.member)
	case alibaba.NSTrade + ":" + alibaba.APIOrderDetail:
		s.orderDetail(w, r, g.member)
	default:
		refuse(w, http.StatusBadRequest, "gw.APIUnsupported", "API is not supported: "+name)
	}
}

func (s *Server) orderList(w http.ResponseWriter, r *http.Request, member string) {
	page, _ := strconv.Atoi(r.PostForm.Get("page"))
	size, _ := strconv.Atoi(r.PostForm.Get("pageSize"))
	if page < 1 {
		page = 1
	}
	if size < 1 || size > 50 {
		size = 20
	}
	from, hasFrom := alibaba.ParseTime(r.PostForm.Get("createStartTime"))
	changed, hasChanged := alibaba.ParseTime(r.PostForm.Get("modifyStartTime"))
	var mine []alibaba.TradeInfo
	for _, o := range s.Orders {
		created, _ := alibaba.ParseTime(o.BaseInfo.CreateTime)
		modified, _ := alibaba.ParseTime(o.BaseInfo.ModifyTime)
		if o.BaseInfo.BuyerID == member && (!hasFrom || !created.Before(from)) && (!hasChanged || !modified.Before(changed)) {
			o.NativeLogistics = nil // the list leaves logistics to the detail
			mine = append(mine, o)
		}
	}
	lo, hi := min((page-1)*size, len(mine)), min(page*size, len(mine))
	answer(w, map[string]any{"result": mine[lo:hi], "totalRecord": len(mine)})
}

func (s *Server) orderDetail(w http.ResponseWriter, r *http.Request, member string) {
	id := r.PostForm.Get("orderId")
	for _, o := range s.Orders {
		if o.BaseInfo.OrderID() == id && o.BaseInfo.BuyerID == member {
			answer(w, map[string]any{"success": "true", "result": o})
			return
		}
	}
	answer(w, map[string]any{"success": "false", "errorCode": "ORDER_NOT_EXIST", "errorMessage": "订单不存在"})
}

func (s *Server) expireTokens(w http.ResponseWriter, _ *http.Request) {
	s.ExpireTokens()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) rateLimit(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.URL.Query().Get("n"))
	s.RateLimit(n)
	w.WriteHeader(http.StatusNoContent)
}

// Find returns the stand-in's order of the given id (for tests that change it).
func (s *Server) Find(id string) *alibaba.TradeInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.Orders {
		if s.Orders[i].BaseInfo.OrderID() == id {
			return &s.Orders[i]
		}
	}
	return nil
}

// Lock runs fn with the orders held (a test changing them while the product reads).
func (s *Server) Lock(fn func(orders []alibaba.TradeInfo)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s.Orders)
}
