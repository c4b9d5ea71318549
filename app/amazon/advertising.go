package amazon

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// AdvertisingScope is what an advertising consent asks for: managing the advertiser's campaigns.
const AdvertisingScope = "advertising::campaign_management"

// AdvertisingConsentHosts are Login with Amazon's consent pages per region for the Advertising API.
var AdvertisingConsentHosts = map[string]string{
	"NA": "https://www.amazon.com/ap/oa",
	"EU": "https://eu.account.amazon.com/ap/oa",
	"FE": "https://apac.account.amazon.com/ap/oa",
}

// AdvertisingTokenURLs are Login with Amazon's token endpoints per region for advertising grants.
var AdvertisingTokenURLs = map[string]string{
	"NA": "https://api.amazon.com/auth/o2/token",
	"EU": "https://api.amazon.co.uk/auth/o2/token",
	"FE": "https://api.amazon.co.jp/auth/o2/token",
}

// AdvertisingConsentURL is the consent link of a region's page: the application's client id, the scope, the
// address Amazon sends the code back to and the signed state.
func AdvertisingConsentURL(page, clientID, redirectURI, state string) string {
	q := url.Values{"client_id": {clientID}, "scope": {AdvertisingScope}, "response_type": {"code"},
		"redirect_uri": {redirectURI}, "state": {state}}
	return page + "?" + q.Encode()
}

// Advertising calls the Amazon Advertising API of one region with an advertiser's refresh token.
type Advertising struct {
	HTTP   *HTTP
	Tokens *AccessTokens
	// ClientID goes in every call's Amazon-Advertising-API-ClientId header.
	ClientID string
}

// Profile is an advertising profile as GET /v2/profiles describes it: an advertiser in one marketplace.
type Profile struct {
	ProfileID    int64  `json:"profileId"`
	CountryCode  string `json:"countryCode"`
	CurrencyCode string `json:"currencyCode"`
	Timezone     string `json:"timezone"`
	AccountInfo  struct {
		MarketplaceStringID string `json:"marketplaceStringId"`
		ID                  string `json:"id"`
		Type                string `json:"type"`
		Name                string `json:"name"`
	} `json:"accountInfo"`
}

// AdvertisingError is an Advertising API refusal: the HTTP status and Amazon's {"code","details"} (newer
// operations say "message").
type AdvertisingError struct {
	Status  int
	Code    string `json:"code"`
	Details string `json:"details"`
	Message string `json:"message"`
}

func (e *AdvertisingError) Error() string {
	detail := e.Details
	if detail == "" {
		detail = e.Message
	}
	return fmt.Sprintf("advertising api: HTTP %d %s: %s", e.Status, e.Code, detail)
}

// Profiles asks GET /v2/profiles at endpoint (the region's Advertising API host) with a live access token.
func (a *Advertising) Profiles(ctx context.Context, endpoint, accessToken string) ([]Profile, error) {
	var out []Profile
	return out, a.get(ctx, endpoint+"/v2/profiles", accessToken, &out)
}

// ProfilesWithRefreshToken is Profiles for a stored authorisation: the access token comes from the cache, which
// refreshes it before it lapses.
func (a *Advertising) ProfilesWithRefreshToken(ctx context.Context, endpoint, refreshToken string) ([]Profile, error) {
	token, err := a.Tokens.Get(ctx, refreshToken)
	if err != nil {
		return nil, err
	}
	return a.Profiles(ctx, endpoint, token)
}

func (a *Advertising) get(ctx context.Context, u, accessToken string, out any) error {
	header := http.Header{"Authorization": {"Bearer " + accessToken}, "Amazon-Advertising-API-ClientId": {a.ClientID},
		"Accept": {"application/json"}}
	res, err := a.HTTP.Do(ctx, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodGet, u, nil, header)
	})
	if err != nil {
		return err
	}
	if res.Status != http.StatusOK {
		ae := &AdvertisingError{}
		_ = json.Unmarshal(res.Body, ae)
		ae.Status = res.Status
		return ae
	}
	if err := json.Unmarshal(res.Body, out); err != nil {
		return fmt.Errorf("advertising api: unreadable answer (HTTP %d, %s bytes)", res.Status, strconv.Itoa(len(res.Body)))
	}
	return nil
}
