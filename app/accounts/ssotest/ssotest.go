// Package ssotest is a local stand-in for the single-sign-on server in tests. Its login address does what the
// real server does for a browser sent there with a state: it signs the user in at the product (the real server
// shares the product's sessions; the stand-in signs in through auth/login), trades that session for a one-time
// code bound to the state (auth/ssohandover) and sends the browser back to /ssologin with the code and the state.
// The README's "Single sign-on" section is the protocol.
package ssotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// Server is the stand-in. Set App to the product's address, and Account and Password to whom it signs in, before
// a browser comes.
type Server struct {
	URL               string
	App               string
	Account, Password string
}

// Start runs a stand-in until the test ends.
func Start(t testing.TB) *Server {
	s := &Server{}
	srv := httptest.NewServer(http.HandlerFunc(s.login))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// LoginURL is the server's login address: SELLERHUB_SSO_URL.
func (s *Server) LoginURL() string { return s.URL + "/login" }

// login answers the product's probe (no state) with its page, and a browser with a state with the way back.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/login" {
		http.NotFound(w, r)
		return
	}
	state := r.URL.Query().Get("state")
	if state == "" {
		fmt.Fprintln(w, "SSO stand-in")
		return
	}
	session, err := s.call("/admin/api/v1/auth/login", "", map[string]string{"account": s.Account, "password": s.Password})
	if err != nil {
		http.Error(w, "sign-in at the product: "+err.Error(), http.StatusBadGateway)
		return
	}
	var login struct {
		Session string `json:"session"`
	}
	if err := json.Unmarshal(session, &login); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	raw, err := s.call("/admin/api/v1/auth/ssohandover", login.Session, map[string]string{"state": state})
	if err != nil {
		http.Error(w, "hand-over: "+err.Error(), http.StatusBadGateway)
		return
	}
	var code string
	if err := json.Unmarshal(raw, &code); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	back := url.Values{"code": {code}, "state": {state}}
	if redirect := r.URL.Query().Get("redirect"); redirect != "" {
		back.Set("redirect", redirect)
	}
	http.Redirect(w, r, s.App+"/ssologin?"+back.Encode(), http.StatusFound)
}

// call posts JSON to the product, with a session id when given, and answers the envelope's data.
func (s *Server) call(path, session string, body any) (json.RawMessage, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, s.App+path, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if session != "" {
		req.Header.Set("jsessionid", session)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var env struct {
		Code string          `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return nil, err
	}
	if env.Code != "201" {
		return nil, fmt.Errorf("%s %s", env.Code, env.Msg)
	}
	return env.Data, nil
}
