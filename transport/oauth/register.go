package oauth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// client is this client as one authorization server knows it.
type client struct {
	issuer string
	id     string
	secret string
	method string // token endpoint auth method: client_secret_basic, client_secret_post, none, private_key_jwt
	// expires is when the secret of a dynamically registered client
	// expires (client_secret_expires_at); zero: never.
	expires time.Time
}

// expired says whether c's secret has expired: the client must register
// again.
func (c *client) expired() bool { return !c.expires.IsZero() && !time.Now().Before(c.expires) }

// authStyle is how x/oauth2 authenticates the client at the token endpoint.
func (c *client) authStyle() oauth2.AuthStyle {
	if c.method == "client_secret_basic" {
		return oauth2.AuthStyleInHeader
	}
	return oauth2.AuthStyleInParams
}

// register finds this client's identity at the authorization server, in
// the spec's order of preference: pre-registered (Options.ClientID), a
// Client ID Metadata Document where the server supports them, Dynamic
// Client Registration where it offers it.
func (t *Transport) register(ctx context.Context, d *discovery, redirectURI string) (*client, error) {
	c := &client{issuer: d.issuer}
	switch {
	case t.opts.ClientID != "":
		c.id, c.secret = t.opts.ClientID, t.opts.ClientSecret
		c.method = chooseMethod(d.meta, c.secret != "")
		t.step("registered", "pre-registered client "+clean(c.id))
	case t.opts.ClientMetadataURL != "" && d.meta != nil && d.meta.ClientIDMetadataDocumentSupported:
		c.id, c.method = t.opts.ClientMetadataURL, "none"
		t.step("registered", "client id metadata document "+clean(c.id))
	case d.regURL != "":
		if err := t.dynamicRegistration(ctx, d, redirectURI, c); err != nil {
			return nil, err
		}
		t.step("registered", "dynamic registration: client "+clean(c.id)+" ("+c.method+")")
	default:
		return nil, fmt.Errorf("%w at %s", ErrNoRegistration, clean(d.issuer))
	}
	return c, nil
}

// chooseMethod picks the token endpoint auth method the server supports:
// with a secret client_secret_basic (the RFC 8414 default) or
// client_secret_post, without one none.
func chooseMethod(meta *ServerMetadata, secret bool) string {
	if !secret {
		return "none"
	}
	if meta != nil && !contains(meta.TokenEndpointAuthMethodsSupported, "client_secret_basic") &&
		contains(meta.TokenEndpointAuthMethodsSupported, "client_secret_post") {
		return "client_secret_post"
	}
	return "client_secret_basic"
}

// registration is the Dynamic Client Registration request (RFC 7591 §2).
type registration struct {
	ClientName              string   `json:"client_name"`
	RedirectURIs            []string `json:"redirect_uris"`
	GrantTypes              []string `json:"grant_types"`
	ResponseTypes           []string `json:"response_types"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
	ApplicationType         string   `json:"application_type"`
}

// registered is the part of the registration response a client keeps.
type registered struct {
	ClientID                string `json:"client_id"`
	ClientSecret            string `json:"client_secret"`
	ClientSecretExpiresAt   int64  `json:"client_secret_expires_at"`
	TokenEndpointAuthMethod string `json:"token_endpoint_auth_method"`
}

// dynamicRegistration registers a public native client (RFC 7591).
func (t *Transport) dynamicRegistration(ctx context.Context, d *discovery, redirectURI string, c *client) error {
	body, _ := json.Marshal(registration{
		ClientName: t.opts.ClientName, RedirectURIs: []string{redirectURI},
		GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"},
		TokenEndpointAuthMethod: "none", ApplicationType: "native",
	})
	req, err := http.NewRequestWithContext(withKind(ctx, KindRegistration), http.MethodPost, d.regURL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadMetadata, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := t.hc.Do(req)
	if err != nil {
		return fmt.Errorf("oauth: registering at %s: %w", clean(d.regURL), err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxDocument))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%w: registration at %s answered HTTP %d %s", ErrNoRegistration, clean(d.regURL), resp.StatusCode, clean(errorCode(data)))
	}
	var r registered
	if err := json.Unmarshal(data, &r); err != nil || r.ClientID == "" {
		return fmt.Errorf("%w: the registration answer has no client_id", ErrBadMetadata)
	}
	c.id, c.secret, c.method = r.ClientID, r.ClientSecret, r.TokenEndpointAuthMethod
	if c.secret != "" && r.ClientSecretExpiresAt > 0 {
		c.expires = time.Unix(r.ClientSecretExpiresAt, 0)
	}
	if c.method == "" || (c.method != "none" && c.secret == "") {
		c.method = chooseMethod(d.meta, c.secret != "")
	}
	return nil
}

// errorCode is the error and error_description of an OAuth error answer.
func errorCode(data []byte) string {
	var e struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if json.Unmarshal(data, &e) != nil || e.Error == "" {
		return ""
	}
	return strings.TrimSpace(e.Error + ": " + e.Description)
}
