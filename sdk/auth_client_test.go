package sdk_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/internal/testutil/authtest"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// The sdk's OAuth client and its resource server work together, in both
// eras, with an authorization server on 127.0.0.1: the client signs in on
// the first 401, lists tools, and steps up when a tool needs a scope its
// token lacks.
func TestOAuthClientSignsInToSDKServer(t *testing.T) {
	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		t.Run(version, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			s := sdk.NewServer("books", nil)
			sdk.Tool(s, func(context.Context, struct{}) (string, error) { return "added", nil },
				&sdk.ToolOptions{Name: "add_book", Description: "Add a book.", Scopes: []string{"books:write"}})
			url := authtest.ProtectedServer(t, as, s, "books:read")

			tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
			conn := streamable.NewClient(url, &streamable.ClientOptions{HTTPClient: tr.Client()})
			ctx := context.Background()
			c, err := sdk.Connect(ctx, conn, &sdk.ClientOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := c.ListTools(ctx); err != nil {
				t.Fatal(err)
			}
			res, err := c.CallTool(ctx, "add_book", struct{}{}, nil)
			if err != nil || res.IsError {
				t.Fatalf("call: %v %+v", err, res)
			}
			var scopes []string
			for _, a := range as.Authorizations {
				scopes = append(scopes, a.Get("scope"))
			}
			if len(scopes) != 2 || scopes[0] != "books:read" || scopes[1] != "books:read books:write" {
				t.Errorf("scopes asked for: %q, want books:read, then books:read books:write", scopes)
			}
			if got := as.Authorizations[0].Get("resource"); got != url {
				t.Errorf("resource %q", got)
			}
		})
	}
}
