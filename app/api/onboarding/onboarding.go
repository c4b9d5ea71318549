// Package onboarding serves 首页's getting started (新手引导) under /erp/api/v1/onboarding: the company's steps,
// which 首页 follows while the first sync runs, and an admin's choice to keep or put the guide away.
package onboarding

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/onboarding"
)

// Handler serves the guide's calls.
type Handler struct {
	Onboarding *onboarding.Service
}

// Guide answers GET onboarding: the steps, each done or to do, with the screen that does it.
func (h *Handler) Guide(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	g, err := h.Onboarding.GuideOf(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, g)
}

// ShownForm is the body of POST onboarding/shown.
type ShownForm struct {
	Shown bool `json:"shown"`
}

// SetShown answers POST onboarding/shown {shown}: an admin keeps the guide on 首页 or puts it away.
func (h *Handler) SetShown(c *echo.Context) error {
	var f ShownForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	g, err := h.Onboarding.SetShown(c.Request().Context(), p, f.Shown)
	if err != nil {
		return err
	}
	return api.OK(c, g)
}
