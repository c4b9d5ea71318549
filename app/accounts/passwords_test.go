package accounts

import (
	"testing"
	"time"

	"sellerhub/app/core"
)

func TestPasswordRule(t *testing.T) {
	for p, ok := range map[string]bool{
		"Passw0rd":                         true,  // digits, lower, upper
		"passw0rd!":                        true,  // digits, lower, special
		"PASSWORD1!":                       true,  // digits, upper, special
		"password":                         false, // one class
		"password1":                        false, // two classes
		"Pa1!":                             false, // too short
		"Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!": false, // 32 characters
		"Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa":   true,  // 30 characters
		"Pass word1":                       false, // spaces are not allowed
		"密码Passw0rd":                       true,
	} {
		if got := CheckPasswordRule(p) == nil; got != ok {
			t.Errorf("CheckPasswordRule(%q) ok = %v, want %v", p, got, ok)
		}
	}
	if err := CheckPasswordRule("x"); err.Msg != core.MsgPasswordRule {
		t.Fatalf("message = %q", err.Msg)
	}
}

func TestSafeRedirect(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "/home",
		"/":                    "/home",
		"/login":               "/home",
		"/ssologin?x=1":        "/home",
		"/api/auth/login":      "/home",
		"/admin/api/v1/x":      "/home",
		"https://evil.example": "/home",
		"//evil.example":       "/home",
		"/\\evil.example":      "/home",
		"/\t/evil.example/x":   "/home",
		"/ho\x7fme":            "/home",
		"/a\\b":                "/home",
		"/e/s/p?title=发货":      "/e/s/p?title=发货",
		"/home#tab":            "/home#tab",
	} {
		if got := SafeRedirect(in); got != want {
			t.Errorf("SafeRedirect(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLimiterWindow(t *testing.T) {
	now := time.Unix(1000, 0)
	l := core.NewLimiter(2, time.Minute, func() time.Time { return now })
	if !l.Spend("a") || !l.Spend("a") || l.Spend("a") {
		t.Fatal("third event within the window must be over the limit")
	}
	if l.Allowed("a") || !l.Allowed("b") {
		t.Fatal("keys must be counted apart")
	}
	now = now.Add(time.Minute)
	if !l.Allowed("a") {
		t.Fatal("a new window must allow again")
	}
	l.Spend("c")
	l.Reset("c")
	if !l.Spend("c") || !l.Spend("c") {
		t.Fatal("reset must forget the events")
	}
}

func TestResetAccountChannel(t *testing.T) {
	for in, want := range map[string]string{"13800000000": "sms", "a@b.cn": "email"} {
		if got, err := ResetAccountChannel(in); err != nil || got != want {
			t.Errorf("%q -> %q %v", in, got, err)
		}
	}
	for in, msg := range map[string]string{"": core.MsgAccountEmpty, " ": core.MsgAccountEmpty, "a@b": core.MsgEmailBad, "138": core.MsgPhoneBad} {
		if _, err := ResetAccountChannel(in); err == nil || err.Error() != msg {
			t.Errorf("%q -> %v, want %s", in, err, msg)
		}
	}
}
