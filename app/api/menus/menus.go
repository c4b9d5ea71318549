// Package menus serves /admin/api/v1/menus: the signed-in user's menu tree with their button permissions.
package menus

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
)

// Handler serves the menus calls.
type Handler struct {
	Admin *admin.Service
	// Built tells whether a tab address has its screen: entries leading only to 建设中 are marked building.
	Built func(path string) bool
}

// Route is one entry of menus/route as the contract shapes it.
type Route struct {
	Name      string  `json:"name"`
	Path      string  `json:"path"`
	Sort      int     `json:"sort"`
	Redirect  string  `json:"redirect"`
	Component string  `json:"component"`
	OldID     string  `json:"oldid"`
	Meta      Meta    `json:"meta"`
	Children  []Route `json:"children"`
	// Building marks an entry that leads only to 建设中 pages (an addition; older clients ignore it).
	Building bool `json:"building"`
}

// Meta carries a route's title, icon and keep-alive; the first top-level entry also carries every button
// permission of the user.
type Meta struct {
	Title       string   `json:"title"`
	Icon        string   `json:"icon"`
	KeepAlive   bool     `json:"keepAlive"`
	Permissions []string `json:"permissions,omitempty"`
}

// Routes answers the user's menu tree.
func (h *Handler) Routes(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	m, err := h.Admin.UserMenu(c.Request().Context(), p)
	if err != nil {
		return err
	}
	// The same bytes every time until the user's grants change: encoded once with the cached menu, and compressed
	// once (the admin's 27 KB took more CPU to compress than the rest of the call).
	body, err := m.Encoded(func() ([]byte, error) {
		routes := h.shape(m.Routes)
		if len(routes) > 0 {
			routes[0].Meta.Permissions = m.Permissions
		}
		return api.OKBody(routes)
	})
	if err != nil {
		return err
	}
	middleware.KeepCompressed(c)
	return c.JSONBlob(http.StatusOK, body)
}

func (h *Handler) shape(in []core.MenuRoute) []Route {
	out := make([]Route, 0, len(in))
	for _, r := range in {
		out = append(out, Route{Name: strconv.FormatInt(r.ID, 10), Path: r.Path, Sort: r.Sort, Redirect: r.Redirect,
			Component: r.Component, OldID: r.OldID, Children: h.shape(r.Children), Building: r.Building(h.Built),
			Meta: Meta{Title: r.Title, Icon: r.Icon, KeepAlive: r.KeepAlive}})
	}
	return out
}

// CleanUserCache drops the user's cached menu and permissions.
func (h *Handler) CleanUserCache(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	h.Admin.DropMenuCache(p.UserID)
	return api.OK(c, "success")
}
