// Package jwtauth verifies JWT access tokens (RFC 9068) for an sdk server
// acting as an OAuth 2.1 resource server: sdkhttp.AuthOptions.Verify.
//
//	verify := jwtauth.Verifier("https://auth.example.com", "https://mcp.example.com/mcp",
//		map[string]crypto.PublicKey{"key-1": publicKey}, nil)
//	sdkhttp.ListenAndServe(ctx, s, ":8000", &sdkhttp.Options{Auth: &sdkhttp.AuthOptions{Verify: verify, …}})
//
// Tools read the verified token as sdk.RequestFrom(ctx).Identity: its
// subject, scopes, expiry and every claim (Identity.Claims). The raw
// token also reaches them, in sdk.RequestFrom(ctx).Header's
// Authorization: never pass it on to another service (its audience is
// this server; MCP forbids token passthrough).
//
// It is a package of its own so that servers that do not use JWTs do not
// link a JOSE library.
package jwtauth

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk"
)

// Options tunes a Verifier. The zero value is ready to use.
type Options struct {
	// Algorithms are the signature algorithms accepted (default RS256 and
	// ES256). "none" and HMAC algorithms are never accepted: a resource
	// server holds public keys only.
	Algorithms []string
	// Leeway tolerates clock skew when checking exp, nbf and iat.
	Leeway time.Duration
}

// Verifier returns a Verify function for sdkhttp.AuthOptions that accepts a
// JWT only when it is signed by one of keys (chosen by the token's "kid"
// header; a token without one is checked against the only key, when
// there is one), issued by issuer ("iss"), meant for audience ("aud":
// the server's resource URL, as MCP requires, RFC 8707) and not expired
// ("exp" is required). The identity it returns has the token's "sub",
// its client ("client_id", or "azp"), its scopes (the "scope" claim, space-separated, or "scp", a list or a
// string), its expiry and every claim. A refused token's error wraps
// sdk.ErrInvalidToken (and sdk.ErrTokenExpired when it expired).
//
// Verifier panics on a programming error: an empty issuer or audience,
// no keys, or an algorithm it does not accept.
func Verifier(issuer, audience string, keys map[string]crypto.PublicKey, opts *Options) func(context.Context, string) (*sdk.Identity, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if issuer == "" || audience == "" || len(keys) == 0 {
		panic("jwtauth: Verifier needs an issuer, an audience and at least one key")
	}
	algs := o.Algorithms
	if len(algs) == 0 {
		algs = []string{"RS256", "ES256"}
	}
	for _, a := range algs {
		if a == "none" || strings.HasPrefix(a, "HS") || jwt.GetSigningMethod(a) == nil {
			panic(fmt.Sprintf("jwtauth: algorithm %q is not accepted", a))
		}
	}
	parser := jwt.NewParser(jwt.WithValidMethods(algs), jwt.WithIssuer(issuer), jwt.WithAudience(audience),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithLeeway(o.Leeway))
	keyFor := func(t *jwt.Token) (any, error) { return pickKey(keys, t) }
	return func(_ context.Context, token string) (*sdk.Identity, error) {
		claims := jwt.MapClaims{}
		if _, err := parser.ParseWithClaims(token, claims, keyFor); err != nil {
			return nil, refusal(err)
		}
		return identity(claims), nil
	}
}

// pickKey finds the key a token names.
func pickKey(keys map[string]crypto.PublicKey, t *jwt.Token) (any, error) {
	kid, _ := t.Header["kid"].(string)
	if kid == "" && len(keys) == 1 {
		for _, k := range keys {
			return k, nil
		}
	}
	if k, ok := keys[kid]; ok && kid != "" {
		return k, nil
	}
	return nil, fmt.Errorf("unknown key id %q", kid)
}

// refusal wraps a parse error in sdk.ErrInvalidToken (or ErrTokenExpired).
func refusal(err error) error {
	if errors.Is(err, jwt.ErrTokenExpired) {
		return fmt.Errorf("%w (%v)", sdk.ErrTokenExpired, err)
	}
	return fmt.Errorf("%w: %v", sdk.ErrInvalidToken, err)
}

// identity is what the claims of a verified token say.
func identity(claims jwt.MapClaims) *sdk.Identity {
	id := &sdk.Identity{Claims: claims}
	id.Subject, _ = claims.GetSubject()
	id.ClientID = clientID(claims)
	if exp, err := claims.GetExpirationTime(); err == nil && exp != nil {
		id.Expiry = exp.Time
	}
	id.Scopes = scopes(claims)
	return id
}

// clientID reads "client_id" (RFC 9068), or "azp" (OpenID Connect's
// authorized party) when there is none.
func clientID(claims jwt.MapClaims) string {
	if s, ok := claims["client_id"].(string); ok && s != "" {
		return s
	}
	s, _ := claims["azp"].(string)
	return s
}

// scopes reads "scope" (RFC 9068: space-separated) or "scp" (a list, or a
// space-separated string, as some authorization servers send).
func scopes(claims jwt.MapClaims) []string {
	if s, ok := claims["scope"].(string); ok {
		return strings.Fields(s)
	}
	switch v := claims["scp"].(type) {
	case string:
		return strings.Fields(v)
	case []any:
		var out []string
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
