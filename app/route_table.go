package app

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api/apidoc"
	"sellerhub/app/middleware"
)

// RouteAccess holds each registered route's declared access, by "METHOD /path" as Echo lists the route.
type RouteAccess map[string]middleware.Access

// guarded registers routes of one group, each with its declared access: the guards come from the declaration,
// so a route cannot be added without saying who may call it.
type guarded struct {
	group  *echo.Group
	admin  *admin.Service
	signIn echo.MiddlewareFunc // the session guard of the group's kind: the API's refusal or the pages' redirect
	table  RouteAccess
	// docs records the JSON API's routes for its description (/sys/swagger); nil for the pages' groups.
	docs *apidoc.Table
	// frame renders a tab page: the shell around it, or only its content inside the tab's frame (pages.Tab).
	frame func(title string, content echo.HandlerFunc) echo.HandlerFunc
}

// add registers a route: the access's guards run first, then mw (same-origin checks, the operation log). The
// answer is the route's entry in the API's description, on which the registration declares the route's request
// and answer types (Takes, Answers); a page's entry goes nowhere.
func (g guarded) add(method, path string, h echo.HandlerFunc, a middleware.Access, mw ...echo.MiddlewareFunc) *apidoc.Route {
	ri := g.group.Add(method, path, h, append(a.Guards(g.admin, g.signIn), mw...)...)
	g.table[ri.Method+" "+ri.Path] = a
	if g.docs == nil {
		return &apidoc.Route{}
	}
	return g.docs.Add(ri.Method, ri.Path, a, apidoc.HandlerName(h))
}

func (g guarded) GET(path string, h echo.HandlerFunc, a middleware.Access, mw ...echo.MiddlewareFunc) *apidoc.Route {
	return g.add("GET", path, h, a, mw...)
}

func (g guarded) POST(path string, h echo.HandlerFunc, a middleware.Access, mw ...echo.MiddlewareFunc) *apidoc.Route {
	return g.add("POST", path, h, a, mw...)
}

func (g guarded) PUT(path string, h echo.HandlerFunc, a middleware.Access, mw ...echo.MiddlewareFunc) *apidoc.Route {
	return g.add("PUT", path, h, a, mw...)
}

func (g guarded) DELETE(path string, h echo.HandlerFunc, a middleware.Access, mw ...echo.MiddlewareFunc) *apidoc.Route {
	return g.add("DELETE", path, h, a, mw...)
}

// tab registers a tab page: the shell is every signed-in user's (it only frames the tab); the tab's content, what
// its frame loads (?embed=1), is guarded by the access, so a refusal shows as 无权限 inside the frame.
func (g guarded) tab(path, title string, content echo.HandlerFunc, a middleware.Access) {
	guards := a.Guards(g.admin, g.signIn)
	// The session guard stays on the route (the shell needs it too); the grant guards wrap the content.
	for i := len(guards) - 1; i >= 1; i-- {
		content = guards[i](content)
	}
	ri := g.group.GET(path, g.frame(title, content), g.signIn)
	g.table[ri.Method+" "+ri.Path] = a
}
