package stores

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Messages of the advertising authorisation calls. A consent that fails shows the spec's one failure text
// (MsgAuthFailed), whatever the cause: the log tells the causes apart.
const (
	MsgAdvRegionBad     = "请选择正确的广告区域（北美、欧洲、远东）"
	MsgAdvNotConfigured = "系统未配置亚马逊广告应用，暂不能授权"
	MsgAdvDisabled      = "广告授权已停用，请重新授权"
	MsgAdvTokenRefused  = "广告授权已失效，请重新授权"
	MsgAdvAmazonDown    = "亚马逊广告接口暂时无法访问，请稍后再试"
	// MsgStoreGroupHasAdverts refuses deleting a store group that has advertising authorised (停用 keeps the row).
	MsgStoreGroupHasAdverts = "店铺下还有广告授权，不能删除"
	whatAdvAuth             = "广告授权"
	advertisingRedirect     = "/advresult"
)

// AdvertisingConsentURL is bindUrl: the Login with Amazon consent link for a store group's advertising in a region.
// origin is the address the request came to, used for the way back when no public address is configured.
func (s *Service) AdvertisingConsentURL(ctx context.Context, p core.Principal, groupID, region, origin string) (string, error) {
	region = strings.ToUpper(strings.TrimSpace(region))
	page, ok := s.advertisingConsentPage(region)
	if !ok {
		return "", core.Invalid(MsgAdvRegionBad)
	}
	g, err := s.visibleGroup(s.db.With(ctx), p, groupID)
	if err != nil {
		return "", err
	}
	if msg := s.AdvertisingAppMissing(); msg != "" {
		s.log.WarnContext(ctx, "advertising consent refused: no Amazon application configured",
			slog.String("set", "SELLERHUB_AMAZON_ADV_CLIENT_ID/_SECRET, or SELLERHUB_AMAZON_CLIENT_ID/_SECRET"))
		return "", core.Refused(msg)
	}
	app := s.advertisingApp()
	state, err := s.issueOAuthState(ctx, amazon.State{CompanyID: p.CompanyID, GroupID: g.ID, Kind: amazon.KindAdvert, Region: region})
	if err != nil {
		return "", err
	}
	return amazon.AdvertisingConsentURL(page, app.ClientID, s.advertisingRedirectURI(origin), state), nil
}

// advertisingConsentPage is the region's consent page, on the configured stand-in host when there is one.
func (s *Service) advertisingConsentPage(region string) (string, bool) {
	page, ok := amazon.AdvertisingConsentHosts[region]
	if ok && s.cfg.Amazon.AdvertisingConsentURL != "" {
		page = strings.TrimRight(s.cfg.Amazon.AdvertisingConsentURL, "/") + "/ap/oa"
	}
	return page, ok
}

// advertisingRedirectURI is where Amazon sends the advertiser back; the code exchange repeats it, as LWA requires.
func (s *Service) advertisingRedirectURI(origin string) string {
	base := s.cfg.PublicURL
	if base == "" {
		base = origin
	}
	return strings.TrimRight(base, "/") + advertisingRedirect
}

// advertisingEndpoint is the region's Advertising API host, or the configured stand-in.
func (s *Service) advertisingEndpoint(region string) string {
	if s.cfg.Amazon.AdvertisingURL != "" {
		return strings.TrimRight(s.cfg.Amazon.AdvertisingURL, "/")
	}
	r, _ := storesdb.RegionByCode(region)
	return r.AdvertisingAPI
}

// AdvertisingConsent is what the way back from Amazon carries.
type AdvertisingConsent struct {
	Code  string `json:"code" query:"code" form:"code"`
	State string `json:"state" query:"state" form:"state"`
	// Error is Login with Amazon's refusal (access_denied when the advertiser said no).
	Error string `json:"error" query:"error" form:"error"`
}

// CompleteAdvertisingConsent is bindAdvAuthData: it checks the signed state (and uses it up), exchanges the code at
// Login with Amazon, loads the advertiser's profiles and stores the authorisation with its sealed refresh token and
// the profiles, all or nothing. It needs no session: the state says whose consent it is; but a browser signed in to
// another company (callerCompany, 0 without a session) is refused. Every failure is the spec's one text.
func (s *Service) CompleteAdvertisingConsent(ctx context.Context, in AdvertisingConsent, callerCompany int64, origin string) (*storesdb.AdvAuth, error) {
	auth, err := s.completeAdvertisingConsent(ctx, in, callerCompany, origin)
	if err != nil {
		s.log.WarnContext(ctx, "advertising consent failed", slog.String("reason", err.Error()))
		return nil, core.Failed(MsgAuthFailed)
	}
	s.log.InfoContext(ctx, "advertising consent stored", slog.Int64("company", auth.CompanyID),
		slog.Int64("group", auth.GroupID), slog.String("region", auth.Region))
	return auth, nil
}

func (s *Service) completeAdvertisingConsent(ctx context.Context, in AdvertisingConsent, callerCompany int64, origin string) (*storesdb.AdvAuth, error) {
	st, err := s.redeemOAuthState(ctx, strings.TrimSpace(in.State), amazon.KindAdvert, callerCompany)
	if err != nil {
		return nil, err
	}
	switch {
	case in.Error != "":
		return nil, errors.New("login with amazon answered " + in.Error)
	case strings.TrimSpace(in.Code) == "":
		return nil, errors.New("no code")
	}
	if _, err := storesdb.StoreGroupByID(s.db.With(ctx), st.CompanyID, st.GroupID); err != nil {
		return nil, errors.New("the store group is gone")
	}
	app := s.advertisingApp()
	client := s.advertising(app, st.Region)
	token, err := client.Tokens.LWA.ExchangeCode(ctx, strings.TrimSpace(in.Code), s.advertisingRedirectURI(origin))
	if err != nil {
		return nil, err
	}
	found, err := client.Profiles(ctx, s.advertisingEndpoint(st.Region), token.AccessToken)
	if err != nil {
		return nil, err
	}
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return nil, err
	}
	sealed, err := keys.Cipher.Encrypt(token.RefreshToken)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	var auth *storesdb.AdvAuth
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if auth, err = storesdb.SaveAdvAuth(tx, st.CompanyID, st.GroupID, st.Region, sealed, now); err != nil {
			return err
		}
		return storesdb.ReplaceAdvProfiles(tx, st.CompanyID, auth.ID, advProfiles(found), now)
	})
	return auth, err
}

// advProfiles turns Amazon's profiles into stored ones.
func advProfiles(found []amazon.Profile) []storesdb.AdvProfile {
	out := make([]storesdb.AdvProfile, len(found))
	for i, f := range found {
		out[i] = storesdb.AdvProfile{ProfileID: f.ProfileID, CountryCode: f.CountryCode, CurrencyCode: f.CurrencyCode,
			Timezone: f.Timezone, MarketplaceID: f.AccountInfo.MarketplaceStringID, AccountID: f.AccountInfo.ID,
			AccountType: f.AccountInfo.Type, AccountName: f.AccountInfo.Name}
	}
	return out
}

// DisableAdvertising is disableAuth (停用): the authorisation stays listed but is no longer used.
func (s *Service) DisableAdvertising(ctx context.Context, p core.Principal, id string) (*storesdb.AdvAuth, error) {
	auth, err := s.visibleAdvAuth(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if err := storesdb.DisableAdvAuth(s.db.With(ctx), p.CompanyID, auth.ID, s.now().UTC()); err != nil {
		return nil, err
	}
	if keys, err := s.amazonKeys(ctx); err == nil {
		if token, err := keys.Cipher.Decrypt(auth.RefreshToken); err == nil {
			s.advertising(s.advertisingApp(), auth.Region).Tokens.Forget(token)
		}
	}
	return storesdb.AdvAuthByID(s.db.With(ctx), p.CompanyID, auth.ID)
}

// RefreshAdvertisingProfiles is captureProfileById: it asks Amazon again for the profiles an authorisation
// reaches and stores them (known ones keep their id).
func (s *Service) RefreshAdvertisingProfiles(ctx context.Context, p core.Principal, id string) ([]storesdb.AdvProfile, error) {
	auth, err := s.visibleAdvAuth(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if auth.Disabled {
		return nil, core.Refused(MsgAdvDisabled)
	}
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return nil, err
	}
	refresh, err := keys.Cipher.Decrypt(auth.RefreshToken)
	if err != nil {
		return nil, err
	}
	client := s.advertising(s.advertisingApp(), auth.Region)
	found, err := client.ProfilesWithRefreshToken(ctx, s.advertisingEndpoint(auth.Region), refresh)
	if err != nil {
		return nil, s.advertisingRefusal(ctx, client, refresh, err)
	}
	if err := s.db.Tx(ctx, func(tx *models.DB) error {
		return storesdb.ReplaceAdvProfiles(tx, p.CompanyID, auth.ID, advProfiles(found), s.now().UTC())
	}); err != nil {
		return nil, err
	}
	return storesdb.AdvProfilesOf(s.db.With(ctx), p.CompanyID, auth.GroupID)
}

// advertisingRefusal turns a failed call to Amazon into what the user is told: authorise again when Amazon no
// longer accepts the token, try later when Amazon could not answer.
func (s *Service) advertisingRefusal(ctx context.Context, client *amazon.Advertising, refresh string, err error) error {
	s.log.WarnContext(ctx, "advertising api call failed", slog.String("reason", err.Error()))
	var ae *amazon.AdvertisingError
	if amazon.IsInvalidGrant(err) || (errors.As(err, &ae) && ae.Status == 401) {
		client.Tokens.Forget(refresh)
		return core.Refused(MsgAdvTokenRefused)
	}
	return core.Refused(MsgAdvAmazonDown)
}

// AdvertisingProfiles is loadProfile: the profiles of a store group's authorisations in use.
func (s *Service) AdvertisingProfiles(ctx context.Context, p core.Principal, groupID string) ([]storesdb.AdvProfile, error) {
	g, err := s.visibleGroup(s.db.With(ctx), p, groupID)
	if err != nil {
		return nil, err
	}
	return storesdb.AdvProfilesOf(s.db.With(ctx), p.CompanyID, g.ID)
}

// AdvertisingGroups is advManager/getGroup: the store groups the user sees that have advertising authorised.
func (s *Service) AdvertisingGroups(ctx context.Context, p core.Principal) ([]storesdb.StoreGroup, error) {
	db := s.db.With(ctx)
	visible, err := storesdb.VisibleStoreGroups(db, p.CompanyID, p.UserID, "")
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(visible))
	for i, g := range visible {
		ids[i] = g.ID
	}
	return storesdb.GroupsWithAdvertising(db, p.CompanyID, ids)
}

// visibleAdvAuth loads an authorisation of a store group the user sees, or answers 广告授权不存在.
func (s *Service) visibleAdvAuth(ctx context.Context, p core.Principal, id string) (*storesdb.AdvAuth, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatAdvAuth)
	}
	auth, err := storesdb.AdvAuthByID(s.db.With(ctx), p.CompanyID, n)
	if models.IsNotFound(err) {
		return nil, core.NotFound(whatAdvAuth)
	}
	if err != nil {
		return nil, err
	}
	if _, err := storesdb.VisibleStoreGroup(s.db.With(ctx), p.CompanyID, p.UserID, auth.GroupID); err != nil {
		return nil, core.NotFound(whatAdvAuth)
	}
	return auth, nil
}

// AdvertisingAppMissing is the refusal of advertising consent while the product has no application for the
// Advertising API, "" once it has one: the 店铺管理 screen shows it on 授权广告 before anything opens.
func (s *Service) AdvertisingAppMissing() string {
	if s.advertisingApp().ClientID == "" {
		return MsgAdvNotConfigured
	}
	return ""
}

// advertisingApp is the Login with Amazon application of advertising consents: its own when configured
// (SELLERHUB_AMAZON_ADV_CLIENT_ID, an application approved for the Advertising API), else the product's.
func (s *Service) advertisingApp() amazonApp {
	if s.cfg.Amazon.AdvertisingClientID != "" {
		return amazonApp{ClientID: s.cfg.Amazon.AdvertisingClientID, ClientSecret: s.cfg.Amazon.AdvertisingClientSecret.Reveal()}
	}
	return s.productApp()
}

// advertising is the Advertising API client of an application in a region. Login with Amazon answers advertising
// grants per region (api.amazon.com, api.amazon.co.uk, api.amazon.co.jp), so each region has its own token
// endpoint and access-token cache.
func (s *Service) advertising(app amazonApp, region string) *amazon.Advertising {
	tokenURL := s.cfg.Amazon.AdvertisingTokenURL
	if tokenURL == "" {
		tokenURL = amazon.AdvertisingTokenURLs[region]
	}
	k := s.amazon
	k.mu.Lock()
	defer k.mu.Unlock()
	key := "advertising\x00" + tokenURL + "\x00" + app.ClientID + "\x00" + app.ClientSecret
	t, ok := k.tokens[key]
	if !ok {
		lwa := s.lwa(app)
		lwa.TokenURL = tokenURL
		t = amazon.NewAccessTokens(lwa)
		k.tokens[key] = t
	}
	return &amazon.Advertising{HTTP: k.http, Tokens: t, ClientID: app.ClientID}
}
