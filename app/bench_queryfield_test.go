package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
)

// TestLoadReportQueryFields prints, for `make bench`, the latency of loadfield (asked on every list page load;
// target p99 < 30 ms) at 50 concurrent clients, for a user with a version in use among 20 saved layouts of that
// list and 20 of each other list. It measures and never fails on a slow machine.
func TestLoadReportQueryFields(t *testing.T) {
	h, client := benchHarness(t)
	const clients = benchClients
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	for _, list := range []string{"roleList", "dictList", "subUserList", "localProductList"} {
		for i := range 20 {
			apptest.ExpectOK(t, admin.Call(http.MethodPost, "/admin/api/v1/sysQueryField/saveMyVersionFieldWithName",
				map[string]any{"queryname": list, "versionname": fmt.Sprintf("版本%d", i),
					"fieldlist": []map[string]any{{"ffield": "createdAt", "findex": 0, "isshow": true}}}))
		}
	}

	load := func() bool {
		req, _ := http.NewRequest(http.MethodGet, h.URL+"/admin/api/v1/sysQueryField/loadfield?queryname=dictList", nil)
		req.Header.Set("jsessionid", admin.Token)
		resp, err := client.Do(req)
		if err != nil {
			return false
		}
		var env struct{ Code string }
		_ = json.NewDecoder(resp.Body).Decode(&env)
		resp.Body.Close()
		return env.Code == "201"
	}
	load()
	r := apptest.Load(clients, 20000, 60*time.Second, load)
	fmt.Printf("== GET sysQueryField/loadfield, a version in use among 80 saved, %d concurrent clients (target: p99 < 30 ms)\n   %s\n",
		clients, r)
	benchLatency(t, "GET sysQueryField/loadfield, 80 saved versions, 50 clients", r, 30*time.Millisecond)
}
