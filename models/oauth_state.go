package models

import (
	"time"

	"gorm.io/gorm/clause"
)

// AppSecret is a secret the product generated for itself, kept in the database so that every instance shares it
// (the key that encrypts Amazon tokens when SELLERHUB_SECRET_KEY is not set).
type AppSecret struct {
	Name      string `gorm:"primaryKey"`
	Value     string
	CreatedAt time.Time
}

// AppSecretOrCreate returns the secret stored under name, storing candidate first when there is none. Two
// instances starting together agree: the first insert wins and both read it back.
func (db *DB) AppSecretOrCreate(name, candidate string) (string, error) {
	row := AppSecret{Name: name, Value: candidate}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return "", err
	}
	var got AppSecret
	if err := db.First(&got, "name = ?", name).Error; err != nil {
		return "", err
	}
	return got.Value, nil
}

// OAuthState is a consent link handed out: its nonce may be redeemed once, by the company it was issued to,
// before it expires.
type OAuthState struct {
	Nonce     string `gorm:"primaryKey"`
	CompanyID int64
	GroupID   int64
	Kind      string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

// TableName is oauth_states (gorm would say o_auth_states).
func (OAuthState) TableName() string { return "oauth_states" }

// SaveOAuthState records an issued state's nonce.
func (db *DB) SaveOAuthState(s *OAuthState) error { return db.Create(s).Error }

// UseOAuthState redeems a nonce for a company and kind at the given time. It reports false when the nonce is
// unknown, another company's or kind's, expired, or already used: one UPDATE decides, so two callbacks racing
// with the same state cannot both win.
func (db *DB) UseOAuthState(nonce string, companyID int64, kind string, at time.Time) (bool, error) {
	res := db.Model(&OAuthState{}).
		Where("nonce = ? AND company_id = ? AND kind = ? AND used_at IS NULL AND expires_at > ?", nonce, companyID, kind, at).
		Update("used_at", at)
	return res.RowsAffected == 1, res.Error
}

// DeleteExpiredOAuthStates removes states that expired before the given time.
func (db *DB) DeleteExpiredOAuthStates(before time.Time) error {
	return db.Where("expires_at < ?", before).Delete(&OAuthState{}).Error
}
