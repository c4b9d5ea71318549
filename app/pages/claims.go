package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// ClaimsScreen serves a screen of the money Amazon owes in its island (claims: 赔偿报告 with 待索赔; storagefees:
// 仓储费报告; planning: 库存规划), with the user's button permissions.
func (h *Handler) ClaimsScreen(title, island string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ClaimsScreenPage{Page: h.contentPage(c, title, island+".js"), Heading: title, Island: island,
			Props: views.ClaimsScreenProps{Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ClaimsScreen(page, h.Assets.URL("theme.js")))
	}
}
