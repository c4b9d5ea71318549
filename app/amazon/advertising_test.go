package amazon_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

func advertisingClient(s *amazontest.Server) (*amazon.LWA, *amazon.Advertising) {
	lwa, sp := client(s)
	return lwa, &amazon.Advertising{HTTP: sp.HTTP, Tokens: sp.Tokens, ClientID: amazontest.ClientID}
}

func TestAdvertisingConsentURL(t *testing.T) {
	raw := amazon.AdvertisingConsentURL(amazon.AdvertisingConsentHosts["EU"], "amzn1.application-oa2-client.x",
		"https://erp.example.com/advresult", "payload.sig")
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Host != "eu.account.amazon.com" || u.Path != "/ap/oa" || q.Get("client_id") != "amzn1.application-oa2-client.x" ||
		q.Get("scope") != "advertising::campaign_management" || q.Get("response_type") != "code" ||
		q.Get("redirect_uri") != "https://erp.example.com/advresult" || q.Get("state") != "payload.sig" {
		t.Fatalf("consent url = %s", raw)
	}
	if amazon.AdvertisingConsentHosts["NA"] != "https://www.amazon.com/ap/oa" ||
		amazon.AdvertisingConsentHosts["FE"] != "https://apac.account.amazon.com/ap/oa" {
		t.Fatalf("consent pages = %v", amazon.AdvertisingConsentHosts)
	}
	if amazon.AdvertisingTokenURLs["NA"] != "https://api.amazon.com/auth/o2/token" ||
		amazon.AdvertisingTokenURLs["EU"] != "https://api.amazon.co.uk/auth/o2/token" ||
		amazon.AdvertisingTokenURLs["FE"] != "https://api.amazon.co.jp/auth/o2/token" {
		t.Fatalf("token endpoints = %v", amazon.AdvertisingTokenURLs)
	}
}

// Amazon's documented answer, with a profile id beyond JavaScript's safe integers.
const documentedProfiles = `[{"profileId":3675290891720305,"countryCode":"DE","currencyCode":"EUR","dailyBudget":999999999.00,
"timezone":"Europe/Paris","accountInfo":{"marketplaceStringId":"A1PA6795UKMFR9","id":"A2EXAMPLESELLER","type":"seller",
"name":"Example GmbH","validPaymentMethod":true}}]`

func TestProfilesReadsAmazonsDocumentedShape(t *testing.T) {
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		if r.URL.Path != "/v2/profiles" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(documentedProfiles))
	}))
	defer srv.Close()
	a := &amazon.Advertising{HTTP: amazon.NewHTTP(5 * time.Second), ClientID: "client-1"}
	ps, err := a.Profiles(t.Context(), srv.URL, "Atza|token")
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if len(ps) != 1 || p.ProfileID != 3675290891720305 || p.CountryCode != "DE" || p.CurrencyCode != "EUR" ||
		p.Timezone != "Europe/Paris" || p.AccountInfo.MarketplaceStringID != "A1PA6795UKMFR9" ||
		p.AccountInfo.ID != "A2EXAMPLESELLER" || p.AccountInfo.Type != "seller" || p.AccountInfo.Name != "Example GmbH" {
		t.Fatalf("profiles = %+v", ps)
	}
	if got.Get("Authorization") != "Bearer Atza|token" || got.Get("Amazon-Advertising-API-ClientId") != "client-1" {
		t.Fatalf("headers = %v", got)
	}
}

func TestProfilesWithARefreshTokenAndAmazonsRefusals(t *testing.T) {
	s := amazontest.Start(t)
	lwa, a := advertisingClient(s)
	tok, err := lwa.ExchangeCode(t.Context(), s.IssueCode(amazontest.DefaultSeller), "https://erp.example.com/advresult")
	if err != nil {
		t.Fatal(err)
	}
	s.FailAdvertisingAPI(429, 503)
	ps, err := a.ProfilesWithRefreshToken(t.Context(), s.URL, tok.RefreshToken)
	if err != nil || len(ps) != 2 || ps[0].CountryCode != "US" {
		t.Fatalf("after 429 and 503: %+v, %v", ps, err)
	}
	if n := len(s.RequestsTo("/v2/profiles")); n != 3 {
		t.Fatalf("profile requests = %d, want 3 (two retries)", n)
	}

	_, err = a.Profiles(t.Context(), s.URL, "Atza|unknown")
	var ae *amazon.AdvertisingError
	if !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized || ae.Code != "UNAUTHORIZED" {
		t.Fatalf("unknown token: %v", err)
	}
	before := len(s.RequestsTo("/v2/profiles"))
	if _, err := a.Profiles(t.Context(), s.URL, "Atza|unknown"); err == nil || len(s.RequestsTo("/v2/profiles")) != before+1 {
		t.Fatal("a 401 must not be retried")
	}

	s.RefuseGrants(true)
	_, err = a.ProfilesWithRefreshToken(context.Background(), s.URL, "Atzr|revoked")
	if !amazon.IsInvalidGrant(err) {
		t.Fatalf("revoked refresh token: %v", err)
	}
}
