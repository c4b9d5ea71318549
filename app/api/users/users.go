// Package users serves /admin/api/v1/users: codes, registration, passwords and the signed-in user's account.
package users

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/messages"
	"sellerhub/app/middleware"
	"sellerhub/app/stores"
)

// Handler serves the users calls.
type Handler struct {
	Accounts *accounts.Service
	Admin    *admin.Service
	Messages *messages.Service
	Stores   *stores.Service
	TimeZone *time.Location
	// SecureCookies marks the cookie that logging off clears as Secure.
	SecureCookies bool
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
	key, err := h.Accounts.SendCode(c.Request().Context(), channel, target, c.QueryParam("ftype"), c.RealIP())
	if err != nil {
		return err
	}
	return api.OK(c, key)
}

// Register creates a company and its owner.
func (h *Handler) Register(c *echo.Context) error {
	var f accounts.RegisterForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	u, err := h.Accounts.Register(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserInfo(u))
}

// UpdatePasswordForget sets a new password with a code.
func (h *Handler) UpdatePasswordForget(c *echo.Context) error {
	var f accounts.ResetForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	if err := h.Accounts.ResetForgottenPassword(c.Request().Context(), f, c.RealIP()); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdatePassword sets a new password with a code, or from a session with the old password.
func (h *Handler) UpdatePassword(c *echo.Context) error {
	var f accounts.UpdatePasswordForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	var who *core.Principal
	if p, ok := middleware.Principal(c); ok {
		who = &p
	}
	if err := h.Accounts.UpdatePassword(c.Request().Context(), who, f, c.RealIP()); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Info answers the signed-in user's info.
func (h *Handler) Info(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, err := h.Accounts.CurrentUser(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserInfo(u).WithAccount(u, h.TimeZone))
}

// LimitData answers users/limitData?type=: "true" when the signed-in user's data of that kind is withheld from
// them, else "false". The older clients ask before showing a screen's figures (their home page asks for "home"
// and shows only announcements on "true"). The one limit this product puts on a user's data is the store groups,
// and every call applies it itself, answering only what the user may see; no kind of data is withheld as a
// whole, so the answer is "false" for every kind.
func (h *Handler) LimitData(c *echo.Context) error {
	return api.OK(c, "false")
}

// Detail answers the signed-in user's account in full.
func (h *Handler) Detail(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	u, err := h.Accounts.CurrentUser(ctx, p)
	if err != nil {
		return err
	}
	roles, err := h.Accounts.UserRoles(ctx, p)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewUserDetail(u, roles, h.TimeZone))
}

// PasswordBody is a password check or change: the old password, and the new one when changing.
type PasswordBody struct {
	Password    string `json:"password" form:"password"`
	OldPassword string `json:"oldpassword" form:"oldpassword"`
}

// VerifyPassword confirms the signed-in user's password.
func (h *Handler) VerifyPassword(c *echo.Context) error {
	var b PasswordBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.VerifyPassword(c.Request().Context(), p, b.Password); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdatePasswordSelf changes the signed-in user's password given the old one.
func (h *Handler) UpdatePasswordSelf(c *echo.Context) error {
	var b PasswordBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.ChangeOwnPassword(c.Request().Context(), p, b.OldPassword, b.Password); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// FindBindList answers the accounts of the signed-in user's bind group, the user included and marked current.
func (h *Handler) FindBindList(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	group, err := h.Accounts.BindGroup(c.Request().Context(), p)
	if err != nil {
		return err
	}
	list := make([]api.BoundAccount, 0, len(group))
	for i := range group {
		list = append(list, api.NewBoundAccount(&group[i], group[i].ID == p.UserID))
	}
	return api.OK(c, list)
}

// GetBindID answers the user id of an account of the signed-in user's bind group.
func (h *Handler) GetBindID(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	id, err := h.Accounts.BoundUserID(c.Request().Context(), p, c.QueryParam("account"))
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(id, 10))
}

// BindBody is the 添加账号 form. The older client sends it as a GET query; a POST body keeps the password out of
// the query strings that proxies and servers log. openid and appType name the older system's app and change
// nothing here.
type BindBody struct {
	Account  string `json:"account" form:"account" query:"account"`
	Password string `json:"password" form:"password" query:"password"`
}

// BindAccount binds another account to the signed-in user after checking its password.
func (h *Handler) BindAccount(c *echo.Context) error {
	var b BindBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.BindAccount(c.Request().Context(), p, b.Account, b.Password, c.RealIP()); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Member is a user of the company by id and name.
type Member struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// FindOwnerAll answers the company's active users [{id, name}] (the audience of an announcement, owners of
// records in the modules).
func (h *Handler) FindOwnerAll(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ms, err := h.Messages.ActiveMembers(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Member, len(ms))
	for i, m := range ms {
		out[i] = Member{ID: strconv.FormatInt(m.ID, 10), Name: m.Name}
	}
	return api.OK(c, out)
}

// NameBody is the personal center's new name.
type NameBody struct {
	Name string `json:"name" form:"name"`
}

// UpdateSelf changes the signed-in user's name.
func (h *Handler) UpdateSelf(c *echo.Context) error {
	var b NameBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.UpdateOwnName(c.Request().Context(), p, b.Name); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdateAccountSelf moves the signed-in user to a new phone number, proven by a changephone code and the
// current password.
func (h *Handler) UpdateAccountSelf(c *echo.Context) error {
	var f accounts.ChangeAccountForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.ChangeOwnAccount(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UpdateEmailSelf changes the signed-in user's e-mail address, proven by a changeemail code.
func (h *Handler) UpdateEmailSelf(c *echo.Context) error {
	var f accounts.ChangeEmailForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.ChangeOwnEmail(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// SaveImage takes the multipart field file as the signed-in user's avatar and answers its address.
func (h *Handler) SaveImage(c *echo.Context) error {
	return api.ImageUpload(c, h.Accounts.SaveOwnImage)
}

// UnbindWechat answers success: no account is bound to WeChat in this product (see the service).
func (h *Handler) UnbindWechat(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Accounts.UnbindWechat(c.Request().Context(), p); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UnbindAccountBinding takes the account with the user id id (query or form) out of the signed-in user's bind
// group.
func (h *Handler) UnbindAccountBinding(c *echo.Context) error {
	id, err := strconv.ParseInt(c.FormValue("id"), 10, 64)
	if err != nil {
		return core.Invalid("账号id不正确")
	}
	p, _ := middleware.Principal(c)
	if err := h.Accounts.RemoveBoundAccount(c.Request().Context(), p, id); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// UnbindAccount logs the signed-in user off for good (账号注销) after users/verifyPassword, and ends the session.
func (h *Handler) UnbindAccount(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Accounts.LogOff(c.Request().Context(), p); err != nil {
		return err
	}
	middleware.ClearSessionCookie(c, h.SecureCookies)
	return api.OK(c, "success")
}
