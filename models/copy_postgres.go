package models

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"
)

// CopyTx runs fn in one transaction, as Tx does, and on PostgreSQL lets InsertNew write with COPY in it: COPY is
// pgx's own protocol, so the transaction is begun on a connection taken for it (sql.Conn), which copyRows reaches
// through sql.Conn.Raw. Inside a transaction already, fn runs in that one: its own would commit apart.
func (db *DB) CopyTx(ctx context.Context, fn func(tx *DB) error) error {
	if _, inTx := db.SQLTx(); inTx || db.Driver != "postgres" {
		return db.Tx(ctx, fn)
	}
	return db.WithContext(ctx).Connection(func(g *gorm.DB) error {
		conn, ok := g.Statement.ConnPool.(*sql.Conn)
		if !ok {
			return fmt.Errorf("CopyTx: a connection of type %T", g.Statement.ConnPool)
		}
		return g.Transaction(func(g *gorm.DB) error {
			tx := db.On(g)
			tx.conn = conn
			return fn(tx)
		})
	})
}

// copyRows writes n rows, none of them stored, with PostgreSQL's binary COPY on CopyTx's connection: the server
// stores rows many to a page as they arrive, where INSERT .. SELECT unnest(..) stored them one by one after reading
// the whole statement. A row stored after all fails the unique index, the COPY and the transaction.
func (db *DB) copyRows(t *UpsertTable, n int, row func(i int) []any) (int64, error) {
	var copied int64
	err := db.conn.Raw(func(driverConn any) error {
		pg, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("a driver connection of type %T", driverConn)
		}
		var err error
		copied, err = pg.Conn().CopyFrom(db.Context(), pgx.Identifier{t.Name}, t.Columns,
			pgx.CopyFromSlice(n, func(i int) ([]any, error) { return row(i), nil }))
		return err
	})
	if err != nil {
		return copied, fmt.Errorf("copy %s: %w", t.Name, err)
	}
	return copied, nil
}
