package models

import "gorm.io/gorm"

// WithJumpStride is the handle with jump anchors stride rows apart, so a test walks many of them over few rows.
func (db *DB) WithJumpStride(stride int) *DB {
	c := db.on(db.DB)
	c.stride = stride
	return c
}

// FindPage is findPage, for tests that compare it with gorm's Find.
func FindPage[T any](q *gorm.DB, out *[]T) error { return findPage(q, out) }

// The ways an order list applies its search (order_search.go), for tests that check each is taken.
const (
	SearchGathered  = int(gathered)
	SearchTestedFew = int(testedFew)
	SearchTested    = int(tested)
)

// SearchPlan is how the order lists apply the filter's search.
func (db *DB) SearchPlan(companyID int64, f OrderFilter) (int, error) {
	p, err := db.planSearch(companyID, f, true)
	return int(p), err
}

// SearchFirsts tells whether the first n orders of a tested search in the filter's order are read from its one
// value's matches (searchedFirsts).
func (db *DB) SearchFirsts(companyID int64, f OrderFilter, n int) (bool, error) {
	newest, byDate := f.byDate()
	if !byDate {
		return false, nil
	}
	indexes, err := db.searchIndexes(companyID, f.Search)
	if err != nil {
		return false, err
	}
	f.Offset, f.Limit = 0, n-1
	_, _, found, err := db.searchedFirsts(companyID, f, indexes, newest)
	return found, err
}
