package stores

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/config"
	"sellerhub/models"
)

// amazonKit is the product's side of Amazon: the HTTP helper, the secret keys and one access-token cache per
// Login with Amazon application (the product's own, and sellers' own applications entered with saveAuth).
type amazonKit struct {
	http *amazon.HTTP

	mu     sync.Mutex
	keys   *amazon.Keys
	tokens map[string]*amazon.AccessTokens
}

func newAmazonKit(cfg *config.Config, h *amazon.HTTP) *amazonKit {
	if h == nil {
		h = amazon.NewHTTP(cfg.Amazon.Timeout)
	}
	return &amazonKit{http: h, tokens: map[string]*amazon.AccessTokens{}}
}

// secretKeyName is the app_secrets row holding the generated key.
const secretKeyName = "secret_key"

// amazonKeys are the cipher for secrets at rest and the OAuth state signer, from SELLERHUB_SECRET_KEY or, when it
// is not set, from a key generated once and kept in the database (shared by every instance on that database).
func (s *Service) amazonKeys(ctx context.Context) (*amazon.Keys, error) {
	k := s.amazon
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.keys != nil {
		return k.keys, nil
	}
	master := s.cfg.SecretKey.Reveal()
	if master == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		stored, err := s.db.With(ctx).AppSecretOrCreate(secretKeyName, base64.RawURLEncoding.EncodeToString(b))
		if err != nil {
			return nil, fmt.Errorf("load the generated secret key: %w", err)
		}
		master = stored
	}
	keys, err := amazon.NewKeys([]byte(master))
	if err != nil {
		return nil, err
	}
	k.keys = keys
	return keys, nil
}

// amazonApp is a Login with Amazon application: the product's (empty clientID) or a seller's own.
type amazonApp struct {
	ClientID     string
	ClientSecret string
}

// productApp is the product's own application from the configuration.
func (s *Service) productApp() amazonApp {
	return amazonApp{ClientID: s.cfg.Amazon.ClientID, ClientSecret: s.cfg.Amazon.ClientSecret.Reveal()}
}

// lwa is the token client of an application.
func (s *Service) lwa(app amazonApp) *amazon.LWA {
	return &amazon.LWA{TokenURL: s.cfg.Amazon.TokenURL, ClientID: app.ClientID, ClientSecret: app.ClientSecret,
		HTTP: s.amazon.http, Now: s.now}
}

// sellingPartner is the Selling Partner API client of an application, sharing its access-token cache.
func (s *Service) sellingPartner(app amazonApp) *amazon.SellingPartner {
	return &amazon.SellingPartner{HTTP: s.amazon.http, Tokens: s.accessTokens(app)}
}

// accessTokens is the access-token cache of an application, one per application for every API it calls.
func (s *Service) accessTokens(app amazonApp) *amazon.AccessTokens {
	k := s.amazon
	k.mu.Lock()
	defer k.mu.Unlock()
	key := app.ClientID + "\x00" + app.ClientSecret
	t, ok := k.tokens[key]
	if !ok {
		t = amazon.NewAccessTokens(s.lwa(app))
		k.tokens[key] = t
	}
	return t
}

// sellingPartnerEndpoint is the region's Selling Partner API host, or the configured override.
func (s *Service) sellingPartnerEndpoint(region string) string {
	if s.cfg.Amazon.SellingPartnerURL != "" {
		return strings.TrimRight(s.cfg.Amazon.SellingPartnerURL, "/")
	}
	r, _ := models.RegionByCode(region)
	return r.SellingPartnerAPI
}

// issueOAuthState hands out a consent state for st (company, group, kind, region or marketplace): a fresh nonce,
// recorded so it can be redeemed once, expiring after amazon.StateLifetime.
func (s *Service) issueOAuthState(ctx context.Context, st amazon.State) (string, error) {
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return "", err
	}
	now := s.now().UTC()
	st.Nonce = amazon.NewNonce()
	st.ExpiresAt = now.Add(amazon.StateLifetime).Unix()
	row := &models.OAuthState{Nonce: st.Nonce, CompanyID: st.CompanyID, GroupID: st.GroupID, Kind: st.Kind,
		ExpiresAt: time.Unix(st.ExpiresAt, 0).UTC(), CreatedAt: now}
	if err := s.db.With(ctx).SaveOAuthState(row); err != nil {
		return "", err
	}
	return keys.State.Sign(st), nil
}

// Why a consent callback's state is refused, besides amazon.ErrStateForged/Expired/Kind.
var (
	errStateCompany = errors.New("oauth state: issued to another company than the signed-in one")
	errStateUsed    = errors.New("oauth state: already used, expired or unknown")
)

// redeemOAuthState checks a callback's state (signature, kind, expiry by the service clock) and consumes its
// nonce; a second redemption of the same state fails. callerCompany is the company of the callback's session,
// 0 without one: a browser signed in to another company than the one that asked is refused.
func (s *Service) redeemOAuthState(ctx context.Context, token, kind string, callerCompany int64) (amazon.State, error) {
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return amazon.State{}, err
	}
	now := s.now().UTC()
	st, err := keys.State.Verify(token, kind, now)
	if err != nil {
		return amazon.State{}, err
	}
	if callerCompany != 0 && callerCompany != st.CompanyID {
		return amazon.State{}, errStateCompany
	}
	ok, err := s.db.With(ctx).UseOAuthState(st.Nonce, st.CompanyID, kind, now)
	if err != nil {
		return amazon.State{}, err
	}
	if !ok {
		return amazon.State{}, errStateUsed
	}
	return st, nil
}
