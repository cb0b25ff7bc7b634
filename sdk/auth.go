package sdk

import "github.com/mcpdev/mcpdev/transport"

// ErrInvalidToken is what a token verifier (sdkhttp.AuthOptions.Verify)
// wraps when it refuses a token (any error but a *sdkhttp.StatusError is
// answered 401 invalid_token).
var ErrInvalidToken = transport.ErrInvalidToken

// ErrTokenExpired wraps ErrInvalidToken for a token past its expiry; the
// challenge then says the token expired.
var ErrTokenExpired = transport.ErrTokenExpired

// RequiredScopes tells the HTTP handler the scopes a tool's calls need
// (ToolOptions.Scopes).
func (b httpBackend) RequiredScopes(method, name string) []string {
	if method != "tools/call" {
		return nil
	}
	if t := b.s.tool(name); t != nil {
		return t.scopes
	}
	return nil
}
