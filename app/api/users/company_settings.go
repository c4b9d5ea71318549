package users

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// CompanySettings is 公司设置: which day a "day" means (marketplace or beijing) and its name.
type CompanySettings struct {
	DayZone     string `json:"dayZone"`
	DayZoneName string `json:"dayZoneName"`
}

func companySettings(zone string) CompanySettings {
	return CompanySettings{DayZone: zone, DayZoneName: accounts.DayZoneNames[zone]}
}

// GetCompanySettings answers GET company/settings: every user of the company reads which day its figures count.
func (h *Handler) GetCompanySettings(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	zone, err := h.Accounts.DayZone(c.Request().Context(), p.CompanyID)
	if err != nil {
		return err
	}
	return api.OK(c, companySettings(zone))
}

// SaveCompanySettings answers PUT company/settings {dayZone: marketplace or beijing}.
func (h *Handler) SaveCompanySettings(c *echo.Context) error {
	var f accounts.CompanySettingsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	zone, err := h.Accounts.SaveCompanySettings(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, companySettings(zone))
}
