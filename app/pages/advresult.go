package pages

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/stores"
)

// AdvResult serves /advresult, where Amazon sends an advertiser back after the advertising consent with the code
// and state (or error=...): 授权中 while the service redeems the state, exchanges the code and loads the
// profiles, then 授权成功 or 授权失败. Like /authresult it needs no sign-in: the signed single-use state names the
// company and store group, and a browser signed in to another company is refused.
func (h *Handler) AdvResult(c *echo.Context) error {
	var in stores.AdvertisingConsent
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	return h.ConsentResult(c, "广告授权", func(ctx context.Context) error {
		_, err := h.Stores.CompleteAdvertisingConsent(ctx, in, p.CompanyID, middleware.RequestOrigin(c))
		return err
	})
}
