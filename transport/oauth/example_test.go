package oauth_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/protectedresource"
)

// A client reaches a protected MCP endpoint: the first request is
// answered 401, the Transport signs in (the browser step is OpenURL; a
// real program opens the URL in a browser, this one follows the redirect
// itself) and sends the request again with the token.
func ExampleNewTransport() {
	as, stop := testutil.StartAuthServer() // stands in for a real authorization server
	defer stop()
	srv := protectedEndpoint(as)
	defer srv.Close()

	tr := oauth.NewTransport(&oauth.Options{
		OpenURL: browser,
		OnStep:  func(s oauth.Step) { fmt.Println("step:", s.Kind) },
	})
	// An MCP client: streamable.NewClient(url, &streamable.ClientOptions{HTTPClient: tr.Client()}).
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

// protectedEndpoint is an MCP endpoint at /mcp that wants tokens of as.
func protectedEndpoint(as *testutil.AuthServer) *httptest.Server {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	mux.HandleFunc(protectedresource.WellKnownPath+"/mcp", func(w http.ResponseWriter, _ *http.Request) {
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
	return srv
}

// browser plays the user: a real program opens authURL in a browser;
// the authorization server redirects it to the loopback listener.
func browser(_ context.Context, authURL string) error {
	resp, err := http.Get(authURL)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// OnExchange shows each HTTP exchange of a sign-in, for a debug view:
// method, URL, status, headers and bodies, every secret redacted (the
// token answer's tokens here).
func ExampleExchange() {
	as, stop := testutil.StartAuthServer()
	defer stop()
	srv := protectedEndpoint(as)
	defer srv.Close()

	tr := oauth.NewTransport(&oauth.Options{
		OpenURL: browser,
		OnExchange: func(ex oauth.Exchange) {
			path := ex.URL[strings.Index(ex.URL[len("http://"):], "/")+len("http://"):]
			path, _, _ = strings.Cut(path, "?")
			fmt.Println(ex.Kind, ex.Method, path, ex.Status)
			if ex.Kind == oauth.KindToken {
				fmt.Println("  ", strings.TrimSpace(ex.ResponseBody))
			}
		},
	})
	resp, err := tr.Client().Post(srv.URL+"/mcp", "application/json", strings.NewReader(`{}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	// Output:
	// refused POST /mcp 401
	// resource-metadata GET /.well-known/oauth-protected-resource/mcp 200
	// server-metadata GET /.well-known/oauth-authorization-server 200
	// registration POST /register 201
	// callback GET /callback 200
	// token POST /token 200
	//    {"access_token":"[redacted]","expires_in":3600,"refresh_token":"[redacted]","scope":"","token_type":"Bearer"}
}

// ParseChallenge reads what a 401 or 403 asks for.
func ExampleParseChallenge() {
	h := http.Header{}
	h.Set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`)
	c, _ := oauth.ParseChallenge(h)
	fmt.Println(c.Error, c.Scopes, c.ResourceMetadata)
	// Output: insufficient_scope [files:read files:write] https://mcp.example.com/.well-known/oauth-protected-resource/mcp
}

// Close abandons a sign-in the user never finished (the program quits
// while the browser is open): the redirect listener goes away at once,
// and the request that waited for the sign-in fails with ErrClosed.
func ExampleTransport_Close() {
	as, stop := testutil.StartAuthServer()
	defer stop()
	srv := protectedEndpoint(as)
	defer srv.Close()

	opened := make(chan struct{})
	tr := oauth.NewTransport(&oauth.Options{
		OpenURL: func(context.Context, string) error { close(opened); return nil }, // the user never comes back
	})
	failed := make(chan error)
	go func() {
		_, err := tr.Client().Post(srv.URL+"/mcp", "application/json", strings.NewReader(`{}`))
		failed <- err
	}()
	<-opened
	tr.Close()
	fmt.Println(errors.Is(<-failed, oauth.ErrClosed))
	// Output: true
}
