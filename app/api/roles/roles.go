// Package roles serves /admin/api/v1/roles: a company's roles (角色授权) and what each is granted of the product
// menu and its button permissions.
package roles

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
)

// Handler serves the role calls.
type Handler struct {
	Admin    *admin.Service
	TimeZone *time.Location
}

// Role is a role as the clients show it. IsAdmin marks the company's admin role, which sees everything and
// cannot be edited, granted or deleted.
type Role struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Remark    string `json:"remark"`
	IsAdmin   bool   `json:"isAdmin"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Grants is a role's grant tree: menus is the whole product menu, fixed says it cannot change.
type Grants struct {
	Fixed bool        `json:"fixed"`
	Menus []GrantMenu `json:"menus"`
}

// GrantMenu is one entry of the grant tree (a group, a heading or a link) with its button permissions.
type GrantMenu struct {
	ID          string            `json:"id"`
	Title       string            `json:"title"`
	Path        string            `json:"path"`
	Hidden      bool              `json:"hidden"`
	Checked     bool              `json:"checked"`
	Permissions []GrantPermission `json:"permissions"`
	Children    []GrantMenu       `json:"children"`
}

// GrantPermission is a button permission of a grant tree entry.
type GrantPermission struct {
	ID      string `json:"id"`
	Code    string `json:"code"`
	Name    string `json:"name"`
	Checked bool   `json:"checked"`
}

func (h *Handler) role(r *accountsdb.Role) Role {
	return Role{ID: strconv.FormatInt(r.ID, 10), Name: r.Name, Code: r.Code, Remark: r.Remark,
		IsAdmin: admin.IsAdminRole(r), CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone),
		UpdatedAt: api.FormatTime(&r.UpdatedAt, h.TimeZone)}
}

func grants(g *admin.RoleGrants) Grants {
	var menus func(nodes []admin.GrantNode) []GrantMenu
	menus = func(nodes []admin.GrantNode) []GrantMenu {
		out := make([]GrantMenu, len(nodes))
		for i, n := range nodes {
			perms := make([]GrantPermission, len(n.Permissions))
			for j, p := range n.Permissions {
				perms[j] = GrantPermission{ID: strconv.FormatInt(p.ID, 10), Code: p.Code, Name: p.Name, Checked: p.Checked}
			}
			out[i] = GrantMenu{ID: strconv.FormatInt(n.ID, 10), Title: n.Title, Path: n.Path, Hidden: n.Hidden,
				Checked: n.Checked, Permissions: perms, Children: menus(n.Children)}
		}
		return out
	}
	return Grants{Fixed: g.Fixed, Menus: menus(g.Tree)}
}

// Page answers POST roles/page {currentpage, pagesize, sort, order, name}: data {records, total, size, current,
// pages}.
func (h *Handler) Page(c *echo.Context) error { return api.PageOf(h.Admin.RolePage, h.role)(c) }

// Get answers GET roles/{id}.
func (h *Handler) Get(c *echo.Context) error { return api.GetOne(h.Admin.Role, h.role)(c) }

// Create answers POST roles {name, remark} with the new role.
func (h *Handler) Create(c *echo.Context) error { return api.CreateOne(h.Admin.CreateRole, h.role)(c) }

// Update answers PUT roles/{id} {name, remark} with the changed role.
func (h *Handler) Update(c *echo.Context) error {
	return api.UpdateNoted(h.Admin.Role, h.Admin.UpdateRole, h.role)(c)
}

// Delete answers DELETE roles/{id}.
func (h *Handler) Delete(c *echo.Context) error {
	return api.DeleteNoted(h.Admin.Role, h.Admin.DeleteRole, h.role)(c)
}

// GetGrants answers GET roles/{id}/grants: the product menu tree with the role's grants checked.
func (h *Handler) GetGrants(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	g, err := h.Admin.RoleGrantTree(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, grants(g))
}

// PutGrants answers PUT roles/{id}/grants {menuIds, permissionIds}, which replace the role's grants, with the
// new grant tree.
func (h *Handler) PutGrants(c *echo.Context) error {
	var f admin.GrantForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	r, err := h.Admin.Role(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	g, err := h.Admin.SetRoleGrants(ctx, p, c.Param("id"), f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, r.Name)
	return api.OK(c, grants(g))
}

// Export answers GET roles/export?<Page's filters>: the whole query as 角色_<date>.xlsx.
func (h *Handler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "角色", "roleList", h.Admin.RolePage, h.role)
}
