package pages

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/views"
)

// userCenterSections are the personal center's sub-screens, by the section query value.
var userCenterSections = map[string]bool{
	views.SectionSecurity: true, views.SectionWechat: true, views.SectionUnbind: true, views.SectionLogoff: true,
}

// UserCenter is 个人中心: the signed-in user's own account, in the sub-screen named by ?section=.
func (h *Handler) UserCenter(c *echo.Context) error {
	page, err := h.userCenterPage(c, c.QueryParam("section"))
	if err != nil {
		return err
	}
	if c.QueryParam("notice") == "saved" {
		page.Notice = views.Notice{Text: "操作成功!"}
	}
	return h.render(c, http.StatusOK, views.UserCenter(page, h.Assets.URL("theme.js")))
}

func (h *Handler) userCenterPage(c *echo.Context, section string) (views.UserCenterPage, error) {
	if !userCenterSections[section] {
		section = views.SectionSecurity
	}
	ctx := c.Request().Context()
	p, _ := middleware.Principal(c)
	u, err := h.Accounts.CurrentUser(ctx, p)
	if err != nil {
		return views.UserCenterPage{}, err
	}
	page := views.UserCenterPage{Page: h.contentPage(c, "个人中心", "usercenter.js"), Section: section,
		Name: u.Profile.Name, Account: u.Account, Email: u.Profile.Email, Mobile: u.Profile.Mobile,
		Image: u.Profile.Image, Company: u.Company.Name, IsOwner: u.IsOwner, PasswordRule: core.MsgPasswordRule}
	if section == views.SectionUnbind {
		group, err := h.Accounts.BindGroup(ctx, p)
		if err != nil {
			return page, err
		}
		for _, b := range group {
			page.Bound = append(page.Bound, views.BoundRow{ID: strconv.FormatInt(b.ID, 10), Account: b.Account,
				Name: b.Profile.Name, Company: b.Company.Name, Current: b.ID == p.UserID})
		}
	}
	return page, nil
}

// UserCenterForm handles the personal center's plain forms, named by the hidden field form. A change comes back
// to its sub-screen with 操作成功! (a redirect, so that reloading does not send it again); a refusal shows the
// sub-screen again with the message and what was typed, passwords excepted. 获取验证码 without JavaScript
// (action=sendcode) sends the code and shows the form with its key.
func (h *Handler) UserCenterForm(c *echo.Context) error {
	ctx := c.Request().Context()
	p, _ := middleware.Principal(c)
	form, sendCode := c.FormValue("form"), c.FormValue("action") == "sendcode"
	section := views.SectionSecurity
	var sent views.Notice
	var err error
	var key string
	switch form {
	case "name":
		err = h.Accounts.UpdateOwnName(ctx, p, c.FormValue("name"))
	case "password":
		err = h.Accounts.ChangeOwnPasswordRepeated(ctx, p, accounts.ChangePasswordForm{OldPassword: c.FormValue("oldpassword"),
			Password: c.FormValue("password"), Repassword: c.FormValue("repassword")})
	case "phone":
		if sendCode {
			key, err = h.Accounts.SendCode(ctx, "sms", c.FormValue("account"), accounts.PurposeChangePhone, c.RealIP())
			sent = views.Notice{Text: "验证码已发送，请查收短信"}
		} else {
			err = h.Accounts.ChangeOwnAccount(ctx, p, accounts.ChangeAccountForm{Account: c.FormValue("account"),
				Password: c.FormValue("password"), Key: c.FormValue("key"), Code: c.FormValue("code")})
		}
	case "email":
		if sendCode {
			key, err = h.Accounts.SendCode(ctx, "email", c.FormValue("email"), accounts.PurposeChangeEmail, c.RealIP())
			sent = views.Notice{Text: "验证码已发送到邮箱，请查收"}
		} else {
			err = h.Accounts.ChangeOwnEmail(ctx, p, accounts.ChangeEmailForm{Email: c.FormValue("email"),
				Key: c.FormValue("key"), Code: c.FormValue("code")})
		}
	case "unbind":
		section = views.SectionUnbind
		id, perr := strconv.ParseInt(c.FormValue("id"), 10, 64)
		if perr != nil {
			return echo.ErrBadRequest
		}
		err = h.Accounts.RemoveBoundAccount(ctx, p, id)
	case "logoff":
		// The form leaves the tab (target=_top): once the account is gone, so is the shell around it.
		section = views.SectionLogoff
		if err = h.Accounts.VerifyPassword(ctx, p, c.FormValue("password")); err == nil {
			err = h.Accounts.LogOff(ctx, p)
		}
		if err == nil {
			middleware.ClearSessionCookie(c, h.Config.SecureCookies)
			return c.Redirect(http.StatusSeeOther, "/login?notice=logoff")
		}
	default:
		return echo.ErrBadRequest
	}
	if err == nil && !sendCode {
		return c.Redirect(http.StatusSeeOther, "/usercenter?embed=1&section="+url.QueryEscape(section)+"&notice=saved")
	}
	page, perr := h.userCenterPage(c, section)
	if perr != nil {
		return perr
	}
	page.Form = form
	page.NewName, page.NewPhone, page.NewEmail = c.FormValue("name"), c.FormValue("account"), c.FormValue("email")
	page.Key, page.Code = c.FormValue("key"), c.FormValue("code")
	status := http.StatusOK
	if err == nil {
		page.Notice, page.Key = sent, key
	} else if page.Notice, status, err = refusal(err, ""); err != nil {
		return err
	}
	return h.render(c, status, views.UserCenter(page, h.Assets.URL("theme.js")))
}

// Upload serves a picture of the signed-in user's company (an avatar). Pictures of other companies are not found.
func (h *Handler) Upload(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, contentType, err := h.Uploads.Open(p, c.Param("name"))
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	hd := c.Response().Header()
	hd.Set(echo.HeaderContentType, contentType)
	// A stored picture never changes (a new one gets a new name), but only this browser may keep it.
	hd.Set("Cache-Control", "private, max-age=86400")
	http.ServeContent(c.Response(), c.Request(), "", st.ModTime(), f)
	return nil
}
