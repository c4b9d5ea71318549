package models

import "time"

// The rate_counters table: the limiters' counts every instance shares (app/core/counters.go). A window that
// started at or before `ended` is over: its row counts as absent and the next event starts a new one.

// CounterCount is key's events in a window that started after ended.
func CounterCount(db *DB, key string, ended time.Time) (int, error) {
	var n []int
	err := db.Raw(`SELECT hits FROM rate_counters WHERE counter_key = ? AND started_at > ?`, key, ended.UTC()).Scan(&n).Error
	if err != nil || len(n) == 0 {
		return 0, err
	}
	return n[0], nil
}

// CounterAdd records one event of key at now, starting a new window when the last ended, and answers the count:
// one statement, so two instances counting the same key at once both count.
func CounterAdd(db *DB, key string, now, ended time.Time) (int, error) {
	var n int
	err := db.Raw(`INSERT INTO rate_counters (counter_key, hits, started_at) VALUES (?, 1, ?)
ON CONFLICT (counter_key) DO UPDATE SET
  hits = CASE WHEN rate_counters.started_at > ? THEN rate_counters.hits + 1 ELSE 1 END,
  started_at = CASE WHEN rate_counters.started_at > ? THEN rate_counters.started_at ELSE excluded.started_at END
RETURNING hits`, key, now.UTC(), ended.UTC(), ended.UTC()).Scan(&n).Error
	return n, err
}

// CounterRefund takes one event back from key's current window.
func CounterRefund(db *DB, key string, ended time.Time) error {
	return db.Exec(`UPDATE rate_counters SET hits = hits - 1 WHERE counter_key = ? AND hits > 0 AND started_at > ?`,
		key, ended.UTC()).Error
}

// CounterReset forgets key's events.
func CounterReset(db *DB, key string) error {
	return db.Exec(`DELETE FROM rate_counters WHERE counter_key = ?`, key).Error
}

// CounterResetPrefix forgets the events of every key that starts with prefix (compared as text, as an account
// may hold LIKE's wildcards).
func CounterResetPrefix(db *DB, prefix string) error {
	return db.Exec(`DELETE FROM rate_counters WHERE substr(counter_key, 1, ?) = ?`, len([]rune(prefix)), prefix).Error
}

// DeleteEndedCounters sweeps the windows that started before, the longest window being over.
func DeleteEndedCounters(db *DB, before time.Time) error {
	return db.Exec(`DELETE FROM rate_counters WHERE started_at < ?`, before.UTC()).Error
}
