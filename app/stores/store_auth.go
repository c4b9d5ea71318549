package stores

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Messages of the store authorization calls. The three of the result page are the spec's, word for word.
const (
	MsgAuthWorkingTitle = "授权中"
	MsgAuthWorking      = "授权进行中。。。"
	MsgAuthSucceeded    = "授权成功，请回到授权列表页面刷新。"
	MsgAuthFailed       = "授权失败，请再次尝试（注意：您必须在店铺所在的网络环境重新尝试）"

	MsgMarketplaceUnknown  = "站点不存在"
	MsgRegionUnknown       = "请选择区域（北美、欧洲或远东）"
	MsgAmazonAppMissing    = "未配置亚马逊应用，请联系管理员"
	MsgSellerMissing       = "卖家账号不存在"
	MsgSellerDisabled      = "该店铺授权已停用，请重新授权"
	MsgSellerElsewhere     = "该卖家账号已授权在店铺“%s”下，请先停用那里的授权"
	MsgOwnAppRefused       = "亚马逊拒绝了这些凭证，请检查卖家ID、Client ID、Client Secret和Refresh Token"
	MsgAmazonUnreachable   = "暂时无法连接亚马逊，请稍后再试"
	msgSellerElsewhereLogs = "seller authorised in another store group"
)

const whatSeller = "卖家账号"

// AuthURLQuery is getAuthUrl's query: the store group and the marketplace (or just the region) to authorise.
type AuthURLQuery struct {
	GroupID       string `query:"groupid"`
	MarketplaceID string `query:"marketplaceid"`
	Region        string `query:"region"`
}

// SellerConsentURL is the Seller Central consent link for a store group: Amazon asks the seller to approve the
// product's application and sends them back to redirectBase + /authresult with a code. The state in it is signed,
// bound to the company, group and region, and may be redeemed once within 15 minutes.
func (s *Service) SellerConsentURL(ctx context.Context, p core.Principal, q AuthURLQuery, redirectBase string) (string, error) {
	if msg := s.SellerAppMissing(); msg != "" {
		// The seller is told to ask the administrator; the variables to set are for the administrator, in the log.
		s.log.WarnContext(ctx, "seller consent refused: no Amazon application configured",
			slog.String("set", "SELLERHUB_AMAZON_APP_ID, SELLERHUB_AMAZON_CLIENT_ID, SELLERHUB_AMAZON_CLIENT_SECRET"))
		return "", core.Refused(msg)
	}
	g, err := s.visibleGroup(s.db.With(ctx), p, q.GroupID)
	if err != nil {
		return "", err
	}
	m, err := consentMarketplace(q)
	if err != nil {
		return "", err
	}
	state, err := s.issueOAuthState(ctx, amazon.State{CompanyID: p.CompanyID, GroupID: g.ID, Kind: amazon.KindSeller,
		Region: m.Region, Marketplace: m.ID})
	if err != nil {
		return "", err
	}
	host := m.SellerCentral
	if s.cfg.Amazon.ConsentURL != "" {
		host = s.cfg.Amazon.ConsentURL
	}
	v := url.Values{"application_id": {s.cfg.Amazon.AppID}, "state": {state},
		"redirect_uri": {strings.TrimRight(redirectBase, "/") + "/authresult"}}
	if s.cfg.Amazon.DraftApp {
		v.Set("version", "beta")
	}
	return strings.TrimRight(host, "/") + "/apps/authorize/consent?" + v.Encode(), nil
}

// SellerAppMissing is the refusal of seller consent while the product has no Amazon application (its id and Login
// with Amazon client), "" once it has one: the 店铺管理 screen shows it on 授权 before anything opens.
func (s *Service) SellerAppMissing() string {
	if s.cfg.Amazon.AppID == "" || s.cfg.Amazon.ClientID == "" {
		return MsgAmazonAppMissing
	}
	return ""
}

// consentMarketplace is the marketplace whose Seller Central asks for consent: the one named, else the region's
// first (a seller account covers its whole region whichever Seller Central approves it).
func consentMarketplace(q AuthURLQuery) (storesdb.Marketplace, error) {
	if id := strings.TrimSpace(q.MarketplaceID); id != "" {
		m, ok := storesdb.MarketplaceByID(id)
		if !ok {
			return m, core.Invalid(MsgMarketplaceUnknown)
		}
		return m, nil
	}
	region := strings.ToUpper(strings.TrimSpace(q.Region))
	if region == "" {
		return storesdb.Marketplace{}, core.Invalid(core.MsgMarketplaceEmpty)
	}
	for _, m := range storesdb.Marketplaces {
		if m.Region == region {
			return m, nil
		}
	}
	return storesdb.Marketplace{}, core.Invalid(MsgRegionUnknown)
}

// SellerCallback is what Amazon's redirect back from the consent carries (authSeller's query).
type SellerCallback struct {
	State            string `query:"state"`
	SellingPartnerID string `query:"selling_partner_id"`
	MWSAuthToken     string `query:"mws_auth_token"`
	Code             string `query:"spapi_oauth_code"`
}

// AuthorizeSeller finishes a consent: it redeems the state (signed, unexpired, unused, and of the caller's company
// when the browser is signed in: callerCompany, 0 without a session), exchanges the code for a refresh token,
// asks Amazon which marketplaces the seller takes part in, and stores the seller account for the state's store
// group and region with its marketplaces. It returns the seller row. Every failure is the spec's failure text
// (the log tells why) and stores nothing.
func (s *Service) AuthorizeSeller(ctx context.Context, cb SellerCallback, callerCompany int64) (*storesdb.Seller, error) {
	seller, err := s.authorizeSeller(ctx, cb, callerCompany)
	if err != nil {
		s.log.Warn("seller authorisation failed", "err", err, "selling_partner_id", cb.SellingPartnerID)
		return nil, core.Failed(MsgAuthFailed)
	}
	s.log.Info("seller authorised", "company", seller.CompanyID, "group", seller.GroupID, "region", seller.Region,
		"selling_partner_id", seller.SellingPartnerID)
	return seller, nil
}

func (s *Service) authorizeSeller(ctx context.Context, cb SellerCallback, callerCompany int64) (*storesdb.Seller, error) {
	cb.SellingPartnerID, cb.Code = strings.TrimSpace(cb.SellingPartnerID), strings.TrimSpace(cb.Code)
	st, err := s.redeemOAuthState(ctx, cb.State, amazon.KindSeller, callerCompany)
	if err != nil {
		return nil, err
	}
	if cb.SellingPartnerID == "" || cb.Code == "" || len(cb.SellingPartnerID) > 30 || len(cb.MWSAuthToken) > 100 {
		return nil, errors.New("callback without a selling partner id or code")
	}
	if _, err := storesdb.StoreGroupByID(s.db.With(ctx), st.CompanyID, st.GroupID); err != nil {
		return nil, err
	}
	app := s.productApp()
	token, err := s.lwa(app).ExchangeCode(ctx, cb.Code, "")
	if err != nil {
		return nil, err
	}
	seller := &storesdb.Seller{CompanyID: st.CompanyID, GroupID: st.GroupID, Region: st.Region,
		SellingPartnerID: cb.SellingPartnerID, MWSAuthToken: cb.MWSAuthToken}
	if err := s.fetchAndStoreSeller(ctx, seller, app, token.RefreshToken); err != nil {
		return nil, err
	}
	return seller, nil
}

// fetchAndStoreSeller reads the seller's marketplaces with the refresh token and stores the seller account with
// the token (and the application's secret, when it is the seller's own) encrypted, in one transaction.
func (s *Service) fetchAndStoreSeller(ctx context.Context, seller *storesdb.Seller, app amazonApp, refreshToken string) error {
	participations, err := s.sellingPartner(app).MarketplaceParticipations(ctx, s.sellingPartnerEndpoint(seller.Region), refreshToken)
	if err != nil {
		return err
	}
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return err
	}
	if seller.RefreshToken, err = keys.Cipher.Encrypt(refreshToken); err != nil {
		return err
	}
	now := s.now.Stamp()
	if app != s.productApp() {
		seller.ClientID = app.ClientID
		if seller.ClientSecret, err = keys.Cipher.Encrypt(app.ClientSecret); err != nil {
			return err
		}
		// A new secret starts its 180 days; the same one authorised again keeps its day and its reminders.
		seller.ClientSecretIssuedAt = &now
		if old, err := storesdb.SellerOfGroupRegion(s.db.With(ctx), seller.CompanyID, seller.GroupID, seller.Region); err == nil &&
			old.ClientID == app.ClientID && old.ClientSecretIssuedAt != nil {
			if secret, err := keys.Cipher.Decrypt(old.ClientSecret); err == nil && secret == app.ClientSecret {
				seller.ClientSecretIssuedAt, seller.SecretReminded = old.ClientSecretIssuedAt, old.SecretReminded
			}
		}
	}
	seller.Status, seller.AuthorizedAt, seller.CreatedAt, seller.UpdatedAt = storesdb.SellerActive, now, now, now
	markets := sellerMarketplaces(participations, seller.Region)
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if other, err := storesdb.ActiveSellerElsewhere(tx, seller.CompanyID, seller.GroupID, seller.Region, seller.SellingPartnerID); err == nil {
			g, _ := storesdb.StoreGroupByID(tx, seller.CompanyID, other.GroupID)
			name := ""
			if g != nil {
				name = g.Name
			}
			return &sellerElsewhere{group: name}
		} else if !models.IsNotFound(err) {
			return err
		}
		if err := storesdb.SaveSellerAuthorization(tx, seller, markets); err != nil {
			return err
		}
		if s.sellerAuthorized == nil {
			return nil
		}
		return s.sellerAuthorized(tx, seller)
	})
}

// sellerElsewhere refuses a seller account that is active in another store group of the company.
type sellerElsewhere struct{ group string }

func (e *sellerElsewhere) Error() string { return msgSellerElsewhereLogs + ": " + e.group }

// sellerMarketplaces keeps the participations in the product's marketplaces of the seller's region (Amazon also
// lists non-retail ones, such as the Non-Amazon marketplaces of multi-channel fulfilment).
func sellerMarketplaces(ps []amazon.Participation, region string) []storesdb.SellerMarketplace {
	out := []storesdb.SellerMarketplace{}
	seen := map[string]bool{}
	for _, p := range ps {
		m, ok := storesdb.MarketplaceByID(p.Marketplace.ID)
		if !ok || m.Region != region || seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		out = append(out, storesdb.SellerMarketplace{MarketplaceID: m.ID, Participating: p.Participation.IsParticipating})
	}
	return out
}
