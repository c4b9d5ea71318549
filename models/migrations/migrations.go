// Package migrations holds the product's schema as goose migrations embedded in the binary, one set for SQLite and
// PostgreSQL: ${ID}, ${TIME}, ${BLOB} and ${ROWID} (a primary key SQLite stores its rows by, for tables written
// millions of rows at a time) are replaced per database. A change only one engine can make is a pair of files of one
// version, NNNNN_name.postgres.sql and NNNNN_name.sqlite.sql, of which goose reads the database's own.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/pressly/goose/v3"
)

//go:embed *.sql
var files embed.FS

type dialect struct {
	name  string
	goose goose.Dialect
	types *strings.Replacer
}

var dialects = map[string]dialect{
	"sqlite":   {"sqlite", goose.DialectSQLite3, strings.NewReplacer("${ID}", "BIGINT", "${ROWID}", "INTEGER", "${TIME}", "DATETIME", "${BLOB}", "BLOB")},
	"postgres": {"postgres", goose.DialectPostgres, strings.NewReplacer("${ID}", "BIGINT", "${ROWID}", "BIGINT", "${TIME}", "TIMESTAMPTZ", "${BLOB}", "BYTEA")},
}

// Up applies every migration not applied yet.
func Up(ctx context.Context, db *sql.DB, driver string) error {
	p, err := provider(db, driver)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Reset rolls every migration back; tests use it to prove the down migrations work.
func Reset(ctx context.Context, db *sql.DB, driver string) error { return DownTo(ctx, db, driver, 0) }

// DownTo rolls back the migrations after version; a test of a migration that changes data uses it to stand the
// data where that migration finds it.
func DownTo(ctx context.Context, db *sql.DB, driver string, version int64) error {
	p, err := provider(db, driver)
	if err != nil {
		return err
	}
	_, err = p.DownTo(ctx, version)
	return err
}

func provider(db *sql.DB, driver string) (*goose.Provider, error) {
	d, ok := dialects[driver]
	if !ok {
		return nil, fmt.Errorf("migrate: unknown database driver %q", driver)
	}
	fsys, err := rewrite(d)
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(d.goose, db, fsys)
}

// rewrite returns the embedded migrations of the database, with its type names in place of the placeholders.
func rewrite(d dialect) (fs.FS, error) {
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name, ok := fileFor(e.Name(), d.name)
		if !ok {
			continue
		}
		b, err := files.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		out[name] = &fstest.MapFile{Data: []byte(d.types.Replace(string(b)))}
	}
	return out, nil
}

// fileFor names a migration file as goose sees it on the database, and tells whether it applies there: a file of
// one engine (name.<engine>.sql) applies only to that engine and loses the engine's name.
func fileFor(file, engine string) (string, bool) {
	base := strings.TrimSuffix(file, ".sql")
	for e := range dialects {
		if strings.HasSuffix(base, "."+e) {
			return strings.TrimSuffix(base, "."+e) + ".sql", e == engine
		}
	}
	return file, true
}
