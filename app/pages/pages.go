// Package pages serves the server-rendered HTML pages: it parses the form or query, calls the service and
// renders a templ view.
package pages

import (
	"bytes"
	"errors"
	"net/http"
	"sellerhub/app/api/apidoc"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/admin"
	"sellerhub/app/core"
	"sellerhub/app/messages"
	"sellerhub/app/middleware"
	"sellerhub/app/onboarding"
	"sellerhub/app/purchase"
	"sellerhub/app/sales"
	"sellerhub/app/shipping"
	"sellerhub/app/stock"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/static"
	"sellerhub/views"
)

// Handler serves the pages.
type Handler struct {
	Accounts *accounts.Service
	Admin    *admin.Service
	Messages *messages.Service
	// Onboarding is 首页's 新手引导.
	Onboarding *onboarding.Service
	Sales      *sales.Service
	// Purchase serves the printed purchase order.
	Purchase *purchase.Service
	Shipping *shipping.Service
	// Stock serves the printed 盘点表.
	Stock   *stock.Service
	Stores  *stores.Service
	Uploads *core.Uploads
	Config  *config.Config
	Assets  static.Manifest
	// Built tells whether a tab address has its screen (else it answers 建设中); set with the route table.
	Built func(path string) bool
	// APIDocument is the JSON API's description (接口文档); set with the route table.
	APIDocument func() *apidoc.Document
	// Compressor sends the rendered pages.
	Compressor *middleware.PageCompressor
}

// page fills what every document needs. scripts are logical asset names.
func (h *Handler) page(c *echo.Context, title string, scripts ...string) views.Page {
	p := views.Page{Title: title, CSS: h.Assets.URL("app.css"), Theme: h.Assets.URL("theme.js"), FilingNumber: h.Config.FilingNumber}
	if tok, ok := c.Get("csrf").(string); ok {
		p.CSRF = tok
	}
	for _, s := range scripts {
		if u := h.Assets.URL(s); u != "" {
			p.Scripts = append(p.Scripts, u)
		}
	}
	return p
}

// render writes a templ component as the HTML answer, whole: rendered first (a failure midway then answers the
// error page, not half a page), then sent by the page compressor, which compresses a page once however many
// visitors get it with their own CSRF token. Pages that show a user's data must not be cached.
func (h *Handler) render(c *echo.Context, status int, comp templ.Component) error {
	buf := pageBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= maxPooledPage {
			pageBuffers.Put(buf)
		}
	}()
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	htmlHeaders(c)
	secret, _ := c.Get("csrf").(string)
	return h.Compressor.Write(c, status, buf.Bytes(), secret)
}

// renderStreaming writes a page whose @templ.Flush() sends what precedes it at once.
func renderStreaming(c *echo.Context, status int, comp templ.Component) error {
	htmlHeaders(c)
	c.Response().WriteHeader(status)
	return comp.Render(c.Request().Context(), c.Response())
}

func htmlHeaders(c *echo.Context) {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set("Cache-Control", "no-store")
}

// maxPooledPage is the largest render buffer kept for the next page: a rare big one does not pin its memory.
const maxPooledPage = 256 << 10

var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// RenderError answers a failed page request (err, which the API would answer with status and msg) with the
// default page that fits it. A page the user may not open is the 无权限 page, served as 403 Forbidden: the JSON
// API answers that refusal 401 A0301, as its contract says, but a page speaks plain HTTP, where 401 means "not
// signed in" and this user is signed in and not allowed. The page says so in words, not with a number.
func (h *Handler) RenderError(c *echo.Context, err error, status int, msg string) error {
	e := views.Exception{Kind: "error", Heading: "出错了", Message: msg, Status: status}
	var refused *core.Error
	switch {
	case errors.As(err, &refused) && refused.Kind == core.KindForbidden:
		e, status = exceptions["noPermission"], http.StatusForbidden
	case status == http.StatusForbidden:
		e.Kind, e.Heading = "unauthorized", "请求已失效"
	case status == http.StatusNotFound:
		e.Kind, e.Heading = "notFound", "页面不存在"
	}
	e.Page = h.contentPage(c, e.Heading)
	return h.render(c, status, views.ExceptionPage(e, h.Assets.URL("theme.js")))
}

// refusal turns a service refusal of a form's input into the notice shown above the form and the status to
// answer with; other errors are for the error handler.
func refusal(err error, prefix string) (views.Notice, int, error) {
	var e *core.Error
	if !errors.As(err, &e) || e.Kind == core.KindForbidden || e.Kind == core.KindNoSession {
		// Not about the form's input: the error page answers these, as it does faults.
		return views.Notice{}, 0, err
	}
	status := http.StatusOK
	switch e.Kind {
	case core.KindInvalid, core.KindRefused:
		status = http.StatusBadRequest
	case core.KindLimited:
		status = http.StatusTooManyRequests
	}
	return views.Notice{Text: prefix + e.Msg, Error: true}, status, nil
}
