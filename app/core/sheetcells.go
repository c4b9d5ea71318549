package core

import "strconv"

// SheetText is a value as an exported .xlsx cell holds it: text that a spreadsheet program could take for a
// formula (starting with =, +, -, @, a tab or a carriage return, OWASP's list) gets a leading ' so it stays text,
// since names and titles come from sellers and Amazon's reports. Numbers, and text that is only a number
// ("-12.50"), are left as they are.
func SheetText(v any) any {
	s, ok := v.(string)
	if !ok || s == "" {
		return v
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '\t' && s[0] != '\r' {
			return v
		}
		return "'" + s
	}
	return v
}

// SheetRow is a row of cells through SheetText.
func SheetRow(values []any) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = SheetText(v)
	}
	return out
}
