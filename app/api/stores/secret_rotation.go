package stores

import (
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
)

// RotatedSecret is 轮换应用密钥's answer: the product application's new secret's due day and state, in the
// 店铺管理 list's words.
type RotatedSecret struct {
	SecretDue    string `json:"secretDue"`
	SecretState  string `json:"secretState"`
	SecretStatus string `json:"secretStatus"`
}

// RotateSecret answers POST amzauthority/rotateSecret: the product's Amazon application gets a new client secret
// through Amazon's Application Management API; a refusal (not enrolled, too early, no queue configured) says why
// in Chinese and changes nothing. The application serves every company: only the platform's operators rotate it.
func (h *Handler) RotateSecret(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if ok, err := h.PlatformAdmin(c.Request().Context(), p); err != nil || !ok {
		if err == nil {
			err = core.ErrForbidden
		}
		return err
	}
	info, err := h.Stores.RotateProductSecret(c.Request().Context())
	if err != nil {
		return err
	}
	due := info.Due.In(h.TimeZone).Format(time.DateOnly)
	return api.OK(c, RotatedSecret{SecretDue: due, SecretState: info.State, SecretStatus: secretText(info.State, due)})
}
