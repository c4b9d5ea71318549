package stores

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// StoreBinding is a store group with its three regions, each with the seller account authorised there (if any)
// and its marketplaces: what getBindSeller and the 店铺管理 list show.
type StoreBinding struct {
	Group   storesdb.StoreGroup
	Regions []RegionBinding
}

// RegionBinding is one region of a store group.
type RegionBinding struct {
	Region storesdb.Region
	// Seller is the region's seller account, nil when it was never authorised.
	Seller *storesdb.Seller
	// Marketplaces are the seller's marketplaces in the reference order.
	Marketplaces []storesdb.Marketplace
	// Advert is the region's advertising authorisation (广告授权), nil when it was never authorised.
	Advert *storesdb.AdvAuth
	// Secret is the client secret of the seller's application: when it ends, and whether Amazon refused it (nil
	// when unknown).
	Secret *SecretInfo
}

// Seller authorisation states as the list names them.
const (
	AuthNone     = "none"
	AuthActive   = "active"
	AuthDisabled = "disabled"
	AuthInvalid  = "invalid"
)

// AuthState is the state of the region's seller authorisation.
func (r RegionBinding) AuthState() string {
	switch {
	case r.Seller == nil:
		return AuthNone
	case r.Seller.Disabled:
		return AuthDisabled
	case r.Seller.Status == storesdb.SellerInvalid:
		return AuthInvalid
	}
	return AuthActive
}

// AdvertState is the state of the region's advertising authorisation: none, active or disabled.
func (r RegionBinding) AdvertState() string {
	switch {
	case r.Advert == nil:
		return AuthNone
	case r.Advert.Disabled:
		return AuthDisabled
	}
	return AuthActive
}

// StoreBindings lists the store groups the user may see with their regions and seller accounts.
func (s *Service) StoreBindings(ctx context.Context, p core.Principal) ([]StoreBinding, error) {
	db := s.db.With(ctx)
	groups, err := storesdb.VisibleStoreGroups(db, p.CompanyID, p.UserID, "")
	if err != nil {
		return nil, err
	}
	return s.bindingsOf(db, p.CompanyID, groups)
}

// StoreAuthQuery is the body of the 店铺管理 list: a page and a part of the store group's name.
type StoreAuthQuery struct {
	core.PageRequest
	Name string `json:"name"`
}

// StoreAuthRow is one row of the 店铺管理 list: a store group in one region.
type StoreAuthRow struct {
	Group  storesdb.StoreGroup
	Region RegionBinding
}

// StoreAuthPage lists a page of the 店铺管理 rows: every store group the user may see, three rows each (北美,
// 欧洲, 远东), by group name. The total counts rows.
func (s *Service) StoreAuthPage(ctx context.Context, p core.Principal, q StoreAuthQuery) ([]StoreAuthRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	per := len(storesdb.Regions)
	first := r.Offset() / per
	last := (r.Offset() + r.Size + per - 1) / per
	db := s.db.With(ctx)
	groups, total, err := storesdb.VisibleStoreGroupPage(db, p.CompanyID, p.UserID, strings.TrimSpace(q.Name), first, last-first)
	if err != nil {
		return nil, 0, r, err
	}
	bindings, err := s.bindingsOf(db, p.CompanyID, groups)
	if err != nil {
		return nil, 0, r, err
	}
	rows := make([]StoreAuthRow, 0, len(bindings)*per)
	for _, b := range bindings {
		for _, rb := range b.Regions {
			rows = append(rows, StoreAuthRow{Group: b.Group, Region: rb})
		}
	}
	skip := r.Offset() - first*per
	rows = rows[min(skip, len(rows)):]
	rows = rows[:min(r.Size, len(rows))]
	return rows, total * int64(per), r, nil
}

func (s *Service) bindingsOf(db *models.DB, companyID int64, groups []storesdb.StoreGroup) ([]StoreBinding, error) {
	ids := make([]int64, len(groups))
	for i, g := range groups {
		ids[i] = g.ID
	}
	sellers, err := storesdb.SellersOfGroups(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	secrets, err := s.secretsOf(db, sellers)
	if err != nil {
		return nil, err
	}
	byGroupRegion := map[string]*storesdb.Seller{}
	for i := range sellers {
		byGroupRegion[fmt.Sprint(sellers[i].GroupID, sellers[i].Region)] = &sellers[i]
	}
	adverts, err := storesdb.AdvAuthsOf(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	advertByGroupRegion := map[string]*storesdb.AdvAuth{}
	for i := range adverts {
		advertByGroupRegion[fmt.Sprint(adverts[i].GroupID, adverts[i].Region)] = &adverts[i]
	}
	out := make([]StoreBinding, len(groups))
	for i, g := range groups {
		out[i] = StoreBinding{Group: g, Regions: make([]RegionBinding, len(storesdb.Regions))}
		for j, region := range storesdb.Regions {
			key := fmt.Sprint(g.ID, region.Code)
			rb := RegionBinding{Region: region, Seller: byGroupRegion[key], Marketplaces: []storesdb.Marketplace{},
				Advert: advertByGroupRegion[key]}
			if rb.Seller != nil {
				rb.Marketplaces, rb.Secret = marketplacesOf(rb.Seller), secrets[rb.Seller.ID]
			}
			out[i].Regions[j] = rb
		}
	}
	return out, nil
}

// marketplacesOf is a seller's marketplaces in the reference order (US, CA, MX...).
func marketplacesOf(s *storesdb.Seller) []storesdb.Marketplace {
	out := []storesdb.Marketplace{}
	for _, sm := range s.Marketplaces {
		if m, ok := storesdb.MarketplaceByID(sm.MarketplaceID); ok {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b storesdb.Marketplace) int { return a.Sort - b.Sort })
	return out
}

// RegionsOfGroup lists the regions where a store group the user may see has an active seller account
// (getRegionByGroup), for the choices of calls that need an authorised region.
func (s *Service) RegionsOfGroup(ctx context.Context, p core.Principal, groupID string) ([]RegionBinding, error) {
	db := s.db.With(ctx)
	g, err := s.visibleGroup(db, p, groupID)
	if err != nil {
		return nil, err
	}
	bindings, err := s.bindingsOf(db, p.CompanyID, []storesdb.StoreGroup{*g})
	if err != nil {
		return nil, err
	}
	out := []RegionBinding{}
	for _, rb := range bindings[0].Regions {
		if rb.AuthState() == AuthActive {
			out = append(out, rb)
		}
	}
	return out, nil
}

// AuthorizedMarketplaces lists the marketplaces of the active seller accounts of the store groups the user may see
// (getAuthMaketplace), once each in the reference order; groupID ("" for all) narrows it to one group.
func (s *Service) AuthorizedMarketplaces(ctx context.Context, p core.Principal, groupID string) ([]storesdb.Marketplace, error) {
	bindings, err := s.StoreBindings(ctx, p)
	if err != nil {
		return nil, err
	}
	if groupID = strings.TrimSpace(groupID); groupID != "" {
		if _, err := s.visibleGroup(s.db.With(ctx), p, groupID); err != nil {
			return nil, err
		}
	}
	seen := map[string]bool{}
	out := []storesdb.Marketplace{}
	for _, b := range bindings {
		if groupID != "" && fmt.Sprint(b.Group.ID) != groupID {
			continue
		}
		for _, rb := range b.Regions {
			if rb.AuthState() != AuthActive {
				continue
			}
			for _, m := range rb.Marketplaces {
				if !seen[m.ID] {
					seen[m.ID] = true
					out = append(out, m)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b storesdb.Marketplace) int { return a.Sort - b.Sort })
	return out, nil
}

// visibleSeller loads a seller account by the id a call names, if its store group is one the user may see.
func (s *Service) visibleSeller(db *models.DB, p core.Principal, raw string) (*storesdb.Seller, error) {
	id, ok := core.ParseID(raw)
	if !ok {
		return nil, core.NotFound(whatSeller)
	}
	seller, err := storesdb.SellerByID(db, p.CompanyID, id)
	if err != nil {
		return nil, core.NotFoundAs(err, whatSeller)
	}
	if _, err := storesdb.VisibleStoreGroup(db, p.CompanyID, p.UserID, seller.GroupID); err != nil {
		return nil, core.NotFoundAs(err, whatSeller)
	}
	return seller, nil
}

// VisibleSeller loads a seller account by the id a call names, if its store group is one the user may see.
func (s *Service) VisibleSeller(ctx context.Context, p core.Principal, sellerID string) (*storesdb.Seller, error) {
	return s.visibleSeller(s.db.With(ctx), p, sellerID)
}

// DisableSeller stops a seller account's authorisation (deleteByLogic): the product stops calling Amazon for it
// until the region is authorised again. Disabling a disabled one changes nothing.
func (s *Service) DisableSeller(ctx context.Context, p core.Principal, sellerID string) error {
	db := s.db.With(ctx)
	seller, err := s.visibleSeller(db, p, sellerID)
	if err != nil {
		return err
	}
	if seller.Disabled {
		return nil
	}
	return core.NotFoundAs(storesdb.DisableSeller(db, p.CompanyID, seller.ID, s.now.Stamp()), whatSeller)
}

// OwnAppForm is saveAuth's body: a seller account authorised through the seller's own developer application
// (self-authorisation in Seller Central gives the refresh token directly, without a consent).
type OwnAppForm struct {
	GroupID          string `json:"groupid"`
	Region           string `json:"region"`
	SellingPartnerID string `json:"sellerid"`
	ClientID         string `json:"clientId"`
	ClientSecret     string `json:"clientSecret"`
	RefreshToken     string `json:"refreshToken"`
}

func (f *OwnAppForm) check() error {
	f.Region = strings.ToUpper(strings.TrimSpace(f.Region))
	if err := core.CheckFields(core.Required(&f.SellingPartnerID, "卖家ID", 30), core.Required(&f.ClientID, "Client ID", 100),
		core.Required(&f.ClientSecret, "Client Secret", 200), core.Required(&f.RefreshToken, "Refresh Token", 2000)); err != nil {
		return err
	}
	if _, ok := storesdb.RegionByCode(f.Region); !ok {
		return core.Invalid(MsgRegionUnknown)
	}
	return nil
}

// SaveOwnApp authorises a store group's region with the seller's own application (saveAuth): the credentials are
// checked by asking Amazon for the seller's marketplaces with them, then stored encrypted. Amazon's refusal or
// absence is reported as such and stores nothing.
func (s *Service) SaveOwnApp(ctx context.Context, p core.Principal, f OwnAppForm) (*storesdb.Seller, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	g, err := s.visibleGroup(s.db.With(ctx), p, f.GroupID)
	if err != nil {
		return nil, err
	}
	seller := &storesdb.Seller{CompanyID: p.CompanyID, GroupID: g.ID, Region: f.Region, SellingPartnerID: f.SellingPartnerID}
	err = s.fetchAndStoreSeller(ctx, seller, amazonApp{ClientID: f.ClientID, ClientSecret: f.ClientSecret}, f.RefreshToken)
	var te *amazon.TokenError
	var ae *amazon.APIError
	var elsewhere *sellerElsewhere
	switch {
	case err == nil:
		return seller, nil
	case errors.As(err, &elsewhere):
		return nil, core.Refused(fmt.Sprintf(MsgSellerElsewhere, elsewhere.group))
	case errors.As(err, &te) && te.Status >= 400 && te.Status < 500 && te.Status != 429,
		errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && ae.Status != 429:
		s.log.Warn("own application refused", "err", err, "selling_partner_id", f.SellingPartnerID)
		return nil, core.Refused(MsgOwnAppRefused)
	}
	s.log.Warn("amazon unreachable", "err", err)
	return nil, core.Failed(MsgAmazonUnreachable)
}
