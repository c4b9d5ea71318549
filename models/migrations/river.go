package migrations

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// River creates or upgrades the job queue's tables (river_job, river_leader, ...) with River's own migrations,
// which it keeps in step with the River version in go.mod. Already applied versions are skipped.
func River(ctx context.Context, db *sql.DB, driver string) error {
	var err error
	switch driver {
	case "sqlite":
		err = riverUp(ctx, riversqlite.New(db))
	case "postgres":
		err = riverUp(ctx, riverdatabasesql.New(db))
	default:
		err = fmt.Errorf("unknown database driver %q", driver)
	}
	if err != nil {
		return fmt.Errorf("migrate the job queue: %w", err)
	}
	return nil
}

func riverUp[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}
