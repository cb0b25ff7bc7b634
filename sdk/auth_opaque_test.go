package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// introspector is an authorization server's token introspection endpoint
// (RFC 7662) knowing opaque tokens; down makes it fail.
type introspector struct {
	tokens map[string]map[string]any
	down   atomic.Bool
}

func (in *introspector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if in.down.Load() {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
		return
	}
	info, ok := in.tokens[r.PostFormValue("token")]
	if !ok {
		info = map[string]any{"active": false}
	}
	_ = json.NewEncoder(w).Encode(info)
}

// introspectionVerify is a Verify function for opaque tokens: it asks the
// introspection endpoint at url, as a resource server would.
func introspectionVerify(endpoint, resource string) func(context.Context, string) (*sdk.Identity, error) {
	return func(ctx context.Context, token string) (*sdk.Identity, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(url.Values{"token": {token}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, &sdkhttp.StatusError{Status: http.StatusServiceUnavailable, Message: "introspection failed"}
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, &sdkhttp.StatusError{Status: http.StatusServiceUnavailable, Message: "Service Unavailable: the token cannot be checked now"}
		}
		var info struct {
			Active bool   `json:"active"`
			Sub    string `json:"sub"`
			Scope  string `json:"scope"`
			Exp    int64  `json:"exp"`
			Aud    string `json:"aud"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&info); err != nil || !info.Active || info.Aud != resource {
			return nil, sdk.ErrInvalidToken
		}
		return &sdk.Identity{Subject: info.Sub, Scopes: strings.Fields(info.Scope), Expiry: time.Unix(info.Exp, 0)}, nil
	}
}

// The Verify hook takes opaque tokens too: here checked by token
// introspection. An inactive token or one whose expiry has passed is
// refused with 401, an introspection endpoint that is down answers the
// Verify's own 503; a good token's identity reaches the tool.
func TestBearerAuthOpaqueTokens(t *testing.T) {
	in := &introspector{}
	is := httptest.NewServer(in)
	t.Cleanup(is.Close)
	endpoint := authedServer(t, func(resource string) *sdkhttp.AuthOptions {
		return &sdkhttp.AuthOptions{
			Verify:   introspectionVerify(is.URL, resource),
			Scopes:   []string{"books:read"},
			Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{is.URL}},
		}
	})
	hour := time.Now().Add(time.Hour).Unix()
	in.tokens = map[string]map[string]any{
		"opaque-good":    {"active": true, "sub": "bob", "scope": "books:read", "exp": hour, "aud": endpoint},
		"opaque-stale":   {"active": true, "sub": "bob", "scope": "books:read", "exp": time.Now().Add(-time.Hour).Unix(), "aud": endpoint},
		"opaque-foreign": {"active": true, "sub": "bob", "scope": "books:read", "exp": hour, "aud": "https://other.example/mcp"},
	}
	meta := `resource_metadata="` + strings.TrimSuffix(endpoint, "/mcp") + `/.well-known/oauth-protected-resource/mcp", scope="books:read", `
	for _, tc := range []struct {
		token     string
		status    int
		challenge string
	}{
		{"opaque-unknown", 401, meta + `error="invalid_token", error_description="The access token is invalid"`},
		{"opaque-foreign", 401, meta + `error="invalid_token", error_description="The access token is invalid"`},
		{"opaque-stale", 401, meta + `error="invalid_token", error_description="The access token expired"`},
		{"opaque-good", 200, ""},
	} {
		status, challenge := rawPost(t, endpoint, "Bearer "+tc.token, "tools/list", "", false)
		if status != tc.status || strings.TrimPrefix(challenge, "Bearer ") != tc.challenge {
			t.Errorf("%s: %d %q, want %d %q", tc.token, status, challenge, tc.status, tc.challenge)
		}
	}

	tr := streamable.NewClient(endpoint, &streamable.ClientOptions{Header: http.Header{"Authorization": {"Bearer opaque-good"}}})
	c, err := sdk.Connect(testCtx(t), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	want := whoami{"bob", []string{"books:read"}, hour, ""}
	if d := jsonDiff(t, toJSON(t, want), callRaw(t, c, "whoami", `{}`).StructuredContent); d != "" {
		t.Errorf("identity (-want +got):\n%s", d)
	}

	in.down.Store(true)
	if status, challenge := rawPost(t, endpoint, "Bearer opaque-good", "tools/list", "", false); status != 503 || challenge != "" {
		t.Errorf("introspection down: %d %q, want 503 and no challenge", status, challenge)
	}
}

// The Protected Resource Metadata document (RFC 9728) is served at the
// endpoint's well-known URL and at the root one, to any origin, without a
// token; Resource defaults to the endpoint's URL.
func TestProtectedResourceMetadata(t *testing.T) {
	endpoint := authedServer(t, jwtAuth(newAuthority(t)))
	base := strings.TrimSuffix(endpoint, "/mcp")
	want := fmt.Sprintf(`{"resource":%q,"authorization_servers":[%q],"scopes_supported":["books:read"],"bearer_methods_supported":["header"]}`, endpoint, testIssuer)
	for _, path := range []string{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"} {
		req, _ := http.NewRequestWithContext(testCtx(t), http.MethodGet, base+path, nil)
		req.Header.Set("Origin", "https://app.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: %d %v", path, resp.StatusCode, resp.Header)
		}
		if d := jsonDiff(t, []byte(want), body); d != "" {
			t.Errorf("%s (-want +got):\n%s", path, d)
		}
	}
}

// A tool's scopes concern HTTP with Auth only: over stdio and in memory
// (credentials from the environment) the tool runs without a token.
func TestToolScopesNeedNoTokenOffHTTP(t *testing.T) {
	for _, via := range []string{"memory", "stdio"} {
		t.Run(via, func(t *testing.T) {
			s := sdk.NewServer("local", nil)
			sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "added", nil },
				&sdk.ToolOptions{Name: "add_book", Description: "Adds a book.", Scopes: []string{"books:write"}})
			c := connectVia(t, s, via, "", nil)
			if got := texts(callRaw(t, c, "add_book", `{}`)); got != "added" {
				t.Errorf("add_book = %q", got)
			}
		})
	}
}
