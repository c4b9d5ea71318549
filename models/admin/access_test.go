package admin_test

import (
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/admin"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
)

func newMember(t *testing.T, db *models.DB, companyID int64, account, name string, roleIDs ...int64) *accounts.User {
	t.Helper()
	u := &accounts.User{CompanyID: companyID, Account: account, PasswordHash: "x", Profile: accounts.UserProfile{Name: name}}
	if err := accounts.CreateUser(db, u, roleIDs...); err != nil {
		t.Fatalf("create user %s: %v", account, err)
	}
	return u
}

func newRole(t *testing.T, db *models.DB, companyID int64, name string) *accounts.Role {
	t.Helper()
	r := &accounts.Role{CompanyID: companyID, Name: name, Remark: "备注" + name}
	if err := admin.CreateRole(db, r); err != nil {
		t.Fatalf("create role %s: %v", name, err)
	}
	return r
}

func accountsOf(users []accounts.User) []string {
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = u.Account
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestUserListFiltersSortsAndStaysInItsCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		clerk := newRole(t, db, a.CompanyID, "文员")
		newMember(t, db, a.CompanyID, "13900000002", "张三", clerk.ID)
		li := newMember(t, db, a.CompanyID, "li@example.com", "李四_1")
		newMember(t, db, b.CompanyID, "13900000003", "张三")
		if err := admin.SetUserStatus(db, a.CompanyID, li.ID, accounts.StatusDisabled, time.Now()); err != nil {
			t.Fatal(err)
		}

		all, err := admin.Users(db, a.CompanyID, admin.UserFilter{}, "", false, 0, 10)
		if err != nil || !equal(accountsOf(all), []string{"13800000001", "13900000002", "li@example.com"}) {
			t.Fatalf("甲's users = %v, %v", accountsOf(all), err)
		}
		if all[1].Profile.Name != "张三" {
			t.Fatalf("profile not loaded: %+v", all[1])
		}
		if n, _ := admin.CountUsers(db, a.CompanyID, admin.UserFilter{}); n != 3 {
			t.Fatalf("甲 counts %d users", n)
		}
		for _, tc := range []struct {
			f    admin.UserFilter
			want []string
		}{
			{admin.UserFilter{Name: "张"}, []string{"13900000002"}},
			{admin.UserFilter{Name: "_"}, []string{"li@example.com"}},
			{admin.UserFilter{Account: "1390"}, []string{"13900000002"}},
			{admin.UserFilter{Status: accounts.StatusDisabled}, []string{"li@example.com"}},
			{admin.UserFilter{Status: accounts.StatusActive, Name: "李"}, nil},
		} {
			got, err := admin.Users(db, a.CompanyID, tc.f, "", false, 0, 10)
			if err != nil || !equal(accountsOf(got), tc.want) {
				t.Fatalf("filter %+v: %v, %v", tc.f, accountsOf(got), err)
			}
			if n, _ := admin.CountUsers(db, a.CompanyID, tc.f); n != int64(len(tc.want)) {
				t.Fatalf("filter %+v counts %d", tc.f, n)
			}
		}
		byAccount, _ := admin.Users(db, a.CompanyID, admin.UserFilter{}, "account", true, 0, 2)
		if !equal(accountsOf(byAccount), []string{"li@example.com", "13900000002"}) {
			t.Fatalf("by account desc: %v", accountsOf(byAccount))
		}
		unknown, _ := admin.Users(db, a.CompanyID, admin.UserFilter{}, "password_hash", true, 2, 2)
		if !equal(accountsOf(unknown), []string{"li@example.com"}) {
			t.Fatalf("unknown sort, second page: %v", accountsOf(unknown))
		}

		roles, err := admin.RolesOfUsers(db, a.CompanyID, []int64{a.ID, li.ID, b.ID})
		if err != nil || len(roles[a.ID]) != 1 || roles[a.ID][0].Code != accounts.DefaultRoleCode || len(roles[li.ID]) != 0 ||
			len(roles[b.ID]) != 0 {
			t.Fatalf("roles of users = %+v, %v", roles, err)
		}
	})
}

func TestUserWritesNameTheirCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		u := newMember(t, db, a.CompanyID, "13900000002", "张三")
		now := time.Now()
		// Under 乙, 甲's user is nobody: nothing changes.
		if err := admin.UpdateUserProfile(db, b.CompanyID, u.ID, "改", "x@y.com", "13900000009", now); err != nil {
			t.Fatal(err)
		}
		if err := admin.SetUserStatus(db, b.CompanyID, u.ID, accounts.StatusDisabled, now); err != nil {
			t.Fatal(err)
		}
		if err := admin.SetCompanyUserPassword(db, b.CompanyID, u.ID, "stolen", now); err != nil {
			t.Fatal(err)
		}
		got, _ := accounts.UserInCompany(db, a.CompanyID, u.ID)
		if got.Profile.Name != "张三" || got.Status != accounts.StatusActive || got.PasswordHash != "x" {
			t.Fatalf("乙 changed 甲's user: %+v", got)
		}
		if err := admin.UpdateUserProfile(db, a.CompanyID, u.ID, "张三丰", "z@example.com", "13900000009", now); err != nil {
			t.Fatal(err)
		}
		if err := admin.SetCompanyUserPassword(db, a.CompanyID, u.ID, "new", now); err != nil {
			t.Fatal(err)
		}
		got, _ = accounts.UserInCompany(db, a.CompanyID, u.ID)
		if got.Profile.Name != "张三丰" || got.Profile.Email != "z@example.com" || got.PasswordHash != "new" {
			t.Fatalf("edit = %+v", got)
		}

		// Roles: only the company's, replaced whole; a foreign role changes nothing.
		clerk := newRole(t, db, a.CompanyID, "文员")
		buyer := newRole(t, db, a.CompanyID, "采购")
		theirs := newRole(t, db, b.CompanyID, "乙的")
		if err := admin.SetUserRoles(db, a.CompanyID, u.ID, []int64{clerk.ID, buyer.ID}); err != nil {
			t.Fatal(err)
		}
		err := db.Tx(t.Context(), func(tx *models.DB) error {
			return admin.SetUserRoles(tx, a.CompanyID, u.ID, []int64{clerk.ID, theirs.ID})
		})
		if !models.IsNotFound(err) {
			t.Fatalf("a foreign role: want not found, got %v", err)
		}
		if err := admin.SetUserRoles(db, b.CompanyID, u.ID, []int64{theirs.ID}); !models.IsNotFound(err) {
			t.Fatalf("乙 giving 甲's user a role: want not found, got %v", err)
		}
		roles, _ := accounts.RolesOfUser(db, a.CompanyID, u.ID)
		if len(roles) != 2 || roles[0].Name+roles[1].Name != "文员采购" && roles[0].Name+roles[1].Name != "采购文员" {
			t.Fatalf("roles = %+v", roles)
		}
		if err := admin.SetUserRoles(db, a.CompanyID, u.ID, nil); err != nil {
			t.Fatal(err)
		}
		if roles, _ := accounts.RolesOfUser(db, a.CompanyID, u.ID); len(roles) != 0 {
			t.Fatalf("roles after clearing = %+v", roles)
		}
	})
}

func TestRoleListGrantsHoldersAndDelete(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := seed.SeedMenus(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		clerk := newRole(t, db, a.CompanyID, "文员")
		newRole(t, db, a.CompanyID, "采购_1")
		newRole(t, db, b.CompanyID, "文员")
		if err := admin.CreateRole(db, &accounts.Role{CompanyID: a.CompanyID, Name: "文员"}); !models.IsDuplicate(err) {
			t.Fatalf("a second 文员 in 甲: want duplicate, got %v", err)
		}

		roles, err := admin.Roles(db, a.CompanyID, "", "", false, 0, 10)
		if err != nil || len(roles) != 3 || roles[0].Code != accounts.DefaultRoleCode || roles[1].Name != "文员" ||
			roles[1].Remark != "备注文员" {
			t.Fatalf("甲's roles = %+v, %v", roles, err)
		}
		if got, _ := admin.Roles(db, a.CompanyID, "_", "", false, 0, 10); len(got) != 1 || got[0].Name != "采购_1" {
			t.Fatalf("name filter = %+v", got)
		}
		if n, _ := admin.CountRoles(db, a.CompanyID, "文"); n != 1 {
			t.Fatalf("count 文 = %d", n)
		}
		if got, _ := admin.Roles(db, a.CompanyID, "", "createdAt", true, 0, 1); len(got) != 1 || got[0].Name != "采购_1" {
			t.Fatalf("newest first, one row = %+v", got)
		}

		inbound, _ := admin.MenuByCode(db, "warehouse.inbound")
		shelf, _ := admin.MenuByCode(db, "warehouse.shelf")
		var perm admin.MenuPermission
		db.First(&perm, "code = ?", "erp:wh:shelf:add")
		err = db.Tx(t.Context(), func(tx *models.DB) error {
			return admin.ReplaceRoleGrants(tx, a.CompanyID, clerk.ID, []int64{inbound.ID, shelf.ID}, []int64{perm.ID}, time.Now())
		})
		if err != nil {
			t.Fatal(err)
		}
		menus, perms, err := admin.RoleGrants(db, a.CompanyID, clerk.ID)
		if err != nil || len(menus) != 2 || len(perms) != 1 || perms[0] != perm.ID {
			t.Fatalf("grants = %v %v %v", menus, perms, err)
		}
		if err := admin.ReplaceRoleGrants(db, b.CompanyID, clerk.ID, nil, nil, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 replacing 甲's grants: want not found, got %v", err)
		}
		if menus, _, _ := admin.RoleGrants(db, b.CompanyID, clerk.ID); len(menus) != 0 {
			t.Fatalf("乙 reads 甲's grants: %v", menus)
		}
		if err := admin.ReplaceRoleGrants(db, a.CompanyID, clerk.ID, []int64{shelf.ID}, nil, time.Now()); err != nil {
			t.Fatal(err)
		}
		if menus, perms, _ := admin.RoleGrants(db, a.CompanyID, clerk.ID); len(menus) != 1 || menus[0] != shelf.ID || len(perms) != 0 {
			t.Fatalf("grants after replacing = %v %v", menus, perms)
		}
		member := newMember(t, db, a.CompanyID, "13900000002", "张三", clerk.ID)
		g, _ := admin.GrantsOfUser(db, a.CompanyID, member.ID)
		if g.Admin || len(g.MenuIDs) != 1 || g.MenuIDs[0] != shelf.ID {
			t.Fatalf("holder's grants = %+v", g)
		}

		// Holders: counted within the company only.
		if n, _ := admin.CountRoleHolders(db, a.CompanyID, clerk.ID); n != 1 {
			t.Fatalf("holders = %d", n)
		}
		if n, _ := admin.CountRoleHolders(db, b.CompanyID, clerk.ID); n != 0 {
			t.Fatalf("乙 counts %d holders of 甲's role", n)
		}
		if ids, _ := admin.RoleHolderIDs(db, a.CompanyID, clerk.ID); len(ids) != 1 {
			t.Fatalf("holder ids = %v", ids)
		}

		// Update and delete name their company.
		stolen := *clerk
		stolen.CompanyID, stolen.Name = b.CompanyID, "改掉"
		if err := admin.UpdateRole(db, &stolen); err != nil {
			t.Fatal(err)
		}
		if r, _ := admin.RoleByID(db, a.CompanyID, clerk.ID); r.Name != "文员" {
			t.Fatalf("update under 乙 renamed 甲's role to %q", r.Name)
		}
		if err := admin.DeleteRole(db, b.CompanyID, clerk.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's role: want not found, got %v", err)
		}
		if err := admin.SetUserRoles(db, a.CompanyID, member.ID, nil); err != nil {
			t.Fatal(err)
		}
		if err := admin.DeleteRole(db, a.CompanyID, clerk.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := admin.RoleByID(db, a.CompanyID, clerk.ID); !models.IsNotFound(err) {
			t.Fatalf("deleted role still there: %v", err)
		}
		if menus, _, _ := admin.RoleGrants(db, a.CompanyID, clerk.ID); len(menus) != 0 {
			t.Fatalf("grants left behind: %v", menus)
		}
	})
}
