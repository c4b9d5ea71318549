package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// ClaimsScreen serves 赔偿报告 (what Amazon reimbursed, and 待索赔) in the claims island, with the user's button
// permissions.
func (h *Handler) ClaimsScreen(title string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ClaimsScreenPage{Page: h.contentPage(c, title, "claims.js"), Heading: title,
			Props: views.ClaimsScreenProps{Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ClaimsScreen(page, h.Assets.URL("theme.js")))
	}
}

// StorageFeeScreen serves 仓储费报告 (the monthly storage fees and the aged surcharges, with each month's total) in
// the storage fee island.
func (h *Handler) StorageFeeScreen(title string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ClaimsScreenPage{Page: h.contentPage(c, title, "storagefees.js"), Heading: title, Island: "storagefees",
			Props: views.ClaimsScreenProps{Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ClaimsScreen(page, h.Assets.URL("theme.js")))
	}
}

// PlanningScreen serves 库存规划 (each FBA SKU's inventory health) in the planning island.
func (h *Handler) PlanningScreen(title string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.ClaimsScreenPage{Page: h.contentPage(c, title, "planning.js"), Heading: title, Island: "planning",
			Props: views.ClaimsScreenProps{Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.ClaimsScreen(page, h.Assets.URL("theme.js")))
	}
}
