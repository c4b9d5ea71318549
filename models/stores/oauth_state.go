package stores

import (
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
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
func AppSecretOrCreate(db *models.DB, name, candidate string) (string, error) {
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
func SaveOAuthState(db *models.DB, s *OAuthState) error { return db.Create(s).Error }

// UseOAuthState redeems a nonce for a company and kind at the given time. It reports false when the nonce is
// unknown, another company's or kind's, expired, or already used: one UPDATE decides, so two callbacks racing
// with the same state cannot both win.
func UseOAuthState(db *models.DB, nonce string, companyID int64, kind string, at time.Time) (bool, error) {
	res := db.Model(&OAuthState{}).
		Where("nonce = ? AND company_id = ? AND kind = ? AND used_at IS NULL AND expires_at > ?", nonce, companyID, kind, at).
		Update("used_at", at)
	return res.RowsAffected == 1, res.Error
}

// DeleteExpiredOAuthStates removes states that expired before the given time.
func DeleteExpiredOAuthStates(db *models.DB, before time.Time) error {
	return db.Where("expires_at < ?", before).Delete(&OAuthState{}).Error
}

// SealedSecrets are the newest encrypted secrets of each kind (a seller's refresh token and own application's
// secret, an advertising refresh token): what the secret key at start is tried on. Values not in the cipher's
// format (prefix) are not the product's sealed secrets and are left out.
func SealedSecrets(db *models.DB, prefix string) ([]string, error) {
	var out []string
	for _, q := range []struct {
		model  any
		column string
	}{
		{&Seller{}, "refresh_token"}, {&Seller{}, "client_secret"}, {&AdvAuth{}, "refresh_token"},
	} {
		var v []string
		if err := db.Model(q.model).Where(q.column+" LIKE ?", prefix+"%").Order("updated_at DESC").Limit(1).
			Pluck(q.column, &v).Error; err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	return out, nil
}
