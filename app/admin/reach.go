package admin

import (
	"slices"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	storesdb "sellerhub/models/stores"
)

// Messages of the rules that keep a user from giving anyone, themselves included, more than they hold. Holding
// the 子账号 or 角色授权 screen is not holding the whole company: only its owner and the 管理员 role's holders
// hand out anything.
const (
	MsgSelfGrantsKept     = "不能修改自己的角色、店铺分组或启用状态"
	MsgGrantBeyondOwn     = "不能授予自己没有的权限"
	MsgStoreBeyondOwn     = "不能授予自己无权查看的店铺"
	MsgAdminRoleAdminOnly = "只有管理员可以授予管理员角色"
	MsgUserBeyondOwn      = "不能管理权限超出自己的账号"
	MsgOwnRoleKept        = "不能修改或删除自己拥有的角色"
	MsgRoleBeyondOwn      = "不能修改或删除权限超出自己的角色"
	MsgRoleHolderBeyond   = "不能修改权限超出自己的账号所拥有的角色"
)

// reach is what the signed-in user holds: everything (the company's owner and the admin role's holders), or
// the menu entries their roles grant with the groups and headings above them (as their menu has them), their
// button permissions and the store groups they are limited to (none: every group).
type reach struct {
	all    bool
	menus  map[int64]bool
	perms  map[int64]bool
	stores []int64
}

// callerReach loads what the signed-in user holds.
func callerReach(db *models.DB, p core.Principal) (*reach, error) {
	u, err := accountsdb.UserInCompany(db, p.CompanyID, p.UserID)
	if models.IsNotFound(err) {
		return nil, core.ErrNoSession
	} else if err != nil {
		return nil, err
	}
	if u.IsOwner {
		return &reach{all: true}, nil
	}
	g, err := admindb.GrantsOfUser(db, p.CompanyID, u.ID)
	if err != nil {
		return nil, err
	}
	if g.Admin {
		return &reach{all: true}, nil
	}
	menus, err := admindb.AllMenus(db)
	if err != nil {
		return nil, err
	}
	stores, err := storeGroupIDsOf(db, p.CompanyID, u.ID)
	if err != nil {
		return nil, err
	}
	parent := make(map[int64]int64, len(menus))
	for _, m := range menus {
		parent[m.ID] = m.ParentID
	}
	r := &reach{menus: map[int64]bool{}, perms: map[int64]bool{}, stores: stores}
	for _, id := range g.MenuIDs {
		for ; id != 0 && !r.menus[id]; id = parent[id] {
			r.menus[id] = true
		}
	}
	for _, id := range g.PermissionIDs {
		r.perms[id] = true
	}
	return r, nil
}

// storeGroupIDsOf lists the store groups one of the company's users is limited to (none: every group).
func storeGroupIDsOf(db *models.DB, companyID, userID int64) ([]int64, error) {
	groups, err := storesdb.StoreGroupsOfUsers(db, companyID, []int64{userID})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(groups[userID]))
	for i, g := range groups[userID] {
		ids[i] = g.ID
	}
	return ids, nil
}

// holdsGrants tells whether r holds every menu entry and permission of g.
func (r *reach) holdsGrants(g admindb.Grants) bool {
	if r.all {
		return true
	}
	if g.Admin {
		return false
	}
	for _, id := range g.MenuIDs {
		if !r.menus[id] {
			return false
		}
	}
	for _, id := range g.PermissionIDs {
		if !r.perms[id] {
			return false
		}
	}
	return true
}

// holdsStores tells whether r sees every store group of a limit (none: every group).
func (r *reach) holdsStores(stores []int64) bool {
	return r.all || len(r.stores) == 0 || len(stores) > 0 && isSubset(stores, r.stores)
}

// mayManage refuses changing a user (their profile, roles, state or password) who holds more than r: a user
// with a screen's buttons may not lock out, reset or strip those above them.
func (r *reach) mayManage(db *models.DB, u *accountsdb.User) error {
	beyond, err := r.beyond(db, u)
	if err != nil {
		return err
	}
	if beyond {
		return core.Refused(MsgUserBeyondOwn)
	}
	return nil
}

// beyond tells whether u holds more than r: the owner, grants r does not hold, or store groups r does not see.
func (r *reach) beyond(db *models.DB, u *accountsdb.User) (bool, error) {
	if r.all {
		return false, nil
	}
	if u.IsOwner {
		return true, nil
	}
	g, err := admindb.GrantsOfUser(db, u.CompanyID, u.ID)
	if err != nil {
		return false, err
	}
	stores, err := storeGroupIDsOf(db, u.CompanyID, u.ID)
	if err != nil {
		return false, err
	}
	return !r.holdsGrants(g) || !r.holdsStores(stores), nil
}

// mayManageUser refuses the signed-in user changing a user who holds more than themselves.
func mayManageUser(db *models.DB, p core.Principal, u *accountsdb.User) error {
	caller, err := callerReach(db, p)
	if err != nil {
		return err
	}
	return caller.mayManage(db, u)
}

// mayHandOut refuses giving a user roles that grant more than r holds, the admin role to anyone when r is not
// an admin, and store groups r does not see (setStores false: the limit stays as it is).
func (r *reach) mayHandOut(db *models.DB, companyID int64, roles, stores []int64, setStores bool) error {
	if r.all {
		return nil
	}
	g, err := admindb.GrantsOfRoles(db, companyID, roles)
	switch {
	case err != nil:
		return err
	case g.Admin:
		return core.Refused(MsgAdminRoleAdminOnly)
	case !r.holdsGrants(g):
		return core.Refused(MsgGrantBeyondOwn)
	case setStores && !r.holdsStores(stores):
		return core.Refused(MsgStoreBeyondOwn)
	}
	return nil
}

// mayChangeRole answers what the signed-in user holds, refusing a user who is not an admin changing a role they
// hold themselves (they would change their own grants), a role granting more than they hold, or a role held by a
// user they may not manage: a role's grants are its holders', so changing them changes users beyond the caller
// (a clerk of one store group widening what an all-stores user may do).
func mayChangeRole(db *models.DB, p core.Principal, r *accountsdb.Role) (*reach, error) {
	caller, err := callerReach(db, p)
	if err != nil {
		return nil, err
	}
	if caller.all {
		return caller, nil
	}
	held, err := accountsdb.RolesOfUser(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(held, func(h accountsdb.Role) bool { return h.ID == r.ID }) {
		return nil, core.Refused(MsgOwnRoleKept)
	}
	menus, perms, err := admindb.RoleGrants(db, p.CompanyID, r.ID)
	if err != nil {
		return nil, err
	}
	if !caller.holdsGrants(admindb.Grants{MenuIDs: menus, PermissionIDs: perms}) {
		return nil, core.Refused(MsgRoleBeyondOwn)
	}
	holders, err := admindb.RoleHolderIDs(db, p.CompanyID, r.ID)
	if err != nil {
		return nil, err
	}
	for _, id := range holders {
		u, err := accountsdb.UserInCompany(db, p.CompanyID, id)
		if err != nil {
			return nil, err
		}
		if beyond, err := caller.beyond(db, u); err != nil {
			return nil, err
		} else if beyond {
			return nil, core.Refused(MsgRoleHolderBeyond)
		}
	}
	return caller, nil
}

// isSubset tells whether every id of a is in b.
func isSubset(a, b []int64) bool {
	for _, id := range a {
		if !slices.Contains(b, id) {
			return false
		}
	}
	return true
}

// sameIDs tells whether two lists without repeats hold the same ids.
func sameIDs(a, b []int64) bool { return len(a) == len(b) && isSubset(a, b) }
