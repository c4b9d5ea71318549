package models

import "gorm.io/gorm"

// WithJumpStride is the handle with jump anchors stride rows apart, so a test walks many of them over few rows.
func (db *DB) WithJumpStride(stride int) *DB {
	c := db.On(db.DB)
	c.stride = stride
	return c
}

// FindPage is findPage, for tests that compare it with gorm's Find.
func FindPage[T any](q *gorm.DB, out *[]T) error { return findPage(q, out) }
