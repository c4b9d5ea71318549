package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) Getenv { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DatabaseURL != "sqlite://data/sellerhub.db" || c.RedisURL != "" ||
		c.SessionIdle != 3*time.Hour || c.TimeZone.String() != "Asia/Shanghai" || c.SecureCookies || c.AdminAccount == "" ||
		!c.Workers || c.WorkerCount != 4 || c.JobRescueAfter != 15*time.Minute || c.JobGoneAfter != 30*time.Second ||
		c.ListCountCap != 1000 {
		t.Fatalf("defaults: %+v", c)
	}
	if c.LogLevel != slog.LevelInfo {
		t.Errorf("default log level %s, want info", c.LogLevel)
	}
	for in, want := range map[string]slog.Level{"debug": slog.LevelDebug, "INFO": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError} {
		if c, err := Load(env(map[string]string{"SELLERHUB_LOG_LEVEL": in})); err != nil || c.LogLevel != want {
			t.Errorf("SELLERHUB_LOG_LEVEL=%s: %v %v", in, c, err)
		}
	}
}

// An instance that only serves pages turns its workers off; the others' settings are taken as given.
func TestJobSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"SELLERHUB_WORKERS": "false", "SELLERHUB_WORKER_COUNT": "8",
		"SELLERHUB_JOB_RESCUE_AFTER": "1h", "SELLERHUB_JOB_GONE_AFTER": "3s"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Workers || c.WorkerCount != 8 || c.JobRescueAfter != time.Hour || c.JobGoneAfter != 3*time.Second {
		t.Fatalf("job settings: workers %v, count %d, rescue after %s, gone after %s", c.Workers, c.WorkerCount, c.JobRescueAfter, c.JobGoneAfter)
	}
	// An instance is taken as gone before River's last resort would take its job as stuck.
	if _, err := Load(env(map[string]string{"SELLERHUB_JOB_RESCUE_AFTER": "1m", "SELLERHUB_JOB_GONE_AFTER": "2m"})); err == nil ||
		!strings.Contains(err.Error(), "SELLERHUB_JOB_GONE_AFTER") {
		t.Errorf("gone after longer than the rescue: %v", err)
	}
}

// SELLERHUB_ROLE turns the web server (worker) or the job workers (web) off; all, the default, runs both.
func TestRoles(t *testing.T) {
	for role, want := range map[string][2]bool{"": {true, true}, "all": {true, true}, "web": {true, false}, "worker": {false, true}} {
		c, err := Load(env(map[string]string{"SELLERHUB_ROLE": role}))
		if err != nil {
			t.Fatalf("SELLERHUB_ROLE=%q: %v", role, err)
		}
		if c.Web != want[0] || c.Workers != want[1] {
			t.Errorf("SELLERHUB_ROLE=%q: web %v workers %v, want %v", role, c.Web, c.Workers, want)
		}
	}
	if _, err := Load(env(map[string]string{"SELLERHUB_ROLE": "worker", "SELLERHUB_WORKERS": "false"})); err == nil ||
		!strings.Contains(err.Error(), "SELLERHUB_ROLE") {
		t.Errorf("a worker without workers: %v", err)
	}
}

// The settings of an instance among several: metrics off by default, the stop's drain and grace, the Redis prefix.
func TestInstanceSettings(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsToken.Reveal() != "" || c.MetricsAddr != "" || c.DrainWait != 5*time.Second ||
		c.ShutdownGrace != 30*time.Second || c.RedisPrefix != "sellerhub:" {
		t.Fatalf("defaults: token %q addr %q drain %v grace %v prefix %q", c.MetricsToken.Reveal(), c.MetricsAddr,
			c.DrainWait, c.ShutdownGrace, c.RedisPrefix)
	}
	c, err = Load(env(map[string]string{"SELLERHUB_METRICS_TOKEN": "0123456789abcdef", "SELLERHUB_METRICS_ADDR": "10.0.0.5:9090",
		"SELLERHUB_DRAIN_WAIT": "0s", "SELLERHUB_SHUTDOWN_GRACE": "2m", "SELLERHUB_REDIS_PREFIX": "shop2:"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsToken.Reveal() != "0123456789abcdef" || c.MetricsToken.String() == "0123456789abcdef" ||
		c.MetricsAddr != "10.0.0.5:9090" || c.DrainWait != 0 || c.ShutdownGrace != 2*time.Minute || c.RedisPrefix != "shop2:" {
		t.Fatalf("set: %+v", c)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	for name, value := range map[string]string{
		"SELLERHUB_ADDR":             "no-port",
		"SELLERHUB_DATABASE_URL":     "oracle://x",
		"SELLERHUB_REDIS_URL":        "localhost:6379",
		"SELLERHUB_SESSION_IDLE":     "three hours",
		"SELLERHUB_SMTP_PORT":        "smtp",
		"SELLERHUB_SSO_URL":          "sso.example",
		"SELLERHUB_TIMEZONE":         "Mars/Olympus",
		"SELLERHUB_SECURE_COOKIES":   "maybe",
		"SELLERHUB_LOG_FORMAT":       "xml",
		"SELLERHUB_LOG_LEVEL":        "verbose",
		"SELLERHUB_MESSAGE_POLL":     "10ms",
		"SELLERHUB_PLATFORM_ADMINS":  "ops@example.com,,root@example.com",
		"SELLERHUB_WORKERS":          "off",
		"SELLERHUB_WORKER_COUNT":     "0",
		"SELLERHUB_JOB_RESCUE_AFTER": "30s",
		"SELLERHUB_JOB_GONE_AFTER":   "1s",
		"SELLERHUB_REPORT_POLL":      "1ms",
		"SELLERHUB_JOB_POLL":         "2m",
		"SELLERHUB_QUERY_TIMEOUT":    "0s",
		"SELLERHUB_LIST_COUNT_CAP":   "0",
		"SELLERHUB_ACTIVE_REQUESTS":  "0",
		"SELLERHUB_SYNC_SCHEDULE":    "500ms",
		"SELLERHUB_ROLE":             "both",
		"SELLERHUB_METRICS_TOKEN":    "short",
		"SELLERHUB_DRAIN_WAIT":       "-1s",
		"SELLERHUB_SHUTDOWN_GRACE":   "0s",
	} {
		_, err := Load(env(map[string]string{name: value}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: error %v does not name the variable", name, value, err)
		}
	}
	_, err := Load(env(map[string]string{"SELLERHUB_SMTP_HOST": "mail.example.com"}))
	if err == nil || !strings.Contains(err.Error(), "SELLERHUB_SMTP_FROM") {
		t.Errorf("SMTP without a sender address: %v", err)
	}
}

func TestDatabaseURLs(t *testing.T) {
	for in, want := range map[string]Database{
		"sqlite://data/x.db":     {"sqlite", "data/x.db"},
		"sqlite:///var/lib/x.db": {"sqlite", "/var/lib/x.db"},
		"postgres://u@h:5432/db": {"postgres", "postgres://u@h:5432/db"},
	} {
		got, err := ParseDatabaseURL(in)
		if err != nil || got != want {
			t.Errorf("%s -> %+v %v, want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"sqlite://", "mysql://root@host", "mysql://root:pw@127.0.0.1:3306/app", "file.db"} {
		if _, err := ParseDatabaseURL(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// MariaDB/MySQL support was retired: a mysql:// URL stops start-up with a message that names the variable and
// says so, without showing the URL's password.
func TestMySQLURLIsRefused(t *testing.T) {
	_, err := Load(env(map[string]string{"SELLERHUB_DATABASE_URL": "mysql://root:s3cret-pw@127.0.0.1:3306/app"}))
	if err == nil || !strings.Contains(err.Error(), "SELLERHUB_DATABASE_URL") ||
		!strings.Contains(err.Error(), "MariaDB/MySQL is no longer supported") {
		t.Fatalf("a mysql:// URL: %v", err)
	}
	if strings.Contains(err.Error(), "s3cret-pw") {
		t.Fatalf("the refusal shows the password: %v", err)
	}
}

func TestHTTPSPublicURLTurnsOnSecureCookies(t *testing.T) {
	c, err := Load(env(map[string]string{"SELLERHUB_PUBLIC_URL": "https://erp.example.com"}))
	if err != nil || !c.SecureCookies {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestUploadDir(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.UploadDir != "data/uploads" {
		t.Fatalf("default upload folder: %+v %v", c, err)
	}
	dir := t.TempDir()
	if c, err := Load(env(map[string]string{"SELLERHUB_UPLOAD_DIR": dir})); err != nil || c.UploadDir != dir {
		t.Fatalf("an existing folder: %v", err)
	}
	file := filepath.Join(dir, "not-a-folder")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Load(env(map[string]string{"SELLERHUB_UPLOAD_DIR": file}))
	if err == nil || !strings.Contains(err.Error(), "SELLERHUB_UPLOAD_DIR") {
		t.Fatalf("a file as the upload folder: %v", err)
	}
}

func TestPlatformAdmins(t *testing.T) {
	c, err := Load(env(map[string]string{"SELLERHUB_ADMIN_ACCOUNT": "boss@example.com"}))
	if err != nil || len(c.PlatformAdmins) != 1 || c.PlatformAdmins[0] != "boss@example.com" {
		t.Fatalf("default is the seeded admin: %q %v", c.PlatformAdmins, err)
	}
	c, err = Load(env(map[string]string{"SELLERHUB_PLATFORM_ADMINS": " ops@example.com , 13800000000 "}))
	if err != nil || strings.Join(c.PlatformAdmins, "|") != "ops@example.com|13800000000" {
		t.Fatalf("a list, trimmed: %q %v", c.PlatformAdmins, err)
	}
	if _, err := Load(env(map[string]string{"SELLERHUB_PLATFORM_ADMINS": "ops @example.com"})); err == nil {
		t.Fatal("an account with a space inside is accepted")
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.TrustedProxies != nil {
		t.Fatalf("default trusts no proxy: %v %v", c.TrustedProxies, err)
	}
	c, err = Load(env(map[string]string{"SELLERHUB_TRUSTED_PROXIES": " 10.0.0.0/8, 192.168.1.7 ,fd00::/8"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range c.TrustedProxies {
		got = append(got, n.String())
	}
	if strings.Join(got, "|") != "10.0.0.0/8|192.168.1.7/32|fd00::/8" {
		t.Fatalf("proxies %q", got)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "10.0.0.1,,10.0.0.2"} {
		if _, err := Load(env(map[string]string{"SELLERHUB_TRUSTED_PROXIES": bad})); err == nil ||
			!strings.Contains(err.Error(), "SELLERHUB_TRUSTED_PROXIES") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}

func TestAmazonSettings(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Amazon.TokenURL != "https://api.amazon.com/auth/o2/token" || c.Amazon.Timeout != 30*time.Second ||
		c.Amazon.ConsentURL != "" || c.Amazon.SellingPartnerURL != "" || c.SecretKey != "" {
		t.Fatalf("amazon defaults: %+v", c.Amazon)
	}
	for name, value := range map[string]string{
		"SELLERHUB_SECRET_KEY":                  "too-short",
		"SELLERHUB_AMAZON_TOKEN_URL":            "api.amazon.com/auth/o2/token",
		"SELLERHUB_AMAZON_CONSENT_URL":          "ftp://sellercentral",
		"SELLERHUB_AMAZON_SPAPI_URL":            "nowhere",
		"SELLERHUB_AMAZON_TIMEOUT":              "20m",
		"SELLERHUB_AMAZON_DRAFT_APP":            "perhaps",
		"SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED": "2026/06/01",
	} {
		_, err := Load(env(map[string]string{name: value}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: error %v does not name the variable", name, value, err)
		}
	}
	_, err = Load(env(map[string]string{"SELLERHUB_AMAZON_CLIENT_ID": "amzn1.application-oa2-client.x"}))
	if err == nil || !strings.Contains(err.Error(), "SELLERHUB_AMAZON_CLIENT_SECRET") {
		t.Errorf("client id without secret: %v", err)
	}
}

// Secrets print as ****** however the configuration is printed or logged, and so do bad values of them.
func TestSecretsAreNeverPrinted(t *testing.T) {
	const key, secret = "a-very-secret-key-of-at-least-32-chars", "amzn1.oa2-cs.v1.topsecret"
	c, err := Load(env(map[string]string{"SELLERHUB_SECRET_KEY": key, "SELLERHUB_AMAZON_CLIENT_ID": "id",
		"SELLERHUB_AMAZON_CLIENT_SECRET": secret}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SecretKey.Reveal() != key || c.Amazon.ClientSecret.Reveal() != secret {
		t.Fatal("the values themselves are lost")
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("config", "amazon", c.Amazon, "key", c.SecretKey)
	js, _ := json.Marshal(c)
	for _, out := range []string{fmt.Sprintf("%v %+v %#v %s", c, c, c, c.SecretKey), logged.String(), string(js)} {
		if strings.Contains(out, key) || strings.Contains(out, secret) {
			t.Fatalf("a secret was printed: %s", out)
		}
	}
	_, err = Load(env(map[string]string{"SELLERHUB_SECRET_KEY": "short-secret"}))
	if err == nil || strings.Contains(err.Error(), "short-secret") {
		t.Fatalf("the bad key's error shows it: %v", err)
	}
}
