// Package users serves /admin/api/v1/users: codes, registration, passwords and the signed-in user's account.
package users

import (
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/service"
)

// Handler serves the users calls.
type Handler struct {
	Svc      *service.Service
	TimeZone *time.Location
}

// GetSmsCode sends a code to a phone and answers the key it is kept under.
func (h *Handler) GetSmsCode(c *echo.Context) error {
	return h.sendCode(c, "sms", c.QueryParam("mobile"))
}

// GetEmailCode sends a code to an e-mail address and answers the key it is kept under.
func (h *Handler) GetEmailCode(c *echo.Context) error {
	return h.sendCode(c, "email", c.QueryParam("email"))
}

func (h *Handler) sendCode(c *echo.Context, channel, target string) error {
	key, err := h.Svc.SendCode(c.Request().Context(), channel, target, c.QueryParam("ftype"), c.RealIP())
	if err != nil {
		return err
	}
	return api.OK(c, key)
}

// Register creates a company and its owner.
func (h *Handler) Register(c *echo.Context) error {
	var f service.RegisterForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	u, err := h.Svc.Register(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserInfo(u))
}

// UpdatePasswordForget sets a new password with a code.
func (h *Handler) UpdatePasswordForget(c *echo.Context) error {
	var f service.ResetForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	if err := h.Svc.ResetForgottenPassword(c.Request().Context(), f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdatePassword sets a new password with a code, or from a session with the old password.
func (h *Handler) UpdatePassword(c *echo.Context) error {
	var f service.UpdatePasswordForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	var who *service.Principal
	if p, ok := middleware.Principal(c); ok {
		who = &p
	}
	if err := h.Svc.UpdatePassword(c.Request().Context(), who, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Info answers the signed-in user's info.
func (h *Handler) Info(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, err := h.Svc.CurrentUser(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserInfo(u))
}

// Detail answers the signed-in user's account in full.
func (h *Handler) Detail(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	u, err := h.Svc.CurrentUser(ctx, p)
	if err != nil {
		return err
	}
	roles, err := h.Svc.UserRoles(ctx, p)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserDetail(u, roles, h.TimeZone))
}

type passwordBody struct {
	Password    string `json:"password" form:"password"`
	OldPassword string `json:"oldpassword" form:"oldpassword"`
}

// VerifyPassword confirms the signed-in user's password.
func (h *Handler) VerifyPassword(c *echo.Context) error {
	var b passwordBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Svc.VerifyPassword(c.Request().Context(), p, b.Password); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdatePasswordSelf changes the signed-in user's password given the old one.
func (h *Handler) UpdatePasswordSelf(c *echo.Context) error {
	var b passwordBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Svc.ChangeOwnPassword(c.Request().Context(), p, b.OldPassword, b.Password); err != nil {
		return err
	}
	return api.OK(c, "success")
}
