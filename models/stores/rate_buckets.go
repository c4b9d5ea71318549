package stores

import (
	"database/sql"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The amazon_rate_buckets table: Amazon's per-seller rate limits every instance spends from (app/amazon/ratelimit.go).
// Writes compare the row's version, so two instances taking a turn at once never both take the same one.

// RateBucket is one bucket's row; Version 0 means there is none yet.
type RateBucket struct {
	Tokens   float64
	AtMs     int64
	SaidRate sql.NullFloat64
	Version  int64
}

// ReadRateBucket is key's bucket, or the zero RateBucket.
func ReadRateBucket(db *models.DB, key string) (RateBucket, error) {
	var rows []RateBucket
	err := db.Raw(`SELECT tokens AS tokens, at_ms AS at_ms, said_rate AS said_rate, version AS version FROM amazon_rate_buckets
WHERE bucket_key = ?`, key).Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return RateBucket{}, err
	}
	return rows[0], nil
}

// SwapRateBucket writes b as key's bucket if its row is still at b.Version (none when 0), and tells whether it did.
func SwapRateBucket(db *models.DB, key string, b RateBucket) (bool, error) {
	var res *gorm.DB
	if b.Version == 0 {
		res = db.Exec(`INSERT INTO amazon_rate_buckets (bucket_key, tokens, at_ms, said_rate, version)
VALUES (?, ?, ?, ?, 1) ON CONFLICT (bucket_key) DO NOTHING`, key, b.Tokens, b.AtMs, b.SaidRate)
	} else {
		res = db.Exec(`UPDATE amazon_rate_buckets SET tokens = ?, at_ms = ?, said_rate = ?,
version = version + 1 WHERE bucket_key = ? AND version = ?`, b.Tokens, b.AtMs, b.SaidRate, key, b.Version)
	}
	return res.RowsAffected == 1, res.Error
}

// DeleteIdleRateBuckets sweeps the buckets last changed before beforeMs: long refilled, they are as good as none (the rate Amazon said is learnt again from its next answer).
func DeleteIdleRateBuckets(db *models.DB, beforeMs int64) error {
	return db.Exec(`DELETE FROM amazon_rate_buckets WHERE at_ms < ?`, beforeMs).Error
}
