// Package authtest puts an sdk server behind OAuth for tests: the
// resource server that goes with testutil.AuthServer. It is a package of
// its own because it imports sdk, whose own tests import testutil; like
// testutil, only tests import it (deps_test.go checks).
package authtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

// ProtectedServer serves s over Streamable HTTP at /mcp on 127.0.0.1 and
// returns the endpoint's URL. Every request needs a token as issued (and
// not expired) with scopes; the Protected Resource Metadata names as. The
// server stops with the test.
func ProtectedServer(t testing.TB, as *testutil.AuthServer, s *sdk.Server, scopes ...string) string {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: &sdkhttp.AuthOptions{
		Verify: func(_ context.Context, token string) (*transport.Identity, error) {
			granted, ok := as.Scopes(token)
			if !ok {
				return nil, sdk.ErrInvalidToken
			}
			return &transport.Identity{Subject: "alice", Scopes: granted}, nil
		},
		Scopes:   scopes,
		Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{as.URL}},
	}})
	t.Cleanup(func() { h.Close() })
	h.Mount(mux, "/mcp")
	return srv.URL + "/mcp"
}
