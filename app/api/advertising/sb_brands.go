package advertising

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// SBChoices are what 创建SB广告 offers for a profile: its brands and its logos, as Amazon has them now.
type SBChoices struct {
	Brands []SBBrand `json:"brands"`
	Logos  []SBLogo  `json:"logos"`
}

// SBBrand is a brand of the seller's Brand Registry.
type SBBrand struct {
	EntityID string `json:"entityId"`
	Name     string `json:"name"`
}

// SBLogo is a logo of the seller's Creative Assets library.
type SBLogo struct {
	AssetID string `json:"assetId"`
	Name    string `json:"name"`
}

// SBBrands answers POST sb/brands {groupId, profileId}: the profile's brands and logos read from Amazon.
func (h *Handler) SBBrands(c *echo.Context) error {
	var in advertising.SBBrandsForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	found, err := h.Ads.SBBrands(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	out := SBChoices{Brands: make([]SBBrand, len(found.Brands)), Logos: make([]SBLogo, len(found.Logos))}
	for i, b := range found.Brands {
		out.Brands[i] = SBBrand{EntityID: b.EntityID, Name: b.Name}
	}
	for i, l := range found.Logos {
		out.Logos[i] = SBLogo{AssetID: l.AssetID, Name: l.Name}
	}
	return api.OK(c, out)
}
