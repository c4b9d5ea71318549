package core

import (
	"regexp"
	"strings"
)

// Account names are a mainland mobile number or an e-mail address.
var (
	phonePattern = regexp.MustCompile(`^1[3-9]\d{9}$`)
	emailPattern = regexp.MustCompile(`^[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}$`)
)

// IsPhone tells whether s is a mobile number.
func IsPhone(s string) bool { return phonePattern.MatchString(s) }

// IsEmail tells whether s is an e-mail address.
func IsEmail(s string) bool { return len(s) <= 100 && emailPattern.MatchString(s) }

// NormalizeAccount trims an account and lower-cases an e-mail, so that Foo@x.com and foo@x.com are one account.
func NormalizeAccount(s string) string {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "@") {
		return strings.ToLower(s)
	}
	return s
}
