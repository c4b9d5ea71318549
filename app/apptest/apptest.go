// Package apptest starts the real application for HTTP tests: the same middleware, routes and service as
// production, on a fresh in-memory SQLite database (or PostgreSQL), with a recording code sender and a
// clock tests can move.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alexedwards/scs/goredisstore"
	"github.com/alexedwards/scs/v2"
	"github.com/labstack/echo/v5"
	"github.com/redis/go-redis/v9"

	"sellerhub/app"
	"sellerhub/app/accounts"
	"sellerhub/app/accounts/ssotest"
	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
	"sellerhub/static"
)

// Admin credentials of the seeded demo company.
const (
	AdminAccount  = "admin@sellerhub.local"
	AdminPassword = "Admin#2026pass"
)

// Harness is one running application.
type Harness struct {
	T        testing.TB
	URL      string
	DB       *models.DB
	Svc      app.Services
	Sessions *scs.SessionManager
	Config   *config.Config
	Codes    *CodeBox
	Clock    *Clock
	Log      *SyncBuffer
	// Routes are every route the application registered, and Access what each declares about its callers.
	Routes echo.Routes
	Access app.RouteAccess
	// SSO is the single-sign-on stand-in (WithSSO), signing in the admin; nil without.
	SSO *ssotest.Server
	// Jobs is the application's job queue. Its workers do not run unless the test calls StartWorkers: jobs
	// queued by a request wait in the database, where a test can look at them.
	Jobs *jobs.Queue
	// Metrics are the application's (/metrics), counting its workers' attempts too.
	Metrics *app.Metrics
	// Invalidations broadcast dropped caches to the other harnesses on the same database (SharingDatabaseWith).
	Invalidations *core.Invalidations
}

// Option changes how the harness starts.
type Option func(*options)

type options struct {
	dbKind    string
	redis     bool
	onClock   bool
	configure func(*config.Config)
	sender    accounts.CodeSender
	routes    func(*echo.Echo)
	sso       bool
	shared    *Harness
}

// WithDatabase runs on a database kind of dbtest (sqlite, postgres).
func WithDatabase(kind string) Option { return func(o *options) { o.dbKind = kind } }

// WithRedisSessions keeps sessions in Redis at 127.0.0.1:6379 (SELLERHUB_TEST_REDIS_URL), and broadcasts
// invalidations and counts the sign-in limits through it, as SELLERHUB_REDIS_URL does.
func WithRedisSessions() Option { return func(o *options) { o.redis = true } }

// SharingDatabaseWith runs a second instance on other's database (same handle, sessions and data), with its own
// services, caches and broadcast connection: what a second server behind a load balancer has of its own.
func SharingDatabaseWith(other *Harness) Option { return func(o *options) { o.shared = other } }

// WithSessionsOnClock makes sessions expire when the harness's Clock passes their idle expiry, so that a test
// leaves a session idle by moving the Clock instead of waiting (scs computes expiries from time.Now, which no test
// can move). Not the default: tests that move the Clock by days to age other rows keep their sessions.
func WithSessionsOnClock() Option { return func(o *options) { o.onClock = true } }

// WithConfig adjusts the configuration before the application is built.
func WithConfig(fn func(*config.Config)) Option { return func(o *options) { o.configure = fn } }

// WithSSO configures the product with a single-sign-on stand-in (Harness.SSO) that signs the admin in.
func WithSSO() Option { return func(o *options) { o.sso = true } }

// WithSender replaces the recording sender (the CodeBox still records what is sent through it).
func WithSender(s accounts.CodeSender) Option { return func(o *options) { o.sender = s } }

// WithRoutes adds routes of the test's own to the application, behind the same middleware and error handler as
// every route: stand-ins for handlers that behave in ways no real one can be made to on cue.
func WithRoutes(add func(*echo.Echo)) Option { return func(o *options) { o.routes = add } }

// Start builds and serves the application until the test ends.
func Start(t testing.TB, opts ...Option) *Harness {
	t.Helper()
	o := options{dbKind: dbtest.SQLite}
	for _, fn := range opts {
		fn(&o)
	}
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.AdminPassword = AdminPassword
	cfg.UploadDir = t.TempDir()
	h := &Harness{T: t, Config: cfg, Clock: &Clock{}, Log: &SyncBuffer{}}
	if o.sso {
		h.SSO = ssotest.Start(t)
		h.SSO.Account, h.SSO.Password = AdminAccount, AdminPassword
		cfg.SSOURL = h.SSO.LoginURL()
	}
	if o.configure != nil {
		o.configure(cfg)
	}
	h.Codes = &CodeBox{next: o.sender}
	// At debug, as SELLERHUB_LOG_LEVEL=debug: the tests read the request lines.
	log := slog.New(slog.NewJSONHandler(h.Log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if o.shared != nil {
		h.DB = o.shared.DB
	} else {
		h.DB = dbtest.Open(t, o.dbKind)
		h.DB.CountCap = cfg.ListCountCap // as main.go sets it, so WithConfig can lower it
		if _, err := seed.Run(context.Background(), h.DB, cfg.AdminAccount, cfg.AdminPassword, fixtureHash); err != nil {
			t.Fatal(err)
		}
	}
	h.Sessions = accounts.NewSessions(models.NewSessionStore(h.DB), cfg.SessionIdle, cfg.SessionLifetime)
	var rc *redis.Client
	var counters core.Counters
	var amazonRates amazon.RateStore // nil: the database's
	if o.redis {
		rc = redisClient(t)
		h.Sessions.Store = goredisstore.NewWithPrefix(rc, "sellerhub-test:"+t.Name()+":")
		// The test's own counts, none left from an earlier run (the week's known addresses outlive a test).
		prefix := "sellerhub-test:" + t.Name() + ":limit:"
		forgetKeys(t, rc, prefix)
		t.Cleanup(func() { forgetKeys(t, rc, prefix) })
		counters = core.NewRedisCounters(rc, prefix)
		ratePrefix := "sellerhub-test:" + t.Name() + ":amazonrate:"
		forgetKeys(t, rc, ratePrefix)
		t.Cleanup(func() { forgetKeys(t, rc, ratePrefix) })
		amazonRates = stores.NewRedisRates(rc, ratePrefix)
	}
	h.Invalidations, err = core.StartInvalidations(context.Background(), h.DB, rc, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Invalidations.Close)
	if o.onClock {
		h.Sessions.Store = &clockStore{inner: h.Sessions.Store.(scs.CtxStore), clock: h.Clock, expiry: map[string]time.Time{}}
	}
	// Calls to Amazon (the local stand-in) retry as in production, but without production's waits.
	amazonHTTP := amazon.NewHTTP(cfg.Amazon.Timeout)
	amazonHTTP.BaseDelay, amazonHTTP.MaxDelay = time.Millisecond, 5*time.Millisecond
	// A short poll: on SQLite a worker finds new jobs by polling, and tests wait for them.
	// Workers as configured (SELLERHUB_ROLE=web turns them off), as main.go does.
	h.Metrics = app.NewMetrics()
	h.Jobs, err = jobs.New(h.DB, jobs.Config{Work: cfg.Workers, PollInterval: 50 * time.Millisecond, Log: log,
		Observe: h.Metrics.JobAttempt})
	if err != nil {
		t.Fatal(err)
	}
	h.Svc = app.NewServices(app.ServiceDeps{DB: h.DB, Sessions: h.Sessions, Sender: h.Codes, Config: cfg, Log: log,
		Now: h.Clock.Now, Sleep: h.Clock.Sleep, AmazonHTTP: amazonHTTP, Jobs: h.Jobs,
		Invalidations: h.Invalidations, Counters: counters, AmazonRates: amazonRates})
	assets, _ := static.LoadManifest()
	e, access := app.New(app.Deps{Config: cfg, Services: h.Svc, Log: log, Assets: assets, Static: static.FS(),
		DB: h.DB, Redis: rc, Metrics: h.Metrics})
	if o.routes != nil {
		o.routes(e)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	h.URL = srv.URL
	h.Routes, h.Access = e.Router().Routes(), access
	if h.SSO != nil {
		h.SSO.App = h.URL
	}
	return h
}

// StartWorkers runs the application's job workers (and, as the only instance, its periodic jobs) until the test
// ends, when they stop: running jobs get a few seconds, then are cancelled.
func (h *Harness) StartWorkers(t testing.TB) {
	t.Helper()
	if err := h.Jobs.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.Jobs.Stop(ctx); err != nil {
			t.Errorf("stop the job workers: %v", err)
		}
	})
}

// forgetKeys deletes the Redis keys under prefix (a test's name holds no glob characters but [ and ], quoted).
func forgetKeys(t testing.TB, rc *redis.Client, prefix string) {
	ctx := context.Background()
	pattern := strings.NewReplacer("[", `\[`, "]", `\]`, "*", `\*`, "?", `\?`).Replace(prefix) + "*"
	it := rc.Scan(ctx, 0, pattern, 1000).Iterator()
	for it.Next(ctx) {
		rc.Del(ctx, it.Val())
	}
	if err := it.Err(); err != nil {
		t.Errorf("forget the test's Redis keys: %v", err)
	}
}

func redisClient(t testing.TB) *redis.Client {
	url := "redis://127.0.0.1:6379/0"
	opts, _ := redis.ParseURL(url)
	client := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		client.Close()
		dbtest.Unreachable(t, "redis", err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

// Clock is the service's clock: real time plus an offset tests can advance.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
	slept  time.Duration
}

// Now is the current test time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// Sleep is the service's pause: it moves the clock instead of waiting, and adds the time to Slept.
func (c *Clock) Sleep(_ context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
	c.slept += d
	return nil
}

// Slept is how long the service has paused in all.
func (c *Clock) Slept() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.slept
}

// clockStore keeps sessions in the real store, under the expiry scs gives them, and ends them on the harness's
// Clock: each commit's expiry, which scs computed from time.Now, is moved by the Clock's offset at that moment and
// remembered, and Find answers not found once the Clock has passed it. Both real stores take a context (Redis's
// panics without one), so this one passes it on.
type clockStore struct {
	inner  scs.CtxStore
	clock  *Clock
	mu     sync.Mutex
	expiry map[string]time.Time
}

func (s *clockStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	s.mu.Lock()
	expiry, known := s.expiry[token]
	s.mu.Unlock()
	if !known || !s.clock.Now().Before(expiry) {
		return nil, false, nil
	}
	return s.inner.FindCtx(ctx, token)
}

func (s *clockStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	s.clock.mu.Lock()
	onClock := expiry.Add(s.clock.offset)
	s.clock.mu.Unlock()
	s.mu.Lock()
	s.expiry[token] = onClock
	s.mu.Unlock()
	return s.inner.CommitCtx(ctx, token, b, expiry)
}

func (s *clockStore) DeleteCtx(ctx context.Context, token string) error {
	s.mu.Lock()
	delete(s.expiry, token)
	s.mu.Unlock()
	return s.inner.DeleteCtx(ctx, token)
}

// Find, Commit and Delete complete scs.Store; scs and the product call the context forms.
func (s *clockStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *clockStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}

func (s *clockStore) Delete(token string) error { return s.DeleteCtx(context.Background(), token) }

// CodeBox records every code sent and passes it on to another sender if one is set.
type CodeBox struct {
	mu   sync.Mutex
	sent []accounts.CodeMessage
	next accounts.CodeSender
	// Fail makes the next sends fail, like a provider that is down.
	Fail bool
}

// Send records the code.
func (b *CodeBox) Send(ctx context.Context, m accounts.CodeMessage) error {
	b.mu.Lock()
	fail := b.Fail
	if !fail {
		b.sent = append(b.sent, m)
	}
	b.mu.Unlock()
	if fail {
		return io.ErrClosedPipe
	}
	if b.next != nil {
		return b.next.Send(ctx, m)
	}
	return nil
}

// Last returns the newest code sent to target, or "" if none.
func (b *CodeBox) Last(target string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.sent) - 1; i >= 0; i-- {
		if b.sent[i].Target == target {
			return b.sent[i].Code
		}
	}
	return ""
}

// Count returns how many codes went to target.
func (b *CodeBox) Count(target string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, m := range b.sent {
		if m.Target == target {
			n++
		}
	}
	return n
}

// SyncBuffer is a log buffer safe for concurrent writes.
type SyncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	// wrote, when a reader waits, is closed at the next write.
	wrote chan struct{}
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wrote != nil {
		close(s.wrote)
		s.wrote = nil
	}
	return s.buf.Write(p)
}

// WaitFor waits until the log holds the line containing what, and answers that line; the test fails if none
// comes within timeout. The application logs a request after answering it, so a test waits for its line.
func (s *SyncBuffer) WaitFor(t testing.TB, what string, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		for line := range strings.Lines(s.buf.String()) {
			if strings.Contains(line, what) {
				s.mu.Unlock()
				return line
			}
		}
		if s.wrote == nil {
			s.wrote = make(chan struct{})
		}
		wrote := s.wrote
		s.mu.Unlock()
		select {
		case <-wrote:
		case <-deadline:
			t.Fatalf("no log line with %s within %s:\n%s", what, timeout, s.String())
		}
	}
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// Envelope is a decoded JSON answer.
type Envelope struct {
	Status int
	Code   string          `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
	Total  *int64          `json:"total"`
	Header http.Header     `json:"-"`
}

// Into decodes Data.
func (e Envelope) Into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(e.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", e.Data, err)
	}
}

// String returns Data as a JSON string value.
func (e Envelope) String(t testing.TB) string {
	var s string
	e.Into(t, &s)
	return s
}

// Client is one browser or program talking to the harness: it keeps cookies, and sends Token as the
// jsessionid header when set.
type Client struct {
	h *Harness
	// base is the server the client calls: the harness's, or another's (ClientOf).
	base  string
	http  *http.Client
	Token string
	// Header is added to every request (e.g. Sec-Fetch-Site).
	Header http.Header
}

// Client returns a client with an empty cookie jar that does not follow redirects.
func (h *Harness) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{h: h, Header: http.Header{}, http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// ClientOf is a Client of another server at base (a `sellerhub serve` process, a proxy in front of several).
func (h *Harness) ClientOf(base string) *Client {
	c := h.Client()
	c.base = base
	return c
}

// ClientFrom is a Client that connects from another loopback address (127.0.0.2 and up, which Linux answers
// without setup): the product takes the client address from the connection, so this is how a test is two
// people in two places.
func (h *Harness) ClientFrom(ip string) *Client {
	c := h.Client()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	transport := &http.Transport{DialContext: dialer.DialContext}
	h.T.Cleanup(transport.CloseIdleConnections)
	c.http.Transport = transport
	return c
}

// Raw sends a request and returns the response with its body read.
func (c *Client) Raw(method, path, contentType string, body io.Reader) (*http.Response, []byte) {
	c.h.T.Helper()
	base := c.base
	if base == "" {
		base = c.h.URL
	}
	req, err := http.NewRequest(method, base+path, body)
	if err != nil {
		c.h.T.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Token != "" {
		req.Header.Set("jsessionid", c.Token)
	}
	for k, v := range c.Header {
		req.Header[k] = v
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.h.T.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// Call sends a JSON request (body nil for none) and decodes the envelope.
func (c *Client) Call(method, path string, body any) Envelope {
	c.h.T.Helper()
	var r io.Reader
	ct := ""
	if body != nil {
		b, _ := json.Marshal(body)
		r, ct = bytes.NewReader(b), "application/json"
	}
	resp, raw := c.Raw(method, path, ct, r)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		c.h.T.Fatalf("%s %s: not an envelope (%d): %s", method, path, resp.StatusCode, raw)
	}
	env.Status, env.Header = resp.StatusCode, resp.Header
	return env
}

// Form posts an HTML form and returns the response and body.
func (c *Client) Form(path string, fields map[string]string) (*http.Response, string) {
	c.h.T.Helper()
	vals := make([]string, 0, len(fields))
	for k, v := range fields {
		vals = append(vals, urlEncode(k)+"="+urlEncode(v))
	}
	resp, b := c.Raw(http.MethodPost, path, "application/x-www-form-urlencoded", strings.NewReader(strings.Join(vals, "&")))
	return resp, string(b)
}

// Login signs in through the API and keeps the session id as the header token.
func (c *Client) Login(account, password string) Envelope {
	c.h.T.Helper()
	env := c.Call(http.MethodPost, "/admin/api/v1/auth/login", map[string]string{"account": account, "password": password})
	if env.Code == "201" {
		var d struct {
			Session string `json:"session"`
		}
		env.Into(c.h.T, &d)
		c.Token = d.Session
	}
	return env
}

// Expect fails the test unless the envelope has the HTTP status, code and message.
func Expect(t testing.TB, env Envelope, status int, code, msg string) {
	t.Helper()
	if env.Status != status || env.Code != code || env.Msg != msg {
		t.Fatalf("got %d %s %q (data %s), want %d %s %q", env.Status, env.Code, env.Msg, env.Data, status, code, msg)
	}
}

// ExpectOK fails the test unless the call succeeded.
func ExpectOK(t testing.TB, env Envelope) {
	t.Helper()
	Expect(t, env, http.StatusOK, "201", "一切ok")
}
