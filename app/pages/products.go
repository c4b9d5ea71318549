package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// ProductScreen serves one of the product catalogue's screens (the local product list, its add/edit screen, its
// details, SKU配对): the products island showing screen, with the user's button permissions and the product id of
// the address (?id=), which the island loads.
func (h *Handler) ProductScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ProductScreenPage{Page: h.contentPage(c, title, "products.js"), Heading: title,
			Props: views.ProductScreenProps{Screen: screen, ID: c.QueryParam("id"), Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ProductScreen(page, h.Assets.URL("theme.js")))
	}
}
