package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	storesdb "sellerhub/models/stores"
	"sellerhub/views"
)

// OrderScreen serves one of the order screens (订单管理, 今日订单, 退款订单): the orders island showing screen,
// with the user's button permissions and the marketplaces the filters offer.
func (h *Handler) OrderScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		zone, err := h.Accounts.DayZone(c.Request().Context(), p.CompanyID)
		if err != nil {
			return err
		}
		props := views.OrderScreenProps{Screen: screen, Permissions: menu.Permissions, DayZone: zone}
		for _, m := range storesdb.Marketplaces {
			props.Marketplaces = append(props.Marketplaces, [2]string{m.ID, m.Name})
		}
		page := views.OrderScreenPage{Page: h.contentPage(c, title, "orders.js"), Heading: title, Props: props}
		return h.render(c, http.StatusOK, views.OrderScreen(page, h.Assets.URL("theme.js")))
	}
}
