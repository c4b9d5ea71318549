package stores

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"sellerhub/app/amazon"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Amazon limits each seller's calls per operation whatever the number of instances calling: the buckets live where
// every instance spends from them, Redis when configured (NewRedisRates), else the database (NewDBRates).

// swapTries bounds the retries of a bucket others keep changing; each retry follows a change, so only a storm of
// calls for the same seller and operation exhausts them.
const swapTries = 50

var errBusyBucket = errors.New("the bucket changed under every try")

type dbRates struct{ db *models.DB }

// NewDBRates keeps the buckets in the database's amazon_rate_buckets, compared and swapped by version.
func NewDBRates(db *models.DB) amazon.RateStore { return dbRates{db} }

func (s dbRates) Update(ctx context.Context, key string, next func(amazon.Bucket) (amazon.Bucket, bool)) error {
	db := s.db.With(ctx)
	for range swapTries {
		row, err := storesdb.ReadRateBucket(db, key)
		if err != nil {
			return err
		}
		b, write := next(amazon.Bucket{Tokens: row.Tokens, At: row.AtMs, Said: row.SaidRate.Float64})
		if !write {
			return nil
		}
		row.Tokens, row.AtMs = b.Tokens, b.At
		row.SaidRate = sql.NullFloat64{Float64: b.Said, Valid: b.Said > 0}
		if ok, err := storesdb.SwapRateBucket(db, key, row); err != nil || ok {
			return err
		}
	}
	return errBusyBucket
}

type redisRates struct {
	rc     *redis.Client
	prefix string
}

// NewRedisRates keeps the buckets in Redis under prefix, each a hash (n: tokens, t: when, in ms, r: the rate
// Amazon said) changed in a WATCH transaction, and expiring a day after its last change.
func NewRedisRates(rc *redis.Client, prefix string) amazon.RateStore { return redisRates{rc, prefix} }

// idleBucket is how long a bucket outlives its last turn: every plan refills within minutes.
const idleBucket = 24 * time.Hour

func (s redisRates) Update(ctx context.Context, key string, next func(amazon.Bucket) (amazon.Bucket, bool)) error {
	key = s.prefix + key
	for range swapTries {
		err := s.rc.Watch(ctx, func(tx *redis.Tx) error {
			v, err := tx.HMGet(ctx, key, "n", "t", "r").Result()
			if err != nil {
				return err
			}
			var cur amazon.Bucket
			if n, ok := v[0].(string); ok {
				cur.Tokens, _ = strconv.ParseFloat(n, 64)
			}
			if t, ok := v[1].(string); ok {
				cur.At, _ = strconv.ParseInt(t, 10, 64)
			}
			if r, ok := v[2].(string); ok {
				cur.Said, _ = strconv.ParseFloat(r, 64)
			}
			b, write := next(cur)
			if !write {
				return nil
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.HSet(ctx, key, "n", strconv.FormatFloat(b.Tokens, 'g', -1, 64), "t", b.At,
					"r", strconv.FormatFloat(b.Said, 'g', -1, 64))
				p.PExpireAt(ctx, key, time.UnixMilli(b.At).Add(idleBucket))
				return nil
			})
			return err
		}, key)
		if !errors.Is(err, redis.TxFailedErr) {
			if err != nil {
				return fmt.Errorf("redis: %w", err)
			}
			return nil
		}
	}
	return errBusyBucket
}
