package api

// Page is the data of a paged list answer: {"records":[...],"total":N,"size":S,"current":C,"pages":P}.
type Page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Size    int   `json:"size"`
	Current int   `json:"current"`
	Pages   int64 `json:"pages"`
}

// NewPage builds the answer for page current (1-based) of size rows out of total. Records is never null.
func NewPage[T any](records []T, total int64, current, size int) Page[T] {
	if records == nil {
		records = []T{}
	}
	p := Page[T]{Records: records, Total: total, Size: size, Current: current}
	if size > 0 {
		p.Pages = (total + int64(size) - 1) / int64(size)
	}
	return p
}
