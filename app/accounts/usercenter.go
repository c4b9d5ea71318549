package accounts

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
)

// The personal center (个人中心): what signed-in users change about their own account. Every call here acts on
// the session's own user only; none takes a user id from the request, except the unbinding of an account, which
// must be in the caller's own bind group.

// UpdateOwnName changes the name the signed-in user goes by.
func (s *Service) UpdateOwnName(ctx context.Context, p core.Principal, name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return core.Invalid(core.MsgNameEmpty)
	case utf8.RuneCountInString(name) > 50:
		return core.Invalid(core.MsgNameTooLong)
	}
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return err
	}
	return accountsdb.SetProfileName(s.db.With(ctx), u.ID, name)
}

// ChangePasswordForm is the personal center's password form: the current password and the new one twice.
type ChangePasswordForm struct {
	OldPassword string `json:"oldpassword" form:"oldpassword"`
	Password    string `json:"password" form:"password"`
	Repassword  string `json:"repassword" form:"repassword"`
}

// ChangeOwnPasswordRepeated is ChangeOwnPassword for a form that asks for the new password twice.
func (s *Service) ChangeOwnPasswordRepeated(ctx context.Context, p core.Principal, f ChangePasswordForm) error {
	if f.OldPassword == "" {
		return core.Invalid(core.MsgOldPasswordEmpty)
	}
	if err := CheckNewPassword(f.Password, f.Repassword); err != nil {
		return err
	}
	return s.ChangeOwnPassword(ctx, p, f.OldPassword, f.Password)
}

// ChangeAccountForm is users/updateAccountSelf: the new phone number, a changephone code sent to it, and the
// current password.
type ChangeAccountForm struct {
	Account  string `json:"account" form:"account"`
	Password string `json:"password" form:"password"`
	Key      string `json:"key" form:"key"`
	Code     string `json:"code" form:"code"`
}

// ChangeOwnAccount moves the signed-in user to a new phone number, which becomes the account they sign in with
// and their mobile. The code proves the new number is theirs, the password that the session is still them. The
// session carries on: it names the user, not the account.
func (s *Service) ChangeOwnAccount(ctx context.Context, p core.Principal, f ChangeAccountForm) error {
	account, code := core.NormalizeAccount(f.Account), strings.TrimSpace(f.Code)
	switch {
	case account == "":
		return core.Invalid(core.MsgMobileEmpty)
	case !core.IsPhone(account):
		return core.Invalid(core.MsgPhoneBad)
	case f.Password == "":
		return core.Invalid(core.MsgPasswordEmpty)
	case code == "":
		return core.Invalid(core.MsgCodeEmpty)
	}
	u, err := s.checkOwnPassword(ctx, p, f.Password, core.MsgPasswordWrong)
	if err != nil {
		return err
	}
	if account == u.Account {
		return core.Refused(core.MsgSamePhone)
	}
	// The code first: whether a number is taken is only told to whoever holds that number.
	if err := s.CheckCode(ctx, f.Key, code, account, PurposeChangePhone); err != nil {
		return err
	}
	if err := s.accountFree(ctx, account); err != nil {
		return err
	}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := s.useCode(tx, f.Key); err != nil {
			return err
		}
		if err := accountsdb.SetAccount(tx, u.ID, account); err != nil {
			return err
		}
		return accountsdb.SetProfileMobile(tx, u.ID, account)
	})
	if models.IsDuplicate(err) {
		return core.Refused(core.MsgAccountInUse)
	}
	return err
}

// accountFree refuses an account name another user already signs in with.
func (s *Service) accountFree(ctx context.Context, account string) error {
	_, err := accountsdb.UserByAccount(s.db.With(ctx), account)
	switch {
	case err == nil:
		return core.Refused(core.MsgAccountInUse)
	case models.IsNotFound(err):
		return nil
	}
	return err
}

// ChangeEmailForm is users/updateEmailSelf: the new address and a changeemail code sent to it.
type ChangeEmailForm struct {
	Email string `json:"email" form:"email"`
	Key   string `json:"key" form:"key"`
	Code  string `json:"code" form:"code"`
}

// ChangeOwnEmail changes the signed-in user's e-mail address once a code proves it is theirs. A user who signs
// in with their e-mail address signs in with the new one from then on: the old one may no longer be theirs.
func (s *Service) ChangeOwnEmail(ctx context.Context, p core.Principal, f ChangeEmailForm) error {
	email, code := core.NormalizeAccount(f.Email), strings.TrimSpace(f.Code)
	switch {
	case email == "":
		return core.Invalid(core.MsgEmailEmpty)
	case !core.IsEmail(email):
		return core.Invalid(core.MsgEmailBad)
	case code == "":
		return core.Invalid(core.MsgCodeEmpty)
	}
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return err
	}
	if email == core.NormalizeAccount(u.Profile.Email) {
		return core.Refused(core.MsgSameEmail)
	}
	if err := s.CheckCode(ctx, f.Key, code, email, PurposeChangeEmail); err != nil {
		return err
	}
	moveAccount := strings.Contains(u.Account, "@")
	if moveAccount {
		if err := s.accountFree(ctx, email); err != nil {
			return err
		}
	}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := s.useCode(tx, f.Key); err != nil {
			return err
		}
		if moveAccount {
			if err := accountsdb.SetAccount(tx, u.ID, email); err != nil {
				return err
			}
		}
		return accountsdb.SetProfileEmail(tx, u.ID, email)
	})
	if models.IsDuplicate(err) {
		return core.Refused(core.MsgAccountInUse)
	}
	return err
}

// RemoveBoundAccount takes another account out of the signed-in user's bind group (账号解绑): neither can switch
// to the other any more. Only accounts of the caller's own group can be named, and never the caller itself.
func (s *Service) RemoveBoundAccount(ctx context.Context, p core.Principal, userID int64) error {
	if userID == p.UserID {
		return core.Refused(core.MsgUnbindSelf)
	}
	group, err := s.BindGroup(ctx, p)
	if err != nil {
		return err
	}
	for _, u := range group {
		if u.ID == userID {
			return accountsdb.UnbindAccount(s.db.With(ctx), userID)
		}
	}
	return core.Refused(core.MsgNotBound)
}

// UnbindWechat answers the 微信绑定 screen's unbind. The product has no WeChat sign-in yet, so no account is ever
// bound to WeChat and there is nothing to remove: the call succeeds every time, as an unbind of an unbound
// account should.
func (s *Service) UnbindWechat(ctx context.Context, p core.Principal) error {
	_, err := s.CurrentUser(ctx, p)
	return err
}

// passwordProofLifetime is how long a users/verifyPassword proof lets the session log off.
const passwordProofLifetime = 5 * time.Minute

// LogOff closes the signed-in user's account for good (账号注销) once the session has just proven the password
// (VerifyPassword): the account is disabled and anonymised, its picture deleted, its bindings removed and its
// session ended. A company owner may only leave a company nobody else still uses, and the company is closed
// with them: nobody would be left to run it.
func (s *Service) LogOff(ctx context.Context, p core.Principal) error {
	verified := s.sessions.GetInt64(ctx, keyPasswordVerified)
	if verified == 0 || s.now().Sub(time.UnixMilli(verified)) > passwordProofLifetime {
		return core.Refused(core.MsgVerifyPasswordNow)
	}
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return err
	}
	db := s.db.With(ctx)
	if u.IsOwner {
		n, err := accountsdb.CountOtherActiveUsers(db, u.CompanyID, u.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			return core.Refused(core.MsgOwnerHasUsers)
		}
	}
	// A placeholder that is neither a phone number nor an e-mail address: nobody can register or sign in with it,
	// and the number frees for a new registration.
	placeholder := "logoff-" + strconv.FormatInt(u.ID, 10)
	err = db.Tx(ctx, func(tx *models.DB) error {
		if err := accountsdb.AnonymiseUser(tx, u.ID, placeholder); err != nil {
			return err
		}
		if u.IsOwner {
			return accountsdb.DisableCompany(tx, u.CompanyID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.uploads.Remove(u.CompanyID, u.Profile.Image)
	s.menus.Drop(u.ID)
	if u.SessionToken != "" && u.SessionToken != p.Token {
		if err := s.deleteSession(ctx, u.SessionToken); err != nil {
			return err
		}
	}
	return s.sessions.Destroy(ctx)
}
