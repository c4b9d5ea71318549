package admin

import (
	"context"
	"strings"
	"unicode/utf8"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	messagesdb "sellerhub/models/messages"
	storesdb "sellerhub/models/stores"
)

// Messages of the sub-user (子账号) calls.
const (
	MsgSubUserAccountEmpty  = "账号不能为空"
	MsgSubUserAccountBad    = "账号须为手机号码或邮箱"
	MsgSubUserAccountTaken  = "账号已存在"
	MsgSubUserStatusBad     = "状态不正确"
	MsgRoleMissing          = "角色不存在"
	MsgOwnerNoDisable       = "主账号不能停用"
	MsgSelfNoDisable        = "不能停用当前登录的账号"
	MsgOwnerRolesKept       = "不能移除主账号的角色"
	MsgOwnerPasswordOwnOnly = "主账号的密码只能由本人修改"
	MsgSelfPasswordHere     = "请在个人中心修改自己的密码"
	MsgOwnerAllStores       = "主账号可以查看所有店铺，不能限定店铺"
)

// Button permissions of the 子账号 screen (系统 > 用户与权限 > 子账号). Listing needs the screen's menu grant;
// disabling uses the delete permission, because a user is never deleted.
const (
	PermissionUserAdd     = "sys:user:add"
	PermissionUserEdit    = "sys:user:edit"
	PermissionUserDisable = "sys:user:delete"
	PermissionUserReset   = "sys:user:reset"
)

// Status numbers of the user list, as the clients number statuses (1 启用, 0 停用).
const (
	UserEnabled  = 1
	UserDisabled = 0
)

const whatUser = "用户"

// SubUserQuery is the body of users/subusers/page. The filters come from a form, so they are text: Status is
// "1", "0" or "" for both.
type SubUserQuery struct {
	core.PageRequest
	Sort    string `json:"sort"`
	Order   string `json:"order"`
	Name    string `json:"name"`
	Account string `json:"account"`
	Status  string `json:"status"`
}

// SubUser is a company user as the 子账号 screen shows it.
type SubUser struct {
	accountsdb.User
	Roles []accountsdb.Role
	// DeptName is the name of the user's department, "" for none.
	DeptName string
	// StoreGroups are the store groups the user is limited to (none: every group of the company), as far as the
	// viewer may see them; HiddenStoreGroups counts the others.
	StoreGroups       []storesdb.StoreGroup
	HiddenStoreGroups int
}

// SubUserForm is a sub-user as the add and edit forms send it. Account and the passwords are read only when
// adding: an account changes through its holder's own code-checked call.
type SubUserForm struct {
	Account    string `json:"account"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	Mobile     string `json:"mobile"`
	Password   string `json:"password"`
	Repassword string `json:"repassword"`
	// RoleIDs are the user's roles; absent (nil) on an edit: unchanged.
	RoleIDs []string `json:"roleIds"`
	// DeptID is the department to put the user in; empty or "0" for none.
	DeptID string `json:"deptId"`
	// StoreGroupIDs limits the user to these store groups; empty: every group. Absent (nil) on an edit: unchanged.
	StoreGroupIDs []string `json:"storeGroupIds"`
}

// PasswordResetForm is the body of an admin's password reset.
type PasswordResetForm struct {
	Password   string `json:"password"`
	Repassword string `json:"repassword"`
}

// checkProfile trims the name, e-mail and mobile and tells what is wrong with them first.
func (f *SubUserForm) checkProfile() error {
	f.Name, f.Email, f.Mobile = strings.TrimSpace(f.Name), core.NormalizeAccount(f.Email), strings.TrimSpace(f.Mobile)
	switch {
	case f.Name == "":
		return core.Invalid(core.MsgNameEmpty)
	case utf8.RuneCountInString(f.Name) > 50:
		return core.Invalid(core.MsgNameTooLong)
	case f.Email != "" && !core.IsEmail(f.Email):
		return core.Invalid(core.MsgEmailBad)
	case f.Mobile != "" && !core.IsPhone(f.Mobile):
		return core.Invalid(core.MsgPhoneBad)
	}
	return nil
}

// roleMissingAs turns the ErrNotFound of a role assignment (a role not of the company) into bad input.
func roleMissingAs(err error) error {
	if models.IsNotFound(err) {
		return core.Invalid(MsgRoleMissing)
	}
	return err
}

// SubUserPage lists a page of the company's users, with their roles, and the total.
func (s *Service) SubUserPage(ctx context.Context, p core.Principal, q SubUserQuery) ([]SubUser, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := admindb.UserFilter{Name: strings.TrimSpace(q.Name), Account: strings.TrimSpace(q.Account)}
	switch strings.TrimSpace(q.Status) {
	case "":
	case "1":
		f.Status = accountsdb.StatusActive
	case "0":
		f.Status = accountsdb.StatusDisabled
	default:
		return nil, 0, r, core.Invalid(MsgSubUserStatusBad)
	}
	db := s.db.With(ctx)
	total, err := admindb.CountUsers(db, p.CompanyID, f)
	if err != nil || total == 0 {
		return []SubUser{}, total, r, err
	}
	users, err := admindb.Users(db, p.CompanyID, f, q.Sort, q.Order == "desc", r.Offset(), r.Size)
	if err != nil {
		return nil, 0, r, err
	}
	out, err := s.withRoles(db, p, users)
	return out, models.PageTotal(total, r.Offset(), len(users), r.Size), r, err
}

// withRoles completes the users with their roles, department and store groups. A viewer limited to store groups
// sees only those of their groups by name; the others are counted (HiddenStoreGroups), so a colleague limited to
// them neither shows another group's name nor looks unlimited.
func (s *Service) withRoles(db *models.DB, viewer core.Principal, users []accountsdb.User) ([]SubUser, error) {
	companyID := viewer.CompanyID
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	roles, err := admindb.RolesOfUsers(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	depts, err := admindb.Departments(db, companyID)
	if err != nil {
		return nil, err
	}
	stores, err := storesdb.StoreGroupsOfUsers(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	visible, err := storesdb.VisibleStoreGroups(db, companyID, viewer.UserID, "")
	if err != nil {
		return nil, err
	}
	seen := make(map[int64]bool, len(visible))
	for _, g := range visible {
		seen[g.ID] = true
	}
	deptNames := make(map[int64]string, len(depts))
	for _, d := range depts {
		deptNames[d.ID] = d.Name
	}
	out := make([]SubUser, len(users))
	for i, u := range users {
		out[i] = SubUser{User: u, Roles: roles[u.ID], StoreGroups: []storesdb.StoreGroup{}}
		for _, g := range stores[u.ID] {
			if seen[g.ID] {
				out[i].StoreGroups = append(out[i].StoreGroups, g)
			} else {
				out[i].HiddenStoreGroups++
			}
		}
		if u.DeptID != nil {
			out[i].DeptName = deptNames[*u.DeptID]
		}
		if out[i].Roles == nil {
			out[i].Roles = []accountsdb.Role{}
		}
	}
	return out, nil
}

// SubUser loads one of the company's users with their roles, by the id in the path.
func (s *Service) SubUser(ctx context.Context, p core.Principal, id string) (*SubUser, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatUser)
	}
	return s.loadSubUser(s.db.With(ctx), p, n)
}

func (s *Service) loadSubUser(db *models.DB, viewer core.Principal, id int64) (*SubUser, error) {
	u, err := accountsdb.UserInCompany(db, viewer.CompanyID, id)
	if err != nil {
		return nil, core.NotFoundAs(err, whatUser)
	}
	out, err := s.withRoles(db, viewer, []accountsdb.User{*u})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// CreateSubUser adds a user to the company: the account is a phone number or an e-mail address no one in the
// product uses yet, the password follows the product's rule, and the roles are the company's.
func (s *Service) CreateSubUser(ctx context.Context, p core.Principal, f SubUserForm) (*SubUser, error) {
	f.Account = core.NormalizeAccount(f.Account)
	switch {
	case f.Account == "":
		return nil, core.Invalid(MsgSubUserAccountEmpty)
	case !core.IsPhone(f.Account) && !core.IsEmail(f.Account):
		return nil, core.Invalid(MsgSubUserAccountBad)
	}
	if err := f.checkProfile(); err != nil {
		return nil, err
	}
	if err := accounts.CheckNewPassword(f.Password, f.Repassword); err != nil {
		return nil, err
	}
	roles, stores, err := f.grants()
	if err != nil {
		return nil, err
	}
	// The account doubles as the contact it names, unless the form gives one.
	if f.Mobile == "" && core.IsPhone(f.Account) {
		f.Mobile = f.Account
	}
	if f.Email == "" && core.IsEmail(f.Account) {
		f.Email = f.Account
	}
	hash, err := accounts.HashPassword(f.Password)
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	u := &accountsdb.User{CompanyID: p.CompanyID, Account: f.Account, PasswordHash: hash, CreatedAt: now, UpdatedAt: now,
		Profile: accountsdb.UserProfile{Name: f.Name, Email: f.Email, Mobile: f.Mobile, CreatedAt: now, UpdatedAt: now}}
	var out *SubUser
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		caller, err := callerReach(tx, p)
		if err != nil {
			return err
		}
		if err := caller.mayHandOut(tx, p.CompanyID, roles, stores, true); err != nil {
			return err
		}
		if _, err := accountsdb.UserByAccount(tx, f.Account); err == nil {
			return core.Refused(MsgSubUserAccountTaken)
		} else if !models.IsNotFound(err) {
			return err
		}
		if err := accountsdb.CreateUser(tx, u); err != nil {
			return core.DuplicateAs(err, MsgSubUserAccountTaken)
		}
		if err := admindb.SetUserRoles(tx, p.CompanyID, u.ID, roles); err != nil {
			return roleMissingAs(err)
		}
		if err := s.placeInDepartment(tx, p.CompanyID, u.ID, f.DeptID); err != nil {
			return err
		}
		if err := storesdb.SetUserStoreGroups(tx, p.CompanyID, u.ID, stores); err != nil {
			return storeGroupMissingAs(err)
		}
		out, err = s.loadSubUser(tx, p, u.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// placeInDepartment puts a user in one of the company's departments ("" or "0" for none). The company's
// departments are locked first, as their own changes do, so a department being deleted cannot gain a member.
func (s *Service) placeInDepartment(tx *models.DB, companyID, userID int64, deptID string) error {
	var dept *int64
	if deptID != "" && deptID != "0" {
		n, ok := core.ParseID(deptID)
		if !ok {
			return core.Invalid(MsgDeptMissing)
		}
		if err := admindb.LockDepartments(tx, companyID); err != nil {
			return err
		}
		if _, err := admindb.DepartmentByID(tx, companyID, n); models.IsNotFound(err) {
			return core.Invalid(MsgDeptMissing)
		} else if err != nil {
			return err
		}
		dept = &n
	}
	return admindb.SetUserDepartment(tx, companyID, userID, dept)
}

// DepartmentOptions lists the company's departments for the sub-user form, each named with its path
// (销售部 / 华东组) and in tree order.
func (s *Service) DepartmentOptions(ctx context.Context, p core.Principal) ([]messagesdb.Member, error) {
	depts, err := admindb.Departments(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return nil, err
	}
	children := map[int64][]admindb.Department{}
	for _, d := range depts {
		children[d.ParentID] = append(children[d.ParentID], d)
	}
	out := []messagesdb.Member{}
	var walk func(parent int64, prefix string)
	walk = func(parent int64, prefix string) {
		for _, d := range children[parent] {
			out = append(out, messagesdb.Member{ID: d.ID, Name: prefix + d.Name})
			walk(d.ID, prefix+d.Name+" / ")
		}
	}
	walk(0, "")
	return out, nil
}

// UpdateSubUser changes a company user's name, e-mail, mobile, department, roles and store groups (roles or
// store groups absent: unchanged). Nobody changes their own roles or store groups, nobody but the owner removes
// a role of the company's owner, and a user who is not an admin manages only users holding no more than
// themselves and hands out only what they hold. The user's cached menu is dropped, so new roles apply to their
// next call.
func (s *Service) UpdateSubUser(ctx context.Context, p core.Principal, id string, f SubUserForm) (*SubUser, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatUser)
	}
	if err := f.checkProfile(); err != nil {
		return nil, err
	}
	roles, stores, err := f.grants()
	if err != nil {
		return nil, err
	}
	setRoles, setStores := f.RoleIDs != nil, f.StoreGroupIDs != nil
	var out *SubUser
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		u, err := accountsdb.UserInCompany(tx.ForUpdate(), p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatUser)
		}
		if setStores && u.IsOwner && len(stores) > 0 {
			return core.Refused(MsgOwnerAllStores)
		}
		held, err := accountsdb.RolesOfUser(tx, p.CompanyID, u.ID)
		if err != nil {
			return err
		}
		heldIDs := make([]int64, len(held))
		for i, r := range held {
			heldIDs[i] = r.ID
		}
		if u.ID == p.UserID {
			heldStores, err := storeGroupIDsOf(tx, p.CompanyID, u.ID)
			if err != nil {
				return err
			}
			if setRoles && !sameIDs(roles, heldIDs) || setStores && !sameIDs(stores, heldStores) {
				return core.Refused(MsgSelfGrantsKept)
			}
		}
		if setRoles && u.IsOwner && u.ID != p.UserID && !isSubset(heldIDs, roles) {
			return core.Refused(MsgOwnerRolesKept)
		}
		caller, err := callerReach(tx, p)
		if err != nil {
			return err
		}
		if err := caller.mayManage(tx, u); err != nil {
			return err
		}
		if err := caller.mayHandOut(tx, p.CompanyID, roles, stores, setStores); err != nil {
			return err
		}
		if err := admindb.UpdateUserProfile(tx, p.CompanyID, u.ID, f.Name, f.Email, f.Mobile, s.now.Stamp()); err != nil {
			return err
		}
		if setRoles {
			if err := admindb.SetUserRoles(tx, p.CompanyID, u.ID, roles); err != nil {
				return roleMissingAs(err)
			}
		}
		if err := s.placeInDepartment(tx, p.CompanyID, u.ID, f.DeptID); err != nil {
			return err
		}
		if setStores {
			if err := storesdb.SetUserStoreGroups(tx, p.CompanyID, u.ID, stores); err != nil {
				return storeGroupMissingAs(err)
			}
		}
		out, err = s.loadSubUser(tx, p, u.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.DropMenuCache(n)
	return out, nil
}

// SetSubUserEnabled enables or disables a company user. A disabled user cannot sign in (账号已停用) and their live
// session ends at once. Nobody disables the company's owner, nor their own account, and a user who is not an
// admin neither disables nor enables one holding more than themselves.
func (s *Service) SetSubUserEnabled(ctx context.Context, p core.Principal, id string, enabled bool) (*SubUser, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatUser)
	}
	status := accountsdb.StatusActive
	if !enabled {
		status = accountsdb.StatusDisabled
	}
	var u *accountsdb.User
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if u, err = accountsdb.UserInCompany(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatUser)
		}
		switch {
		case !enabled && u.IsOwner:
			return core.Refused(MsgOwnerNoDisable)
		case !enabled && u.ID == p.UserID:
			return core.Refused(MsgSelfNoDisable)
		}
		if err := mayManageUser(tx, p, u); err != nil {
			return err
		}
		return admindb.SetUserStatus(tx, p.CompanyID, u.ID, status, s.now.Stamp())
	})
	if err != nil {
		return nil, err
	}
	if !enabled {
		if err := s.accounts.EndLiveSession(ctx, u); err != nil {
			return nil, err
		}
	}
	s.DropMenuCache(n)
	return s.loadSubUser(s.db.With(ctx), p, n)
}

// ResetSubUserPassword sets a new password for a company user, following the product's rule, and ends the
// user's live session: whoever knew the old password is signed out. The owner's password and one's own change
// only with the old password, in the personal center, so that a session left open cannot take an account over;
// a user who is not an admin resets no password of one holding more than themselves.
func (s *Service) ResetSubUserPassword(ctx context.Context, p core.Principal, id string, f PasswordResetForm) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatUser)
	}
	if err := accounts.CheckNewPassword(f.Password, f.Repassword); err != nil {
		return err
	}
	hash, err := accounts.HashPassword(f.Password)
	if err != nil {
		return err
	}
	var u *accountsdb.User
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if u, err = accountsdb.UserInCompany(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatUser)
		}
		switch {
		case u.ID == p.UserID:
			return core.Refused(MsgSelfPasswordHere)
		case u.IsOwner:
			return core.Refused(MsgOwnerPasswordOwnOnly)
		}
		if err := mayManageUser(tx, p, u); err != nil {
			return err
		}
		return admindb.SetCompanyUserPassword(tx, p.CompanyID, u.ID, hash, s.now.Stamp())
	})
	if err != nil {
		return err
	}
	return s.accounts.PasswordReset(ctx, u)
}

// RoleOptions lists the company's roles for the sub-user form's role choice, by name.
func (s *Service) RoleOptions(ctx context.Context, p core.Principal) ([]accountsdb.Role, error) {
	return admindb.Roles(s.db.With(ctx), p.CompanyID, "", "name", false, 0, maxRoleOptions)
}

// maxRoleOptions bounds the role choice: a company does not keep more roles than a person can pick from.
const maxRoleOptions = 500

// MsgStoreGroupMissing refuses a store group limit naming a group the company does not have.
const MsgStoreGroupMissing = "店铺不存在"

// grants parses the roles and the store groups the form gives the user.
func (f *SubUserForm) grants() (roles, stores []int64, err error) {
	if roles, err = parseIDs(f.RoleIDs, MsgRoleMissing); err != nil {
		return nil, nil, err
	}
	if stores, err = storeGroupIDs(f.StoreGroupIDs); err != nil {
		return nil, nil, err
	}
	return roles, stores, nil
}

// storeGroupIDs parses the store groups a sub-user is limited to, without repeats.
func storeGroupIDs(raw []string) ([]int64, error) {
	seen := map[string]bool{}
	unique := make([]string, 0, len(raw))
	for _, r := range raw {
		r = strings.TrimSpace(r)
		if r != "" && !seen[r] {
			seen[r] = true
			unique = append(unique, r)
		}
	}
	return parseIDs(unique, MsgStoreGroupMissing)
}

// storeGroupMissingAs turns the ErrNotFound of a store group limit (a group not of the company) into bad input.
func storeGroupMissingAs(err error) error {
	if models.IsNotFound(err) {
		return core.Invalid(MsgStoreGroupMissing)
	}
	return err
}
