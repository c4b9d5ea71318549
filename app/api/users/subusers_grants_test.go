package users_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// Issue 12: holding the 子账号 screen is not holding the company. Nobody changes their own roles, store groups or
// enabled state; a user who is neither the owner nor a 管理员 hands out only the roles and store groups they hold
// themselves, never the 管理员 role, and manages only users who hold no more than they do.

const (
	msgSelfGrantsKept     = "不能修改自己的角色、店铺分组或启用状态"
	msgGrantBeyondOwn     = "不能授予自己没有的权限"
	msgStoreBeyondOwn     = "不能授予自己无权查看的店铺"
	msgAdminRoleAdminOnly = "只有管理员可以授予管理员角色"
	msgUserBeyondOwn      = "不能管理权限超出自己的账号"
)

// storeGroup adds a store group to the demo company through 店铺管理 and returns its id.
func storeGroup(t *testing.T, admin *apptest.Client, name string) string {
	t.Helper()
	env := admin.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": name})
	apptest.ExpectOK(t, env)
	var g struct{ ID string }
	env.Into(t, &g)
	return g.ID
}

// grantsOf reads a user's roles and store groups from the database, each as sorted ids joined by commas.
func grantsOf(t *testing.T, h *apptest.Harness, account string) (roles, stores string) {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := accountsdb.RolesOfUser(h.DB, u.CompanyID, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := storesdb.StoreGroupsOfUsers(h.DB, u.CompanyID, []int64{u.ID})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rs {
		ids = append(ids, idText(r.ID))
	}
	slices.Sort(ids)
	roles = strings.Join(ids, ",")
	ids = nil
	for _, g := range gs[u.ID] {
		ids = append(ids, idText(g.ID))
	}
	slices.Sort(ids)
	return roles, strings.Join(ids, ",")
}

func idOf(t *testing.T, h *apptest.Harness, account string) string {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	return idText(u.ID)
}

// The attack of the issue: a sub-user with the 子账号 screen and 编辑 gives itself the 管理员 role and lifts its
// store limit. Refused, and signing in again changes nothing; its other own fields it may still edit.
func TestASubUserCannotMakeItselfAdmin(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			admin := adminClient(t, h)
			us := storeGroup(t, admin, "美国店")
			const account = "13900000001"
			clerk, clerkRole := h.RestrictedUser(account, []string{"sys.subuser"}, []string{"sys:user:edit"})
			self := idOf(t, h, account)
			apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+self, map[string]any{"name": "小王",
				"roleIds": []string{idText(clerkRole.ID)}, "storeGroupIds": []string{us}}))
			adminRole, _ := accountsdb.DefaultRole(h.DB, clerkRole.CompanyID)
			mine := idText(clerkRole.ID)

			for _, body := range []map[string]any{
				{"name": "小王", "roleIds": []string{mine, idText(adminRole.ID)}, "storeGroupIds": []string{}},
				{"name": "小王", "roleIds": []string{mine, idText(adminRole.ID)}},
				{"name": "小王", "roleIds": []string{}},
				{"name": "小王", "storeGroupIds": []string{}},
			} {
				apptest.Expect(t, clerk.Call(http.MethodPut, subusers+"/"+self, body), 400, "B0001", msgSelfGrantsKept)
			}
			if roles, stores := grantsOf(t, h, account); roles != mine || stores != us {
				t.Fatalf("refused self-edits left roles %s, store groups %s", roles, stores)
			}
			again := h.Client()
			apptest.ExpectOK(t, again.Login(account, "Passw0rd!"))
			if got := menuTitles(t, again); got != "系统" {
				t.Fatalf("after signing in again the clerk's menu is %q", got)
			}
			apptest.Expect(t, again.Call(http.MethodPost, "/admin/api/v1/roles/page", map[string]any{}), 401, "A0301", "访问未授权")

			// Its name, and its unchanged roles and store groups, it may send.
			apptest.ExpectOK(t, again.Call(http.MethodPut, subusers+"/"+self, map[string]any{"name": "王五"}))
			apptest.ExpectOK(t, again.Call(http.MethodPut, subusers+"/"+self, map[string]any{"name": "王六",
				"roleIds": []string{mine}, "storeGroupIds": []string{us}}))
			if u, _ := accountsdb.UserByAccount(h.DB, account); u.Profile.Name != "王六" {
				t.Fatalf("own name = %q", u.Profile.Name)
			}
		})
	}
}

// Nor do the owner and the 管理员 holders change their own roles or store groups, nor disable themselves.
func TestNobodyChangesTheirOwnGrants(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	us := storeGroup(t, admin, "美国店")
	clerkRole := newRole(t, h, apptest.AdminAccount, "文员")
	owner := idOf(t, h, apptest.AdminAccount)
	ownerRoles, _ := grantsOf(t, h, apptest.AdminAccount)
	apptest.Expect(t, admin.Call(http.MethodPut, subusers+"/"+owner, map[string]any{"name": "老板",
		"roleIds": []string{ownerRoles, clerkRole}}), 400, "B0001", msgSelfGrantsKept)
	apptest.Expect(t, admin.Call(http.MethodPut, subusers+"/"+owner, map[string]any{"name": "老板", "roleIds": []string{}}),
		400, "B0001", msgSelfGrantsKept)
	apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+owner, map[string]any{"name": "老板"}))
	if roles, _ := grantsOf(t, h, apptest.AdminAccount); roles != ownerRoles {
		t.Fatalf("an edit without roleIds changed the owner's roles to %s", roles)
	}

	admin2 := h.Member(apptest.AdminAccount, "13900000002", true)
	second := idOf(t, h, "13900000002")
	secondRoles, _ := grantsOf(t, h, "13900000002")
	apptest.Expect(t, admin2.Call(http.MethodPut, subusers+"/"+second, map[string]any{"name": "副手", "roleIds": []string{}}),
		400, "B0001", msgSelfGrantsKept)
	apptest.Expect(t, admin2.Call(http.MethodPut, subusers+"/"+second, map[string]any{"name": "副手", "storeGroupIds": []string{us}}),
		400, "B0001", msgSelfGrantsKept)
	apptest.Expect(t, admin2.Call(http.MethodPost, subusers+"/"+second+"/disable", nil), 400, "B0001", "不能停用当前登录的账号")
	if roles, stores := grantsOf(t, h, "13900000002"); roles != secondRoles || stores != "" {
		t.Fatalf("refused self-edits left roles %s, store groups %s", roles, stores)
	}
	if roles, _ := grantsOf(t, h, apptest.AdminAccount); roles != ownerRoles {
		t.Fatalf("the owner's roles became %s", roles)
	}
	// The screen marks one's own row, whose roles and store groups it does not offer.
	for _, u := range listSubUsers(t, admin2, map[string]any{}).Records {
		if u.IsSelf != (u.ID == second) {
			t.Fatalf("isSelf of %s is %v for %s", u.Account, u.IsSelf, second)
		}
	}
	// Each may still change the other's.
	apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+second, map[string]any{"name": "副手",
		"roleIds": []string{secondRoles, clerkRole}, "storeGroupIds": []string{us}}))
	apptest.ExpectOK(t, admin2.Call(http.MethodPut, subusers+"/"+owner, map[string]any{"name": "老板",
		"roleIds": []string{ownerRoles, clerkRole}}))
}

// A user who is not an admin hands out only roles whose menus and permissions it holds, never the 管理员 role,
// and only store groups it sees; the owner and 管理员 holders hand out anything.
func TestSubUsersGetOnlyWhatTheirManagerHolds(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			admin := adminClient(t, h)
			us, eu := storeGroup(t, admin, "美国店"), storeGroup(t, admin, "欧洲店")
			manager, managerRole := h.RestrictedUser("13900000001", []string{"sys.subuser", "warehouse.inbound"},
				[]string{"sys:user:add", "sys:user:edit", "erp:wh:inbound:add"})
			apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+idOf(t, h, "13900000001"), map[string]any{"name": "经理",
				"roleIds": []string{idText(managerRole.ID)}, "storeGroupIds": []string{us}}))
			adminRole, _ := accountsdb.DefaultRole(h.DB, managerRole.CompanyID)
			inbound := idText(h.GrantedRole("入库", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"}).ID)
			approver := idText(h.GrantedRole("审核", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:approve"}).ID)
			dicts := idText(h.GrantedRole("字典", []string{"sys.dict"}, nil).ID)

			newUser := func(account string, roles, stores []string) map[string]any {
				return map[string]any{"account": account, "name": "新人", "password": "Passw0rd!", "repassword": "Passw0rd!",
					"roleIds": roles, "storeGroupIds": stores}
			}
			for _, tc := range []struct {
				roles, stores []string
				msg           string
			}{
				{[]string{dicts}, []string{us}, msgGrantBeyondOwn},
				{[]string{inbound, approver}, []string{us}, msgGrantBeyondOwn},
				{[]string{idText(adminRole.ID)}, []string{us}, msgAdminRoleAdminOnly},
				{[]string{inbound}, []string{eu}, msgStoreBeyondOwn},
				{[]string{inbound}, []string{us, eu}, msgStoreBeyondOwn},
				// No store group is every store group.
				{[]string{inbound}, []string{}, msgStoreBeyondOwn},
			} {
				apptest.Expect(t, manager.Call(http.MethodPost, subusers, newUser("13900000002", tc.roles, tc.stores)), 400, "B0001", tc.msg)
			}
			if _, err := accountsdb.UserByAccount(h.DB, "13900000002"); !models.IsNotFound(err) {
				t.Fatalf("a refused sub-user was created: %v", err)
			}
			created := createSubUserWith(t, manager, newUser("13900000002", []string{inbound, idText(managerRole.ID)}, []string{us}))

			for _, tc := range []struct {
				body map[string]any
				msg  string
			}{
				{map[string]any{"name": "新人", "roleIds": []string{dicts}}, msgGrantBeyondOwn},
				{map[string]any{"name": "新人", "roleIds": []string{inbound, idText(adminRole.ID)}}, msgAdminRoleAdminOnly},
				{map[string]any{"name": "新人", "storeGroupIds": []string{eu}}, msgStoreBeyondOwn},
				{map[string]any{"name": "新人", "storeGroupIds": []string{}}, msgStoreBeyondOwn},
			} {
				apptest.Expect(t, manager.Call(http.MethodPut, subusers+"/"+created, tc.body), 400, "B0001", tc.msg)
			}
			wantRoles := strings.Join(sorted(inbound, idText(managerRole.ID)), ",")
			if roles, stores := grantsOf(t, h, "13900000002"); roles != wantRoles || stores != us {
				t.Fatalf("refused edits left roles %s, store groups %s", roles, stores)
			}
			apptest.ExpectOK(t, manager.Call(http.MethodPut, subusers+"/"+created, map[string]any{"name": "新人", "roleIds": []string{inbound}}))

			// The owner and a 管理员 holder give anything.
			admin2 := h.Member(apptest.AdminAccount, "13900000003", true)
			apptest.ExpectOK(t, admin2.Call(http.MethodPut, subusers+"/"+created, map[string]any{"name": "新人",
				"roleIds": []string{dicts, approver}, "storeGroupIds": []string{eu}}))
			apptest.ExpectOK(t, admin2.Call(http.MethodPut, subusers+"/"+created, map[string]any{"name": "新人",
				"roleIds": []string{idText(adminRole.ID)}, "storeGroupIds": []string{}}))
			createSubUserWith(t, admin, newUser("13900000004", []string{idText(adminRole.ID), dicts}, []string{}))
		})
	}
}

func sorted(ids ...string) []string {
	slices.Sort(ids)
	return ids
}

func createSubUserWith(t *testing.T, c *apptest.Client, body map[string]any) string {
	t.Helper()
	env := c.Call(http.MethodPost, subusers, body)
	apptest.ExpectOK(t, env)
	var u subUser
	env.Into(t, &u)
	return u.ID
}

// A user who is not an admin neither edits, disables, enables nor resets the password of a user holding more
// than themselves: a 管理员, the owner, a holder of a role they lack, or a user seeing store groups they do not.
func TestSubUsersHoldingMoreAreOutOfAManagersReach(t *testing.T) {
	h := apptest.Start(t)
	admin := adminClient(t, h)
	us, eu := storeGroup(t, admin, "美国店"), storeGroup(t, admin, "欧洲店")
	manager, managerRole := h.RestrictedUser("13900000001", []string{"sys.subuser"},
		[]string{"sys:user:edit", "sys:user:delete", "sys:user:reset"})
	apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+idOf(t, h, "13900000001"), map[string]any{"name": "经理",
		"roleIds": []string{idText(managerRole.ID)}, "storeGroupIds": []string{us}}))
	dicts := idText(h.GrantedRole("字典", []string{"sys.dict"}, nil).ID)

	h.Member(apptest.AdminAccount, "13900000002", true)
	createSubUser(t, admin, "13900000003", "字典员", dicts)
	createSubUser(t, admin, "13900000004", "欧洲店员")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+idOf(t, h, "13900000004"), map[string]any{"name": "欧洲店员",
		"storeGroupIds": []string{eu}}))
	createSubUser(t, admin, "13900000005", "全店员")
	createSubUser(t, admin, "13900000006", "美国店员")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, subusers+"/"+idOf(t, h, "13900000006"), map[string]any{"name": "美国店员",
		"storeGroupIds": []string{us}}))

	reset := map[string]string{"password": newPassword, "repassword": newPassword}
	for _, account := range []string{"13900000002", "13900000003", "13900000004", "13900000005"} {
		id := idOf(t, h, account)
		apptest.Expect(t, manager.Call(http.MethodPut, subusers+"/"+id, map[string]any{"name": "被改"}), 400, "B0001", msgUserBeyondOwn)
		apptest.Expect(t, manager.Call(http.MethodPost, subusers+"/"+id+"/disable", nil), 400, "B0001", msgUserBeyondOwn)
		apptest.Expect(t, manager.Call(http.MethodPost, subusers+"/"+id+"/enable", nil), 400, "B0001", msgUserBeyondOwn)
		apptest.Expect(t, manager.Call(http.MethodPost, subusers+"/"+id+"/resetPassword", reset), 400, "B0001", msgUserBeyondOwn)
		if u, _ := accountsdb.UserByAccount(h.DB, account); u.Profile.Name == "被改" || u.Status != accountsdb.StatusActive {
			t.Fatalf("%s changed: %+v", account, u)
		}
		apptest.ExpectOK(t, h.Client().Login(account, "Passw0rd!"))
	}
	owner := idOf(t, h, apptest.AdminAccount)
	apptest.Expect(t, manager.Call(http.MethodPut, subusers+"/"+owner, map[string]any{"name": "被改"}), 400, "B0001", msgUserBeyondOwn)
	apptest.Expect(t, manager.Call(http.MethodPost, subusers+"/"+owner+"/enable", nil), 400, "B0001", msgUserBeyondOwn)

	// A user holding no more than the manager is in reach.
	peer := idOf(t, h, "13900000006")
	apptest.ExpectOK(t, manager.Call(http.MethodPut, subusers+"/"+peer, map[string]any{"name": "美国店长"}))
	apptest.ExpectOK(t, manager.Call(http.MethodPost, subusers+"/"+peer+"/disable", nil))
	apptest.ExpectOK(t, manager.Call(http.MethodPost, subusers+"/"+peer+"/enable", nil))
	apptest.ExpectOK(t, manager.Call(http.MethodPost, subusers+"/"+peer+"/resetPassword", reset))

	// The 管理员 holder manages them all.
	admin2 := h.Client()
	apptest.ExpectOK(t, admin2.Login("13900000002", "Passw0rd!"))
	for _, account := range []string{"13900000003", "13900000004", "13900000005"} {
		id := idOf(t, h, account)
		apptest.ExpectOK(t, admin2.Call(http.MethodPost, subusers+"/"+id+"/disable", nil))
		apptest.ExpectOK(t, admin2.Call(http.MethodPost, subusers+"/"+id+"/enable", nil))
		apptest.ExpectOK(t, admin2.Call(http.MethodPost, subusers+"/"+id+"/resetPassword", reset))
	}
}
