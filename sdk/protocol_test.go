package sdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// handle sends one raw message to a session and returns the raw response.
func handle(t *testing.T, ss *sdk.Session, msg string) string {
	t.Helper()
	m, derr := transport.Decode([]byte(msg))
	if derr != nil {
		t.Fatalf("test message %s: %v", msg, derr)
	}
	resp := ss.Handle(context.Background(), m)
	if resp == nil {
		return ""
	}
	return string(toJSON(t, resp))
}

func initMsg(version string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`, version)
}

func TestInitializeVersionNegotiation(t *testing.T) {
	s := sdk.NewServer("Bookshop", &sdk.ServerOptions{Version: "1.0.0", Title: "The Bookshop", Instructions: "Search first."})
	cases := []struct{ asked, want string }{
		{"2024-11-05", "2024-11-05"},
		{"2025-03-26", "2025-03-26"},
		{"2025-06-18", "2025-06-18"},
		{"2025-11-25", "2025-11-25"},
		{"1999-01-01", sdk.LatestLegacyVersion},
		{"", sdk.LatestLegacyVersion},
	}
	for _, tt := range cases {
		t.Run("asked "+tt.asked, func(t *testing.T) {
			ss := s.NewSession(nil)
			defer ss.Close()
			got := handle(t, ss, initMsg(tt.asked))
			want := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":%q,"capabilities":{"tools":{"listChanged":true},"logging":{}},"serverInfo":{"name":"Bookshop","title":"The Bookshop","version":"1.0.0"},"instructions":"Search first."}}`, tt.want)
			if d := jsonDiff(t, []byte(want), []byte(got)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			if ss.ProtocolVersion() != tt.want {
				t.Errorf("ProtocolVersion() = %q", ss.ProtocolVersion())
			}
		})
	}
	if !slices.Equal(sdk.LegacyVersions(), []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}) {
		t.Errorf("LegacyVersions = %v", sdk.LegacyVersions())
	}
	// The client sees the same negotiation.
	for _, v := range sdk.LegacyVersions() {
		if got := legacyClientVersion(t, s, v); got != v {
			t.Errorf("client asked %s, negotiated %s", v, got)
		}
	}
}

func legacyClientVersion(t *testing.T, s *sdk.Server, v string) string {
	c := memClient(t, s, v, nil)
	if c.ServerInfo().Name != "Bookshop" {
		t.Errorf("ServerInfo = %+v", c.ServerInfo())
	}
	return c.ProtocolVersion()
}

func TestSessionRequests(t *testing.T) {
	s := sdk.NewServer("s", nil)
	sdk.Tool(s, ListURLs, &sdk.ToolOptions{Description: "d"})
	ss := s.NewSession(nil)
	defer ss.Close()
	steps := []struct{ name, send, want string }{
		{"ping before initialize", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"tools/list before initialize", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request: tools/list before initialize"}}`},
		{"initialize", initMsg("2025-06-18"), ""},
		{"initialized is a notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""},
		{"ping", `{"jsonrpc":"2.0","id":"p","method":"ping"}`, `{"jsonrpc":"2.0","id":"p","result":{}}`},
		{"unknown method", `{"jsonrpc":"2.0","id":3,"method":"resources/list"}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found: resources/list"}}`},
		{"unknown notification ignored", `{"jsonrpc":"2.0","method":"notifications/whatever"}`, ""},
		{"a response is not answered", `{"jsonrpc":"2.0","id":9,"result":{}}`, ""},
		{"malformed params", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":5}}`, "-32602"},
		{"unknown tool", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope"}}`,
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Unknown tool: nope"}}`},
		{"bad log level", `{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"loud"}}`, "-32602"},
		{"good log level", `{"jsonrpc":"2.0","id":7,"method":"logging/setLevel","params":{"level":"error"}}`, `{"jsonrpc":"2.0","id":7,"result":{}}`},
		{"tools/list", `{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{}}`, "list_urls"},
		{"cancel of an unknown request ignored", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":42}}`, ""},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			got := handle(t, ss, st.send)
			switch {
			case st.name == "initialize":
				if !strings.Contains(got, `"protocolVersion":"2025-06-18"`) {
					t.Errorf("got %s", got)
				}
			case strings.HasPrefix(st.want, "{") || st.want == "":
				if st.want == "" && got != "" {
					t.Errorf("answered %s, want no response", got)
				} else if st.want != "" {
					if d := jsonDiff(t, []byte(st.want), []byte(got)); d != "" {
						t.Errorf("(-want +got):\n%s", d)
					}
				}
			default:
				if !strings.Contains(got, st.want) {
					t.Errorf("got %s, want it to contain %s", got, st.want)
				}
			}
		})
	}
}

func TestToolsListPagination(t *testing.T) {
	s := sdk.NewServer("pages", &sdk.ServerOptions{PageSize: 2})
	var want []string
	for i := range 5 {
		name := fmt.Sprintf("tool_%d", i)
		want = append(want, name)
		s.AddTool(returning(t, name, i))
	}
	c := legacyClient(t, s, nil)
	ctx := testCtx(t)

	var pages [][]string
	cursor := ""
	for range 10 {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		var res sdk.ListToolsResult
		if err := c.Call(ctx, "tools/list", params, &res); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
		}
		pages = append(pages, names)
		if res.NextCursor == "" {
			break
		}
		cursor = res.NextCursor
	}
	if d := jsonDiff(t, []byte(`[["tool_0","tool_1"],["tool_2","tool_3"],["tool_4"]]`), toJSON(t, pages)); d != "" {
		t.Errorf("pages (-want +got):\n%s", d)
	}

	all, err := c.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range all {
		names = append(names, tool.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("ListTools = %v, want %v", names, want)
	}

	for _, bad := range []string{"garbage!", "dG9vbHM6OTk", "dG9vbHM6LTE", "eHl6"} {
		t.Run("invalid cursor "+bad, func(t *testing.T) {
			err := c.Call(ctx, "tools/list", map[string]any{"cursor": bad}, nil)
			var rpc *transport.Error
			if !errors.As(err, &rpc) || rpc.Code != transport.CodeInvalidParams {
				t.Errorf("cursor %q: err = %v, want -32602", bad, err)
			}
		})
	}
}

type logArgs struct{}

func logEveryLevel(ctx context.Context, _ logArgs) (string, error) {
	for _, l := range []sdk.LogLevel{sdk.LevelDebug, sdk.LevelInfo, sdk.LevelNotice, sdk.LevelWarning, sdk.LevelError, sdk.LevelCritical, sdk.LevelAlert, sdk.LevelEmergency} {
		if err := sdk.Log(ctx, l, "at "+string(l)); err != nil {
			return "", err
		}
	}
	return "logged", nil
}

// logging/setLevel filters what sdk.Log sends; by default everything goes.
func TestLogging(t *testing.T) {
	s := sdk.NewServer("log", nil)
	sdk.Tool(s, logEveryLevel, quiet("log"))
	tests := []struct {
		level string // "" leaves the default
		want  string
	}{
		{"", "debug info notice warning error critical alert emergency"},
		{"warning", "warning error critical alert emergency"},
		{"emergency", "emergency"},
		{"debug", "debug info notice warning error critical alert emergency"},
	}
	for _, tt := range tests {
		t.Run("level "+tt.level, func(t *testing.T) {
			var mu sync.Mutex
			var got []string
			c := legacyClient(t, s, &sdk.ClientOptions{OnLog: func(p sdk.LogParams) {
				mu.Lock()
				defer mu.Unlock()
				if p.Logger != "log" || p.Data != "at "+string(p.Level) {
					t.Errorf("log entry %+v", p)
				}
				got = append(got, string(p.Level))
			}})
			if tt.level != "" {
				if err := c.Call(testCtx(t), "logging/setLevel", map[string]string{"level": tt.level}, nil); err != nil {
					t.Fatal(err)
				}
			}
			if res := callRaw(t, c, "log", `{}`); res.IsError {
				t.Fatal(texts(res))
			}
			mu.Lock()
			defer mu.Unlock()
			if d := textDiff(tt.want, strings.Join(got, " ")); d != "" {
				t.Errorf("levels received (-want +got):\n%s", d)
			}
		})
	}
}

type countArgs struct {
	To int `json:"to"`
}

func countTo(ctx context.Context, a countArgs) (int, error) {
	for i := 1; i <= a.To; i++ {
		if err := sdk.Progress(ctx, float64(i), float64(a.To), fmt.Sprint("step ", i)); err != nil {
			return 0, err
		}
	}
	return a.To, nil
}

func TestProgress(t *testing.T) {
	s := sdk.NewServer("progress", nil)
	sdk.Tool(s, countTo, quiet("count"))
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			var mu sync.Mutex
			var got []string
			var token json.RawMessage
			res, err := c.CallTool(testCtx(t), "count", map[string]int{"to": 5}, &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, fmt.Sprintf("%g/%g %s", p.Progress, p.Total, p.Message))
				token = p.ProgressToken
			}})
			if err != nil || res.IsError {
				t.Fatalf("call = %+v, %v", res, err)
			}
			mu.Lock()
			defer mu.Unlock()
			want := "1/5 step 1\n2/5 step 2\n3/5 step 3\n4/5 step 4\n5/5 step 5"
			if d := textDiff(want, strings.Join(got, "\n")); d != "" {
				t.Errorf("progress (-want +got):\n%s", d)
			}
			if len(token) == 0 {
				t.Error("progress without a token")
			}
			// Without OnProgress there is no token: Progress is a no-op.
			if res := callRaw(t, c, "count", `{"to":2}`); res.IsError {
				t.Error(texts(res))
			}
		})
	}
	// Outside a tool call both helpers are no-ops.
	if err := sdk.Progress(context.Background(), 1, 2, "x"); err != nil {
		t.Error(err)
	}
	if err := sdk.Log(context.Background(), sdk.LevelError, "x"); err != nil {
		t.Error(err)
	}
}

// blocker is a tool that signals when it starts and waits for release or
// for its context to end.
type blocker struct {
	started   chan string
	release   chan struct{}
	cancelled chan string
}

type blockArgs struct {
	Tag string `json:"tag"`
}

func newBlocker() *blocker {
	return &blocker{started: make(chan string, 16), release: make(chan struct{}), cancelled: make(chan string, 16)}
}

func (b *blocker) tool(ctx context.Context, a blockArgs) (string, error) {
	b.started <- a.Tag
	select {
	case <-b.release:
		return "released " + a.Tag, nil
	case <-ctx.Done():
		b.cancelled <- a.Tag
		return "", ctx.Err()
	}
}

// recv waits for a value, failing the test if the guard context ends
// first (a deadlock, not a timing assertion).
func recv[T any](t *testing.T, ctx context.Context, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-ctx.Done():
		t.Fatalf("waiting for %s: %v", what, ctx.Err())
	}
	var zero T
	return zero
}

// Cancelling the client's context sends notifications/cancelled: the
// handler sees ctx.Done() and the server keeps serving.
func TestCancellation(t *testing.T) {
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			b := newBlocker()
			s := sdk.NewServer("cancel", nil)
			sdk.Tool(s, b.tool, quiet("block"))
			c := memClient(t, s, era.version, nil)
			guard := testCtx(t)
			ctx, cancel := context.WithCancel(guard)
			errc := make(chan error, 1)
			go func() {
				_, err := c.CallTool(ctx, "block", map[string]string{"tag": "one"}, nil)
				errc <- err
			}()
			recv(t, guard, b.started, "the call to start")
			cancel()
			if err := recv(t, guard, errc, "CallTool to return"); !errors.Is(err, context.Canceled) {
				t.Errorf("CallTool = %v, want context.Canceled", err)
			}
			if tag := recv(t, guard, b.cancelled, "the handler to see ctx.Done()"); tag != "one" {
				t.Errorf("cancelled %q", tag)
			}
			// Still serving.
			close(b.release)
			if res := callRaw(t, c, "block", `{"tag":"two"}`); texts(res) != "released two" {
				t.Errorf("next call = %s", texts(res))
			}
		})
	}
}

// A slow tool does not delay tools/list, ping or another call.
func TestConcurrency(t *testing.T) {
	b := newBlocker()
	s := sdk.NewServer("conc", nil)
	sdk.Tool(s, b.tool, quiet("block"))
	sdk.Tool(s, countTo, quiet("count"))
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			guard := testCtx(t)
			slow := make(chan string, 1)
			go func() {
				res, err := c.CallTool(guard, "block", map[string]string{"tag": "slow"}, nil)
				if err != nil {
					slow <- err.Error()
					return
				}
				slow <- texts(res)
			}()
			recv(t, guard, b.started, "the slow call to start")
			// While it blocks (it cannot finish before release is closed):
			if _, err := c.ListTools(guard); err != nil {
				t.Fatalf("tools/list while a call is running: %v", err)
			}
			if era.name == "legacy" { // the 2026 era has no ping
				if err := c.Call(guard, "ping", nil, nil); err != nil {
					t.Fatalf("ping while a call is running: %v", err)
				}
			}
			if res := callRaw(t, c, "count", `{"to":1}`); texts(res) != "1" {
				t.Fatalf("another call while a call is running = %s", texts(res))
			}
			select {
			case got := <-slow:
				t.Fatalf("the slow call finished before release: %s", got)
			default:
			}
			b.release <- struct{}{}
			if got := recv(t, guard, slow, "the slow call"); got != "released slow" {
				t.Errorf("slow call = %s", got)
			}
		})
	}
}

// Adding a tool at run time tells connected legacy clients.
func TestToolsListChanged(t *testing.T) {
	s := sdk.NewServer("changes", nil)
	changed := make(chan struct{}, 4)
	c := legacyClient(t, s, &sdk.ClientOptions{OnToolsChanged: func() { changed <- struct{}{} }})
	guard := testCtx(t)
	s.AddTool(returning(t, "late", "x"))
	recv(t, guard, changed, "list_changed after AddTool")
	tools, err := c.ListTools(guard)
	if err != nil || len(tools) != 1 || tools[0].Name != "late" {
		t.Fatalf("ListTools = %v, %v", tools, err)
	}
	s.RemoveTool("late")
	recv(t, guard, changed, "list_changed after RemoveTool")
	if tools, _ := c.ListTools(guard); len(tools) != 0 {
		t.Errorf("tools after RemoveTool = %v", tools)
	}
	if _, err := c.CallTool(guard, "late", nil, nil); transport.ErrorCode(err) != transport.CodeInvalidParams {
		t.Errorf("call of a removed tool = %v", err)
	}
}

// Serve over a newline stream: garbage, batches, oversized lines and EOF
// mid-line each get the right JSON-RPC error, and the connection stays
// usable; at EOF Serve returns nil.
func TestServeStreamBadFrames(t *testing.T) {
	s := sdk.NewServer("frames", &sdk.ServerOptions{Stderr: io.Discard})
	sdk.Tool(s, countTo, quiet("count"))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	conn := transport.NewStream(inR, outW, &transport.StreamOptions{MaxMessageSize: 256})
	served := make(chan error, 1)
	go func() { served <- s.Serve(context.Background(), conn); outW.Close() }()
	out := bufio.NewReader(outR)
	guard := testCtx(t)
	exchange := func(line string, newline bool) string {
		t.Helper()
		if newline {
			line += "\n"
		}
		go io.WriteString(inW, line)
		got := make(chan string, 1)
		go func() {
			s, _ := out.ReadString('\n')
			got <- strings.TrimSpace(s)
		}()
		return recv(t, guard, got, "the answer to "+line)
	}
	steps := []struct{ name, send, want string }{
		{"initialize", initMsg("2025-03-26"), `"protocolVersion":"2025-03-26"`},
		{"garbage", `not json`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid JSON"}}`},
		{"broken object", `{{{`, `"code":-32700`},
		{"batch", `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not supported"}}`},
		{"oversized", `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"` + strings.Repeat("x", 300) + `"}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"request too large: 360 bytes, over the 256 B limit"}}`},
		{"wrong version keeps id", `{"jsonrpc":"1.0","id":4,"method":"ping"}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid Request: \"jsonrpc\" must be \"2.0\""}}`},
		{"still usable", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"count","arguments":{"to":2}}}`, `"text":"2"`},
	}
	for _, st := range steps {
		got := exchange(st.send, true)
		if strings.HasPrefix(st.want, "{") {
			if d := jsonDiff(t, []byte(st.want), []byte(got)); d != "" {
				t.Errorf("%s (-want +got):\n%s", st.name, d)
			}
		} else if !strings.Contains(got, st.want) {
			t.Errorf("%s: got %s, want %s", st.name, got, st.want)
		}
	}
	// A bad notification is not answered (there is no id to answer): the
	// next answer is the ping's.
	if got := exchange(`{"jsonrpc":"2.0","method":"x","params":7}`+"\n"+`{"jsonrpc":"2.0","id":6,"method":"ping"}`, true); got != `{"jsonrpc":"2.0","id":6,"result":{}}` {
		t.Errorf("after a bad notification: %s", got)
	}
	// EOF mid-line: the last request is answered, then Serve returns.
	got := make(chan string, 1)
	go func() {
		s, _ := out.ReadString('\n')
		got <- strings.TrimSpace(s)
	}()
	io.WriteString(inW, `{"jsonrpc":"2.0","id":7,"method":"ping"}`)
	inW.Close()
	if g := recv(t, guard, got, "the answer after EOF"); g != `{"jsonrpc":"2.0","id":7,"result":{}}` {
		t.Errorf("answer at EOF mid-line = %s", g)
	}
	if err := recv(t, guard, served, "Serve to return"); err != nil {
		t.Errorf("Serve = %v, want nil at EOF", err)
	}
}

// Shutdown (the Serve context ending) cancels in-flight calls and returns.
func TestServeShutdownCancelsCalls(t *testing.T) {
	b := newBlocker()
	s := sdk.NewServer("shutdown", nil)
	sdk.Tool(s, b.tool, quiet("block"))
	serverConn, clientConn := transport.NewPipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, serverConn) }()
	guard := testCtx(t)
	c, err := sdk.Connect(guard, clientConn, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	callErr := make(chan error, 1)
	go func() {
		_, err := c.CallTool(guard, "block", map[string]string{"tag": "x"}, nil)
		callErr <- err
	}()
	recv(t, guard, b.started, "the call to start")
	cancel()
	if tag := recv(t, guard, b.cancelled, "the handler to see shutdown"); tag != "x" {
		t.Errorf("cancelled %q", tag)
	}
	if err := recv(t, guard, served, "Serve to return"); err != nil {
		t.Errorf("Serve = %v", err)
	}
	if err := recv(t, guard, callErr, "the client call to end"); err == nil {
		t.Error("the call succeeded after shutdown")
	}
}

// A cancellation that arrives before its call has started (the reader
// hands the call to another goroutine; over HTTP it may come on another
// request) still cancels that call when it starts, and the call is not
// answered.
func TestCancellationBeforeCallStarts(t *testing.T) {
	s := sdk.NewServer("cancel", nil)
	saw := make(chan error, 2)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		saw <- ctx.Err()
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "ran", nil
	}, quiet("check"))
	ss := s.NewSession(func(*transport.Message) error { return nil })
	defer ss.Close()
	ctx := testCtx(t)
	handle := func(raw string) *transport.Message {
		m, derr := transport.Decode([]byte(raw))
		if derr != nil {
			t.Fatal(derr)
		}
		return ss.Handle(ctx, m)
	}
	handle(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	handle(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`)
	if resp := handle(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"check","arguments":{}}}`); resp != nil {
		t.Errorf("call 7 after its cancellation answered %s, want no answer", toJSON(t, resp))
	}
	if err := <-saw; !errors.Is(err, context.Canceled) {
		t.Errorf("call 7 ran with ctx.Err() = %v, want it cancelled", err)
	}
	resp := handle(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"check","arguments":{}}}`)
	if !strings.Contains(string(resp.Result), `"ran"`) {
		t.Errorf("call 8 (never cancelled) = %s", resp.Result)
	}
}

// The version lists are answers, not settings: changing the slice a
// caller got changes nothing the server negotiates.
func TestVersionListsAreCopies(t *testing.T) {
	legacy := sdk.LegacyVersions()
	legacy[0] = "1999-01-01"
	if got := sdk.LegacyVersions()[0]; got != sdk.LatestLegacyVersion {
		t.Errorf("LegacyVersions()[0] after the caller's change = %q", got)
	}
	modern := sdk.Versions2026()
	modern[0] = "1999-01-01"
	if got := sdk.Versions2026(); !slices.Equal(got, []string{sdk.Version2026}) {
		t.Errorf("Versions2026() after the caller's change = %v", got)
	}
	s := sdk.NewServer("Bookshop", nil)
	if got := legacyClientVersion(t, s, sdk.LatestLegacyVersion); got != sdk.LatestLegacyVersion {
		t.Errorf("negotiated %s after the caller's change", got)
	}
}
