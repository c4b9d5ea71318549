package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/views"
)

// Home is the signed-in landing page: who is signed in, for which company, and 退出.
func (h *Handler) Home(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, err := h.Svc.CurrentUser(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Home(views.HomePage{Page: h.page(c, "首页"),
		UserName: u.Profile.Name, Company: u.Company.Name, Account: u.Account}))
}
