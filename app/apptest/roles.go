package apptest

import (
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

// GrantedRole creates a role in the demo company granted the menu entries with the given seed codes and the
// given button permissions, straight in the database, and returns it.
func (h *Harness) GrantedRole(name string, menuCodes, permissions []string) *accountsdb.Role {
	h.T.Helper()
	admin, err := accountsdb.UserByAccount(h.DB, AdminAccount)
	if err != nil {
		h.T.Fatal(err)
	}
	role := &accountsdb.Role{CompanyID: admin.CompanyID, Name: name}
	if err := h.DB.Create(role).Error; err != nil {
		h.T.Fatal(err)
	}
	for _, code := range menuCodes {
		m, err := admindb.MenuByCode(h.DB, code)
		if err != nil {
			h.T.Fatalf("menu %s: %v", code, err)
		}
		h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: m.ID})
	}
	for _, code := range permissions {
		var p admindb.MenuPermission
		if err := h.DB.First(&p, "code = ?", code).Error; err != nil {
			h.T.Fatalf("permission %s: %v", code, err)
		}
		h.DB.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: p.ID})
	}
	return role
}

// RestrictedUser creates a user in the demo company whose only role is granted the menu entries with the
// given seed codes and the given button permissions, signs them in and returns the client and the role.
func (h *Harness) RestrictedUser(phone string, menuCodes, permissions []string) (*Client, *accountsdb.Role) {
	h.T.Helper()
	role := h.GrantedRole("角色"+phone, menuCodes, permissions)
	hash, _ := fixtureHash("Passw0rd!")
	u := &accountsdb.User{CompanyID: role.CompanyID, Account: phone, PasswordHash: hash, Profile: accountsdb.UserProfile{Name: "员工" + phone[len(phone)-4:]}}
	if err := accountsdb.CreateUser(h.DB, u, role.ID); err != nil {
		h.T.Fatal(err)
	}
	c := h.Client()
	ExpectOK(h.T, c.Login(phone, "Passw0rd!"))
	return c, role
}
