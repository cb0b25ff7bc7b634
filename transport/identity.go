package transport

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Who a request was authenticated as: HTTP middleware (the Streamable HTTP
// handler's OAuth resource server, or a server author's own) puts it in
// the request's context, and the sdk tells tools. Nothing here needs HTTP.

// Identity is an authenticated caller: what a token verifier learnt from
// the request's credentials, never the credentials themselves. A tool
// reads it (sdk.RequestFrom(ctx).Identity) instead of the bearer token.
type Identity struct {
	Subject  string         // who: the token's subject
	ClientID string         // the OAuth client the token was issued to; "" unknown
	Scopes   []string       // what it may do
	Expiry   time.Time      // when the credential expires; zero: unknown
	Claims   map[string]any // everything else the token said
}

// Owner is what a session or task made on behalf of id is bound to: a
// digest of its subject and client id, "" when there is no identity.
// Only a request whose identity has the same owner reaches them.
func Owner(id *Identity) string {
	if id == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(strconv.Quote(id.Subject) + " " + strconv.Quote(id.ClientID)))
	return hex.EncodeToString(sum[:])
}

// HasScopes reports whether id holds every scope named.
func (id *Identity) HasScopes(scopes ...string) bool {
	for _, s := range scopes {
		if id == nil || !slices.Contains(id.Scopes, s) {
			return false
		}
	}
	return true
}

// ErrInvalidToken is what a Verify should wrap when it rejects a token;
// any error it returns but an *HTTPError is answered 401 invalid_token.
var ErrInvalidToken = errors.New("invalid access token")

// ErrTokenExpired is the rejection of a token past its expiry (it wraps
// ErrInvalidToken); the 401 challenge then says so.
var ErrTokenExpired = fmt.Errorf("access token expired: %w", ErrInvalidToken)

type identityKey struct{}

// WithIdentity returns a copy of ctx carrying id (the sdk's WithIdentity).
func WithIdentity(ctx context.Context, id *Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// IdentityFrom returns the identity in ctx, or nil.
func IdentityFrom(ctx context.Context) *Identity {
	id, _ := ctx.Value(identityKey{}).(*Identity)
	return id
}
