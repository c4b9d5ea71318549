package models_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// TestKeptStatementsInATransactionWhosePoolIsTaken writes an orders batch on SQLite (whose upserts run kept
// statements) in a transaction while every other connection of the pool is taken, before any statement is kept:
// preparing on the pool would wait for a connection forever; the batch is written on the transaction's own
// connection instead, and the next batch, with the connections back, as well.
func TestKeptStatementsInATransactionWhosePoolIsTaken(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	owner := dbtest.NewCompany(t, db, "油麻地", "13900000133")
	s := dbtest.Seller(t, db, owner, "新店", "A1KEPT")
	orders, items := dbtest.OrdersBatch(t, s)
	pool, err := db.DB.DB()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = db.Tx(ctx, func(tx *models.DB) error {
		var taken []*sql.Conn
		for pool.Stats().InUse < pool.Stats().MaxOpenConnections {
			c, err := pool.Conn(ctx)
			if err != nil {
				return err
			}
			taken = append(taken, c)
		}
		defer func() {
			for _, c := range taken {
				c.Close()
			}
		}()
		n, err := amazondatadb.UpsertAmazonOrders(tx, orders[:2], items[:3])
		if err == nil && n != 5 {
			t.Errorf("%d rows written, want 5", n)
		}
		return err
	})
	if err != nil {
		t.Fatalf("the batch in a transaction with the pool taken: %v", err)
	}
	if n, err := amazondatadb.UpsertAmazonOrders(db.With(ctx), orders[2:], items[3:]); err != nil || n != 2 {
		t.Fatalf("the next batch: %d rows written, %v", n, err)
	}
	totals, err := amazondatadb.AmazonOrderTotalsOfSeller(db, s.CompanyID, s.ID)
	if err != nil || totals.Orders != 3 || totals.Items != 4 {
		t.Fatalf("stored %+v (%v), want 3 orders and 4 items", totals, err)
	}
}
