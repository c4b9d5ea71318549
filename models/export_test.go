package models

// WithJumpStride is the handle with jump anchors stride rows apart, so a test walks many of them over few rows.
func (db *DB) WithJumpStride(stride int) *DB {
	c := db.on(db.DB)
	c.stride = stride
	return c
}
