package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/stores"
	storesdb "sellerhub/models/stores"
	"sellerhub/views"
)

// StoreAuthScreen serves a marketplace's store authorisation: "amazon" is 店铺管理, "aliexpress" 速卖通店铺授权.
func (h *Handler) StoreAuthScreen(platform string) echo.HandlerFunc {
	if platform == "aliexpress" {
		return func(c *echo.Context) error { return aliExpressStoreAuth(h, c) }
	}
	return func(c *echo.Context) error { return amazonStoreAuth(h, c) }
}

// amazonStoreAuth is 店铺管理: the store groups and their authorisations in the storeauth island, with the user's
// button permissions, the marketplaces to authorise by region, and whether the product can ask Amazon for consent.
func amazonStoreAuth(h *Handler, c *echo.Context) error {
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

// aliExpressStoreAuth is 速卖通店铺授权: the company's AliExpress stores in the aestoreauth island, with the user's
// button permissions, the regions to file a store in, and whether the product can ask AliExpress for consent.
func aliExpressStoreAuth(h *Handler, c *echo.Context) error {
	_, _, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	props := views.AliExpressStoreAuthProps{Permissions: menu.Permissions, AppMissing: stores.AliExpressAppMissing(h.Config)}
	for _, r := range storesdb.AliExpressRegions {
		props.Regions = append(props.Regions, views.RegionProps{Code: r.Code, Name: r.Name, Marketplaces: []views.MarketplaceProps{}})
	}
	page := views.AliExpressStoreAuthPage{Page: h.contentPage(c, "速卖通店铺授权", "aestoreauth.js"), Props: props}
	return h.render(c, http.StatusOK, views.AliExpressStoreAuth(page, h.Assets.URL("theme.js")))
}
