package middleware

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/core"
)

// RequireMenu refuses a call or page unless the user was granted the menu entry at path: hiding a menu is a
// convenience, this is the protection. It runs after the session guard.
func RequireMenu(access *admin.Service, path string) echo.MiddlewareFunc {
	return requireGrant(access, func(m *core.UserMenu) bool { return m.Allows(path) })
}

// RequireAnyPermission refuses a call unless the user holds one of the button permissions (a picture upload
// serves both the add and the edit screen).
func RequireAnyPermission(access *admin.Service, codes ...string) echo.MiddlewareFunc {
	return requireGrant(access, func(m *core.UserMenu) bool {
		for _, code := range codes {
			if m.Can(code) {
				return true
			}
		}
		return false
	})
}

func requireGrant(access *admin.Service, ok func(*core.UserMenu) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			p, signedIn := Principal(c)
			if !signedIn {
				return noSession(c)
			}
			m, err := access.UserMenu(c.Request().Context(), p)
			if err != nil {
				return err
			}
			if !ok(m) {
				return core.ErrForbidden
			}
			return next(c)
		}
	}
}
