package models

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"
)

// trigramIndexed are the columns (table.column) an index of trigrams serves, by migration 00030 (and 00163: the
// listing's title): on PostgreSQL a pg_trgm GIN index of each, on SQLite a column of the FTS5 table <table>_fts.
var trigramIndexed = map[string]bool{
	"local_products.sku": true, "local_products.name": true,
	"listings.seller_sku": true, "listings.asin": true, "listings.fnsku": true, "listings.item_name": true,
	"stock_ledger.doc_number": true,
}

// fourgramColumns are the columns fourgramIndexed's expressions hold: a search of any other column is left to
// pg_trgm, or the index would drop the rows that match there only.
var fourgramColumns = map[string]bool{
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

// ContainsKeyword narrows q to the rows in which any of columns (table.column) contains keyword in any letter case,
// % and _ taken literally; "" narrows nothing. Every list searches through it, so the lists agree and migration
// 00030's indexes serve them all: pg_trgm through PostgreSQL's planner; on SQLite the LIKE is joined by the FTS5
// tables' answer, which holds every row the LIKE matches (FTS5 folds case at least as widely).
func (db *DB) ContainsKeyword(q *gorm.DB, keyword string, columns ...string) *gorm.DB {
	if keyword == "" {
		return q
	}
	p, like := ContainsPattern(keyword), " "+db.caselessFor(keyword)
	pieces := db.fourgramsFor(keyword, columns)
	conds, args := make([]string, len(columns)), make([]any, len(columns))
	for i, c := range columns {
		if pieces != "" {
			// Written so that no trigram index serves it: offered both, the planner combined the two indexes'
			// candidates and then computed every trigram candidate's pieces to recheck them.
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
// table by id, which past some tens of thousands costs more than reading the whole table once.
const ftsFew = 20_000

// ftsCandidates narrows q to the rows whose tables' FTS5 trigram index holds keyword in some column, when every
// column is indexed, the keyword is long enough for trigrams and the index holds it in few rows (SQLite's planner
// cannot tell a rare keyword from a common one, so the index is asked first); otherwise it leaves q to the LIKE.
func (db *DB) ftsCandidates(q *gorm.DB, keyword string, columns []string) *gorm.DB {
	if utf8.RuneCountInString(keyword) < trigram {
		return q
	}
	var tables []string
	searched := map[string][]string{}
	for _, c := range columns {
		if !trigramIndexed[c] {
			return q
		}
		t, col, _ := strings.Cut(c, ".")
		if !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
		searched[t] = append(searched[t], col)
	}
	// A phrase in double quotes takes every character literally but the double quote, which is doubled; the
	// column filter keeps the answer to the columns searched (a title holding a SKU's text is no candidate).
	phrase := `"` + strings.ReplaceAll(keyword, `"`, `""`) + `"`
	// The index is asked once, here, and the rows it names handed to the page and the count as a list of ids:
	// asked inside both (id IN (SELECT rowid .. MATCH ..)), it read the trigrams' postings three times a call.
	conds, args := make([]string, len(tables)), make([]any, len(tables))
	found := 0
	for i, t := range tables {
		var ids []int64
		match := "{" + strings.Join(searched[t], " ") + "} : " + phrase
		if err := db.Raw("SELECT rowid FROM "+t+"_fts WHERE "+t+"_fts MATCH ? LIMIT ?", match, ftsFew).
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

// fourgramsFor is the expression of the four-character pieces' index for a PostgreSQL search of keyword in columns
// of one table, or "": only for one character repeated four times or more (99999, 0000), whose single trigram
// thousands of rows hold; other keywords' trigrams narrow together, and pg_trgm serves them better.
func (db *DB) fourgramsFor(keyword string, columns []string) string {
	if db.Driver != "postgres" || !repeatsOneCharacter(keyword) {
		return ""
	}
	table := ""
	for _, c := range columns {
		t, _, _ := strings.Cut(c, ".")
		if !fourgramColumns[c] || (table != "" && t != table) {
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
// Chinese, punctuation) is matched by the plain LIKE: ILIKE finds the same rows, but folds the case of every
// trigram candidate's text first.
func (db *DB) caselessFor(keyword string) string {
	if db.Driver == "postgres" && !hasCase(keyword) {
		return "LIKE ? ESCAPE '" + LikeEscape + "'"
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
