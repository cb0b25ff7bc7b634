package sdk_test

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// watchdogs counts the goroutines running a connection's watchdog.
func watchdogs() int {
	buf := make([]byte, 1<<20)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "sdk.(*serveLoop).watch(")
}

// A connection starts its watchdog (serve_inline.go) at the first call of
// the author's code it answers, not when Serve begins: a client that
// spawns a server and lists its tools does not pay for the goroutine.
func TestWatchdogStartsAtFirstCall(t *testing.T) {
	s := sdk.NewServer("watchdog", nil)
	sdk.Tool(s, countTo, quiet("count"))
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	done := make(chan error, 1)
	before := watchdogs()
	go func() { done <- s.Serve(testCtx(t), transport.NewStream(sr, sw, nil)) }()
	client := transport.NewStream(cr, cw, nil)
	exchange := func(req string) {
		t.Helper()
		m, err := transport.Decode([]byte(req))
		if err != nil {
			t.Fatal(err)
		}
		if err := client.Write(testCtx(t), m); err != nil {
			t.Fatal(err)
		}
		if !m.IsRequest() {
			return
		}
		if resp, err := client.Read(testCtx(t)); err != nil || resp.Error != nil {
			t.Fatalf("answer to %s: %+v, %v", req, resp, err)
		}
	}
	exchange(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	exchange(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	exchange(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	if n := watchdogs(); n > before {
		t.Errorf("after initialize and tools/list: %d watchdog goroutines, want none more than the %d before Serve", n, before)
	}
	exchange(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count","arguments":{"to":2}}}`)
	if n := watchdogs(); n <= before {
		t.Errorf("after a tools/call: %d watchdog goroutines, want one more than the %d before Serve", n, before)
	}
	cw.Close()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
}
