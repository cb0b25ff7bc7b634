package sdk_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A call that runs longer than the server's read and write timeouts is
// answered in both eras: the handler lifts the deadlines of its request
// once the body is read (net/http's own ReadTimeout and WriteTimeout
// cover reading one request and writing one response, not a long call).
func TestHTTPCallOutlivesServerTimeouts(t *testing.T) {
	const timeout = 50 * time.Millisecond
	s := sdk.NewServer("slow", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		select {
		case <-time.After(6 * timeout):
			return "done", nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}, &sdk.ToolOptions{Name: "slow", Description: "Outlasts the server's timeouts."})
	h := sdkhttp.Handler(s, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := streamable.NewHTTPServer(h, &streamable.HTTPServerOptions{ReadHeaderTimeout: timeout, ReadTimeout: timeout, WriteTimeout: timeout})
	go srv.Serve(ln)
	t.Cleanup(func() { h.Close(); srv.Close() })
	for _, version := range []string{"", sdk.LatestLegacyVersion} {
		t.Run("version="+version, func(t *testing.T) {
			c := connectHTTP(t, "http://"+ln.Addr().String()+"/mcp", version, nil)
			res, err := c.CallTool(context.Background(), "slow", nil, nil)
			if err != nil || res.IsError || res.Content[0].Text != "done" {
				t.Fatalf("slow call in era %s: %+v %v", c.Era(), res, err)
			}
		})
	}
}
