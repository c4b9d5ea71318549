package middleware

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
)

// Access is who may call a route. Every route declares one where it is registered (app/routes.go); the guards
// that enforce it are built from it, and the access-matrix test reads the declarations back to know what each
// route must refuse. A route registered without one fails that test.
type Access struct {
	// Public routes need no session (sign-in, registration, Amazon's redirects back).
	Public bool
	// Screen is the menu entry (its path) the route belongs to: only users granted it may call the route.
	// Empty for calls any signed-in user of the company may make (drop-downs, the personal center).
	Screen string
	// Permissions are button permissions, any one of which the caller must hold.
	Permissions []string
	// WritesOnGET marks a GET that changes something (the contract keeps a few for its clients): the browser must
	// vouch that the call comes from our own pages (SameOriginGET).
	WritesOnGET bool
}

// Anyone and SignedIn are the two access levels that name no grant.
var (
	Anyone   = Access{Public: true}
	SignedIn = Access{}
)

// Screen is access for those granted the menu entry at path.
func Screen(path string) Access { return Access{Screen: path} }

// Needs is a copy of the access that also requires one of the button permissions.
func (a Access) Needs(codes ...string) Access {
	a.Permissions = append(append([]string(nil), a.Permissions...), codes...)
	return a
}

// ChangesOnGET is a copy of the access for a GET that changes something.
func (a Access) ChangesOnGET() Access {
	a.WritesOnGET = true
	return a
}

// Guards are the middleware enforcing the access, in order: the session (signIn: the JSON API's refusal or the
// pages' redirect to sign-in), then the screen, then the permission.
func (a Access) Guards(access *admin.Service, signIn echo.MiddlewareFunc) []echo.MiddlewareFunc {
	if a.Public {
		return nil
	}
	guards := []echo.MiddlewareFunc{signIn}
	if a.Screen != "" {
		guards = append(guards, RequireMenu(access, a.Screen))
	}
	if len(a.Permissions) > 0 {
		guards = append(guards, RequireAnyPermission(access, a.Permissions...))
	}
	if a.WritesOnGET {
		guards = append(guards, SameOriginGET)
	}
	return guards
}
