package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// PricingScreen serves 调价 (/amazon/listing/price) in the pricing island, with the user's button permissions.
func (h *Handler) PricingScreen(title string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ClaimsScreenPage{Page: h.contentPage(c, title, "pricing.js"), Heading: title, Island: "pricing",
			Props: views.ClaimsScreenProps{Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ClaimsScreen(page, h.Assets.URL("theme.js")))
	}
}
