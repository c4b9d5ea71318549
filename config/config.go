// Package config reads sellerhub's settings from SELLERHUB_* environment variables. Every setting has a default
// that lets `sellerhub serve` start with no configuration at all; a value that cannot be used stops start-up
// with an error naming the variable.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Config is the whole of sellerhub's configuration.
type Config struct {
	// Addr is the listen address (SELLERHUB_ADDR).
	Addr string
	// DatabaseURL is sqlite://path or postgres://... (SELLERHUB_DATABASE_URL).
	DatabaseURL string
	// RedisURL, when set, moves sessions to Redis (SELLERHUB_REDIS_URL).
	RedisURL string
	// RedisPrefix begins every key the product keeps in Redis (SELLERHUB_REDIS_PREFIX), so that several
	// deployments, or test runs, can share one Redis.
	RedisPrefix string

	// AdminAccount and AdminPassword seed the demo company's admin. An empty password means: generate one at
	// first start and print it once.
	AdminAccount  string
	AdminPassword string

	// PlatformAdmins are the accounts that may change the product itself, shared by every company: the menu and
	// its button permissions (SELLERHUB_PLATFORM_ADMINS, comma-separated; the seeded admin account by default).
	// A company's own admins manage only their company.
	PlatformAdmins []string

	// SessionIdle is the sliding idle expiry of a session (SELLERHUB_SESSION_IDLE, a Go duration).
	SessionIdle time.Duration
	// SessionLifetime is the absolute limit of a session however active it is (SELLERHUB_SESSION_LIFETIME).
	SessionLifetime time.Duration
	// QueryTimeout bounds each database statement a request runs (SELLERHUB_QUERY_TIMEOUT): one that runs longer
	// is stopped in the database and the request answers 查询数据超时，请缩小查询范围或稍后重试.
	QueryTimeout time.Duration
	// ListCountCap is how many matching rows a paged list counts at most before its total says "more than this"
	// (SELLERHUB_LIST_COUNT_CAP); tests set it low to show the capped pager without seeding thousands of rows. The
	// default, 1,000 (共 1,000+ 条), is a number a person still reads as a count and 50 pages of the usual 20 rows.
	// An exact count of a million rows took 100 ms of two cores' time per call (issue 14). Stopping at 10,001 rows
	// still made the count most of a call's cost at a million products: on PostgreSQL a first page took 7.0 ms of
	// the database's CPU and 2.3 ms of the Go process's, and stopping at 1,001 took 1.1 ms and 1.2 ms, five times
	// the pages a second at 50 clients (make bench, TestLoadReportMillionProducts).
	ListCountCap int
	// ActiveRequests is how many requests work at once (SELLERHUB_ACTIVE_REQUESTS), twice the cores unless set;
	// the others wait their turn in the order they came (middleware.Active says why). At 50 clients on 2 cores, 4
	// gave the product list at a million rows its shortest tail on PostgreSQL; a request mostly computes (its
	// statements take tens of microseconds each), so two per core keep the cores busy.
	ActiveRequests int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For or X-Real-IP names the client address
	// (SELLERHUB_TRUSTED_PROXIES, CIDRs separated by commas; a bare address is a /32 or /128). Empty: the address
	// is the connection's, and the headers are whatever a client wrote, so the per-address limits ignore them.
	TrustedProxies []*net.IPNet
	// SecureCookies marks cookies Secure; on by default when the public URL is https (SELLERHUB_SECURE_COOKIES).
	SecureCookies bool

	// PublicURL is the address users reach the product at, used in links sent by mail (SELLERHUB_PUBLIC_URL).
	PublicURL string

	// SSOURL is the single-sign-on server's login address; empty means no SSO (SELLERHUB_SSO_URL).
	SSOURL string
	// SSOLogoutURL is where an SSO session's 退出 goes (SELLERHUB_SSO_LOGOUT_URL).
	SSOLogoutURL string
	// LegacyURL is the old system that 返回旧系统 leads to (SELLERHUB_LEGACY_URL).
	LegacyURL string
	// HelpURL is the top bar's help link (SELLERHUB_HELP_URL); no link when empty.
	HelpURL string
	// MessagePoll is how often the shell pulls new messages (SELLERHUB_MESSAGE_POLL; the spec's 100000 ms).
	MessagePoll time.Duration
	// ReportPoll is how often a data sync asks Amazon about a report it is making (SELLERHUB_REPORT_POLL, 15s;
	// tests against the stand-in shorten it).
	ReportPoll time.Duration
	// SyncSchedule is how often the data sync looks for due tasks (SELLERHUB_SYNC_SCHEDULE, 1m; the test of two
	// instances shortens it to watch many periods).
	SyncSchedule time.Duration

	// SMTP carries e-mail codes when SMTPHost is set (SELLERHUB_SMTP_HOST, _PORT, _USER, _PASSWORD, _FROM).
	SMTPHost     string
	SMTPPort     int
	SMTPUser     string
	SMTPPassword string
	SMTPFrom     string

	// SMSURL is the SMS provider adapter's endpoint; empty means SMS codes go to the log (SELLERHUB_SMS_URL).
	SMSURL string
	// SMSToken authenticates to the SMS provider adapter (SELLERHUB_SMS_TOKEN).
	SMSToken string

	// UploadDir is where uploaded pictures (avatars) are kept, one folder per company (SELLERHUB_UPLOAD_DIR).
	UploadDir string

	// FilingNumber is the ICP 备案号 shown in the sign-in pages' footer (SELLERHUB_FILING_NUMBER).
	FilingNumber string

	// TimeZone is the zone dates are shown in, and whose date the documents' numbers carry (SELLERHUB_TIMEZONE).
	TimeZone *time.Location

	// LogFormat is json or text (SELLERHUB_LOG_FORMAT).
	LogFormat string

	// LogLevel is the least level logged: debug, info (the default), warn or error (SELLERHUB_LOG_LEVEL). A
	// request's line and the background jobs' routine lines are debug, so that at info the log holds what an
	// operator acts on (verification codes, warnings, errors).
	LogLevel slog.Level

	// DemoData gives the demo company 90 days of simulated Amazon data (orders, FBA stock, fees, settlements) at
	// its first start, read through the same import as a seller's uploads (SELLERHUB_DEMO_DATA, true by default;
	// the browser tests turn it off to start fast, but for the one that looks at it).
	DemoData bool

	// Workers runs the background jobs (the Amazon syncs) on this instance (SELLERHUB_WORKERS, true by default).
	// Instances on one PostgreSQL share one queue, so some may set it false and only serve pages.
	Workers bool
	// Role is what this instance does (SELLERHUB_ROLE): all (the default) serves and works jobs, web only serves
	// (Workers false), worker only works jobs (Web false). Web instances still queue jobs for the workers.
	Role string
	// Web serves HTTP on Addr; false on a worker instance.
	Web bool
	// WorkerCount is how many jobs this instance works at once (SELLERHUB_WORKER_COUNT).
	WorkerCount int
	// JobPoll is how often a working instance looks for due jobs when nothing told it of one (SELLERHUB_JOB_POLL, 1s):
	// on SQLite always, as it has no notifications; a snoozed sync waits up to one. Tests shorten it.
	JobPoll time.Duration
	// JobRescueAfter is how long a job may run before it is taken as crashed (its instance stopped mid-job) and run
	// again; a job still running at four fifths of it is cancelled, to be retried (SELLERHUB_JOB_RESCUE_AFTER).
	JobRescueAfter time.Duration
	// JobGoneAfter is how long a working instance may go without saying it is alive (it says so every sixth of
	// it) before it is taken as gone, killed or crashed, and its running jobs are run again by another instance
	// (SELLERHUB_JOB_GONE_AFTER, 30s). Shorter rescues sooner, but a live instance that stalls this long (a
	// database unreachable meanwhile) would see its running job started a second time beside itself.
	JobGoneAfter time.Duration

	// MetricsToken, when set, opens GET /metrics (Prometheus's text format) to a scraper sending
	// "Authorization: Bearer <token>" (SELLERHUB_METRICS_TOKEN, at least 16 characters); unset, /metrics is not
	// found. MetricsAddr, when set, serves /metrics without a token on a listener of its own, meant for a private
	// network, and on worker instances too (SELLERHUB_METRICS_ADDR).
	MetricsToken Secret
	MetricsAddr  string
	// DrainWait is how long an instance told to stop keeps serving while /readyz answers 503, so that the load
	// balancer stops sending it requests first (SELLERHUB_DRAIN_WAIT); ShutdownGrace then bounds the wait for the
	// requests in flight and the running jobs (SELLERHUB_SHUTDOWN_GRACE), past which jobs are cancelled and retried
	// by another instance.
	DrainWait     time.Duration
	ShutdownGrace time.Duration

	// SecretKey encrypts Amazon refresh tokens and client secrets at rest and signs the OAuth state
	// (SELLERHUB_SECRET_KEY, at least 32 characters). Empty: the product generates one at first start and keeps it
	// in the database (app_secrets), so `make run` needs no configuration; production sets it here instead, so
	// that a copy of the database alone does not hold both the tokens and their key.
	SecretKey Secret

	// Amazon is the Selling Partner API application the product authorises sellers for.
	Amazon Amazon

	// Alibaba is the 1688 open platform application buyers bind their accounts to (1688账号绑定).
	Alibaba Alibaba

	// AliExpress is the AliExpress Open Platform application sellers authorise their stores for (速卖通店铺授权).
	AliExpress AliExpress
}

// AliExpress is an AliExpress Open Platform application (SELLERHUB_ALIEXPRESS_APP_KEY,
// SELLERHUB_ALIEXPRESS_APP_SECRET) and the platform's addresses, its own by default (SELLERHUB_ALIEXPRESS_AUTH_URL,
// SELLERHUB_ALIEXPRESS_API_URL, the /rest gateway of system calls); tests point them at app/aliexpress/aliexpresstest.
type AliExpress struct {
	AppKey    string
	AppSecret Secret
	AuthURL   string
	APIURL    string
}

// Alibaba is a 1688 open platform application (SELLERHUB_ALIBABA_APP_KEY, SELLERHUB_ALIBABA_APP_SECRET) and the
// platform's addresses, its own by default (SELLERHUB_ALIBABA_AUTH_URL, SELLERHUB_ALIBABA_GATEWAY_URL); tests point
// them at app/alibaba/alibabatest.
type Alibaba struct {
	AppKey     string
	AppSecret  Secret
	AuthURL    string
	GatewayURL string
}

// SecretQueue is the SQS queue of new client secrets and the AWS keys that read it
// (SELLERHUB_AMAZON_SECRET_QUEUE_URL, SELLERHUB_AWS_ACCESS_KEY_ID, SELLERHUB_AWS_SECRET_ACCESS_KEY,
// SELLERHUB_AWS_REGION; the region defaults to the queue URL's).
type SecretQueue struct {
	URL       string
	AccessKey string
	SecretKey Secret
	Region    string
}

// Amazon holds the Selling Partner API application's identity and the addresses of Amazon's services. The hosts
// default to Amazon's production ones (per region from models.Regions); tests point them at a local stand-in.
type Amazon struct {
	// AppID is the application id shown in Seller Central's developer console, amzn1.sp.solution...
	// (SELLERHUB_AMAZON_APP_ID).
	AppID string
	// ClientID and ClientSecret are the application's Login with Amazon credentials
	// (SELLERHUB_AMAZON_CLIENT_ID, SELLERHUB_AMAZON_CLIENT_SECRET).
	ClientID     string
	ClientSecret Secret
	// ClientSecretIssued is the day Amazon issued ClientSecret, from which it holds 180 days
	// (SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED, 2026-06-01); zero: the day the product first starts with it.
	ClientSecretIssued time.Time
	// SecretQueue is the SQS queue registered in the developer console for the Application Client New Secret
	// notification, where Amazon puts the secret of a rotation (轮换应用密钥); empty: no rotation through the API.
	SecretQueue SecretQueue
	// TokenURL is Login with Amazon's token endpoint (SELLERHUB_AMAZON_TOKEN_URL).
	TokenURL string
	// ConsentURL replaces the marketplace's Seller Central host in consent links (SELLERHUB_AMAZON_CONSENT_URL);
	// empty: the marketplace's own Seller Central.
	ConsentURL string
	// SellingPartnerURL replaces the region's Selling Partner API host (SELLERHUB_AMAZON_SPAPI_URL); empty: the
	// region's own.
	SellingPartnerURL string
	// Timeout bounds one call to Amazon, retries included (SELLERHUB_AMAZON_TIMEOUT).
	Timeout time.Duration
	// DraftApp adds version=beta to consent links, which Amazon requires while the application is a draft
	// (SELLERHUB_AMAZON_DRAFT_APP).
	DraftApp bool

	// AdvertisingClientID and AdvertisingClientSecret are the Login with Amazon application approved for the
	// Advertising API (SELLERHUB_AMAZON_ADV_CLIENT_ID, SELLERHUB_AMAZON_ADV_CLIENT_SECRET); empty: ClientID's.
	AdvertisingClientID     string
	AdvertisingClientSecret Secret
	// AdvertisingConsentURL replaces the host of the regions' advertising consent pages (…/ap/oa)
	// (SELLERHUB_AMAZON_ADV_CONSENT_URL); empty: Amazon's own per region.
	AdvertisingConsentURL string
	// AdvertisingURL replaces the region's Advertising API host (SELLERHUB_AMAZON_ADV_API_URL); empty: the
	// region's own.
	AdvertisingURL string
	// AdvertisingTokenURL replaces Login with Amazon's token endpoint of every region for advertising grants
	// (SELLERHUB_AMAZON_ADV_TOKEN_URL); empty: the region's own (api.amazon.com, .co.uk, .co.jp).
	AdvertisingTokenURL string
}

// Secret is a configuration value that must never reach a log: it prints as ******.
type Secret string

// String hides the value from fmt's %v and %s, also inside a printed Config.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "******"
}

// GoString hides the value from %#v.
func (s Secret) GoString() string { return `"` + s.String() + `"` }

// LogValue hides the value from slog.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText hides the value from JSON and other encoders.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Reveal is the value itself, for the code that uses it.
func (s Secret) Reveal() string { return string(s) }

// Getenv is how Load reads a variable; tests pass a map's lookup instead of the process environment.
type Getenv func(string) string

// FromEnvironment loads the configuration from the process environment.
func FromEnvironment() (*Config, error) { return Load(os.Getenv) }

// Load builds the configuration from defaults and the variables that getenv returns.
func Load(getenv Getenv) (*Config, error) {
	r := reader{getenv: getenv}
	c := &Config{
		Addr:            r.str("SELLERHUB_ADDR", "127.0.0.1:8080"),
		DatabaseURL:     r.str("SELLERHUB_DATABASE_URL", "sqlite://data/sellerhub.db"),
		RedisURL:        r.str("SELLERHUB_REDIS_URL", ""),
		RedisPrefix:     r.str("SELLERHUB_REDIS_PREFIX", "sellerhub:"),
		AdminAccount:    r.str("SELLERHUB_ADMIN_ACCOUNT", "admin@sellerhub.local"),
		AdminPassword:   r.str("SELLERHUB_ADMIN_PASSWORD", ""),
		SessionIdle:     r.duration("SELLERHUB_SESSION_IDLE", 3*time.Hour),
		SessionLifetime: r.duration("SELLERHUB_SESSION_LIFETIME", 24*time.Hour),
		QueryTimeout:    r.duration("SELLERHUB_QUERY_TIMEOUT", 5*time.Second),
		ListCountCap:    r.integer("SELLERHUB_LIST_COUNT_CAP", 1000),
		ActiveRequests:  r.integer("SELLERHUB_ACTIVE_REQUESTS", 2*runtime.GOMAXPROCS(0)),
		PublicURL:       r.str("SELLERHUB_PUBLIC_URL", ""),
		SSOURL:          r.str("SELLERHUB_SSO_URL", ""),
		SSOLogoutURL:    r.str("SELLERHUB_SSO_LOGOUT_URL", ""),
		LegacyURL:       r.str("SELLERHUB_LEGACY_URL", ""),
		HelpURL:         r.str("SELLERHUB_HELP_URL", ""),
		MessagePoll:     r.duration("SELLERHUB_MESSAGE_POLL", 100*time.Second),
		ReportPoll:      r.duration("SELLERHUB_REPORT_POLL", 15*time.Second),
		SyncSchedule:    r.duration("SELLERHUB_SYNC_SCHEDULE", time.Minute),
		SMTPHost:        r.str("SELLERHUB_SMTP_HOST", ""),
		SMTPPort:        r.integer("SELLERHUB_SMTP_PORT", 587),
		SMTPUser:        r.str("SELLERHUB_SMTP_USER", ""),
		SMTPPassword:    r.str("SELLERHUB_SMTP_PASSWORD", ""),
		SMTPFrom:        r.str("SELLERHUB_SMTP_FROM", ""),
		SMSURL:          r.str("SELLERHUB_SMS_URL", ""),
		SMSToken:        r.str("SELLERHUB_SMS_TOKEN", ""),
		UploadDir:       r.str("SELLERHUB_UPLOAD_DIR", "data/uploads"),
		FilingNumber:    r.str("SELLERHUB_FILING_NUMBER", ""),
		LogFormat:       r.str("SELLERHUB_LOG_FORMAT", "json"),
		LogLevel:        r.logLevel("SELLERHUB_LOG_LEVEL", slog.LevelInfo),
		WorkerCount:     r.integer("SELLERHUB_WORKER_COUNT", 4),
		JobPoll:         r.duration("SELLERHUB_JOB_POLL", time.Second),
		JobRescueAfter:  r.duration("SELLERHUB_JOB_RESCUE_AFTER", 15*time.Minute),
		JobGoneAfter:    r.duration("SELLERHUB_JOB_GONE_AFTER", 30*time.Second),
		SecretKey:       Secret(r.str("SELLERHUB_SECRET_KEY", "")),
		Alibaba: Alibaba{AppKey: r.str("SELLERHUB_ALIBABA_APP_KEY", ""),
			AppSecret:  Secret(r.str("SELLERHUB_ALIBABA_APP_SECRET", "")),
			AuthURL:    r.str("SELLERHUB_ALIBABA_AUTH_URL", "https://auth.1688.com/oauth/authorize"),
			GatewayURL: r.str("SELLERHUB_ALIBABA_GATEWAY_URL", "https://gw.open.1688.com/openapi")},
		AliExpress: AliExpress{AppKey: r.str("SELLERHUB_ALIEXPRESS_APP_KEY", ""),
			AppSecret: Secret(r.str("SELLERHUB_ALIEXPRESS_APP_SECRET", "")),
			AuthURL:   r.str("SELLERHUB_ALIEXPRESS_AUTH_URL", "https://api-sg.aliexpress.com/oauth/authorize"),
			APIURL:    r.str("SELLERHUB_ALIEXPRESS_API_URL", "https://api-sg.aliexpress.com/rest")},
		Amazon: Amazon{
			AppID:        r.str("SELLERHUB_AMAZON_APP_ID", ""),
			ClientID:     r.str("SELLERHUB_AMAZON_CLIENT_ID", ""),
			ClientSecret: Secret(r.str("SELLERHUB_AMAZON_CLIENT_SECRET", "")),
			SecretQueue: SecretQueue{URL: r.str("SELLERHUB_AMAZON_SECRET_QUEUE_URL", ""),
				AccessKey: r.str("SELLERHUB_AWS_ACCESS_KEY_ID", ""), SecretKey: Secret(r.str("SELLERHUB_AWS_SECRET_ACCESS_KEY", "")),
				Region: r.str("SELLERHUB_AWS_REGION", "")},
			TokenURL:          r.str("SELLERHUB_AMAZON_TOKEN_URL", "https://api.amazon.com/auth/o2/token"),
			ConsentURL:        r.str("SELLERHUB_AMAZON_CONSENT_URL", ""),
			SellingPartnerURL: r.str("SELLERHUB_AMAZON_SPAPI_URL", ""),
			Timeout:           r.duration("SELLERHUB_AMAZON_TIMEOUT", 30*time.Second),

			AdvertisingClientID:     r.str("SELLERHUB_AMAZON_ADV_CLIENT_ID", ""),
			AdvertisingClientSecret: Secret(r.str("SELLERHUB_AMAZON_ADV_CLIENT_SECRET", "")),
			AdvertisingConsentURL:   r.str("SELLERHUB_AMAZON_ADV_CONSENT_URL", ""),
			AdvertisingURL:          r.str("SELLERHUB_AMAZON_ADV_API_URL", ""),
			AdvertisingTokenURL:     r.str("SELLERHUB_AMAZON_ADV_TOKEN_URL", ""),
		},
	}
	c.Amazon.DraftApp = r.boolean("SELLERHUB_AMAZON_DRAFT_APP", false)
	if v := r.str("SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED", ""); v != "" {
		day, err := time.Parse(time.DateOnly, v)
		if err != nil {
			r.fail("SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED", v, "expected a date such as 2026-06-01")
		}
		c.Amazon.ClientSecretIssued = day
	}
	c.Workers = r.boolean("SELLERHUB_WORKERS", true)
	c.Role = r.str("SELLERHUB_ROLE", "all")
	c.Web = true
	switch c.Role {
	case "all":
	case "web":
		c.Workers = false
	case "worker":
		c.Web = false
		if !c.Workers {
			r.fail("SELLERHUB_ROLE", c.Role, "a worker with SELLERHUB_WORKERS=false would do nothing")
		}
	default:
		r.fail("SELLERHUB_ROLE", c.Role, "expected all, web or worker")
	}
	c.MetricsToken = Secret(r.str("SELLERHUB_METRICS_TOKEN", ""))
	if n := len(c.MetricsToken.Reveal()); n > 0 && n < 16 {
		r.fail("SELLERHUB_METRICS_TOKEN", "******", "at least 16 characters")
	}
	c.MetricsAddr = r.str("SELLERHUB_METRICS_ADDR", "")
	c.DrainWait = r.duration("SELLERHUB_DRAIN_WAIT", 5*time.Second)
	if c.DrainWait < 0 {
		r.fail("SELLERHUB_DRAIN_WAIT", c.DrainWait.String(), "expected 0 or more")
	}
	c.ShutdownGrace = r.duration("SELLERHUB_SHUTDOWN_GRACE", 30*time.Second)
	if c.ShutdownGrace <= 0 {
		r.fail("SELLERHUB_SHUTDOWN_GRACE", c.ShutdownGrace.String(), "expected more than 0")
	}
	c.DemoData = r.boolean("SELLERHUB_DEMO_DATA", true)
	c.TimeZone = r.location("SELLERHUB_TIMEZONE", "Asia/Shanghai")
	c.PlatformAdmins = r.list("SELLERHUB_PLATFORM_ADMINS", c.AdminAccount)
	c.TrustedProxies = r.networks("SELLERHUB_TRUSTED_PROXIES")
	c.SecureCookies = r.boolean("SELLERHUB_SECURE_COOKIES", strings.HasPrefix(c.PublicURL, "https://"))
	c.validate(&r)
	if r.err != nil {
		return nil, r.err
	}
	return c, nil
}

func (c *Config) validate(r *reader) {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		r.fail("SELLERHUB_ADDR", c.Addr, "expected host:port")
	}
	if _, err := ParseDatabaseURL(c.DatabaseURL); err != nil {
		r.fail("SELLERHUB_DATABASE_URL", redactPassword(c.DatabaseURL), err.Error())
	}
	if c.RedisURL != "" && !strings.HasPrefix(c.RedisURL, "redis://") && !strings.HasPrefix(c.RedisURL, "rediss://") {
		r.fail("SELLERHUB_REDIS_URL", c.RedisURL, "expected redis://host:port/db")
	}
	if strings.TrimSpace(c.AdminAccount) == "" {
		r.fail("SELLERHUB_ADMIN_ACCOUNT", c.AdminAccount, "must not be empty")
	}
	for _, a := range c.PlatformAdmins {
		if a == "" || strings.ContainsAny(a, " \t") {
			r.fail("SELLERHUB_PLATFORM_ADMINS", strings.Join(c.PlatformAdmins, ","), "expected accounts separated by commas")
			break
		}
	}
	if c.SessionIdle <= 0 || c.SessionLifetime < c.SessionIdle {
		r.fail("SELLERHUB_SESSION_IDLE", c.SessionIdle.String(), "must be positive and not longer than SELLERHUB_SESSION_LIFETIME")
	}
	for name, v := range map[string]string{"SELLERHUB_AMAZON_TOKEN_URL": c.Amazon.TokenURL,
		"SELLERHUB_AMAZON_CONSENT_URL": c.Amazon.ConsentURL, "SELLERHUB_AMAZON_SPAPI_URL": c.Amazon.SellingPartnerURL,
		"SELLERHUB_AMAZON_ADV_CONSENT_URL": c.Amazon.AdvertisingConsentURL, "SELLERHUB_AMAZON_ADV_API_URL": c.Amazon.AdvertisingURL,
		"SELLERHUB_AMAZON_ADV_TOKEN_URL": c.Amazon.AdvertisingTokenURL,
		"SELLERHUB_PUBLIC_URL":           c.PublicURL, "SELLERHUB_SSO_URL": c.SSOURL,
		"SELLERHUB_SSO_LOGOUT_URL": c.SSOLogoutURL, "SELLERHUB_LEGACY_URL": c.LegacyURL, "SELLERHUB_SMS_URL": c.SMSURL, "SELLERHUB_HELP_URL": c.HelpURL} {
		if v == "" {
			continue
		}
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			r.fail(name, v, "expected an http(s):// URL")
		}
	}
	if c.SMTPHost != "" {
		if _, err := mail.ParseAddress(c.SMTPFrom); err != nil {
			r.fail("SELLERHUB_SMTP_FROM", c.SMTPFrom, "expected the sender's e-mail address when SELLERHUB_SMTP_HOST is set")
		}
	}
	if c.SMTPPort <= 0 || c.SMTPPort > 65535 {
		r.fail("SELLERHUB_SMTP_PORT", strconv.Itoa(c.SMTPPort), "expected a port number")
	}
	if c.MessagePoll < time.Second {
		r.fail("SELLERHUB_MESSAGE_POLL", c.MessagePoll.String(), "must be at least 1s")
	}
	if c.SyncSchedule < time.Second || c.SyncSchedule > time.Hour {
		r.fail("SELLERHUB_SYNC_SCHEDULE", c.SyncSchedule.String(), "must be between 1s and 1h")
	}
	if c.JobPoll < 10*time.Millisecond || c.JobPoll > time.Minute {
		r.fail("SELLERHUB_JOB_POLL", c.JobPoll.String(), "must be between 10ms and 1m")
	}
	if c.ReportPoll < 10*time.Millisecond || c.ReportPoll > 10*time.Minute {
		r.fail("SELLERHUB_REPORT_POLL", c.ReportPoll.String(), "must be between 10ms and 10m")
	}
	// The folder is made on the first upload; what must not happen is finding a file where it should be.
	if st, err := os.Stat(c.UploadDir); err == nil && !st.IsDir() {
		r.fail("SELLERHUB_UPLOAD_DIR", c.UploadDir, "exists and is not a folder")
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		r.fail("SELLERHUB_UPLOAD_DIR", c.UploadDir, err.Error())
	}
	if k := c.SecretKey.Reveal(); k != "" && len(k) < 32 {
		r.fail("SELLERHUB_SECRET_KEY", c.SecretKey.String(), "must be at least 32 characters")
	}
	if c.Amazon.Timeout < time.Second || c.Amazon.Timeout > 10*time.Minute {
		r.fail("SELLERHUB_AMAZON_TIMEOUT", c.Amazon.Timeout.String(), "must be between 1s and 10m")
	}
	if (c.Amazon.ClientID == "") != (c.Amazon.ClientSecret == "") {
		r.fail("SELLERHUB_AMAZON_CLIENT_SECRET", c.Amazon.ClientSecret.String(), "SELLERHUB_AMAZON_CLIENT_ID and SELLERHUB_AMAZON_CLIENT_SECRET go together")
	}
	if (c.Amazon.AdvertisingClientID == "") != (c.Amazon.AdvertisingClientSecret == "") {
		r.fail("SELLERHUB_AMAZON_ADV_CLIENT_SECRET", c.Amazon.AdvertisingClientSecret.String(), "SELLERHUB_AMAZON_ADV_CLIENT_ID and SELLERHUB_AMAZON_ADV_CLIENT_SECRET go together")
	}
	if c.WorkerCount < 1 || c.WorkerCount > 100 {
		r.fail("SELLERHUB_WORKER_COUNT", strconv.Itoa(c.WorkerCount), "must be between 1 and 100")
	}
	if c.QueryTimeout <= 0 || c.QueryTimeout > 10*time.Minute {
		r.fail("SELLERHUB_QUERY_TIMEOUT", c.QueryTimeout.String(), "must be positive and at most 10m")
	}
	if c.ActiveRequests < 1 || c.ActiveRequests > 10000 {
		r.fail("SELLERHUB_ACTIVE_REQUESTS", strconv.Itoa(c.ActiveRequests), "must be between 1 and 10000")
	}
	if c.ListCountCap < 1 || c.ListCountCap > 1000000 {
		r.fail("SELLERHUB_LIST_COUNT_CAP", strconv.Itoa(c.ListCountCap), "must be between 1 and 1000000")
	}
	if c.JobRescueAfter < time.Minute || c.JobRescueAfter > 24*time.Hour {
		r.fail("SELLERHUB_JOB_RESCUE_AFTER", c.JobRescueAfter.String(), "must be between 1m and 24h")
	}
	if c.JobGoneAfter < 3*time.Second || c.JobGoneAfter > 10*time.Minute || c.JobGoneAfter >= c.JobRescueAfter {
		r.fail("SELLERHUB_JOB_GONE_AFTER", c.JobGoneAfter.String(), "must be between 3s and 10m, and shorter than SELLERHUB_JOB_RESCUE_AFTER")
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		r.fail("SELLERHUB_LOG_FORMAT", c.LogFormat, "expected json or text")
	}
}

// Database names the driver and its connection string, parsed from SELLERHUB_DATABASE_URL.
type Database struct {
	Driver string // sqlite or postgres
	DSN    string // what the driver opens
}

// ParseDatabaseURL turns sqlite://relative/path, sqlite:///absolute/path, sqlite://:memory: and postgres://...
// into a driver name and DSN. The product runs on those two only: a mysql:// URL is refused by name, as MariaDB
// and MySQL are no longer supported.
func ParseDatabaseURL(raw string) (Database, error) {
	switch {
	case strings.HasPrefix(raw, "sqlite://"):
		path := strings.TrimPrefix(raw, "sqlite://")
		if path == "" {
			return Database{}, fmt.Errorf("sqlite:// needs a file path")
		}
		return Database{Driver: "sqlite", DSN: path}, nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		if _, err := url.Parse(raw); err != nil {
			return Database{}, fmt.Errorf("not a valid postgres URL")
		}
		return Database{Driver: "postgres", DSN: raw}, nil
	case strings.HasPrefix(raw, "mysql://"):
		return Database{}, fmt.Errorf("MariaDB/MySQL is no longer supported: use sqlite:// (the embedded default) or postgres://")
	}
	return Database{}, fmt.Errorf("expected sqlite:// or postgres://")
}

// redactPassword hides the password of a URL that has one, so that a refused database URL can be shown.
func redactPassword(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		if _, ok := u.User.Password(); ok {
			return u.Redacted()
		}
	}
	return raw
}

// reader collects the first bad value so that start-up reports it by name.
type reader struct {
	getenv Getenv
	err    error
}

func (r *reader) fail(name, value, why string) {
	if r.err == nil {
		r.err = fmt.Errorf("配置错误 %s=%q: %s", name, value, why)
	}
}

func (r *reader) str(name, def string) string {
	if v := strings.TrimSpace(r.getenv(name)); v != "" {
		return v
	}
	return def
}

// logLevel reads debug, info, warn or error.
func (r *reader) logLevel(name string, def slog.Level) slog.Level {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(v)); err != nil || strings.ContainsAny(v, "+-") {
		r.fail(name, v, "expected debug, info, warn or error")
		return def
	}
	return l
}

// list reads comma-separated values, each trimmed; an empty one is kept for validate to name.
func (r *reader) list(name, def string) []string {
	parts := strings.Split(r.str(name, def), ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// networks reads comma-separated CIDRs; a bare address stands for itself alone.
func (r *reader) networks(name string) []*net.IPNet {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	var out []*net.IPNet
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if ip := net.ParseIP(part); ip != nil {
			bits := 8 * len(ip.To16())
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(part)
		if err != nil {
			r.fail(name, v, "expected addresses or CIDRs (10.0.0.0/8) separated by commas")
			return nil
		}
		out = append(out, n)
	}
	return out
}

func (r *reader) duration(name string, def time.Duration) time.Duration {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		r.fail(name, v, "expected a duration such as 3h or 90m")
		return def
	}
	return d
}

func (r *reader) integer(name string, def int) int {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.fail(name, v, "expected a whole number")
		return def
	}
	return n
}

func (r *reader) boolean(name string, def bool) bool {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.fail(name, v, "expected true or false")
		return def
	}
	return b
}

func (r *reader) location(name, def string) *time.Location {
	v := r.str(name, def)
	loc, err := time.LoadLocation(v)
	if err != nil {
		r.fail(name, v, "unknown time zone")
		return time.UTC
	}
	return loc
}
