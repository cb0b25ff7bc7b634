package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport/protectedresource"
)

// ServerMetadata is the part of an authorization server's metadata (RFC
// 8414 §2, OpenID Connect Discovery) a client uses.
type ServerMetadata struct {
	Issuer                            string   `json:"issuer"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint"`
	TokenEndpoint                     string   `json:"token_endpoint"`
	RegistrationEndpoint              string   `json:"registration_endpoint,omitempty"`
	ScopesSupported                   []string `json:"scopes_supported,omitempty"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported,omitempty"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported,omitempty"`
	ClientIDMetadataDocumentSupported bool     `json:"client_id_metadata_document_supported,omitempty"`
	IssParameterSupported             bool     `json:"authorization_response_iss_parameter_supported,omitempty"`
}

// discovery is what a sign-in found out about the server.
type discovery struct {
	resource                  string                      // the RFC 8707 resource indicator
	prm                       *protectedresource.Metadata // nil: the 2025-03-26 fallback
	issuer                    string
	meta                      *ServerMetadata // nil: the default endpoints of the 2025-03-26 fallback
	authURL, tokenURL, regURL string
}

// maxDocument bounds a metadata or registration answer.
const maxDocument = 1 << 20

// discoveryTTL is how long the metadata a sign-in found is used again
// for the next (a refresh, a step-up) without fetching it.
const discoveryTTL = time.Hour

// cachedDiscovery is the last sign-in's discovery, for the server and
// challenge it was made for.
type cachedDiscovery struct {
	d   *discovery
	key string
	at  time.Time
}

// discovery is the metadata for a sign-in to server after challenge ch:
// the last sign-in's (cached) when it was for the same server and
// resource metadata URL and is younger than discoveryTTL, unless fresh;
// else fetched. The caller holds t.flow.
func (t *Transport) discovery(ctx context.Context, server *url.URL, ch Challenge, fresh bool) (*discovery, bool, error) {
	key := server.String() + " " + ch.ResourceMetadata
	if c := t.disc; !fresh && c.d != nil && c.key == key && time.Since(c.at) < discoveryTTL {
		t.step("server-metadata", "fetched at "+c.at.Format("15:04:05")+" for "+clean(c.d.issuer)+": used again")
		return c.d, true, nil
	}
	t.disc = cachedDiscovery{}
	d, err := t.discover(ctx, server, ch)
	if err != nil {
		return nil, false, err
	}
	t.disc = cachedDiscovery{d: d, key: key, at: time.Now()}
	return d, false, nil
}

// discover finds the resource's metadata and its authorization server's.
// Without Protected Resource Metadata the server's origin is taken as the
// authorization server (the 2025-03-26 revision), with its default
// endpoints when it publishes no metadata either.
func (t *Transport) discover(ctx context.Context, server *url.URL, ch Challenge) (*discovery, error) {
	prm, err := t.resourceMetadata(ctx, server, ch)
	if err != nil && !errors.Is(err, errNotFound) {
		return nil, err
	}
	d := &discovery{resource: canonical(server), prm: prm}
	if prm != nil {
		if len(prm.AuthorizationServers) == 0 {
			return nil, fmt.Errorf("%w: the protected resource metadata lists no authorization server", ErrBadMetadata)
		}
		d.resource, d.issuer = prm.Resource, prm.AuthorizationServers[0]
	} else {
		d.issuer = server.Scheme + "://" + server.Host
	}
	meta, err := t.serverMetadata(ctx, d.issuer, prm == nil)
	switch {
	case err == nil:
		d.meta = meta
		d.issuer = meta.Issuer
		d.authURL, d.tokenURL, d.regURL = meta.AuthorizationEndpoint, meta.TokenEndpoint, meta.RegistrationEndpoint
	case errors.Is(err, errNotFound) && prm == nil:
		d.authURL, d.tokenURL, d.regURL = d.issuer+"/authorize", d.issuer+"/token", d.issuer+"/register"
		t.step("server-metadata", "none published: default endpoints at "+d.issuer)
	case errors.Is(err, errNotFound):
		return nil, fmt.Errorf("%w for the authorization server %s", ErrNoMetadata, clean(d.issuer))
	default:
		return nil, err
	}
	return d, d.checkEndpoints()
}

// errNotFound: no document at any of the places looked at.
var errNotFound = errors.New("not found")

// resourceMetadata fetches the Protected Resource Metadata: from the
// challenge's resource_metadata URL, else the well-known path with the
// server's path inserted, else the well-known path at the root. Its
// resource must be the server (ErrResourceMismatch).
func (t *Transport) resourceMetadata(ctx context.Context, server *url.URL, ch Challenge) (*protectedresource.Metadata, error) {
	var candidates []string
	if ch.ResourceMetadata != "" {
		candidates = []string{ch.ResourceMetadata}
	} else {
		origin := server.Scheme + "://" + server.Host
		if p := strings.TrimSuffix(server.EscapedPath(), "/"); p != "" {
			candidates = append(candidates, origin+protectedresource.WellKnownPath+p)
		}
		candidates = append(candidates, origin+protectedresource.WellKnownPath)
	}
	for _, u := range candidates {
		var prm protectedresource.Metadata
		err := t.getJSON(ctx, KindResourceMetadata, u, &prm)
		if errors.Is(err, errNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		t.step("resource-metadata", u)
		if !sameResource(prm.Resource, server) {
			return nil, fmt.Errorf("%w: %q is not %s", ErrResourceMismatch, clean(prm.Resource), canonical(server))
		}
		return &prm, nil
	}
	return nil, errNotFound
}

// serverMetadata fetches the authorization server's metadata from the
// places the MCP spec lists, in its order: for an issuer with a path,
// OAuth with the path inserted, OpenID with the path inserted, OpenID
// with the path appended; for one without, OAuth then OpenID. The
// document's issuer must be the one looked up (RFC 8414 §3.3); when that
// was only the server's origin (the 2025-03-26 fallback, originOnly), an
// issuer at the same origin.
func (t *Transport) serverMetadata(ctx context.Context, issuer string, originOnly bool) (*ServerMetadata, error) {
	u, err := url.Parse(issuer)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("%w: authorization server %q is not an http(s) URL", ErrBadMetadata, clean(issuer))
	}
	origin, path := u.Scheme+"://"+u.Host, strings.TrimSuffix(u.EscapedPath(), "/")
	candidates := []string{origin + "/.well-known/oauth-authorization-server" + path, origin + "/.well-known/openid-configuration" + path}
	if path != "" {
		candidates = append(candidates, origin+path+"/.well-known/openid-configuration")
	}
	for _, c := range candidates {
		var m ServerMetadata
		err := t.getJSON(ctx, KindServerMetadata, c, &m)
		if errors.Is(err, errNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		t.step("server-metadata", c)
		if !sameIssuer(m.Issuer, issuer, originOnly) {
			return nil, fmt.Errorf("%w: metadata at %s names issuer %q, not %q", ErrIssuerMismatch, c, clean(m.Issuer), clean(issuer))
		}
		return &m, m.check()
	}
	return nil, errNotFound
}

// check rejects metadata without the endpoints a client needs, or with
// endpoints that are not http(s) URLs (a browser must never be sent to
// any other scheme).
func (m *ServerMetadata) check() error {
	for _, e := range []string{m.AuthorizationEndpoint, m.TokenEndpoint} {
		if !isHTTP(e) {
			return fmt.Errorf("%w: endpoint %q is not an http(s) URL", ErrBadMetadata, clean(e))
		}
	}
	if m.RegistrationEndpoint != "" && !isHTTP(m.RegistrationEndpoint) {
		return fmt.Errorf("%w: endpoint %q is not an http(s) URL", ErrBadMetadata, clean(m.RegistrationEndpoint))
	}
	return nil
}

// requirePKCE fails when the server's metadata does not list S256 (the
// endpoint fallback of 2025-03-26, without metadata, is assumed to).
func (d *discovery) requirePKCE() error {
	if d.meta != nil && !contains(d.meta.CodeChallengeMethodsSupported, "S256") {
		return fmt.Errorf("%w (it lists %q)", ErrNoPKCE, d.meta.CodeChallengeMethodsSupported)
	}
	return nil
}

// sameIssuer compares a metadata document's issuer with the one it was
// looked up for (a trailing slash aside), or only their origins.
func sameIssuer(got, want string, originOnly bool) bool {
	if !originOnly {
		return strings.TrimSuffix(got, "/") == strings.TrimSuffix(want, "/")
	}
	g, err1 := url.Parse(got)
	w, err2 := url.Parse(want)
	return err1 == nil && err2 == nil && g.Scheme == w.Scheme && strings.EqualFold(g.Host, w.Host)
}

func isHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// getJSON GETs a metadata document (an exchange of kind) into v; 404
// (and other 4xx) is errNotFound, so that the next place is tried.
func (t *Transport) getJSON(ctx context.Context, kind, u string, v any) error {
	req, err := http.NewRequestWithContext(withKind(ctx, kind), http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadMetadata, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := t.hc.Do(req)
	if err != nil {
		return fmt.Errorf("oauth: fetching %s: %w", clean(u), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return errNotFound
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %s answered HTTP %d", ErrBadMetadata, clean(u), resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxDocument+1))
	if err != nil {
		return fmt.Errorf("oauth: reading %s: %w", clean(u), err)
	}
	if len(data) > maxDocument {
		return fmt.Errorf("%w: %s is larger than %d bytes", ErrBadMetadata, clean(u), maxDocument)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrBadMetadata, clean(u), err)
	}
	return nil
}

// canonical is the server's URL as a resource indicator: without query
// and fragment, scheme and host in lower case.
func canonical(u *url.URL) string {
	c := url.URL{Scheme: strings.ToLower(u.Scheme), Host: strings.ToLower(u.Host), Path: u.Path, RawPath: u.RawPath}
	return c.String()
}

// sameResource says whether the metadata's resource identifies server:
// the same origin, and a path that is the server's or a parent of it.
func sameResource(resource string, server *url.URL) bool {
	r, err := url.Parse(resource)
	if err != nil || !strings.EqualFold(r.Scheme, server.Scheme) || !strings.EqualFold(r.Host, server.Host) || r.Fragment != "" {
		return false
	}
	rp, sp := strings.TrimSuffix(r.Path, "/"), strings.TrimSuffix(server.Path, "/")
	return rp == sp || strings.HasPrefix(sp, rp+"/")
}

// clean makes outside text safe for an error message: one line, no
// control sequences, at most 200 bytes.
func clean(s string) string {
	s = termtext.Line(s)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
