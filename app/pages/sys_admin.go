package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// AdminScreen serves one of the simple admin screens (tag groups, tags, clients, customers, the operation log, the
// department tree): the sysadmin island showing screen, with the user's button permissions.
func (h *Handler) AdminScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.AdminScreenPage{Page: h.contentPage(c, title, "sysadmin.js"), Heading: title,
			Props: views.AdminScreenProps{Screen: screen, Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.AdminScreen(page, h.Assets.URL("theme.js")))
	}
}
