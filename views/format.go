package views

import (
	"strconv"
	"strings"
)

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// ruleClauses cuts a message after each full-width comma, the comma kept: the places a line may wrap.
func ruleClauses(rule string) []string {
	return strings.SplitAfter(rule, "，")
}
