// Command sellerhub is the seller back office: `sellerhub serve` (the default) runs it, `sellerhub migrate`
// brings the database schema up to date, `sellerhub seed` adds the demo company and admin account.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // dates are shown in Asia/Shanghai even on machines without zoneinfo

	"github.com/alexedwards/scs/goredisstore"
	"github.com/alexedwards/scs/v2"
	"github.com/redis/go-redis/v9"

	"sellerhub/app"
	"sellerhub/app/accounts"
	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/seed"
	storesdb "sellerhub/models/stores"
	"sellerhub/static"
)

func main() {
	cmd := "serve"
	if len(os.Args) > 1 {
		cmd = os.Args[1]
	}
	if err := run(cmd); err != nil {
		fmt.Fprintln(os.Stderr, "sellerhub:", err)
		os.Exit(1)
	}
}

func run(cmd string) error {
	cfg, err := config.FromEnvironment()
	if err != nil {
		return err
	}
	log := newLogger(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "serve", "migrate", "seed":
	default:
		return fmt.Errorf("unknown command %q (serve, migrate or seed)", cmd)
	}
	db, err := models.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	db.CountCap = cfg.ListCountCap
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	if cmd == "migrate" {
		fmt.Println("数据库已是最新版本")
		return nil
	}
	admin, err := seed.Run(ctx, db, cfg.AdminAccount, cfg.AdminPassword, accounts.HashPassword)
	if err != nil {
		return err
	}
	if cmd == "seed" {
		printAdmin(admin)
		return nil
	}
	return serve(ctx, cfg, log, db, admin)
}

func serve(ctx context.Context, cfg *config.Config, log *slog.Logger, db *models.DB, admin seed.Admin) error {
	rc, err := newRedis(ctx, cfg)
	if err != nil {
		return err
	}
	if rc != nil {
		defer rc.Close()
	}
	sessions := newSessionManager(cfg, db, rc)
	invalidations, err := core.StartInvalidations(ctx, db, rc, log)
	if err != nil {
		return err
	}
	defer invalidations.Close()
	var counters core.Counters       // nil: the database's
	var amazonRates amazon.RateStore // nil: PostgreSQL's table, or memory on SQLite
	if rc != nil {
		counters = core.NewRedisCounters(rc, cfg.RedisPrefix+"limit:")
		amazonRates = stores.NewRedisRates(rc, cfg.RedisPrefix+"amazonrate:")
	}
	assets, err := static.LoadManifest()
	if err != nil {
		return err
	}
	metrics := app.NewMetrics()
	queue, err := jobs.New(db, jobs.Config{Work: cfg.Workers, MaxWorkers: cfg.WorkerCount, PollInterval: cfg.JobPoll, RescueAfter: cfg.JobRescueAfter,
		AliveEvery: cfg.JobGoneAfter / 6, Log: log, Observe: metrics.JobAttempt})
	if err != nil {
		return err
	}
	services := app.NewServices(app.ServiceDeps{DB: db, Sessions: sessions, Sender: newCodeSender(cfg, log), Config: cfg,
		Log: log, Jobs: queue, Invalidations: invalidations, Counters: counters, AmazonRates: amazonRates})
	// A changed secret key would leave every stored Amazon authorisation unreadable: refuse, saying what to do.
	if err := services.Stores.CheckSecretKey(ctx); err != nil {
		return err
	}
	if err := services.Stores.RecordProductApp(ctx); err != nil {
		return err
	}
	if cfg.DemoData {
		importDemoData(ctx, demoDeps{Data: services.AmazonData, Sync: services.DataSync, Catalog: services.Catalog, DB: db,
			TimeZone: cfg.TimeZone, Log: log}, admin.Demo, time.Now())
		if err := seed.SeedDemoProfit(ctx, db, admin.Demo); err != nil {
			log.Error("demo profit data not seeded", "err", err)
		}
	}
	stopping := make(chan struct{})
	// Ctrl-C at a terminal (SIGINT) has no load balancer to wait for: it skips the drain. SIGTERM drains.
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt)
	handler, _ := app.New(app.Deps{Config: cfg, Services: services, Log: log, Assets: assets, Static: static.FS(),
		DB: db, Redis: rc, Metrics: metrics, Stopping: stopping})
	web := closingWhenStopping(handler, stopping)
	// Workers start once every domain has added its own, and stop (below) before the database closes.
	if err := queue.Start(ctx); err != nil {
		return err
	}
	if cfg.MetricsAddr != "" {
		if _, err := serveMetrics(ctx, cfg.MetricsAddr, metrics, log); err != nil {
			return err
		}
	}

	go sweep(ctx, db, sessions, log)
	var srv *http.Server
	served := make(chan error, 1)
	if cfg.Web {
		if srv, err = startHTTP(cfg, web, admin, served); err != nil {
			return err
		}
	} else {
		// A worker instance (SELLERHUB_ROLE=worker) works jobs until told to stop.
		fmt.Println("sellerhub 已启动: 仅运行后台任务 (SELLERHUB_ROLE=worker)")
	}
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	// A second signal stops at once.
	signal.Reset(os.Interrupt, syscall.SIGTERM)
	close(stopping)
	select {
	case <-interrupted:
		cfg.DrainWait = 0
	default:
	}
	if db.Driver == "sqlite" {
		cfg.DrainWait = 0 // one instance by definition: no other for a load balancer to send its requests to
	}
	return drain(cfg, log, srv, queue.Stop)
}

// drain is a rolling restart's stop: the workers fetch no more jobs at once, and their running jobs get the
// grace to finish (past it they are cancelled, and River puts them back for another instance). /readyz already
// answers 503 (stopping is closed); the server keeps answering for DrainWait, until the load balancer has seen it
// and sends no more, then takes no new connections and finishes the requests in flight within the grace.
func drain(cfg *config.Config, log *slog.Logger, srv *http.Server, stopJobs func(context.Context) error) error {
	deadline := time.Now().Add(cfg.DrainWait + cfg.ShutdownGrace)
	if srv == nil {
		deadline = time.Now().Add(cfg.ShutdownGrace)
	}
	grace, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	log.Info("shutting down: no new jobs, /readyz not ready", "drain", cfg.DrainWait, "grace", cfg.ShutdownGrace)
	jobsDone := make(chan error, 1)
	go func() { jobsDone <- stopJobs(grace) }()
	var err error
	if srv != nil {
		time.Sleep(cfg.DrainWait) // the load balancer's checks see 503 meanwhile; nothing to wait for but time
		log.Info("shutting down: finishing requests in flight")
		if serr := srv.Shutdown(grace); serr != nil && !errors.Is(serr, http.ErrServerClosed) {
			log.Error("requests still in flight at the grace's end", "err", serr)
			err = serr
		}
	}
	if jerr := <-jobsDone; jerr != nil {
		log.Error("stop background jobs", "err", jerr)
	}
	log.Info("stopped")
	return err
}

// closingWhenStopping closes each connection after its answer once the instance is stopping: a client on a
// kept-alive connection reconnects through the balancer to another instance. Closing the idle connections at the
// signal instead raced a balancer sending on one of them, and a POST sent so cannot be retried.
func closingWhenStopping(next http.Handler, stopping <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stopping:
			w.Header().Set("Connection", "close")
		default:
		}
		next.ServeHTTP(w, r)
	})
}

// startHTTP listens on SELLERHUB_ADDR and serves in the background; served gets the server's failure.
func startHTTP(cfg *config.Config, handler http.Handler, admin seed.Admin, served chan<- error) (*http.Server, error) {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen on SELLERHUB_ADDR=%s: %w", cfg.Addr, err)
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	fmt.Printf("sellerhub 已启动: http://%s/\n", ln.Addr())
	if note := logLevelNote(cfg); note != "" {
		fmt.Println(note)
	}
	printAdmin(admin)
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			served <- err
		}
	}()
	return srv, nil
}

// serveMetrics serves /metrics without a token on SELLERHUB_METRICS_ADDR (a private network's), until ctx ends.
func serveMetrics(ctx context.Context, addr string, m *app.Metrics, log *slog.Logger) (net.Addr, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on SELLERHUB_METRICS_ADDR=%s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	return ln.Addr(), nil
}

func printAdmin(a seed.Admin) {
	if a.GeneratedPassword != "" {
		fmt.Printf("管理员账号: %s  密码: %s  (密码只显示这一次，请登录后修改)\n", a.Account, a.GeneratedPassword)
		return
	}
	fmt.Printf("管理员账号: %s  (密码为首次启动时显示或 SELLERHUB_ADMIN_PASSWORD 设置的密码)\n", a.Account)
}

func newLogger(cfg *config.Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(os.Stdout, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, opts))
}

// logLevelNote is the line at start that says how to see what the level hides (each request, the jobs' routine
// lines); empty when they are shown.
func logLevelNote(cfg *config.Config) string {
	if cfg.LogLevel <= slog.LevelDebug {
		return ""
	}
	return "日志级别 " + strings.ToLower(cfg.LogLevel.String()) + "：每个请求和后台任务的例行日志不显示，设置 SELLERHUB_LOG_LEVEL=debug 可显示"
}

// newRedis connects to SELLERHUB_REDIS_URL; nil when it is not set.
func newRedis(ctx context.Context, cfg *config.Config) (*redis.Client, error) {
	if cfg.RedisURL == "" {
		return nil, nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("SELLERHUB_REDIS_URL: %w", err)
	}
	client := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		_ = client.Close()
		return nil, fmt.Errorf("reach Redis at SELLERHUB_REDIS_URL: %w", err)
	}
	return client, nil
}

// newSessionManager keeps sessions in Redis when SELLERHUB_REDIS_URL is set (rc), else in the SQL database.
func newSessionManager(cfg *config.Config, db *models.DB, rc *redis.Client) *scs.SessionManager {
	if rc == nil {
		return accounts.NewSessions(models.NewSessionStore(db), cfg.SessionIdle, cfg.SessionLifetime)
	}
	return accounts.NewSessions(goredisstore.NewWithPrefix(rc, cfg.RedisPrefix+"session:"), cfg.SessionIdle, cfg.SessionLifetime)
}

func newCodeSender(cfg *config.Config, log *slog.Logger) accounts.CodeSender {
	senders := accounts.ChannelSenders{SMS: accounts.LogSender{Log: log}, Email: accounts.LogSender{Log: log}}
	if cfg.SMTPHost != "" {
		senders.Email = accounts.SMTPSender{Host: cfg.SMTPHost, Port: cfg.SMTPPort, User: cfg.SMTPUser,
			Password: cfg.SMTPPassword, From: cfg.SMTPFrom}
	}
	if cfg.SMSURL != "" {
		senders.SMS = accounts.SMSSender{URL: cfg.SMSURL, Token: cfg.SMSToken, Client: &http.Client{Timeout: 10 * time.Second}}
	}
	return senders
}

// sweep removes expired sessions, codes, OAuth states, SSO hand-overs and limiter counts every ten minutes. Redis expires its
// sessions by itself.
func sweep(ctx context.Context, db *models.DB, sm *scs.SessionManager, log *slog.Logger) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if store, ok := sm.Store.(*models.SessionStore); ok {
			if err := store.DeleteExpired(ctx); err != nil {
				log.Error("sweep sessions", "err", err)
			}
		}
		if err := accountsdb.DeleteExpiredCodes(db.With(ctx), time.Now().UTC().Add(-24*time.Hour)); err != nil {
			log.Error("sweep codes", "err", err)
		}
		if err := storesdb.DeleteExpiredOAuthStates(db.With(ctx), time.Now().UTC().Add(-24*time.Hour)); err != nil {
			log.Error("sweep oauth states", "err", err)
		}
		if err := accountsdb.DeleteExpiredSSOHandovers(db.With(ctx), time.Now().UTC()); err != nil {
			log.Error("sweep sso hand-overs", "err", err)
		}
		// The longest limiter window is the login guard's week of known addresses.
		if err := models.DeleteEndedCounters(db.With(ctx), time.Now().Add(-8*24*time.Hour)); err != nil {
			log.Error("sweep rate counters", "err", err)
		}
		if err := storesdb.DeleteIdleRateBuckets(db.With(ctx), time.Now().Add(-24*time.Hour).UnixMilli()); err != nil {
			log.Error("sweep amazon rate buckets", "err", err)
		}
	}
}
