package models_test

import (
	"testing"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

func TestPersonalCenterChanges(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲公司", "13800000001")
		b := newCompany(t, db, "乙公司", "13800000002")
		member := &models.User{CompanyID: a.CompanyID, Account: "13800000011", PasswordHash: "x"}
		if err := db.CreateUser(member); err != nil {
			t.Fatal(err)
		}
		if err := db.SetAccount(a.ID, "13800000002"); !models.IsDuplicate(err) {
			t.Fatalf("a taken account: %v", err)
		}
		for _, err := range []error{db.SetAccount(a.ID, "13900000001"), db.SetProfileName(a.ID, "新名"),
			db.SetProfileEmail(a.ID, "a@example.com"), db.SetProfileMobile(a.ID, "13900000001"),
			db.SetProfileImage(a.ID, "/uploads/x.png")} {
			if err != nil {
				t.Fatal(err)
			}
		}
		u, _ := db.UserInCompany(a.CompanyID, a.ID)
		if u.Account != "13900000001" || u.Profile.Name != "新名" || u.Profile.Email != "a@example.com" ||
			u.Profile.Mobile != "13900000001" || u.Profile.Image != "/uploads/x.png" {
			t.Fatalf("after the changes: %+v", u)
		}
		if n, err := db.CountOtherActiveUsers(a.CompanyID, a.ID); err != nil || n != 1 {
			t.Fatalf("other active users of 甲: %d %v", n, err)
		}
		if n, err := db.CountOtherActiveUsers(b.CompanyID, b.ID); err != nil || n != 0 {
			t.Fatalf("other active users of 乙: %d %v", n, err)
		}

		if err := db.BindAccounts(a.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.BindAccounts(a.ID, member.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.UnbindAccount(b.ID); err != nil {
			t.Fatal(err)
		}
		if g, _ := db.BoundAccounts(a.ID); len(g) != 2 {
			t.Fatalf("a's group after unbinding b: %d", len(g))
		}
		if g, _ := db.BoundAccounts(b.ID); len(g) != 0 {
			t.Fatalf("b still in a group: %d", len(g))
		}
		if err := db.AnonymiseUser(member.ID, "logoff-1"); err != nil {
			t.Fatal(err)
		}
		m, _ := db.UserInCompany(a.CompanyID, member.ID)
		if m.Account != "logoff-1" || m.Status != models.StatusDisabled || m.PasswordHash != "!" || m.Profile.Name != "" {
			t.Fatalf("anonymised: %+v", m)
		}
		if g, _ := db.BoundAccounts(a.ID); len(g) != 1 {
			t.Fatalf("a's group after the log-off: %d", len(g))
		}
		if n, _ := db.CountOtherActiveUsers(a.CompanyID, a.ID); n != 0 {
			t.Fatalf("a disabled user counts as active")
		}
		if err := db.DisableCompany(b.CompanyID); err != nil {
			t.Fatal(err)
		}
		if c, _ := db.CompanyByID(b.CompanyID); c.Status != models.StatusDisabled {
			t.Fatalf("company 乙: %+v", c)
		}
		if c, _ := db.CompanyByID(a.CompanyID); c.Status != models.StatusActive {
			t.Fatalf("company 甲 disabled too")
		}
	})
}
