package auth_test

import (
	"fmt"
	"net"
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/config"
)

// TestSharedOfficeKeepsSigningInItsOwnAccounts: after 30 failures from one address every account was refused
// from it for fifteen minutes, the right password included, so one person behind an office's address locked
// everyone else out. Accounts that signed in from the address keep signing in; others stay locked out, and a
// known account is still held to its own five failures.
func TestSharedOfficeKeepsSigningInItsOwnAccounts(t *testing.T) {
	h := apptest.Start(t)
	h.Register(apptest.Registration{Phone: "13900000021", Password: "Passw0rd!", Name: "戊", Email: "e@example.com", Company: "戊公司"})
	office := h.ClientFrom(loopback(2))
	apptest.ExpectOK(t, office.Login(apptest.AdminAccount, apptest.AdminPassword))
	// Someone in the office guesses at 30 other accounts.
	for i := range 30 {
		apptest.Expect(t, office.Login(fmt.Sprintf("1390000%04d", 100+i/5), "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	apptest.Expect(t, office.Login("13900000021", "Passw0rd!"), 429, "B0001", tooMany)
	// The colleague who signed in from here still does, from the same address.
	apptest.ExpectOK(t, h.ClientFrom(loopback(2)).Login(apptest.AdminAccount, apptest.AdminPassword))
	// ...within the account's own limit of five failures from the address.
	for range 5 {
		apptest.Expect(t, office.Login(apptest.AdminAccount, "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	apptest.Expect(t, office.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
}

// TestForwardedAddressComesOnlyFromTrustedProxies: X-Forwarded-For and X-Real-IP name the client only when the
// connection comes from a proxy of SELLERHUB_TRUSTED_PROXIES; from anyone else they are the client's own words.
func TestForwardedAddressComesOnlyFromTrustedProxies(t *testing.T) {
	h := apptest.Start(t, apptest.WithConfig(func(c *config.Config) {
		_, proxy, _ := net.ParseCIDR("127.0.0.1/32")
		c.TrustedProxies = []*net.IPNet{proxy}
	}))
	from := func(c *apptest.Client, header, address string) *apptest.Client {
		c.Header = http.Header{header: {address}}
		return c
	}
	// Through the proxy, five failures lock the client behind it out of the account, and no one else.
	proxy := h.ClientFrom("127.0.0.1")
	for range 5 {
		apptest.Expect(t, from(proxy, "X-Forwarded-For", "203.0.113.7").Login(apptest.AdminAccount, "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	apptest.Expect(t, from(proxy, "X-Forwarded-For", "203.0.113.7").Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	apptest.Expect(t, from(proxy, "X-Real-IP", "203.0.113.7").Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	// The address is the nearest one the proxy did not vouch for: whatever the client put before it is not taken.
	apptest.ExpectOK(t, from(proxy, "X-Forwarded-For", "203.0.113.7, 198.51.100.9").Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.ExpectOK(t, from(proxy, "X-Real-IP", "203.0.113.8").Login(apptest.AdminAccount, apptest.AdminPassword))

	// From an address that is not a proxy the headers change nothing: a new one each time is still one guesser.
	direct := h.ClientFrom("127.0.0.2")
	for i := range 5 {
		apptest.Expect(t, from(direct, "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", 20+i)).Login(apptest.AdminAccount, "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	apptest.Expect(t, from(direct, "X-Forwarded-For", "203.0.113.99").Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
	apptest.Expect(t, from(direct, "X-Real-IP", "203.0.113.98").Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
}
