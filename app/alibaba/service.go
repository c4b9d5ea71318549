// Package alibaba owns 1688账号绑定 and 1688结算: binding buyer accounts of the 1688 open platform (its OAuth,
// the tokens sealed like Amazon's), importing their orders as purchase orders (采购单) through the job queue, the
// 1688 offers local products stand for, and the orders' payments matched to the purchase orders and their 付款申请.
// aop.go and trade.go are the platform's protocol; alibabatest is its local stand-in.
package alibaba

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/config"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Messages of 1688账号绑定.
const (
	MsgAppMissing      = "未配置1688应用，请联系管理员"
	MsgWarehouseEmpty  = "请选择收货仓库"
	MsgWarehouseBad    = "收货仓库须为启用的自有仓或海外仓"
	MsgAuthFailed      = "授权失败，请重新绑定"
	MsgExpired         = "1688授权已失效，请重新绑定"
	MsgImportRunning   = "正在导入，请稍候"
	MsgHasOrders       = "该账号已导入订单，不能解绑"
	MsgRateLimited     = "1688接口调用过于频繁，请稍后再导入"
	MsgUnreachable     = "暂时无法连接1688，请稍后再试"
	MsgLineMissing     = "订单行不存在"
	MsgProductEmpty    = "请选择本地产品"
	MsgProductMissing  = "产品不存在"
	whatAccount        = "1688账号"
	whatOrder          = "1688订单"
	stateKind          = "alibaba"
	secretKeyName      = "secret_key" // the stores domain's generated key: one cipher for every sealed secret
	importDays         = 90           // the first import reads the orders of the last 90 days
	listPageSize       = 50
	tokenRefreshMargin = 10 * time.Minute
)

// Button permissions (the menu seed's).
const (
	PermissionBind   = "erp:alibaba:bind"   // 绑定, 解绑
	PermissionImport = "erp:alibaba:import" // 导入订单, 配对
)

// Service is the 1688 domain.
type Service struct {
	db        *models.DB
	now       core.Clock
	timeZone  *time.Location
	app       config.Alibaba
	secretKey config.Secret
	numbers   *core.Numbers
	jobs      *jobs.Queue
	log       *slog.Logger
	// HTTP is the client of the platform's calls (tests may replace it).
	HTTP *http.Client

	mu   sync.Mutex
	keys *amazon.Keys
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, cfg *config.Config, numbers *core.Numbers, q *jobs.Queue, log *slog.Logger) *Service {
	return &Service{db: db, now: now, timeZone: timeZone, app: cfg.Alibaba, secretKey: cfg.SecretKey, numbers: numbers,
		jobs: q, log: log, HTTP: &http.Client{Timeout: 30 * time.Second}}
}

// AppMissing is the refusal while the product has no 1688 application, "" once it has one.
func (s *Service) AppMissing() string {
	if s.app.AppKey == "" || s.app.AppSecret.Reveal() == "" {
		return MsgAppMissing
	}
	return ""
}

func (s *Service) client() *Client {
	return &Client{AppKey: s.app.AppKey, Secret: s.app.AppSecret.Reveal(), Gateway: s.app.GatewayURL, HTTP: s.HTTP,
		Now: s.now}
}

// sealKeys is the cipher of secrets at rest and the state signer: the same key the stores domain seals Amazon's
// refresh tokens with (SELLERHUB_SECRET_KEY, else the key generated once into the database).
func (s *Service) sealKeys(ctx context.Context) (*amazon.Keys, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keys != nil {
		return s.keys, nil
	}
	master := s.secretKey.Reveal()
	if master == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		stored, err := storesdb.AppSecretOrCreate(s.db.With(ctx), secretKeyName, base64.RawURLEncoding.EncodeToString(b))
		if err != nil {
			return nil, err
		}
		master = stored
	}
	k, err := amazon.NewKeys([]byte(master))
	if err != nil {
		return nil, err
	}
	s.keys = k
	return k, nil
}

// BindForm is 绑定's body: the warehouse the imported purchase orders receive into.
type BindForm struct {
	WarehouseID string `json:"warehouseId"`
}

func (s *Service) receivingWarehouse(db *models.DB, p core.Principal, id string) (int64, error) {
	n, ok := core.ParseID(strings.TrimSpace(id))
	if strings.TrimSpace(id) == "" {
		return 0, core.Invalid(MsgWarehouseEmpty)
	}
	if !ok {
		return 0, core.Invalid(MsgWarehouseBad)
	}
	w, err := stockdb.WarehouseByID(db, p.CompanyID, p.UserID, n)
	switch {
	case models.IsNotFound(err):
		return 0, core.Invalid(MsgWarehouseBad)
	case err != nil:
		return 0, err
	case w.Kind == stockdb.WarehouseFBA || w.Disabled:
		return 0, core.Invalid(MsgWarehouseBad)
	}
	return n, nil
}

// ConsentURL is the platform's consent page for binding a buyer account: the buyer signs in at 1688, agrees, and
// is sent back to redirectBase/alibaba/authresult with a code and the state, which is signed, bound to the
// company and the warehouse, and redeemed once within 15 minutes.
func (s *Service) ConsentURL(ctx context.Context, p core.Principal, f BindForm, redirectBase string) (string, error) {
	if msg := s.AppMissing(); msg != "" {
		s.log.WarnContext(ctx, "1688 binding refused: no application configured",
			slog.String("set", "SELLERHUB_ALIBABA_APP_KEY, SELLERHUB_ALIBABA_APP_SECRET"))
		return "", core.Refused(msg)
	}
	wh, err := s.receivingWarehouse(s.db.With(ctx), p, f.WarehouseID)
	if err != nil {
		return "", err
	}
	keys, err := s.sealKeys(ctx)
	if err != nil {
		return "", err
	}
	now := s.now().UTC()
	st := amazon.State{CompanyID: p.CompanyID, GroupID: wh, Kind: stateKind, Nonce: amazon.NewNonce(),
		ExpiresAt: now.Add(amazon.StateLifetime).Unix()}
	if err := storesdb.SaveOAuthState(s.db.With(ctx), &storesdb.OAuthState{Nonce: st.Nonce, CompanyID: p.CompanyID,
		GroupID: wh, Kind: stateKind, ExpiresAt: time.Unix(st.ExpiresAt, 0).UTC(), CreatedAt: now}); err != nil {
		return "", err
	}
	v := url.Values{"client_id": {s.app.AppKey}, "site": {"1688"}, "redirect_uri": {redirectURI(redirectBase)},
		"state": {keys.State.Sign(st)}}
	return s.app.AuthURL + "?" + v.Encode(), nil
}

func redirectURI(base string) string { return strings.TrimRight(base, "/") + "/alibaba/authresult" }

// Callback is what the platform's redirect back carries.
type Callback struct {
	Code  string `query:"code"`
	State string `query:"state"`
	Error string `query:"error"`
}

// Authorize finishes a binding: it redeems the state (signed, unexpired, unused, of the signed-in company when
// there is one), trades the code for the buyer's tokens, keeps them sealed (a second binding of the same member
// renews them) and queues the first import. Every failure is MsgAuthFailed to the buyer, the reason in the log.
func (s *Service) Authorize(ctx context.Context, cb Callback, callerCompany int64, redirectBase string) (*alidb.Account, error) {
	a, err := s.authorize(ctx, cb, callerCompany, redirectBase)
	if err != nil {
		s.log.WarnContext(ctx, "1688 binding failed", "err", err)
		return nil, core.Failed(MsgAuthFailed)
	}
	s.log.InfoContext(ctx, "1688 account bound", "company", a.CompanyID, "member", a.MemberID)
	return a, nil
}

func (s *Service) authorize(ctx context.Context, cb Callback, callerCompany int64, redirectBase string) (*alidb.Account, error) {
	if s.AppMissing() != "" {
		return nil, errors.New("no 1688 application")
	}
	keys, err := s.sealKeys(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	st, err := keys.State.Verify(cb.State, stateKind, now)
	if err != nil {
		return nil, err
	}
	if callerCompany != 0 && callerCompany != st.CompanyID {
		return nil, errors.New("state issued to another company")
	}
	ok, err := storesdb.UseOAuthState(s.db.With(ctx), st.Nonce, st.CompanyID, stateKind, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("state used, expired or unknown")
	}
	if cb.Error != "" || strings.TrimSpace(cb.Code) == "" {
		return nil, fmt.Errorf("consent refused: %q", cb.Error)
	}
	t, err := s.client().ExchangeCode(ctx, strings.TrimSpace(cb.Code), redirectURI(redirectBase))
	if err != nil {
		return nil, err
	}
	if t.MemberID == "" || t.RefreshToken == "" {
		return nil, errors.New("token answer without memberId or refresh_token")
	}
	sealedAccess, err := keys.Cipher.Encrypt(t.AccessToken)
	if err != nil {
		return nil, err
	}
	sealedRefresh, err := keys.Cipher.Encrypt(t.RefreshToken)
	if err != nil {
		return nil, err
	}
	var a *alidb.Account
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		stamp := s.now.Stamp()
		var err error
		a, err = alidb.AccountByMember(tx, st.CompanyID, t.MemberID)
		switch {
		case models.IsNotFound(err):
			a = &alidb.Account{CompanyID: st.CompanyID, MemberID: t.MemberID, CreatedAt: stamp}
		case err != nil:
			return err
		}
		a.LoginID, a.AccessToken, a.RefreshToken = t.ResourceOwner, sealedAccess, sealedRefresh
		a.TokenExpiresAt, a.RefreshExpiresAt = t.ExpiresAt(stamp).UTC(), t.RefreshExpiresAt()
		a.WarehouseID, a.Status, a.UpdatedAt = st.GroupID, alidb.AccountActive, stamp
		if a.ImportState == alidb.ImportQueued || a.ImportState == alidb.ImportRunning {
			return alidb.SaveAccount(tx, a)
		}
		a.ImportState, a.ImportDone, a.ImportTotal, a.ImportError = alidb.ImportQueued, 0, 0, ""
		if err := alidb.SaveAccount(tx, a); err != nil {
			return err
		}
		return s.queue(tx, a)
	})
	return a, err
}

// AccountRow is a bound account as 1688账号绑定 lists it.
type AccountRow struct {
	alidb.Account
	WarehouseName string
	Orders        int64
}

// Accounts lists the company's bound accounts.
func (s *Service) Accounts(ctx context.Context, p core.Principal) ([]AccountRow, error) {
	db := s.db.With(ctx)
	as, err := alidb.Accounts(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	out := make([]AccountRow, len(as))
	for i, a := range as {
		out[i].Account = a
		if w, err := stockdb.WarehouseByID(db, p.CompanyID, p.UserID, a.WarehouseID); err == nil {
			out[i].WarehouseName = w.Name
		}
		if out[i].Orders, err = alidb.CountOrders(db, p.CompanyID, a.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Service) account(db *models.DB, p core.Principal, id string) (*alidb.Account, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatAccount)
	}
	a, err := alidb.AccountByID(db, p.CompanyID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatAccount)
	}
	return a, nil
}

// Unbind removes an account that imported nothing; one whose orders are in keeps them and is refused.
func (s *Service) Unbind(ctx context.Context, p core.Principal, id string) error {
	return s.db.Tx(ctx, func(tx *models.DB) error {
		a, err := s.account(tx, p, id)
		if err != nil {
			return err
		}
		n, err := alidb.CountOrders(tx, p.CompanyID, a.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			return core.Refused(MsgHasOrders)
		}
		return alidb.DeleteAccount(tx, p.CompanyID, a.ID)
	})
}
