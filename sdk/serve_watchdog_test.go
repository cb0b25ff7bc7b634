package sdk_test

import (
	"bytes"
	"context"
	"io"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// watchdogRuns numbers the runs of the test (-count): each labels the
// goroutines of the server it serves with its own value.
var watchdogRuns atomic.Int64

// watchdogs counts the goroutines labelled label (goroutines inherit their
// creator's profiler labels) that run a connection's watchdog, so that
// watchdogs of servers other tests or earlier runs left winding down do
// not count.
func watchdogs(t *testing.T, label string) int {
	t.Helper()
	want := `# labels: {"serve":"` + label + `"}`
	var buf bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&buf, 1); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, group := range strings.Split(buf.String(), "\n\n") {
		if !strings.Contains(group, want) || !strings.Contains(group, "sdk.(*serveLoop).watch+") {
			continue
		}
		count, _, _ := strings.Cut(group, " @ ")
		k, err := strconv.Atoi(strings.TrimSpace(count))
		if err != nil {
			t.Fatalf("goroutine profile group %q: %v", count, err)
		}
		n += k
	}
	return n
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
	label := "watchdog-test-" + strconv.FormatInt(watchdogRuns.Add(1), 10)
	go pprof.Do(testCtx(t), pprof.Labels("serve", label), func(ctx context.Context) {
		done <- s.Serve(ctx, transport.NewStream(sr, sw, nil))
	})
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
	if n := watchdogs(t, label); n != 0 {
		t.Errorf("after initialize and tools/list: %d watchdog goroutines, want none", n)
	}
	exchange(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count","arguments":{"to":2}}}`)
	// The goroutine started for the call may show in the profile a moment
	// after the call's answer: wait for it (bounded by the test's deadline).
	wait := testCtx(t)
	for n := watchdogs(t, label); n != 1; n = watchdogs(t, label) {
		if n > 1 || wait.Err() != nil {
			t.Fatalf("after a tools/call: %d watchdog goroutines, want one", n)
		}
		time.Sleep(time.Millisecond)
	}
	cw.Close()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
}
