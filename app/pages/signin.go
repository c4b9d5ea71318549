package pages

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/views"
)

// notices are the confirmations other pages send the login page to show, by name in ?notice=.
var notices = map[string]string{
	"registered": "注册成功",
	"logout":     "登出成功!",
	"reset":      "密码已重置，请使用新密码登录",
	"logoff":     "账号已注销",
}

// Root sends / to the single-sign-on entry.
func (h *Handler) Root(c *echo.Context) error { return c.Redirect(http.StatusFound, "/ssologin") }

// SSOLogin decides where a visitor goes: a session handed over by the SSO server, an existing session, the SSO
// server when it is configured and answering, or the login page. A hand-over is a one-time code the SSO server
// sends the browser back with, good only together with the state of the round trip this browser started (its
// cookie). A jsessionid in the query, which the older system adopted as it was, is not read: a link carrying
// someone's session would sign the browser in as them.
func (h *Handler) SSOLogin(c *echo.Context) error {
	ctx := c.Request().Context()
	redirect := c.QueryParam("redirect")
	login := "/login"
	if redirect != "" {
		login += "?redirect=" + url.QueryEscape(redirect)
	}
	code := c.QueryParam("code")
	if code != "" {
		browserState := middleware.TakeSSOState(c, h.Config.SecureCookies)
		token, ok, err := h.Accounts.RedeemSSOCode(ctx, code, c.QueryParam("state"), browserState)
		if err != nil {
			return err
		}
		if ok {
			middleware.SetSessionCookie(c, token, h.Config.SecureCookies)
			return h.ssoPage(c, accounts.SafeRedirect(redirect))
		}
	}
	if _, ok := middleware.Principal(c); ok {
		return h.ssoPage(c, accounts.SafeRedirect(redirect))
	}
	// After a refused hand-over the login form, not the SSO server again: one that keeps answering with bad codes
	// would bounce the browser between the two forever.
	if code == "" {
		addr, state, err := h.Accounts.StartSSO(ctx, redirect)
		if err != nil {
			return err
		}
		if addr != "" {
			middleware.SetSSOStateCookie(c, state, h.Config.SecureCookies)
			return h.ssoPage(c, addr)
		}
	}
	return h.ssoPage(c, login)
}

func (h *Handler) ssoPage(c *echo.Context, target string) error {
	return h.render(c, http.StatusOK, views.SSOLogin(views.SSOLoginPage{Page: h.page(c, "登录信息检查"), Target: target}))
}

// LoginForm shows the login page.
func (h *Handler) LoginForm(c *echo.Context) error {
	p := views.LoginPage{Page: h.page(c, "登录"), Account: c.QueryParam("account"), Redirect: c.QueryParam("redirect")}
	if text, ok := notices[c.QueryParam("notice")]; ok {
		p.Notice = views.Notice{Text: text}
	} else if middleware.EndedElsewhere(c) {
		// Whatever sent the browser here (a page, a call of a tab's island), its session was ended by a sign-in
		// from another browser: say so, not just ask for the password.
		p.Notice = views.Notice{Text: core.MsgSignedInElsewhere}
	}
	return h.render(c, http.StatusOK, views.Login(p))
}

// Login signs in from the form and goes to the remembered address.
func (h *Handler) Login(c *echo.Context) error {
	account, redirect := c.FormValue("account"), c.FormValue("redirect")
	_, token, err := h.Accounts.Login(c.Request().Context(), account, c.FormValue("password"), c.RealIP())
	if err != nil {
		n, status, err := refusal(err, "登录失败! ")
		if err != nil {
			return err
		}
		p := views.LoginPage{Page: h.page(c, "登录"), Account: account, Redirect: redirect, Notice: n}
		return h.render(c, status, views.Login(p))
	}
	middleware.SetSessionCookie(c, token, h.Config.SecureCookies)
	return c.Redirect(http.StatusSeeOther, accounts.SafeRedirect(redirect))
}

// Logout ends the session and shows the login page with 登出成功!.
func (h *Handler) Logout(c *echo.Context) error {
	if err := h.Accounts.Logout(c.Request().Context()); err != nil {
		return err
	}
	middleware.ClearSessionCookie(c, h.Config.SecureCookies)
	return c.Redirect(http.StatusSeeOther, "/login?notice=logout")
}

// RegisterForm shows the registration page.
func (h *Handler) RegisterForm(c *echo.Context) error {
	return h.render(c, http.StatusOK, views.Register(views.RegisterPage{Page: h.registerPage(c), PasswordRule: core.MsgPasswordRule}))
}

func (h *Handler) registerPage(c *echo.Context) views.Page { return h.page(c, "注册", "signin.js") }

// Register handles both buttons of the registration form: 获取验证码 (action=sendcode, the no-script path)
// and 注册.
func (h *Handler) Register(c *echo.Context) error {
	f := accounts.RegisterForm{
		Account: c.FormValue("account"), Code: c.FormValue("code"), Key: c.FormValue("key"),
		Password: c.FormValue("password"), OldPassword: c.FormValue("oldpassword"),
		Name: c.FormValue("name"), Email: c.FormValue("email"), Company: c.FormValue("company"),
	}
	p := views.RegisterPage{Page: h.registerPage(c), Account: f.Account, Key: f.Key, Code: f.Code, Name: f.Name,
		Email: f.Email, Company: f.Company, PasswordRule: core.MsgPasswordRule}
	ctx := c.Request().Context()
	var err error
	if c.FormValue("action") == "sendcode" {
		if p.Key, err = h.Accounts.SendCode(ctx, "sms", f.Account, accounts.PurposeRegister, c.RealIP()); err == nil {
			p.Notice = views.Notice{Text: "验证码已发送，请查收短信"}
			return h.render(c, http.StatusOK, views.Register(p))
		}
		p.Key = f.Key
	} else if _, err = h.Accounts.Register(ctx, f); err == nil {
		return c.Redirect(http.StatusSeeOther, "/login?notice=registered&account="+url.QueryEscape(f.Account))
	}
	n, status, err := refusal(err, "")
	if err != nil {
		return err
	}
	// Register refuses with the first gap in the form; the page lists every one, in the same order.
	if missing := accounts.RegisterMissing(f); c.FormValue("action") != "sendcode" && len(missing) > 1 {
		n.Lines = missing
	}
	p.Notice = n
	return h.render(c, status, views.Register(p))
}

// ResetForm shows the first step of the password reset.
func (h *Handler) ResetForm(c *echo.Context) error {
	return h.render(c, http.StatusOK, views.Reset(views.ResetPage{Page: h.resetPage(c), Action: c.Request().URL.Path,
		PasswordRule: core.MsgPasswordRule}))
}

func (h *Handler) resetPage(c *echo.Context) views.Page {
	return h.page(c, "找回密码", "signin.js")
}

// Reset moves through the three steps: send a code, verify it (验证身份), set the password (重置密码), done.
func (h *Handler) Reset(c *echo.Context) error {
	p := views.ResetPage{Page: h.resetPage(c), Action: c.Request().URL.Path, Step: views.ResetVerify,
		Account: c.FormValue("account"), Key: c.FormValue("key"), Code: c.FormValue("code"), PasswordRule: core.MsgPasswordRule}
	ctx := c.Request().Context()
	var err error
	switch c.FormValue("action") {
	case "sendcode":
		var channel, key string
		if channel, err = accounts.ResetAccountChannel(p.Account); err == nil {
			if key, err = h.Accounts.SendCode(ctx, channel, p.Account, accounts.PurposeLosePassword, c.RealIP()); err == nil {
				p.Key = key
				p.Notice = views.Notice{Text: map[string]string{"sms": "验证码已发送，请查收短信", "email": "验证码已发送到邮箱，请查收"}[channel]}
			}
		}
	case "reset":
		p.Step = views.ResetSet
		err = h.Accounts.ResetForgottenPassword(ctx, accounts.ResetForm{Account: p.Account, Key: p.Key, Code: p.Code,
			Password: c.FormValue("password"), Repassword: c.FormValue("repassword")}, c.RealIP())
		if err == nil {
			p.Step = views.ResetDone
		}
	default: // verify
		if _, err = accounts.ResetAccountChannel(p.Account); err == nil {
			if p.Code == "" {
				err = core.Invalid(core.MsgCodeEmpty)
			} else if err = h.Accounts.CheckCode(ctx, p.Key, p.Code, p.Account, accounts.PurposeLosePassword); err == nil {
				p.Step = views.ResetSet
			}
		}
	}
	status := http.StatusOK
	if err != nil {
		if p.Notice, status, err = refusal(err, ""); err != nil {
			return err
		}
	}
	return h.render(c, status, views.Reset(p))
}

// Agreement shows the user service agreement linked from registration.
func (h *Handler) Agreement(c *echo.Context) error {
	return h.render(c, http.StatusOK, views.Agreement(h.page(c, "用户服务协议")))
}
