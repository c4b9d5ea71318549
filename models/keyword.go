package models

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"
)

// trigramIndexed are the columns (table.column) an index of trigrams serves, by migration 00030: on PostgreSQL a
// pg_trgm GIN index of each, on SQLite the FTS5 table <table>_fts of the table's indexed columns.
var trigramIndexed = map[string]bool{
	"local_products.sku": true, "local_products.name": true,
	"listings.seller_sku": true, "listings.asin": true, "listings.fnsku": true,
	"stock_ledger.doc_number": true,
}

// fourgramIndexed are the expressions of migration 00044's PostgreSQL indexes of the four-character pieces of each
// table's trigram-indexed columns, written as the indexes are, which a search must for the planner to use them.
var fourgramIndexed = map[string]string{
	"local_products": "(fourgrams(local_products.sku) || fourgrams(local_products.name))",
	"listings":       "(fourgrams(listings.seller_sku) || fourgrams(listings.asin) || fourgrams(listings.fnsku))",
	"stock_ledger":   "fourgrams(stock_ledger.doc_number)",
}

// trigram is how many characters an FTS5 trigram query needs: a shorter one matches no row.
const trigram = 3

// containsKeyword narrows q to the rows in which any of columns (table.column) contains keyword, ignoring letter
// case (SKUs are typed in either case), with the user's % and _ taken literally; "" narrows nothing. It is every
// list's keyword search, so that the lists agree and the indexes of migration 00030 serve them all. PostgreSQL's
// planner serves the ILIKE from the pg_trgm indexes itself when they narrow the search; SQLite's cannot, so there
// the LIKE is joined by the FTS5 tables' answer, which holds every row the LIKE matches (FTS5 folds case at least
// as widely as LIKE) and is narrowed to exactly them by the LIKE.
func (db *DB) containsKeyword(q *gorm.DB, keyword string, columns ...string) *gorm.DB {
	if keyword == "" {
		return q
	}
	p, like := ContainsPattern(keyword), " "+db.caselessFor(keyword)
	pieces := db.fourgramsFor(keyword, columns)
	conds, args := make([]string, len(columns)), make([]any, len(columns))
	for i, c := range columns {
		if pieces != "" {
			// Written so that no trigram index serves it: offered both, the planner combined the two indexes'
			// candidates and then had every trigram candidate's pieces computed to recheck them (keyword 99999 at a
			// million products: 8.5 ms, against 0.3 ms by the pieces' index alone).
			c = "(" + c + " || '')"
		}
		conds[i], args[i] = c+like, p
	}
	q = q.Where("("+strings.Join(conds, " OR ")+")", args...)
	if pieces != "" {
		q = q.Where(pieces+" @> fourgrams(?)", keyword)
	}
	if db.Driver == "sqlite" {
		q = db.ftsCandidates(q, keyword, columns)
	}
	return q
}

// ftsFew is how many rows an FTS5 answer may hold for it to narrow the search: each is then looked up in its
// table by id, which past some tens of thousands costs more than reading the whole table once. Measured at a
// million products: 11,000 matches took 0.1 s through the index, 111,000 took 1 s and a keyword every row holds
// 9 s, against 0.4-0.7 s reading the table.
const ftsFew = 20_000

// ftsCandidates narrows q to the rows whose tables' FTS5 trigram index holds keyword in some column, when every
// column is indexed, the keyword is long enough for trigrams and the index holds it in few rows (SQLite's planner
// cannot tell a rare keyword from a common one, so the index is asked first); otherwise it leaves q to the LIKE.
func (db *DB) ftsCandidates(q *gorm.DB, keyword string, columns []string) *gorm.DB {
	if utf8.RuneCountInString(keyword) < trigram {
		return q
	}
	var tables []string
	for _, c := range columns {
		if !trigramIndexed[c] {
			return q
		}
		if t, _, _ := strings.Cut(c, "."); !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	// A phrase in double quotes takes every character literally but the double quote, which is doubled.
	phrase := `"` + strings.ReplaceAll(keyword, `"`, `""`) + `"`
	// The index is asked once, here; the rows it names are handed to the list's page and count as a list of ids.
	// Asked again inside both (id IN (SELECT rowid .. MATCH ..)), it read the trigrams' postings three times a
	// call: a common trigram (999 in a million products) made the keyword search cost 9.6 ms of CPU a call.
	conds, args := make([]string, len(tables)), make([]any, len(tables))
	found := 0
	for i, t := range tables {
		var ids []int64
		if err := db.Raw("SELECT rowid FROM "+t+"_fts WHERE "+t+"_fts MATCH ? LIMIT ?", phrase, ftsFew).
			Scan(&ids).Error; err != nil {
			_ = q.AddError(err)
			return q
		}
		found += len(ids)
		if found >= ftsFew {
			return q
		}
		list, err := json.Marshal(ids)
		if err != nil {
			_ = q.AddError(err)
			return q
		}
		conds[i], args[i] = t+".id IN (SELECT value FROM json_each(?))", string(list)
	}
	return q.Where("("+strings.Join(conds, " OR ")+")", args...)
}

// fourgramsFor is the expression of the four-character pieces' index that narrows a PostgreSQL search for keyword
// in columns better than their trigram indexes can, or "" where there is none. That is a keyword of one character
// repeated four times or more (99999, 0000): pg_trgm narrows by a keyword's distinct trigrams, and such a keyword
// has one, which thousands of rows hold at a million (999 in 4,600 products, each read and rechecked: ~2 ms of CPU
// a search, against 0.3 ms through 9999's 370). Other keywords stay with pg_trgm: their trigrams narrow together,
// and the planner's guess at a common piece's share was off enough to read 111,000 candidates for SKU1 (55 ms,
// against 1-3 ms reading the list in order). Only columns of one table are served, by the index of that table.
func (db *DB) fourgramsFor(keyword string, columns []string) string {
	if db.Driver != "postgres" || !repeatsOneCharacter(keyword) {
		return ""
	}
	table := ""
	for _, c := range columns {
		t, _, _ := strings.Cut(c, ".")
		if !trigramIndexed[c] || (table != "" && t != table) {
			return ""
		}
		table = t
	}
	return fourgramIndexed[table]
}

// repeatsOneCharacter tells whether keyword is one character, in either case, four times or more.
func repeatsOneCharacter(keyword string) bool {
	runes := []rune(strings.ToLower(keyword))
	if len(runes) < 4 {
		return false
	}
	for _, r := range runes[1:] {
		if r != runes[0] {
			return false
		}
	}
	return true
}

// caselessFor is Caseless for keyword. On PostgreSQL a keyword with no letter that has another case (digits,
// Chinese, punctuation) is matched by the plain LIKE: ILIKE would find the same rows, and the two differ only in
// time. The trigram index hands both the same candidates, and ILIKE folds the case of each candidate's text
// before comparing. With a million products, keyword 99999 has 4,600 candidates (its only trigram is 999), and
// the query took 7.4 ms with ILIKE and 2.2 ms with LIKE (EXPLAIN ANALYZE, best of 12).
func (db *DB) caselessFor(keyword string) string {
	if db.Driver == "postgres" && !hasCase(keyword) {
		return "LIKE ? ESCAPE '" + likeEscape + "'"
	}
	return db.Caseless()
}

// hasCase tells whether s holds a letter that folding case could match with another one: a letter with an
// upper or lower form of its own, or another rune folds to (K and the Kelvin sign, İ and i).
func hasCase(s string) bool {
	for _, r := range s {
		if unicode.ToLower(r) != r || unicode.ToUpper(r) != r || unicode.SimpleFold(r) != r {
			return true
		}
	}
	return false
}
