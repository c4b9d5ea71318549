package amazon

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"
)

// AccessTokens caches access tokens per refresh token and gets a new one a little before the old one expires, so
// a call never starts with a token about to lapse. Concurrent callers for one refresh token share one refresh.
type AccessTokens struct {
	LWA *LWA
	// Early is how long before expiry a token is replaced.
	Early time.Duration

	mu      sync.Mutex
	entries map[[32]byte]*tokenEntry
}

type tokenEntry struct {
	mu        sync.Mutex
	token     string
	expiresAt time.Time
}

// NewAccessTokens caches tokens of lwa, replacing them a minute before expiry.
func NewAccessTokens(lwa *LWA) *AccessTokens {
	return &AccessTokens{LWA: lwa, Early: time.Minute, entries: map[[32]byte]*tokenEntry{}}
}

// Get returns a live access token for the refresh token.
func (c *AccessTokens) Get(ctx context.Context, refreshToken string) (string, error) {
	e := c.entry(refreshToken)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.token != "" && c.LWA.now().Add(c.Early).Before(e.expiresAt) {
		return e.token, nil
	}
	t, err := c.LWA.Refresh(ctx, refreshToken)
	if err != nil {
		return "", err
	}
	e.token, e.expiresAt = t.AccessToken, t.ExpiresAt
	return e.token, nil
}

// Forget drops the cached token of a refresh token, after Amazon refused it or the seller was disabled.
func (c *AccessTokens) Forget(refreshToken string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, sha256.Sum256([]byte(refreshToken)))
}

// entry is keyed by a hash so the cache does not hold refresh tokens in the clear.
func (c *AccessTokens) entry(refreshToken string) *tokenEntry {
	key := sha256.Sum256([]byte(refreshToken))
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		e = &tokenEntry{}
		c.entries[key] = e
	}
	return e
}
