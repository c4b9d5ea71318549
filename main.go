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
	"syscall"
	"time"
	_ "time/tzdata" // dates are shown in Asia/Shanghai even on machines without zoneinfo

	"github.com/alexedwards/scs/goredisstore"
	"github.com/alexedwards/scs/v2"
	"github.com/redis/go-redis/v9"

	"sellerhub/app"
	"sellerhub/app/accounts"
	"sellerhub/app/jobs"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/seed"
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
	sessions, closeStore, err := newSessionManager(cfg, db)
	if err != nil {
		return err
	}
	defer closeStore()
	assets, err := static.LoadManifest()
	if err != nil {
		return err
	}
	queue, err := jobs.New(db, jobs.Config{Work: cfg.Workers, MaxWorkers: cfg.WorkerCount, RescueAfter: cfg.JobRescueAfter,
		Log: log})
	if err != nil {
		return err
	}
	services := app.NewServices(app.ServiceDeps{DB: db, Sessions: sessions, Sender: newCodeSender(cfg, log), Config: cfg,
		Log: log, Jobs: queue})
	if cfg.DemoData {
		importDemoData(ctx, services.AmazonData, admin.Demo, time.Now(), log)
		if err := seed.SeedDemoProfit(ctx, db, admin.Demo); err != nil {
			log.Error("demo profit data not seeded", "err", err)
		}
	}
	handler, _ := app.New(app.Deps{Config: cfg, Services: services, Log: log, Assets: assets, Static: static.FS()})
	// Workers start once every domain has added its own, and stop (below) before the database closes.
	if err := queue.Start(ctx); err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on SELLERHUB_ADDR=%s: %w", cfg.Addr, err)
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	go sweep(ctx, db, sessions, log)

	fmt.Printf("sellerhub 已启动: http://%s/\n", ln.Addr())
	printAdmin(admin)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var served error
	select {
	case served = <-errc:
	case <-ctx.Done():
		log.Info("shutting down: finishing requests in flight")
		shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
			served = err
		}
	}
	// Running jobs get a while to finish; past it they are cancelled and retried by the next instance to work.
	log.Info("shutting down: stopping background jobs")
	stopJobs, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := queue.Stop(stopJobs); err != nil {
		log.Error("stop background jobs", "err", err)
	}
	return served
}

func printAdmin(a seed.Admin) {
	if a.GeneratedPassword != "" {
		fmt.Printf("管理员账号: %s  密码: %s  (密码只显示这一次，请登录后修改)\n", a.Account, a.GeneratedPassword)
		return
	}
	fmt.Printf("管理员账号: %s  (密码为首次启动时显示或 SELLERHUB_ADMIN_PASSWORD 设置的密码)\n", a.Account)
}

func newLogger(cfg *config.Config) *slog.Logger {
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(os.Stdout, nil))
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, nil))
}

// newSessionManager keeps sessions in Redis when SELLERHUB_REDIS_URL is set, else in the SQL database.
func newSessionManager(cfg *config.Config, db *models.DB) (*scs.SessionManager, func(), error) {
	if cfg.RedisURL == "" {
		return accounts.NewSessions(models.NewSessionStore(db), cfg.SessionIdle, cfg.SessionLifetime), func() {}, nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, nil, fmt.Errorf("SELLERHUB_REDIS_URL: %w", err)
	}
	client := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		return nil, nil, fmt.Errorf("reach Redis at SELLERHUB_REDIS_URL: %w", err)
	}
	sm := accounts.NewSessions(goredisstore.NewWithPrefix(client, "sellerhub:session:"), cfg.SessionIdle, cfg.SessionLifetime)
	return sm, func() { _ = client.Close() }, nil
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

// sweep removes expired sessions, codes, OAuth states and SSO hand-overs every ten minutes. Redis expires its
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
		if err := db.With(ctx).DeleteExpiredCodes(time.Now().UTC().Add(-24 * time.Hour)); err != nil {
			log.Error("sweep codes", "err", err)
		}
		if err := db.With(ctx).DeleteExpiredOAuthStates(time.Now().UTC().Add(-24 * time.Hour)); err != nil {
			log.Error("sweep oauth states", "err", err)
		}
		if err := db.With(ctx).DeleteExpiredSSOHandovers(time.Now().UTC()); err != nil {
			log.Error("sweep sso hand-overs", "err", err)
		}
	}
}
