package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/app"
	"sellerhub/app/jobs"
	"sellerhub/config"
)

// A rolling restart's stop: during the drain the server still answers (the load balancer is taking it out on
// /readyz's 503); then it takes no new connections, finishes the request in flight and waits for the running job,
// and returns once both are done, within the grace.
func TestDrainFinishesRequestsAndJobs(t *testing.T) {
	release, arrived := make(chan struct{}), make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-release
		_, _ = io.WriteString(w, "done")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(ln) }()
	base := "http://" + ln.Addr().String()
	fresh := func() *http.Client { return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}} }

	slow := make(chan string, 1)
	go func() {
		resp, err := fresh().Get(base + "/slow")
		if err != nil {
			slow <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		slow <- string(b)
	}()
	<-arrived // the slow request is in flight before the stop

	var jobDone atomic.Bool
	stopJobs := func(ctx context.Context) error {
		// A running job's current step takes a while, and ends well within the grace.
		select {
		case <-time.After(300 * time.Millisecond):
			jobDone.Store(true)
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	cfg := &config.Config{DrainWait: 500 * time.Millisecond, ShutdownGrace: 10 * time.Second}
	drained := make(chan error, 1)
	began := time.Now()
	go func() { drained <- drain(cfg, slog.New(slog.DiscardHandler), srv, stopJobs) }()

	// During the drain: still answering.
	resp, err := fresh().Get(base + "/")
	if err != nil || resp.StatusCode != 200 || time.Since(began) > cfg.DrainWait {
		t.Fatalf("during the drain: %v %v after %v", resp, err, time.Since(began))
	}
	resp.Body.Close()
	// After it: no new connections, while the slow request still holds the stop.
	waitFor(t, "new connections refused", func() bool {
		conn, err := net.DialTimeout("tcp", ln.Addr().String(), 100*time.Millisecond)
		if err == nil {
			conn.Close()
		}
		return err != nil
	})
	select {
	case err := <-drained:
		t.Fatalf("stopped with a request in flight: %v", err)
	default:
	}
	close(release)
	if got := <-slow; got != "done" {
		t.Fatalf("the request in flight got %q", got)
	}
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	if !jobDone.Load() {
		t.Fatal("stopped before the running job finished")
	}
}

// A request that outlasts the grace does not hold the stop for ever: the drain returns, saying so.
func TestDrainGivesUpAtTheGrace(t *testing.T) {
	release, arrived := make(chan struct{}), make(chan struct{})
	defer close(release)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-release
	})}
	go func() { _ = srv.Serve(ln) }()
	base := "http://" + ln.Addr().String()
	go func() { _, _ = http.Get(base + "/slow") }()
	<-arrived
	cfg := &config.Config{DrainWait: 0, ShutdownGrace: 300 * time.Millisecond}
	began := time.Now()
	err = drain(cfg, slog.New(slog.DiscardHandler), srv, func(context.Context) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(began) > 3*time.Second {
		t.Fatalf("drain: %v after %v", err, time.Since(began))
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 5 s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// SELLERHUB_METRICS_ADDR serves the metrics without a token on a listener of its own (a worker instance has no
// other), and nothing else; it closes when the instance stops.
func TestMetricsListener(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	m := app.NewMetrics()
	m.JobAttempt("datasync", jobs.Failed, time.Second)
	addr, err := serveMetrics(ctx, "127.0.0.1:0", m, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr.String()
	get := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/metrics"); code != 200 || !strings.Contains(body, `sellerhub_job_attempts_total{kind="datasync",outcome="failed"} 1`) {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	if code, _ := get("/readyz"); code != http.StatusNotFound {
		t.Fatalf("/readyz on the metrics listener: %d", code)
	}
	cancel()
	waitFor(t, "the listener closed", func() bool {
		conn, err := net.DialTimeout("tcp", addr.String(), 100*time.Millisecond)
		if err == nil {
			conn.Close()
		}
		return err != nil
	})
}
