package models

import (
	"errors"

	"gorm.io/gorm"
)

// ErrNotFound is what lookups return for a missing row, whatever the database.
var ErrNotFound = gorm.ErrRecordNotFound

// IsNotFound tells whether err means the row does not exist.
func IsNotFound(err error) bool { return errors.Is(err, gorm.ErrRecordNotFound) }

// IsDuplicate tells whether err is a unique-key violation.
func IsDuplicate(err error) bool { return errors.Is(err, gorm.ErrDuplicatedKey) }
