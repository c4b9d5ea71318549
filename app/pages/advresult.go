package pages

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/service"
	"sellerhub/views"
)

// advResultPath is where Amazon sends an advertiser back after the advertising consent.
const advResultPath = "/advresult"

// AdvResultForm is GET /advresult?code&state: Amazon's way back. It shows 授权中 with the code and state in a form
// that posts them to AdvResult, so that nothing is used up by a GET. Amazon's refusal (error=...) or a missing
// code or state is a failure at once.
func (h *Handler) AdvResultForm(c *echo.Context) error {
	code, state := c.QueryParam("code"), c.QueryParam("state")
	status := views.ConsentWorking
	if c.QueryParam("error") != "" || code == "" || state == "" {
		status = views.ConsentFailed
	}
	return h.consentPage(c, status, code, state)
}

// AdvResult is POST /advresult: it completes the consent and shows 授权成功 or the failure text.
func (h *Handler) AdvResult(c *echo.Context) error {
	var signedIn *service.Principal
	if p, ok := middleware.Principal(c); ok {
		signedIn = &p
	}
	in := service.AdvertisingConsent{Code: c.FormValue("code"), State: c.FormValue("state")}
	_, err := h.Svc.CompleteAdvertisingConsent(c.Request().Context(), signedIn, in, middleware.RequestOrigin(c))
	var refusal *service.Error
	switch {
	case err == nil:
		return h.consentPage(c, views.ConsentSucceeded, "", "")
	case errors.As(err, &refusal):
		return h.consentPage(c, views.ConsentFailed, "", "")
	}
	return err
}

func (h *Handler) consentPage(c *echo.Context, status, code, state string) error {
	title := views.ConsentWorkingTitle
	var scripts []string
	switch status {
	case views.ConsentWorking:
		scripts = []string{"consent.js"}
	case views.ConsentSucceeded:
		title = "授权成功"
	default:
		title = "授权失败"
	}
	p := views.ConsentResultPage{Page: h.page(c, title, scripts...), Status: status, Action: advResultPath,
		Code: code, State: state}
	return render(c, http.StatusOK, views.ConsentResult(p))
}
