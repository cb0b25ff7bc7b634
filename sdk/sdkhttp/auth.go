package sdkhttp

import "github.com/mcpdev/mcpdev/transport/streamable"

// AuthOptions makes a server's HTTP endpoint an OAuth 2.1 resource server
// (MCP authorization): set Options.Auth. Every request then needs a
// bearer token that Verify accepts; tools read who called as
// sdk.RequestFrom(ctx).Identity: the verified subject, scopes, expiry and
// claims. The raw token is in sdk.RequestFrom(ctx).Header (and
// HTTPRequest(ctx)) too; a tool must not pass it on to another service
// (MCP forbids token passthrough; the token's audience is this server):
// it reads Identity, and calls other APIs with a token of its own. Without a token (or with one Verify refuses,
// or expired) a request is answered 401 with
//
//	WWW-Authenticate: Bearer resource_metadata="https://host/.well-known/oauth-protected-resource/mcp",
//	                         scope="…", error="invalid_token", error_description="…"
//
// and a token lacking Scopes, or a tool's sdk.ToolOptions.Scopes, 403 with
// error="insufficient_scope" and the scopes needed (step-up). ListenAndServe,
// ServeListener and Run serve the Protected Resource Metadata document
// (RFC 9728) at /.well-known/oauth-protected-resource/mcp and
// /.well-known/oauth-protected-resource; on a mux of your own, use
// Handler(s, opts).Mount(mux, "/mcp").
//
// Verify takes any token: check a JWT (package sdk/jwtauth does, for
// issuer, audience, expiry and RS256/ES256 signatures), or ask your
// authorization server about an opaque one (token introspection, RFC
// 7662). stdio servers take their credentials from the environment and
// are not concerned.
type AuthOptions = streamable.AuthOptions

// ProtectedResourceMetadata is the document of RFC 9728 that tells
// clients which authorization server issues tokens for the server.
type ProtectedResourceMetadata = streamable.ProtectedResourceMetadata

// StatusError is an error with an HTTP status: a Verify function returns
// one to answer something else than 401 (say 503 when the introspection
// endpoint is down). Refusals of a token wrap sdk.ErrInvalidToken.
type StatusError = streamable.HTTPError
