// Package aliexpress is the AliExpress Open Platform's protocol as 速卖通店铺授权 (the stores domain) uses it: the
// seller's consent (https://api-sg.aliexpress.com/oauth/authorize with client_id, redirect_uri and state, back with
// a code) and the system calls of the /rest gateway that trade the code for tokens (/auth/token/create) and
// renew them (/auth/token/refresh). aliexpresstest is its local stand-in.
package aliexpress

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The system calls (their API names are also the signed path).
const (
	APITokenCreate  = "/auth/token/create"
	APITokenRefresh = "/auth/token/refresh"
)

// Codes of the platform's refusals the product tells apart: a code that is wrong, used or older than its few
// minutes, and a refresh token that expired or was revoked (the seller must authorise again).
const (
	CodeInvalidCode         = "InvalidCode"
	CodeIllegalRefreshToken = "IllegalRefreshToken"
)

// Sign is a call's sign: the uppercase hex HMAC-SHA256 (key: the application's secret) of the API name followed
// by every parameter's name and value in the names' order (sign itself left out), the platform's sha256 method.
func Sign(secret, api string, params url.Values) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		if k != "sign" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(api)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteString(params.Get(k))
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(b.String()))
	return strings.ToUpper(hex.EncodeToString(m.Sum(nil)))
}

// Error is the platform's refusal: an answer whose code is not "0" ({"type": "ISV", "code": ..., "message": ...,
// "request_id": ...}) or a status other than 200.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("aliexpress %d %s: %s", e.Status, e.Code, e.Message)
}

// GrantRefused reports whether err is the platform refusing a code or a refresh token.
func GrantRefused(err error) bool {
	var e *Error
	return errors.As(err, &e) && (e.Code == CodeInvalidCode || e.Code == CodeIllegalRefreshToken)
}

// Token is what /auth/token/create and /auth/token/refresh answer. expire_time and refresh_token_valid_time are
// Unix milliseconds; expires_in and refresh_expires_in seconds from now. seller_id names the store's seller
// account, user_nick its login.
type Token struct {
	Code                  string      `json:"code"`
	AccessToken           string      `json:"access_token"`
	RefreshToken          string      `json:"refresh_token"`
	ExpiresIn             json.Number `json:"expires_in"`
	RefreshExpiresIn      json.Number `json:"refresh_expires_in"`
	ExpireTime            json.Number `json:"expire_time"`
	RefreshTokenValidTime json.Number `json:"refresh_token_valid_time"`
	SellerID              string      `json:"seller_id"`
	UserID                string      `json:"user_id"`
	UserNick              string      `json:"user_nick"`
	Account               string      `json:"account"`
	AccountPlatform       string      `json:"account_platform"`
	Locale                string      `json:"locale"`
	SP                    string      `json:"sp"`
	RequestID             string      `json:"request_id"`
}

// ExpiresAt is when the access token ends: expire_time, else now + expires_in.
func (t Token) ExpiresAt(now time.Time) time.Time { return at(t.ExpireTime, t.ExpiresIn, now) }

// RefreshExpiresAt is when the refresh token ends: refresh_token_valid_time, else now + refresh_expires_in.
func (t Token) RefreshExpiresAt(now time.Time) time.Time {
	return at(t.RefreshTokenValidTime, t.RefreshExpiresIn, now)
}

func at(millis, seconds json.Number, now time.Time) time.Time {
	if ms, err := millis.Int64(); err == nil && ms > 0 {
		return time.UnixMilli(ms).UTC()
	}
	if s, err := seconds.Int64(); err == nil && s > 0 {
		return now.Add(time.Duration(s) * time.Second).UTC()
	}
	return now.UTC()
}

// Client calls the /rest gateway for one application.
type Client struct {
	AppKey, Secret string
	// APIURL is https://api-sg.aliexpress.com/rest, or a stand-in's /rest.
	APIURL string
	HTTP   *http.Client
	Now    func() time.Time
}

// CreateToken trades the consent's code for the store's tokens.
func (c *Client) CreateToken(ctx context.Context, code string) (Token, error) {
	return c.token(ctx, APITokenCreate, url.Values{"code": {code}})
}

// RefreshToken renews the access token (and the refresh token with it) with the refresh token.
func (c *Client) RefreshToken(ctx context.Context, refreshToken string) (Token, error) {
	return c.token(ctx, APITokenRefresh, url.Values{"refresh_token": {refreshToken}})
}

func (c *Client) token(ctx context.Context, api string, v url.Values) (Token, error) {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	v.Set("app_key", c.AppKey)
	v.Set("timestamp", strconv.FormatInt(now().UnixMilli(), 10))
	v.Set("sign_method", "sha256")
	v.Set("sign", Sign(c.Secret, api, v))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.APIURL, "/")+api, strings.NewReader(v.Encode()))
	if err != nil {
		return Token{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return Token{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return Token{}, err
	}
	var t Token
	var refusal struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(body, &refusal)
	if err := json.Unmarshal(body, &t); err != nil || res.StatusCode != http.StatusOK {
		return Token{}, &Error{Status: res.StatusCode, Code: strconv.Itoa(res.StatusCode), Message: string(body[:min(len(body), 200)])}
	}
	if t.Code != "" && t.Code != "0" {
		return Token{}, &Error{Status: res.StatusCode, Code: t.Code, Message: refusal.Message}
	}
	if t.AccessToken == "" || t.RefreshToken == "" {
		return Token{}, &Error{Status: res.StatusCode, Code: "NoToken", Message: "no access_token or refresh_token in the answer"}
	}
	return t, nil
}
