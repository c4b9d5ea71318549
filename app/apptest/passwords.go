package apptest

import "golang.org/x/crypto/bcrypt"

// fixtureHash hashes the passwords of the accounts the harness makes itself (the seeded admin, members, users of
// a role) at bcrypt's lowest cost rather than the product's: a test signs them in hundreds of times a run, and
// bcrypt reads the cost from the stored hash, so each sign-in checks the password with bcrypt in a millisecond
// instead of 60. The accounts the product makes (registration, sub-users, new passwords) keep its cost.
func fixtureHash(password string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	return string(b), err
}
