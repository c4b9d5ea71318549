package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// SalesScreen serves one of the sales screens, 销售报表 (report) and 周/月汇总 (summary), in the sales island, with
// the user's button permissions.
func (h *Handler) SalesScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		zone, err := h.Accounts.DayZone(c.Request().Context(), p.CompanyID)
		if err != nil {
			return err
		}
		page := views.SalesScreenPage{Page: h.contentPage(c, title, "sales.js"), Heading: title,
			Props: views.SalesScreenProps{Screen: screen, Permissions: menu.Permissions, DayZone: zone}}
		return h.render(c, http.StatusOK, views.SalesScreen(page, h.Assets.URL("theme.js")))
	}
}
