package pages

import (
	"context"
	"io"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/stores"
	"sellerhub/views"
)

// AuthResult serves /authresult, where Amazon sends a seller back after the consent: it shows 授权中 while the
// service redeems the state and exchanges the code, then 授权成功 or 授权失败. It needs no sign-in: the signed,
// single-use state names the company and store group (a browser signed in to another company is refused).
func (h *Handler) AuthResult(c *echo.Context) error {
	var cb stores.SellerCallback
	if err := c.Bind(&cb); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	return h.ConsentResult(c, "店铺授权", func(ctx context.Context) error {
		_, err := h.Stores.AuthorizeSeller(ctx, cb, p.CompanyID)
		return err
	})
}

// ConsentResult renders a consent's result page: the working notice first (flushed), then work's outcome with the
// spec's texts. The advertising consent's /advresult uses it too.
func (h *Handler) ConsentResult(c *echo.Context, title string, work func(context.Context) error) error {
	outcome := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := work(ctx); err != nil {
			return views.ConsentOutcome(false, "授权失败", stores.MsgAuthFailed).Render(ctx, w)
		}
		return views.ConsentOutcome(true, "授权成功", stores.MsgAuthSucceeded).Render(ctx, w)
	})
	page := views.ConsentResultPage(h.page(c, title), stores.MsgAuthWorkingTitle, stores.MsgAuthWorking, outcome)
	return renderStreaming(c, 200, page)
}
