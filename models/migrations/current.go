package migrations

import (
	"context"
	"database/sql"
	"fmt"
)

// Current tells whether a database has every migration this build embeds (the readiness check): an instance
// started before `sellerhub migrate` ran, or a database rolled back, is not ready to serve.
type Current struct {
	check func(ctx context.Context) (int64, error)
	want  int64
}

// NewCurrent reads the embedded migrations once; Check then costs one query.
func NewCurrent(db *sql.DB, driver string) (*Current, error) {
	p, err := provider(db, driver)
	if err != nil {
		return nil, err
	}
	c := &Current{check: p.GetDBVersion}
	for _, s := range p.ListSources() {
		c.want = max(c.want, s.Version)
	}
	return c, nil
}

// Check answers nil when the database is at least at the newest embedded migration: a newer one is a later
// release's, which only expands the schema (README, "More than one instance"), so this release still serves on it
// during a rolling restart.
func (c *Current) Check(ctx context.Context) error {
	v, err := c.check(ctx)
	if err != nil {
		return err
	}
	if v < c.want {
		return fmt.Errorf("database at migration %d, this build expects %d", v, c.want)
	}
	return nil
}

// Newest is the newest migration this build embeds.
func (c *Current) Newest() int64 { return c.want }
