package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// DictAdmin is 数据字典: dictionaries and their items, managed in the dictionaries island.
func (h *Handler) DictAdmin(c *echo.Context) error {
	_, _, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	page := views.DictAdminPage{Page: h.contentPage(c, "数据字典", "dictionaries.js"), Props: views.AdminProps{Permissions: menu.Permissions}}
	return h.render(c, http.StatusOK, views.DictAdmin(page, h.Assets.URL("theme.js")))
}
