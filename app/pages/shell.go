package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/views"
)

// homeTitle is the fixed first tab.
const homeTitle = "首页"

// Tab serves an address that opens in a tab. Inside a tab frame (?embed=1) it is the page itself; opened
// directly it is the shell with that tab open, so any address can be bookmarked, reloaded or shared.
func (h *Handler) Tab(title string, content echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if c.QueryParam("embed") == "1" {
			return content(c)
		}
		return h.shell(c, title)
	}
}

// frameURL is the address a tab's frame loads: the tab's address marked as embedded. The query keeps its order
// (?title=&path= as links carry it).
func frameURL(u *url.URL) string {
	if q := displayQuery(u); q != "" {
		return u.Path + "?" + q + "&embed=1"
	}
	return u.Path + "?embed=1"
}

// displayURL is the tab's address as the address bar shows it: without the embed mark.
func displayURL(u *url.URL) string {
	if q := displayQuery(u); q != "" {
		return u.Path + "?" + q
	}
	return u.Path
}

func displayQuery(u *url.URL) string {
	parts := strings.Split(u.RawQuery, "&")
	kept := parts[:0]
	for _, p := range parts {
		if p != "" && p != "embed=1" && !strings.HasPrefix(p, "embed=") {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "&")
}

func (h *Handler) shell(c *echo.Context, defaultTitle string) error {
	p, u, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	req := c.Request().URL
	title := c.QueryParam("title")
	if title == "" || req.Path == "/home" {
		title = defaultTitle
	}
	home := views.Tab{Title: homeTitle, URL: "/home", FrameURL: "/home?embed=1", Active: req.Path == "/home"}
	if home.Active { // the address it was opened with stays in the address bar, query and all
		home.URL, home.FrameURL = displayURL(req), frameURL(req)
	}
	tabs := []views.Tab{home}
	if !home.Active {
		tabs = append(tabs, views.Tab{Title: title, URL: displayURL(req), FrameURL: frameURL(req), Active: true})
	}
	page := h.page(c, title, "shell.js")
	sp := views.ShellPage{
		Page: page,
		User: views.ShellUser{Name: u.Profile.Name, Company: u.Company.Name, Account: u.Account, Avatar: u.Profile.Image,
			LoginTime: p.LoginTime.UnixMilli(), LoginType: p.LoginType},
		Menu:    h.shellMenu(menu.Routes),
		Tabs:    tabs,
		HelpURL: h.Config.HelpURL,
		Props: views.ShellProps{
			Home: "/home", UserID: strconv.FormatInt(u.ID, 10), Company: u.Company.Name, Name: u.Profile.Name,
			Account: u.Account, Avatar: u.Profile.Image, LoginType: p.LoginType, CSRF: page.CSRF,
			Permissions: menu.Permissions, StoreAuthURL: TabLink("/amazon/storeAuth", "店铺管理"), PollMillis: int(h.Config.MessagePoll.Milliseconds()),
		},
	}
	for _, r := range TabRoutes() {
		if h.Built(r.Path) {
			sp.Props.Built = append(sp.Props.Built, r.Path)
		}
	}
	if p.LoginType == accounts.LoginTypeSSO {
		sp.Props.LegacyURL, sp.Props.LogoutURL = h.Config.LegacyURL, h.Config.SSOLogoutURL
	}
	for _, t := range tabs {
		sp.Props.Tabs = append(sp.Props.Tabs, views.TabProp{Title: t.Title, URL: t.URL, Active: t.Active})
	}
	return h.render(c, http.StatusOK, views.Shell(sp, h.Assets.URL("theme.js")))
}

// signedInUser loads who the request acts for, with their menu and permissions.
func (h *Handler) signedInUser(c *echo.Context) (core.Principal, *accountsdb.User, *core.UserMenu, error) {
	ctx := c.Request().Context()
	p, _ := middleware.Principal(c)
	u, err := h.Accounts.CurrentUser(ctx, p)
	if err != nil {
		return p, nil, nil, err
	}
	menu, err := h.Admin.UserMenu(ctx, p)
	return p, u, menu, err
}

// shellMenu turns the user's menu tree into the rail: top groups, their headings and links. A top group's own
// link is its redirect (its first link). Links carry ?title=&path= so the tab they open has its title.
// Entries still leading to 建设中 are marked Building.
func (h *Handler) shellMenu(routes []core.MenuRoute) []views.MenuGroup {
	groups := make([]views.MenuGroup, 0, len(routes))
	for _, g := range routes {
		mg := views.MenuGroup{Title: g.Title, Icon: g.Icon, Building: g.Building(h.Built)}
		for _, hd := range g.Children {
			heading := views.MenuHeading{Title: hd.Title}
			for _, l := range hd.Children {
				heading.Links = append(heading.Links, h.menuLink(l))
			}
			if hd.Path != "" && len(hd.Children) == 0 { // a link placed directly under its group
				heading = views.MenuHeading{Title: g.Title, Links: []views.MenuLink{h.menuLink(hd)}}
			}
			if mg.Href == "" && len(heading.Links) > 0 {
				mg.Href = heading.Links[0].Href
			}
			mg.Headings = append(mg.Headings, heading)
		}
		if g.Path != "" {
			mg.Href = TabLink(g.Path, g.Title)
		}
		groups = append(groups, mg)
	}
	return groups
}

func (h *Handler) menuLink(r core.MenuRoute) views.MenuLink {
	if strings.HasPrefix(r.Path, "http://") || strings.HasPrefix(r.Path, "https://") {
		return views.MenuLink{Title: r.Title, Href: r.Path, External: true}
	}
	return views.MenuLink{Title: r.Title, Href: TabLink(r.Path, r.Title), Building: r.Building(h.Built)}
}

// content renders a page inside a tab frame.
func (h *Handler) contentPage(c *echo.Context, title string, scripts ...string) views.Page {
	return h.page(c, title, append([]string{"content.js"}, scripts...)...)
}

// Blank is the empty page used to force a tab to refresh.
func (h *Handler) Blank(c *echo.Context) error {
	return h.render(c, http.StatusOK, views.Blank(h.contentPage(c, "blank"), h.Assets.URL("theme.js")))
}

// UnderConstruction answers a tab address whose module is not built yet, naming the module.
func (h *Handler) UnderConstruction(r TabRoute) echo.HandlerFunc {
	return func(c *echo.Context) error {
		title := c.QueryParam("title")
		if title == "" {
			title = r.Title
		}
		page := views.UnderConstructionPage{Page: h.contentPage(c, title), Module: r.Module}
		return h.render(c, http.StatusOK, views.UnderConstruction(page, h.Assets.URL("theme.js")))
	}
}

// exceptions are the default pages, by address. 无权限 shows no status number: the person needs to know whom to
// ask, not the code.
var exceptions = map[string]views.Exception{
	"unauthorized": {Kind: "unauthorized", Heading: "未授权", Message: "登录已失效或未登录，请重新登录后再试。", Status: 401},
	"noPermission": {Kind: "noPermission", Heading: "无权限", Message: "您没有访问此页面的权限，请联系公司管理员为您开通。"},
	"emptySearch":  {Kind: "emptySearch", Heading: "没有找到相关内容", Message: "换个关键词或缩小筛选条件再试试。"},
	"noUser":       {Kind: "noUser", Heading: "用户不存在", Message: "该用户不存在或已被停用。"},
	"reviewUnable": {Kind: "reviewUnable", Heading: "无法审核", Message: "该单据当前状态不能审核，请刷新后查看最新状态。"},
}

// Exception serves a default page: /exception/unauthorized, noPermission, emptySearch, noUser, reviewUnable.
func (h *Handler) Exception(c *echo.Context) error {
	e, ok := exceptions[c.Param("kind")]
	if !ok {
		return echo.ErrNotFound
	}
	e.Page = h.contentPage(c, e.Heading)
	return h.render(c, http.StatusOK, views.ExceptionPage(e, h.Assets.URL("theme.js")))
}
