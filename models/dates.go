package models

import (
	"fmt"
	"strings"
	"time"
)

// The periods a date column is read in: a day, a week (its Monday), a month (yyyy-MM).
const (
	PeriodDay   = "day"
	PeriodWeek  = "week"
	PeriodMonth = "month"
)

// ZoneSpan is a span of instants in which a zone keeps one offset from UTC.
type ZoneSpan struct {
	until  time.Time // the span ends before it; zero: open
	offset int       // seconds east of UTC
}

// SpansOf are the offsets of loc between from and to.
func SpansOf(loc *time.Location, from, to time.Time) []ZoneSpan {
	var out []ZoneSpan
	for t := from.In(loc); ; {
		_, off := t.Zone()
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(to) {
			return append(out, ZoneSpan{offset: off})
		}
		out = append(out, ZoneSpan{until: end.UTC(), offset: off})
		t = end.In(loc)
	}
}

// DateSQL is the SQL that turns column (an instant) into its date in a zone: its offset by span, as the database
// cannot read Go's zones (SQLite knows none), then the period's first day (a day, a week's Monday, a month
// yyyy-MM).
type DateSQL struct {
	Driver string // the handle's driver: sqlite or postgres
	Args   []any  // the arguments the written SQL holds, in their order
}

// Offset is the SQL of column's offset from UTC (seconds) over spans, adding the spans' ends to Args.
func (d *DateSQL) Offset(column string, spans []ZoneSpan) string {
	if len(spans) == 1 {
		return fmt.Sprint(spans[0].offset)
	}
	var b strings.Builder
	b.WriteString("CASE")
	for _, s := range spans {
		if s.until.IsZero() {
			fmt.Fprintf(&b, " ELSE %d END", s.offset)
			break
		}
		fmt.Fprintf(&b, " WHEN %s < ? THEN %d", column, s.offset)
		d.Args = append(d.Args, s.until)
	}
	return b.String()
}

// Period is the SQL of column's period (PeriodDay, PeriodWeek, PeriodMonth) once shifted by offset (SQL).
func (d *DateSQL) Period(column, offset, period string) string {
	if d.Driver == "postgres" {
		local := fmt.Sprintf("((%s AT TIME ZONE 'UTC') + (%s) * INTERVAL '1 second')", column, offset)
		switch period {
		case PeriodMonth:
			return "to_char(" + local + ", 'YYYY-MM')"
		case PeriodWeek:
			return "to_char(date_trunc('week', " + local + "), 'YYYY-MM-DD')"
		}
		return "to_char(" + local + ", 'YYYY-MM-DD')"
	}
	shift := "(" + offset + ") || ' seconds'"
	switch period {
	case PeriodMonth:
		return fmt.Sprintf("strftime('%%Y-%%m', %s, %s)", column, shift)
	case PeriodWeek:
		return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, %s, '-6 days', 'weekday 1')", column, shift)
	}
	return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, %s)", column, shift)
}
