package redisstore_test

import (
	"context"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// The sdk client behind a front that moves from replica A to replica B
// when A dies (as a load balancer does) keeps its session: its next call
// is answered by B without a second initialize, and its GET stream,
// resumed on B with the Last-Event-ID it had from A, carries B's list
// changes.
func TestFailoverClientKeepsItsSession(t *testing.T) {
	redisSrv := startRedis(t)
	a, b := startReplica(t, redisSrv.addr, "A"), startReplica(t, redisSrv.addr, "B")
	var target atomic.Pointer[url.URL]
	target.Store(mustParse(t, a.url))
	var inits atomic.Int32
	getOpened := make(chan struct{}, 4)
	proxy := &httputil.ReverseProxy{
		Rewrite:       func(pr *httputil.ProxyRequest) { pr.SetURL(target.Load()) },
		FlushInterval: -1,
		ErrorLog:      log.New(io.Discard, "", 0), // A dying mid-stream is the point
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Full duplex, as a load balancer is: by default, net/http's
		// HTTP/1 server drains and closes a request's body once the
		// handler starts its response. A replica answers a POST as soon
		// as it has read the body, and the proxy relays those headers
		// while its transport may not yet have made the last read of that
		// body (the one that checks it ends at its Content-Length); that
		// read then fails ("invalid Read on closed Body"), and the
		// transport drops its connection to the replica with the answer
		// under way: the client's stream ended before its first event
		// (golang/go#40747): a flake within a few hundred runs on a loaded
		// machine.
		if err := http.NewResponseController(w).EnableFullDuplex(); err != nil {
			t.Errorf("full duplex: %v", err)
		}
		if r.Method == http.MethodPost && r.Header.Get(streamable.HeaderSessionID) == "" {
			inits.Add(1)
		}
		if r.Method == http.MethodGet {
			w = &headerSignal{ResponseWriter: w, sent: getOpened}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)

	ctx := context.Background()
	changes := make(chan string, 4)
	c, err := sdk.Connect(ctx, streamable.NewClient(front.URL+"/mcp", nil), &sdk.ClientOptions{
		ProtocolVersion: sdk.LatestLegacyVersion,
		OnNotification: func(m *transport.Message) {
			if m.Method == "notifications/tools/list_changed" {
				changes <- m.Method
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	grow := func(want string) {
		t.Helper()
		if res, err := c.CallTool(ctx, "grow", nil, nil); err != nil || res.IsError || res.Content[0].Text != want {
			t.Fatalf("grow: %+v, %v; want %s's answer", res, err, want)
		}
		wait(t, changes, "the list change of grow on "+want)
	}
	call := func(want string) {
		t.Helper()
		var progress atomic.Int32
		res, err := c.CallTool(ctx, "steps", map[string]any{"n": 2}, &sdk.CallOptions{OnProgress: func(sdk.ProgressParams) { progress.Add(1) }})
		if err != nil || res.IsError || res.Content[0].Text != want || progress.Load() != 2 {
			t.Fatalf("steps: %+v, %v, %d progress; want %s's answer after 2", res, err, progress.Load(), want)
		}
	}
	wait(t, getOpened, "the GET stream on A") // then A's list change travels on it
	grow("A")
	call("A")
	target.Store(mustParse(t, b.url)) // the balancer sees A go down...
	a.kill()                          // ...as it dies
	call("B")
	grow("B")
	if n := inits.Load(); n != 1 {
		t.Errorf("the client initialized %d times, want once", n)
	}
}

// wait guards against a hang: what the test waits for comes, or the
// test fails after a minute.
func wait[T any](t *testing.T, ch <-chan T, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(time.Minute):
		t.Fatalf("no %s", what)
	}
}

// headerSignal tells when a response's headers went out (a GET stream is
// attached by then).
type headerSignal struct {
	http.ResponseWriter
	sent chan<- struct{}
}

func (h *headerSignal) WriteHeader(code int) {
	h.ResponseWriter.WriteHeader(code)
	if code == http.StatusOK {
		select {
		case h.sent <- struct{}{}:
		default: // reconnections nobody waits for
		}
	}
}

func (h *headerSignal) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// mustParse parses a replica's URL, keeping scheme and host: the front
// passes the path through.
func mustParse(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}
}
