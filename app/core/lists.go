package core

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// ListQuery is the body of the paged list calls of the simple admin lists (tags, tag groups, clients,
// customers): the page, the sort the table island asks for, and the name filter. GroupID narrows tags to a group.
type ListQuery struct {
	PageRequest
	Sort    string `json:"sort" form:"sort"`
	Order   string `json:"order" form:"order"`
	Name    string `json:"name" form:"name"`
	GroupID string `json:"groupId" form:"groupId"`
}

// NamedList turns the query into the model's list request. sortable maps the columns the island may sort by
// (its field names) to the table's columns: anything else, including SQL, sorts by name.
func (q ListQuery) NamedList(sortable map[string]string) (models.NamedList, PageRequest) {
	r := q.PageRequest.Normalized()
	return models.NamedList{Name: strings.TrimSpace(q.Name), OrderBy: sortable[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}, r
}

// Field is one text field of a form with its rules: its label for the messages, its longest length in
// characters, and whether it may be empty.
type Field struct {
	Value    *string
	Label    string
	Max      int
	Required bool
}

// CheckFields trims the fields and tells what is wrong with the first bad one: 名称不能为空, 名称不能超过50个字符.
func CheckFields(fields ...Field) error {
	for _, f := range fields {
		*f.Value = strings.TrimSpace(*f.Value)
		switch {
		case f.Required && *f.Value == "":
			return Invalid(f.Label + "不能为空")
		case utf8.RuneCountInString(*f.Value) > f.Max:
			return Invalid(fmt.Sprintf("%s不能超过%d个字符", f.Label, f.Max))
		}
	}
	return nil
}

// NameFree refuses a name the company already uses on a row other than self (0 for a new row). find looks the
// name up and answers the row's id.
func NameFree(find func() (int64, error), self int64, taken string) error {
	id, err := find()
	switch {
	case models.IsNotFound(err):
		return nil
	case err != nil:
		return err
	case id != self:
		return Refused(taken)
	}
	return nil
}

// DayRange reads the dates of a list's filter (yyyy-MM-dd, days in loc, both included, "" for open) as the
// instants from (included) and to (excluded).
func DayRange(loc *time.Location, start, end string) (from, to time.Time, err error) {
	day := func(s string) (time.Time, error) {
		t, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(s), loc)
		if err != nil {
			return t, Invalid(MsgDateBad)
		}
		return t.UTC(), nil
	}
	if strings.TrimSpace(start) != "" {
		if from, err = day(start); err != nil {
			return
		}
	}
	if strings.TrimSpace(end) != "" {
		if to, err = day(end); err != nil {
			return
		}
		to = to.AddDate(0, 0, 1)
	}
	return
}

// PageRequest is the body of a paged list call. After and Before name the row the page is asked next to, as the
// table island sends them when it steps to the next or previous page (models.Anchor): the page number stays the
// page asked for, and the rows are the same, read without walking the pages before it.
type PageRequest struct {
	Current int      `json:"currentpage" form:"currentpage" query:"currentpage"`
	Size    int      `json:"pagesize" form:"pagesize" query:"pagesize"`
	After   AnchorID `json:"after" form:"after" query:"after"`
	Before  AnchorID `json:"before" form:"before" query:"before"`
	// whole is an export's request for the whole query; unexported, so no request body can set it.
	whole bool
}

// WholeQuery asks for the whole query in one page, up to MaxExportRows rows (an export, which refuses a larger
// total), from its first row.
func (r *PageRequest) WholeQuery() {
	r.Current, r.Size, r.After, r.Before, r.whole = 1, MaxExportRows, 0, 0, true
}

// Anchor is the row the page is asked next to; none when the request names both.
func (r PageRequest) Anchor() models.Anchor {
	if r.After > 0 && r.Before > 0 {
		return models.Anchor{}
	}
	return models.Anchor{After: int64(r.After), Before: int64(r.Before)}
}

// AnchorID is a row's id as a page request names it, a JSON string or number; anything else names no row rather
// than failing the request: the page is then read by its number alone.
type AnchorID int64

// UnmarshalJSON reads the id from a JSON string or number.
func (a *AnchorID) UnmarshalJSON(b []byte) error {
	return a.UnmarshalParam(strings.Trim(string(b), `"`))
}

// UnmarshalParam reads the id from a form or query value.
func (a *AnchorID) UnmarshalParam(s string) error {
	*a = 0
	if id, ok := ParseID(s); ok {
		*a = AnchorID(id)
	}
	return nil
}

// Page sizes of the list calls: 10 unless asked, and never more than 100 rows in one answer.
const (
	defaultPageSize = 10
	maxPageSize     = 100
)

// Normalized fills in the first page and the default size, and caps the size.
func (r PageRequest) Normalized() PageRequest {
	if r.Current < 1 {
		r.Current = 1
	}
	if r.Size < 1 {
		r.Size = defaultPageSize
	}
	if !r.whole {
		r.Size = min(r.Size, maxPageSize)
	}
	return r
}

// Offset is how many rows come before the page.
func (r PageRequest) Offset() int { return (r.Current - 1) * r.Size }

// MaxExportRows bounds an export: a spreadsheet of more rows than this is no longer read by a person.
const MaxExportRows = 100000

// Required is a text field that must not be empty, of at most max characters.
func Required(value *string, label string, max int) Field {
	return Field{Value: value, Label: label, Max: max, Required: true}
}

// Optional is a text field that may be empty, of at most max characters.
func Optional(value *string, label string, max int) Field {
	return Field{Value: value, Label: label, Max: max}
}

// ParseID reads an id from a path; a malformed one names nothing, like a missing one.
func ParseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return id, err == nil && id > 0
}

// StoreFilter reads the store group and marketplace filters of a report on Amazon data: the group's id (0 when none
// is asked) and the marketplace's; ok is false for a group id that is not one or an unknown marketplace, which
// match nothing.
func StoreFilter(groupID, marketplaceID string) (int64, string, bool) {
	var id int64
	ok := true
	if strings.TrimSpace(groupID) != "" {
		id, ok = ParseID(groupID)
	}
	market := strings.TrimSpace(marketplaceID)
	if _, known := storesdb.MarketplaceByID(market); market != "" && !known {
		ok = false
	}
	return id, market, ok
}
