package accounts

import (
	"context"
	"strings"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
)

// RegisterForm is the registration form. OldPassword is the first password entry and Password the repeat.
type RegisterForm struct {
	Account     string `json:"account" form:"account"`
	Code        string `json:"code" form:"code"`
	Key         string `json:"key" form:"key"`
	Password    string `json:"password" form:"password"`
	OldPassword string `json:"oldpassword" form:"oldpassword"`
	Name        string `json:"name" form:"name"`
	Email       string `json:"email" form:"email"`
	Company     string `json:"company" form:"company"`
}

func (f RegisterForm) normalized() RegisterForm {
	f.Account, f.Email = core.NormalizeAccount(f.Account), core.NormalizeAccount(f.Email)
	f.Name, f.Company = strings.TrimSpace(f.Name), strings.TrimSpace(f.Company)
	return f
}

// RegisterMissing answers the messages of the registration form's empty fields (and of passwords that differ), in
// the spec's order: Register refuses with the first, the page lists them all so that one submit shows every gap.
func RegisterMissing(f RegisterForm) []string {
	f = f.normalized()
	var missing []string
	for _, c := range []struct {
		bad bool
		msg string
	}{
		{f.Account == "", core.MsgPhoneEmpty},
		{f.Email == "", core.MsgEmailEmpty},
		{f.Name == "", core.MsgNameEmpty},
		{f.Company == "", core.MsgCompanyEmpty},
		{f.Password == "" || f.OldPassword == "" || f.Password != f.OldPassword, core.MsgPasswordsBad},
		{strings.TrimSpace(f.Code) == "", core.MsgCodeEmpty},
	} {
		if c.bad {
			missing = append(missing, c.msg)
		}
	}
	return missing
}

// Register creates a company with its owner account and default role. Checks run in the spec's order, each
// with its message; the code is used up only when the company is created.
func (s *Service) Register(ctx context.Context, f RegisterForm) (*accountsdb.User, error) {
	f = f.normalized()
	if missing := RegisterMissing(f); len(missing) > 0 {
		return nil, core.Invalid(missing[0])
	}
	switch {
	case !core.IsPhone(f.Account):
		return nil, core.Invalid(core.MsgPhoneBad)
	case !core.IsEmail(f.Email):
		return nil, core.Invalid(core.MsgEmailBad)
	case utf8.RuneCountInString(f.Name) > 50:
		return nil, core.Invalid(core.MsgNameTooLong)
	case utf8.RuneCountInString(f.Company) > 100:
		return nil, core.Invalid(core.MsgCompanyTooLong)
	}
	if err := CheckPasswordRule(f.Password); err != nil {
		return nil, err
	}
	if err := s.CheckCode(ctx, f.Key, strings.TrimSpace(f.Code), f.Account, PurposeRegister); err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	if _, err := accountsdb.UserByAccount(db, f.Account); err == nil {
		return nil, core.Refused(core.MsgAccountTaken)
	} else if !models.IsNotFound(err) {
		return nil, err
	}
	hash, err := s.hash(f.Password)
	if err != nil {
		return nil, err
	}
	owner := &accountsdb.User{Account: f.Account, PasswordHash: hash,
		Profile: accountsdb.UserProfile{Name: f.Name, Email: f.Email, Mobile: f.Account}}
	err = db.Tx(ctx, func(tx *models.DB) error {
		if err := s.useCode(tx, f.Key); err != nil {
			return err
		}
		return accountsdb.CreateCompanyWithOwner(tx, &accountsdb.Company{Name: f.Company}, owner)
	})
	if models.IsDuplicate(err) {
		return nil, core.Refused(core.MsgAccountTaken)
	}
	if err != nil {
		return nil, err
	}
	return owner, nil
}

// ResetAccountChannel checks the account typed into the reset form and says where its code goes: an account
// with @ must be an e-mail address, anything else is a phone number.
func ResetAccountChannel(account string) (string, error) {
	account = strings.TrimSpace(account)
	switch {
	case account == "":
		return "", core.Invalid(core.MsgAccountEmpty)
	case strings.Contains(account, "@"):
		if !core.IsEmail(account) {
			return "", core.Invalid(core.MsgEmailBad)
		}
		return "email", nil
	case !core.IsPhone(account):
		return "", core.Invalid(core.MsgPhoneBad)
	}
	return "sms", nil
}

// ResetForm is the forgotten-password form.
type ResetForm struct {
	Account    string `json:"account" form:"account"`
	Key        string `json:"key" form:"key"`
	Code       string `json:"code" form:"code"`
	Password   string `json:"password" form:"password"`
	Repassword string `json:"repassword" form:"repassword"`
}

// ResetForgottenPassword sets a new password for the account that proves itself with a code, and signs out
// the account's live session. clientIP is the caller's address, which the guard of code proofs counts by.
func (s *Service) ResetForgottenPassword(ctx context.Context, f ResetForm, clientIP string) error {
	if _, err := ResetAccountChannel(f.Account); err != nil {
		return err
	}
	if strings.TrimSpace(f.Code) == "" {
		return core.Invalid(core.MsgCodeEmpty)
	}
	if err := CheckNewPassword(f.Password, f.Repassword); err != nil {
		return err
	}
	return s.setPasswordWithCode(ctx, f.Account, f.Key, f.Code, f.Password, clientIP)
}

// setPasswordWithCode checks the code before anything costly: the new password is hashed only for a caller who
// holds the right code, so that garbage sent by anyone costs no bcrypt. Attempts are bounded per account and
// address as sign-in's are, on top of each code's own five.
func (s *Service) setPasswordWithCode(ctx context.Context, account, key, code, password, clientIP string) error {
	account, code = core.NormalizeAccount(account), strings.TrimSpace(code)
	if err := s.beginGuarded(ctx, s.codeProofs, account, clientIP, core.MsgTooManyCodeTries); err != nil {
		return err
	}
	if err := s.CheckCode(ctx, key, code, account, PurposeLosePassword); err != nil {
		return err
	}
	s.codeProofs.Succeeded(account, clientIP)
	hash, err := s.hash(password)
	if err != nil {
		return err
	}
	var user *accountsdb.User
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := s.useCode(tx, key); err != nil {
			return err
		}
		u, err := accountsdb.UserByAccount(tx, account)
		if models.IsNotFound(err) {
			return core.Invalid(core.MsgCodeInvalid)
		} else if err != nil {
			return err
		}
		user = u
		return accountsdb.SetPassword(tx, u.ID, hash)
	})
	if err != nil {
		return err
	}
	return s.PasswordReset(ctx, user)
}

// PasswordReset follows a password set without the old one (by a code, or by an admin): the account's login
// failures are forgotten, so the new password works at once, and its live session ends, so whoever knew the old
// password is signed out.
func (s *Service) PasswordReset(ctx context.Context, u *accountsdb.User) error {
	s.logins.Forget(u.Account)
	return s.EndLiveSession(ctx, u)
}

// UpdatePasswordForm is the body of users/updatePassword: either a code proof (account, key, code) or, from a
// signed-in session, the old password.
type UpdatePasswordForm struct {
	Account     string `json:"account" form:"account"`
	Key         string `json:"key" form:"key"`
	Code        string `json:"code" form:"code"`
	OldPassword string `json:"oldpassword" form:"oldpassword"`
	Password    string `json:"password" form:"password"`
}

// UpdatePassword changes a password only with proof: a live code for the account, or a session together with
// the session user's current password. The older system's version needed neither.
func (s *Service) UpdatePassword(ctx context.Context, p *core.Principal, f UpdatePasswordForm, clientIP string) error {
	if f.Key != "" || f.Code != "" {
		if _, err := ResetAccountChannel(f.Account); err != nil {
			return err
		}
		if err := CheckPasswordRule(f.Password); err != nil {
			return err
		}
		return s.setPasswordWithCode(ctx, f.Account, f.Key, f.Code, f.Password, clientIP)
	}
	if p == nil {
		return core.ErrNoSession
	}
	return s.ChangeOwnPassword(ctx, *p, f.OldPassword, f.Password)
}

// ChangeOwnPassword changes the signed-in user's password after checking the current one.
func (s *Service) ChangeOwnPassword(ctx context.Context, p core.Principal, oldPassword, newPassword string) error {
	if oldPassword == "" {
		return core.Invalid(core.MsgOldPasswordEmpty)
	}
	if err := CheckPasswordRule(newPassword); err != nil {
		return err
	}
	if oldPassword == newPassword {
		return core.Invalid(core.MsgNewPasswordSameOld)
	}
	u, err := s.checkOwnPassword(ctx, p, oldPassword, core.MsgOldPasswordWrong)
	if err != nil {
		return err
	}
	hash, err := s.hash(newPassword)
	if err != nil {
		return err
	}
	return accountsdb.SetPassword(s.db.With(ctx), u.ID, hash)
}

// VerifyPassword confirms the signed-in user's password, before a sensitive step such as logging off.
func (s *Service) VerifyPassword(ctx context.Context, p core.Principal, password string) error {
	if password == "" {
		return core.Invalid(core.MsgPasswordEmpty)
	}
	if _, err := s.checkOwnPassword(ctx, p, password, core.MsgPasswordWrong); err != nil {
		return err
	}
	// The session remembers the proof for a few minutes: logging off (users/unbindAccount) asks for it.
	s.sessions.Put(ctx, keyPasswordVerified, s.now().UnixMilli())
	_, _, err := s.sessions.Commit(ctx)
	return err
}

// checkOwnPassword checks the session user's password; wrong guesses go through the login guard, so a stolen
// session cannot be used to guess the password. The session stands where a login's address does: it is one
// guesser, from however many addresses it is used.
func (s *Service) checkOwnPassword(ctx context.Context, p core.Principal, password, wrongMsg string) (*accountsdb.User, error) {
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return nil, err
	}
	guesser := "session:" + p.Token
	if err := s.beginPasswordCheck(ctx, u.Account, guesser); err != nil {
		return nil, err
	}
	if ok, _ := passwordMatches(u.PasswordHash, u.LegacySalt, u.Account, password); !ok {
		return nil, core.Failed(wrongMsg)
	}
	s.logins.Succeeded(u.Account, guesser)
	return u, nil
}

// CurrentUser loads the signed-in user with profile and company. A session whose user is gone has ended.
func (s *Service) CurrentUser(ctx context.Context, p core.Principal) (*accountsdb.User, error) {
	return core.CurrentUser(ctx, s.db, p)
}

// UserRoles lists the signed-in user's roles.
func (s *Service) UserRoles(ctx context.Context, p core.Principal) ([]accountsdb.Role, error) {
	return accountsdb.RolesOfUser(s.db.With(ctx), p.CompanyID, p.UserID)
}
