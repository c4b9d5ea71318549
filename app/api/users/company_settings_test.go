package users_test

import (
	"net/http"
	"testing"

	accountsapp "sellerhub/app/accounts"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const companySettings = "/admin/api/v1/company/settings"

func dayZoneOf(t *testing.T, c *apptest.Client) string {
	t.Helper()
	env := c.Call(http.MethodGet, companySettings, nil)
	apptest.ExpectOK(t, env)
	var s struct{ DayZone, DayZoneName string }
	env.Into(t, &s)
	if s.DayZoneName == "" {
		t.Fatalf("the day %q has no name", s.DayZone)
	}
	return s.DayZone
}

// TestCompanyDaySetting: a company counts each marketplace's own day until someone holding 编辑公司设置 (its owner,
// the 管理员 role) chooses Beijing's; every user of the company reads it, a user without the permission cannot
// change it, a day that is neither is refused with the message and nothing changes, and another company keeps
// its own.
func TestCompanyDaySetting(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			owner := h.SignedIn("13700000801", "甲公司")
			clerk := h.Member("13700000801", "13700000802", false)
			admin := h.Member("13700000801", "13700000803", true)
			stranger := h.SignedIn("13700000809", "乙公司")
			if got := dayZoneOf(t, clerk); got != "marketplace" {
				t.Fatalf("a new company counts %q", got)
			}
			apptest.Expect(t, clerk.Call(http.MethodPut, companySettings, map[string]string{"dayZone": "beijing"}),
				http.StatusUnauthorized, "A0301", "访问未授权")
			apptest.ExpectOK(t, owner.Call(http.MethodPut, companySettings, map[string]string{"dayZone": "beijing"}))
			if got := dayZoneOf(t, clerk); got != "beijing" {
				t.Fatalf("after the owner chose Beijing the clerk reads %q", got)
			}
			apptest.Expect(t, admin.Call(http.MethodPut, companySettings, map[string]string{"dayZone": "utc"}),
				http.StatusBadRequest, "A0400", accountsapp.MsgDayZoneBad)
			if got := dayZoneOf(t, owner); got != "beijing" {
				t.Fatalf("a refused day changed the setting to %q", got)
			}
			apptest.ExpectOK(t, admin.Call(http.MethodPut, companySettings, map[string]string{"dayZone": "marketplace"}))
			if got := dayZoneOf(t, owner); got != "marketplace" {
				t.Fatalf("the admin's choice left %q", got)
			}
			if got := dayZoneOf(t, stranger); got != "marketplace" {
				t.Fatalf("another company counts %q", got)
			}
		})
	}
}
