// Package stores serves the store authorization calls of /amazon/api/v1: amzauthority/... (consent links, the
// consent callback, own-application credentials, the store groups with their seller accounts and marketplaces)
// and report/requestReportParamAuth. No answer ever carries a refresh token or a client secret: the shapes below
// are the only way out and hold neither.
package stores

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/amazondata"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/middleware"
	"sellerhub/app/stores"
	storesdb "sellerhub/models/stores"
)

// Handler serves the store authorization calls.
type Handler struct {
	Stores *stores.Service
	// Sync queues a seller account's syncs (requestReportParamAuth).
	Sync     *datasync.Service
	TimeZone *time.Location
	// PublicURL is where users reach the product; Amazon sends sellers back to it. Empty: the request's own host.
	PublicURL string
	// PlatformAdmin tells the platform's operators: the product's application is every company's, so only they
	// may rotate its secret.
	PlatformAdmin func(context.Context, core.Principal) (bool, error)
	// AliExpress is 速卖通店铺授权; Result renders its consent's result page (the shell's, as /authresult's).
	AliExpress *stores.AliExpress
	Result     func(c *echo.Context, title string, work func(context.Context) error) error
}

// Group is a store group as the lists show it.
type Group struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
}

// Marketplace is a marketplace as the lists show it.
type Marketplace struct {
	ID       string `json:"id"`
	Country  string `json:"country"`
	Name     string `json:"name"`
	Region   string `json:"region"`
	Currency string `json:"currency"`
}

// Seller is a seller account: its row id (what deleteByLogic and requestReportParamAuth take), Amazon's seller id,
// its state (active, disabled, invalid) and marketplaces. OwnApp tells it was authorised with the seller's own
// application (saveAuth).
type Seller struct {
	ID           string        `json:"id"`
	SellerID     string        `json:"sellerid"`
	Region       string        `json:"region"`
	Status       string        `json:"status"`
	Disabled     bool          `json:"disabled"`
	OwnApp       bool          `json:"ownApp"`
	AuthTime     string        `json:"authTime"`
	Marketplaces []Marketplace `json:"marketplaces"`
}

// Region is one region of a store group with its seller account (null when never authorised). ID is the seller
// account's row id ("" when never authorised) and GroupID the store group's, as older clients read
// getRegionByGroup's items.
type Region struct {
	ID      string  `json:"id"`
	GroupID string  `json:"groupid"`
	Region  string  `json:"region"`
	Name    string  `json:"name"`
	State   string  `json:"state"`
	Seller  *Seller `json:"seller"`
}

// Binding is a store group with its three regions (getBindSeller). Groupid, Gname and Regionslist are the same
// as older clients read them.
type Binding struct {
	Group
	Regions     []Region      `json:"regions"`
	Groupid     string        `json:"groupid"`
	Gname       string        `json:"gname"`
	Regionslist []OlderRegion `json:"regionslist"`
}

// OlderRegion is one region of a store group as an older client's 店铺授权 list reads it: Amazon's seller id, the
// region's name, its marketplaces (countrysList, whose countrycode names the flag), the seller and advertising
// authorisations' states (sellerauth, adauth: "1" authorised, "0" failed, "2" not authorised, which a disabled
// one is), the advertising authorisation's id while it is active (advid, what disableAuth and captureProfileById
// take; "" otherwise), the seller account's row id (authid) and when each was authorised (time, advtime).
type OlderRegion struct {
	Sellerid     string         `json:"sellerid"`
	Region       string         `json:"region"`
	Regionname   string         `json:"regionname"`
	Sellerauth   string         `json:"sellerauth"`
	Adauth       string         `json:"adauth"`
	Advid        string         `json:"advid"`
	Authid       string         `json:"authid"`
	Time         string         `json:"time"`
	Advtime      string         `json:"advtime"`
	CountrysList []OlderCountry `json:"countrysList"`
}

// OlderCountry is a marketplace in an older client's countrysList.
type OlderCountry struct {
	Countryname   string `json:"countryname"`
	Countrycode   string `json:"countrycode"`
	Marketplaceid string `json:"marketplaceid"`
}

// olderAuth are the older clients' words for an authorisation state.
var olderAuth = map[string]string{stores.AuthActive: "1", stores.AuthInvalid: "0", stores.AuthDisabled: "2", stores.AuthNone: "2"}

func (h *Handler) olderRegion(rb stores.RegionBinding) OlderRegion {
	out := OlderRegion{Region: rb.Region.Code, Regionname: rb.Region.Name, Sellerauth: olderAuth[rb.AuthState()],
		Adauth: olderAuth[rb.AdvertState()], CountrysList: []OlderCountry{}}
	if s := rb.Seller; s != nil {
		out.Sellerid, out.Authid, out.Time = s.SellingPartnerID, strconv.FormatInt(s.ID, 10), api.FormatTime(&s.AuthorizedAt, h.TimeZone)
		for _, m := range rb.Marketplaces {
			out.CountrysList = append(out.CountrysList, OlderCountry{Countryname: m.Name, Countrycode: m.Country, Marketplaceid: m.ID})
		}
	}
	if a := rb.Advert; a != nil {
		out.Advtime = api.FormatTime(&a.AuthorizedAt, h.TimeZone)
		if rb.AdvertState() == stores.AuthActive {
			out.Advid = strconv.FormatInt(a.ID, 10)
		}
	}
	return out
}

func (h *Handler) group(g *storesdb.StoreGroup) Group {
	return Group{ID: strconv.FormatInt(g.ID, 10), Name: g.Name, Remark: g.Remark, CreatedAt: api.FormatTime(&g.CreatedAt, h.TimeZone)}
}

func marketplace(m storesdb.Marketplace) Marketplace {
	return Marketplace{ID: m.ID, Country: m.Country, Name: m.Name, Region: m.Region, Currency: m.Currency}
}

func marketplaces(ms []storesdb.Marketplace) []Marketplace {
	out := make([]Marketplace, len(ms))
	for i, m := range ms {
		out[i] = marketplace(m)
	}
	return out
}

func (h *Handler) region(rb stores.RegionBinding) Region {
	out := Region{Region: rb.Region.Code, Name: rb.Region.Name, State: rb.AuthState()}
	if s := rb.Seller; s != nil {
		out.ID, out.GroupID = strconv.FormatInt(s.ID, 10), strconv.FormatInt(s.GroupID, 10)
		out.Seller = &Seller{ID: strconv.FormatInt(s.ID, 10), SellerID: s.SellingPartnerID, Region: s.Region,
			Status: s.Status, Disabled: s.Disabled, OwnApp: s.ClientID != "",
			AuthTime: api.FormatTime(&s.AuthorizedAt, h.TimeZone), Marketplaces: marketplaces(rb.Marketplaces)}
	}
	return out
}

// redirectBase is the product's address as the seller's browser reaches it, for Amazon's redirect back.
func (h *Handler) redirectBase(c *echo.Context) string {
	if h.PublicURL != "" {
		return strings.TrimRight(h.PublicURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// GetAuthURL answers GET amzauthority/getAuthUrl?groupid&marketplaceid (or &region) with the Seller Central consent
// link as data.
func (h *Handler) GetAuthURL(c *echo.Context) error {
	var q stores.AuthURLQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	link, err := h.Stores.SellerConsentURL(c.Request().Context(), p, q, h.redirectBase(c))
	if err != nil {
		return err
	}
	return api.OK(c, link)
}

// AuthSeller answers GET amzauthority/authSeller?state&selling_partner_id&mws_auth_token&spapi_oauth_code: the
// consent callback. Public: the signed, single-use state authenticates it. data {id} on success; else B0001 with
// the spec's failure text.
func (h *Handler) AuthSeller(c *echo.Context) error {
	var cb stores.SellerCallback
	if err := c.Bind(&cb); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Stores.AuthorizeSeller(c.Request().Context(), cb, p.CompanyID)
	if err != nil {
		return err
	}
	return api.OK(c, map[string]string{"id": strconv.FormatInt(s.ID, 10)})
}

// SaveAuth answers POST amzauthority/saveAuth {groupid, region, sellerid, clientId, clientSecret, refreshToken}:
// a region authorised with the seller's own application; data is the seller account (without its secrets).
func (h *Handler) SaveAuth(c *echo.Context) error {
	var f stores.OwnAppForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Stores.SaveOwnApp(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	rb := stores.RegionBinding{Seller: s, Marketplaces: []storesdb.Marketplace{}}
	for _, sm := range s.Marketplaces {
		if m, ok := storesdb.MarketplaceByID(sm.MarketplaceID); ok {
			rb.Marketplaces = append(rb.Marketplaces, m)
		}
	}
	return api.OK(c, h.region(rb).Seller)
}

// GetBindSeller answers GET amzauthority/getBindSeller: the store groups the user may see, each with its regions,
// seller accounts, marketplaces and authorisation states, in our shape (regions) and the older clients'
// (gname, regionslist).
func (h *Handler) GetBindSeller(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	bindings, err := h.Stores.StoreBindings(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Binding, len(bindings))
	for i := range bindings {
		g := h.group(&bindings[i].Group)
		out[i] = Binding{Group: g, Regions: make([]Region, len(bindings[i].Regions)), Groupid: g.ID, Gname: g.Name,
			Regionslist: make([]OlderRegion, len(bindings[i].Regions))}
		for j, rb := range bindings[i].Regions {
			out[i].Regions[j], out[i].Regionslist[j] = h.region(rb), h.olderRegion(rb)
		}
	}
	return api.OK(c, out)
}

// DeleteByLogic answers GET amzauthority/deleteByLogic?sellerid: the seller account's authorisation is disabled
// (the row stays, marked, until the region is authorised again).
func (h *Handler) DeleteByLogic(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Stores.DisableSeller(c.Request().Context(), p, c.QueryParam("sellerid")); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// GetRegionByGroup answers GET amzauthority/getRegionByGroup?groupid: the regions where the group has an active
// seller account, [{region, name, state, seller}].
func (h *Handler) GetRegionByGroup(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	regions, err := h.Stores.RegionsOfGroup(c.Request().Context(), p, c.QueryParam("groupid"))
	if err != nil {
		return err
	}
	out := make([]Region, len(regions))
	for i, rb := range regions {
		out[i] = h.region(rb)
	}
	return api.OK(c, out)
}

// OlderMarketplace is a marketplace with the older clients' names beside ours: marketplaceid, market (the
// country code) and regionName.
type OlderMarketplace struct {
	Marketplace
	Marketplaceid string `json:"marketplaceid"`
	Market        string `json:"market"`
	RegionName    string `json:"regionName"`
}

// GetMarketByGroup answers GET amzauthority/getMarketByGroup?groupid (the older clients' call): the marketplaces
// of the store group's active seller accounts, or of every store group the user may see when groupid is empty,
// in the reference order. A group the user may not see is 店铺不存在.
func (h *Handler) GetMarketByGroup(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ms, err := h.Stores.AuthorizedMarketplaces(c.Request().Context(), p, c.QueryParam("groupid"))
	if err != nil {
		return err
	}
	regionNames := map[string]string{}
	for _, r := range storesdb.Regions {
		regionNames[r.Code] = r.Name
	}
	out := make([]OlderMarketplace, len(ms))
	for i, m := range ms {
		out[i] = OlderMarketplace{Marketplace: marketplace(m), Marketplaceid: m.ID, Market: m.Country, RegionName: regionNames[m.Region]}
	}
	return api.OK(c, out)
}

// GetAuthMaketplace answers GET amzauthority/getAuthMaketplace[?groupid]: the marketplaces of the active seller
// accounts (the contract's spelling), [{id, country, name, region, currency}].
func (h *Handler) GetAuthMaketplace(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ms, err := h.Stores.AuthorizedMarketplaces(c.Request().Context(), p, c.QueryParam("groupid"))
	if err != nil {
		return err
	}
	return api.OK(c, marketplaces(ms))
}

// Report is one data kind's sync of a seller account as requestReportParamAuth answers it: the sync task, the
// report type that brings the kind, the task's state and when it was queued.
type Report struct {
	ID         string `json:"id"`
	ReportType string `json:"reportType"`
	Status     string `json:"status"`
	CreatedAt  string `json:"createdAt"`
}

// RequestReportParamAuth answers GET report/requestReportParamAuth?sellerid: every data kind's sync of the seller
// account is queued (数据同步 shows them; one already waiting or running is not queued twice); data lists those of
// report kinds.
func (h *Handler) RequestReportParamAuth(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	tasks, err := h.Sync.SyncSeller(c.Request().Context(), p, c.QueryParam("sellerid"))
	if err != nil {
		return err
	}
	// The kinds Amazon answers in a report file, as the older system's clients know them; the catalogue's 父ASIN
	// lookup is queued as well and shows on 数据同步, but it is no report.
	out := []Report{}
	for _, t := range tasks {
		if kind := amazondata.Kind(t.Kind); kind.FromReport() {
			out = append(out, Report{ID: strconv.FormatInt(t.ID, 10), ReportType: kind.ReportType(), Status: t.State,
				CreatedAt: api.FormatTime(&t.UpdatedAt, h.TimeZone)})
		}
	}
	return api.OK(c, out)
}
