package sdk_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

type tenantKey struct{}

// A tool learns who calls it with sdk.RequestFrom, in both eras: here over
// HTTP, behind middleware that authenticates the caller and puts a value
// of its own in the request's context.
func ExampleRequestFrom() {
	s := sdk.NewServer("whoami", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		r := sdk.RequestFrom(ctx)
		return fmt.Sprintf("%s (%s era, %s) as %s, tenant %v, header %s, session %t",
			r.ClientInfo.Name, r.Era, r.ProtocolVersion, r.Identity.Subject,
			ctx.Value(tenantKey{}), r.Header.Get("X-Request-Source"), r.SessionID != ""), nil
	}, &sdk.ToolOptions{Name: "whoami", Description: "Who is calling."})

	h := sdkhttp.Handler(s, nil)
	defer h.Close()
	auth := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := sdk.WithIdentity(r.Context(), &sdk.Identity{Subject: "alice", Scopes: []string{"books:read"}})
		ctx = context.WithValue(ctx, tenantKey{}, "acme")
		h.ServeHTTP(w, r.WithContext(ctx))
	})
	ts := httptest.NewServer(auth)
	defer ts.Close()

	for _, version := range []string{sdk.Version2026, sdk.LatestLegacyVersion} {
		hdr := http.Header{"X-Request-Source": {"example"}}
		tr := streamable.NewClient(ts.URL, &streamable.ClientOptions{Header: hdr})
		c, err := sdk.Connect(context.Background(), tr, &sdk.ClientOptions{Name: "my-agent", ProtocolVersion: version})
		if err != nil {
			log.Fatal(err)
		}
		res, _ := c.CallTool(context.Background(), "whoami", nil, nil)
		fmt.Println(res.Content[0].Text)
		c.Close()
	}
	// Output:
	// my-agent (2026 era, 2026-07-28) as alice, tenant acme, header example, session false
	// my-agent (legacy era, 2025-11-25) as alice, tenant acme, header example, session true
}
