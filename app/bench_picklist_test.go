package app_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// pickListClients is how many clients print pick lists at once in the report: a warehouse's morning, not the
// whole company.
const pickListClients = 20

// TestLoadReportPickList prints, for `make bench`, what /orderblank costs with a 300-item shipment: its bytes on
// the wire without the product pictures (gzip; target at most 60 KB), and the server's time to render it (p50,
// p99) at 20 concurrent clients, on SQLite (the product's default) and PostgreSQL.
func TestLoadReportPickList(t *testing.T) {
	for _, kind := range []string{dbtest.SQLite, dbtest.Postgres} {
		h, client := benchHarness(t, apptest.WithDatabase(kind))
		admin := h.Client()
		apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
		owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fixtures.PickingShipment(context.Background(), h.DB, owner.CompanyID, "FBA15BENCH01", 300); err != nil {
			t.Fatal(err)
		}
		const path = "/orderblank?shipmentid=FBA15BENCH01"
		cookie := "jsessionid=" + admin.Token
		w, err := apptest.PageWeight(client, h.URL, path, cookie)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("== %s with 300 items on %s, first visit, gzip, without the product pictures (target: at most 60 KB)\n", path, kind)
		for _, r := range w.Resources {
			fmt.Printf("   %-45s body %6d B  headers %4d B\n", r.URL, r.Body, r.Headers)
		}
		fmt.Printf("   total %d B (%.1f KB)\n", w.Total(), float64(w.Total())/1024)
		benchWeight(t, "/orderblank, 300 items, without pictures, "+kind, w.Total(), 60)

		get := func() bool {
			req, _ := http.NewRequest(http.MethodGet, h.URL+path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			req.Header.Set("Cookie", cookie)
			resp, err := client.Do(req)
			if err != nil {
				return false
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		}
		apptest.Load(pickListClients, 100, 30*time.Second, get) // warm up the pool at full concurrency
		r := apptest.Load(pickListClients, 2000, 60*time.Second, get)
		fmt.Printf("== GET %s (300 items) on %s at %d concurrent clients on loopback\n   %s\n", path, kind, pickListClients, r)
		benchLatency(t, fmt.Sprintf("GET /orderblank, 300 items, %s, %d clients", kind, pickListClients), r, 0)
	}
}
