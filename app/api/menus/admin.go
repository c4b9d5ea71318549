package menus

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	admindb "sellerhub/models/admin"
)

// The menu admin's calls under menus/admin (菜单管理): the product menu's tree with its button permissions, and
// its changes, which the service allows the platform's operators only.

// AdminTree is the answer of GET menus/admin/tree: whether the user may change the menu, the icon names an entry
// may use, and the whole menu.
type AdminTree struct {
	Editable bool        `json:"editable"`
	Icons    []string    `json:"icons"`
	Menus    []AdminMenu `json:"menus"`
}

// AdminMenu is an entry of the menu admin's tree. Level is 1 for a top group, 2 for a heading, 3 for a link;
// builtin entries are the product's own and cannot be deleted.
type AdminMenu struct {
	ID          string            `json:"id"`
	ParentID    string            `json:"parentId"`
	Level       int               `json:"level"`
	Title       string            `json:"title"`
	Path        string            `json:"path"`
	Icon        string            `json:"icon"`
	Redirect    string            `json:"redirect"`
	OldID       string            `json:"oldId"`
	Sort        int               `json:"sort"`
	Hidden      bool              `json:"hidden"`
	KeepAlive   bool              `json:"keepAlive"`
	Builtin     bool              `json:"builtin"`
	Permissions []AdminPermission `json:"permissions"`
	Children    []AdminMenu       `json:"children"`
}

// AdminPermission is a button permission of a link; builtin ones are checked by the product by their code.
type AdminPermission struct {
	ID      string `json:"id"`
	MenuID  string `json:"menuId"`
	Code    string `json:"code"`
	Name    string `json:"name"`
	Builtin bool   `json:"builtin"`
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func permission(p *admindb.MenuPermission) AdminPermission {
	return AdminPermission{ID: id(p.ID), MenuID: id(p.MenuID), Code: p.Code, Name: p.Name, Builtin: p.Builtin}
}

func adminMenu(n *admin.MenuNode) AdminMenu {
	m := n.Menu
	out := AdminMenu{ID: id(m.ID), ParentID: id(m.ParentID), Level: n.Level, Title: m.Title, Path: m.Path,
		Icon: m.Icon, Redirect: m.Redirect, OldID: m.OldID, Sort: m.Sort, Hidden: m.Hidden, KeepAlive: m.KeepAlive,
		Builtin: m.Code != nil, Permissions: make([]AdminPermission, len(n.Permissions)),
		Children: make([]AdminMenu, len(n.Children))}
	for i := range n.Permissions {
		out.Permissions[i] = permission(&n.Permissions[i])
	}
	for i := range n.Children {
		out.Children[i] = adminMenu(&n.Children[i])
	}
	return out
}

// AdminTreeGet answers GET menus/admin/tree.
func (h *Handler) AdminTreeGet(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	t, err := h.Admin.MenuAdminTree(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := AdminTree{Editable: t.Editable, Icons: admin.MenuIcons, Menus: make([]AdminMenu, len(t.Tree))}
	for i := range t.Tree {
		out.Menus[i] = adminMenu(&t.Tree[i])
	}
	return api.OK(c, out)
}

// CreateMenu answers POST menus/admin/menus {parentId, title, path, icon, redirect, oldId, sort, hidden,
// keepAlive} with the new entry.
func (h *Handler) CreateMenu(c *echo.Context) error {
	var f admin.MenuForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Admin.CreateMenu(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, adminMenu(n))
}

// UpdateMenu answers PUT menus/admin/menus/{id} with the changed entry (without its permissions and children).
func (h *Handler) UpdateMenu(c *echo.Context) error {
	var f admin.MenuForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Admin.UpdateMenu(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, adminMenu(n))
}

// DeleteMenu answers DELETE menus/admin/menus/{id}.
func (h *Handler) DeleteMenu(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Admin.DeleteMenu(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// SortMenus answers PUT menus/admin/sort {parentId, ids}: the entries under the parent in their new order.
func (h *Handler) SortMenus(c *echo.Context) error {
	var f admin.MenuOrderForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Admin.SortMenus(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// CreatePermission answers POST menus/admin/permissions {menuId, code, name} with the new permission.
func (h *Handler) CreatePermission(c *echo.Context) error {
	var f admin.PermissionForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	pm, err := h.Admin.CreatePermission(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, permission(pm))
}

// UpdatePermission answers PUT menus/admin/permissions/{id} {code, name} with the changed permission.
func (h *Handler) UpdatePermission(c *echo.Context) error {
	var f admin.PermissionForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	pm, err := h.Admin.UpdatePermission(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, permission(pm))
}

// DeletePermission answers DELETE menus/admin/permissions/{id}.
func (h *Handler) DeletePermission(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Admin.DeletePermission(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}
