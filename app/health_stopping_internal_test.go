package app

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"

	"sellerhub/models/dbtest"
)

// An instance told to stop answers /readyz 503 at once, while it still serves everything else during its drain,
// so the load balancer takes it out before it stops taking connections.
func TestReadinessEndsWhenStopping(t *testing.T) {
	stopping := make(chan struct{})
	h := newHealth(dbtest.Open(t, dbtest.SQLite), nil, slog.New(slog.DiscardHandler))
	h.stopping = stopping
	e := echo.New()
	e.GET("/readyz", h.ready)
	e.GET("/healthz", h.live)
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, body := get("/readyz"); code != 200 || body != "ok" {
		t.Fatalf("before the stop: %d %q", code, body)
	}
	close(stopping)
	if code, body := get("/readyz"); code != 503 || body != "not ready" {
		t.Fatalf("stopping: %d %q", code, body)
	}
	if code, body := get("/healthz"); code != 200 || body != "ok" {
		t.Fatalf("healthz while stopping: %d %q", code, body)
	}
}
