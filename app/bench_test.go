package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
)

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
	fmt.Printf("== GET /login at %d concurrent clients on loopback\n   %s\n", clients, apptest.Load(clients, 20000, 60*time.Second, get))

	body, _ := json.Marshal(map[string]string{"account": apptest.AdminAccount, "password": apptest.AdminPassword})
	login := func() bool {
		resp, err := client.Post(h.URL+"/admin/api/v1/auth/login", "application/json", bytes.NewReader(body))
		if err != nil {
			return false
		}
		var env struct{ Code string }
		_ = json.NewDecoder(resp.Body).Decode(&env)
		resp.Body.Close()
		return env.Code == "201"
	}
	fmt.Printf("== POST /admin/api/v1/auth/login at %d concurrent clients (bcrypt cost 10 per request; each login ends the previous session)\n   %s\n",
		clients, apptest.Load(clients, 1000, 60*time.Second, login))
}
