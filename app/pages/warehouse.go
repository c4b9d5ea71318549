package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// WarehouseScreen serves one of the warehouse screens: the warehouse island showing screen, with the user's
// button permissions and, for a document's detail page, the id in the query.
func (h *Handler) WarehouseScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.WarehouseScreenPage{Page: h.contentPage(c, title, "warehouse.js"), Heading: title,
			Props: views.WarehouseScreenProps{Screen: screen, ID: c.QueryParam("id"), Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.WarehouseScreen(page, h.Assets.URL("theme.js")))
	}
}
