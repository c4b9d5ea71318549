package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/finance"
	"sellerhub/views"
)

// FinanceScreen serves one of the finance screens: 汇率 (rates), 利润计算器 (calculator), 编辑计算方案 (plan,
// the plan's id in the query) and 结算记录 (settlements) in the finance island, with the user's button permissions.
func (h *Handler) FinanceScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.FinanceScreenPage{Page: h.contentPage(c, title, "finance.js"), Heading: title,
			Props: views.FinanceScreenProps{Screen: screen, ID: c.QueryParam("id"), Permissions: menu.Permissions,
				DefaultsAsOf: finance.DefaultsAsOf}}
		return h.render(c, http.StatusOK, views.FinanceScreen(page, h.Assets.URL("theme.js")))
	}
}
