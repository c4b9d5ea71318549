package app

import (
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
)

// clientAddress reads a request's client address, which the per-address limits count by: the connection's,
// unless the connection comes from one of the trusted proxies, whose X-Forwarded-For (the nearest address in
// it that is not a trusted proxy) or X-Real-IP names the client. From anyone else those headers are whatever
// the client wrote, and are ignored.
func clientAddress(trusted []*net.IPNet) echo.IPExtractor {
	direct := echo.ExtractIPDirect()
	if len(trusted) == 0 {
		return direct
	}
	// Echo trusts loopback and private addresses by default; only the configured ranges are proxies here.
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	forwarded := echo.ExtractIPFromXFFHeader(opts...)
	isProxy := func(addr string) bool {
		ip := net.ParseIP(addr)
		for _, n := range trusted {
			if ip != nil && n.Contains(ip) {
				return true
			}
		}
		return false
	}
	return func(req *http.Request) string {
		peer := direct(req)
		switch {
		case !isProxy(peer):
			return peer
		case req.Header.Get(echo.HeaderXForwardedFor) != "":
			return forwarded(req)
		}
		if ip := net.ParseIP(strings.Trim(strings.TrimSpace(req.Header.Get(echo.HeaderXRealIP)), "[]")); ip != nil {
			return ip.String()
		}
		return peer
	}
}
