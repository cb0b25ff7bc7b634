package sdk_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// pollServer serves the tool "poll" (body tool) with the real handler
// behind wrap (nil: none) and records the Last-Event-ID of every GET that
// resumes a stream.
type pollServer struct {
	url string
	mu  sync.Mutex
	ids []string
}

func newPollServer(t *testing.T, tool func(ctx context.Context) (string, error), wrap func(http.Handler) http.Handler) *pollServer {
	t.Helper()
	s := sdk.NewServer("poll-test", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return tool(ctx) }, quiet("poll"))
	h := sdkhttp.Handler(s, nil)
	ps := &pollServer{}
	var handler http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id := r.Header.Get(streamable.HeaderLastEventID); r.Method == http.MethodGet && id != "" {
			ps.mu.Lock()
			ps.ids = append(ps.ids, id)
			ps.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
	if wrap != nil {
		handler = wrap(handler)
	}
	ts := httptest.NewServer(handler)
	t.Cleanup(func() { h.Close(); ts.Close() })
	ps.url = ts.URL
	return ps
}

// resumedFrom is the Last-Event-IDs of the resuming GETs, stream prefix
// ("3-") cut off.
func (ps *pollServer) resumedFrom() string {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var seqs []string
	for _, id := range ps.ids {
		_, seq, _ := strings.Cut(id, "-")
		seqs = append(seqs, seq)
	}
	return fmt.Sprint(seqs)
}

// callPoll calls the tool "poll", handing each progress to on (when not
// nil), and returns the result's text and the progress seen.
func callPoll(t *testing.T, c *sdk.Client, on func(progress float64)) (text, progress string) {
	t.Helper()
	var mu sync.Mutex
	var seen []float64
	res, err := c.CallTool(testCtx(t), "poll", nil, &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
		mu.Lock()
		seen = append(seen, p.Progress)
		mu.Unlock()
		if on != nil {
			on(p.Progress)
		}
	}})
	if err != nil || res.IsError {
		t.Fatalf("CallTool: %+v %v", res, err)
	}
	mu.Lock()
	defer mu.Unlock()
	return texts(res), fmt.Sprint(seen)
}

// A tool closes its SSE stream mid-call, once or again on the resumed
// stream; the real client reconnects with Last-Event-ID each time and
// still gets every progress notification and the result.
func TestHTTPCloseSSEStreamMidCall(t *testing.T) {
	t.Run("answered while the client is away", func(t *testing.T) {
		toolDone := make(chan struct{})
		ps := newPollServer(t, func(ctx context.Context) (string, error) {
			defer close(toolDone)
			sdk.Progress(ctx, 1, 2, "")
			if !sdk.CloseSSEStream(ctx, 5*time.Millisecond) {
				return "", fmt.Errorf("CloseSSEStream = false")
			}
			sdk.Progress(ctx, 2, 2, "")
			return "done", nil
		}, func(next http.Handler) http.Handler {
			// The resuming GET waits for the tool: what it sent meanwhile
			// was kept for the client.
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get(streamable.HeaderLastEventID) != "" {
					<-toolDone
				}
				next.ServeHTTP(w, r)
			})
		})
		c := connectHTTP(t, ps.url, sdk.LatestLegacyVersion, nil)
		if text, progress := callPoll(t, c, nil); text != "done" || progress != "[1 2]" {
			t.Errorf("got %q with progress %s, want done with [1 2]", text, progress)
		}
		if got := ps.resumedFrom(); got != "[1]" {
			t.Errorf("resumed from events %s, want [1] (after progress 1)", got)
		}
	})
	t.Run("polled twice", func(t *testing.T) {
		again := make(chan struct{})
		ps := newPollServer(t, func(ctx context.Context) (string, error) {
			sdk.Progress(ctx, 1, 3, "")
			sdk.CloseSSEStream(ctx, 5*time.Millisecond)
			sdk.Progress(ctx, 2, 3, "")
			select {
			case <-again: // the client got progress 2 on the resumed stream
			case <-ctx.Done():
				return "", ctx.Err()
			}
			sdk.CloseSSEStream(ctx, 5*time.Millisecond) // ends the resumed stream
			sdk.Progress(ctx, 3, 3, "")
			return "done", nil
		}, nil)
		c := connectHTTP(t, ps.url, sdk.LatestLegacyVersion, nil)
		text, progress := callPoll(t, c, func(p float64) {
			if p == 2 {
				close(again)
			}
		})
		if text != "done" || progress != "[1 2 3]" {
			t.Errorf("got %q with progress %s, want done with [1 2 3]", text, progress)
		}
		if got := ps.resumedFrom(); got != "[1 2]" {
			t.Errorf("resumed from events %s, want [1 2]", got)
		}
	})
}

// CloseSSEStream works only where a client can resume: Streamable HTTP in
// the handshake era from 2025-11-25 on. Elsewhere it does nothing and the
// call completes on its one stream.
func TestCloseSSEStreamWhereSupported(t *testing.T) {
	closed := make(chan bool, 1)
	tool := func(ctx context.Context) (string, error) {
		closed <- sdk.CloseSSEStream(ctx, time.Millisecond)
		sdk.Progress(ctx, 1, 1, "")
		return "done", nil
	}
	ps := newPollServer(t, tool, nil)
	mem := sdk.NewServer("mem", nil)
	sdk.Tool(mem, func(ctx context.Context, _ struct{}) (string, error) { return tool(ctx) }, quiet("poll"))
	for _, tc := range []struct {
		name string
		c    func(t *testing.T) *sdk.Client
		want bool
	}{
		{"http 2025-11-25", func(t *testing.T) *sdk.Client { return connectHTTP(t, ps.url, sdk.LatestLegacyVersion, nil) }, true},
		{"http 2025-06-18", func(t *testing.T) *sdk.Client { return connectHTTP(t, ps.url, "2025-06-18", nil) }, false},
		{"http stateless", func(t *testing.T) *sdk.Client { return connectHTTP(t, ps.url, "", nil) }, false},
		{"in memory 2025-11-25", func(t *testing.T) *sdk.Client { return legacyClient(t, mem, nil) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if text, progress := callPoll(t, tc.c(t), nil); text != "done" || progress != "[1]" {
				t.Errorf("got %q with progress %s, want done with [1]", text, progress)
			}
			if got := <-closed; got != tc.want {
				t.Errorf("CloseSSEStream = %v, want %v", got, tc.want)
			}
		})
	}
	if sdk.CloseSSEStream(context.Background(), 0) {
		t.Error("CloseSSEStream outside a tool call = true")
	}
}

// cutProxy forwards TCP connections to a server; cut breaks every
// connection open at that moment, as a proxy or a network failure would.
type cutProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	conns  []net.Conn
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.cut() })
	return p
}

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		b, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, b)
		p.mu.Unlock()
		pipe := func(dst, src net.Conn) {
			_, _ = io.Copy(dst, src)
			dst.Close()
			src.Close()
		}
		go pipe(b, c)
		go pipe(c, b)
	}
}

func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// A connection cut by a proxy mid-stream: the client resumes through the
// proxy with Last-Event-ID and gets the progress it missed and the result,
// with or without priming events (2025-11-25 and 2025-06-18 clients).
func TestHTTPProxyCutMidStream(t *testing.T) {
	for _, version := range []string{sdk.LatestLegacyVersion, "2025-06-18"} {
		t.Run(version, func(t *testing.T) {
			cont := make(chan struct{})
			ps := newPollServer(t, func(ctx context.Context) (string, error) {
				sdk.Progress(ctx, 1, 2, "")
				select {
				case <-cont: // the connection was cut
				case <-ctx.Done():
					return "", ctx.Err()
				}
				sdk.Progress(ctx, 2, 2, "")
				return "done", nil
			}, nil)
			proxy := newCutProxy(t, strings.TrimPrefix(ps.url, "http://"))
			c := connectHTTP(t, "http://"+proxy.ln.Addr().String(), version, nil)
			text, progress := callPoll(t, c, func(p float64) {
				if p == 1 {
					proxy.cut()
					close(cont)
				}
			})
			if text != "done" || progress != "[1 2]" {
				t.Errorf("got %q with progress %s, want done with [1 2]", text, progress)
			}
			if got := ps.resumedFrom(); !strings.HasPrefix(got, "[1") {
				t.Errorf("resumed from events %s, want after progress 1", got)
			}
		})
	}
}
