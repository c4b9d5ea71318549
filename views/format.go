package views

import "strconv"

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
