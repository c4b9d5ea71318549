package amazon

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
)

// RotationScope is the grantless scope of the Application Management API's rotateApplicationClientSecret.
const RotationScope = "sellingpartnerapi::client_credential:rotation"

// Grantless gets an access token for the application itself (grant_type=client_credentials) with scope, for the
// operations no seller authorises.
func (l *LWA) Grantless(ctx context.Context, scope string) (*Token, error) {
	return l.token(ctx, url.Values{"grant_type": {"client_credentials"}, "scope": {scope}})
}

// RotateClientSecret asks Amazon for a new client secret of lwa's application
// (POST /applications/2023-11-30/clientSecret at endpoint, the region's API host). Amazon answers 204 and sends the
// new secret to the SQS queue registered for APPLICATION_OAUTH_CLIENT_NEW_SECRET; the old secret keeps working
// until the notification's oldClientSecretExpiryTime. At most one call a minute (rate 0.0167/s).
func RotateClientSecret(ctx context.Context, lwa *LWA, endpoint string) error {
	token, err := lwa.Grantless(ctx, RotationScope)
	if err != nil {
		return err
	}
	header := http.Header{"X-Amz-Access-Token": {token.AccessToken}, "Accept": {"application/json"},
		"User-Agent": {"sellerhub/1.0 (Language=Go)"}}
	res, err := lwa.HTTP.Do(ctx, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodPost, strings.TrimRight(endpoint, "/")+"/applications/2023-11-30/clientSecret", nil, header)
	})
	if err != nil {
		return err
	}
	if res.Status < 200 || res.Status > 299 {
		return apiErrorOf(res)
	}
	return nil
}

// IsNotEnrolled tells Amazon's 400 for an application without a queue registered for the new-secret
// notification ("Application is not enrolled for rotation notification…"): nothing was rotated.
func IsNotEnrolled(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest {
		return false
	}
	for _, e := range ae.Errors {
		if strings.Contains(strings.ToLower(e.Message), "not enrolled") {
			return true
		}
	}
	return false
}
