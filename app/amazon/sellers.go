package amazon

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// SellingPartner calls the Selling Partner API of one region with a seller's refresh token.
type SellingPartner struct {
	HTTP   *HTTP
	Tokens *AccessTokens
	// Limits are the rate limits' buckets; nil shares the process's.
	Limits *RateLimits
}

// Participation is one marketplace a seller takes part in, as the Sellers API reports it.
type Participation struct {
	Marketplace struct {
		ID                  string `json:"id"`
		CountryCode         string `json:"countryCode"`
		Name                string `json:"name"`
		DefaultCurrencyCode string `json:"defaultCurrencyCode"`
		DefaultLanguageCode string `json:"defaultLanguageCode"`
		DomainName          string `json:"domainName"`
	} `json:"marketplace"`
	Participation struct {
		IsParticipating      bool `json:"isParticipating"`
		HasSuspendedListings bool `json:"hasSuspendedListings"`
	} `json:"participation"`
}

// APIError is a Selling Partner API refusal: the HTTP status and Amazon's {errors:[{code,message,details}]}.
type APIError struct {
	Status int
	Errors []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Details string `json:"details"`
	} `json:"errors"`
}

func (e *APIError) Error() string {
	parts := make([]string, 0, len(e.Errors))
	for _, x := range e.Errors {
		parts = append(parts, x.Code+": "+x.Message)
	}
	return fmt.Sprintf("selling partner api: HTTP %d %s", e.Status, strings.Join(parts, "; "))
}

// MarketplaceParticipations asks GET /sellers/v1/marketplaceParticipations at endpoint (the region's API host).
func (s *SellingPartner) MarketplaceParticipations(ctx context.Context, endpoint, refreshToken string) ([]Participation, error) {
	var out struct {
		Payload []Participation `json:"payload"`
	}
	err := s.call(ctx, "getMarketplaceParticipations", http.MethodGet, endpoint+"/sellers/v1/marketplaceParticipations", refreshToken, nil, &out)
	if err != nil {
		return nil, err
	}
	return out.Payload, nil
}

// call sends one operation with the seller's access token in x-amz-access-token, after its rate limit's token,
// and decodes the JSON answer into into. body, when not nil, is sent as JSON (POST operations).
func (s *SellingPartner) call(ctx context.Context, operation, method, url, refreshToken string, body, into any) error {
	access, err := s.Tokens.Get(ctx, refreshToken)
	if err != nil {
		return err
	}
	header := http.Header{"X-Amz-Access-Token": {access}, "Accept": {"application/json"}, "User-Agent": {"sellerhub/1.0 (Language=Go)"}}
	var payload []byte
	if body != nil {
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
		header.Set("Content-Type", "application/json")
	}
	limits := s.limits()
	res, err := s.HTTP.do(ctx, func(ctx context.Context) (*http.Request, error) {
		if err := limits.wait(ctx, refreshToken, operation); err != nil {
			return nil, err
		}
		return newRequest(ctx, method, url, payload, header)
	}, func(res *http.Response) { limits.learn(refreshToken, operation, res) })
	if err != nil {
		return err
	}
	if res.Status < 200 || res.Status > 299 {
		if res.Status == http.StatusForbidden || res.Status == http.StatusUnauthorized {
			s.Tokens.Forget(refreshToken)
		}
		return apiErrorOf(res)
	}
	if err := json.Unmarshal(res.Body, into); err != nil {
		return fmt.Errorf("selling partner api: %s: unreadable answer: %w", operation, err)
	}
	return nil
}

// apiErrorOf reads Amazon's {errors:[…]} refusal.
func apiErrorOf(res *Response) *APIError {
	ae := &APIError{}
	_ = json.Unmarshal(res.Body, ae)
	ae.Status = res.Status
	return ae
}

func (s *SellingPartner) limits() *RateLimits {
	if s.Limits != nil {
		return s.Limits
	}
	return processLimits
}
