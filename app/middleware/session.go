// Package middleware holds the request pipeline pieces: the check of text input, the session loader, the sign-in
// guards, the same-origin check for the JSON API, request logging and the security headers.
package middleware

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
)

// SessionHeader and SessionCookie carry the session id: the JSON API reads the header first (as the
// specification's clients send it), pages use the HttpOnly cookie.
const (
	SessionHeader = "jsessionid"
	SessionCookie = "jsessionid"
)

const (
	principalKey      = "principal"
	endedElsewhereKey = "endedElsewhere"
)

// Sessions loads the request's session into its context, notes who is signed in, and slides the idle expiry.
// A token that names no live session simply yields an empty one.
func Sessions(sessions *accounts.Service) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			token := c.Request().Header.Get(SessionHeader)
			if token == "" {
				if ck, err := c.Cookie(SessionCookie); err == nil {
					token = ck.Value
				}
			}
			// Session ids are plain text; one that is not names no session (and PostgreSQL would refuse to look it up).
			if !plainText(token) {
				token = ""
			}
			ctx, err := sessions.LoadSession(c.Request().Context(), token)
			if err != nil {
				return err
			}
			c.SetRequest(c.Request().WithContext(ctx))
			if p, ok := sessions.Principal(ctx); ok {
				c.Set(principalKey, p)
				if err := sessions.Touch(ctx); err != nil {
					return err
				}
			} else if sessions.EndedElsewhere(ctx) {
				c.Set(endedElsewhereKey, true)
			}
			return next(c)
		}
	}
}

// Principal returns who the request acts for, if anyone is signed in.
func Principal(c *echo.Context) (core.Principal, bool) {
	p, ok := c.Get(principalKey).(core.Principal)
	return p, ok
}

// EndedElsewhere tells whether the request's session ended because its account signed in from another browser.
func EndedElsewhere(c *echo.Context) bool {
	ended, _ := c.Get(endedElsewhereKey).(bool)
	return ended
}

// noSession is the refusal of a call without a live session: 403 A0231, saying why when the session ended because
// its account signed in elsewhere.
func noSession(c *echo.Context) error {
	if EndedElsewhere(c) {
		return core.ErrSignedInElsewhere
	}
	return core.ErrNoSession
}

// RequireSession refuses API calls without a live session: 403 A0231.
func RequireSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if _, ok := Principal(c); !ok {
			return noSession(c)
		}
		return next(c)
	}
}

// RequireSignIn sends page requests without a live session to /ssologin, remembering the address the user
// wanted (a same-origin path) so that sign-in can return there.
func RequireSignIn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if _, ok := Principal(c); ok {
			return next(c)
		}
		return c.Redirect(303, "/ssologin?redirect="+urlQueryEscape(c.Request().URL.RequestURI()))
	}
}

// SetSessionCookie hands the browser its session id: HttpOnly so scripts never see it, SameSite=Lax, and
// without an expiry so that closing the browser forgets it (the server ends it after 3 idle hours anyway).
func SetSessionCookie(c *echo.Context, token string, secure bool) {
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: secure || c.IsTLS()})
}

// ClearSessionCookie tells the browser to forget its session id.
func ClearSessionCookie(c *echo.Context, secure bool) {
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: secure || c.IsTLS()})
}

// SSOStateCookie holds the state of the browser's round trip through the SSO server, sent only to /ssologin,
// where the server sends the browser back: a hand-over code counts only for the browser that holds its state.
const SSOStateCookie = "sso_state"

// SetSSOStateCookie keeps a round trip's state in the browser for as long as the trip may take. SameSite=Lax
// still sends it on the SSO server's redirect back, a top-level navigation.
func SetSSOStateCookie(c *echo.Context, state string, secure bool) {
	c.SetCookie(&http.Cookie{Name: SSOStateCookie, Value: state, Path: "/ssologin", MaxAge: int(accounts.SSORoundTrip.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure || c.IsTLS()})
}

// TakeSSOState returns the browser's round-trip state and tells the browser to forget it: a state serves one
// hand-over.
func TakeSSOState(c *echo.Context, secure bool) string {
	ck, err := c.Cookie(SSOStateCookie)
	if err != nil {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: SSOStateCookie, Value: "", Path: "/ssologin", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: secure || c.IsTLS()})
	return ck.Value
}
