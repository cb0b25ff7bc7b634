package sdkhttp_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/jwtauth"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A server that takes JWT access tokens from an authorization server:
// without a token a client learns where to get one; with one, tools see
// who calls; a tool needing more scopes asks for them (step-up).
func ExampleAuthOptions() {
	const issuer = "https://auth.example.com"
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader) // the authorization server's

	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		id := sdk.RequestFrom(ctx).Identity // the verified token: never forward the raw one
		return fmt.Sprintf("hello %s of %v", id.Subject, id.Claims["tenant"]), nil
	}, &sdk.ToolOptions{Name: "whoami", Description: "Who is calling."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "added", nil },
		&sdk.ToolOptions{Name: "add_book", Description: "Add a book.", Scopes: []string{"books:write"}})

	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	defer ts.Close()
	resource := ts.URL + "/mcp" // the audience tokens must name
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: &sdkhttp.AuthOptions{
		Verify:   jwtauth.Verifier(issuer, resource, map[string]crypto.PublicKey{"key-1": &key.PublicKey}, nil),
		Scopes:   []string{"books:read"},
		Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{issuer}},
	}})

	defer h.Close()
	h.Mount(mux, "/mcp") // also serves /.well-known/oauth-protected-resource[/mcp]

	resp, err := http.Post(resource, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"server/discover"}`))
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode, strings.ReplaceAll(resp.Header.Get("WWW-Authenticate"), ts.URL, "http://HOST"))

	tok := jwt.NewWithClaims(jwt.SigningMethodES256, jwt.MapClaims{"iss": issuer, "aud": resource, "sub": "alice",
		"tenant": "acme", "scope": "books:read", "exp": time.Now().Add(time.Hour).Unix()})
	tok.Header["kid"] = "key-1"
	signed, _ := tok.SignedString(key)
	tr := streamable.NewClient(resource, &streamable.ClientOptions{Header: http.Header{"Authorization": {"Bearer " + signed}}})
	c, err := sdk.Connect(context.Background(), tr, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, _ := c.CallTool(context.Background(), "whoami", nil, nil)
	fmt.Println(res.Content[0].Text)
	_, err = c.CallTool(context.Background(), "add_book", nil, nil)
	fmt.Println(err)
	// Output:
	// 401 Bearer resource_metadata="http://HOST/.well-known/oauth-protected-resource/mcp", scope="books:read"
	// hello alice of acme
	// jsonrpc error -32600: Forbidden: The access token lacks a scope tools/call add_book requires
}
