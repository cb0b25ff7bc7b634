package sdk_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/jwtauth"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

const testIssuer = "https://auth.example.test"

// authority signs test tokens: an RSA key "rsa-1" and an ECDSA P-256 key
// "ec-1" the server trusts, and an RSA key it does not know, under the
// same kid as the trusted one (a forged signature).
type authority struct {
	rsa, forger *rsa.PrivateKey
	ec          *ecdsa.PrivateKey
}

func newAuthority(t *testing.T) *authority {
	t.Helper()
	a := &authority{}
	var err error
	if a.rsa, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		t.Fatal(err)
	}
	if a.forger, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		t.Fatal(err)
	}
	if a.ec, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
		t.Fatal(err)
	}
	return a
}

func (a *authority) keys() map[string]crypto.PublicKey {
	return map[string]crypto.PublicKey{"rsa-1": &a.rsa.PublicKey, "ec-1": &a.ec.PublicKey}
}

// token signs claims (over defaults: issuer, subject alice, an hour of
// validity) with the key named by kid.
func (a *authority) token(t *testing.T, kid string, claims jwt.MapClaims) string {
	t.Helper()
	all := jwt.MapClaims{"iss": testIssuer, "sub": "alice", "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range claims {
		all[k] = v
	}
	method, key := jwt.SigningMethod(jwt.SigningMethodRS256), any(a.rsa)
	switch kid {
	case "ec-1":
		method, key = jwt.SigningMethodES256, a.ec
	case "forged":
		kid, key = "rsa-1", a.forger
	}
	tok := jwt.NewWithClaims(method, all)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// authedServer serves a bookshop on 127.0.0.1 behind auth built by
// makeAuth (given the endpoint's URL): list_books needs the endpoint's
// scopes, add_book also books:write, whoami reports the identity.
func authedServer(t *testing.T, makeAuth func(resource string) *sdkhttp.AuthOptions) (endpoint string) {
	t.Helper()
	s := sdk.NewServer("bookshop", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "Dune", nil }, quiet("list_books"))
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "added", nil },
		&sdk.ToolOptions{Name: "add_book", Description: "Adds a book.", Scopes: []string{"books:write"}})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (whoami, error) {
		id := sdk.RequestFrom(ctx).Identity
		if id == nil {
			return whoami{}, nil
		}
		tenant, _ := id.Claims["tenant"].(string)
		return whoami{id.Subject, id.Scopes, id.Expiry.Unix(), tenant}, nil
	}, quiet("whoami"))
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: makeAuth(ts.URL + "/mcp")})
	h.Mount(mux, "/mcp")
	t.Cleanup(func() { h.Close(); ts.Close() })
	return ts.URL + "/mcp"
}

type whoami struct {
	Subject string   `json:"subject"`
	Scopes  []string `json:"scopes"`
	Expiry  int64    `json:"expiry"`
	Tenant  string   `json:"tenant"`
}

// jwtAuth trusts the authority's keys for tokens meant for the resource.
func jwtAuth(a *authority) func(resource string) *sdkhttp.AuthOptions {
	return func(resource string) *sdkhttp.AuthOptions {
		return &sdkhttp.AuthOptions{
			Verify:   jwtauth.Verifier(testIssuer, resource, a.keys(), nil),
			Scopes:   []string{"books:read"},
			Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{testIssuer}},
		}
	}
}

// rawPost sends one 2026-era request (or, with legacy, an
// initialize) with the given Authorization header ("" for none) and
// returns the status and WWW-Authenticate.
func rawPost(t *testing.T, endpoint, authorization, method, tool string, legacy bool) (int, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	if tool != "" {
		body += `,"name":"` + tool + `","arguments":{}`
	}
	body += `}}`
	if legacy {
		body = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	}
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if !legacy {
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", method)
		if tool != "" {
			req.Header.Set("Mcp-Name", tool)
		}
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("WWW-Authenticate")
}

// Over real HTTP, each way a token can fail gets the status and the
// WWW-Authenticate challenge RFC 6750 and MCP's authorization spec
// prescribe, pointing at the metadata document; a good token passes.
func TestBearerAuthChallenges(t *testing.T) {
	a := newAuthority(t)
	endpoint := authedServer(t, jwtAuth(a))
	meta := `resource_metadata="` + strings.TrimSuffix(endpoint, "/mcp") + `/.well-known/oauth-protected-resource/mcp"`
	read := jwt.MapClaims{"aud": endpoint, "scope": "books:read"}
	bearer := func(kid string, claims jwt.MapClaims) string { return "Bearer " + a.token(t, kid, claims) }
	with := func(extra jwt.MapClaims) jwt.MapClaims {
		out := jwt.MapClaims{}
		for k, v := range read {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	invalid := meta + `, scope="books:read", error="invalid_token", error_description="The access token is invalid"`
	for _, tc := range []struct {
		name, authorization, method, tool string
		legacy                            bool
		status                            int
		challenge                         string
	}{
		{"no token", "", "tools/list", "", false, 401, meta + `, scope="books:read"`},
		{"no token, initialize", "", "", "", true, 401, meta + `, scope="books:read"`},
		{"another scheme", "Basic YWxpY2U6c2VjcmV0", "tools/list", "", false, 401, meta + `, scope="books:read"`},
		{"empty bearer", "Bearer ", "tools/list", "", false, 400, meta + `, scope="books:read", error="invalid_request", error_description="The Authorization header is malformed: malformed bearer token"`},
		{"bearer with a space", "Bearer abc def", "tools/list", "", false, 400, meta + `, scope="books:read", error="invalid_request", error_description="The Authorization header is malformed: malformed bearer token"`},
		{"not a JWT", "Bearer abc.def", "tools/list", "", false, 401, invalid},
		{"wrong audience", bearer("rsa-1", with(jwt.MapClaims{"aud": "https://other.example/mcp"})), "tools/list", "", false, 401, invalid},
		{"wrong issuer", bearer("rsa-1", with(jwt.MapClaims{"iss": "https://evil.example"})), "tools/list", "", false, 401, invalid},
		{"no expiry", bearer("rsa-1", with(jwt.MapClaims{"exp": nil})), "tools/list", "", false, 401, invalid},
		{"expired", bearer("rsa-1", with(jwt.MapClaims{"exp": time.Now().Add(-time.Minute).Unix()})), "tools/list", "", false, 401,
			meta + `, scope="books:read", error="invalid_token", error_description="The access token expired"`},
		{"wrong signature", bearer("forged", read), "tools/list", "", false, 401, invalid},
		{"unknown key id", bearer("nobody", read), "tools/list", "", false, 401, invalid},
		{"insufficient scope", bearer("rsa-1", with(jwt.MapClaims{"scope": "books:browse"})), "tools/list", "", false, 403,
			meta + `, scope="books:read", error="insufficient_scope", error_description="The access token lacks a scope this server requires"`},
		{"insufficient scope for a tool", bearer("ec-1", read), "tools/call", "add_book", false, 403,
			meta + `, scope="books:read books:write", error="insufficient_scope", error_description="The access token lacks a scope tools/call add_book requires"`},
		{"good RS256 token", bearer("rsa-1", read), "tools/list", "", false, 200, ""},
		{"good ES256 token", bearer("ec-1", read), "tools/call", "list_books", false, 200, ""},
		{"good token, initialize", bearer("ec-1", read), "", "", true, 200, ""},
		{"scope for the tool", bearer("rsa-1", with(jwt.MapClaims{"scope": "books:read books:write"})), "tools/call", "add_book", false, 200, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, challenge := rawPost(t, endpoint, tc.authorization, tc.method, tc.tool, tc.legacy)
			if status != tc.status {
				t.Errorf("status %d, want %d", status, tc.status)
			}
			if challenge != "" && !strings.HasPrefix(challenge, "Bearer ") {
				t.Errorf("challenge %q is not a Bearer challenge", challenge)
			}
			if d := textDiff(tc.challenge, strings.TrimPrefix(challenge, "Bearer ")); d != "" {
				t.Errorf("WWW-Authenticate (-want +got):\n%s", d)
			}
		})
	}
}

// A verified identity reaches the tool as RequestFrom(ctx).Identity, in
// both eras, through the sdk's own HTTP client.
func TestBearerAuthIdentityReachesTool(t *testing.T) {
	a := newAuthority(t)
	endpoint := authedServer(t, jwtAuth(a))
	exp := time.Now().Add(time.Hour).Unix()
	tok := a.token(t, "ec-1", jwt.MapClaims{"aud": endpoint, "scope": "books:read books:write", "tenant": "acme", "exp": exp})
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			tr := streamable.NewClient(endpoint, &streamable.ClientOptions{Header: http.Header{"Authorization": {"Bearer " + tok}}})
			c, err := sdk.Connect(testCtx(t), tr, &sdk.ClientOptions{ProtocolVersion: era.version})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			res := callRaw(t, c, "whoami", `{}`)
			want := whoami{"alice", []string{"books:read", "books:write"}, exp, "acme"}
			if d := jsonDiff(t, toJSON(t, want), res.StructuredContent); d != "" {
				t.Errorf("identity (-want +got):\n%s", d)
			}
			if got := texts(callRaw(t, c, "add_book", `{}`)); got != "added" {
				t.Errorf("add_book = %q", got)
			}
		})
	}
}
