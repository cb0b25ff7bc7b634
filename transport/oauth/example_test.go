package oauth_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A client reaches a protected MCP endpoint: the first request is
// answered 401, the Transport signs in (the browser step is OpenURL; a
// real program opens the URL in a browser, this one follows the redirect
// itself) and sends the request again with the token.
func ExampleNewTransport() {
	as, stop := testutil.StartAuthServer() // stands in for a real authorization server
	defer stop()
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	mux.HandleFunc(streamable.WellKnownResourceMetadata+"/mcp", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"resource":%q,"authorization_servers":[%q]}`, srv.URL+"/mcp", as.URL)
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := as.Scopes(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")); !ok {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, "welcome")
	})

	tr := oauth.NewTransport(&oauth.Options{
		OpenURL: func(ctx context.Context, authURL string) error {
			resp, err := http.Get(authURL) // the authorization server redirects to the loopback listener
			if err == nil {
				resp.Body.Close()
			}
			return err
		},
		OnStep: func(s oauth.Step) { fmt.Println("step:", s.Kind) },
	})
	// An MCP client: streamable.NewStreamableClient(url, &streamable.StreamableClientOptions{HTTPClient: tr.Client()}).
	resp, err := tr.Client().Post(srv.URL+"/mcp", "application/json", strings.NewReader(`{}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	fmt.Println(resp.StatusCode)
	// Output:
	// step: resource-metadata
	// step: server-metadata
	// step: registered
	// step: authorize
	// step: token
	// 200
}

// ParseChallenge reads what a 401 or 403 asks for.
func ExampleParseChallenge() {
	h := http.Header{}
	h.Set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`)
	c, _ := oauth.ParseChallenge(h)
	fmt.Println(c.Error, c.Scopes, c.ResourceMetadata)
	// Output: insufficient_scope [files:read files:write] https://mcp.example.com/.well-known/oauth-protected-resource/mcp
}
