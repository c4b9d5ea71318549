// Package advertising serves the advertising authorisation calls of /amazonadv/api/v1: advert/bindUrl (the consent
// link), advert/bindAdvAuthData (the way back from Amazon, public but protected by the signed state),
// advert/disableAuth, advert/loadProfile, advert/captureProfileById and advManager/getGroup.
package advertising

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/stores"
	storesdb "sellerhub/models/stores"
)

// Handler serves the advertising calls.
type Handler struct {
	Stores *stores.Service
	// Ads reads the synced Sponsored Products (广告管理).
	Ads *advertising.Service
	// Indicators is 指标分析: the advertised SKUs' spend against all their sales.
	Indicators *advertising.Indicators
	TimeZone   *time.Location
}

// Auth is an advertising authorisation as the store list shows it. The token never leaves the service.
type Auth struct {
	ID           string `json:"id"`
	GroupID      string `json:"groupid"`
	Region       string `json:"region"`
	Disabled     bool   `json:"disable"`
	AuthorizedAt string `json:"opttime"`
	DisabledAt   string `json:"disableTime"`
}

// Profile is an advertising profile: Amazon's fields, the marketplace's Chinese name, and ftime, the current time
// in the profile's zone (advertising days run on it).
type Profile struct {
	ID            string `json:"id"`
	AuthID        string `json:"authid"`
	GroupID       string `json:"groupid"`
	Region        string `json:"region"`
	ProfileID     string `json:"profileId"`
	CountryCode   string `json:"countryCode"`
	CurrencyCode  string `json:"currencyCode"`
	Timezone      string `json:"timezone"`
	MarketplaceID string `json:"marketplaceId"`
	MarketName    string `json:"marketname"`
	AccountID     string `json:"accountId"`
	AccountType   string `json:"accountType"`
	AccountName   string `json:"accountName"`
	LocalTime     string `json:"ftime"`
	CapturedAt    string `json:"capturedAt"`
}

// Group is a store group with advertising, as the advertising screens' picker offers it.
type Group struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// AuthOf shapes an authorisation; the store list uses it too.
func AuthOf(a *storesdb.AdvAuth, loc *time.Location) Auth {
	return Auth{ID: strconv.FormatInt(a.ID, 10), GroupID: strconv.FormatInt(a.GroupID, 10), Region: a.Region,
		Disabled: a.Disabled, AuthorizedAt: api.FormatTime(&a.AuthorizedAt, loc), DisabledAt: api.FormatTime(a.DisabledAt, loc)}
}

func (h *Handler) profile(p *storesdb.AdvProfile, now time.Time) Profile {
	out := Profile{ID: strconv.FormatInt(p.ID, 10), AuthID: strconv.FormatInt(p.AuthID, 10),
		GroupID: strconv.FormatInt(p.GroupID, 10), Region: p.Region, ProfileID: strconv.FormatInt(p.ProfileID, 10),
		CountryCode: p.CountryCode, CurrencyCode: p.CurrencyCode, Timezone: p.Timezone, MarketplaceID: p.MarketplaceID,
		AccountID: p.AccountID, AccountType: p.AccountType, AccountName: p.AccountName,
		CapturedAt: api.FormatTime(&p.CapturedAt, h.TimeZone)}
	if m, ok := storesdb.MarketplaceByID(p.MarketplaceID); ok {
		out.MarketName = m.Name
	}
	if loc, err := time.LoadLocation(p.Timezone); err == nil && p.Timezone != "" {
		out.LocalTime = now.In(loc).Format(api.DateTimeLayout)
	}
	return out
}

func (h *Handler) profiles(rows []storesdb.AdvProfile) []Profile {
	now := time.Now()
	out := make([]Profile, len(rows))
	for i := range rows {
		out[i] = h.profile(&rows[i], now)
	}
	return out
}

// BindURL answers GET advert/bindUrl?groupid&region with the consent link.
func (h *Handler) BindURL(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	u, err := h.Stores.AdvertisingConsentURL(c.Request().Context(), p, c.QueryParam("groupid"), c.QueryParam("region"), middleware.RequestOrigin(c))
	if err != nil {
		return err
	}
	return api.OK(c, u)
}

// BindAdvAuthData answers advert/bindAdvAuthData {code, state} (query or body) with the stored authorisation's
// id, or the spec's failure text.
func (h *Handler) BindAdvAuthData(c *echo.Context) error {
	var in stores.AdvertisingConsent
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	auth, err := h.Stores.CompleteAdvertisingConsent(c.Request().Context(), in, p.CompanyID, middleware.RequestOrigin(c))
	if err != nil {
		return err
	}
	return api.OK(c, map[string]string{"id": strconv.FormatInt(auth.ID, 10)})
}

// DisableAuth answers GET advert/disableAuth?id with the disabled authorisation.
func (h *Handler) DisableAuth(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	auth, err := h.Stores.DisableAdvertising(c.Request().Context(), p, c.QueryParam("id"))
	if err != nil {
		return err
	}
	return api.OK(c, AuthOf(auth, h.TimeZone))
}

// LoadProfile answers GET advert/loadProfile?groupid with the group's profiles in use.
func (h *Handler) LoadProfile(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stores.AdvertisingProfiles(c.Request().Context(), p, c.QueryParam("groupid"))
	if err != nil {
		return err
	}
	return api.OK(c, h.profiles(rows))
}

// CaptureProfileByID answers GET advert/captureProfileById?id (an authorisation's id) with its group's profiles
// after asking Amazon again.
func (h *Handler) CaptureProfileByID(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stores.RefreshAdvertisingProfiles(c.Request().Context(), p, c.QueryParam("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.profiles(rows))
}

// GetGroup answers GET advManager/getGroup with the store groups that have advertising.
func (h *Handler) GetGroup(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stores.AdvertisingGroups(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Group, len(rows))
	for i, g := range rows {
		out[i] = Group{ID: strconv.FormatInt(g.ID, 10), Name: g.Name}
	}
	return api.OK(c, out)
}
