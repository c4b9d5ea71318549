package models

import (
	"database/sql"
	"sync"
)

// keptStatements are statements prepared on the connection pool, not in a transaction, shared by every handle of
// the database: a transaction runs one through the connection it holds, which compiles it there the first time
// only. gorm's prepared statements (Open) prepare a statement first met in a transaction in that transaction, and
// database/sql then compiles it again at each execution in a transaction; for SQLite's VALUES statements of 64
// rows (upsertValues) compiling was half an orders import's time (a profile: 12.1 of 25.4 s). The store holds only
// statements whose text the code makes from a fixed set (the upserts' sizes), so it needs no bound.
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
