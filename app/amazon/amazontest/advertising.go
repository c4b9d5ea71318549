package amazontest

import (
	"net/http"
	"net/url"
	"strings"
)

// The Advertising side of the stand-in: Login with Amazon's consent page (/ap/oa), which sends the advertiser back
// with a code, and the Advertising API's GET /v2/profiles. Codes and tokens are the token endpoint's, so an
// advertiser is just another identity behind the same grants.

// StandInProfile is a profile the stand-in reports, in Amazon's documented shape.
type StandInProfile struct {
	ProfileID    int64  `json:"profileId"`
	CountryCode  string `json:"countryCode"`
	CurrencyCode string `json:"currencyCode"`
	DailyBudget  int64  `json:"dailyBudget"`
	Timezone     string `json:"timezone"`
	AccountInfo  struct {
		MarketplaceStringID string `json:"marketplaceStringId"`
		ID                  string `json:"id"`
		Type                string `json:"type"`
		Name                string `json:"name"`
		ValidPaymentMethod  bool   `json:"validPaymentMethod"`
	} `json:"accountInfo"`
}

// Profile makes a seller's profile in a marketplace the stand-in knows (see countries).
func Profile(profileID int64, marketplaceID, accountName string) StandInProfile {
	p := StandInProfile{ProfileID: profileID, CountryCode: countries[marketplaceID], CurrencyCode: currencies[marketplaceID],
		DailyBudget: 999999999, Timezone: timezones[marketplaceID]}
	p.AccountInfo.MarketplaceStringID = marketplaceID
	p.AccountInfo.ID = DefaultSeller
	p.AccountInfo.Type = "seller"
	p.AccountInfo.Name = accountName
	p.AccountInfo.ValidPaymentMethod = true
	return p
}

var (
	currencies = map[string]string{"ATVPDKIKX0DER": "USD", "A2EUQ1WTGCTBG2": "CAD", "A1AM78C64UM0Y8": "MXN",
		"A1F83G8C2ARO7P": "GBP", "A1PA6795UKMFR9": "EUR", "A13V1IB3VIYZZH": "EUR", "APJ6JRA9NG5V4": "EUR",
		"A1RKKUPIHCS9HS": "EUR", "A1VC38T7YXB528": "JPY", "A39IBJ37TRP1C6": "AUD"}
	timezones = map[string]string{"ATVPDKIKX0DER": "America/Los_Angeles", "A2EUQ1WTGCTBG2": "America/Los_Angeles",
		"A1AM78C64UM0Y8": "America/Los_Angeles", "A1F83G8C2ARO7P": "Europe/London", "A1PA6795UKMFR9": "Europe/Paris",
		"A13V1IB3VIYZZH": "Europe/Paris", "APJ6JRA9NG5V4": "Europe/Paris", "A1RKKUPIHCS9HS": "Europe/Paris",
		"A1VC38T7YXB528": "Asia/Tokyo", "A39IBJ37TRP1C6": "Australia/Sydney"}
)

// defaultProfiles are what the default advertiser (DefaultSeller) reaches: the US and Canada.
func defaultProfiles() []StandInProfile {
	return []StandInProfile{Profile(1100000000000001, "ATVPDKIKX0DER", "Standin Store"),
		Profile(1100000000000002, "A2EUQ1WTGCTBG2", "Standin Store")}
}

// addAdvertising adds the consent page and the profiles operation to the stand-in.
func (s *Server) addAdvertising() {
	s.profiles = map[string][]StandInProfile{DefaultSeller: defaultProfiles()}
	s.Mux.HandleFunc("GET /ap/oa", s.advertisingConsent)
	s.Mux.HandleFunc("GET /v2/profiles", s.advertisingProfiles)
	s.addSponsoredProducts()
}

// SetProfiles makes the advertiser who consents (SetSeller's, DefaultSeller by default) reach these profiles.
func (s *Server) SetProfiles(profiles ...StandInProfile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.profiles[s.consenter] = profiles
}

// FailAdvertisingAPI makes the next Advertising API requests (profiles, lists, reports) answer these HTTP
// statuses, one each.
func (s *Server) FailAdvertisingAPI(statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.advFailures = append(s.advFailures, statuses...)
}

// advertisingConsent is Login with Amazon's consent page after the advertiser allowed access: back to redirect_uri
// with the code and the state, or with error=... when the request is not one Amazon accepts.
func (s *Server) advertisingConsent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || back.Scheme == "" {
		http.Error(w, "redirect_uri is not valid", http.StatusBadRequest)
		return
	}
	params := back.Query()
	params.Set("state", q.Get("state"))
	switch {
	case q.Get("client_id") != ClientID:
		params.Set("error", "unauthorized_client")
	case q.Get("response_type") != "code" || q.Get("scope") != "advertising::campaign_management":
		params.Set("error", "invalid_request")
	default:
		s.mu.Lock()
		advertiser := s.consenter
		s.mu.Unlock()
		params.Set("code", s.IssueCode(advertiser))
		params.Set("scope", q.Get("scope"))
	}
	back.RawQuery = params.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// advertisingProfiles is the Advertising API's GET /v2/profiles.
func (s *Server) advertisingProfiles(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.advFailed(w) {
		return
	}
	advertiser, ok := s.access[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	if !ok || r.Header.Get("Amazon-Advertising-API-ClientId") != ClientID {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"code": "UNAUTHORIZED", "details": "Not authorized to access scope 0"})
		return
	}
	profiles := s.profiles[advertiser]
	if profiles == nil {
		profiles = []StandInProfile{}
	}
	writeJSON(w, http.StatusOK, profiles)
}
