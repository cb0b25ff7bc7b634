package oauth

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// checkEndpoints refuses an authorization, token or registration
// endpoint on plain http unless its host is this machine (OAuth 2.1
// §1.5, MCP's authorization spec): the code, the PKCE verifier and the
// client's secrets travel there. The 2025-03-26 fallback's default
// endpoints are checked the same way.
func (d *discovery) checkEndpoints() error {
	for _, e := range []struct{ name, url string }{
		{"authorization", d.authURL}, {"token", d.tokenURL}, {"registration", d.regURL},
	} {
		if e.url != "" && !secureEndpoint(e.url) {
			return fmt.Errorf("%w: %s endpoint %s", ErrInsecureEndpoint, e.name, clean(e.url))
		}
	}
	return nil
}

// secureEndpoint says whether u is https, or http to a loopback host.
func secureEndpoint(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch strings.ToLower(p.Scheme) {
	case "https":
		return true
	case "http":
		return loopbackHost(p.Hostname())
	}
	return false
}

// loopbackHost says whether host is this machine: localhost, an address
// in 127.0.0.0/8, or ::1. A name is not resolved (localhost.example is
// not loopback, whatever it resolves to).
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
