package amazondata

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// batchLines is how many lines of a report go into one transaction: a million-line report is two hundred commits
// (at a thousand lines, SQLite spent a quarter of an import committing: the same index pages written to its log
// again at each commit), and a batch's values stay a few megabytes (the upsert sends them a thousand rows at a
// time). At ten thousand, SQLite's own memory for the transaction took the process past 150 MB of growth.
const batchLines = 5000

// LineError is a line of a report that cannot be read. The import fails with it and writes nothing of the batch
// the line is in; its message is shown to the user as is.
type LineError struct {
	Line    int    // in the file, the header being line 1
	Column  string // Amazon's column name
	Value   string
	Problem string
}

func (e *LineError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("第 %d 行 %s 列：%s", e.Line, e.Column, e.Problem)
	}
	return fmt.Sprintf("第 %d 行 %s 列的值“%s”%s", e.Line, e.Column, e.Value, e.Problem)
}

// requireColumns refuses a report without the columns an importer cannot do without: most likely a file of
// another kind uploaded by mistake.
func requireColumns(r *amazon.TSVReader, kind Kind, columns ...string) error {
	for _, c := range columns {
		if !r.Has(c) {
			return &LineError{Line: 1, Column: c, Problem: "表头缺少此列，请确认上传的是" + kind.Label() + "报告"}
		}
	}
	return nil
}

// line reads the values of one report line, keeping the first value that could not be read.
type line struct {
	row amazon.TSVRow
	err error
}

func (l *line) fail(column, value, problem string) {
	if l.err == nil {
		l.err = &LineError{Line: l.row.Line, Column: column, Value: value, Problem: problem}
	}
}

func (l *line) str(column string) string { return l.row.Get(column) }

// required is a value the line cannot be kept without (a key).
func (l *line) required(column string) string {
	v := l.row.Get(column)
	if v == "" {
		l.fail(column, "", "不能为空")
	}
	return v
}

func (l *line) money(column string) models.Money {
	v := l.row.Get(column)
	units, ok := parseUnits(v)
	if !ok {
		l.fail(column, v, "不是金额")
	}
	return models.MoneyFromUnits(units)
}

func (l *line) integer(column string) int {
	v := l.row.Get(column)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		l.fail(column, v, "不是整数")
	}
	return n
}

// count is a number of units, which cannot be negative.
func (l *line) count(column string) int {
	n := l.integer(column)
	if n < 0 {
		l.fail(column, l.row.Get(column), "不能为负数")
	}
	return n
}

// price is an amount a buyer pays, which cannot be negative (discounts, refunds and fees are other columns).
func (l *line) price(column string) models.Money {
	m := l.money(column)
	if m.IsNegative() {
		l.fail(column, l.row.Get(column), "不能为负数")
	}
	return m
}

// marketplace is the marketplace a sales channel or marketplace name names ("Amazon.com"), "" for one that is
// no Amazon marketplace ("Non-Amazon"): a marketplace Amazon's but not the specification's, or not of the seller
// account's region, cannot be the account's.
func (l *line) marketplace(column string, st Store) string {
	v := l.str(column)
	id := marketplaceOfChannel(v)
	if id == "" {
		if strings.HasPrefix(strings.ToLower(v), "amazon.") {
			l.fail(column, v, "不是系统支持的亚马逊站点")
		}
		return ""
	}
	if m, _ := storesdb.MarketplaceByID(id); st.Region != "" && m.Region != st.Region {
		l.fail(column, v, "不是该店铺所在地区的站点")
	}
	return id
}

func (l *line) flag(column string) bool {
	return strings.EqualFold(l.row.Get(column), "true")
}

// date is a time the line cannot be kept without.
func (l *line) date(column string) time.Time {
	v := l.row.Get(column)
	if v == "" {
		l.fail(column, "", "不能为空")
		return time.Time{}
	}
	t, ok := parseTime(v)
	if !ok {
		l.fail(column, v, "不是日期")
	} else if !plausibleDate(t) {
		l.fail(column, v, "不在2000年至今的日期范围内")
	}
	return t
}

// firstReportDate is before anything Amazon reports on; a date past tomorrow (a day's slack for time zones) has
// not happened yet. A date of year 9999 broke the sales reports' date arithmetic.
var firstReportDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

func plausibleDate(t time.Time) bool {
	return !t.Before(firstReportDate) && !t.After(time.Now().Add(48*time.Hour))
}

// optionalTime is a date that may be empty (nil).
func (l *line) optionalTime(column string) *time.Time {
	if l.row.Get(column) == "" {
		return nil
	}
	t := l.date(column)
	return &t
}

// parseUnits reads an amount as ten-thousandths (models.Money's unit) without going through big numbers, since a
// report has millions of them. "" is zero. European files write a decimal comma ("12,34", "1.234,56"): the last
// of "." and "," is the decimal separator, the other one groups thousands.
func parseUnits(s string) (int64, bool) {
	if s == "" {
		return 0, true
	}
	neg := false
	switch s[0] {
	case '-':
		neg, s = true, s[1:]
	case '+':
		s = s[1:]
	}
	decimalSep := byte('.')
	if c := strings.LastIndexByte(s, ','); c > strings.LastIndexByte(s, '.') {
		decimalSep = ','
	}
	var units int64
	decimals, seenDigit, inFraction := 0, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if inFraction {
				if decimals == 4 {
					return 0, false
				}
				decimals++
			}
			if units > (math.MaxInt64-9)/10 {
				return 0, false
			}
			units = units*10 + int64(c-'0')
			seenDigit = true
		case c == decimalSep && !inFraction:
			inFraction = true
		case (c == '.' || c == ',') && c != decimalSep && !inFraction:
			// a thousands separator
		default:
			return 0, false
		}
	}
	if !seenDigit {
		return 0, false
	}
	for ; decimals < 4; decimals++ {
		units *= 10
	}
	if neg {
		units = -units
	}
	return units, true
}

// zoneOffsets are the time zone abbreviations Amazon's reports end their dates with, and their offsets in
// seconds: Go would read an unknown abbreviation as UTC.
var zoneOffsets = map[string]int{
	"UTC": 0, "GMT": 0, "Z": 0,
	"PST": -8 * 3600, "PDT": -7 * 3600, "MST": -7 * 3600, "MDT": -6 * 3600,
	"CST": -6 * 3600, "CDT": -5 * 3600, "EST": -5 * 3600, "EDT": -4 * 3600,
	"BST": 3600, "CET": 3600, "CEST": 2 * 3600, "JST": 9 * 3600,
}

// parseTime reads the date forms of Amazon's reports: ISO 8601 with an offset (2026-10-01T08:15:30+00:00), with a
// zone abbreviation (2026-10-01 07:00:00 UTC), European (01.10.2026 07:00:00 UTC) and a bare date (2026-10-01,
// midnight UTC). A time without zone is UTC.
func parseTime(s string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), true
	}
	loc := time.UTC
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		if off, ok := zoneOffsets[strings.ToUpper(s[i+1:])]; ok {
			loc = time.FixedZone(s[i+1:], off)
			s = s[:i]
		}
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02", "02.01.2006 15:04:05",
		"02.01.2006", "2006/01/02 15:04:05", "2006/01/02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// marketplaceByDomain finds a marketplace by the sales channel or marketplace name Amazon writes in orders and
// settlements ("Amazon.com", "Amazon.co.jp"): the domain of its Seller Central host.
var marketplaceByDomain = map[string]string{}

func init() {
	for _, m := range storesdb.Marketplaces {
		marketplaceByDomain[strings.TrimPrefix(m.SellerCentral, "https://sellercentral.")] = m.ID
	}
}

// marketplaceOfChannel is the marketplace id of a sales channel; "" for one that is no Amazon marketplace
// ("Non-Amazon" for multi-channel orders).
func marketplaceOfChannel(channel string) string {
	return marketplaceByDomain[strings.ToLower(channel)]
}

// checkStore refuses a seller account that is not the company's, and takes the account's store group from the
// database rather than from the caller.
func (s *Service) checkStore(st Store) (Store, error) {
	seller, err := storesdb.SellerByID(s.db, st.CompanyID, st.SellerID)
	if err != nil {
		return st, fmt.Errorf("amazondata: seller %d of company %d: %w", st.SellerID, st.CompanyID, err)
	}
	st.GroupID = seller.GroupID
	return st, nil
}

// readLatest reads a report whose lines are rows keyed by what makes them one (a SKU of a marketplace, a return):
// a key written twice within a batch keeps its later line, and every batchLines lines go to upsert, one
// transaction each, with the progress told after each.
func readLatest[K comparable, T any](r *amazon.TSVReader, progress Progress, read func(amazon.TSVRow) (T, K, error),
	upsert func([]T) (int64, error)) (Result, error) {
	var res Result
	var rows []T
	at := map[K]int{}
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		n, err := upsert(rows)
		if err != nil {
			return err
		}
		res.Written += int(n)
		progress(res.Lines)
		rows, at = rows[:0], map[K]int{}
		return nil
	}
	for {
		row, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, err
		}
		res.Lines++
		v, key, err := read(row)
		if err != nil {
			return res, err
		}
		if i, ok := at[key]; ok {
			rows[i] = v
			continue
		}
		at[key] = len(rows)
		rows = append(rows, v)
		if len(rows) >= batchLines {
			if err := flush(); err != nil {
				return res, err
			}
		}
	}
	return res, flush()
}

// latestBatch is a batch of readLatestOverlapped: its rows, each key once, and the file's lines read up to its end.
type latestBatch[K comparable, T any] struct {
	rows  []T
	at    map[K]int
	lines int
}

// readLatestOverlapped is readLatest with the next batch read while the one before is written, as importOrders
// does: one after the other, each of reading and writing waited for the other. One writer writes the batches in
// the file's order and one more waits at most, so what is written, and what a line that cannot be read leaves
// unwritten (its batch and the rest), are readLatest's, and the memory stays three batches'.
func readLatestOverlapped[K comparable, T any](r *amazon.TSVReader, progress Progress, read func(amazon.TSVRow) (T, K, error),
	upsert func([]T) (int64, error)) (res Result, err error) {
	batches := make(chan *latestBatch[K, T], 1)
	written := make(chan *latestBatch[K, T], 2) // batches written, for the reader to fill again
	var (
		stop     atomic.Bool // the writer failed: read no further
		lines    int         // read by the writer once reading has ended
		readErr  error
		finished = make(chan struct{})
	)
	go func() {
		defer close(finished)
		defer close(batches)
		// A panic here would end the process: the job's own recovery covers only the job's goroutine.
		defer func() {
			if p := recover(); p != nil {
				readErr = fmt.Errorf("amazondata: line %d: %v", lines+1, p)
			}
		}()
		next := func() *latestBatch[K, T] {
			select {
			case b := <-written:
				b.rows, b.lines = b.rows[:0], 0
				clear(b.at)
				return b
			default:
				return &latestBatch[K, T]{rows: make([]T, 0, batchLines), at: make(map[K]int, batchLines)}
			}
		}
		b := next()
		for !stop.Load() {
			row, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				readErr = err
				return
			}
			lines++
			v, key, err := read(row)
			if err != nil {
				readErr = err
				return
			}
			if i, ok := b.at[key]; ok {
				b.rows[i] = v
				continue
			}
			b.at[key] = len(b.rows)
			b.rows = append(b.rows, v)
			if len(b.rows) >= batchLines {
				b.lines = lines
				batches <- b
				b = next()
			}
		}
		if len(b.rows) > 0 && !stop.Load() {
			b.lines = lines
			batches <- b
		}
	}()
	// Whatever ends the writing (a panic included), the reader is stopped and waited for: the caller may close the
	// file once this returns.
	defer func() {
		stop.Store(true)
		for range batches {
		}
		<-finished
		res.Lines = lines
		if err == nil {
			err = readErr
		}
	}()
	for b := range batches {
		n, err := upsert(b.rows)
		if err != nil {
			return res, err
		}
		res.Written += int(n)
		progress(b.lines)
		select {
		case written <- b:
		default:
		}
	}
	return res, nil
}
