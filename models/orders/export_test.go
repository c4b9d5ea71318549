package orders

import "sellerhub/models"

// The ways an order list applies its search (order_search.go), and SearchPlan and SearchFirsts: what the tests of
// order_search_test.go check of it.
const (
	SearchGathered  = int(gathered)
	SearchTestedFew = int(testedFew)
	SearchTested    = int(tested)
)

// SearchPlan is how the order lists apply the filter's search.
func SearchPlan(db *models.DB, companyID int64, f OrderFilter) (int, error) {
	p, err := planSearch(db, companyID, f, true)
	return int(p), err
}

// SearchFirsts tells whether the first n orders of a tested search in the filter's order are read from its one
// value's matches (searchedFirsts).
func SearchFirsts(db *models.DB, companyID int64, f OrderFilter, n int) (bool, error) {
	newest, byDate := f.byDate()
	if !byDate {
		return false, nil
	}
	indexes, err := searchIndexes(db, companyID, f.Search)
	if err != nil {
		return false, err
	}
	f.Offset, f.Limit = 0, n-1
	_, _, found, err := searchedFirsts(db, companyID, f, indexes, newest)
	return found, err
}
