package accounts

import (
	"time"

	"sellerhub/models"
)

// SSOHandover is a session the single-sign-on server handed over for one browser: its code (kept as a hash) may
// be redeemed once, with the state of that browser's round trip, before it expires.
type SSOHandover struct {
	CodeHash     string `gorm:"primaryKey"`
	State        string
	SessionToken string
	ExpiresAt    time.Time
	UsedAt       *time.Time
	CreatedAt    time.Time
}

// SaveSSOHandover records a code handed out.
func SaveSSOHandover(db *models.DB, h *SSOHandover) error { return db.Create(h).Error }

// UseSSOHandover redeems a code's hash with the browser's state at the given time, answering the session handed
// over, or "" when the code is unknown, bound to another state, expired or already used. One UPDATE decides, so
// two requests racing with the same code cannot both win; it also blanks the token, which has no use afterwards.
func UseSSOHandover(db *models.DB, codeHash, state string, at time.Time) (string, error) {
	var rows []SSOHandover
	err := db.Where("code_hash = ? AND state = ? AND used_at IS NULL AND expires_at > ?", codeHash, state, at).
		Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return "", err
	}
	res := db.Model(&SSOHandover{}).Where("code_hash = ? AND used_at IS NULL", codeHash).
		Updates(map[string]any{"used_at": at, "session_token": ""})
	if res.Error != nil || res.RowsAffected != 1 {
		return "", res.Error
	}
	return rows[0].SessionToken, nil
}

// DeleteExpiredSSOHandovers removes hand-overs that expired before the given time.
func DeleteExpiredSSOHandovers(db *models.DB, before time.Time) error {
	return db.Where("expires_at < ?", before).Delete(&SSOHandover{}).Error
}
