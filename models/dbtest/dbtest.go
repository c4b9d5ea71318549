// Package dbtest gives tests a fresh, migrated database of each kind the product supports: SQLite always,
// PostgreSQL when it answers (SELLERHUB_TEST_POSTGRES_URL, defaulting to the CI machine's server). With CI=true
// a server that does not answer fails the test instead of skipping.
// Every call creates its own database, so tests never see each other's rows: a copy of a template migrated once.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/migrations"
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

// Open returns a fresh migrated database of the kind, dropped when the test ends. It is a copy of a template that
// was migrated once, not migrated itself: on PostgreSQL a migration took a second and a copy a tenth of that, in
// about 170 tests of a run.
func Open(t testing.TB, kind string) *models.DB {
	t.Helper()
	var dbURL string
	if kind == SQLite {
		dbURL = sqliteCopy(t)
	} else {
		dbURL = serverCopy(t, kind)
	}
	db, err := models.Open(dbURL)
	if err != nil {
		t.Fatalf("open %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// sqliteTemplate is the database file a SQLite database is migrated into, made once per test process.
var sqliteTemplate struct {
	once sync.Once
	file []byte
	err  error
}

// sqliteCopy writes the migrated template into a file in the test's temporary folder, as production keeps its
// database in a file (an in-memory shared-cache database locks whole tables and would fail concurrent tests that
// production passes), and returns its SELLERHUB_DATABASE_URL.
func sqliteCopy(t testing.TB) string {
	t.Helper()
	sqliteTemplate.once.Do(func() { sqliteTemplate.file, sqliteTemplate.err = migratedSQLite() })
	if sqliteTemplate.err != nil {
		t.Fatalf("migrate the sqlite template: %v", sqliteTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "sellerhub.db")
	if err := os.WriteFile(path, sqliteTemplate.file, 0o600); err != nil {
		t.Fatal(err)
	}
	return "sqlite://" + path
}

// migratedSQLite migrates a new SQLite database and returns its file.
func migratedSQLite() ([]byte, error) {
	dir, err := os.MkdirTemp("", "sellerhub-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sellerhub.db")
	db, err := models.Open("sqlite://" + path)
	if err != nil {
		return nil, err
	}
	err = db.Migrate(context.Background())
	if err == nil {
		// Everything the write-ahead log holds goes into the database file, which is then the whole database.
		err = db.Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error
	}
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// serverTemplates holds, per database server kind, the name of the migrated template database on the server.
var serverTemplates sync.Map // kind -> *serverTemplate

type serverTemplate struct {
	once sync.Once
	name string
	err  error
}

// serverCopy creates a database on the kind's server as a copy of the migrated template and returns its
// SELLERHUB_DATABASE_URL; the database is dropped when the test ends.
func serverCopy(t testing.TB, kind string) string {
	t.Helper()
	base := serverURL(kind)
	admin, err := openServer(kind, base)
	if err != nil {
		Unreachable(t, kind, err)
	}
	tpl, _ := serverTemplates.LoadOrStore(kind, &serverTemplate{})
	template := tpl.(*serverTemplate)
	template.once.Do(func() { template.name, template.err = migratedTemplate(admin, kind, base) })
	if template.err != nil {
		admin.Close()
		t.Fatalf("migrate the %s template: %v", kind, template.err)
	}
	name := "sellerhub_" + randomHex(6)
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template.name); err != nil {
		admin.Close()
		t.Fatalf("create %s database: %v", kind, err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("drop %s database %s: %v", kind, name, err)
		}
		admin.Close()
	})
	// A test's database does not outlive the test, so its commits need not wait for the disk: with each commit
	// flushed, seeding the demo company alone took most of a second. What a commit makes visible, and when, is
	// the same either way.
	if _, err := admin.Exec("ALTER DATABASE " + name + " SET synchronous_commit = off"); err != nil {
		t.Fatalf("configure %s database: %v", kind, err)
	}
	return databaseURL(base, name)
}

// migratedTemplate returns the name of the server's template database for the schema the migrations of this
// build make, migrating one first when the server has none. The template is named by the migrations'
// fingerprint and kept on the server, so that every test process, of this run and the next, copies the same one
// for as long as the migrations do not change, and a process whose migrations differ (another branch's) never
// copies it. It is migrated under a name of its own and renamed when complete: no process copies a template
// half-migrated, and of two processes that build one at once, the second's rename fails and it takes the first's.
func migratedTemplate(admin *sql.DB, kind, base string) (string, error) {
	fingerprint, err := migrations.Fingerprint(kind)
	if err != nil {
		return "", err
	}
	name := "sellerhub_template_" + fingerprint[:16]
	if ok, err := databaseExists(admin, name); ok || err != nil {
		return name, err
	}
	building := name + "_" + randomHex(4)
	if _, err := admin.Exec("CREATE DATABASE " + building); err != nil {
		return "", err
	}
	err = migrate(databaseURL(base, building))
	if err == nil {
		err = waitUntilUnused(admin, building)
	}
	if err == nil {
		_, err = admin.Exec("ALTER DATABASE " + building + " RENAME TO " + name)
	}
	if err != nil {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + building + " WITH (FORCE)")
		if ok, _ := databaseExists(admin, name); ok {
			return name, nil
		}
		return "", err
	}
	return name, nil
}

func migrate(dbURL string) error {
	db, err := models.Open(dbURL)
	if err != nil {
		return err
	}
	err = db.Migrate(context.Background())
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	return err
}

// waitUntilUnused waits until the server has ended the sessions of a closed pool on the database, which it does
// shortly after the client leaves: a database cannot be renamed or copied while a session is on it.
func waitUntilUnused(admin *sql.DB, name string) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		var sessions int
		if err := admin.QueryRow("SELECT count(*) FROM pg_stat_activity WHERE datname = $1", name).Scan(&sessions); err != nil {
			return err
		}
		if sessions == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d sessions still on %s", sessions, name)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func databaseExists(admin *sql.DB, name string) (bool, error) {
	var exists bool
	err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists)
	return exists, err
}

// databaseURL is the server URL base with the database name in its path.
func databaseURL(base, name string) string {
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
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
