package models

import "context"

// RefreshPlannerStatistics brings SQLite's planner statistics up to date: without them a large list reads the wrong
// index. PRAGMA optimize analyses, whole (bounded estimates misled plans), only tables that changed much; the
// sqlite_stat4 samples are dropped, as with them SQLite compiles a statement again once its values are bound.
// ANALYZE sqlite_schema makes every connection reread them. PostgreSQL's autovacuum keeps its own statistics.
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
