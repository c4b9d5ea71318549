package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	storesdb "sellerhub/models/stores"
	"sellerhub/views"
)

// StoreAuth is 店铺管理: the store groups and their authorisations in the storeauth island, with the user's
// button permissions, the marketplaces to authorise by region, and whether the product can ask Amazon for consent.
func (h *Handler) StoreAuth(c *echo.Context) error {
	p, _, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	operator, err := h.Admin.IsPlatformAdmin(c.Request().Context(), p)
	if err != nil {
		return err
	}
	props := views.StoreAuthProps{Permissions: menu.Permissions, SellerAppMissing: h.Stores.SellerAppMissing(),
		AdvertAppMissing: h.Stores.AdvertisingAppMissing(), PlatformAdmin: operator}
	for _, r := range storesdb.Regions {
		rp := views.RegionProps{Code: r.Code, Name: r.Name, Marketplaces: []views.MarketplaceProps{}}
		for _, m := range storesdb.Marketplaces {
			if m.Region == r.Code {
				rp.Marketplaces = append(rp.Marketplaces, views.MarketplaceProps{ID: m.ID, Name: m.Name, Country: m.Country})
			}
		}
		props.Regions = append(props.Regions, rp)
	}
	page := views.StoreAuthPage{Page: h.contentPage(c, "店铺管理", "storeauth.js"), Props: props}
	return h.render(c, http.StatusOK, views.StoreAuth(page, h.Assets.URL("theme.js")))
}
