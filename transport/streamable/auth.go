package streamable

import (
	"context"
	"errors"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/protectedresource"
	"net/http"
	"slices"
	"strings"
	"time"
)

// AuthOptions makes a Server an OAuth 2.1 resource server, as
// MCP's authorization spec asks of HTTP servers: every request must carry
// a bearer token (Authorization: Bearer …) that Verify accepts, or it is
// answered 401 with a WWW-Authenticate challenge pointing at the
// Protected Resource Metadata document (RFC 9728) that tells clients where
// to get a token. stdio servers take their credentials from the
// environment and are not concerned.
type AuthOptions struct {
	// Verify checks a token (a JWT, or an opaque token to introspect) and
	// says whom it was issued to. It must check that the token was issued
	// for this server (its audience: Metadata.Resource). An error, or an
	// identity whose Expiry has passed, is answered 401 invalid_token; an
	// *HTTPError with its own status instead (say 503 when an
	// introspection endpoint is down).
	Verify func(ctx context.Context, token string) (*transport.Identity, error)
	// Scopes are what every request needs; a token that lacks one is
	// answered 403 insufficient_scope. They are also the scope= of 401
	// challenges. A backend may ask more of some requests (ScopedBackend:
	// the sdk's per-tool ToolOptions.Scopes).
	Scopes []string
	// Metadata is the Protected Resource Metadata document. MCP requires
	// AuthorizationServers. Resource defaults to the endpoint's URL as the
	// client requested it (scheme, Host and path): set it to the URL
	// clients use when a proxy stands in front. ScopesSupported defaults to
	// Scopes and BearerMethodsSupported to ["header"].
	Metadata ProtectedResourceMetadata
}

// ProtectedResourceMetadata is the OAuth 2.0 Protected Resource Metadata
// document (RFC 9728 §2) of an MCP endpoint: protectedresource's, which
// transport/oauth reads without linking this package.
type ProtectedResourceMetadata = protectedresource.Metadata

// bearerToken reads the token of an Authorization: Bearer header (RFC 6750
// §2.1): ok false when there is none (no header, another scheme), err set
// when the header is malformed.
func bearerToken(r *http.Request) (token string, ok bool, err error) {
	values := r.Header.Values("Authorization")
	if len(values) == 0 {
		return "", false, nil
	}
	if len(values) > 1 {
		return "", false, errors.New("more than one Authorization header")
	}
	scheme, token, _ := strings.Cut(values[0], " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false, nil
	}
	token = strings.Trim(token, " ")
	if !isB64Token(token) {
		return "", false, errors.New("malformed bearer token")
	}
	return token, true, nil
}

// isB64Token reports whether s is RFC 6750's b64token:
// 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=".
func isB64Token(s string) bool {
	body := strings.TrimRight(s, "=")
	if body == "" {
		return false
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~+/", c) >= 0) {
			return false
		}
	}
	return true
}

// authenticate verifies r's bearer token and checks AuthOptions.Scopes,
// answering the challenge itself when they fail; on success r carries the
// identity in its context.
func (h *Server) authenticate(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	a := h.opts.Auth
	token, ok, err := bearerToken(r)
	switch {
	case err != nil:
		h.challenge(w, r, nil, http.StatusBadRequest, a.Scopes, "invalid_request", "The Authorization header is malformed: "+err.Error())
		return nil, false
	case !ok:
		h.challenge(w, r, nil, http.StatusUnauthorized, a.Scopes, "", "")
		return nil, false
	}
	id, err := a.Verify(r.Context(), token)
	if err == nil && id == nil {
		err = transport.ErrInvalidToken
	}
	if err == nil && !id.Expiry.IsZero() && !time.Now().Before(id.Expiry) {
		err = transport.ErrTokenExpired
	}
	if err != nil {
		h.rejectToken(w, r, err)
		return nil, false
	}
	if !id.HasScopes(a.Scopes...) {
		h.challenge(w, r, nil, http.StatusForbidden, a.Scopes, "insufficient_scope", "The access token lacks a scope this server requires")
		return nil, false
	}
	return r.WithContext(transport.WithIdentity(r.Context(), id)), true
}

// rejectToken answers a token Verify refused.
func (h *Server) rejectToken(w http.ResponseWriter, r *http.Request, err error) {
	var he *HTTPError
	if errors.As(err, &he) && he.Status != 0 {
		writeHTTPError(w, he.Status, nil, transport.CodeInvalidRequest, he.Message)
		return
	}
	desc := "The access token is invalid"
	if errors.Is(err, transport.ErrTokenExpired) {
		desc = "The access token expired"
	}
	h.challenge(w, r, nil, http.StatusUnauthorized, h.opts.Auth.Scopes, "invalid_token", desc)
}

// authorizeMessage checks the scopes the backend asks of one message;
// false when it answered 403.
func (h *Server) authorizeMessage(w http.ResponseWriter, r *http.Request, m *transport.Message) bool {
	sb, ok := h.backend.(transport.ScopedBackend)
	if !ok || !m.IsRequest() {
		return true
	}
	name, _ := transport.NameParam(m)
	need := sb.RequiredScopes(m.Method, name)
	if len(need) == 0 || transport.IdentityFrom(r.Context()).HasScopes(need...) {
		return true
	}
	scopes := slices.Clone(h.opts.Auth.Scopes)
	for _, s := range need {
		if !slices.Contains(scopes, s) {
			scopes = append(scopes, s)
		}
	}
	h.challenge(w, r, m.ID, http.StatusForbidden, scopes, "insufficient_scope", "The access token lacks a scope "+m.Method+" "+name+" requires")
	return false
}

// challenge answers status with a Bearer WWW-Authenticate challenge (RFC
// 6750 §3, RFC 9728 §5.1) and a JSON-RPC error body; code "" for a
// request that carried no credentials (which gets no error attribute).
func (h *Server) challenge(w http.ResponseWriter, r *http.Request, id []byte, status int, scopes []string, code, desc string) {
	params := []string{`resource_metadata="` + metadataURL(h.resource(r)) + `"`}
	if len(scopes) > 0 {
		params = append(params, `scope="`+strings.Join(scopes, " ")+`"`)
	}
	if code != "" {
		params = append(params, `error="`+code+`"`, `error_description="`+quotable(desc)+`"`)
	}
	w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
	msg := http.StatusText(status)
	if desc != "" {
		msg += ": " + desc
	}
	writeHTTPError(w, status, id, transport.CodeInvalidRequest, msg)
}

// quotable drops from s what a quoted-string attribute of a challenge may
// not carry (RFC 6750 §3: printable ASCII but the double quote and the
// backslash).
func quotable(s string) string {
	return strings.Map(func(c rune) rune {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return -1
		}
		return c
	}, s)
}
