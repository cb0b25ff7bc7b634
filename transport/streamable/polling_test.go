package streamable_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

func newPollBackend() *fakeBackend {
	return &fakeBackend{closed: make(chan bool, 1), step: make(chan struct{})}
}

// poll is tools/call of newPollBackend: progress 1,
// CloseSSEStream(params.retry ms) (its result goes to closed), a wait on
// step, progress 2, "done".
func (b *fakeBackend) poll(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	var p struct{ Retry int }
	_ = json.Unmarshal(m.Params, &p)
	progress := func(n int) {
		note, _ := transport.NewNotification("notifications/progress", map[string]int{"progress": n})
		_ = emit(note)
	}
	progress(1)
	b.closed <- streamable.CloseSSEStream(ctx, time.Duration(p.Retry)*time.Millisecond)
	select {
	case <-b.step:
	case <-ctx.Done():
		return transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "cancelled"))
	}
	progress(2)
	r, _ := transport.NewResult(m.ID, "done")
	return r
}

// sse renders events as the server writes them.
func sse(events ...string) string { return strings.Join(events, "") }

func event(id, data string) string {
	return "id: " + id + "\nevent: message\ndata: " + data + "\n\n"
}

const (
	progress1 = `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}`
	progress2 = `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":2}}`
	doneResp  = `{"jsonrpc":"2.0","id":7,"result":"done"}`
)

// A tool call of a 2025-11-25 client streams with a priming event first;
// closing its stream mid-call ends the POST (after a retry field) and the
// rest arrives when the client resumes with GET + Last-Event-ID. Older
// clients and the 2026 era get neither: their call runs on one
// stream, and CloseSSEStream reports false.
func TestStreamableCloseSSEStream(t *testing.T) {
	stateless := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "t"}
	tests := []struct {
		name     string
		version  string // "" stateless
		closed   bool
		post     string
		resumeAt string // Last-Event-ID to resume from; "" no resumption
		get      string
	}{
		{
			name: "2025-11-25", version: "2025-11-25", closed: true,
			post:     sse("id: 1-0\ndata: \n\n", event("1-1", progress1), "retry: 250\n\n"),
			resumeAt: "1-1",
			get:      sse(event("1-2", progress2), event("1-3", doneResp)),
		},
		{
			name: "resume from the priming event", version: "2025-11-25", closed: true,
			post:     sse("id: 1-0\ndata: \n\n", event("1-1", progress1), "retry: 250\n\n"),
			resumeAt: "1-0",
			get:      sse(event("1-1", progress1), event("1-2", progress2), event("1-3", doneResp)),
		},
		{
			name: "2025-03-26", version: "2025-03-26", closed: false,
			post: sse(event("1-1", progress1), event("1-2", progress2), event("1-3", doneResp)),
		},
		{
			name: "stateless", closed: false,
			post: "event: message\ndata: " + progress1 + "\n\nevent: message\ndata: " + progress2 + "\n\nevent: message\ndata: " + doneResp + "\n\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newPollBackend()
			ts := newFakeServer(t, b, nil)
			headers := stateless
			body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","retry":250,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
			session := ""
			if tc.version != "" {
				resp, _ := do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + tc.version + `"}}`})
				session = resp.Header.Get(streamable.HeaderSessionID)
				headers = map[string]string{"Mcp-Session-Id": session, "MCP-Protocol-Version": tc.version}
				body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","retry":250}}`
			}
			posted := make(chan string, 1)
			go func() { posted <- postRaw(ts.URL, headers, body) }()
			if closed, _ := recv(t, b.closed); closed != tc.closed {
				t.Errorf("CloseSSEStream = %v, want %v", closed, tc.closed)
			}
			if tc.closed {
				// The POST ends while the call waits on step.
				got, _ := recv(t, posted)
				if d := diff("text/event-stream\n"+tc.post, got); d != "" {
					t.Errorf("POST stream (-want +got):\n%s", d)
				}
				send(t, b.step)
			} else {
				send(t, b.step)
				got, _ := recv(t, posted)
				if d := diff("text/event-stream\n"+tc.post, got); d != "" {
					t.Errorf("POST stream (-want +got):\n%s", d)
				}
			}
			if tc.resumeAt == "" {
				return
			}
			resp, got := do(t, ts.URL, req{method: "GET", headers: map[string]string{
				"Accept": "text/event-stream", "Mcp-Session-Id": session, "Last-Event-ID": tc.resumeAt,
			}})
			if resp.StatusCode != 200 {
				t.Fatalf("GET: HTTP %d %s", resp.StatusCode, got)
			}
			if d := diff(tc.get, got); d != "" {
				t.Errorf("resumed stream (-want +got):\n%s", d)
			}
		})
	}
}

// The client resumes a stream the server closed mid-call, waiting the
// retry time the stream set, and delivers the rest of the call.
func TestStreamableClientHonoursRetry(t *testing.T) {
	b := newPollBackend()
	ts := newFakeServer(t, b, nil)
	c := streamable.NewClient(ts.URL, nil)
	waits := recordWaits(c)
	defer c.Close()
	write, read := clientIO(t, c)
	write(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}`)
	read()
	write(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","retry":1234}}`)
	got := []string{read()}
	if closed, _ := recv(t, b.closed); !closed {
		t.Fatal("CloseSSEStream = false for a 2025-11-25 session")
	}
	send(t, b.step)
	got = append(got, read(), read())
	if d := diff(progress1+"\n"+progress2+"\n"+doneResp, strings.Join(got, "\n")); d != "" {
		t.Errorf("messages (-want +got):\n%s", d)
	}
	if got := waits(); got != "[1.234s]" {
		t.Errorf("waited %s before reconnecting, want [1.234s] (the stream's retry)", got)
	}
}

// A stream that ends before its response is resumed only so often while
// the server sends nothing new; then the call fails instead of hanging.
func TestStreamableClientGivesUp(t *testing.T) {
	var mu sync.Mutex
	var resumedFrom []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		if r.Method == http.MethodPost {
			w.Header().Set(streamable.HeaderSessionID, "s1")
			io.WriteString(w, "id: 1-0\ndata: \n\n") // primed, then closed
			return
		}
		mu.Lock()
		resumedFrom = append(resumedFrom, r.Header.Get(streamable.HeaderLastEventID))
		mu.Unlock()
		// 200 and nothing: the response never comes
	}))
	t.Cleanup(ts.Close)
	c := streamable.NewClient(ts.URL, &streamable.ClientOptions{ReconnectAttempts: 3})
	waits := recordWaits(c)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	m, _ := transport.NewRequest(1, "tools/call", map[string]any{"name": "t"})
	if err := c.Write(ctx, m); err != nil {
		t.Fatal(err)
	}
	resp, err := c.Read(ctx)
	var re *transport.RequestError
	var le *streamable.LinkError
	if !errors.As(err, &re) || string(re.ID) != "1" || !errors.As(err, &le) || le.Failure != streamable.FailReset ||
		!strings.Contains(err.Error(), "closed the connection before it answered") {
		t.Errorf("got %+v, %v; want the request failed: the stream closed before the response", resp, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if fmt.Sprint(resumedFrom) != "[1-0 1-0 1-0]" {
		t.Errorf("resumed from %q, want 3 attempts from 1-0", resumedFrom)
	}
	if got := waits(); got != "[100ms 200ms 300ms]" {
		t.Errorf("waits %s, want a backoff (no retry set)", got)
	}
}

// postRaw POSTs body and returns the response's content type and body, or
// the error (it runs on goroutines of its own: no t.Fatal).
func postRaw(url string, headers map[string]string, body string) string {
	hr, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err.Error()
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		hr.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err.Error()
	}
	return resp.Header.Get("Content-Type") + "\n" + string(data)
}

// recordWaits makes c skip its waits before reconnecting, and returns what
// they were so far.
func recordWaits(c *streamable.Client) func() string {
	var mu sync.Mutex
	var waits []time.Duration
	streamable.SetSleep(c, func(ctx context.Context, d time.Duration) {
		mu.Lock()
		waits = append(waits, d)
		mu.Unlock()
	})
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprint(waits)
	}
}

// clientIO writes messages given as JSON text to c, and reads them back
// as JSON text, within a minute.
func clientIO(t *testing.T, c *streamable.Client) (write func(string), read func() string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	write = func(s string) {
		t.Helper()
		var m transport.Message
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		if err := c.Write(ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	read = func() string {
		t.Helper()
		m, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(m)
		return string(data)
	}
	return write, read
}
