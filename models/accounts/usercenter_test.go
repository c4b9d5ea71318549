package accounts_test

import (
	"testing"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

func TestPersonalCenterChanges(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲公司", "13800000001")
		b := dbtest.NewCompany(t, db, "乙公司", "13800000002")
		member := &accounts.User{CompanyID: a.CompanyID, Account: "13800000011", PasswordHash: "x"}
		if err := accounts.CreateUser(db, member); err != nil {
			t.Fatal(err)
		}
		if err := accounts.SetAccount(db, a.ID, "13800000002"); !models.IsDuplicate(err) {
			t.Fatalf("a taken account: %v", err)
		}
		for _, err := range []error{accounts.SetAccount(db, a.ID, "13900000001"), accounts.SetProfileName(db, a.ID, "新名"),
			accounts.SetProfileEmail(db, a.ID, "a@example.com"), accounts.SetProfileMobile(db, a.ID, "13900000001"),
			accounts.SetProfileImage(db, a.ID, "/uploads/x.png")} {
			if err != nil {
				t.Fatal(err)
			}
		}
		u, _ := accounts.UserInCompany(db, a.CompanyID, a.ID)
		if u.Account != "13900000001" || u.Profile.Name != "新名" || u.Profile.Email != "a@example.com" ||
			u.Profile.Mobile != "13900000001" || u.Profile.Image != "/uploads/x.png" {
			t.Fatalf("after the changes: %+v", u)
		}
		if n, err := accounts.CountOtherActiveUsers(db, a.CompanyID, a.ID); err != nil || n != 1 {
			t.Fatalf("other active users of 甲: %d %v", n, err)
		}
		if n, err := accounts.CountOtherActiveUsers(db, b.CompanyID, b.ID); err != nil || n != 0 {
			t.Fatalf("other active users of 乙: %d %v", n, err)
		}

		if err := accounts.BindAccounts(db, a.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		if err := accounts.BindAccounts(db, a.ID, member.ID); err != nil {
			t.Fatal(err)
		}
		if err := accounts.UnbindAccount(db, b.ID); err != nil {
			t.Fatal(err)
		}
		if g, _ := accounts.BoundAccounts(db, a.ID); len(g) != 2 {
			t.Fatalf("a's group after unbinding b: %d", len(g))
		}
		if g, _ := accounts.BoundAccounts(db, b.ID); len(g) != 0 {
			t.Fatalf("b still in a group: %d", len(g))
		}
		if err := accounts.AnonymiseUser(db, member.ID, "logoff-1"); err != nil {
			t.Fatal(err)
		}
		m, _ := accounts.UserInCompany(db, a.CompanyID, member.ID)
		if m.Account != "logoff-1" || m.Status != accounts.StatusDisabled || m.PasswordHash != "!" || m.Profile.Name != "" {
			t.Fatalf("anonymised: %+v", m)
		}
		if g, _ := accounts.BoundAccounts(db, a.ID); len(g) != 1 {
			t.Fatalf("a's group after the log-off: %d", len(g))
		}
		if n, _ := accounts.CountOtherActiveUsers(db, a.CompanyID, a.ID); n != 0 {
			t.Fatalf("a disabled user counts as active")
		}
		if err := accounts.DisableCompany(db, b.CompanyID); err != nil {
			t.Fatal(err)
		}
		if c, _ := accounts.CompanyByID(db, b.CompanyID); c.Status != accounts.StatusDisabled {
			t.Fatalf("company 乙: %+v", c)
		}
		if c, _ := accounts.CompanyByID(db, a.CompanyID); c.Status != accounts.StatusActive {
			t.Fatalf("company 甲 disabled too")
		}
	})
}
