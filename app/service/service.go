package service

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"sellerhub/app/service/amazon"
	"sellerhub/config"
	"sellerhub/models"
)

// Deps is what the business rules need from the outside world; main.go builds it.
type Deps struct {
	DB       *models.DB
	Sessions *scs.SessionManager
	Sender   CodeSender
	Config   *config.Config
	Log      *slog.Logger
	// Now is the clock; tests move it to expire codes and sessions.
	Now func() time.Time
	// HTTP makes outgoing calls (the SSO probe).
	HTTP *http.Client
	// AmazonHTTP calls Amazon; nil: built from the configuration (tests shorten its retry waits).
	AmazonHTTP *amazon.HTTP
}

// Service is the product's business rules, grouped in files by area (auth, codes, accounts).
type Service struct {
	db       *models.DB
	sessions *scs.SessionManager
	sender   CodeSender
	cfg      *config.Config
	log      *slog.Logger
	now      func() time.Time

	// loginFailures bounds password guessing per account (5), addressFailures per client address (30): an office
	// behind one address must not be locked out by a few colleagues' typos.
	loginFailures   *Limiter
	addressFailures *Limiter
	// codeRequests bounds code requests per client address (per target is kept in the database).
	codeRequests *Limiter
	sso          *ssoProbe
	menus        *menuCache
	counts       *countCache
	amazon       *amazonKit
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
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 5 * time.Second}
	}
	return &Service{
		db: d.DB, sessions: d.Sessions, sender: d.Sender, cfg: d.Config, log: d.Log, now: d.Now,
		loginFailures:   NewLimiter(loginFailureLimit, loginFailureWindow, d.Now),
		addressFailures: NewLimiter(addressLoginLimit, loginFailureWindow, d.Now),
		codeRequests:    NewLimiter(codeRequestLimit, codeRequestWindow, d.Now),
		sso:             &ssoProbe{url: d.Config.SSOURL, client: d.HTTP, now: d.Now},
		menus:           &menuCache{users: map[int64]*UserMenu{}},
		counts:          newCountCache(d.Now),
		amazon:          newAmazonKit(d.Config, d.AmazonHTTP),
	}
}
