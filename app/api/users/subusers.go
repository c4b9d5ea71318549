package users

import (
	"fmt"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
)

// SubUser is a company user as the 子账号 screen shows it: Roles are the role names (the list's 角色 column),
// RoleIDs the same roles for the edit form. Status is 1 (启用) or 0 (停用). IsSelf marks the signed-in user,
// whose roles, store groups and state the screen does not offer to change.
type SubUser struct {
	ID       string   `json:"id"`
	Account  string   `json:"account"`
	Name     string   `json:"name"`
	Email    string   `json:"email"`
	Mobile   string   `json:"mobile"`
	Status   int      `json:"status"`
	IsOwner  bool     `json:"isOwner"`
	IsSelf   bool     `json:"isSelf"`
	Roles    []string `json:"roles"`
	RoleIDs  []string `json:"roleIds"`
	DeptID   string   `json:"deptId"`
	DeptName string   `json:"deptName"`
	// StoreGroups are the names of the store groups the user is limited to (none: all), StoreGroupIDs their ids;
	// groups the caller may not see are summed up by name only (其他2个店铺).
	StoreGroups   []string `json:"storeGroups"`
	StoreGroupIDs []string `json:"storeGroupIds"`
	LastLoginTime string   `json:"lastLoginTime"`
	CreatedAt     string   `json:"createdAt"`
}

// RoleOption is a role in the sub-user form's role choice.
type RoleOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Code string `json:"code"`
}

func (h *Handler) subUser(p core.Principal, u *admin.SubUser) SubUser {
	out := SubUser{ID: strconv.FormatInt(u.ID, 10), Account: u.Account, Name: u.Profile.Name, Email: u.Profile.Email,
		Mobile: u.Profile.Mobile, Status: admin.UserEnabled, IsOwner: u.IsOwner, IsSelf: u.ID == p.UserID,
		Roles: make([]string, len(u.Roles)), RoleIDs: make([]string, len(u.Roles)),
		LastLoginTime: api.FormatTime(u.LastLoginAt, h.TimeZone), CreatedAt: api.FormatTime(&u.CreatedAt, h.TimeZone)}
	if u.Status != accountsdb.StatusActive {
		out.Status = admin.UserDisabled
	}
	if u.DeptID != nil {
		out.DeptID, out.DeptName = strconv.FormatInt(*u.DeptID, 10), u.DeptName
	}
	for i, r := range u.Roles {
		out.Roles[i], out.RoleIDs[i] = r.Name, strconv.FormatInt(r.ID, 10)
	}
	out.StoreGroups, out.StoreGroupIDs = make([]string, len(u.StoreGroups)), make([]string, len(u.StoreGroups))
	for i, g := range u.StoreGroups {
		out.StoreGroups[i], out.StoreGroupIDs[i] = g.Name, strconv.FormatInt(g.ID, 10)
	}
	if u.HiddenStoreGroups > 0 {
		out.StoreGroups = append(out.StoreGroups, fmt.Sprintf("其他%d个店铺", u.HiddenStoreGroups))
	}
	return out
}

// SubUserStoreGroups answers GET users/subusers/storeGroups: the company's store groups [{id, name}] by name,
// the choices a sub-user can be limited to.
func (h *Handler) SubUserStoreGroups(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	groups, err := h.Stores.StoreGroupOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]RoleOption, len(groups))
	for i, g := range groups {
		out[i] = RoleOption{ID: strconv.FormatInt(g.ID, 10), Name: g.Name}
	}
	return api.OK(c, out)
}

// SubUserPage answers POST users/subusers/page {currentpage, pagesize, sort, order, name, account, status}:
// data {records, total, size, current, pages}.
func (h *Handler) SubUserPage(c *echo.Context) error {
	var q admin.SubUserQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	users, total, r, err := h.Admin.SubUserPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]SubUser, len(users))
	for i := range users {
		out[i] = h.subUser(p, &users[i])
	}
	return api.OK(c, api.NewPage(out, total, r.Current, r.Size))
}

// SubUserExport answers GET users/subusers/export?<SubUserPage's filters>: the whole query as 子账号_<date>.xlsx.
// Its rows are shaped without the caller (isSelf, which only the page's buttons read, is no column).
func (h *Handler) SubUserExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "子账号", "subUserList", h.Admin.SubUserPage, func(u *admin.SubUser) SubUser {
		return h.subUser(core.Principal{}, u)
	})
}

// SubUserRoles answers GET users/subusers/roles: the company's roles [{id, name, code}] by name.
func (h *Handler) SubUserRoles(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	roles, err := h.Admin.RoleOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]RoleOption, len(roles))
	for i, r := range roles {
		out[i] = RoleOption{ID: strconv.FormatInt(r.ID, 10), Name: r.Name, Code: r.Code}
	}
	return api.OK(c, out)
}

// GetSubUser answers GET users/subusers/{id}.
func (h *Handler) GetSubUser(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, err := h.Admin.SubUser(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.subUser(p, u))
}

// CreateSubUser answers POST users/subusers {account, name, email, mobile, password, repassword, roleIds} with
// the new user.
func (h *Handler) CreateSubUser(c *echo.Context) error {
	var f admin.SubUserForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	u, err := h.Admin.CreateSubUser(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, h.subUser(p, u))
}

// UpdateSubUser answers PUT users/subusers/{id} {name, email, mobile, roleIds} with the changed user.
func (h *Handler) UpdateSubUser(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	shape := func(u *admin.SubUser) SubUser { return h.subUser(p, u) }
	return api.UpdateNoted(h.Admin.SubUser, h.Admin.UpdateSubUser, shape)(c)
}

// DisableSubUser answers POST users/subusers/{id}/disable with the disabled user.
func (h *Handler) DisableSubUser(c *echo.Context) error { return h.setEnabled(c, false) }

// EnableSubUser answers POST users/subusers/{id}/enable with the enabled user.
func (h *Handler) EnableSubUser(c *echo.Context) error { return h.setEnabled(c, true) }

func (h *Handler) setEnabled(c *echo.Context, enabled bool) error {
	p, _ := middleware.Principal(c)
	u, err := h.Admin.SetSubUserEnabled(c.Request().Context(), p, c.Param("id"), enabled)
	if err != nil {
		return err
	}
	return api.OK(c, h.subUser(p, u))
}

// ResetSubUserPassword answers POST users/subusers/{id}/resetPassword {password, repassword}.
func (h *Handler) ResetSubUserPassword(c *echo.Context) error {
	var f admin.PasswordResetForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	u, err := h.Admin.SubUser(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	if err := h.Admin.ResetSubUserPassword(ctx, p, c.Param("id"), f); err != nil {
		return err
	}
	middleware.NoteSubject(c, h.subUser(p, u).Account)
	return api.OK(c, "success")
}

// SubUserDepartments answers GET users/subusers/depts: the company's departments [{id, name}] named by their
// path, for the sub-user form.
func (h *Handler) SubUserDepartments(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ds, err := h.Admin.DepartmentOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Member, len(ds))
	for i, d := range ds {
		out[i] = Member{ID: strconv.FormatInt(d.ID, 10), Name: d.Name}
	}
	return api.OK(c, out)
}
