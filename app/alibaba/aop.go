package alibaba

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
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

// The open platform's protocol (open.1688.com, "API调用协议"): every call is POST
// {gateway}/param2/1/{namespace}/{name}/{appKey} with form parameters, signed by _aop_signature, the
// uppercase hex HMAC-SHA1 (key: the application's secret) of the URL path from "param2" followed by each
// parameter's name and value in the names' order. The buyer's access_token rides as a parameter (and is signed).

// Sign is the _aop_signature of a call to path (param2/1/...) with params (any _aop_signature in them left out).
func Sign(secret, path string, params url.Values) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		if k != "_aop_signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(path)
	for _, k := range keys {
		for _, v := range params[k] {
			b.WriteString(k)
			b.WriteString(v)
		}
	}
	m := hmac.New(sha1.New, []byte(secret))
	m.Write([]byte(b.String()))
	return strings.ToUpper(hex.EncodeToString(m.Sum(nil)))
}

// APIPath is the signed path of an API: param2/1/{namespace}/{name}/{appKey}.
func APIPath(namespace, name, appKey string) string {
	return "param2/1/" + namespace + "/" + name + "/" + appKey
}

// The APIs the import calls.
const (
	NSTrade        = "com.alibaba.trade"
	APIOrderList   = "alibaba.trade.getBuyerOrderList"
	APIOrderDetail = "alibaba.trade.get.buyerView"
)

// Error is the platform's refusal: {"error_code": ..., "error_message": ...} (the gateway's) or a business
// errorCode/errorMessage in a 200 answer.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("1688 %d %s: %s", e.Status, e.Code, e.Message)
}

// Error codes the client acts on. The gateway answers an expired or revoked access token with 401, and an
// application over its call frequency with gw.QosAppFrequencyLimit.
const (
	CodeTokenExpired = "gw.AccessTokenExpired"
	CodeRateLimited  = "gw.QosAppFrequencyLimit"
	CodeSignature    = "gw.SignatureInvalid"
	CodeBadGrant     = "invalid_grant"
)

// TokenExpired reports whether err is the gateway refusing the access token (refresh it and call again).
func TokenExpired(err error) bool {
	var e *Error
	return errors.As(err, &e) && (e.Status == http.StatusUnauthorized || e.Code == CodeTokenExpired)
}

// RateLimited reports whether err is the gateway's frequency limit.
func RateLimited(err error) bool {
	var e *Error
	return errors.As(err, &e) && (e.Code == CodeRateLimited || e.Status == http.StatusTooManyRequests)
}

// GrantRefused reports whether err is the token endpoint refusing a code or a refresh token: the buyer must
// authorise again.
func GrantRefused(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == CodeBadGrant
}

// Client calls the open platform for one application.
type Client struct {
	AppKey, Secret string
	// Gateway is https://gw.open.1688.com/openapi, or a stand-in's /openapi.
	Gateway string
	HTTP    *http.Client
	// Backoff is the first wait after a frequency limit, doubled at each of the (at most 3) retries.
	Backoff time.Duration
	Now     func() time.Time
}

// Token is what the token endpoint answers. expires_in is seconds (the platform writes it as a string);
// refresh_token_timeout is yyyyMMddHHmmss+0800.
type Token struct {
	AccessToken         string      `json:"access_token"`
	RefreshToken        string      `json:"refresh_token"`
	ExpiresIn           json.Number `json:"expires_in"`
	RefreshTokenTimeout string      `json:"refresh_token_timeout"`
	MemberID            string      `json:"memberId"`
	AliID               json.Number `json:"aliId"`
	ResourceOwner       string      `json:"resource_owner"`
}

// ExpiresAt is when the access token ends, from now.
func (t Token) ExpiresAt(now time.Time) time.Time {
	n, err := t.ExpiresIn.Int64()
	if err != nil || n <= 0 {
		n = 10 * 3600
	}
	return now.Add(time.Duration(n) * time.Second)
}

// RefreshExpiresAt is when the refresh token ends (nil when the answer does not say).
func (t Token) RefreshExpiresAt() *time.Time {
	v, err := time.Parse("20060102150405-0700", t.RefreshTokenTimeout)
	if err != nil {
		return nil
	}
	v = v.UTC()
	return &v
}

// ExchangeCode trades an authorization code for the buyer's tokens (grant_type=authorization_code).
func (c *Client) ExchangeCode(ctx context.Context, code, redirectURI string) (Token, error) {
	v := url.Values{"grant_type": {"authorization_code"}, "need_refresh_token": {"true"}, "client_id": {c.AppKey},
		"client_secret": {c.Secret}, "redirect_uri": {redirectURI}, "code": {code}}
	return c.token(ctx, "http/1/system.oauth2/getToken/"+c.AppKey, v)
}

// Refresh gets a new access token with the refresh token.
func (c *Client) Refresh(ctx context.Context, refreshToken string) (Token, error) {
	v := url.Values{"grant_type": {"refresh_token"}, "client_id": {c.AppKey}, "client_secret": {c.Secret},
		"refresh_token": {refreshToken}}
	return c.token(ctx, "param2/1/system.oauth2/getToken/"+c.AppKey, v)
}

func (c *Client) token(ctx context.Context, path string, v url.Values) (Token, error) {
	var t Token
	if err := c.post(ctx, path, v, &t); err != nil {
		return t, err
	}
	if t.AccessToken == "" {
		return t, &Error{Status: 200, Code: CodeBadGrant, Message: "no access_token in the answer"}
	}
	return t, nil
}

// Call signs and posts an API call with the buyer's access token, waiting out frequency limits (up to 3 retries).
func (c *Client) Call(ctx context.Context, namespace, name, accessToken string, params url.Values, out any) error {
	path := APIPath(namespace, name, c.AppKey)
	wait := c.Backoff
	if wait <= 0 {
		wait = time.Second
	}
	for attempt := 0; ; attempt++ {
		v := url.Values{}
		for k, vs := range params {
			v[k] = vs
		}
		v.Set("access_token", accessToken)
		now := time.Now
		if c.Now != nil {
			now = c.Now
		}
		v.Set("_aop_timestamp", strconv.FormatInt(now().UnixMilli(), 10))
		v.Set("_aop_signature", Sign(c.Secret, path, v))
		err := c.post(ctx, path, v, out)
		if !RateLimited(err) || attempt == 3 {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		wait *= 2
	}
}

func (c *Client) post(ctx context.Context, path string, v url.Values, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.Gateway, "/")+"/"+path,
		strings.NewReader(v.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
	if err != nil {
		return err
	}
	var refusal struct {
		ErrorCode    string `json:"error_code"`
		ErrorMessage string `json:"error_message"`
		Error        string `json:"error"`
		Description  string `json:"error_description"`
		BizCode      string `json:"errorCode"`
		BizMessage   string `json:"errorMessage"`
	}
	_ = json.Unmarshal(body, &refusal)
	switch {
	case refusal.ErrorCode != "":
		return &Error{Status: res.StatusCode, Code: refusal.ErrorCode, Message: refusal.ErrorMessage}
	case refusal.Error != "":
		return &Error{Status: res.StatusCode, Code: refusal.Error, Message: refusal.Description}
	case res.StatusCode != http.StatusOK:
		return &Error{Status: res.StatusCode, Code: strconv.Itoa(res.StatusCode), Message: string(body[:min(len(body), 200)])}
	case refusal.BizCode != "" && refusal.BizCode != "0":
		return &Error{Status: res.StatusCode, Code: refusal.BizCode, Message: refusal.BizMessage}
	}
	return json.Unmarshal(body, out)
}
