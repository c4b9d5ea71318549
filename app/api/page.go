package api

import "sellerhub/models"

// Page is the data of a paged list answer: {"records":[...],"total":N,"size":S,"current":C,"pages":P}. When
// more rows match than the list counts (models.MoreThan), total is the rows known (the count's cap, or the end
// of the page asked when further), pages what they fill, and totalCapped true: the pager then shows 共 N+ 条 and
// pages on while pages come back full.
type Page[T any] struct {
	Records     []T   `json:"records" null:"never"`
	Total       int64 `json:"total"`
	TotalCapped bool  `json:"totalCapped,omitempty"`
	Size        int   `json:"size"`
	Current     int   `json:"current"`
	Pages       int64 `json:"pages"`
}

// NewPage builds the answer for page current (1-based) of size rows out of total (as models answer it: exact,
// or models.MoreThan). Records is never null.
func NewPage[T any](records []T, total int64, current, size int) Page[T] {
	if records == nil {
		records = []T{}
	}
	n, capped := models.SplitTotal(total)
	p := Page[T]{Records: records, Total: n, TotalCapped: capped, Size: size, Current: current}
	if size > 0 {
		p.Pages = (n + int64(size) - 1) / int64(size)
	}
	return p
}
