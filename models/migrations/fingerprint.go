package migrations

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// Fingerprint is a digest of every migration a database of the driver gets, the product's and River's: two
// databases migrated by builds with the same fingerprint have the same schema. The tests name their migrated
// template database by it, so that a template is copied only by code that would have migrated it the same way.
func Fingerprint(driver string) (string, error) {
	d, ok := dialects[driver]
	if !ok {
		return "", fmt.Errorf("migrate: unknown database driver %q", driver)
	}
	fsys, err := rewrite(d)
	if err != nil {
		return "", err
	}
	names, err := fs.Glob(fsys, "*")
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	sum := sha256.New()
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s %d\n%s\n", name, len(b), b)
	}
	river, err := riverVersions(driver)
	if err != nil {
		return "", err
	}
	for _, m := range river {
		fmt.Fprintf(sum, "river %d %d\n%s\n", m.Version, len(m.SQLUp), m.SQLUp)
	}
	return hex.EncodeToString(sum.Sum(nil)), nil
}

// riverVersions lists River's migrations for the driver; listing them needs no connection.
func riverVersions(driver string) ([]rivermigrate.Migration, error) {
	if driver == "sqlite" {
		m, err := rivermigrate.New(riversqlite.New((*sql.DB)(nil)), nil)
		if err != nil {
			return nil, err
		}
		return m.AllVersions(), nil
	}
	m, err := rivermigrate.New(riverdatabasesql.New((*sql.DB)(nil)), nil)
	if err != nil {
		return nil, err
	}
	return m.AllVersions(), nil
}
