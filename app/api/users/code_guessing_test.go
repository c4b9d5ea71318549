package users_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

const (
	updatePassword = "/admin/api/v1/users/updatePassword"
	codeInvalid    = "验证码失效或输入不正确"
	tooManyCodes   = "验证码尝试过多，请15分钟后再试"
)

// guessCode sends 400 wrong codes where the right one is expected, then the right one from another address, and
// checks that the code counted five attempts, died, and refused the right code; send answers the call's envelope.
func guessCode(t *testing.T, h *apptest.Harness, from int, key, right string, send func(c *apptest.Client, code string) apptest.Envelope) {
	t.Helper()
	guesser := h.ClientFrom(fmt.Sprintf("127.0.0.%d", from))
	for i := range 400 {
		env := send(guesser, fmt.Sprintf("%06d", (i*7919)%1000000))
		if env.Msg != codeInvalid && env.Msg != tooManyCodes {
			t.Fatalf("guess %d answered %d %s %s", i, env.Status, env.Code, env.Msg)
		}
	}
	v, err := accountsdb.VerificationCodeByKey(h.DB, key)
	if err != nil {
		t.Fatal(err)
	}
	if v.Attempts != 5 || v.UsedAt != nil {
		t.Fatalf("after 400 wrong guesses: attempts %d, used %v; want 5 and unused", v.Attempts, v.UsedAt)
	}
	apptest.Expect(t, send(h.ClientFrom(fmt.Sprintf("127.0.0.%d", from+1)), right), 400, "A0400", codeInvalid)
}

// TestCodesDieAfterFiveWrongGuessesOnEveryPath: a wrong guess was counted inside the transaction that it made
// roll back, so the count never rose and a reset code could be guessed without limit.
func TestCodesDieAfterFiveWrongGuessesOnEveryPath(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			h.SignedIn("13700000020", "二十号公司")
			// A member signs the changes of phone and e-mail: its password is checked at the harness's low cost.
			member := h.Member("13700000020", "13700000023", false)
			h.Clock.Advance(61 * time.Second) // past the registration code's resend lock

			t.Run("reset", func(t *testing.T) {
				key, right := code(t, h, "13700000020", "losepassword")
				guessCode(t, h, 10, key, right, func(c *apptest.Client, code string) apptest.Envelope {
					return c.Call(http.MethodPost, forget, map[string]string{"account": "13700000020", "key": key, "code": code,
						"password": "Taken#over1", "repassword": "Taken#over1"})
				})
			})
			h.Clock.Advance(61 * time.Second)
			t.Run("password change", func(t *testing.T) {
				key, right := code(t, h, "13700000020", "losepassword")
				guessCode(t, h, 20, key, right, func(c *apptest.Client, code string) apptest.Envelope {
					return c.Call(http.MethodPost, updatePassword, map[string]string{"account": "13700000020", "key": key, "code": code,
						"password": "Taken#over1"})
				})
			})
			t.Run("register", func(t *testing.T) {
				body := registration(h, "13700000021")
				guessCode(t, h, 30, body["key"], body["code"], func(c *apptest.Client, code string) apptest.Envelope {
					return c.Call(http.MethodPost, register, with(body, "code", code))
				})
			})
			t.Run("phone change", func(t *testing.T) {
				key, right := code(t, h, "13700000022", changePhoneType)
				guessCode(t, h, 40, key, right, func(_ *apptest.Client, code string) apptest.Envelope {
					return member.Call(http.MethodPost, updateAccount, map[string]string{"account": "13700000022",
						"password": "Passw0rd!", "key": key, "code": code})
				})
			})
			t.Run("e-mail change", func(t *testing.T) {
				key, right := code(t, h, "new20@example.com", "changeemail")
				guessCode(t, h, 50, key, right, func(_ *apptest.Client, code string) apptest.Envelope {
					return member.Call(http.MethodPost, updateEmail, map[string]string{"email": "new20@example.com", "key": key, "code": code})
				})
			})
			// Nothing of the accounts changed.
			apptest.ExpectOK(t, h.Client().Login("13700000020", "Passw0rd!"))
			if got := infoOf(t, member); got.Account != "13700000023" || got.UserInfo.Email != "" {
				t.Fatalf("member after the guesses: %+v", got)
			}
		})
	}
}

// TestPasswordSetsByCodeAreLimited: the reset and the password change by code had no limit of their own. They
// are bounded per account and address as sign-in is: five wrong codes from an address lock it out of the
// account, and thirty over all accounts lock the address, for fifteen minutes.
func TestPasswordSetsByCodeAreLimited(t *testing.T) {
	h := apptest.Start(t)
	h.SignedIn("13700000040", "四十号公司")
	h.Clock.Advance(61 * time.Second)
	key, right := code(t, h, "13700000040", "losepassword")
	reset := func(c *apptest.Client, account, code string) apptest.Envelope {
		return c.Call(http.MethodPost, forget, map[string]string{"account": account, "key": key, "code": code,
			"password": "NewPass#40", "repassword": "NewPass#40"})
	}
	guesser := h.ClientFrom("127.0.0.2")
	for range 5 {
		apptest.Expect(t, reset(guesser, "13700000040", "000000"), 400, "A0400", codeInvalid)
	}
	apptest.Expect(t, reset(guesser, "13700000040", right), 429, "B0001", tooManyCodes)
	apptest.Expect(t, guesser.Call(http.MethodPost, updatePassword, map[string]string{"account": "13700000040", "key": key,
		"code": right, "password": "NewPass#40"}), 429, "B0001", tooManyCodes)
	// Thirty wrong codes over many accounts lock the address out of every account.
	spread := h.ClientFrom("127.0.0.3")
	for i := range 30 {
		apptest.Expect(t, reset(spread, fmt.Sprintf("137000001%02d", i), "000000"), 400, "A0400", codeInvalid)
	}
	apptest.Expect(t, reset(spread, "13700000199", "000000"), 429, "B0001", tooManyCodes)
	// Fifteen minutes on the limits are over (and the code has long expired).
	h.Clock.Advance(15 * time.Minute)
	apptest.Expect(t, reset(guesser, "13700000040", right), 400, "A0400", codeInvalid)
	apptest.Expect(t, reset(spread, "13700000199", "000000"), 400, "A0400", codeInvalid)
}
