package models

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/libtnb/sqlite"
	"gorm.io/gorm"

	"sellerhub/config"
)

// SQLTx is the database/sql transaction under a handle that Tx gave, for a library that must write in that
// same transaction (the job queue inserts its jobs there, so they exist only if the transaction commits).
// ok is false for a handle outside a transaction.
func (db *DB) SQLTx() (tx *sql.Tx, ok bool) {
	switch pool := db.Statement.ConnPool.(type) {
	case *sql.Tx:
		return pool, true
	case *gorm.PreparedStmtTX:
		// SQLite's transactions run their statements prepared (models.Open).
		tx, ok = pool.Tx.(*sql.Tx)
		return tx, ok
	}
	return nil, false
}

// Context is the context the handle's queries run under (the one given to Tx or With).
func (db *DB) Context() context.Context {
	if db.Statement != nil && db.Statement.Context != nil {
		return db.Statement.Context
	}
	return context.Background()
}

// OpenSQLitePool opens a second connection pool of maxOpen connections on the handle's SQLite database, with
// the same settings as the product's (WAL, busy timeout, immediate transactions). The job queue works through
// its own pool so that its polling never holds the connections requests wait for.
func (db *DB) OpenSQLitePool(maxOpen int) (*sql.DB, error) {
	spec, err := config.ParseDatabaseURL(db.URL)
	if err != nil {
		return nil, err
	}
	if spec.Driver != "sqlite" {
		return nil, fmt.Errorf("OpenSQLitePool on a %s database", spec.Driver)
	}
	dsn, err := sqliteDSN(spec.DSN)
	if err != nil {
		return nil, err
	}
	pool, err := sql.Open(sqlite.DriverName, dsn)
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(maxOpen)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	return pool, nil
}
