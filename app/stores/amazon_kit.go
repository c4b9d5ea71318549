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
	storesdb "sellerhub/models/stores"
)

// amazonKit is the product's side of Amazon: the HTTP helper, the secret keys and one access-token cache per
// Login with Amazon application (the product's own, and sellers' own applications entered with saveAuth).
type amazonKit struct {
	http *amazon.HTTP
	// limits are Amazon's per-seller rate limits, shared by every instance (amazon_rates.go).
	limits *amazon.RateLimits

	mu     sync.Mutex
	keys   *amazon.Keys
	tokens map[string]*amazon.AccessTokens

	// rotated is the product application's secret from a rotation (secret_rotation.go), looked up at most once
	// a minute so that every instance takes up a rotation made on another.
	rotated rotatedCache
}

func newAmazonKit(cfg *config.Config, h *amazon.HTTP, rates amazon.RateStore) *amazonKit {
	if h == nil {
		h = amazon.NewHTTP(cfg.Amazon.Timeout)
	}
	return &amazonKit{http: h, limits: amazon.NewSharedRateLimits(rates), tokens: map[string]*amazon.AccessTokens{}}
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
		stored, err := storesdb.AppSecretOrCreate(s.db.With(ctx), secretKeyName, base64.RawURLEncoding.EncodeToString(b))
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

// CheckSecretKey refuses to go on when the secret key cannot open the secrets already encrypted in the database:
// the key changed since they were stored (a start with the Amazon stand-in's variables sets a test key), and
// going on would leave every authorised store unreadable, found out only at its next sync. Any one of the newest
// secrets opening is enough (stores authorised again since a deliberate change are sealed with the new key).
func (s *Service) CheckSecretKey(ctx context.Context) error {
	sealed, err := storesdb.SealedSecrets(s.db.With(ctx), amazon.SealedPrefix)
	if err != nil {
		return fmt.Errorf("read the encrypted secrets: %w", err)
	}
	if len(sealed) == 0 {
		return nil
	}
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return err
	}
	for _, v := range sealed {
		if _, err := keys.Cipher.Decrypt(v); err == nil {
			return nil
		}
	}
	which := "当前密钥（SELLERHUB_SECRET_KEY 的值）"
	if s.cfg.SecretKey.Reveal() == "" {
		which = "当前密钥（SELLERHUB_SECRET_KEY 未设置，用数据库中生成的密钥）"
	}
	return fmt.Errorf("拒绝启动：%s无法解密数据库中已加密保存的亚马逊授权（刷新令牌、应用密钥），密钥在保存它们之后更换了。"+
		"请用保存时的密钥启动（当时未设置 SELLERHUB_SECRET_KEY 的，去掉这个变量）；"+
		"连接亚马逊模拟服务时（amazontest 打印的变量会设置测试密钥），请另用一个数据库（SELLERHUB_DATABASE_URL）", which)
}

// amazonApp is a Login with Amazon application: the product's (empty clientID) or a seller's own.
type amazonApp struct {
	ClientID     string
	ClientSecret string
}

// productApp is the product's own application: the configuration's, with the secret of a rotation made through
// the API while the configuration still holds the secret it replaced.
func (s *Service) productApp() amazonApp {
	app := s.configuredApp()
	if secret := s.rotatedSecret(app); secret != "" {
		app.ClientSecret = secret
	}
	return app
}

// configuredApp is the product's application as the configuration gives it.
func (s *Service) configuredApp() amazonApp {
	return amazonApp{ClientID: s.cfg.Amazon.ClientID, ClientSecret: s.cfg.Amazon.ClientSecret.Reveal()}
}

// lwa is the token client of an application.
func (s *Service) lwa(app amazonApp) *amazon.LWA {
	return &amazon.LWA{TokenURL: s.cfg.Amazon.TokenURL, ClientID: app.ClientID, ClientSecret: app.ClientSecret,
		HTTP: s.amazon.http, Now: s.now}
}

// sellingPartner is the Selling Partner API client of an application, sharing its access-token cache.
func (s *Service) sellingPartner(app amazonApp) *amazon.SellingPartner {
	return &amazon.SellingPartner{HTTP: s.amazon.http, Tokens: s.accessTokens(app), Limits: s.amazon.limits}
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
	r, _ := storesdb.RegionByCode(region)
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
	row := &storesdb.OAuthState{Nonce: st.Nonce, CompanyID: st.CompanyID, GroupID: st.GroupID, Kind: st.Kind,
		ExpiresAt: time.Unix(st.ExpiresAt, 0).UTC(), CreatedAt: now}
	if err := storesdb.SaveOAuthState(s.db.With(ctx), row); err != nil {
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
	ok, err := storesdb.UseOAuthState(s.db.With(ctx), st.Nonce, st.CompanyID, kind, now)
	if err != nil {
		return amazon.State{}, err
	}
	if !ok {
		return amazon.State{}, errStateUsed
	}
	return st, nil
}
