package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
)

// Login types: a password login here, or a session handed over by the single-sign-on server.
const (
	LoginTypeAPI = "api"
	LoginTypeSSO = "sso"
)

// Session keys.
const (
	keyUserID    = "uid"
	keyCompanyID = "cid"
	keyLoginType = "type"
	keyLoginTime = "at"
	keySeen      = "seen"
	// keyPasswordVerified is when users/verifyPassword last succeeded in this session.
	keyPasswordVerified = "pwok"
	// keyEndedElsewhere marks a session that ended because its account signed in from another browser. The ended
	// session keeps only this mark, under its old token, for the rest of its idle time: only that token's holder
	// learns why it ended, and any other token still names no session.
	keyEndedElsewhere = "elsewhere"
)

// touchEvery is how stale a session's last write may get before a request refreshes its idle expiry: writing on
// every request would make each page view a database write. A tenth of the idle time, at most a minute.
func (s *Service) touchEvery() time.Duration {
	return min(time.Minute, s.sessions.IdleTimeout/10)
}

// Principal returns the signed-in user of the session loaded into ctx.
func (s *Service) Principal(ctx context.Context) (core.Principal, bool) {
	uid := s.sessions.GetInt64(ctx, keyUserID)
	if uid == 0 {
		return core.Principal{}, false
	}
	return core.Principal{
		UserID:    uid,
		CompanyID: s.sessions.GetInt64(ctx, keyCompanyID),
		LoginType: s.sessions.GetString(ctx, keyLoginType),
		LoginTime: time.UnixMilli(s.sessions.GetInt64(ctx, keyLoginTime)),
		Token:     s.sessions.Token(ctx),
	}, true
}

// LoadSession loads the session named by token (empty for none) into ctx.
func (s *Service) LoadSession(ctx context.Context, token string) (context.Context, error) {
	if len(token) > 64 {
		token = ""
	}
	return s.sessions.Load(ctx, token)
}

// Touch slides a signed-in session's idle expiry forward, writing the session at most once a minute (and once
// per instance however many requests find it due at once).
func (s *Service) Touch(ctx context.Context) error {
	if _, ok := s.Principal(ctx); !ok {
		return nil
	}
	now := s.now()
	if now.Sub(time.UnixMilli(s.sessions.GetInt64(ctx, keySeen))) < s.touchEvery() ||
		!s.touched.claim(s.sessions.Token(ctx), now, s.touchEvery()) {
		return nil
	}
	s.sessions.Put(ctx, keySeen, now.UnixMilli())
	_, _, err := s.sessions.Commit(ctx)
	return err
}

// Login checks an account's password and starts its web session, ending any other.
func (s *Service) Login(ctx context.Context, account, password, clientIP string) (*accountsdb.User, string, error) {
	u, err := s.checkCredentials(ctx, account, password, clientIP)
	if err != nil {
		return nil, "", err
	}
	token, err := s.StartSession(ctx, u, LoginTypeAPI)
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// checkCredentials is the password check of a login, also made before binding another account (which lets its
// holder switch to it without a password): unknown account and wrong password get the same answer after the same
// work, and the login guard counts failures by account and client address, so neither call can be used to guess
// passwords, nor to lock the owner out. It answers the account only when it may sign in, re-hashing a legacy
// password on the way.
func (s *Service) checkCredentials(ctx context.Context, account, password, clientIP string) (*accountsdb.User, error) {
	account = core.NormalizeAccount(account)
	if account == "" || password == "" {
		return nil, core.Invalid("账号和密码不能为空")
	}
	if err := s.beginPasswordCheck(ctx, account, clientIP); err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	u, err := accountsdb.UserByAccount(db, account)
	if err != nil && !models.IsNotFound(err) {
		return nil, err
	}
	var ok, legacy bool
	if u == nil {
		passwordMatches(dummyHash, "", account, password)
	} else {
		ok, legacy = passwordMatches(u.PasswordHash, u.LegacySalt, u.Account, password)
	}
	if !ok {
		return nil, core.Failed(core.MsgBadCredentials)
	}
	s.logins.Succeeded(account, clientIP)
	if err := s.checkMaySignIn(u); err != nil {
		return nil, err
	}
	if legacy {
		h, err := s.hash(password)
		if err != nil {
			return nil, err
		}
		if err := accountsdb.SetPassword(db, u.ID, h); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// beginPasswordCheck asks the login guard whether account may be tried from address (an attempt counts as a
// failure until the guard hears it succeeded), and makes the pause it asks for.
func (s *Service) beginPasswordCheck(ctx context.Context, account, address string) error {
	return s.beginGuarded(ctx, s.logins, account, address, core.MsgTooManyLogins)
}

// beginGuarded asks guard whether account may be tried from address, refusing with refusedMsg, and makes the
// pause it asks for.
func (s *Service) beginGuarded(ctx context.Context, guard *core.LoginGuard, account, address, refusedMsg string) error {
	switch guard.Begin(account, address) {
	case core.LoginRefused:
		return core.Limited(refusedMsg)
	case core.LoginSlowed:
		var err error
		core.Idle(ctx, func() { err = s.sleep(ctx, loginPause) })
		return err
	}
	return nil
}

// checkMaySignIn refuses accounts that may not start a session: disabled, in a disabled company, or expired.
func (s *Service) checkMaySignIn(u *accountsdb.User) error {
	if u.Status != accountsdb.StatusActive || u.Company.Status != accountsdb.StatusActive {
		return core.Failed(core.MsgAccountDisabled)
	}
	if u.ExpiresAt != nil && s.now().After(*u.ExpiresAt) {
		return core.Failed(core.MsgAccountExpired)
	}
	return nil
}

// StartSession makes the session in ctx the account's one live web session under a fresh token (so a token
// known before login is worthless after it) and ends the account's previous session.
func (s *Service) StartSession(ctx context.Context, u *accountsdb.User, loginType string) (string, error) {
	if err := s.sessions.RenewToken(ctx); err != nil {
		return "", err
	}
	return s.bindSession(ctx, u, loginType)
}

// bindSession makes the session in ctx, under the token it has, the account's one live web session and ends the
// account's previous session. The session starts empty: nothing another account put in it (a login over someone
// else's session, or a switch) carries over.
func (s *Service) bindSession(ctx context.Context, u *accountsdb.User, loginType string) (string, error) {
	if err := s.sessions.Clear(ctx); err != nil {
		return "", err
	}
	now := s.now()
	s.sessions.Put(ctx, keyUserID, u.ID)
	s.sessions.Put(ctx, keyCompanyID, u.CompanyID)
	s.sessions.Put(ctx, keyLoginType, loginType)
	s.sessions.Put(ctx, keyLoginTime, now.UnixMilli())
	s.sessions.Put(ctx, keySeen, now.UnixMilli())
	token, _, err := s.sessions.Commit(ctx)
	if err != nil {
		return "", err
	}
	previous, err := accountsdb.RecordLogin(s.db.With(ctx), u.ID, token, now.UTC())
	if err != nil {
		return "", err
	}
	if previous != "" && previous != token {
		if err := s.markEndedElsewhere(ctx, previous); err != nil {
			return "", err
		}
	}
	return token, nil
}

// markEndedElsewhere ends the session named by token, leaving only the mark that says it ended because its account
// signed in elsewhere. A session already gone stays gone.
func (s *Service) markEndedElsewhere(ctx context.Context, token string) error {
	// A fresh context: scs.Load keeps whatever session a context already carries.
	ended, err := s.sessions.Load(context.Background(), token)
	if err != nil {
		return err
	}
	if s.sessions.Token(ended) != token {
		return nil
	}
	if err := s.sessions.Clear(ended); err != nil {
		return err
	}
	s.sessions.Put(ended, keyEndedElsewhere, true)
	_, _, err = s.sessions.Commit(ended)
	return err
}

// EndedElsewhere tells whether the session loaded into ctx ended because its account signed in elsewhere.
func (s *Service) EndedElsewhere(ctx context.Context) bool {
	return s.sessions.GetBool(ctx, keyEndedElsewhere)
}

// Logout ends the session in ctx.
func (s *Service) Logout(ctx context.Context) error {
	p, ok := s.Principal(ctx)
	if err := s.sessions.Destroy(ctx); err != nil {
		return err
	}
	if ok {
		return accountsdb.ClearSessionToken(s.db.With(ctx), p.UserID, p.Token)
	}
	return nil
}

// EndLiveSession ends an account's live web session, wherever it is: a password reset must sign out whoever
// knew the old password.
func (s *Service) EndLiveSession(ctx context.Context, u *accountsdb.User) error {
	if u.SessionToken == "" {
		return nil
	}
	if err := s.deleteSession(ctx, u.SessionToken); err != nil {
		return err
	}
	return accountsdb.ClearSessionToken(s.db.With(ctx), u.ID, u.SessionToken)
}

// deleteSession removes a session from the store by token. Stores that take a context (the Redis store panics
// without one) are given the request's.
func (s *Service) deleteSession(ctx context.Context, token string) error {
	if cs, ok := s.sessions.Store.(scs.CtxStore); ok {
		return cs.DeleteCtx(ctx, token)
	}
	return s.sessions.Store.Delete(token)
}

// The single-sign-on hand-over. The older system let the SSO server send the browser to
// /ssologin?jsessionid=<session> and adopted that session as it was, so a link carrying anyone's session signed a
// browser in as them. Now /ssologin first starts a round trip (StartSSO: a random state, kept in the browser's
// cookie and sent along to the SSO server), the SSO server trades the session it holds for a one-time code bound
// to that state (HandOverSession, auth/ssohandover) and sends the browser back with both, and /ssologin adopts
// the session only when the state matches the browser's cookie and the code is fresh and unused (RedeemSSOCode).
const (
	// SSORoundTrip is how long a browser's state lasts: its trip through the SSO server, sign-in form included.
	SSORoundTrip = 10 * time.Minute
	// ssoCodeLifetime is how long a code waits for the browser to come back with it: one redirect.
	ssoCodeLifetime = time.Minute
)

// StartSSO begins a browser's round trip through the SSO server: it answers the server's address carrying a fresh
// state (and redirect, the address to return to after sign-in, when given), or "" when SSO is not configured and
// answering. The caller keeps the state in the browser's cookie.
func (s *Service) StartSSO(ctx context.Context, redirect string) (address, state string, err error) {
	addr := s.sso.address(ctx)
	if addr == "" {
		return "", "", nil
	}
	u, err := url.Parse(addr)
	if err != nil {
		return "", "", err
	}
	state = rand.Text()
	q := u.Query()
	q.Set("state", state)
	if redirect != "" {
		q.Set("redirect", redirect)
	}
	u.RawQuery = q.Encode()
	return u.String(), state, nil
}

// HandOverSession is the SSO server's half: it trades the session it holds (p's) for a one-time code that only the
// browser whose round trip carries state can redeem, within a minute.
func (s *Service) HandOverSession(ctx context.Context, p core.Principal, state string) (string, error) {
	if state == "" || len(state) > 64 {
		return "", core.Invalid("state无效")
	}
	code := rand.Text()
	now := s.now.Stamp()
	err := accountsdb.SaveSSOHandover(s.db.With(ctx), &accountsdb.SSOHandover{CodeHash: ssoCodeHash(code), State: state,
		SessionToken: p.Token, ExpiresAt: now.Add(ssoCodeLifetime), CreatedAt: now})
	if err != nil {
		return "", err
	}
	return code, nil
}

// RedeemSSOCode adopts the session behind a hand-over code as the browser's, marked as an SSO login, and answers
// its token. It does so only when SSO is configured, the state in the query is the one in the browser's cookie
// (browserState), and the code was handed out for that state, is not expired, and not used before; and the
// session is still signed in.
func (s *Service) RedeemSSOCode(ctx context.Context, code, state, browserState string) (string, bool, error) {
	if s.cfg.SSOURL == "" || code == "" || len(code) > 64 || state == "" ||
		subtle.ConstantTimeCompare([]byte(state), []byte(browserState)) != 1 {
		return "", false, nil
	}
	token, err := accountsdb.UseSSOHandover(s.db.With(ctx), ssoCodeHash(code), state, s.now.Stamp())
	if err != nil || token == "" {
		return "", false, err
	}
	// A fresh context: scs.Load keeps whatever session a context already carries.
	adopted, err := s.sessions.Load(context.Background(), token)
	if err != nil {
		return "", false, err
	}
	if _, ok := s.Principal(adopted); !ok {
		return "", false, nil
	}
	s.sessions.Put(adopted, keyLoginType, LoginTypeSSO)
	if _, _, err := s.sessions.Commit(adopted); err != nil {
		return "", false, err
	}
	return token, true, nil
}

func ssoCodeHash(code string) string {
	h := sha256.Sum256([]byte(code))
	return hex.EncodeToString(h[:])
}

// ssoProbe asks the SSO server whether it is up, remembering the answer for 30 s so that a busy login page
// does not probe it on every request.
type ssoProbe struct {
	url    string
	client *http.Client
	now    func() time.Time

	mu      sync.Mutex
	checked time.Time
	up      bool
}

func (p *ssoProbe) address(ctx context.Context) string {
	if p.url == "" {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.now().Sub(p.checked) > 30*time.Second {
		p.up = p.probe(ctx)
		p.checked = p.now()
	}
	if p.up {
		return p.url
	}
	return ""
}

func (p *ssoProbe) probe(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.url, nil)
	if err != nil {
		return false
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode < 500
}

// SafeRedirect returns target when it is a same-origin path worth returning to after login, else "/home".
// The sign-in pages themselves, the root and session-fetch addresses are not.
func SafeRedirect(target string) string {
	// Browsers drop tabs and line breaks from URLs and read a backslash as a slash, so "/\t/evil.example" or
	// "/\\evil.example" would leave the site: any control character or backslash disqualifies the address.
	if !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") ||
		strings.ContainsFunc(target, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\\' }) {
		return "/home"
	}
	path := target
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	switch path {
	case "/", "/login", "/ssologin", "/register", "/resetPassword", "/usercenter/resetPassword", "/logout":
		return "/home"
	}
	if strings.HasPrefix(path, "/api/") || strings.Contains(path, "/api/v1/") {
		return "/home"
	}
	return target
}

// IsRefusal tells whether err is a business refusal rather than a fault.
func IsRefusal(err error) bool {
	var e *core.Error
	return errors.As(err, &e)
}
