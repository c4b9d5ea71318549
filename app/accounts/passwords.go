package accounts

import (
	"crypto/md5"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"sellerhub/app/core"
)

// HashPassword returns the bcrypt hash stored for a password.
func HashPassword(password string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	return string(b), err
}

// dummyHash is compared against when an account does not exist, so that an unknown account costs the same time
// as a wrong password and timing does not reveal which accounts exist.
var dummyHash, _ = HashPassword("sellerhub-no-such-account")

// passwordMatches checks a password against a stored hash. Accounts imported from the older system keep its
// hash, hex(MD5(MD5(account+salt+password))) with the outer MD5 over the raw inner digest, until their first
// successful login re-hashes them; legacy reports that case.
func passwordMatches(storedHash, legacySalt, account, password string) (ok, legacy bool) {
	if legacySalt != "" {
		inner := md5.Sum([]byte(account + legacySalt + password))
		outer := md5.Sum(inner[:])
		want := hex.EncodeToString(outer[:])
		return subtle.ConstantTimeCompare([]byte(strings.ToLower(storedHash)), []byte(want)) == 1, true
	}
	return bcrypt.CompareHashAndPassword([]byte(storedHash), []byte(password)) == nil, false
}

// CheckPasswordRule enforces the product's password rule: 8 to 30 characters with at least three of digits,
// lower case, upper case and special characters.
func CheckPasswordRule(p string) *core.Error {
	n := utf8.RuneCountInString(p)
	if n < 8 || n > 30 {
		return core.Invalid(core.MsgPasswordRule)
	}
	var digit, lower, upper, special bool
	for _, r := range p {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsSpace(r):
			return core.Invalid(core.MsgPasswordRule)
		default:
			special = true
		}
	}
	classes := 0
	for _, has := range []bool{digit, lower, upper, special} {
		if has {
			classes++
		}
	}
	if classes < 3 {
		return core.Invalid(core.MsgPasswordRule)
	}
	return nil
}

// CheckNewPassword checks a new password typed twice: the product's rule first, then the repeat.
func CheckNewPassword(password, repassword string) error {
	if err := CheckPasswordRule(password); err != nil {
		return err
	}
	if repassword == "" {
		return core.Invalid(core.MsgRepasswordEmpty)
	}
	if password != repassword {
		return core.Invalid(core.MsgPasswordMismatch)
	}
	return nil
}
