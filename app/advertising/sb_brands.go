package advertising

import (
	"context"
	"strings"

	"sellerhub/app/core"
)

// SBBrandsForm asks what 创建SB广告 may choose for a store group's profile (our ids).
type SBBrandsForm struct {
	GroupID   string `json:"groupId"`
	ProfileID string `json:"profileId"`
}

// SBChoices are the profile's brands and logos as Amazon has them now: a seller picks them rather than copying ids
// out of the advertising console.
type SBChoices struct {
	Brands []SBBrandChoice
	Logos  []SBLogoChoice
}

// SBBrandChoice is a brand of the seller's Brand Registry.
type SBBrandChoice struct{ EntityID, Name string }

// SBLogoChoice is a logo of the seller's Creative Assets library.
type SBLogoChoice struct{ AssetID, Name string }

// SBBrands reads the profile's brands and logos at Amazon, for a user who may create campaigns in its store group.
func (s *Service) SBBrands(ctx context.Context, p core.Principal, f SBBrandsForm) (SBChoices, error) {
	group, ok := core.ParseID(strings.TrimSpace(f.GroupID))
	if !ok {
		return SBChoices{}, core.Invalid(MsgCreateGroup)
	}
	id, ok := core.ParseID(strings.TrimSpace(f.ProfileID))
	if !ok {
		return SBChoices{}, core.Invalid(MsgCreateProfile)
	}
	profile, err := s.profileToCreate(ctx, p, group, id)
	if err != nil {
		return SBChoices{}, err
	}
	cr, err := s.startCreation(ctx, p, profile)
	if err != nil {
		return SBChoices{}, err
	}
	api := cr.api
	brands, err := api.Client.SBBrands(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile)
	if err != nil {
		return SBChoices{}, amazonReadFailed(ctx, err)
	}
	logos, err := api.Client.SBLogos(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile)
	if err != nil {
		return SBChoices{}, amazonReadFailed(ctx, err)
	}
	out := SBChoices{Brands: make([]SBBrandChoice, 0, len(brands)), Logos: make([]SBLogoChoice, 0, len(logos))}
	for _, b := range brands {
		out.Brands = append(out.Brands, SBBrandChoice{EntityID: b.BrandEntityID, Name: b.BrandRegistryName})
	}
	for _, l := range logos {
		out.Logos = append(out.Logos, SBLogoChoice{AssetID: l.AssetID, Name: l.Name})
	}
	return out, nil
}

// amazonReadFailed is a read from Amazon that did not answer: the user is told why and may type the ids instead;
// a request that ended is only that.
func amazonReadFailed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	return core.Failed(msgRowAmazonCall + err.Error())
}
