package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// Home is the dashboard inside the first tab: who is signed in, for which company, and shortcuts into each
// menu group the user may open.
func (h *Handler) Home(c *echo.Context) error {
	_, u, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	page := views.HomePage{Page: h.contentPage(c, homeTitle), UserName: u.Profile.Name, Company: u.Company.Name,
		Account: u.Account, Permissions: menu.Permissions}
	for _, g := range shellMenu(menu.Routes) {
		if len(g.Headings) > 0 && len(g.Headings[0].Links) > 0 {
			page.Shortcuts = append(page.Shortcuts, g.Headings[0].Links[0])
		}
	}
	return render(c, http.StatusOK, views.Home(page, h.Assets.URL("theme.js")))
}
