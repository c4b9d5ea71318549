package auth_test

import (
	"fmt"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const tooMany = "登录尝试过多，请15分钟后再试"

// loopback is the n-th client address of a test: 127.0.0.n.
func loopback(n int) string { return fmt.Sprintf("127.0.0.%d", n) }

func TestGuessingFromOneAddressDoesNotLockTheOwnerOut(t *testing.T) {
	h := apptest.Start(t)
	attacker, owner := h.ClientFrom(loopback(2)), h.ClientFrom(loopback(3))
	for i := range 5 {
		apptest.Expect(t, attacker.Login(apptest.AdminAccount, fmt.Sprintf("Wrong#pass%d", i)), 200, "B0001", "账号或密码有误")
	}
	// The guessing address is locked out of the account, even with the right password...
	apptest.Expect(t, attacker.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	// ...but the owner, elsewhere, signs in at once, without a pause.
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	if h.Clock.Slept() != 0 {
		t.Fatalf("the owner was made to wait %s", h.Clock.Slept())
	}
	// The lock is the guessing address's for this account only: it may still sign in to another.
	h.Register(apptest.Registration{Phone: "13900000011", Password: "Passw0rd!", Name: "丙", Email: "c@example.com", Company: "丙公司"})
	apptest.ExpectOK(t, attacker.Login("13900000011", "Passw0rd!"))
	// Fifteen minutes on, the lock is over.
	h.Clock.Advance(14 * time.Minute)
	apptest.Expect(t, attacker.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	h.Clock.Advance(time.Minute + time.Second)
	apptest.ExpectOK(t, attacker.Login(apptest.AdminAccount, apptest.AdminPassword))
}

func TestTyposAreForgottenWhenTheRightPasswordComes(t *testing.T) {
	h := apptest.Start(t)
	c := h.ClientFrom(loopback(2))
	for range 2 {
		for i := range 4 {
			apptest.Expect(t, c.Login(apptest.AdminAccount, fmt.Sprintf("Wrong#pass%d", i)), 200, "B0001", "账号或密码有误")
		}
		apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	}
}

func TestGuessingSpreadOverManyAddressesHitsTheAccountCeiling(t *testing.T) {
	h := apptest.Start(t)
	fail := func(c *apptest.Client) {
		t.Helper()
		apptest.Expect(t, c.Login(apptest.AdminAccount, "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	// 50 failures from 12 addresses, none of them at its own limit of 5.
	guessers := make([]*apptest.Client, 12)
	for n := range guessers {
		guessers[n] = h.ClientFrom(loopback(10 + n))
		for range 4 {
			fail(guessers[n])
		}
	}
	fail(guessers[0])
	fail(guessers[1])
	slept := h.Clock.Slept()
	if slept != 0 {
		t.Fatalf("paused below the ceiling: %s", slept)
	}

	// Past the ceiling, every address that failed on the account is locked out of it, right password or not.
	apptest.Expect(t, guessers[11].Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	// An address that has not failed still gets in with the right password, after a pause...
	apptest.ExpectOK(t, h.ClientFrom(loopback(2)).Login(apptest.AdminAccount, apptest.AdminPassword))
	if h.Clock.Slept() == slept {
		t.Fatal("no pause past the ceiling")
	}
	slept = h.Clock.Slept()
	// ...while a new address guessing gets one paused guess, and is then locked out too.
	newcomer := h.ClientFrom(loopback(3))
	fail(newcomer)
	if h.Clock.Slept() == slept {
		t.Fatal("no pause for a guess past the ceiling")
	}
	apptest.Expect(t, newcomer.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)

	// Fifteen minutes after the guessing began it is all forgotten.
	h.Clock.Advance(15*time.Minute + time.Second)
	slept = h.Clock.Slept()
	apptest.ExpectOK(t, guessers[11].Login(apptest.AdminAccount, apptest.AdminPassword))
	if h.Clock.Slept() != slept {
		t.Fatal("still paused after the window")
	}
}

func TestPasswordResetLiftsTheLock(t *testing.T) {
	h := apptest.Start(t)
	h.Register(apptest.Registration{Phone: "13900000012", Password: "Passw0rd!", Name: "丁", Email: "d@example.com", Company: "丁公司"})
	c := h.ClientFrom(loopback(2))
	for range 5 {
		c.Login("13900000012", "Wrong#pass1")
	}
	apptest.Expect(t, c.Login("13900000012", "Passw0rd!"), 429, "B0001", tooMany)
	// A reset (by a code, or by an admin) means the owner knows the password again.
	u, err := accountsdb.UserByAccount(h.DB, "13900000012")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Svc.Accounts.PasswordReset(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectOK(t, c.Login("13900000012", "Passw0rd!"))
}
