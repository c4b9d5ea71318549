package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
	"sellerhub/views"
)

// SubUserAdmin is 子账号: the company's users, managed in the subusers island, which sets their passwords.
func (h *Handler) SubUserAdmin(c *echo.Context) error {
	return h.accessAdmin(c, "子账号", "subusers", core.MsgPasswordRule)
}

// RoleAdmin is 角色授权: the company's roles and their grants, managed in the roles island.
func (h *Handler) RoleAdmin(c *echo.Context) error {
	return h.accessAdmin(c, "角色授权", "roles", "")
}

func (h *Handler) accessAdmin(c *echo.Context, heading, island, passwordRule string) error {
	_, _, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	page := views.AccessAdminPage{Page: h.contentPage(c, heading, island+".js"), Heading: heading, Island: island,
		Props: views.AdminProps{Permissions: menu.Permissions, PasswordRule: passwordRule}}
	return h.render(c, http.StatusOK, views.AccessAdmin(page, h.Assets.URL("theme.js")))
}
