package sdk

import (
	"context"
	"encoding/json"

	"github.com/mcpdev/mcpdev/transport"
)

// Request describes who is calling a tool, the same way in both protocol
// eras and over every transport. Get it with RequestFrom.
type Request struct {
	// Era is EraLegacy (an initialize handshake, a session) or
	// Era2026 (2026-07-28: everything in each request's _meta).
	Era Era
	// ProtocolVersion is the session's negotiated version (legacy) or the
	// request's own (stateless).
	ProtocolVersion string
	// ClientInfo is what the client sent in initialize (legacy) or in the
	// request's _meta clientInfo (stateless); zero when it sent none.
	ClientInfo Implementation
	// ClientCapabilities are the client's declared capabilities by name
	// ("sampling", "elicitation", "roots", …); see also
	// RequireClientCapability.
	ClientCapabilities map[string]json.RawMessage
	// SessionID is the Mcp-Session-Id of a legacy-era HTTP session; ""
	// in the 2026 era and over stdio.
	SessionID string
	// Header holds the HTTP request's headers; nil over stdio. (Values
	// that HTTP middleware put in the request's context are in the tool's
	// ctx itself, in both eras: ctx.Value(key). The request itself:
	// sdkhttp.HTTPRequest(ctx).) With sdkhttp.Options.Auth it holds the
	// raw "Authorization: Bearer …" header too: never pass that token on
	// to another service (MCP forbids token passthrough: it was issued
	// for this server alone). Use Identity, what the verifier checked,
	// and get a token of the server's own for an API it calls.
	Header Header
	// Identity is who the request was authenticated as (sdkhttp.Options.Auth
	// or WithIdentity): the verified subject, scopes, expiry and claims
	// (jwtauth puts every claim of the token in Claims); nil when
	// unauthenticated. It is what a tool should read instead of the
	// bearer token in Header.
	Identity *Identity
}

// Identity is an authenticated caller: what a token verifier learnt from
// the request's credentials (subject, scopes, expiry, claims).
type Identity = transport.Identity

// WithIdentity returns a copy of ctx carrying id, for authentication
// middleware of your own to tell tools who is calling
// (RequestFrom(ctx).Identity); sdkhttp.Options.Auth does it for you:
//
//	func auth(next http.Handler) http.Handler {
//		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
//			id := verify(r.Header.Get("Authorization")) // your verifier
//			next.ServeHTTP(w, r.WithContext(sdk.WithIdentity(r.Context(), id)))
//		})
//	}
func WithIdentity(ctx context.Context, id *Identity) context.Context {
	return transport.WithIdentity(ctx, id)
}

// RequestFrom describes the caller of the tool call whose context ctx is:
// era, protocol version, client info and capabilities, session id, HTTP
// headers and authenticated identity. Outside a tool call only the HTTP
// session, headers and the identity (when present in ctx) are filled in.
func RequestFrom(ctx context.Context) Request {
	var r Request
	if ci := callFrom(ctx); ci != nil {
		ci.describe(&r)
	}
	if hc := transport.HTTPCallInfoFrom(ctx); hc != nil {
		r.SessionID, r.Header = hc.CallSessionID(), hc.CallHeader()
	}
	r.Identity = transport.IdentityFrom(ctx)
	return r
}

// describe fills in what the call itself knows of its caller.
func (ci *callInfo) describe(r *Request) {
	r.ClientCapabilities = ci.clientCaps
	if ci.session != nil {
		r.Era = EraLegacy
		ci.session.mu.Lock()
		r.ProtocolVersion, r.ClientInfo = ci.session.version, ci.session.clientInfo
		ci.session.mu.Unlock()
		return
	}
	r.Era, r.ProtocolVersion = Era2026, ci.version
	if len(ci.clientInfo) > 0 {
		_ = json.Unmarshal(ci.clientInfo, &r.ClientInfo)
	}
}
