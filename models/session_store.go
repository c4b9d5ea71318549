package models

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// Session is one scs session as stored in the SQL database (the default when no Redis is configured).
type Session struct {
	Token  string `gorm:"primaryKey"`
	Data   []byte
	Expiry time.Time
}

// SessionStore is the scs store over gorm: the module proxy serves no gorm store for scs, and the contract is
// three methods.
type SessionStore struct{ db *DB }

// NewSessionStore returns the store over db.
func NewSessionStore(db *DB) *SessionStore { return &SessionStore{db: db} }

// FindCtx returns a live session's data; an unknown or expired token is simply not found. Every signed-in request
// reads its session, so it is read as its one column rather than scanned into a Session by reflection.
func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	// Rows, not Row: when SQLite's statement cannot be prepared (a closed database), gorm's Row hands back an empty
	// sql.Row whose Scan panics, where Rows returns the error.
	rows, err := s.db.WithContext(ctx).Raw("SELECT data FROM sessions WHERE token = ? AND expiry > ?", token, time.Now().UTC()).
		Rows()
	if err != nil {
		return nil, false, err
	}
	defer func() { _ = rows.Close() }()
	if !rows.Next() {
		return nil, false, rows.Err()
	}
	var data []byte
	if err := rows.Scan(&data); err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// CommitCtx writes a session, replacing its data and expiry if it exists.
func (s *SessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "token"}},
		DoUpdates: clause.AssignmentColumns([]string{"data", "expiry"}),
	}).Create(&Session{Token: token, Data: b, Expiry: expiry.UTC()}).Error
}

// DeleteCtx removes a session; an unknown token is not an error.
func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	return s.db.WithContext(ctx).Delete(&Session{}, "token = ?", token).Error
}

// Find, Commit and Delete satisfy scs.Store for callers without a context.
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

// Commit writes a session.
func (s *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}

// Delete removes a session.
func (s *SessionStore) Delete(token string) error { return s.DeleteCtx(context.Background(), token) }

// DeleteExpired removes sessions past their expiry; the server runs it periodically.
func (s *SessionStore) DeleteExpired(ctx context.Context) error {
	return s.db.WithContext(ctx).Where("expiry <= ?", time.Now().UTC()).Delete(&Session{}).Error
}
