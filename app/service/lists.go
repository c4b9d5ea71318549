package service

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"sellerhub/models"
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

// namedList turns the query into the model's list request. sortable maps the columns the island may sort by
// (its field names) to the table's columns: anything else, including SQL, sorts by name.
func (q ListQuery) namedList(sortable map[string]string) (models.NamedList, PageRequest) {
	r := q.PageRequest.Normalized()
	return models.NamedList{Name: strings.TrimSpace(q.Name), OrderBy: sortable[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.offset(), Limit: r.Size}, r
}

// field is one text field of a form with its rules: its label for the messages, its longest length in
// characters, and whether it may be empty.
type field struct {
	value    *string
	label    string
	max      int
	required bool
}

// checkFields trims the fields and tells what is wrong with the first bad one: 名称不能为空, 名称不能超过50个字符.
func checkFields(fields ...field) error {
	for _, f := range fields {
		*f.value = strings.TrimSpace(*f.value)
		switch {
		case f.required && *f.value == "":
			return Invalid(f.label + "不能为空")
		case utf8.RuneCountInString(*f.value) > f.max:
			return Invalid(fmt.Sprintf("%s不能超过%d个字符", f.label, f.max))
		}
	}
	return nil
}

// nameFree refuses a name the company already uses on a row other than self (0 for a new row). find looks the
// name up and answers the row's id.
func nameFree(find func() (int64, error), self int64, taken string) error {
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

// dayRange reads the dates of a list's filter (yyyy-MM-dd, days in loc, both included, "" for open) as the
// instants from (included) and to (excluded).
func dayRange(loc *time.Location, start, end string) (from, to time.Time, err error) {
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
