package models

import (
	"time"

	"gorm.io/gorm"
)

// VerificationCode is one code sent by SMS or e-mail, kept under a random key that the client holds.
// Only a hash of the code is stored.
type VerificationCode struct {
	CodeKey   string `gorm:"primaryKey"`
	Target    string
	Purpose   string
	CodeHash  string
	Attempts  int
	ClientIP  string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

// SaveVerificationCode stores a newly sent code.
func (db *DB) SaveVerificationCode(v *VerificationCode) error { return db.Create(v).Error }

// LatestCodeFor returns when the newest code for a target was created, or the zero time.
func (db *DB) LatestCodeFor(target string) (time.Time, error) {
	var v VerificationCode
	err := db.Select("created_at").Where("target = ?", target).Order("created_at DESC").First(&v).Error
	if IsNotFound(err) {
		return time.Time{}, nil
	}
	return v.CreatedAt, err
}

// VerificationCodeByKey loads a code by its key.
func (db *DB) VerificationCodeByKey(key string) (*VerificationCode, error) {
	var v VerificationCode
	if err := db.First(&v, "code_key = ?", key).Error; err != nil {
		return nil, err
	}
	return &v, nil
}

// CountCodeAttempt records one check of a code, right or wrong, so that guessing is bounded.
func (db *DB) CountCodeAttempt(key string) error {
	return db.Model(&VerificationCode{}).Where("code_key = ?", key).
		UpdateColumn("attempts", gorm.Expr("attempts + 1")).Error
}

// UseVerificationCode marks a code used. It reports false when another request used it first, which makes a
// code single-use even under concurrent requests.
func (db *DB) UseVerificationCode(key string, at time.Time) (bool, error) {
	res := db.Model(&VerificationCode{}).Where("code_key = ? AND used_at IS NULL", key).Update("used_at", at)
	return res.RowsAffected == 1, res.Error
}

// DeleteExpiredCodes removes codes that expired before the given time.
func (db *DB) DeleteExpiredCodes(before time.Time) error {
	return db.Where("expires_at < ?", before).Delete(&VerificationCode{}).Error
}
