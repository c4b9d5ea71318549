package amazon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// LWA is a Login with Amazon application: it turns a consent's authorization code into a refresh token and a
// refresh token into access tokens, by form-encoded POSTs to the token endpoint. The client secret goes only there.
type LWA struct {
	TokenURL     string
	ClientID     string
	ClientSecret string
	HTTP         *HTTP
	// Now is the clock that ExpiresAt is computed with.
	Now func() time.Time
}

// Token is Login with Amazon's answer. RefreshToken is empty on a refresh_token grant.
type Token struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	// ExpiresAt is when the access token stops working, by the LWA's clock.
	ExpiresAt time.Time `json:"-"`
}

// TokenError is the token endpoint's refusal, {"error":"invalid_grant","error_description":"..."}, or a failure
// without that body (Code empty). It never carries the secret or the code.
type TokenError struct {
	Status      int
	Code        string `json:"error"`
	Description string `json:"error_description"`
}

func (e *TokenError) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("login with amazon: HTTP %d", e.Status)
	}
	return fmt.Sprintf("login with amazon: HTTP %d %s: %s", e.Status, e.Code, e.Description)
}

// IsInvalidGrant tells a code or refresh token that Amazon no longer accepts (used, expired or revoked): the
// seller must authorise again. Retrying does not help.
func IsInvalidGrant(err error) bool {
	te, ok := err.(*TokenError)
	return ok && te.Code == "invalid_grant"
}

// IsInvalidClient tells Amazon's refusal of the application itself (its client secret expired or was replaced):
// no seller can fix it by authorising again, and retrying does not help until the secret is changed.
func IsInvalidClient(err error) bool {
	var te *TokenError
	return errors.As(err, &te) && te.Code == "invalid_client"
}

// ExchangeCode redeems an authorization code (grant_type=authorization_code). redirectURI is the one the consent
// used, when it used one; the Selling Partner API's website flow needs none.
func (l *LWA) ExchangeCode(ctx context.Context, code, redirectURI string) (*Token, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}}
	if redirectURI != "" {
		form.Set("redirect_uri", redirectURI)
	}
	return l.token(ctx, form)
}

// Refresh gets a new access token for a refresh token (grant_type=refresh_token).
func (l *LWA) Refresh(ctx context.Context, refreshToken string) (*Token, error) {
	return l.token(ctx, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}})
}

func (l *LWA) token(ctx context.Context, form url.Values) (*Token, error) {
	form.Set("client_id", l.ClientID)
	form.Set("client_secret", l.ClientSecret)
	body := []byte(form.Encode())
	header := http.Header{"Content-Type": {"application/x-www-form-urlencoded;charset=UTF-8"}, "Accept": {"application/json"}}
	now := l.now()
	res, err := l.HTTP.Do(ctx, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodPost, l.TokenURL, body, header)
	})
	if err != nil {
		return nil, err
	}
	if res.Status != http.StatusOK {
		te := &TokenError{}
		_ = json.Unmarshal(res.Body, te)
		te.Status = res.Status
		return nil, te
	}
	var t Token
	if err := json.Unmarshal(res.Body, &t); err != nil || t.AccessToken == "" {
		return nil, fmt.Errorf("login with amazon: unreadable token answer (HTTP %d)", res.Status)
	}
	if form.Get("grant_type") == "authorization_code" && t.RefreshToken == "" {
		return nil, fmt.Errorf("login with amazon: no refresh token in the answer")
	}
	t.ExpiresAt = now.Add(time.Duration(t.ExpiresIn) * time.Second)
	return &t, nil
}

func (l *LWA) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}
