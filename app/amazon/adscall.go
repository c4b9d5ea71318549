package amazon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// adsCall is one Advertising API call in a profile's scope (the Amazon-Advertising-API-Scope header): the access
// token of the refresh token from the cache; a 401 (the token ended early, or was revoked and refreshed since)
// drops the cached token and tries once more with a new one. 429 and 5xx are retried by HTTP, honouring
// Retry-After, as for the Selling Partner API. mediaType is the operation's versioned JSON type, sent as both
// Content-Type and Accept (Sponsored Products v3 answers 415 to plain application/json).
func (a *Advertising) adsCall(ctx context.Context, method, u, refreshToken string, profileID int64, mediaType string,
	body any, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		token, err := a.Tokens.Get(ctx, refreshToken)
		if err != nil {
			return err
		}
		header := http.Header{"Authorization": {"Bearer " + token}, "Amazon-Advertising-API-ClientId": {a.ClientID},
			"Amazon-Advertising-API-Scope": {strconv.FormatInt(profileID, 10)}, "Accept": {mediaType}}
		if payload != nil {
			header.Set("Content-Type", mediaType)
		}
		res, err := a.HTTP.Do(ctx, func(ctx context.Context) (*http.Request, error) {
			return newRequest(ctx, method, u, payload, header)
		})
		if err != nil {
			return err
		}
		if res.Status == http.StatusUnauthorized && attempt == 0 {
			a.Tokens.Forget(refreshToken)
			continue
		}
		if res.Status < 200 || res.Status > 299 {
			ae := &AdvertisingError{}
			_ = json.Unmarshal(res.Body, ae)
			ae.Status = res.Status
			return ae
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(res.Body, out); err != nil {
			return fmt.Errorf("advertising api: unreadable answer of %s (HTTP %d, %d bytes)", u, res.Status, len(res.Body))
		}
		return nil
	}
}

// IsAdvertisingStatus tells an Advertising API refusal of the given HTTP status.
func IsAdvertisingStatus(err error, status int) bool {
	var ae *AdvertisingError
	return errors.As(err, &ae) && ae.Status == status
}
