package models

import "strings"

// ListSort is the order a client asked a list for: a column by its API name and the direction.
type ListSort struct {
	Field string
	Desc  bool
}

// OrderBy turns a requested sort into an ORDER BY over known columns only, with the id as the tie-breaker so that
// pages do not overlap; fallback is the list's own order.
func OrderBy(s ListSort, columns map[string]string, idColumn, fallback string) string {
	col, ok := columns[s.Field]
	if !ok {
		return fallback
	}
	dir := " ASC"
	if s.Desc {
		dir = " DESC"
	}
	return col + dir + ", " + idColumn + dir
}

// LikeEscape is the escape character of the name filters, named in every LIKE (ESCAPE '!'): SQLite's LIKE has no
// escape character unless one is named and PostgreSQL's is the backslash, so the patterns mean the same on both.
const LikeEscape = "!"

var likeSpecials = strings.NewReplacer(LikeEscape, LikeEscape+LikeEscape, "%", LikeEscape+"%", "_", LikeEscape+"_")

// ContainsPattern is the LIKE pattern matching text anywhere, with the user's % and _ taken literally.
func ContainsPattern(text string) string { return "%" + likeSpecials.Replace(text) + "%" }

// Caseless is a LIKE that ignores letter case on both databases (SKUs are typed in either case): PostgreSQL's LIKE
// does not, SQLite's does (for ASCII letters).
func (db *DB) Caseless() string {
	if db.Driver == "postgres" {
		return "ILIKE ? ESCAPE '" + LikeEscape + "'"
	}
	return "LIKE ? ESCAPE '" + LikeEscape + "'"
}
