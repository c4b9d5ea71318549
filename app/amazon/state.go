package amazon

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// State is what an OAuth consent's state parameter carries through Amazon and back: who asked (company, store
// group), for what (seller or advertising consent, region or marketplace) and a random nonce that makes it single
// use (the service records the nonce and consumes it once). It is signed, not encrypted: it holds no secret.
type State struct {
	CompanyID   int64  `json:"c,string"`
	GroupID     int64  `json:"g,string"`
	Kind        string `json:"k"`
	Region      string `json:"r,omitempty"`
	Marketplace string `json:"m,omitempty"`
	Nonce       string `json:"n"`
	// ExpiresAt is in Unix seconds.
	ExpiresAt int64 `json:"e"`
}

// The kinds of consent a state is for.
const (
	KindSeller = "seller"
	KindAdvert = "advert"
)

// StateLifetime is how long a consent may take, from the consent link to Amazon's redirect back.
const StateLifetime = 15 * time.Minute

// Why a state is refused. The product shows the same failure text for all of them; the log tells them apart.
var (
	ErrStateForged  = errors.New("oauth state: bad signature or format")
	ErrStateExpired = errors.New("oauth state: expired")
	ErrStateKind    = errors.New("oauth state: issued for another kind of consent")
)

// StateSigner signs and checks states with HMAC-SHA256.
type StateSigner struct{ key []byte }

// NewNonce is a fresh random nonce (128 bits, URL-safe).
func NewNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Sign makes the state parameter: base64url(JSON).base64url(HMAC).
func (s *StateSigner) Sign(st State) string {
	payload, _ := json.Marshal(st)
	p := base64.RawURLEncoding.EncodeToString(payload)
	return p + "." + base64.RawURLEncoding.EncodeToString(s.mac(p))
}

// Verify checks the signature, the kind and the expiry at now, and returns the state. It does not consume the
// nonce: the caller does, atomically, in the database.
func (s *StateSigner) Verify(token, kind string, now time.Time) (State, error) {
	p, sig, ok := strings.Cut(token, ".")
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if !ok || err != nil || !hmac.Equal(got, s.mac(p)) {
		return State{}, ErrStateForged
	}
	raw, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return State{}, ErrStateForged
	}
	var st State
	if err := json.Unmarshal(raw, &st); err != nil || st.Nonce == "" || st.CompanyID == 0 {
		return State{}, ErrStateForged
	}
	if st.Kind != kind {
		return State{}, ErrStateKind
	}
	if !now.Before(time.Unix(st.ExpiresAt, 0)) {
		return State{}, ErrStateExpired
	}
	return st, nil
}

func (s *StateSigner) mac(payload string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return m.Sum(nil)
}
