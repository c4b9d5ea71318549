package admin

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

// Messages of the role (角色授权) calls.
const (
	MsgRoleNameEmpty        = "角色名称不能为空"
	MsgRoleNameTooLong      = "角色名称不能超过50个字符"
	MsgRoleRemarkTooLong    = "备注不能超过200个字符"
	MsgRoleNameTaken        = "角色名称已存在"
	MsgRoleHeld             = "角色已分配给用户，不能删除"
	MsgAdminRoleFixed       = "管理员角色不能修改"
	MsgAdminRoleKept        = "管理员角色不能删除"
	MsgGrantMenuMissing     = "菜单不存在"
	MsgGrantPermMissing     = "按钮权限不存在"
	MsgGrantPermWithoutMenu = "授予按钮权限前请先勾选它所在的菜单"
)

// Button permissions of the 角色授权 screen. Listing and reading grants need the screen's menu grant; changing
// grants is editing the role.
const (
	PermissionRoleAdd    = "sys:role:add"
	PermissionRoleEdit   = "sys:role:edit"
	PermissionRoleDelete = "sys:role:delete"
)

const whatRole = "角色"

// RoleQuery is the body of roles/page.
type RoleQuery struct {
	core.PageRequest
	Sort  string `json:"sort"`
	Order string `json:"order"`
	Name  string `json:"name"`
}

// RoleForm is a role as the add and edit forms send it.
type RoleForm struct {
	Name   string `json:"name"`
	Remark string `json:"remark"`
}

// GrantForm is the body of a role's grant change: the whole new grant, ids as strings.
type GrantForm struct {
	MenuIDs       []string `json:"menuIds"`
	PermissionIDs []string `json:"permissionIds"`
}

// GrantNode is one entry of the grant tree: the whole product menu (groups > headings > links), each entry with
// its button permissions, marked with what the role holds.
type GrantNode struct {
	ID          int64
	Title       string
	Path        string
	Hidden      bool
	Checked     bool
	Permissions []GrantPermission
	Children    []GrantNode
}

// GrantPermission is a button permission in the grant tree.
type GrantPermission struct {
	ID      int64
	Code    string
	Name    string
	Checked bool
}

// RoleGrants is a role's grant tree; Fixed says that it cannot change (the admin role holds everything).
type RoleGrants struct {
	Fixed bool
	Tree  []GrantNode
}

func (f *RoleForm) check() error {
	f.Name, f.Remark = strings.TrimSpace(f.Name), strings.TrimSpace(f.Remark)
	switch {
	case f.Name == "":
		return core.Invalid(MsgRoleNameEmpty)
	case utf8.RuneCountInString(f.Name) > 50:
		return core.Invalid(MsgRoleNameTooLong)
	case utf8.RuneCountInString(f.Remark) > 200:
		return core.Invalid(MsgRoleRemarkTooLong)
	}
	return nil
}

// IsAdminRole tells whether a role is the company's admin role, which sees everything and never changes.
func IsAdminRole(r *accountsdb.Role) bool { return r.Code == accountsdb.DefaultRoleCode }

// RolePage lists a page of the company's roles, with the total.
func (s *Service) RolePage(ctx context.Context, p core.Principal, q RoleQuery) ([]accountsdb.Role, int64, core.PageRequest, error) {
	r, name := q.PageRequest.Normalized(), strings.TrimSpace(q.Name)
	db := s.db.With(ctx)
	total, err := admindb.CountRoles(db, p.CompanyID, name)
	if err != nil || total == 0 {
		return []accountsdb.Role{}, total, r, err
	}
	roles, err := admindb.Roles(db, p.CompanyID, name, q.Sort, q.Order == "desc", r.Offset(), r.Size)
	return roles, models.PageTotal(total, r.Offset(), len(roles), r.Size), r, err
}

// Role loads one of the company's roles by the id in the path.
func (s *Service) Role(ctx context.Context, p core.Principal, id string) (*accountsdb.Role, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatRole)
	}
	r, err := admindb.RoleByID(s.db.With(ctx), p.CompanyID, n)
	return r, core.NotFoundAs(err, whatRole)
}

// roleNameFree refuses a role name the company already uses on a role other than self (0 for a new role).
func roleNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		r, err := admindb.RoleByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return r.ID, nil
	}, self, MsgRoleNameTaken)
}

// CreateRole adds a role, granted nothing yet, to the company; its name must be new in the company.
func (s *Service) CreateRole(ctx context.Context, p core.Principal, f RoleForm) (*accountsdb.Role, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	r := &accountsdb.Role{CompanyID: p.CompanyID, Name: f.Name, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := roleNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(admindb.CreateRole(tx, r), MsgRoleNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// UpdateRole renames a role of the company or changes its remark. The admin role does not change, and a user
// who is not an admin changes no role they hold nor one granting more than they hold.
func (s *Service) UpdateRole(ctx context.Context, p core.Principal, id string, f RoleForm) (*accountsdb.Role, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatRole)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var r *accountsdb.Role
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if r, err = admindb.RoleByID(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatRole)
		}
		if IsAdminRole(r) {
			return core.Refused(MsgAdminRoleFixed)
		}
		if _, err := mayChangeRole(tx, p, r); err != nil {
			return err
		}
		if err := roleNameFree(tx, p.CompanyID, f.Name, r.ID); err != nil {
			return err
		}
		r.Name, r.Remark, r.UpdatedAt = f.Name, f.Remark, s.now.Stamp()
		return core.DuplicateAs(admindb.UpdateRole(tx, r), MsgRoleNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// DeleteRole deletes a role of the company with its grants, refused while a user holds it. The admin role stays,
// and a user who is not an admin deletes no role they hold nor one granting more than they hold.
func (s *Service) DeleteRole(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatRole)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// Locked, so that no one is given the role between the count and the delete.
		r, err := admindb.RoleByID(tx.ForUpdate(), p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatRole)
		}
		if IsAdminRole(r) {
			return core.Refused(MsgAdminRoleKept)
		}
		if _, err := mayChangeRole(tx, p, r); err != nil {
			return err
		}
		held, err := admindb.CountRoleHolders(tx, p.CompanyID, r.ID)
		if err != nil {
			return err
		}
		if held > 0 {
			return core.Refused(MsgRoleHeld)
		}
		return core.NotFoundAs(admindb.DeleteRole(tx, p.CompanyID, r.ID), whatRole)
	})
}

// RoleGrantTree answers the whole product menu as a tree with the role's grants checked. The admin role is
// shown holding everything, and fixed.
func (s *Service) RoleGrantTree(ctx context.Context, p core.Principal, id string) (*RoleGrants, error) {
	r, err := s.Role(ctx, p, id)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	menus, perms, err := admindb.ProductMenu(db)
	if err != nil {
		return nil, err
	}
	menuIDs, permIDs, err := admindb.RoleGrants(db, p.CompanyID, r.ID)
	if err != nil {
		return nil, err
	}
	fixed := IsAdminRole(r)
	return &RoleGrants{Fixed: fixed, Tree: grantTree(menus, perms, menuIDs, permIDs, fixed)}, nil
}

// grantTree builds the menu tree (AllMenus orders siblings by sort) with each entry's permissions, checked where
// granted (everything when all).
func grantTree(menus []admindb.Menu, perms []admindb.MenuPermission, menuIDs, permIDs []int64, all bool) []GrantNode {
	permsOf := map[int64][]GrantPermission{}
	for _, pm := range perms {
		permsOf[pm.MenuID] = append(permsOf[pm.MenuID], GrantPermission{ID: pm.ID, Code: pm.Code, Name: pm.Name,
			Checked: all || slices.Contains(permIDs, pm.ID)})
	}
	children := map[int64][]admindb.Menu{}
	for _, m := range menus {
		children[m.ParentID] = append(children[m.ParentID], m)
	}
	var build func(parent int64) []GrantNode
	build = func(parent int64) []GrantNode {
		nodes := []GrantNode{}
		for _, m := range children[parent] {
			ps := permsOf[m.ID]
			if ps == nil {
				ps = []GrantPermission{}
			}
			nodes = append(nodes, GrantNode{ID: m.ID, Title: m.Title, Path: m.Path, Hidden: m.Hidden,
				Checked: all || slices.Contains(menuIDs, m.ID), Permissions: ps, Children: build(m.ID)})
		}
		return nodes
	}
	return build(0)
}

// parseIDs reads a list of ids as the clients send them (strings), without repeats; a malformed one is wrong
// input with msg.
func parseIDs(raw []string, msg string) ([]int64, error) {
	ids := make([]int64, 0, len(raw))
	for _, s := range raw {
		id, ok := core.ParseID(s)
		if !ok {
			return nil, core.Invalid(msg)
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// SetRoleGrants replaces a role's menus and button permissions in one transaction. Every id must name an entry
// of the product menu, and a permission comes only with the menu entry its page is. The admin role does not
// change; a user who is not an admin changes no role they hold nor one granting more than they hold, and grants
// nothing they do not hold themselves. The role's holders lose their cached menus, so the change applies to
// their next call.
func (s *Service) SetRoleGrants(ctx context.Context, p core.Principal, id string, f GrantForm) (*RoleGrants, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatRole)
	}
	menuIDs, err := parseIDs(f.MenuIDs, MsgGrantMenuMissing)
	if err != nil {
		return nil, err
	}
	permIDs, err := parseIDs(f.PermissionIDs, MsgGrantPermMissing)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	menus, perms, err := admindb.ProductMenu(db)
	if err != nil {
		return nil, err
	}
	if err := checkGrant(menus, perms, menuIDs, permIDs); err != nil {
		return nil, err
	}
	var holders []int64
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		r, err := admindb.RoleByID(tx.ForUpdate(), p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatRole)
		}
		if IsAdminRole(r) {
			return core.Refused(MsgAdminRoleFixed)
		}
		caller, err := mayChangeRole(tx, p, r)
		if err != nil {
			return err
		}
		if !caller.holdsGrants(admindb.Grants{MenuIDs: menuIDs, PermissionIDs: permIDs}) {
			return core.Refused(MsgGrantBeyondOwn)
		}
		if err := admindb.ReplaceRoleGrants(tx, p.CompanyID, r.ID, menuIDs, permIDs, s.now.Stamp()); err != nil {
			return core.NotFoundAs(err, whatRole)
		}
		holders, err = admindb.RoleHolderIDs(tx, p.CompanyID, r.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.DropMenuCache(holders...)
	return s.RoleGrantTree(ctx, p, id)
}

// checkGrant refuses ids that are not of the product menu, and permissions whose menu entry is not granted.
func checkGrant(menus []admindb.Menu, perms []admindb.MenuPermission, menuIDs, permIDs []int64) error {
	known := make(map[int64]bool, len(menus))
	for _, m := range menus {
		known[m.ID] = true
	}
	for _, id := range menuIDs {
		if !known[id] {
			return core.Invalid(MsgGrantMenuMissing)
		}
	}
	menuOf := make(map[int64]int64, len(perms))
	for _, pm := range perms {
		menuOf[pm.ID] = pm.MenuID
	}
	for _, id := range permIDs {
		menu, ok := menuOf[id]
		if !ok {
			return core.Invalid(MsgGrantPermMissing)
		}
		if !slices.Contains(menuIDs, menu) {
			return core.Invalid(MsgGrantPermWithoutMenu)
		}
	}
	return nil
}
