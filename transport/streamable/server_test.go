package streamable_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// fakeBackend speaks a toy protocol over the real handler: "echo" returns
// its params, "count" emits N notifications then answers (waiting for
// next between them when gate is set), "block" waits for cancellation.
type fakeBackend struct {
	gate      chan struct{} // count waits on it before each event after the first
	cancelled chan struct{}
	notifiers chan func(*transport.Message) error // gets each session's notify, if set
	emitted   chan int                            // count sends each event's number, if set
	started   chan struct{}                       // block signals it is running, if set
	// set (newPollBackend): tools/call runs poll instead of echoing
	closed chan bool
	step   chan struct{}
	params map[string][]transport.ParamHeader // ParamHeaders' answers, by tool
}

func (b *fakeBackend) ParamHeaders(tool string) []transport.ParamHeader { return b.params[tool] }

func (b *fakeBackend) IsLegacyVersion(v string) bool { return v == "2025-11-25" || v == "2025-03-26" }

func (b *fakeBackend) NewSession(notify func(*transport.Message) error) transport.StreamableSession {
	if b.notifiers != nil {
		b.notifiers <- notify
	}
	return fakeSession{b}
}

func (b *fakeBackend) Handle2026(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	return b.handle(ctx, m, emit)
}

type fakeSession struct{ b *fakeBackend }

func (s fakeSession) Handle(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	return s.b.handle(ctx, m, emit)
}
func (s fakeSession) Close() {}

func (b *fakeBackend) handle(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	if !m.IsRequest() {
		return nil
	}
	switch m.Method {
	case "initialize":
		var p struct{ ProtocolVersion string }
		_ = json.Unmarshal(m.Params, &p)
		if p.ProtocolVersion == "" {
			p.ProtocolVersion = "2025-11-25"
		}
		r, _ := transport.NewResult(m.ID, map[string]any{"protocolVersion": p.ProtocolVersion})
		return r
	case "echo", "tools/call":
		if m.Method == "tools/call" && b.step != nil {
			return b.poll(ctx, m, emit)
		}
		r, _ := transport.NewResult(m.ID, m.Params)
		return r
	case "count":
		var p struct{ N int }
		_ = json.Unmarshal(m.Params, &p)
		n := p.N
		for i := 1; i <= n; i++ {
			if i > 1 && b.gate != nil {
				select {
				case <-b.gate:
				case <-ctx.Done(): // the session ended (a failed test's cleanup)
					return transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "cancelled"))
				}
			}
			note, _ := transport.NewNotification("notifications/progress", map[string]int{"progress": i})
			_ = emit(note)
			if b.emitted != nil {
				b.emitted <- i
			}
		}
		r, _ := transport.NewResult(m.ID, n)
		return r
	case "block":
		if b.started != nil {
			b.started <- struct{}{}
		}
		<-ctx.Done()
		b.cancelled <- struct{}{}
		return transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "cancelled"))
	}
	return transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", m.Method))
}

func newFakeServer(t *testing.T, b *fakeBackend, opts *streamable.ServerOptions) *httptest.Server {
	t.Helper()
	h := streamable.NewServer(b, opts)
	ts := httptest.NewServer(h)
	// Sessions first: ts.Close waits for every running handler, and a GET
	// stream or a legacy call only ends with its session (or its client).
	t.Cleanup(func() { h.Close(); ts.Close() })
	return ts
}

type req struct {
	method  string
	headers map[string]string
	body    string
}

func do(t *testing.T, url string, r req) (*http.Response, string) {
	t.Helper()
	if r.method == "" {
		r.method = http.MethodPost
	}
	hr, err := http.NewRequest(r.method, url, strings.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	if r.method == http.MethodPost {
		hr.Header.Set("Content-Type", "application/json")
		hr.Header.Set("Accept", "application/json, text/event-stream")
	}
	for k, v := range r.headers {
		if k == "Host" {
			hr.Host = v
			continue
		}
		if v == "" {
			hr.Header.Del(k)
		} else {
			hr.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp, string(data)
}

func initSession(t *testing.T, url string) string {
	t.Helper()
	resp, body := do(t, url, req{body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`})
	id := resp.Header.Get(streamable.HeaderSessionID)
	if resp.StatusCode != 200 || len(id) != 32 {
		t.Fatalf("initialize: %d %q session %q", resp.StatusCode, body, id)
	}
	return id
}

// Every bad input gets a clear HTTP status and a JSON-RPC error, and the
// server keeps serving.
func TestStreamableBadInputs(t *testing.T) {
	ts := newFakeServer(t, &fakeBackend{}, &streamable.ServerOptions{MaxBodySize: 1024})
	session := initSession(t, ts.URL)
	modern := func(method, name string) map[string]string {
		h := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method}
		if name != "" {
			h["Mcp-Name"] = name
		}
		return h
	}
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
	tests := []struct {
		name   string
		r      req
		status int
		code   int
	}{
		{"foreign origin", req{headers: map[string]string{"Origin": "https://evil.example"}, body: `{}`}, 403, -32600},
		{"foreign origin, localhost host", req{headers: map[string]string{"Origin": "http://evil.example", "Host": "localhost"}, body: `{}`}, 403, -32600},
		{"rebinding host", req{headers: map[string]string{"Host": "evil.example:80"}, body: `{}`}, 403, -32600},
		{"wrong content type", req{headers: map[string]string{"Content-Type": "text/plain"}, body: `{}`}, 415, -32600},
		{"accept without sse", req{headers: map[string]string{"Accept": "application/json"}, body: `{}`}, 406, -32600},
		{"oversized body", req{body: `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":"` + strings.Repeat("a", 2000) + `"}}`}, 413, -32600},
		{"garbage json", req{body: `{"jsonrpc":`}, 400, -32700},
		{"batch", req{body: `[{"jsonrpc":"2.0","id":1,"method":"echo"}]`}, 400, -32600},
		{"no session", req{body: `{"jsonrpc":"2.0","id":1,"method":"echo"}`}, 400, -32600},
		{"unknown session", req{headers: map[string]string{"Mcp-Session-Id": "feedface"}, body: `{"jsonrpc":"2.0","id":1,"method":"echo"}`}, 404, -32600},
		{"legacy bad version", req{headers: map[string]string{"Mcp-Session-Id": session, "MCP-Protocol-Version": "1999-01-01"}, body: `{"jsonrpc":"2.0","id":1,"method":"echo"}`}, 400, -32600},
		{"missing version header", req{body: call}, 400, -32020},
		{"missing method header", req{headers: map[string]string{"MCP-Protocol-Version": "2026-07-28"}, body: call}, 400, -32020},
		{"method mismatch", req{headers: modern("tools/list", "t"), body: call}, 400, -32020},
		{"method case mismatch", req{headers: modern("TOOLS/CALL", "t"), body: call}, 400, -32020},
		{"missing name header", req{headers: modern("tools/call", ""), body: call}, 400, -32020},
		{"name mismatch", req{headers: modern("tools/call", "other"), body: call}, 400, -32020},
		{"meta version mismatch", req{headers: map[string]string{"MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "tools/call", "Mcp-Name": "t"}, body: call}, 400, -32020},
		{"unknown method", req{headers: modern("nope", ""), body: `{"jsonrpc":"2.0","id":3,"method":"nope","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`}, 404, -32601},
		{"stateless GET", req{method: "GET", headers: map[string]string{"MCP-Protocol-Version": "2026-07-28"}}, 405, -32600},
		{"stateless DELETE", req{method: "DELETE", headers: map[string]string{"MCP-Protocol-Version": "2026-07-28"}}, 405, -32600},
		{"GET without session", req{method: "GET"}, 400, -32600},
		{"GET without sse", req{method: "GET", headers: map[string]string{"Mcp-Session-Id": session, "Accept": "application/json"}}, 406, -32600},
		{"PUT", req{method: "PUT"}, 405, -32600},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := do(t, ts.URL, tc.r)
			var m transport.Message
			if err := json.Unmarshal([]byte(body), &m); err != nil || m.Error == nil {
				t.Fatalf("body %q is not a JSON-RPC error (%v)", body, err)
			}
			if resp.StatusCode != tc.status || m.Error.Code != tc.code {
				t.Errorf("got HTTP %d code %d (%s), want HTTP %d code %d", resp.StatusCode, m.Error.Code, m.Error.Message, tc.status, tc.code)
			}
		})
	}
	// Whitespace around header values is fine, and the server still serves.
	resp, body := do(t, ts.URL, req{headers: map[string]string{"MCP-Protocol-Version": " 2026-07-28 ", "Mcp-Method": "tools/call", "Mcp-Name": "  t  "}, body: call})
	if resp.StatusCode != 200 || !strings.Contains(body, `"result"`) {
		t.Errorf("valid stateless call after bad ones: %d %s", resp.StatusCode, body)
	}
	resp, body = do(t, ts.URL, req{headers: map[string]string{"Mcp-Session-Id": session, "Origin": ts.URL}, body: `{"jsonrpc":"2.0","id":9,"method":"echo","params":{"ok":true}}`})
	if resp.StatusCode != 200 || !strings.Contains(body, `"ok":true`) {
		t.Errorf("valid legacy call after bad ones: %d %s", resp.StatusCode, body)
	}
}

// recv receives from ch, failing instead of hanging when nothing comes.
func recv[T any](t *testing.T, ch <-chan T) (T, bool) {
	t.Helper()
	select {
	case v, ok := <-ch:
		return v, ok
	case <-time.After(time.Minute):
		t.Fatal("nothing received in a minute")
	}
	var zero T
	return zero, false
}

// send sends on ch, failing instead of hanging when nobody receives.
func send(t *testing.T, ch chan<- struct{}) {
	t.Helper()
	select {
	case ch <- struct{}{}:
	case <-time.After(time.Minute):
		t.Fatal("nobody received in a minute")
	}
}

// sseEvents reads events from an SSE body.
func sseEvents(r io.Reader) <-chan [2]string {
	out := make(chan [2]string, 16)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(r)
		var id, data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if data != "" {
					out <- [2]string{id, data}
				}
				id, data = "", ""
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "data: "):
				data = line[6:]
			}
		}
	}()
	return out
}

// A legacy POST stream cut mid-call resumes with Last-Event-ID on GET:
// the client gets the events it missed, then the response.
func TestStreamableResumption(t *testing.T) {
	b := &fakeBackend{gate: make(chan struct{}), emitted: make(chan int, 3)}
	ts := newFakeServer(t, b, nil)
	session := initSession(t, ts.URL)

	ctx, cancel := context.WithCancel(context.Background())
	hr, _ := http.NewRequestWithContext(ctx, "POST", ts.URL, strings.NewReader(`{"jsonrpc":"2.0","id":5,"method":"count","params":{"n":3}}`))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	hr.Header.Set("Mcp-Session-Id", session)
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q, want SSE", ct)
	}
	first, _ := recv(t, sseEvents(resp.Body))
	if !strings.Contains(first[1], `"progress":1`) || first[0] == "" {
		t.Fatalf("first event %q", first)
	}
	cancel() // the connection drops mid-call
	resp.Body.Close()
	recv(t, b.emitted)
	send(t, b.gate) // event 2 happens while nobody listens
	if n, _ := recv(t, b.emitted); n != 2 {
		t.Fatalf("emitted event %d, want 2", n)
	}

	gr, _ := http.NewRequest("GET", ts.URL, nil)
	gr.Header.Set("Accept", "text/event-stream")
	gr.Header.Set("Mcp-Session-Id", session)
	gr.Header.Set("Last-Event-ID", first[0])
	gresp, err := http.DefaultClient.Do(gr)
	if err != nil || gresp.StatusCode != 200 {
		t.Fatalf("resume: %v %v", gresp, err)
	}
	defer gresp.Body.Close()
	events := sseEvents(gresp.Body)
	if ev, _ := recv(t, events); !strings.Contains(ev[1], `"progress":2`) {
		t.Fatalf("replayed %q, want progress 2", ev)
	}
	send(t, b.gate)
	if ev, _ := recv(t, events); !strings.Contains(ev[1], `"progress":3`) {
		t.Fatalf("live %q, want progress 3", ev)
	}
	if ev, _ := recv(t, events); !strings.Contains(ev[1], `"id":5`) || !strings.Contains(ev[1], `"result":3`) {
		t.Fatalf("final %q, want the response", ev)
	}
	if _, ok := recv(t, events); ok {
		t.Error("stream did not end after the response")
	}
	resp2, body := do(t, ts.URL, req{method: "GET", headers: map[string]string{"Accept": "text/event-stream", "Mcp-Session-Id": session, "Last-Event-ID": "99-1"}})
	if resp2.StatusCode != 400 {
		t.Errorf("unknown Last-Event-ID: %d %s", resp2.StatusCode, body)
	}
}

// DELETE ends a session; the id is then unknown.
func TestStreamableDelete(t *testing.T) {
	ts := newFakeServer(t, &fakeBackend{}, nil)
	session := initSession(t, ts.URL)
	if resp, _ := do(t, ts.URL, req{method: "DELETE", headers: map[string]string{"Mcp-Session-Id": session}}); resp.StatusCode/100 != 2 {
		t.Fatalf("DELETE: %d", resp.StatusCode)
	}
	resp, _ := do(t, ts.URL, req{headers: map[string]string{"Mcp-Session-Id": session}, body: `{"jsonrpc":"2.0","id":1,"method":"echo"}`})
	if resp.StatusCode != 404 {
		t.Errorf("after DELETE: %d, want 404", resp.StatusCode)
	}
}

// In the 2026 era, closing the response stream cancels the call.
func TestStreamableStatelessDisconnectCancels(t *testing.T) {
	b := &fakeBackend{cancelled: make(chan struct{}, 1), started: make(chan struct{}, 1)}
	ts := newFakeServer(t, b, nil)
	ctx, cancel := context.WithCancel(context.Background())
	hr, _ := http.NewRequestWithContext(ctx, "POST", ts.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"block","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	hr.Header.Set("MCP-Protocol-Version", "2026-07-28")
	hr.Header.Set("Mcp-Method", "block")
	go func() {
		<-b.started // the call runs: now the client goes away
		cancel()
	}()
	if _, err := http.DefaultClient.Do(hr); err == nil {
		t.Fatal("request finished without cancellation")
	}
	select {
	case <-b.cancelled:
	case <-time.After(time.Minute):
		t.Fatal("the call's context was not cancelled when the client went away")
	}
}

// The real client against the handler: a stateless call, and a legacy
// session whose streamed notifications arrive before the response.
func TestStreamableClientConn(t *testing.T) {
	ts := newFakeServer(t, &fakeBackend{}, nil)
	c := streamable.NewClient(ts.URL, nil)
	defer c.Close()
	write, read := clientIO(t, c)
	write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`)
	if got := read(); !strings.Contains(got, `"name":"x"`) || c.SessionID() != "" {
		t.Fatalf("stateless: %s (session %q)", got, c.SessionID())
	}
	write(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}`)
	if got := read(); !strings.Contains(got, "2025-11-25") || c.SessionID() == "" {
		t.Fatalf("initialize: %s (session %q)", got, c.SessionID())
	}
	write(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	write(`{"jsonrpc":"2.0","id":3,"method":"count","params":{"n":2}}`)
	var got []string
	for range 3 {
		got = append(got, read())
	}
	want := `[{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}} {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":2}} {"jsonrpc":"2.0","id":3,"result":2}]`
	if fmt.Sprint(got) != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
}

// Close ends a Write the server never answers, even one made with
// context.Background() (as notifications/cancelled is sent).
func TestStreamableClientCloseEndsWrite(t *testing.T) {
	arrived, release := make(chan struct{}, 1), make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(release) })
	c := streamable.NewClient(ts.URL, nil)
	note, _ := transport.NewNotification("notifications/cancelled", map[string]any{"requestId": 1})
	done := make(chan error, 1)
	go func() { done <- c.Write(context.Background(), note) }()
	recv(t, arrived)
	c.Close()
	if err, ok := recv(t, done); ok && err == nil {
		t.Error("Write to a server that never answered succeeded")
	}
}
