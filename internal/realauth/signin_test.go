package realauth_test

import (
	"context"
	"crypto"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/jwtauth"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

type whoArgs struct{}

// whoami answers with the caller's subject and scopes, as the resource
// server saw them in the verified token.
func whoami(ctx context.Context, _ whoArgs) (string, error) {
	id := sdk.RequestFrom(ctx).Identity
	if id == nil {
		return "", errors.New("no identity")
	}
	return "subject " + id.Subject + " scopes " + strings.Join(id.Scopes, " "), nil
}

// publicKeys fetches the provider's signing keys as a resource server
// does: OpenID discovery, then the JWKS.
func publicKeys(t *testing.T, issuer string) map[string]crypto.PublicKey {
	var meta struct {
		JWKS string `json:"jwks_uri"`
	}
	getJSON(t, issuer+"/.well-known/openid-configuration", &meta)
	var set jose.JSONWebKeySet
	getJSON(t, meta.JWKS, &set)
	keys := map[string]crypto.PublicKey{}
	for _, k := range set.Keys {
		keys[k.KeyID] = k.Key
	}
	if len(keys) == 0 {
		t.Fatalf("no keys at %s", meta.JWKS)
	}
	return keys
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s: %v", u, err)
	}
}

// resourceServer is an sdk server over HTTP that takes only JWTs the
// provider signed for it (issuer, audience = its URL, expiry: jwtauth).
func resourceServer(t *testing.T, p *provider) string {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	url := srv.URL + "/mcp"
	s := sdk.NewServer("who", nil)
	sdk.Tool(s, whoami, &sdk.ToolOptions{Description: "Who is calling."})
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: &sdkhttp.AuthOptions{
		Verify: jwtauth.Verifier(p.Issuer, url, publicKeys(t, p.Issuer), nil),
		Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{p.Issuer},
			ScopesSupported: []string{"openid", "profile", "email"}},
	}})

	t.Cleanup(func() { h.Close() })
	h.Mount(mux, "/mcp")
	return url
}

// The sdk client signs in to an sdk server protected by a real
// authorization server: OpenID discovery (the provider serves no RFC 8414
// document), a pre-registered native client, PKCE S256 and a loopback
// redirect, the user signing in on the provider's login page; the server
// verifies the provider's JWTs (issuer, its own URL as audience, expiry,
// RS256 signature from the JWKS). When the access token expires, the next
// call refreshes it silently, the refresh naming the resource so that the
// new token is for this server again. No token appears in a step, nor —
// access, refresh or ID token, the code or the code verifier — in any HTTP
// exchange OnExchange is told of.
func TestSignInAgainstRealAuthorizationServer(t *testing.T) {
	p := startProvider(t, 2*time.Second)
	url := resourceServer(t, p)
	var steps []oauth.Step
	var exchanges []oauth.Exchange
	var creds *oauth.Credentials
	var tokens []string // every token issued
	signIns := 0
	tr := oauth.NewTransport(&oauth.Options{
		ClientID: clientID,
		OpenURL: func(ctx context.Context, u string) error {
			signIns++
			return browser(ctx, u)
		},
		OnStep:     func(s oauth.Step) { steps = append(steps, s) },
		OnExchange: func(ex oauth.Exchange) { exchanges = append(exchanges, ex) },
		OnCredentials: func(c *oauth.Credentials) {
			creds = c
			id, _ := c.Token.Extra("id_token").(string)
			tokens = append(tokens, c.Token.AccessToken, c.Token.RefreshToken, id)
		},
	})
	ctx := context.Background()
	conn := streamable.NewClient(url, &streamable.ClientOptions{HTTPClient: tr.Client()})
	c, err := sdk.Connect(ctx, conn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	call := func() string {
		t.Helper()
		res, err := c.CallTool(ctx, "whoami", map[string]any{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Content) == 0 {
			t.Fatalf("no content: %+v", res)
		}
		return res.Content[0].Text
	}
	// (the provider's JWT access tokens carry no scope claim)
	if got := call(); !strings.HasPrefix(got, "subject id2 ") {
		t.Errorf("first call: %q", got)
	}
	if id, _ := creds.Token.Extra("id_token").(string); id == "" {
		t.Error("no ID token came with the sign-in")
	}
	time.Sleep(2 * time.Second) // the access token expires; jwtauth refuses it now
	if got := call(); !strings.HasPrefix(got, "subject id2") {
		t.Errorf("call after expiry: %q", got)
	}
	if signIns != 1 {
		t.Errorf("%d sign-ins in the browser, want 1 (the second token came from the refresh token)", signIns)
	}
	res := p.Resources()
	if !slices.Equal(res["authorization_code"], []string{url}) || !slices.Equal(res["refresh_token"], []string{url}) {
		t.Errorf("resource= of the token requests: %v, want %s for the code and the refresh", res, url)
	}
	var kinds []string
	for _, s := range steps {
		kinds = append(kinds, s.Kind)
		if strings.Contains(s.Detail, creds.Token.AccessToken) || strings.Contains(s.Detail, creds.Token.RefreshToken) {
			t.Errorf("step %s shows a token: %q", s.Kind, s.Detail)
		}
	}
	for _, want := range []string{"server-metadata", "authorize", "token", "refresh"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("steps %v lack %q", kinds, want)
		}
	}
	checkExchanges(t, exchanges, append(tokens, p.Secrets()...))
}

// checkExchanges: the sign-in's HTTP exchanges include the OpenID
// discovery, the code exchange and the refresh, and none shows a secret.
func checkExchanges(t *testing.T, exchanges []oauth.Exchange, secrets []string) {
	t.Helper()
	var kinds []string
	for _, ex := range exchanges {
		kinds = append(kinds, ex.Kind)
		text := fmt.Sprint(ex.URL, ex.RequestHeader, ex.RequestBody, ex.ResponseHeader, ex.ResponseBody, ex.Err)
		for _, s := range secrets {
			if s != "" && strings.Contains(text, s) {
				t.Errorf("the %s exchange shows a secret (%d bytes)", ex.Kind, len(s))
			}
		}
	}
	for _, want := range []string{oauth.KindRefused, oauth.KindServerMetadata, oauth.KindCallback, oauth.KindToken, oauth.KindRefresh} {
		if !slices.Contains(kinds, want) {
			t.Errorf("exchanges %v lack %q", kinds, want)
		}
	}
}
