package admin

import (
	"database/sql/driver"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// QueryFieldVersion is one column layout a user saved for a list (a query name) under a name of their own. At
// most one version per user and list is in use; without one the list shows its default columns.
type QueryFieldVersion struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	UserID      int64
	Queryname   string
	Versionname string
	InUse       UseMark
	FieldList   []SavedColumn `gorm:"serializer:json"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new version its id.
func (v *QueryFieldVersion) BeforeCreate(*gorm.DB) error {
	if v.ID == 0 {
		v.ID = models.NewID()
	}
	return nil
}

// SavedColumn is one column of a saved layout: which column, where, and whether it shows. The rest of a column
// (title, width, ...) is the product's and comes from the list's defaults.
type SavedColumn struct {
	Ffield string `json:"ffield"`
	Findex int    `json:"findex"`
	IsShow bool   `json:"isshow"`
}

// UseMark is the in_use column: TRUE for the version in use and NULL for the others, never FALSE, so that the
// unique (user_id, queryname, in_use) index allows one version in use and any number not in use.
type UseMark bool

// Value stores true as TRUE and false as NULL.
func (m UseMark) Value() (driver.Value, error) {
	if m {
		return true, nil
	}
	return nil, nil
}

// Scan reads the column as each database returns it: a bool (PostgreSQL) or an integer (SQLite), and NULL.
func (m *UseMark) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*m = false
	case bool:
		*m = UseMark(x)
	case int64:
		*m = x != 0
	default:
		return fmt.Errorf("in_use: unexpected %T", v)
	}
	return nil
}

// ownVersions scopes a query to one user's versions. Every query of versions goes through it: a user only ever
// sees and changes their own.
func ownVersions(companyID, userID int64) func(*gorm.DB) *gorm.DB {
	return func(g *gorm.DB) *gorm.DB {
		return g.Scopes(models.InCompany("query_field_versions", companyID)).Where("query_field_versions.user_id = ?", userID)
	}
}

// QueryFieldsInUse returns the user's version of the list that is in use, or ErrNotFound when the list shows its
// defaults. Every list page load asks, so it is one lookup of query_field_versions_in_use.
func QueryFieldsInUse(db *models.DB, companyID, userID int64, queryname string) (*QueryFieldVersion, error) {
	var v QueryFieldVersion
	err := db.Scopes(ownVersions(companyID, userID)).
		Take(&v, "query_field_versions.queryname = ? AND query_field_versions.in_use = ?", queryname, true).Error
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// QueryFieldVersions lists the user's versions of a list, oldest first, with their columns (the list says which
// each shows).
func QueryFieldVersions(db *models.DB, companyID, userID int64, queryname string) ([]QueryFieldVersion, error) {
	versions := []QueryFieldVersion{}
	err := db.Select("id, versionname, in_use, field_list, created_at").Scopes(ownVersions(companyID, userID)).
		Where("query_field_versions.queryname = ?", queryname).Order("created_at, id").Find(&versions).Error
	return versions, err
}

// QueryFieldVersionOf returns one of the user's versions; another user's, or none, is ErrNotFound.
func QueryFieldVersionOf(db *models.DB, companyID, userID, id int64) (*QueryFieldVersion, error) {
	var v QueryFieldVersion
	if err := db.Scopes(ownVersions(companyID, userID)).Take(&v, "query_field_versions.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &v, nil
}

// SaveQueryFieldVersion stores v's columns under its name, replacing the columns of the user's version of that
// list with the same name if there is one, and makes it the version in use. v gets the id (and, when replacing,
// the creation time) of the stored version.
func SaveQueryFieldVersion(db *models.DB, v *QueryFieldVersion) error {
	return db.Transaction(func(g *gorm.DB) error {
		tx := db.On(g)
		if err := lockLayouts(tx, v.CompanyID, v.UserID); err != nil {
			return err
		}
		var old QueryFieldVersion
		err := tx.Select("id, created_at").Scopes(ownVersions(v.CompanyID, v.UserID)).
			Take(&old, "query_field_versions.queryname = ? AND query_field_versions.versionname = ?",
				v.Queryname, v.Versionname).Error
		switch {
		case models.IsNotFound(err):
			v.InUse = false // in use only once the others are not (the unique in_use index)
			if err := tx.Create(v).Error; err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			v.ID, v.CreatedAt = old.ID, old.CreatedAt
			if err := saveColumns(tx, v.CompanyID, v.UserID, v.ID, v.FieldList, v.UpdatedAt); err != nil {
				return err
			}
		}
		v.InUse = true
		return use(tx, v.CompanyID, v.UserID, v.Queryname, v.ID)
	})
}

// SaveQueryFieldColumns stores new columns into one of the user's versions and makes it the version in use. It
// returns the version; another user's, or none, is ErrNotFound and changes nothing.
func SaveQueryFieldColumns(db *models.DB, companyID, userID, id int64, cols []SavedColumn, at time.Time) (*QueryFieldVersion, error) {
	var v *QueryFieldVersion
	err := db.Transaction(func(g *gorm.DB) error {
		tx := db.On(g)
		if err := lockLayouts(tx, companyID, userID); err != nil {
			return err
		}
		var err error
		if v, err = QueryFieldVersionOf(tx, companyID, userID, id); err != nil {
			return err
		}
		if err := saveColumns(tx, companyID, userID, id, cols, at); err != nil {
			return err
		}
		v.FieldList, v.UpdatedAt, v.InUse = cols, at, true
		return use(tx, companyID, userID, v.Queryname, id)
	})
	return v, err
}

// UseQueryFieldVersion makes one of the user's versions the one in use for its list and returns it; another
// user's, or none, is ErrNotFound and changes nothing.
func UseQueryFieldVersion(db *models.DB, companyID, userID, id int64) (*QueryFieldVersion, error) {
	var v *QueryFieldVersion
	err := db.Transaction(func(g *gorm.DB) error {
		tx := db.On(g)
		if err := lockLayouts(tx, companyID, userID); err != nil {
			return err
		}
		var err error
		if v, err = QueryFieldVersionOf(tx, companyID, userID, id); err != nil {
			return err
		}
		v.InUse = true
		return use(tx, companyID, userID, v.Queryname, id)
	})
	return v, err
}

// UseDefaultQueryFields puts the user's list back on its default columns: none of the user's versions of it is in
// use any more. The versions stay.
func UseDefaultQueryFields(db *models.DB, companyID, userID int64, queryname string) error {
	return db.Model(&QueryFieldVersion{}).Scopes(ownVersions(companyID, userID)).
		Where("query_field_versions.queryname = ? AND query_field_versions.in_use = ?", queryname, true).
		UpdateColumn("in_use", UseMark(false)).Error
}

// DeleteQueryFieldVersion deletes one of the user's versions with its columns (one row holds both); if it was in
// use, the list shows its defaults again. Another user's version, or none, is ErrNotFound.
func DeleteQueryFieldVersion(db *models.DB, companyID, userID, id int64) error {
	res := db.Scopes(ownVersions(companyID, userID)).Delete(&QueryFieldVersion{}, "query_field_versions.id = ?", id)
	if res.Error == nil && res.RowsAffected == 0 {
		return models.ErrNotFound
	}
	return res.Error
}

// lockLayouts makes one user's layout changes take turns: it locks the user's row until the transaction ends,
// so that two saves at once do not both create a version of the same name or both put one in use (which the
// unique indexes would refuse with a duplicate-key error). SQLite's transactions already take turns
// (_txlock=immediate), and its dialect leaves the lock out.
func lockLayouts(db *models.DB, companyID, userID int64) error {
	var u accounts.User
	return db.Clauses(clause.Locking{Strength: "UPDATE"}).Select("users.id").Scopes(models.InCompany("users", companyID)).
		Take(&u, "users.id = ?", userID).Error
}

func saveColumns(db *models.DB, companyID, userID, id int64, cols []SavedColumn, at time.Time) error {
	return db.Model(&QueryFieldVersion{}).Scopes(ownVersions(companyID, userID)).
		Where("query_field_versions.id = ?", id).Select("field_list", "updated_at").
		Updates(&QueryFieldVersion{FieldList: cols, UpdatedAt: at}).Error
}

// use makes version id the one in use of the user's list: the one in use before is released first, since the
// unique in_use index would refuse two at once.
func use(db *models.DB, companyID, userID int64, queryname string, id int64) error {
	err := db.Model(&QueryFieldVersion{}).Scopes(ownVersions(companyID, userID)).
		Where("query_field_versions.queryname = ? AND query_field_versions.in_use = ? AND query_field_versions.id <> ?",
			queryname, true, id).
		UpdateColumn("in_use", UseMark(false)).Error
	if err != nil {
		return err
	}
	return db.Model(&QueryFieldVersion{}).Scopes(ownVersions(companyID, userID)).
		Where("query_field_versions.id = ?", id).UpdateColumn("in_use", UseMark(true)).Error
}
