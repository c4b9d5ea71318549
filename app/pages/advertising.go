package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// AdvManager is 广告管理 or 广告活动 (screen manager or campaign): the synced Sponsored Products in the advertising
// island, read through the screen's own calls.
func (h *Handler) AdvManager(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.AdvManagerPage{Page: h.contentPage(c, title, "advertising.js"), Heading: title,
			Props: views.AdvManagerProps{Screen: screen, Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.AdvManager(page, h.Assets.URL("theme.js")))
	}
}
