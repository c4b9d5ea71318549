package stores

import (
	"context"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/stores"
	storesdb "sellerhub/models/stores"
)

// AliExpressStore is a row of 速卖通店铺授权: the store's name and region, the AliExpress seller account it is
// authorised for, its state (pending 未授权, active 已授权, invalid 授权已失效), when it was authorised and when
// its refresh token ends. No answer carries a token.
type AliExpressStore struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Region     string `json:"region"`
	RegionName string `json:"regionName"`
	SellerID   string `json:"sellerId"`
	UserNick   string `json:"userNick"`
	Status     string `json:"status"`
	StatusName string `json:"statusName"`
	AuthTime   string `json:"authTime"`
	ExpiresAt  string `json:"expiresAt"`
}

// aliExpressStatus are the words of each state.
var aliExpressStatus = map[string]string{storesdb.AliExpressPending: "未授权", storesdb.AliExpressActive: "已授权",
	storesdb.AliExpressInvalid: "授权已失效"}

func (h *Handler) aliExpressStore(r *stores.AliExpressRow) AliExpressStore {
	state := r.State()
	return AliExpressStore{ID: strconv.FormatInt(r.ID, 10), Name: r.Name, Region: r.Region,
		RegionName: storesdb.AliExpressRegionName(r.Region), SellerID: r.SellerID, UserNick: r.UserNick, Status: state,
		StatusName: aliExpressStatus[state], AuthTime: api.FormatTime(r.AuthorizedAt, h.TimeZone),
		ExpiresAt: api.FormatTime(r.RefreshExpiresAt, h.TimeZone)}
}

// AliExpressPage answers POST aeauthority/page {currentpage, pagesize, name}: the company's AliExpress stores by name.
func (h *Handler) AliExpressPage(c *echo.Context) error {
	return api.PageOf(h.AliExpress.Page, h.aliExpressStore)(c)
}

// AliExpressExport answers GET aeauthority/export?<the page's filters>: 速卖通店铺_<date>.xlsx.
func (h *Handler) AliExpressExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "速卖通店铺", "aliexpressStoreList", h.AliExpress.Page, h.aliExpressStore)
}

// AliExpressCreate answers POST aeauthority/stores {name, region} with the new store, not yet authorised.
func (h *Handler) AliExpressCreate(c *echo.Context) error {
	return api.CreateOne(h.AliExpress.Create, h.aliExpressStore)(c)
}

// AliExpressRemove answers DELETE aeauthority/stores/{id}: the store and its tokens are removed.
func (h *Handler) AliExpressRemove(c *echo.Context) error {
	return api.DeleteNoted(h.AliExpress.Store, h.AliExpress.Remove, h.aliExpressStore)(c)
}

// AliExpressAuthURL answers GET aeauthority/getAuthUrl?id with the platform's authorisation page for the store.
func (h *Handler) AliExpressAuthURL(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	link, err := h.AliExpress.ConsentURL(c.Request().Context(), p, c.QueryParam("id"), h.redirectBase(c))
	if err != nil {
		return err
	}
	return api.OK(c, link)
}

// AliExpressRefresh answers POST aeauthority/stores/{id}/refresh (检查授权): the store's tokens renewed, or the
// store marked 授权已失效 with the refusal that says to authorise again.
func (h *Handler) AliExpressRefresh(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	r, err := h.AliExpress.Refresh(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.aliExpressStore(r))
}

// AliExpressAuthResult serves /aliexpress/authresult, where the platform sends the seller back: 授权中 first,
// then the outcome (the store authorised, or the spec's failure text).
func (h *Handler) AliExpressAuthResult(c *echo.Context) error {
	var cb stores.AliExpressCallback
	if err := c.Bind(&cb); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	return h.Result(c, "速卖通店铺授权", func(ctx context.Context) error {
		_, err := h.AliExpress.Authorize(ctx, cb, p.CompanyID)
		return err
	})
}
