// Package accounts owns who is signed in: sign-in and sessions, single sign-on, verification codes,
// registration, passwords, bound accounts and switching between them, and the personal center.
package accounts

import (
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
	// Menus is the cache of compiled menus, dropped when an account's grants or profile change.
	Menus   *core.MenuCache
	Uploads *core.Uploads
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

	// loginFailures bounds password guessing per account (5), addressFailures per client address (30): an office
	// behind one address must not be locked out by a few colleagues' typos.
	loginFailures   *core.Limiter
	addressFailures *core.Limiter
	// codeRequests bounds code requests per client address (per target is kept in the database).
	codeRequests *core.Limiter
	sso          *ssoProbe
}

// Limits on guessing and on code requests.
const (
	loginFailureLimit  = 5
	loginFailureWindow = 15 * time.Minute
	addressLoginLimit  = 30
	codeRequestLimit   = 10
	codeRequestWindow  = 10 * time.Minute
	codeResendAfter    = 60 * time.Second
	codeLifetime       = 10 * time.Minute
	codeMaxAttempts    = 5
)

// New builds the service.
func New(d Deps) *Service {
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 5 * time.Second}
	}
	return &Service{
		db: d.DB, sessions: d.Sessions, sender: d.Sender, cfg: d.Config, log: d.Log, now: d.Now,
		menus: d.Menus, uploads: d.Uploads,
		loginFailures:   core.NewLimiter(loginFailureLimit, loginFailureWindow, d.Now),
		addressFailures: core.NewLimiter(addressLoginLimit, loginFailureWindow, d.Now),
		codeRequests:    core.NewLimiter(codeRequestLimit, codeRequestWindow, d.Now),
		sso:             &ssoProbe{url: d.Config.SSOURL, client: d.HTTP, now: d.Now},
	}
}
