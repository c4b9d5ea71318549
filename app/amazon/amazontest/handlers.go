package amazontest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
)

// consent is Seller Central's consent page after the seller clicked Confirm: back to redirect_uri with the state,
// the seller's id, an MWS auth token and the authorization code.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("application_id") != AppID || q.Get("state") == "" {
		http.Error(w, "This application is not available (unknown application_id or no state).", http.StatusBadRequest)
		return
	}
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || back.Scheme == "" {
		http.Error(w, "redirect_uri is not valid", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	seller := s.consenter
	s.mu.Unlock()
	params := back.Query()
	params.Set("state", q.Get("state"))
	params.Set("selling_partner_id", seller)
	params.Set("mws_auth_token", "amzn.mws."+random())
	params.Set("spapi_oauth_code", s.IssueCode(seller))
	back.RawQuery = params.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// token is Login with Amazon's token endpoint.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	hold := s.tokenHold
	s.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-r.Context().Done():
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.tokenFailures) > 0 {
		status := s.tokenFailures[0]
		s.tokenFailures = s.tokenFailures[1:]
		fail(w, status)
		return
	}
	f := r.PostForm
	if !s.secretAccepted(f.Get("client_id"), f.Get("client_secret")) {
		tokenError(w, http.StatusUnauthorized, "invalid_client", "Client authentication failed")
		return
	}
	var seller string
	switch f.Get("grant_type") {
	case "authorization_code":
		seller = s.codes[f.Get("code")]
		delete(s.codes, f.Get("code")) // a code works once
	case "refresh_token":
		seller = s.refresh[f.Get("refresh_token")]
	case "client_credentials":
		// A grantless token: for the application itself, with the scope asked.
		if f.Get("scope") == "" {
			tokenError(w, http.StatusBadRequest, "invalid_scope", "The request has an invalid scope parameter")
			return
		}
		access := "Atza|" + random()
		s.rotation.grantless[access] = f.Get("scope")
		s.grantlessClient[access] = f.Get("client_id")
		writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "bearer",
			"expires_in": int(s.AccessTokenLifetime.Seconds())})
		return
	default:
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server")
		return
	}
	if seller == "" || s.invalidGrant {
		tokenError(w, http.StatusBadRequest, "invalid_grant", "The request has an invalid grant parameter : "+f.Get("grant_type"))
		return
	}
	answer := map[string]any{"access_token": "Atza|" + random(), "token_type": "bearer",
		"expires_in": int(s.AccessTokenLifetime.Seconds())}
	s.access[answer["access_token"].(string)] = seller
	if f.Get("grant_type") == "authorization_code" {
		rt := "Atzr|" + random()
		s.refresh[rt] = seller
		answer["refresh_token"] = rt
	}
	writeJSON(w, http.StatusOK, answer)
}

// participations is the Sellers API's getMarketplaceParticipations.
func (s *Server) participations(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.apiFailures) > 0 {
		status := s.apiFailures[0]
		s.apiFailures = s.apiFailures[1:]
		apiError(w, status, "QuotaExceeded", "You exceeded your quota for the requested resource.")
		return
	}
	seller, ok := s.access[r.Header.Get("x-amz-access-token")]
	if !ok {
		apiError(w, http.StatusForbidden, "Unauthorized", "Access to requested resource is denied.")
		return
	}
	payload := []map[string]any{}
	for _, id := range s.sellers[seller] {
		payload = append(payload, map[string]any{
			"marketplace":   map[string]any{"id": id, "countryCode": countries[id], "name": "Amazon." + countries[id], "defaultCurrencyCode": "USD", "defaultLanguageCode": "en_US", "domainName": "www.amazon.example"},
			"participation": map[string]any{"isParticipating": true, "hasSuspendedListings": false},
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"payload": payload})
}

// countries are the stand-in's answer's countryCode per marketplace it knows; Amazon says GB for the UK.
var countries = map[string]string{
	"ATVPDKIKX0DER": "US", "A2EUQ1WTGCTBG2": "CA", "A1AM78C64UM0Y8": "MX", "A1F83G8C2ARO7P": "GB",
	"A1PA6795UKMFR9": "DE", "A13V1IB3VIYZZH": "FR", "APJ6JRA9NG5V4": "IT", "A1RKKUPIHCS9HS": "ES",
	"A1VC38T7YXB528": "JP", "A39IBJ37TRP1C6": "AU",
}

func fail(w http.ResponseWriter, status int) {
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "0")
		tokenError(w, status, "TooManyRequests", "Rate exceeded")
		return
	}
	tokenError(w, status, "server_error", "Internal server error")
}

func tokenError(w http.ResponseWriter, status int, code, description string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": description})
}

func apiError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("x-amzn-RequestId", random())
	writeJSON(w, status, map[string]any{"errors": []map[string]string{{"code": code, "message": message, "details": ""}}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
