package accounts

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// User is a sign-in account. Account is a phone number or an e-mail address, unique across the product
// because people sign in with it before any company is known.
type User struct {
	ID           int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID    int64
	Account      string
	PasswordHash string
	// LegacySalt is set only for accounts imported from the older system whose PasswordHash is still its
	// MD5 form; both are replaced at the first successful login.
	LegacySalt string
	Status     string
	IsOwner    bool
	ExpiresAt  *time.Time
	// SessionToken is the account's one live web session; a new login ends the one named here.
	SessionToken string
	// DeptID is the department (部门) the user belongs to, if any.
	DeptID      *int64
	LastLoginAt *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time

	Profile UserProfile `gorm:"foreignKey:UserID"`
	Company Company     `gorm:"foreignKey:CompanyID"`
}

// BeforeCreate gives a new user its id.
func (u *User) BeforeCreate(*gorm.DB) error {
	if u.ID == 0 {
		u.ID = models.NewID()
	}
	if u.Status == "" {
		u.Status = StatusActive
	}
	return nil
}

// UserProfile holds what a user says about themselves.
type UserProfile struct {
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	Name      string
	Email     string
	Mobile    string
	Image     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// UserByAccount finds an account by its phone or e-mail, across companies: sign-in starts here.
func UserByAccount(db *models.DB, account string) (*User, error) {
	var u User
	if err := db.Preload("Profile").Preload("Company").First(&u, "account = ?", account).Error; err != nil {
		return nil, err
	}
	return &u, nil
}

// UserInCompany loads a user of the company with profile and company, or ErrNotFound. Read, it is one statement, as
// every signed-in screen asks for its user; locked (ForUpdate), profile and company are read apart, as PostgreSQL
// cannot lock a join's outer side. The lock is looked up before the query is built: a handle's calls add to its
// statement.
func UserInCompany(db *models.DB, companyID, userID int64) (*User, error) {
	var u User
	var q *gorm.DB
	if _, locking := db.Statement.Clauses["FOR"]; locking {
		q = db.Preload("Profile").Preload("Company")
	} else {
		q = db.Joins("Profile").Joins("Company")
	}
	err := q.Scopes(models.InCompany("users", companyID)).First(&u, "users.id = ?", userID).Error
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// CreateUser inserts a user with its profile and role grants.
func CreateUser(db *models.DB, u *User, roleIDs ...int64) error {
	if err := db.Omit("Profile", "Company").Create(u).Error; err != nil {
		return err
	}
	u.Profile.UserID = u.ID
	if err := db.Create(&u.Profile).Error; err != nil {
		return err
	}
	for _, r := range roleIDs {
		if err := db.Create(&UserRole{UserID: u.ID, RoleID: r}).Error; err != nil {
			return err
		}
	}
	return nil
}

// SetPassword replaces a user's password hash and drops any legacy salt.
func SetPassword(db *models.DB, userID int64, hash string) error {
	return db.Model(&User{}).Where("id = ?", userID).Updates(map[string]any{
		"password_hash": hash, "legacy_salt": "",
	}).Error
}

// RecordLogin notes a successful sign-in and the account's new live session, returning the session it ends.
func RecordLogin(db *models.DB, userID int64, token string, at time.Time) (previous string, err error) {
	err = db.Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Select("session_token").First(&u, "id = ?", userID).Error; err != nil {
			return err
		}
		previous = u.SessionToken
		return tx.Model(&User{}).Where("id = ?", userID).Updates(map[string]any{
			"session_token": token, "last_login_at": at,
		}).Error
	})
	return previous, err
}

// ClearSessionToken forgets the live session of an account if it is still token (used at logout).
func ClearSessionToken(db *models.DB, userID int64, token string) error {
	return db.Model(&User{}).Where("id = ? AND session_token = ?", userID, token).
		Update("session_token", "").Error
}

// SetAccount changes the account a user signs in with. Accounts are unique: a taken one fails as a duplicate.
func SetAccount(db *models.DB, userID int64, account string) error {
	return db.Model(&User{}).Where("id = ?", userID).Update("account", account).Error
}

// SetProfileName changes the name a user goes by.
func SetProfileName(db *models.DB, userID int64, name string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("name", name).Error
}

// SetProfileEmail changes a user's e-mail address.
func SetProfileEmail(db *models.DB, userID int64, email string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("email", email).Error
}

// SetProfileMobile changes a user's mobile number.
func SetProfileMobile(db *models.DB, userID int64, mobile string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("mobile", mobile).Error
}

// SetProfileImage changes a user's picture (its address).
func SetProfileImage(db *models.DB, userID int64, image string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("image", image).Error
}

// CountOtherActiveUsers counts the company's active users other than userID.
func CountOtherActiveUsers(db *models.DB, companyID, userID int64) (int64, error) {
	var n int64
	err := db.Model(&User{}).Scopes(models.InCompany("users", companyID)).
		Where("users.id <> ? AND users.status = ?", userID, StatusActive).Count(&n).Error
	return n, err
}

// AnonymiseUser is a log-off (账号注销): the account is disabled and renamed to placeholder, its password can no
// longer match, its session is forgotten, its profile is emptied and its bindings to other accounts are removed.
// The row itself stays, because what the user did in the company still refers to it.
func AnonymiseUser(db *models.DB, userID int64, placeholder string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		err := tx.Model(&User{}).Where("id = ?", userID).Updates(map[string]any{
			"account": placeholder, "password_hash": "!", "legacy_salt": "", "status": StatusDisabled,
			"session_token": "",
		}).Error
		if err != nil {
			return err
		}
		err = tx.Model(&UserProfile{}).Where("user_id = ?", userID).Updates(map[string]any{
			"name": "", "email": "", "mobile": "", "image": "",
		}).Error
		if err != nil {
			return err
		}
		return tx.Delete(&AccountBinding{}, "user_id = ?", userID).Error
	})
}
