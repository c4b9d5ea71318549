package stores

import (
	"time"

	"sellerhub/models"
)

// SecretLifetime is how long Amazon honours a Login with Amazon client secret after it was issued.
const SecretLifetime = 180 * 24 * time.Hour

// AppCredential is the product's own application's client secret as the product last started with it: when it was
// issued and whether Amazon refused it. Fingerprint tells a new secret from the old without keeping either.
type AppCredential struct {
	ClientID    string `gorm:"primaryKey"`
	Fingerprint string
	IssuedAt    time.Time
	RefusedAt   *time.Time
	Reminded    int
	// RotatedSecret is the sealed secret of a rotation through the API (轮换应用密钥), used while the configuration
	// holds the secret whose fingerprint is ReplacedFingerprint; nil when the configured secret is the one in use.
	RotatedSecret       *string
	ReplacedFingerprint *string
}

// RecordAppCredential remembers the secret the product starts with: a client id seen for the first time, or with a
// new secret, starts its 180 days at issuedAt with no refusal and no reminder sent; the same secret keeps its row.
func RecordAppCredential(db *models.DB, clientID, fingerprint string, issuedAt time.Time) (*AppCredential, error) {
	row := &AppCredential{ClientID: clientID, Fingerprint: fingerprint, IssuedAt: issuedAt}
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var old AppCredential
		err := tx.ForUpdate().Take(&old, "client_id = ?", clientID).Error
		switch {
		case models.IsNotFound(err):
			return tx.Create(row).Error
		case err != nil:
			return err
		case old.Fingerprint == fingerprint:
			*row = old
			return nil
		}
		return tx.Model(&AppCredential{}).Where("client_id = ?", clientID).
			Updates(map[string]any{"fingerprint": fingerprint, "issued_at": issuedAt, "refused_at": nil, "reminded": 0,
				"rotated_secret": nil, "replaced_fingerprint": nil}).Error
	})
	return row, err
}

// AppCredentialOf loads the product's application's secret record, or ErrNotFound.
func AppCredentialOf(db *models.DB, clientID string) (*AppCredential, error) {
	var row AppCredential
	if err := db.Take(&row, "client_id = ?", clientID).Error; err != nil {
		return nil, err
	}
	return &row, nil
}

// RefuseAppCredential records Amazon's refusal (invalid_client) of the product's application's secret with that
// fingerprint; a secret changed since stays unrefused.
func RefuseAppCredential(db *models.DB, clientID, fingerprint string, at time.Time) error {
	return db.Model(&AppCredential{}).Where("client_id = ? AND fingerprint = ? AND refused_at IS NULL", clientID, fingerprint).
		Update("refused_at", at).Error
}

// RemindAppCredential marks the days-ahead reminder sent; false when it was already (by another instance).
func RemindAppCredential(db *models.DB, clientID string, days int) (bool, error) {
	res := db.Model(&AppCredential{}).Where("client_id = ? AND (reminded = 0 OR reminded > ?)", clientID, days).
		Update("reminded", days)
	return res.RowsAffected == 1, res.Error
}

// RefuseSellerSecret records Amazon's refusal (invalid_client) of a seller's own application's secret: its
// syncs stop until a new secret is saved.
func RefuseSellerSecret(db *models.DB, companyID, sellerID int64, at time.Time) error {
	return db.Model(&Seller{}).Scopes(models.InCompany("sellers", companyID)).Where("sellers.id = ?", sellerID).
		Updates(map[string]any{"client_refused_at": at, "updated_at": at}).Error
}

// SellerSecretDue is a seller account on its own application whose secret ends within the reminder window.
type SellerSecretDue struct {
	ID, CompanyID, GroupID int64
	GroupName, Region      string
	ClientSecretIssuedAt   time.Time
	SecretReminded         int
}

// SellerSecretsIssuedBefore lists the active seller accounts (of every company) on their own application whose
// secret was issued before the given time and whose reminder for days ahead was not sent yet.
func SellerSecretsIssuedBefore(db *models.DB, before time.Time, days int) ([]SellerSecretDue, error) {
	out := []SellerSecretDue{}
	err := db.Table("sellers").
		Select("sellers.id, sellers.company_id, sellers.group_id, store_groups.name AS group_name, sellers.region, "+
			"sellers.client_secret_issued_at, sellers.secret_reminded").
		Joins("JOIN store_groups ON store_groups.id = sellers.group_id").
		Where("sellers.client_id <> '' AND sellers.disabled = ? AND sellers.client_secret_issued_at < ?", false, before).
		Where("sellers.secret_reminded = 0 OR sellers.secret_reminded > ?", days).
		Order("sellers.id").Find(&out).Error
	return out, err
}

// RemindSellerSecret marks a seller's days-ahead reminder sent; false when it was already.
func RemindSellerSecret(db *models.DB, companyID, sellerID int64, days int) (bool, error) {
	res := db.Model(&Seller{}).Scopes(models.InCompany("sellers", companyID)).
		Where("sellers.id = ? AND (sellers.secret_reminded = 0 OR sellers.secret_reminded > ?)", sellerID, days).
		Update("secret_reminded", days)
	return res.RowsAffected == 1, res.Error
}

// SetAppCredentialIssued sets the day the product's application's secret was issued, as its administrator names it.
func SetAppCredentialIssued(db *models.DB, clientID string, issuedAt time.Time) error {
	return db.Model(&AppCredential{}).Where("client_id = ?", clientID).Update("issued_at", issuedAt).Error
}

// SaveRotatedSecret records a rotation's new secret (sealed) of the product's application: it starts its 180 days
// at issuedAt with no refusal and no reminder sent, and is used while the configuration holds the secret of
// replacedFingerprint.
func SaveRotatedSecret(db *models.DB, clientID, replacedFingerprint, fingerprint, sealed string, issuedAt time.Time) error {
	res := db.Model(&AppCredential{}).Where("client_id = ?", clientID).
		Updates(map[string]any{"fingerprint": fingerprint, "issued_at": issuedAt, "refused_at": nil, "reminded": 0,
			"rotated_secret": sealed, "replaced_fingerprint": replacedFingerprint})
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	// Not recorded yet (the product had not started with this application): the rotation's row is the first.
	return db.Create(&AppCredential{ClientID: clientID, Fingerprint: fingerprint, IssuedAt: issuedAt,
		RotatedSecret: &sealed, ReplacedFingerprint: &replacedFingerprint}).Error
}
