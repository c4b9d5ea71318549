package app_test

import (
	"net/http"
	"os"
	"testing"

	"sellerhub/app/apptest"
)

// benchClients is how many clients the load reports run at once.
const benchClients = 50

// benchHarness starts the application for a `make bench` report and returns it with a client that counts bytes
// as sent; without SELLERHUB_BENCH=1 the report is skipped, so `make test` does not run it.
func benchHarness(t *testing.T, opts ...apptest.Option) (*apptest.Harness, *http.Client) {
	t.Helper()
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	return apptest.Start(t, opts...), apptest.WireClient(benchClients)
}
