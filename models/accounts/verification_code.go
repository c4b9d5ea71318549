package accounts

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
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
func SaveVerificationCode(db *models.DB, v *VerificationCode) error { return db.Create(v).Error }

// LatestCodeFor returns when the newest code for a target was created, or the zero time.
func LatestCodeFor(db *models.DB, target string) (time.Time, error) {
	var v VerificationCode
	err := db.Select("created_at").Where("target = ?", target).Order("created_at DESC").First(&v).Error
	if models.IsNotFound(err) {
		return time.Time{}, nil
	}
	return v.CreatedAt, err
}

// VerificationCodeByKey loads a code by its key.
func VerificationCodeByKey(db *models.DB, key string) (*VerificationCode, error) {
	var v VerificationCode
	if err := db.First(&v, "code_key = ?", key).Error; err != nil {
		return nil, err
	}
	return &v, nil
}

// ClaimCodeAttempt counts one check of a live code before the check is made, and reports false when the code
// may not be checked any more: used, expired or out of its limit of attempts. Counting first, in one statement,
// bounds guessing even when many guesses arrive at once; ReturnCodeAttempt takes back the right one's.
func ClaimCodeAttempt(db *models.DB, key string, now time.Time, limit int) (bool, error) {
	res := db.Model(&VerificationCode{}).
		Where("code_key = ? AND used_at IS NULL AND expires_at > ? AND attempts < ?", key, now, limit).
		UpdateColumn("attempts", gorm.Expr("attempts + 1"))
	return res.RowsAffected == 1, res.Error
}

// ReturnCodeAttempt takes back an attempt that found the right code: only wrong guesses use a code's attempts up.
func ReturnCodeAttempt(db *models.DB, key string) error {
	return db.Model(&VerificationCode{}).Where("code_key = ? AND attempts > 0", key).
		UpdateColumn("attempts", gorm.Expr("attempts - 1")).Error
}

// UseVerificationCode marks a live code used. It reports false when another request used it first, or when it
// expired or ran out of attempts since it was checked, which makes a code single-use even under concurrent
// requests.
func UseVerificationCode(db *models.DB, key string, at time.Time, limit int) (bool, error) {
	res := db.Model(&VerificationCode{}).
		Where("code_key = ? AND used_at IS NULL AND expires_at > ? AND attempts < ?", key, at, limit).
		Update("used_at", at)
	return res.RowsAffected == 1, res.Error
}

// DeleteExpiredCodes removes codes that expired before the given time.
func DeleteExpiredCodes(db *models.DB, before time.Time) error {
	return db.Where("expires_at < ?", before).Delete(&VerificationCode{}).Error
}
