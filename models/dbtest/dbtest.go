// Package dbtest gives tests a fresh, migrated database of each kind the product supports: SQLite always,
// PostgreSQL when it answers (SELLERHUB_TEST_POSTGRES_URL, defaulting to the CI machine's server). With CI=true
// a server that does not answer fails the test instead of skipping.
// Every call creates its own database, so tests never see each other's rows.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"sellerhub/models"
)

// Kinds of database the product runs on.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Kinds lists every kind of database the product runs on, the embedded default first.
var Kinds = []string{SQLite, Postgres}

func serverURL(kind string) string {
	switch kind {
	case Postgres:
		if v := os.Getenv("SELLERHUB_TEST_POSTGRES_URL"); v != "" {
			return v
		}
		return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	return ""
}

// ForEach runs fn once per database kind, each with a fresh migrated database.
func ForEach(t *testing.T, fn func(t *testing.T, db *models.DB)) {
	t.Helper()
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) { fn(t, Open(t, kind)) })
	}
}

// Open returns a fresh migrated database of the kind, dropped when the test ends.
func Open(t testing.TB, kind string) *models.DB {
	t.Helper()
	dbURL := FreshURL(t, kind)
	db, err := models.Open(dbURL)
	if err != nil {
		t.Fatalf("open %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", kind, err)
	}
	return db
}

// FreshURL creates an empty database of the kind and returns its SELLERHUB_DATABASE_URL. For SQLite it is a file
// in the test's temporary folder, as in production: an in-memory shared-cache database locks whole tables and
// would fail concurrent tests that production passes.
func FreshURL(t testing.TB, kind string) string {
	t.Helper()
	if kind == SQLite {
		return "sqlite://" + t.TempDir() + "/sellerhub.db"
	}
	base := serverURL(kind)
	admin, err := openServer(kind, base)
	if err != nil {
		Unreachable(t, kind, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "sellerhub_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		t.Fatalf("create %s database: %v", kind, err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("drop %s database %s: %v", kind, name, err)
		}
		admin.Close()
	})
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

// Unreachable skips, or under CI fails, a test whose server does not answer.
func Unreachable(t testing.TB, what string, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not reachable and CI=true requires it: %v", what, err)
	}
	t.Skipf("%s not reachable, skipped: %v", what, err)
}

// openServer connects to the server's maintenance database with database/sql through the product's own
// URL parsing, so tests exercise the same connection strings users configure.
func openServer(kind, base string) (*sql.DB, error) {
	db, err := models.Open(base)
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB.DB()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("%s: %w", strings.SplitN(base, "@", 2)[len(strings.SplitN(base, "@", 2))-1], err)
	}
	sqlDB.SetMaxOpenConns(2)
	return sqlDB, nil
}
