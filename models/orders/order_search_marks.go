package orders

import (
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// A far page of a search for one value (前往) would read every order of that value before it. A list read at a known
// version (OrderFilter.Version: the sales generation every import raises, and the user's store groups) keeps, every
// stride-th order read, its date and how many orders precede it; a far page reads on from the nearest such mark.

// searchMark is where a list's orders stand at one of them: its date, and how many of the list's orders come before
// that date (newer, in a list newest first). The zero mark is the list's start.
type searchMark struct {
	date   time.Time
	before int
}

// marksOf are the search marks of the database's lists, shared by every handle (models.DB.Shared).
type marksOf struct{}

func searchMarks(db *models.DB) *models.Kept[[]searchMark] {
	return db.Shared(marksOf{}, func() any { return models.NewKept[[]searchMark]() }).(*models.Kept[[]searchMark])
}

// searchMarksKey names a list's marks: the company, the direction and the filter without its page, sort or version's
// generation (its groups stay: marks read for one scope are not another's).
func searchMarksKey(companyID int64, f OrderFilter, newest bool) string {
	f.Offset, f.Limit, f.Anchor, f.Total, f.OrderBy, f.Desc, f.Version.Generation = 0, 0, models.Anchor{}, 0, "", false, 0
	return fmt.Sprintf("%d|%t|%+v", companyID, newest, f)
}

// searchMarksBefore returns the list's kept marks (nil unless kept at f's version) and the nearest of them at or
// before the page (the zero mark when none is).
func searchMarksBefore(db *models.DB, key string, f OrderFilter, stride int) ([]searchMark, searchMark) {
	if f.Version.Generation == 0 {
		return nil, searchMark{}
	}
	marks, ok := searchMarks(db).Get(key, f.Version.Generation)
	if !ok {
		return nil, searchMark{}
	}
	if m := min(len(marks), f.Offset/stride); m > 0 {
		return marks, marks[m-1]
	}
	return marks, searchMark{}
}

// keepSearchMarks keeps the list's marks after orders read from mark from.before on: exact are the orders read in
// the list's order, each at its place (from.before and on); the marks past those kept are added.
func keepSearchMarks(db *models.DB, key string, version models.ListVersion, marks []searchMark, before int, exact []datedItem) {
	if version.Generation == 0 {
		return
	}
	stride := db.JumpStride()
	grown := slices.Clip(marks)
	for at := (len(marks)+1)*stride - before; at < len(exact); at += stride {
		first := at
		for first > 0 && exact[first-1].PurchaseDate.Equal(exact[at].PurchaseDate) {
			first--
		}
		grown = append(grown, searchMark{date: exact[at].PurchaseDate, before: before + first})
	}
	if len(grown) > len(marks) {
		searchMarks(db).Keep(key, version.Generation, grown)
	}
}

// bound narrows q, a list's rows in date order, to those from the mark's date on (all from the zero mark).
func (m searchMark) bound(q *gorm.DB, column string, newest bool) *gorm.DB {
	switch {
	case m.date.IsZero():
		return q
	case newest:
		return q.Where(column+" <= ?", m.date)
	}
	return q.Where(column+" >= ?", m.date)
}

// after drops the orders, in the list's order, dated before the mark's date: an order id's orders, read whatever
// their date.
func (m searchMark) after(dated []datedItem, newest bool) []datedItem {
	if m.date.IsZero() {
		return dated
	}
	i := 0
	for i < len(dated) && (newest && dated[i].PurchaseDate.After(m.date) || !newest && dated[i].PurchaseDate.Before(m.date)) {
		i++
	}
	return dated[i:]
}
