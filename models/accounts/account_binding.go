package accounts

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// AccountBinding puts an account into a bind group: accounts of one person, possibly in different companies,
// that they may switch between (切换账号) without signing in again. Membership is the only proof a switch
// needs, so a binding is only ever made after checking the other account's password.
type AccountBinding struct {
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	GroupID   int64
	CreatedAt time.Time
}

// BindAccounts puts other into the bind group of user, creating the group when user has none. An account
// already in another group moves to this one.
func BindAccounts(db *models.DB, userID, otherID int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var own AccountBinding
		err := tx.First(&own, "user_id = ?", userID).Error
		if models.IsNotFound(err) {
			own = AccountBinding{UserID: userID, GroupID: models.NewID()}
			err = tx.Create(&own).Error
		}
		if err != nil {
			return err
		}
		if err := tx.Delete(&AccountBinding{}, "user_id = ?", otherID).Error; err != nil {
			return err
		}
		return tx.Create(&AccountBinding{UserID: otherID, GroupID: own.GroupID}).Error
	})
}

// BoundAccounts lists the accounts in user's bind group, the user included, with profile and company.
func BoundAccounts(db *models.DB, userID int64) ([]User, error) {
	var users []User
	err := db.Preload("Profile").Preload("Company").
		Joins("JOIN account_bindings ab ON ab.user_id = users.id").
		Where("ab.group_id = (SELECT group_id FROM account_bindings WHERE user_id = ?)", userID).
		Order("users.account").Find(&users).Error
	return users, err
}

// UnbindAccount takes an account out of its bind group; the others of the group stay bound to each other.
func UnbindAccount(db *models.DB, userID int64) error {
	return db.Delete(&AccountBinding{}, "user_id = ?", userID).Error
}
