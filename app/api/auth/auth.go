// Package auth serves /admin/api/v1/auth: sign-in, sign-out, switching accounts, the SSO probe and code checks.
package auth

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
)

// Handler serves the auth calls.
type Handler struct {
	Accounts      *accounts.Service
	SecureCookies bool
}

// LoginBody is the sign-in form.
type LoginBody struct {
	Account  string `json:"account" form:"account"`
	Password string `json:"password" form:"password"`
}

// Login checks the password and starts the session; the answer carries the session id and sets the cookie.
func (h *Handler) Login(c *echo.Context) error {
	var b LoginBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	u, token, err := h.Accounts.Login(c.Request().Context(), b.Account, b.Password, c.RealIP())
	if err != nil {
		return err
	}
	return h.signedIn(c, u, token)
}

// signedIn answers a login or a switch: the cookie for the browser, the user's info with the session id for
// programs that send it as the jsessionid header.
func (h *Handler) signedIn(c *echo.Context, u *accountsdb.User, token string) error {
	middleware.SetSessionCookie(c, token, h.SecureCookies)
	info := api.NewUserInfo(u)
	info.Session = token
	return api.OK(c, info)
}

// Logout ends the session (a call without one has nothing to end and succeeds too).
func (h *Handler) Logout(c *echo.Context) error {
	if err := h.Accounts.Logout(c.Request().Context()); err != nil {
		return err
	}
	middleware.ClearSessionCookie(c, h.SecureCookies)
	return api.OK(c, "success")
}

// ChangeLoginWechatApp switches the caller's session, keeping its id, to another account of the signed-in user's
// bind group and answers like a login: a client that follows the answered id and one that keeps its stored id
// both go on as the other account. The jsessionid that the older client also puts in the query is not read: the
// session this request carries in its header or cookie is the only one that counts. openid and appType change
// nothing here.
func (h *Handler) ChangeLoginWechatApp(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, token, err := h.Accounts.SwitchAccount(c.Request().Context(), p, c.QueryParam("account"))
	if err != nil {
		return err
	}
	return h.signedIn(c, u, token)
}

// SSOLoginIsRun answers the SSO server's URL when it is configured and answering, else "false". Clients of the
// older system send the browser straight there, so the answer starts the browser's round trip as /ssologin
// does: the URL carries the state and the cookie keeps it, without which the SSO server's hand-over would not
// be accepted.
func (h *Handler) SSOLoginIsRun(c *echo.Context) error {
	addr, state, err := h.Accounts.StartSSO(c.Request().Context(), "")
	if err != nil {
		return err
	}
	if addr == "" {
		return api.OK(c, "false")
	}
	middleware.SetSSOStateCookie(c, state, h.SecureCookies)
	return api.OK(c, addr)
}

// HandoverBody is the SSO server's hand-over request.
type HandoverBody struct {
	State string `json:"state" form:"state"`
}

// SSOHandover is called by the SSO server with the session it holds (the jsessionid header) and the state the
// browser brought it; it answers a one-time code, with which the server sends the browser back to
// /ssologin?code=&state=.
func (h *Handler) SSOHandover(c *echo.Context) error {
	var b HandoverBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	code, err := h.Accounts.HandOverSession(c.Request().Context(), p, b.State)
	if err != nil {
		return err
	}
	return api.OK(c, code)
}

// VerifySmsCode checks a code without using it up (the reset form's first step).
func (h *Handler) VerifySmsCode(c *echo.Context) error {
	if err := h.Accounts.CheckCode(c.Request().Context(), c.QueryParam("key"), c.QueryParam("code"), "", ""); err != nil {
		return err
	}
	return api.OK(c, "success")
}
