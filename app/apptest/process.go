package apptest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// Binary is the product's command for tests that run it as a process: SELLERHUB_BIN when set (make bench builds
// it), else built once per test process from the module's root.
func Binary(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("SELLERHUB_BIN"); bin != "" {
		return bin
	}
	built.Do(func() {
		dir, err := os.MkdirTemp("", "sellerhub-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "sellerhub")
		_, here, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(here), "..", "..")
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", built.path, ".")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

var built struct {
	sync.Once
	path string
	err  error
}

// Process is one `sellerhub serve` instance run by a test.
type Process struct {
	env  []string
	Name string
	URL  string
	Out  *SyncBuffer
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// StartProcess runs `sellerhub serve` with env (SELLERHUB_* settings; the test's own SELLERHUB_* are not passed)
// on a free loopback port, and returns once its /readyz answers 200. It is killed when the test ends, if still
// running.
func StartProcess(t testing.TB, name string, env ...string) *Process {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := &Process{env: env, Name: name, URL: "http://" + addr, Out: &SyncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(Binary(t), "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SELLERHUB_") {
			p.cmd.Env = append(p.cmd.Env, kv)
		}
	}
	p.cmd.Env = append(p.cmd.Env, "SELLERHUB_ADDR="+addr)
	p.cmd.Env = append(p.cmd.Env, env...)
	p.cmd.Stdout, p.cmd.Stderr = p.Out, p.Out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for !p.Ready() {
		select {
		case <-p.done:
			t.Fatalf("%s exited before it was ready: %v\n%s", name, p.err, p.Out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready within 2 minutes\n%s", name, p.Out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return p
}

// Env is the settings the process was started with, to start another like it.
func (p *Process) Env() []string { return p.env }

// Ready tells whether the instance's /readyz answers 200.
func (p *Process) Ready() bool {
	resp, err := probe.Get(p.URL + "/readyz")
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

var probe = &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

// Stop sends sig (SIGTERM: a rolling restart's stop; SIGKILL: a crash) and returns the exit's error once it has
// exited, or an error when it has not within wait.
func (p *Process) Stop(sig syscall.Signal, wait time.Duration) error {
	if err := p.cmd.Process.Signal(sig); err != nil {
		return err
	}
	select {
	case <-p.done:
		return p.err
	case <-time.After(wait):
		return errors.New(p.Name + " still running")
	}
}

// Exited tells whether the process has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// RoundRobin is a small load balancer in front of instances: each request goes to the next instance whose last
// /readyz check (every 100 ms) answered 200; a request whose connection an instance refuses goes to the next (as
// nginx's proxy_next_upstream error does). Bodies are read whole first, so a retry sends them again.
type RoundRobin struct {
	URL      string
	backends []*backend
	next     atomic.Uint64
	client   *http.Client
	// Refused counts the requests no instance would take (answered 502).
	Refused atomic.Int64
}

type backend struct {
	p     *Process
	ready atomic.Bool
}

// StartRoundRobin serves the balancer on a loopback port until the test ends.
func StartRoundRobin(t testing.TB, instances ...*Process) *RoundRobin {
	t.Helper()
	rr := &RoundRobin{client: &http.Client{
		Transport:     &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 0},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	for _, p := range instances {
		b := &backend{p: p}
		b.ready.Store(p.Ready())
		rr.backends = append(rr.backends, b)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: rr}
	go func() { _ = srv.Serve(ln) }()
	ctx, cancel := context.WithCancel(context.Background())
	go rr.check(ctx)
	t.Cleanup(func() {
		cancel()
		_ = srv.Close()
	})
	rr.URL = "http://" + ln.Addr().String()
	return rr
}

func (rr *RoundRobin) check(ctx context.Context) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, b := range rr.backends {
			b.ready.Store(!b.p.Exited() && b.p.Ready())
		}
	}
}

func (rr *RoundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	n := len(rr.backends)
	start := int(rr.next.Add(1))
	for i := range n {
		b := rr.backends[(start+i)%n]
		if !b.ready.Load() {
			continue
		}
		out, _ := http.NewRequestWithContext(r.Context(), r.Method, b.p.URL+r.URL.RequestURI(), bytes.NewReader(body))
		out.Header = r.Header.Clone()
		out.Header.Set("X-Forwarded-For", "127.0.0.1")
		resp, err := rr.client.Do(out)
		if err != nil {
			// Out of rotation at its first failure, as a balancer's passive checks take it (nginx's max_fails=1):
			// only the requests it already had may fail, not the ones its pooled connections would take next.
			b.ready.Store(false)
			var op *net.OpError
			if errors.As(err, &op) && op.Op == "dial" {
				continue // refused: the next instance takes it
			}
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
		resp.Body.Close()
		return
	}
	rr.Refused.Add(1)
	http.Error(w, "no instance ready", http.StatusBadGateway)
}
