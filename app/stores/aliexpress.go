package stores

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sellerhub/app/aliexpress"
	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Messages of 速卖通店铺授权.
const (
	MsgAliExpressAppMissing   = "未配置速卖通应用，请联系管理员"
	MsgAliExpressNameTaken    = "速卖通店铺名称已存在"
	MsgAliExpressRegion       = "请选择店铺所在站点"
	MsgAliExpressExpired      = "速卖通授权已失效，请重新授权"
	MsgAliExpressNeverAuthed  = "店铺尚未授权，请先授权"
	MsgAliExpressUnreachable  = "暂时无法连接速卖通，请稍后再试"
	msgAliExpressElsewhereLog = "aliexpress seller authorised for another store"
	msgAliExpressOtherSeller  = "aliexpress store authorised again with another seller account"
	whatAliExpressStore       = "速卖通店铺"
	kindAliExpress            = "aliexpress"
)

// AliExpress is 速卖通店铺授权: the company's AliExpress stores and their authorisation through the AliExpress
// Open Platform's OAuth. It shares the stores domain's keys (the tokens are sealed as Amazon's are) and consent
// states; it is a type of its own because the domain's Service is at its size limit.
type AliExpress struct {
	s *Service
	// HTTP is the client of the platform's calls (tests may replace it).
	HTTP *http.Client
}

// NewAliExpress builds 速卖通店铺授权 over the stores service.
func NewAliExpress(s *Service) *AliExpress {
	return &AliExpress{s: s, HTTP: &http.Client{Timeout: 30 * time.Second}}
}

// AppMissing is the refusal while the product has no AliExpress application, "" once it has one.
func (a *AliExpress) AppMissing() string { return AliExpressAppMissing(a.s.cfg) }

// AliExpressAppMissing is AppMissing for a configuration (the screen shows it on 授权 before anything opens).
func AliExpressAppMissing(cfg *config.Config) string {
	if cfg.AliExpress.AppKey == "" || cfg.AliExpress.AppSecret.Reveal() == "" {
		return MsgAliExpressAppMissing
	}
	return ""
}

func (a *AliExpress) client() *aliexpress.Client {
	c := a.s.cfg.AliExpress
	return &aliexpress.Client{AppKey: c.AppKey, Secret: c.AppSecret.Reveal(), APIURL: c.APIURL, HTTP: a.HTTP, Now: a.s.now}
}

// AliExpressQuery is the list's query: a page and part of a store's name.
type AliExpressQuery struct {
	core.PageRequest
	Name string `json:"name"`
}

// AliExpressRow is a store as the list shows it: Expired tells an active store whose refresh token has ended by
// the clock (the platform would refuse it) from one still authorised.
type AliExpressRow struct {
	storesdb.AliExpressStore
	Expired bool
}

// State is the row's authorisation state: pending, active, or invalid (refused, or its refresh token ended).
func (r *AliExpressRow) State() string {
	if r.Status == storesdb.AliExpressActive && r.Expired {
		return storesdb.AliExpressInvalid
	}
	return r.Status
}

// Page lists a page of the company's AliExpress stores by name.
func (a *AliExpress) Page(ctx context.Context, p core.Principal, q AliExpressQuery) ([]AliExpressRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	list, total, err := storesdb.AliExpressStorePage(a.s.db.With(ctx), p.CompanyID, strings.TrimSpace(q.Name), r.Offset(), r.Size)
	if err != nil {
		return nil, 0, r, err
	}
	now := a.s.now().UTC()
	out := make([]AliExpressRow, len(list))
	for i, st := range list {
		out[i] = AliExpressRow{AliExpressStore: st, Expired: st.RefreshExpiresAt != nil && !st.RefreshExpiresAt.After(now)}
	}
	return out, total, r, nil
}

// AliExpressForm is 添加店铺's body: the store's name and region.
type AliExpressForm struct {
	Name   string `json:"name"`
	Region string `json:"region"`
}

// Create adds a store, not yet authorised; its name is unique in the company.
func (a *AliExpress) Create(ctx context.Context, p core.Principal, f AliExpressForm) (*AliExpressRow, error) {
	if err := core.CheckFields(core.Required(&f.Name, "店铺名称", 50)); err != nil {
		return nil, err
	}
	f.Region = strings.ToUpper(strings.TrimSpace(f.Region))
	if storesdb.AliExpressRegionName(f.Region) == "" {
		return nil, core.Invalid(MsgAliExpressRegion)
	}
	now := a.s.now.Stamp()
	st := &storesdb.AliExpressStore{CompanyID: p.CompanyID, Name: f.Name, Region: f.Region, Status: storesdb.AliExpressPending,
		CreatedAt: now, UpdatedAt: now}
	err := a.s.db.Tx(ctx, func(tx *models.DB) error {
		err := core.NameFree(func() (int64, error) { return storesdb.AliExpressStoreIDByName(tx, p.CompanyID, f.Name) }, 0, MsgAliExpressNameTaken)
		if err != nil {
			return err
		}
		return core.DuplicateAs(storesdb.SaveAliExpressStore(tx, st), MsgAliExpressNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return &AliExpressRow{AliExpressStore: *st}, nil
}

// Store is one store of the company, or 速卖通店铺不存在.
func (a *AliExpress) Store(ctx context.Context, p core.Principal, id string) (*AliExpressRow, error) {
	st, err := a.store(a.s.db.With(ctx), p, id)
	if err != nil {
		return nil, err
	}
	return &AliExpressRow{AliExpressStore: *st, Expired: st.RefreshExpiresAt != nil && !st.RefreshExpiresAt.After(a.s.now().UTC())}, nil
}

func (a *AliExpress) store(db *models.DB, p core.Principal, id string) (*storesdb.AliExpressStore, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatAliExpressStore)
	}
	st, err := storesdb.AliExpressStoreByID(db, p.CompanyID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatAliExpressStore)
	}
	return st, nil
}

// Remove deletes a store and its tokens (the seller may revoke the application at AliExpress as well).
func (a *AliExpress) Remove(ctx context.Context, p core.Principal, id string) error {
	return a.s.db.Tx(ctx, func(tx *models.DB) error {
		st, err := a.store(tx, p, id)
		if err != nil {
			return err
		}
		return core.NotFoundAs(storesdb.DeleteAliExpressStore(tx, p.CompanyID, st.ID), whatAliExpressStore)
	})
}

// ConsentURL is the platform's authorisation page for a store (授权 and 重新授权): the seller signs in to
// AliExpress, agrees, and is sent back to redirectBase/aliexpress/authresult with a code and the state, which is
// signed, bound to the company and the store, and redeemed once within 15 minutes.
func (a *AliExpress) ConsentURL(ctx context.Context, p core.Principal, id, redirectBase string) (string, error) {
	if msg := a.AppMissing(); msg != "" {
		a.s.log.WarnContext(ctx, "aliexpress consent refused: no application configured",
			slog.String("set", "SELLERHUB_ALIEXPRESS_APP_KEY, SELLERHUB_ALIEXPRESS_APP_SECRET"))
		return "", core.Refused(msg)
	}
	st, err := a.store(a.s.db.With(ctx), p, id)
	if err != nil {
		return "", err
	}
	state, err := a.s.issueOAuthState(ctx, amazon.State{CompanyID: p.CompanyID, GroupID: st.ID, Kind: kindAliExpress, Region: st.Region})
	if err != nil {
		return "", err
	}
	v := url.Values{"response_type": {"code"}, "force_auth": {"true"}, "client_id": {a.s.cfg.AliExpress.AppKey},
		"redirect_uri": {AliExpressRedirectURI(redirectBase)}, "state": {state}}
	return a.s.cfg.AliExpress.AuthURL + "?" + v.Encode(), nil
}

// AliExpressRedirectURI is where the platform sends the seller back.
func AliExpressRedirectURI(base string) string {
	return strings.TrimRight(base, "/") + "/aliexpress/authresult"
}

// AliExpressCallback is what the platform's redirect back carries.
type AliExpressCallback struct {
	Code  string `query:"code"`
	State string `query:"state"`
	Error string `query:"error"`
}

// Authorize finishes a consent: it redeems the state (signed, unexpired, unused, of the signed-in company when
// there is one), trades the code for the store's tokens and keeps them sealed with their expiry. A seller account
// already authorised for another store of the company, or a store authorised again with another account, is
// refused. Every failure is the spec's failure text to the seller, the reason in the log; nothing is stored.
func (a *AliExpress) Authorize(ctx context.Context, cb AliExpressCallback, callerCompany int64) (*storesdb.AliExpressStore, error) {
	st, err := a.authorize(ctx, cb, callerCompany)
	if err != nil {
		a.s.log.WarnContext(ctx, "aliexpress authorisation failed", "err", err)
		return nil, core.Failed(MsgAuthFailed)
	}
	a.s.log.InfoContext(ctx, "aliexpress store authorised", "company", st.CompanyID, "store", st.ID, "seller", st.SellerID)
	return st, nil
}

func (a *AliExpress) authorize(ctx context.Context, cb AliExpressCallback, callerCompany int64) (*storesdb.AliExpressStore, error) {
	if a.AppMissing() != "" {
		return nil, errors.New("no aliexpress application")
	}
	state, err := a.s.redeemOAuthState(ctx, cb.State, kindAliExpress, callerCompany)
	if err != nil {
		return nil, err
	}
	if cb.Error != "" || strings.TrimSpace(cb.Code) == "" {
		return nil, fmt.Errorf("consent refused: %q", cb.Error)
	}
	if _, err := storesdb.AliExpressStoreByID(a.s.db.With(ctx), state.CompanyID, state.GroupID); err != nil {
		return nil, err
	}
	t, err := a.client().CreateToken(ctx, strings.TrimSpace(cb.Code))
	if err != nil {
		return nil, err
	}
	if t.SellerID == "" {
		return nil, errors.New("token answer without seller_id")
	}
	var out *storesdb.AliExpressStore
	err = a.s.db.Tx(ctx, func(tx *models.DB) error {
		st, err := storesdb.AliExpressStoreByID(tx, state.CompanyID, state.GroupID)
		if err != nil {
			return err
		}
		if other, err := storesdb.AliExpressStoreBySeller(tx, state.CompanyID, t.SellerID); err == nil && other.ID != st.ID {
			return fmt.Errorf("%s: %s", msgAliExpressElsewhereLog, other.Name)
		} else if err != nil && !models.IsNotFound(err) {
			return err
		}
		if st.SellerID != "" && st.SellerID != t.SellerID {
			return errors.New(msgAliExpressOtherSeller)
		}
		if err := a.keep(ctx, st, t); err != nil {
			return err
		}
		out = st
		return storesdb.SaveAliExpressStore(tx, st)
	})
	return out, err
}

// keep puts a token answer on the store, sealed, and marks it authorised.
func (a *AliExpress) keep(ctx context.Context, st *storesdb.AliExpressStore, t aliexpress.Token) error {
	keys, err := a.s.amazonKeys(ctx)
	if err != nil {
		return err
	}
	if st.AccessToken, err = keys.Cipher.Encrypt(t.AccessToken); err != nil {
		return err
	}
	if st.RefreshToken, err = keys.Cipher.Encrypt(t.RefreshToken); err != nil {
		return err
	}
	now := a.s.now.Stamp()
	expires, refreshExpires := t.ExpiresAt(now), t.RefreshExpiresAt(now)
	st.SellerID, st.UserNick, st.Status = t.SellerID, t.UserNick, storesdb.AliExpressActive
	st.TokenExpiresAt, st.RefreshExpiresAt, st.AuthorizedAt, st.UpdatedAt = &expires, &refreshExpires, &now, now
	return nil
}

// Refresh (检查授权) renews a store's tokens with its refresh token. A refresh token that ended, or that the
// platform refuses, marks the store 授权已失效 and says to authorise again; the platform unreachable changes
// nothing.
func (a *AliExpress) Refresh(ctx context.Context, p core.Principal, id string) (*AliExpressRow, error) {
	if msg := a.AppMissing(); msg != "" {
		return nil, core.Refused(msg)
	}
	st, err := a.store(a.s.db.With(ctx), p, id)
	if err != nil {
		return nil, err
	}
	if st.RefreshToken == "" {
		return nil, core.Refused(MsgAliExpressNeverAuthed)
	}
	now := a.s.now().UTC()
	if st.RefreshExpiresAt != nil && !st.RefreshExpiresAt.After(now) {
		return nil, a.invalidate(ctx, st, "refresh token past its validity")
	}
	keys, err := a.s.amazonKeys(ctx)
	if err != nil {
		return nil, err
	}
	refresh, err := keys.Cipher.Decrypt(st.RefreshToken)
	if err != nil {
		return nil, err
	}
	t, err := a.client().RefreshToken(ctx, refresh)
	switch {
	case aliexpress.GrantRefused(err):
		return nil, a.invalidate(ctx, st, err.Error())
	case err != nil:
		a.s.log.WarnContext(ctx, "aliexpress refresh failed", "store", st.ID, "err", err)
		return nil, core.Failed(MsgAliExpressUnreachable)
	}
	// The platform answers the same seller for a refresh; the authorisation's day stays the consent's.
	authorized := st.AuthorizedAt
	if err := a.keep(ctx, st, t); err != nil {
		return nil, err
	}
	st.AuthorizedAt = authorized
	if err := storesdb.SaveAliExpressStore(a.s.db.With(ctx), st); err != nil {
		return nil, err
	}
	return &AliExpressRow{AliExpressStore: *st}, nil
}

// invalidate marks a store 授权已失效 (its tokens kept, useless) and answers the refusal that says so.
func (a *AliExpress) invalidate(ctx context.Context, st *storesdb.AliExpressStore, why string) error {
	a.s.log.WarnContext(ctx, "aliexpress authorisation ended", "store", st.ID, "why", why)
	st.Status, st.UpdatedAt = storesdb.AliExpressInvalid, a.s.now.Stamp()
	if err := storesdb.SaveAliExpressStore(a.s.db.With(ctx), st); err != nil {
		return err
	}
	return core.Refused(MsgAliExpressExpired)
}
