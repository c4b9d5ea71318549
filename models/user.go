package models

import (
	"errors"
	"time"

	"gorm.io/gorm"
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
		u.ID = NewID()
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

// ErrNotFound is what lookups return for a missing row, whatever the database.
var ErrNotFound = gorm.ErrRecordNotFound

// IsNotFound tells whether err means the row does not exist.
func IsNotFound(err error) bool { return errors.Is(err, gorm.ErrRecordNotFound) }

// IsDuplicate tells whether err is a unique-key violation.
func IsDuplicate(err error) bool { return errors.Is(err, gorm.ErrDuplicatedKey) }

// UserByAccount finds an account by its phone or e-mail, across companies: sign-in starts here.
func (db *DB) UserByAccount(account string) (*User, error) {
	var u User
	if err := db.Preload("Profile").Preload("Company").First(&u, "account = ?", account).Error; err != nil {
		return nil, err
	}
	return &u, nil
}

// UserInCompany loads a user of the company with profile and company, or ErrNotFound. Read, it is one statement
// (every signed-in screen asks for its user, users/info: 620 and 488 -> 474 and 448 µs of CPU a call on SQLite at 50
// clients, two runs each); locked (ForUpdate), the profile and company are read apart, as PostgreSQL cannot lock the
// outer side of a join. The lock is looked up before the query is built: a handle's calls add to its statement.
func (db *DB) UserInCompany(companyID, userID int64) (*User, error) {
	var u User
	var q *gorm.DB
	if _, locking := db.Statement.Clauses["FOR"]; locking {
		q = db.Preload("Profile").Preload("Company")
	} else {
		q = db.Joins("Profile").Joins("Company")
	}
	err := q.Scopes(InCompany("users", companyID)).First(&u, "users.id = ?", userID).Error
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// CreateUser inserts a user with its profile and role grants.
func (db *DB) CreateUser(u *User, roleIDs ...int64) error {
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
func (db *DB) SetPassword(userID int64, hash string) error {
	return db.Model(&User{}).Where("id = ?", userID).Updates(map[string]any{
		"password_hash": hash, "legacy_salt": "",
	}).Error
}

// RecordLogin notes a successful sign-in and the account's new live session, returning the session it ends.
func (db *DB) RecordLogin(userID int64, token string, at time.Time) (previous string, err error) {
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
func (db *DB) ClearSessionToken(userID int64, token string) error {
	return db.Model(&User{}).Where("id = ? AND session_token = ?", userID, token).
		Update("session_token", "").Error
}

// SetAccount changes the account a user signs in with. Accounts are unique: a taken one fails as a duplicate.
func (db *DB) SetAccount(userID int64, account string) error {
	return db.Model(&User{}).Where("id = ?", userID).Update("account", account).Error
}

// SetProfileName changes the name a user goes by.
func (db *DB) SetProfileName(userID int64, name string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("name", name).Error
}

// SetProfileEmail changes a user's e-mail address.
func (db *DB) SetProfileEmail(userID int64, email string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("email", email).Error
}

// SetProfileMobile changes a user's mobile number.
func (db *DB) SetProfileMobile(userID int64, mobile string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("mobile", mobile).Error
}

// SetProfileImage changes a user's picture (its address).
func (db *DB) SetProfileImage(userID int64, image string) error {
	return db.Model(&UserProfile{}).Where("user_id = ?", userID).Update("image", image).Error
}

// CountOtherActiveUsers counts the company's active users other than userID.
func (db *DB) CountOtherActiveUsers(companyID, userID int64) (int64, error) {
	var n int64
	err := db.Model(&User{}).Scopes(InCompany("users", companyID)).
		Where("users.id <> ? AND users.status = ?", userID, StatusActive).Count(&n).Error
	return n, err
}

// AnonymiseUser is a log-off (帐号注销): the account is disabled and renamed to placeholder, its password can no
// longer match, its session is forgotten, its profile is emptied and its bindings to other accounts are removed.
// The row itself stays, because what the user did in the company still refers to it.
func (db *DB) AnonymiseUser(userID int64, placeholder string) error {
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
