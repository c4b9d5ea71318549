package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/messages"
	"sellerhub/app/onboarding"
	"sellerhub/app/sales"
	messagesdb "sellerhub/models/messages"
	onboardingdb "sellerhub/models/onboarding"
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
			Date: api.FormatTime(&n.CreatedAt, h.Config.TimeZone), Urgent: n.Action == messagesdb.ActionTimely})
	}
	g, err := h.Onboarding.GuideOf(ctx, p)
	if err != nil {
		return err
	}
	page.Guide = guideView(g)
	if g.Visible || g.Admin {
		page.Page = h.contentPage(c, homeTitle, "onboarding.js")
	}
	// The sales are shown to whoever may open 销售报表, whose figures they repeat.
	if menu.Allows(salesReportPath) {
		d, err := h.Sales.Dashboard(ctx, p)
		if err != nil {
			return err
		}
		page.Sales = salesDashboard(d)
	}
	for _, g := range h.shellMenu(menu.Routes) {
		if len(g.Headings) > 0 && len(g.Headings[0].Links) > 0 {
			page.Shortcuts = append(page.Shortcuts, g.Headings[0].Links[0])
		}
	}
	return h.render(c, http.StatusOK, views.Home(page, h.Assets.URL("theme.js")))
}

// salesDashboard is the sales service's dashboard as 首页 shows it.
func salesDashboard(d *sales.Dashboard) *views.SalesDashboard {
	figures := func(f sales.Figures) views.SalesFigures {
		return views.SalesFigures{SalesCNY: f.SalesCNY.Decimal, Orders: f.Orders, Units: f.Units}
	}
	skus := func(list []sales.SKUSales) []views.SKUSales {
		out := make([]views.SKUSales, len(list))
		for i, x := range list {
			out[i] = views.SKUSales{SKU: x.SKU, Now: x.Now.Decimal, Before: x.Before.Decimal}
		}
		return out
	}
	v := &views.SalesDashboard{Today: d.Today, Beijing: d.Zone == sales.ZoneBeijing, HasData: d.HasData, Top: skus(d.Top), Falling: skus(d.Falling),
		CoverDays: sales.CoverDays}
	for _, z := range d.Days {
		v.Days = append(v.Days, views.SalesZoneDay{Marketplaces: z.Marketplaces, Day: z.Day, Clock: z.Clock})
	}
	for _, c := range d.Periods {
		v.Periods = append(v.Periods, views.SalesPeriod{Label: c.Label, First: c.First, Last: c.Last,
			Now: figures(c.Now), Before: figures(c.Before)})
	}
	for _, t := range d.Trend {
		v.Trend = append(v.Trend, views.SalesDay{Day: t.Day, SalesCNY: t.SalesCNY.Decimal})
	}
	for _, l := range d.LowStock {
		v.LowStock = append(v.LowStock, views.LowStockSKU{SKU: l.SKU, Fulfillable: l.Fulfillable, Cover: l.Cover})
	}
	return v
}

// guideView is 新手引导 as 首页 shows it.
func guideView(g *onboarding.Guide) *views.Guide {
	v := &views.Guide{Done: g.Done, Total: len(g.Steps), Visible: g.Visible, Syncing: g.Syncing, Admin: g.Admin,
		Shown: g.Mode == onboardingdb.ModeShown, Complete: g.Complete}
	for _, s := range g.Steps {
		v.Steps = append(v.Steps, views.GuideStep{Key: s.Key, Title: s.Title, Detail: s.Detail, Done: s.Done,
			Href: TabLink(s.Path, s.Screen), Screen: s.Screen})
	}
	return v
}
