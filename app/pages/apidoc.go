package pages

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api/apidoc"
	"sellerhub/views"
)

// APIDocJSON answers the JSON API's description, OpenAPI 3.1.
func (h *Handler) APIDocJSON(c *echo.Context) error {
	c.Response().Header().Set(echo.HeaderContentDisposition, `inline; filename="openapi.json"`)
	return c.JSON(http.StatusOK, h.APIDocument())
}

// APIDoc serves 接口文档: the description as a page, the routes whose path, domain, handler, menu or permission
// holds the search's words.
func (h *Handler) APIDoc(c *echo.Context) error {
	doc := h.APIDocument()
	q, domain := strings.TrimSpace(c.QueryParam("q")), c.QueryParam("domain")
	// The whole list is a line per route; a domain's or a search's routes open to their shapes (the whole
	// description in detail is megabytes, too much for a slow connection).
	page := views.APIDocPage{Page: h.contentPage(c, "接口文档"), Query: q, Domain: domain, Total: len(doc.Operations),
		JSONURL: "/sys/swagger/openapi.json", Detailed: q != "" || domain != ""}
	shapes := apiDocShapes{doc: doc, seen: map[string]bool{}}
	byDomain := map[string]int{}
	for _, op := range doc.Operations {
		if !apiDocMatches(op, q) || domain != "" && op.Tags[0] != domain {
			continue
		}
		i, ok := byDomain[op.Tags[0]]
		if !ok {
			i = len(page.Groups)
			byDomain[op.Tags[0]] = i
			page.Groups = append(page.Groups, views.APIDocGroup{Key: op.Tags[0], Title: apidoc.DomainTitle(op.Tags[0])})
		}
		r := views.APIDocRoute{Anchor: "route-" + op.OperationID, Method: op.Method, Path: apidoc.OpenAPIPath(op.Path),
			Access: op.Access.Text}
		if page.Detailed {
			r = shapes.route(op)
			r.Open = c.QueryParam("route") == op.OperationID
		}
		page.Groups[i].Routes = append(page.Groups[i].Routes, r)
		page.Shown++
	}
	// The domains in the description's order (its tags), whatever order the routes came in.
	rank := map[string]int{}
	for i, t := range doc.Tags {
		rank[t.Name] = i
	}
	sortGroups(page.Groups, rank)
	if page.Detailed {
		page.Schemas = shapes.schemas()
	} else {
		// The chips name every domain, with its number of routes, for the whole list.
		page.Domains = page.Groups
	}
	return h.render(c, http.StatusOK, views.APIDoc(page, h.Assets.URL("theme.js")))
}

// apiDocMatches tells whether every word of q is in the route's path, domain, handler or access.
func apiDocMatches(op *apidoc.Operation, q string) bool {
	if q == "" {
		return true
	}
	hay := strings.ToLower(strings.Join([]string{op.Method, op.Path, op.Tags[0], apidoc.DomainTitle(op.Tags[0]),
		op.Handler, op.Access.Text, op.Access.Screen}, " "))
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

func sortGroups(groups []views.APIDocGroup, rank map[string]int) {
	for i := 1; i < len(groups); i++ {
		for j := i; j > 0 && rank[groups[j].Key] < rank[groups[j-1].Key]; j-- {
			groups[j], groups[j-1] = groups[j-1], groups[j]
		}
	}
}
