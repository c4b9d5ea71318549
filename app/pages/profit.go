package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// ProfitScreen serves one of the profit screens, 利润报告 (report) and 利润配置 (config), in the profit island,
// with the user's button permissions.
func (h *Handler) ProfitScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ProfitScreenPage{Page: h.contentPage(c, title, "profit.js"), Heading: title, Screen: screen,
			Props: views.ProfitScreenProps{Screen: screen, Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ProfitScreen(page, h.Assets.URL("theme.js")))
	}
}
