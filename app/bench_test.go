package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"sellerhub/app/accounts"
	"sellerhub/app/apptest"
	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
)

// bareLogin measures the reference for /login: a bare net/http server that answers every request with the
// bytes /login sends (gzipped once, held in memory) and its headers, loaded exactly as /login is, in the same
// run. What the product does beyond that is the gap.
func bareLogin(t *testing.T, client *http.Client, base string) apptest.LoadResult {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/login", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	header := resp.Header.Clone()
	header.Del("Date")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		maps.Copy(w.Header(), header)
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	get := func() bool {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/login", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	get()
	return apptest.Load(benchClients, 20000, 60*time.Second, get)
}

// TestLoadReport prints the figures `make bench` reports. It measures; it does not judge, so it never fails
// on a slow machine. Run with SELLERHUB_BENCH=1.
func TestLoadReport(t *testing.T) {
	h, client := benchHarness(t)
	const clients = benchClients

	w, err := apptest.PageWeight(client, h.URL, "/login", "")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("== /login, first visit, gzip, as a browser loads it (target: at most 20 KB in total, no script needed)")
	for _, r := range w.Resources {
		fmt.Printf("   %-40s body %6d B  headers %4d B\n", r.URL, r.Body, r.Headers)
	}
	fmt.Printf("   total %d B (%.1f KB)\n", w.Total(), float64(w.Total())/1024)
	benchWeight(t, "/login first visit, gzip", w.Total(), 20)

	get := func() bool {
		req, _ := http.NewRequest(http.MethodGet, h.URL+"/login", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	get() // warm up
	app := apptest.Load(clients, 20000, 60*time.Second, get)
	fmt.Printf("== GET /login at %d concurrent clients on loopback\n   %s\n", clients, app)
	bare := bareLogin(t, client, h.URL)
	ratio := app.PerSecond / bare.PerSecond
	fmt.Printf("   a bare Go server sending the same bytes, gzipped once, from memory, same run: %s\n", bare)
	fmt.Printf("   /login at %.2f× the bare server (goal: at least 0.5×)  [%s]\n", ratio, goalMark(ratio >= 0.5))
	benchLatency(t, "GET /login, 50 clients", app, 0)
	benchLatency(t, "GET /login's bytes from a bare Go server (reference, same run)", bare, 0)
	benchFigure(t, "GET /login req/s against the bare server", fmt.Sprintf("%.2f×", ratio), ">= 0.5×", ratio >= 0.5)

	// The harness hashes its own accounts at bcrypt's lowest cost (apptest's fixtureHash); sign-in is measured with
	// the product's.
	owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := accounts.HashPassword(apptest.AdminPassword)
	if err == nil {
		err = accountsdb.SetPassword(h.DB, owner.ID, hash)
	}
	if err != nil {
		t.Fatal(err)
	}
	cost, _ := bcrypt.Cost([]byte(hash))
	body, _ := json.Marshal(map[string]string{"account": apptest.AdminAccount, "password": apptest.AdminPassword})
	var guarded atomic.Int64
	login := func() bool {
		resp, err := client.Post(h.URL+"/admin/api/v1/auth/login", "application/json", bytes.NewReader(body))
		if err != nil {
			return false
		}
		var env struct{ Code, Msg string }
		_ = json.NewDecoder(resp.Body).Decode(&env)
		resp.Body.Close()
		if env.Msg == core.MsgTooManyLogins {
			guarded.Add(1)
		}
		return env.Code == "201"
	}
	signIn := apptest.Load(clients, 1000, 60*time.Second, login)
	fmt.Printf("== POST /admin/api/v1/auth/login at %d concurrent clients, one account from one address (bcrypt cost %d per "+
		"request; each login ends the previous session; %d refused by the login guard, which counts a check under way as "+
		"a failure until it succeeds)\n   %s\n", clients, cost, guarded.Load(), signIn)
	benchLatency(t, fmt.Sprintf("POST auth/login (bcrypt cost %d), 50 clients, %d refused by the login guard", cost, guarded.Load()), signIn, 0)
}
