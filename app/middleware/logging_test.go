package middleware

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
)

// A request's line is debug: at the default level (info) the log keeps what an operator acts on, and requests
// show only with SELLERHUB_LOG_LEVEL=debug. A server error is still logged at info.
func TestRequestLogLevels(t *testing.T) {
	serve := func(level slog.Level, path string) string {
		var buf bytes.Buffer
		e := echo.New()
		e.Use(RequestLog(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: level}))))
		e.GET("/ok", func(c *echo.Context) error { return c.String(http.StatusOK, "ok") })
		e.GET("/fail", func(c *echo.Context) error { return errors.New("broken") })
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
		return buf.String()
	}
	if got := serve(slog.LevelInfo, "/ok"); got != "" {
		t.Errorf("at info, a request logged %q", got)
	}
	if got := serve(slog.LevelDebug, "/ok"); !strings.Contains(got, `"level":"DEBUG"`) || !strings.Contains(got, `"path":"/ok"`) {
		t.Errorf("at debug, a request logged %q", got)
	}
	if got := serve(slog.LevelInfo, "/fail"); !strings.Contains(got, `"level":"ERROR"`) || !strings.Contains(got, `"status":500`) {
		t.Errorf("at info, a server error logged %q", got)
	}
}
