package dbtest

import (
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"sellerhub/models"
)

// prepared are the databases ForEachPrepared filled once per process, by kind and name.
var prepared sync.Map // kind + " " + name -> *preparedDB

type preparedDB struct {
	once   sync.Once
	file   []byte // SQLite: the whole database file
	server string // a server: the filled database, copied as a template
	kind   string
	base   string
	err    error
}

// ForEachPrepared runs fn once per database kind, each with a fresh copy of a database that prepare filled once in
// this process (name tells the fillings apart). For tests that each read the same costly data, such as months of
// imported Amazon reports: a copy costs milliseconds, a fill seconds. Call DropPrepared from TestMain.
func ForEachPrepared(t *testing.T, name string, prepare func(db *models.DB) error, fn func(t *testing.T, db *models.DB)) {
	t.Helper()
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) { fn(t, openPrepared(t, kind, name, prepare)) })
	}
}

func openPrepared(t *testing.T, kind, name string, prepare func(db *models.DB) error) *models.DB {
	t.Helper()
	v, _ := prepared.LoadOrStore(kind+" "+name, &preparedDB{})
	p := v.(*preparedDB)
	p.once.Do(func() { p.err = p.fill(kind, prepare) })
	if u, ok := p.err.(unreachable); ok {
		Unreachable(t, kind, u.err)
	}
	if p.err != nil {
		t.Fatalf("prepare the %s database %q: %v", kind, name, p.err)
	}
	var dbURL string
	if kind == SQLite {
		path := filepath.Join(t.TempDir(), "sellerhub.db")
		if err := os.WriteFile(path, p.file, 0o600); err != nil {
			t.Fatal(err)
		}
		dbURL = "sqlite://" + path
	} else {
		dbURL = copyServerDatabase(t, kind, p.server)
	}
	db, err := models.Open(dbURL)
	if err != nil {
		t.Fatalf("open %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// fill makes the prepared database: a migrated copy, filled, then kept (SQLite's file read whole; a server's
// database left for copies).
func (p *preparedDB) fill(kind string, prepare func(db *models.DB) error) error {
	dir, err := os.MkdirTemp("", "sellerhub-prepared-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var dbURL string
	var admin *sql.DB
	if kind == SQLite {
		sqliteTemplate.once.Do(func() { sqliteTemplate.file, sqliteTemplate.err = migratedSQLite() })
		if sqliteTemplate.err != nil {
			return sqliteTemplate.err
		}
		path := filepath.Join(dir, "sellerhub.db")
		if err := os.WriteFile(path, sqliteTemplate.file, 0o600); err != nil {
			return err
		}
		dbURL = "sqlite://" + path
	} else {
		p.kind, p.base = kind, serverURL(kind)
		if admin, err = openServer(kind, p.base); err != nil {
			return unreachable{err}
		}
		defer admin.Close()
		tpl, _ := serverTemplates.LoadOrStore(kind, &serverTemplate{})
		template := tpl.(*serverTemplate)
		template.once.Do(func() { template.name, template.err = migratedTemplate(admin, kind, p.base) })
		if template.err != nil {
			return template.err
		}
		p.server = "sellerhub_prepared_" + randomHex(6)
		if _, err := admin.Exec("CREATE DATABASE " + p.server + " TEMPLATE " + template.name); err != nil {
			return err
		}
		dbURL = databaseURL(p.base, p.server)
	}
	db, err := models.Open(dbURL)
	if err != nil {
		return err
	}
	err = prepare(db)
	if err == nil && kind == SQLite {
		err = db.Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error
	}
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	switch {
	case err != nil:
		return err
	case kind == SQLite:
		p.file, err = os.ReadFile(filepath.Join(dir, "sellerhub.db"))
		return err
	default:
		// A database is copied only once no session is on it.
		return waitUntilUnused(admin, p.server)
	}
}

// unreachable is a server that did not answer: the test skips, or fails under CI.
type unreachable struct{ err error }

func (u unreachable) Error() string { return u.err.Error() }

// copyServerDatabase creates a database on the kind's server as a copy of the template database from, dropped
// when the test ends.
func copyServerDatabase(t testing.TB, kind, from string) string {
	t.Helper()
	base := serverURL(kind)
	admin, err := openServer(kind, base)
	if err != nil {
		Unreachable(t, kind, err)
	}
	name := "sellerhub_" + randomHex(6)
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + from); err != nil {
		admin.Close()
		t.Fatalf("create %s database: %v", kind, err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("drop %s database %s: %v", kind, name, err)
		}
		admin.Close()
	})
	// A test's database does not outlive the test, so its commits need not wait for the disk; what a commit makes
	// visible, and when, is the same either way.
	if _, err := admin.Exec("ALTER DATABASE " + name + " SET synchronous_commit = off"); err != nil {
		t.Fatalf("configure %s database: %v", kind, err)
	}
	return databaseURL(base, name)
}

// DropPrepared drops the server databases ForEachPrepared filled; TestMain calls it after the tests.
func DropPrepared() {
	prepared.Range(func(_, v any) bool {
		p := v.(*preparedDB)
		if p.server == "" {
			return true
		}
		if admin, err := openServer(p.kind, p.base); err == nil {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + p.server + " WITH (FORCE)")
			admin.Close()
		}
		return true
	})
}
