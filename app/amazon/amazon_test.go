package amazon_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

// client is the product's client against the stand-in, retrying without waiting.
func client(s *amazontest.Server) (*amazon.LWA, *amazon.SellingPartner) {
	h := amazon.NewHTTP(5 * time.Second)
	h.Sleep = func(context.Context, time.Duration) error { return nil }
	lwa := &amazon.LWA{TokenURL: s.URL + "/auth/o2/token", ClientID: amazontest.ClientID,
		ClientSecret: amazontest.ClientSecret, HTTP: h}
	return lwa, &amazon.SellingPartner{HTTP: h, Tokens: amazon.NewAccessTokens(lwa)}
}

func TestCodeExchangeAndParticipations(t *testing.T) {
	s := amazontest.Start(t)
	lwa, sp := client(s)
	tok, err := lwa.ExchangeCode(t.Context(), s.IssueCode(amazontest.DefaultSeller), "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tok.RefreshToken, "Atzr|") || tok.ExpiresIn != 3600 || tok.ExpiresAt.IsZero() {
		t.Fatalf("token = %+v", tok)
	}
	ps, err := sp.MarketplaceParticipations(t.Context(), s.URL, tok.RefreshToken)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[0].Marketplace.ID != "ATVPDKIKX0DER" || ps[0].Marketplace.CountryCode != "US" || !ps[0].Participation.IsParticipating {
		t.Fatalf("participations = %+v", ps)
	}
	calls := s.RequestsTo("/sellers/v1/marketplaceParticipations")
	if len(calls) != 1 || !strings.HasPrefix(calls[0].Header.Get("x-amz-access-token"), "Atza|") {
		t.Fatalf("sellers calls = %+v", calls)
	}
	// The form is what Login with Amazon documents, and the secret goes to the token endpoint only.
	for _, r := range s.Requests() {
		form := r.Form.Encode() + r.Query.Encode()
		for _, v := range r.Header {
			form += strings.Join(v, " ")
		}
		if r.Path != "/auth/o2/token" && strings.Contains(form, amazontest.ClientSecret) {
			t.Fatalf("client secret sent to %s", r.Path)
		}
		if r.Path == "/auth/o2/token" && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			t.Fatalf("token request content type %q", r.Header.Get("Content-Type"))
		}
	}
}

func TestInvalidGrantIsNotRetried(t *testing.T) {
	s := amazontest.Start(t)
	lwa, _ := client(s)
	_, err := lwa.ExchangeCode(t.Context(), "ANunknown", "")
	var te *amazon.TokenError
	if !errors.As(err, &te) || !amazon.IsInvalidGrant(err) || te.Status != 400 || te.Description == "" {
		t.Fatalf("err = %v", err)
	}
	if n := len(s.RequestsTo("/auth/o2/token")); n != 1 {
		t.Fatalf("invalid_grant sent %d times", n)
	}
}

func TestRetriesOn429And5xx(t *testing.T) {
	s := amazontest.Start(t)
	lwa, sp := client(s)
	code := s.IssueCode(amazontest.DefaultSeller)
	s.FailToken(429, 500, 503)
	tok, err := lwa.ExchangeCode(t.Context(), code, "")
	if err != nil {
		t.Fatalf("after 429, 500, 503 the fourth attempt should succeed: %v", err)
	}
	if n := len(s.RequestsTo("/auth/o2/token")); n != 4 {
		t.Fatalf("token requests = %d, want 4", n)
	}
	// Attempts are bounded: four failures end in the last answer's error.
	s.FailToken(500, 500, 500, 500)
	_, err = lwa.Refresh(t.Context(), tok.RefreshToken)
	var te *amazon.TokenError
	if !errors.As(err, &te) || te.Status != 500 || amazon.IsInvalidGrant(err) {
		t.Fatalf("err = %v", err)
	}
	// The Sellers API too, with Amazon's error body when it gives up.
	s.FailSellersAPI(429, 429, 429, 429)
	_, err = sp.MarketplaceParticipations(t.Context(), s.URL, tok.RefreshToken)
	var ae *amazon.APIError
	if !errors.As(err, &ae) || ae.Status != 429 || len(ae.Errors) != 1 || ae.Errors[0].Code != "QuotaExceeded" {
		t.Fatalf("err = %v", err)
	}
}

func TestBackoffHonoursRetryAfterAndCaps(t *testing.T) {
	var waits []time.Duration
	n := 0
	srv := amazontest.Start(t)
	srv.Mux.HandleFunc("GET /busy", func(w http.ResponseWriter, r *http.Request) {
		n++
		if n == 1 {
			w.Header().Set("Retry-After", "2")
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	h := &amazon.HTTP{Client: http.DefaultClient, Attempts: 5, BaseDelay: 100 * time.Millisecond, MaxDelay: 300 * time.Millisecond,
		Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }}
	res, err := h.Do(t.Context(), func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/busy", nil)
	})
	if err != nil || res.Status != 503 || n != 5 {
		t.Fatalf("res %v err %v n %d", res, err, n)
	}
	// Retry-After 2 s, capped at 300 ms; then the doubling delays 200 ms, 400 ms and 800 ms, capped at 300 ms, with
	// jitter in [d/2, d].
	if waits[0] != 300*time.Millisecond {
		t.Fatalf("waits = %v", waits)
	}
	for i, d := range waits[1:] {
		want := min(100*time.Millisecond<<(i+1), 300*time.Millisecond)
		if d < want/2 || d > want {
			t.Fatalf("wait %d = %v, want within [%v, %v]", i+1, d, want/2, want)
		}
	}
}

func TestAccessTokenRefreshedBeforeExpiry(t *testing.T) {
	s := amazontest.Start(t)
	lwa, _ := client(s)
	now := time.Now()
	lwa.Now = func() time.Time { return now }
	tok, err := lwa.ExchangeCode(t.Context(), s.IssueCode(amazontest.DefaultSeller), "")
	if err != nil {
		t.Fatal(err)
	}
	cache := amazon.NewAccessTokens(lwa)
	a, _ := cache.Get(t.Context(), tok.RefreshToken)
	b, _ := cache.Get(t.Context(), tok.RefreshToken)
	if a == "" || a != b {
		t.Fatalf("cached token changed: %q %q", a, b)
	}
	now = now.Add(59 * time.Minute) // within a minute of the hour's expiry
	c, err := cache.Get(t.Context(), tok.RefreshToken)
	if err != nil || c == a {
		t.Fatalf("token not refreshed before expiry: %q %v", c, err)
	}
	if n := len(s.RequestsTo("/auth/o2/token")); n != 3 { // the code, then two refreshes
		t.Fatalf("token requests = %d", n)
	}
}

func TestCipher(t *testing.T) {
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := keys.Cipher.Encrypt("Atzr|secret")
	b, _ := keys.Cipher.Encrypt("Atzr|secret")
	if a == b || strings.Contains(a, "secret") || !strings.HasPrefix(a, "v1.") {
		t.Fatalf("ciphertexts %q %q", a, b)
	}
	if got, err := keys.Cipher.Decrypt(a); err != nil || got != "Atzr|secret" {
		t.Fatalf("decrypt = %q %v", got, err)
	}
	// One character of the middle changed: each there carries six bits of the sealed bytes (at the end some are
	// padding), and a fixed replacement ("AA" at the end) left the text as it was when it already ended so.
	mid, swap := len(a)/2, "A"
	if a[mid] == 'A' {
		swap = "B"
	}
	tampered := a[:mid] + swap + a[mid+1:]
	other, _ := amazon.NewKeys([]byte("another-secret-key-of-32-characters!!"))
	for _, bad := range []string{tampered, "v1.", "plain", ""} {
		if _, err := keys.Cipher.Decrypt(bad); !errors.Is(err, amazon.ErrUndecryptable) {
			t.Fatalf("decrypt(%q) = %v", bad, err)
		}
	}
	if _, err := other.Cipher.Decrypt(a); !errors.Is(err, amazon.ErrUndecryptable) {
		t.Fatalf("another key opened it: %v", err)
	}
	if _, err := amazon.NewKeys([]byte("short")); err == nil {
		t.Fatal("a short key was accepted")
	}
}

func TestState(t *testing.T) {
	keys, _ := amazon.NewKeys([]byte(amazontest.SecretKey))
	now := time.Now()
	st := amazon.State{CompanyID: 7, GroupID: 9, Kind: amazon.KindSeller, Marketplace: "ATVPDKIKX0DER",
		Nonce: amazon.NewNonce(), ExpiresAt: now.Add(amazon.StateLifetime).Unix()}
	token := keys.State.Sign(st)
	got, err := keys.State.Verify(token, amazon.KindSeller, now)
	if err != nil || got != st {
		t.Fatalf("verify = %+v %v", got, err)
	}
	if _, err := keys.State.Verify(token, amazon.KindAdvert, now); !errors.Is(err, amazon.ErrStateKind) {
		t.Fatalf("kind: %v", err)
	}
	if _, err := keys.State.Verify(token, amazon.KindSeller, now.Add(amazon.StateLifetime)); !errors.Is(err, amazon.ErrStateExpired) {
		t.Fatalf("expiry: %v", err)
	}
	// Another company in the payload with the old signature, another key's signature, garbage: all forged.
	st.CompanyID = 8
	payload, _, _ := strings.Cut(keys.State.Sign(st), ".")
	_, sig, _ := strings.Cut(token, ".")
	other, _ := amazon.NewKeys([]byte("another-secret-key-of-32-characters!!"))
	for _, bad := range []string{payload + "." + sig, other.State.Sign(st), "x.y", "", token + "x"} {
		if _, err := keys.State.Verify(bad, amazon.KindSeller, now); !errors.Is(err, amazon.ErrStateForged) {
			t.Fatalf("verify(%q) = %v", bad, err)
		}
	}
}
