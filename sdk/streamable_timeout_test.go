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
// answered in both eras (the handshake era with and without resumable
// streams), as JSON and as an event stream begun after the write deadline
// net/http set would have passed: the handler lifts or renews the deadlines
// of its request (net/http's own ReadTimeout and WriteTimeout cover reading
// one request and writing one response, not a long call).
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
	// The same, then a progress notification: the answer turns into an
	// event stream only after the server's write deadline has passed.
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		select {
		case <-time.After(6 * timeout):
		case <-ctx.Done():
			return "", ctx.Err()
		}
		if err := sdk.Progress(ctx, 1, 2, "late"); err != nil {
			return "", err
		}
		time.Sleep(2 * timeout)
		return "streamed", nil
	}, &sdk.ToolOptions{Name: "slow_progress", Description: "Outlasts the server's timeouts, then streams."})
	h := sdkhttp.Handler(s, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := streamable.NewHTTPServer(h, &streamable.HTTPServerOptions{ReadHeaderTimeout: timeout, ReadTimeout: timeout, WriteTimeout: timeout})
	go srv.Serve(ln)
	t.Cleanup(func() { h.Close(); srv.Close() })
	for _, version := range []string{"", sdk.LatestLegacyVersion, "2025-06-18"} {
		t.Run("version="+version, func(t *testing.T) {
			c := connectHTTP(t, "http://"+ln.Addr().String()+"/mcp", version, nil)
			res, err := c.CallTool(context.Background(), "slow", nil, nil)
			if err != nil || res.IsError || res.Content[0].Text != "done" {
				t.Fatalf("slow call in era %s: %+v %v", c.Era(), res, err)
			}
			var progress []string
			res, err = c.CallTool(context.Background(), "slow_progress", nil, &sdk.CallOptions{
				OnProgress: func(p sdk.ProgressParams) { progress = append(progress, p.Message) },
			})
			if err != nil || res.IsError || res.Content[0].Text != "streamed" || len(progress) != 1 || progress[0] != "late" {
				t.Fatalf("slow streamed call in era %s: %+v %v, progress %q", c.Era(), res, err, progress)
			}
		})
	}
}
