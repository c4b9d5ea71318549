package models

import "context"

// RefreshPlannerStatistics brings the statistics SQLite's planner picks indexes by up to date: at a million rows,
// a list without them reads the wrong index (the product list's first page took 257 ms instead of 2). PRAGMA
// optimize analyses only the tables that changed much since their last analysis, so it is cheap when nothing did.
// The analysis is whole: bounded (optimize's 0x10), its estimates led the same list to plans 100 times slower.
// The samples it writes in sqlite_stat4 are dropped, keeping sqlite_stat1's counts: with samples SQLite compiles a
// statement again at its first step once its values are bound, and the driver prepares every statement anew at
// each call, so every query was compiled twice (a fifth of a list call's CPU). ANALYZE sqlite_schema makes every
// connection read the statistics again. PostgreSQL's autovacuum keeps its own statistics: nothing to do.
func (db *DB) RefreshPlannerStatistics(ctx context.Context) error {
	if db.Driver != "sqlite" {
		return nil
	}
	return db.Tx(ctx, func(tx *DB) error {
		// 0x10002: analyse (0x02) every table of the database that needs it, not only those this connection has
		// used (0x10000).
		if err := tx.Exec("PRAGMA optimize=0x10002").Error; err != nil {
			return err
		}
		var samples int64
		if err := tx.Raw("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'").Scan(&samples).Error; err != nil || samples == 0 {
			return err
		}
		if err := tx.Exec("DELETE FROM sqlite_stat4").Error; err != nil {
			return err
		}
		return tx.Exec("ANALYZE sqlite_schema").Error
	})
}
