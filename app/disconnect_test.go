package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// TestAClientThatLeavesIsNotAServerError has a client give up on a request while its handler works: the handler
// (a stand-in, so that it is still working when the client leaves) then queries the database with the request's
// context, which fails with the cancellation. That is the client's doing: the request is logged as 499 at WARN,
// with no ERROR line and no attempt to answer.
func TestAClientThatLeavesIsNotAServerError(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			const path = "/admin/api/v1/test/slow"
			working := make(chan struct{})
			var h *apptest.Harness
			h = apptest.Start(t, apptest.WithDatabase(kind), apptest.WithRoutes(func(e *echo.Echo) {
				e.GET(path, func(c *echo.Context) error {
					close(working)
					ctx := c.Request().Context()
					<-ctx.Done()
					var one int
					return h.DB.WithContext(ctx).Raw("SELECT 1").Scan(&one).Error
				})
			}))

			ctx, leave := context.WithCancel(context.Background())
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			gone := make(chan error, 1)
			go func() {
				resp, err := http.DefaultClient.Do(req)
				if err == nil {
					resp.Body.Close()
				}
				gone <- err
			}()
			select {
			case <-working:
			case err := <-gone:
				t.Fatalf("the request ended before its handler ran: %v", err)
			case <-time.After(10 * time.Second):
				t.Fatal("the handler never ran")
			}
			leave()
			if err := <-gone; err == nil {
				t.Fatal("the client that left got an answer")
			}

			line := h.Log.WaitFor(t, `"path":"`+path+`","status"`, 10*time.Second)
			if !strings.Contains(line, `"level":"WARN"`) || !strings.Contains(line, `"status":499`) || !strings.Contains(line, "context canceled") {
				t.Fatalf("the request's line: %s", line)
			}
			log := h.Log.String()
			if strings.Contains(log, `"level":"ERROR"`) || strings.Contains(log, "write error answer") {
				t.Fatalf("a client leaving was logged as an error:\n%s", log)
			}
		})
	}
}
