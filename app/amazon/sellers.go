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
	if err := s.get(ctx, endpoint+"/sellers/v1/marketplaceParticipations", refreshToken, &out); err != nil {
		return nil, err
	}
	return out.Payload, nil
}

// get calls one operation with the seller's access token in x-amz-access-token and decodes the JSON answer.
func (s *SellingPartner) get(ctx context.Context, url, refreshToken string, into any) error {
	access, err := s.Tokens.Get(ctx, refreshToken)
	if err != nil {
		return err
	}
	header := http.Header{"X-Amz-Access-Token": {access}, "Accept": {"application/json"}, "User-Agent": {"sellerhub/1.0 (Language=Go)"}}
	res, err := s.HTTP.Do(ctx, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodGet, url, nil, header)
	})
	if err != nil {
		return err
	}
	if res.Status != http.StatusOK {
		if res.Status == http.StatusForbidden || res.Status == http.StatusUnauthorized {
			s.Tokens.Forget(refreshToken)
		}
		ae := &APIError{}
		_ = json.Unmarshal(res.Body, ae)
		ae.Status = res.Status
		return ae
	}
	if err := json.Unmarshal(res.Body, into); err != nil {
		return fmt.Errorf("selling partner api: unreadable answer: %w", err)
	}
	return nil
}
