package purchase_test

import (
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

// dumpErrors logs the server's error lines when the test fails, so a 500 says why.
func dumpErrors(t *testing.T, h *apptest.Harness) {
	t.Cleanup(func() {
		if t.Failed() {
			for _, l := range strings.Split(h.Log.String(), "\n") {
				if strings.Contains(l, "ERROR") {
					t.Log(l)
				}
			}
		}
	})
}
