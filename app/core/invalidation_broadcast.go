package core

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"

	"sellerhub/models"
)

// invalidationChannel is the Redis channel and PostgreSQL notification channel the instances broadcast on.
const invalidationChannel = "sellerhub_invalidations"

// StartInvalidations broadcasts through Redis when rc is set, else through PostgreSQL's LISTEN/NOTIFY on a
// PostgreSQL database, else delivers in this process only (SQLite). It returns once this instance listens, so that
// nothing published afterwards is missed; Close stops it.
func StartInvalidations(ctx context.Context, db *models.DB, rc *redis.Client, log *slog.Logger) (*Invalidations, error) {
	iv := NewInvalidations(log)
	switch {
	case rc != nil:
		return iv, iv.listenRedis(ctx, rc)
	case db.Driver == "postgres":
		return iv, iv.listenPostgres(ctx, db)
	}
	return iv, nil
}

func (iv *Invalidations) listenRedis(ctx context.Context, rc *redis.Client) error {
	sub := rc.Subscribe(ctx, invalidationChannel)
	if _, err := sub.Receive(ctx); err != nil {
		_ = sub.Close()
		return fmt.Errorf("subscribe to Redis invalidations: %w", err)
	}
	iv.send = func(ctx context.Context, msg string) error { return rc.Publish(ctx, invalidationChannel, msg).Err() }
	var wg sync.WaitGroup
	wg.Go(func() {
		// go-redis resubscribes after a lost connection and says so with a Subscription message.
		for m := range sub.ChannelWithSubscriptions() {
			switch m := m.(type) {
			case *redis.Message:
				iv.received(m.Payload)
			case *redis.Subscription:
				iv.reconnected()
			}
		}
	})
	iv.stop = func() { _ = sub.Close(); wg.Wait() }
	return nil
}

func (iv *Invalidations) listenPostgres(ctx context.Context, db *models.DB) error {
	listen := func(ctx context.Context) (*pgx.Conn, error) {
		conn, err := pgx.Connect(ctx, db.URL)
		if err != nil {
			return nil, err
		}
		if _, err := conn.Exec(ctx, "LISTEN "+invalidationChannel); err != nil {
			_ = conn.Close(context.Background())
			return nil, err
		}
		return conn, nil
	}
	conn, err := listen(ctx)
	if err != nil {
		return fmt.Errorf("listen for PostgreSQL invalidations: %w", err)
	}
	iv.send = func(ctx context.Context, msg string) error {
		return db.With(ctx).Exec("SELECT pg_notify(?, ?)", invalidationChannel, msg).Error
	}
	run, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			for {
				n, err := conn.WaitForNotification(run)
				if err != nil {
					break
				}
				iv.received(n.Payload)
			}
			_ = conn.Close(context.Background())
			// The connection was lost: listen again, then drop everything, as messages meanwhile were missed.
			for conn = nil; conn == nil; {
				select {
				case <-run.Done():
					return
				case <-time.After(time.Second):
				}
				if conn, err = listen(run); err != nil {
					iv.log.Error("listen for PostgreSQL invalidations", "err", err)
				}
			}
			iv.reconnected()
		}
	})
	iv.stop = func() { cancel(); wg.Wait() }
	return nil
}
