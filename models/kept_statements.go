package models

import (
	"database/sql"
	"sync"
)

// keptStatements are statements prepared on the connection pool, shared by every handle of the database: a
// transaction compiles one on its connection the first time only, where gorm's (Open) compile a statement first met
// in a transaction at each execution there. Only texts made from a fixed set (the upserts' sizes) are kept: no bound.
type keptStatements struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// keptStatement is the statement of the text, bound to the handle's transaction when it is in one (the
// transaction's end closes what it gets back); outside one it is the kept statement itself, which stays open.
func (db *DB) keptStatement(text string) (*sql.Stmt, error) {
	tx, inTx := db.SQLTx()
	k := db.kept
	k.mu.Lock()
	stmt, ok := k.stmts[text]
	k.mu.Unlock()
	if !ok {
		pool, err := db.DB.DB()
		if err != nil {
			return nil, err
		}
		// Preparing on the pool takes a connection of its own. A transaction that waited for one while every
		// connection is taken could wait for transactions that wait for its own (SQLite's writers queue on the
		// write lock it holds): it compiles the statement on its own connection this time instead.
		if stats := pool.Stats(); inTx && stats.MaxOpenConnections > 0 && stats.InUse >= stats.MaxOpenConnections {
			return tx.PrepareContext(db.Context(), text)
		}
		if stmt, err = pool.PrepareContext(db.Context(), text); err != nil {
			return nil, err
		}
		k.mu.Lock()
		if kept, ok := k.stmts[text]; ok { // another handle prepared it meanwhile
			stmt.Close()
			stmt = kept
		} else {
			k.stmts[text] = stmt
		}
		k.mu.Unlock()
	}
	if inTx {
		return tx.StmtContext(db.Context(), stmt), nil
	}
	return stmt, nil
}
