package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

type httpEchoArgs struct {
	Text string `json:"text"`
}

// HTTPEcho returns its text.
func HTTPEcho(ctx context.Context, a httpEchoArgs) (string, error) { return a.Text, nil }

type httpStepsArgs struct {
	Steps int `json:"steps"`
}

// HTTPSteps reports progress and logs for each step.
func HTTPSteps(ctx context.Context, a httpStepsArgs) (string, error) {
	for i := 1; i <= a.Steps; i++ {
		sdk.Log(ctx, sdk.LevelInfo, fmt.Sprintf("step %d", i))
		sdk.Progress(ctx, float64(i), float64(a.Steps), "")
		time.Sleep(5 * time.Millisecond)
	}
	return fmt.Sprintf("%d steps", a.Steps), nil
}

// httpServer serves a fresh sdk server over httptest; block, if set, is
// the body of the tool "block".
func httpServer(t *testing.T, block func(ctx context.Context) (string, error)) *httptest.Server {
	t.Helper()
	s := sdk.NewServer("http-test", &sdk.ServerOptions{Version: "1.2.3"})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	sdk.Tool(s, HTTPSteps, &sdk.ToolOptions{Description: "Steps."})
	if block != nil {
		sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return block(ctx) },
			&sdk.ToolOptions{Name: "block", Description: "Blocks until cancelled."})
	}
	h := sdkhttp.Handler(s, nil)
	ts := httptest.NewServer(h)
	// Sessions first: ts.Close waits for every running handler, and a GET
	// stream or a legacy call only ends with its session (or its client).
	t.Cleanup(func() { h.Close(); ts.Close() })
	return ts
}

func connectHTTP(t *testing.T, url, version string, opts *sdk.ClientOptions) *sdk.Client {
	t.Helper()
	if opts == nil {
		opts = &sdk.ClientOptions{}
	}
	opts.ProtocolVersion = version
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := sdk.Connect(ctx, streamable.NewClient(url, nil), opts)
	if err != nil {
		t.Fatalf("connect (%q): %v", version, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Both eras over real HTTP with the real client: the probe picks the
// 2026 era, a legacy version forces the handshake, and progress and
// logs stream back over SSE in both.
func TestHTTPBothEras(t *testing.T) {
	ts := httpServer(t, nil)
	for _, tc := range []struct {
		version string
		era     sdk.Era
		proto   string
	}{
		{"", sdk.Era2026, sdk.Version2026},
		{sdk.LatestLegacyVersion, sdk.EraLegacy, sdk.LatestLegacyVersion},
		{"2025-03-26", sdk.EraLegacy, "2025-03-26"},
	} {
		t.Run(string(tc.era)+tc.version, func(t *testing.T) {
			var logs atomic.Int32
			c := connectHTTP(t, ts.URL, tc.version, &sdk.ClientOptions{OnLog: func(sdk.LogParams) { logs.Add(1) }})
			if c.Era() != tc.era || c.ProtocolVersion() != tc.proto || c.ServerInfo().Name != "http-test" {
				t.Fatalf("era %s version %s server %+v, want %s %s", c.Era(), c.ProtocolVersion(), c.ServerInfo(), tc.era, tc.proto)
			}
			tools, err := c.ListTools(context.Background())
			if err != nil || len(tools) != 2 {
				t.Fatalf("ListTools: %v %v", tools, err)
			}
			res, err := c.CallTool(context.Background(), "http_echo", map[string]any{"text": "héllo"}, nil)
			if err != nil || res.IsError || res.Content[0].Text != "héllo" {
				t.Fatalf("echo: %+v %v", res, err)
			}
			var progress []float64
			res, err = c.CallTool(context.Background(), "http_steps", map[string]any{"steps": 4}, &sdk.CallOptions{
				OnProgress: func(p sdk.ProgressParams) { progress = append(progress, p.Progress) },
			})
			if err != nil || res.Content[0].Text != "4 steps" {
				t.Fatalf("steps: %+v %v", res, err)
			}
			if fmt.Sprint(progress) != "[1 2 3 4]" {
				t.Errorf("progress %v, want [1 2 3 4]", progress)
			}
			if logs.Load() != 4 {
				t.Errorf("%d log notifications, want 4", logs.Load())
			}
			_, err = c.CallTool(context.Background(), "nope", nil, nil)
			if transport.ErrorCode(err) != transport.CodeInvalidParams {
				t.Errorf("unknown tool: %v, want -32602", err)
			}
		})
	}
}

// 100 clients with their own sessions (and 100 stateless ones) call
// concurrently; each gets its own answers.
func TestHTTPConcurrentSessions(t *testing.T) {
	ts := httpServer(t, nil)
	for _, version := range []string{sdk.LatestLegacyVersion, ""} {
		var wg sync.WaitGroup
		errs := make(chan error, 100)
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				c, err := sdk.Connect(ctx, streamable.NewClient(ts.URL, nil), &sdk.ClientOptions{ProtocolVersion: version})
				if err != nil {
					errs <- err
					return
				}
				defer c.Close()
				for j := range 5 {
					want := fmt.Sprintf("%d/%d", i, j)
					res, err := c.CallTool(ctx, "http_echo", map[string]any{"text": want}, nil)
					if err != nil || res.Content[0].Text != want {
						errs <- fmt.Errorf("client %d call %d: %+v %v", i, j, res, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("%q: %v", version, err)
		}
	}
}

// Cancelling a call (the client closes the request's stream in the
// 2026 era, sends notifications/cancelled in the legacy one) cancels
// the tool's context, and the server keeps serving.
func TestHTTPCancelMidCall(t *testing.T) {
	started := make(chan struct{}, 1)
	cancelled := make(chan struct{}, 1)
	ts := httpServer(t, func(ctx context.Context) (string, error) {
		started <- struct{}{}
		select {
		case <-ctx.Done():
			cancelled <- struct{}{}
			return "", ctx.Err()
		case <-time.After(time.Minute):
			return "not cancelled", nil
		}
	})
	for _, version := range []string{"", sdk.LatestLegacyVersion} {
		c := connectHTTP(t, ts.URL, version, nil)
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() {
			_, err := c.CallTool(ctx, "block", nil, nil)
			errc <- err
		}()
		select {
		case <-started:
		case err := <-errc:
			t.Fatalf("%q: CallTool returned %v before the tool started", version, err)
		case <-time.After(time.Minute):
			t.Fatalf("%q: the tool did not start", version)
		}
		cancel()
		if err := <-errc; !errors.Is(err, context.Canceled) {
			t.Errorf("%q: CallTool returned %v, want context.Canceled", version, err)
		}
		select {
		case <-cancelled:
		case <-time.After(time.Minute):
			t.Fatalf("%q: the tool's context was not cancelled", version)
		}
		if res, err := c.CallTool(context.Background(), "http_echo", map[string]any{"text": "still here"}, nil); err != nil || res.Content[0].Text != "still here" {
			t.Errorf("%q: after cancel: %+v %v", version, res, err)
		}
	}
}

// The 2026 era works over stdio too: the probe succeeds against an
// sdk server, and forcing a legacy version still performs the handshake.
func TestInMemoryEraSelection(t *testing.T) {
	s := sdk.NewServer("mem", nil)
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	for _, tc := range []struct {
		version string
		era     sdk.Era
	}{{"", sdk.Era2026}, {sdk.LatestLegacyVersion, sdk.EraLegacy}} {
		c, err := sdk.NewInMemoryClient(context.Background(), s, &sdk.ClientOptions{ProtocolVersion: tc.version})
		if err != nil {
			t.Fatal(err)
		}
		if c.Era() != tc.era {
			t.Errorf("%q: era %s, want %s", tc.version, c.Era(), tc.era)
		}
		res, err := c.CallTool(context.Background(), "http_echo", map[string]any{"text": "x"}, nil)
		if err != nil || res.Content[0].Text != "x" {
			t.Errorf("%q: %+v %v", tc.version, res, err)
		}
		c.Close()
	}
}

// Stopping ServeListener ends the sessions, so an open GET stream neither
// holds the shutdown until its grace period runs out nor turns it into an
// error.
func TestHTTPShutdownWithOpenStream(t *testing.T) {
	s := sdk.NewServer("shutdown", &sdk.ServerOptions{Stderr: io.Discard})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- sdkhttp.ServeListener(ctx, s, ln, nil) }()
	url := "http://" + ln.Addr().String() + "/mcp"

	post := func(session, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set(streamable.HeaderSessionID, session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	resp := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+sdk.LatestLegacyVersion+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	session := resp.Header.Get(streamable.HeaderSessionID)
	if session == "" {
		t.Fatalf("initialize: HTTP %d, no session", resp.StatusCode)
	}
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(streamable.HeaderSessionID, session)
	stream, err := http.DefaultClient.Do(req)
	if err != nil || stream.StatusCode != 200 {
		t.Fatalf("GET: %v %v", stream, err)
	}
	defer stream.Body.Close() // headers arrived: the stream is attached

	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("ServeListener: %v, want nil", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("ServeListener did not return")
	}
	if _, err := io.Copy(io.Discard, stream.Body); err != nil {
		t.Errorf("GET stream: %v, want a clean end", err)
	}
}
