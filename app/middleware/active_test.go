package middleware

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
)

// gatedServer is an application behind Active(n, maxWait) whose one route works until the test lets it go.
type gatedServer struct {
	e       *echo.Echo
	working atomic.Int32 // requests inside the handler now
	most    atomic.Int32 // the most there ever were at once
	entered atomic.Int32
	leave   chan struct{}
}

func newGatedServer(n int, maxWait time.Duration) *gatedServer {
	s := &gatedServer{e: echo.New(), leave: make(chan struct{})}
	s.e.Use(Active(n, maxWait, func(c *echo.Context) bool { return c.Request().URL.Path == "/asset.js" }))
	work := func(c *echo.Context) error {
		s.entered.Add(1)
		now := s.working.Add(1)
		for m := s.most.Load(); now > m && !s.most.CompareAndSwap(m, now); m = s.most.Load() {
		}
		<-s.leave
		s.working.Add(-1)
		return c.String(http.StatusOK, "ok")
	}
	s.e.GET("/work", work)
	s.e.GET("/asset.js", work)
	return s
}

func (s *gatedServer) serve(ctx context.Context, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	s.e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx))
	return rec
}

// waitFor polls a condition the requests reach on their own goroutines, failing after a generous deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

// Ten requests at once behind a gate of two: two work, the others wait and each works once one leaves, so there
// are never more than two at work; a built asset does not wait.
func TestActiveLetsNRequestsWorkAtOnce(t *testing.T) {
	s := newGatedServer(2, time.Hour)
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if rec := s.serve(context.Background(), "/work"); rec.Code != http.StatusOK {
				t.Errorf("answered %d", rec.Code)
			}
		}()
	}
	waitFor(t, "two requests at work", func() bool { return s.working.Load() == 2 })
	// An asset passes the full gate.
	go s.serve(context.Background(), "/asset.js")
	waitFor(t, "the asset at work", func() bool { return s.working.Load() == 3 })
	for range 11 {
		s.leave <- struct{}{}
	}
	wg.Wait()
	if s.entered.Load() != 11 || s.most.Load() != 3 {
		t.Errorf("%d requests worked, at most %d at once; want 11, and 2 at once besides the asset", s.entered.Load(), s.most.Load())
	}
}

// A request whose client leaves while it waits ends without working; one that has waited maxWait works anyway.
func TestActiveWaitEndsWithTheClientOrAfterMaxWait(t *testing.T) {
	s := newGatedServer(1, 50*time.Millisecond)
	go s.serve(context.Background(), "/work")
	waitFor(t, "the first request at work", func() bool { return s.working.Load() == 1 })

	ctx, cancel := context.WithCancel(context.Background())
	gone := make(chan *httptest.ResponseRecorder)
	go func() { gone <- s.serve(ctx, "/work") }()
	cancel()
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("a request whose client left is still at work")
	}
	if s.entered.Load() != 1 {
		t.Fatalf("a request whose client left worked: %d entered", s.entered.Load())
	}

	started := time.Now()
	go s.serve(context.Background(), "/work")
	waitFor(t, "the request past its wait at work", func() bool { return s.working.Load() == 2 })
	if waited := time.Since(started); waited < 50*time.Millisecond {
		t.Errorf("worked after %s, before its wait of 50ms ended while the gate was full", waited)
	}
	s.leave <- struct{}{}
	s.leave <- struct{}{}
	waitFor(t, "both requests done", func() bool { return s.working.Load() == 0 })
}

// A request that pauses without working (core.Idle) gives its turn to the one queued behind it, and takes a turn
// again after its pause: never two at work at once behind a gate of one.
func TestActiveGivesTheTurnUpDuringAnIdlePause(t *testing.T) {
	e := echo.New()
	e.Use(Active(1, time.Hour, func(*echo.Context) bool { return false }))
	var working, most atomic.Int32
	enter := func() {
		now := working.Add(1)
		for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
		}
	}
	paused, resume, second, secondDone := make(chan struct{}), make(chan struct{}), make(chan struct{}), make(chan struct{})
	e.GET("/pausing", func(c *echo.Context) error {
		enter()
		core.Idle(c.Request().Context(), func() {
			working.Add(-1)
			close(paused)
			<-resume
		})
		enter()
		working.Add(-1)
		return c.String(http.StatusOK, "ok")
	})
	e.GET("/working", func(c *echo.Context) error {
		enter()
		close(second)
		<-secondDone
		working.Add(-1)
		return c.String(http.StatusOK, "ok")
	})
	serve := func(path string, done chan<- int) {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		done <- rec.Code
	}
	first, next := make(chan int, 1), make(chan int, 1)
	go serve("/pausing", first)
	<-paused
	go serve("/working", next)
	select {
	case <-second:
	case <-time.After(10 * time.Second):
		t.Fatal("the queued request did not work while the first paused")
	}
	close(resume) // the first wants its turn back while the second still works
	close(secondDone)
	if a, b := <-first, <-next; a != http.StatusOK || b != http.StatusOK || most.Load() != 1 {
		t.Errorf("answers %d and %d, at most %d at work at once; want 200, 200 and 1", a, b, most.Load())
	}
}
