package pages

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// WarehouseScreen serves one of the warehouse screens: the warehouse island showing screen, with the user's
// button permissions and, for a document's detail page, the id in the query. A document's create and detail
// pages load the island's document build, the lists its list build (islands/stock/document.jsx, main.jsx).
func (h *Handler) WarehouseScreen(title, screen string) echo.HandlerFunc {
	script := "warehouse.js"
	if strings.HasSuffix(screen, "New") || strings.HasSuffix(screen, "Detail") {
		script = "warehouseDocument.js"
	}
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.WarehouseScreenPage{Page: h.contentPage(c, title, script), Heading: title,
			Props: views.WarehouseScreenProps{Screen: screen, ID: c.QueryParam("id"), Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.WarehouseScreen(page, h.Assets.URL("theme.js")))
	}
}
