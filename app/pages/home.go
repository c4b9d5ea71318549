package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/messages"
	"sellerhub/models"
	"sellerhub/views"
)

// salesReportPath is 销售报表's screen: the dashboard's sales are for the users who may open it.
const salesReportPath = "/amazon/sales/report"

// Home is the dashboard inside the first tab: who is signed in, for which company, their store groups' sales, and
// shortcuts into each menu group the user may open.
func (h *Handler) Home(c *echo.Context) error {
	p, u, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	page := views.HomePage{Page: h.contentPage(c, homeTitle), UserName: u.Profile.Name, Company: u.Company.Name,
		Account: u.Account, Permissions: menu.Permissions}
	// Deliver what was published since the last pull first, as the shell's poll would, so the dashboard is current.
	ctx := c.Request().Context()
	if _, err := h.Messages.PullMessages(ctx, p); err != nil {
		return err
	}
	latest, err := h.Messages.LatestAnnouncements(ctx, p)
	if err != nil {
		return err
	}
	for _, n := range latest[:min(5, len(latest))] {
		_, text := messages.TitleTag(n.Title)
		page.Announcements = append(page.Announcements, views.Announcement{Tag: n.Tag, Title: text,
			Date: api.FormatTime(&n.CreatedAt, h.Config.TimeZone), Urgent: n.Action == models.ActionTimely})
	}
	// The sales are shown to whoever may open 销售报表, whose figures they repeat.
	if menu.Allows(salesReportPath) {
		if page.Sales, err = h.Sales.Dashboard(ctx, p); err != nil {
			return err
		}
	}
	for _, g := range h.shellMenu(menu.Routes) {
		if len(g.Headings) > 0 && len(g.Headings[0].Links) > 0 {
			page.Shortcuts = append(page.Shortcuts, g.Headings[0].Links[0])
		}
	}
	return h.render(c, http.StatusOK, views.Home(page, h.Assets.URL("theme.js")))
}
