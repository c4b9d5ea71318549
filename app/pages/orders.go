package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/models"
	"sellerhub/views"
)

// OrderScreen serves one of the order screens (订单管理, 今日订单, 退款订单): the orders island showing screen,
// with the user's button permissions and the marketplaces the filters offer.
func (h *Handler) OrderScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		props := views.OrderScreenProps{Screen: screen, Permissions: menu.Permissions}
		for _, m := range models.Marketplaces {
			props.Marketplaces = append(props.Marketplaces, [2]string{m.ID, m.Name})
		}
		page := views.OrderScreenPage{Page: h.contentPage(c, title, "orders.js"), Heading: title, Props: props}
		return h.render(c, http.StatusOK, views.OrderScreen(page, h.Assets.URL("theme.js")))
	}
}
