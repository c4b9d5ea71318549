// Package accounts owns who is signed in: sign-in and sessions, single sign-on, verification codes,
// registration, passwords, bound accounts and switching between them, and the personal center.
package accounts

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
)

// Deps is what the accounts service is built from.
type Deps struct {
	DB       *models.DB
	Sessions *scs.SessionManager
	Sender   CodeSender
	Config   *config.Config
	Log      *slog.Logger
	Now      core.Clock
	// HTTP makes outgoing calls (the SSO probe); nil: a client with a 5 s limit.
	HTTP *http.Client
	// Sleep makes the login guard's pause; nil: a timer. Tests pass one that moves their clock instead.
	Sleep func(context.Context, time.Duration) error
	// Menus is the cache of compiled menus, dropped when an account's grants or profile change.
	Menus *core.MenuCache
	// Counters keep the sign-in and code limits' counts (core.NewRedisCounters); nil: the database.
	Counters core.Counters
	Uploads  *core.Uploads
}

// Service is the accounts domain.
type Service struct {
	db       *models.DB
	sessions *scs.SessionManager
	sender   CodeSender
	cfg      *config.Config
	log      *slog.Logger
	now      core.Clock
	menus    *core.MenuCache
	uploads  *core.Uploads

	// logins bounds password guessing (core.LoginGuard) and sleep makes its pause.
	logins *core.LoginGuard
	sleep  func(context.Context, time.Duration) error
	// codeRequests bounds code requests per client address (per target is kept in the database).
	codeRequests *core.Limiter
	// codeProofs bounds password sets by code per account and address, as logins bounds passwords.
	codeProofs *core.LoginGuard
	// hash hashes a new password (HashPassword); internal tests count its calls.
	hash func(string) (string, error)
	sso  *ssoProbe
	// touched is when this instance last refreshed each session (touches.go).
	touched touches
}

// Limits on guessing and on code requests.
const (
	// loginPause is what an attempt waits on an account over its failure ceiling: the owner still gets in, a
	// guesser pays seconds per guess.
	loginPause        = 3 * time.Second
	codeRequestLimit  = 10
	codeRequestWindow = 10 * time.Minute
	codeResendAfter   = 60 * time.Second
	codeLifetime      = 10 * time.Minute
	codeMaxAttempts   = 5
)

// New builds the service.
func New(d Deps) *Service {
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 5 * time.Second}
	}
	if d.Sleep == nil {
		d.Sleep = sleep
	}
	// The guards count in Redis or the database, so that every instance spends from the same budget.
	counters := d.Counters
	if counters == nil {
		counters = core.NewDBCounters(d.DB)
	}
	return &Service{
		db: d.DB, sessions: d.Sessions, sender: d.Sender, cfg: d.Config, log: d.Log, now: d.Now,
		menus: d.Menus, uploads: d.Uploads,
		logins:       core.NewLoginGuardIn(counters, "login:", d.Now),
		sleep:        d.Sleep,
		codeRequests: core.NewLimiterIn(counters, "code-request:", codeRequestLimit, codeRequestWindow, d.Now),
		codeProofs:   core.NewLoginGuardIn(counters, "code-proof:", d.Now),
		hash:         HashPassword,
		sso:          &ssoProbe{url: d.Config.SSOURL, client: d.HTTP, now: d.Now},
	}
}

// sleep waits d, or less when the request goes away.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
