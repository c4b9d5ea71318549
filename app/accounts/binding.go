package accounts

import (
	"context"

	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
)

// BindGroup lists the accounts the signed-in user may switch between (its bind group), the user included: an
// account bound to no other is a group of its own. The group spans companies, so it is only ever read for the
// signed-in user's own account.
func (s *Service) BindGroup(ctx context.Context, p core.Principal) ([]accountsdb.User, error) {
	group, err := accountsdb.BoundAccounts(s.db.With(ctx), p.UserID)
	if err != nil || len(group) > 0 {
		return group, err
	}
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return nil, err
	}
	return []accountsdb.User{*u}, nil
}

// boundAccount finds account in the signed-in user's bind group, or nil. It never looks outside the group, so
// its answer says nothing about whether the account exists elsewhere.
func (s *Service) boundAccount(ctx context.Context, p core.Principal, account string) (*accountsdb.User, error) {
	group, err := s.BindGroup(ctx, p)
	if err != nil {
		return nil, err
	}
	account = core.NormalizeAccount(account)
	for i := range group {
		if group[i].Account == account {
			return &group[i], nil
		}
	}
	return nil, nil
}

// BoundUserID answers the id of account if it is in the signed-in user's bind group.
func (s *Service) BoundUserID(ctx context.Context, p core.Principal, account string) (int64, error) {
	u, err := s.boundAccount(ctx, p, account)
	if err != nil {
		return 0, err
	}
	if u == nil {
		return 0, core.Refused(core.MsgNotBound)
	}
	return u.ID, nil
}

// BindAccount puts another account into the signed-in user's bind group once its password is proven, checked as
// a login checks it. Binding is what later lets either account switch to the other without a password.
func (s *Service) BindAccount(ctx context.Context, p core.Principal, account, password, clientIP string) error {
	other, err := s.checkCredentials(ctx, account, password, clientIP)
	if err != nil {
		return err
	}
	if other.ID == p.UserID {
		return core.Refused(core.MsgBindSelf)
	}
	return accountsdb.BindAccounts(s.db.With(ctx), p.UserID, other.ID)
}

// SwitchAccount re-binds the signed-in user's own session to another account of their bind group, as a login of
// that account would (the session starts empty, and the account's previous session ends), but under the same
// session id: the older web client keeps the id it stored at login and only reloads after a switch, so a new id
// would sign it out. Keeping the id gives nobody more than they had. Renewing the id at login defeats an id
// planted before the user proved who they are; this one was renewed at that login and has been the caller's
// since, and whoever holds it can already switch within the bind group by this very call, which needs nothing
// but the session (binding an account needed its password). Only the request's own session is evidence of who
// asks; the older system also trusted a session id passed in the query string, which let anyone holding one
// take it over.
func (s *Service) SwitchAccount(ctx context.Context, p core.Principal, account string) (*accountsdb.User, string, error) {
	target, err := s.boundAccount(ctx, p, account)
	if err != nil {
		return nil, "", err
	}
	if target == nil {
		return nil, "", core.ErrForbidden
	}
	if err := s.checkMaySignIn(target); err != nil {
		return nil, "", err
	}
	// The caller's account stops naming the session as its live one before the target records it, so that a
	// switch to the caller's own account records it again.
	if err := accountsdb.ClearSessionToken(s.db.With(ctx), p.UserID, p.Token); err != nil {
		return nil, "", err
	}
	token, err := s.bindSession(ctx, target, LoginTypeAPI)
	if err != nil {
		return nil, "", err
	}
	return target, token, nil
}
