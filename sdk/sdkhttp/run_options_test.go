package sdkhttp_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// Run with --http serves with the Options it is given: here a body limit
// the defaults would not apply.
func TestRunHTTPUsesOptions(t *testing.T) {
	s := sdk.NewServer("run-http", &sdk.ServerOptions{Stderr: io.Discard})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // RunArgs listens on it again
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- sdkhttp.RunArgs(ctx, s, []string{"--http", addr}, &sdkhttp.Options{MaxBodySize: 64}) }()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("RunArgs: %v", err)
		}
	}()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + sdk.LatestLegacyVersion + `","capabilities":{},"clientInfo":{"name":"a-client-with-a-long-name","version":"1"}}}`
	var resp *http.Response
	for range 500 { // until RunArgs listens
		req, _ := http.NewRequest("POST", "http://"+addr+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if resp, err = http.DefaultClient.Do(req); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("initialize of %d bytes with MaxBodySize 64: HTTP %d, want 413", len(body), resp.StatusCode)
	}
}
