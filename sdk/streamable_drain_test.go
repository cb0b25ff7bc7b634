package sdk_test

import (
	"context"
	"io"
	"net"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// Graceful drain: when ServeListener's context ends (SIGTERM under Run),
// the server stops accepting connections at once — a load balancer then
// sends new requests to another replica — while a call in flight runs to
// its end and is answered, in both eras.
func TestHTTPDrainFinishesCallsInFlight(t *testing.T) {
	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		t.Run(version, func(t *testing.T) {
			entered, release := make(chan struct{}), make(chan struct{})
			s := sdk.NewServer("drain", &sdk.ServerOptions{Stderr: io.Discard})
			sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
				close(entered)
				select {
				case <-release:
					return "finished", nil
				case <-ctx.Done():
					return "", ctx.Err()
				}
			}, &sdk.ToolOptions{Name: "slow", Description: "Waits until released."})
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, stop := context.WithCancel(context.Background())
			defer stop()
			served := make(chan error, 1)
			go func() { served <- sdkhttp.ServeListener(ctx, s, ln, nil) }()
			c := connectHTTP(t, "http://"+ln.Addr().String()+"/mcp", version, nil)

			type answer struct {
				res *sdk.CallToolResult
				err error
			}
			answered := make(chan answer, 1)
			go func() {
				res, err := c.CallTool(testCtx(t), "slow", nil, nil)
				answered <- answer{res, err}
			}()
			<-entered
			stop()
			waitRefused(t, ln.Addr().String())
			close(release)
			a := <-answered
			if a.err != nil || a.res.IsError || texts(a.res) != "finished" {
				t.Errorf("call in flight during the drain: %+v %v, want finished", a.res, a.err)
			}
			if err := <-served; err != nil {
				t.Errorf("ServeListener: %v, want nil", err)
			}
		})
	}
}

// waitRefused waits until addr refuses new connections.
func waitRefused(t *testing.T, addr string) {
	t.Helper()
	for range 1000 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			return
		}
		conn.Close()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s still accepts connections after the drain began", addr)
}
