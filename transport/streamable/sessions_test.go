package streamable_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// closeBackend is a fakeBackend whose sessions say when they are closed.
type closeBackend struct {
	*fakeBackend
	closed chan struct{}
}

func (b closeBackend) NewSession(notify func(*transport.Message) error) transport.StreamableSession {
	return closingSession{b.fakeBackend.NewSession(notify), b.closed}
}

type closingSession struct {
	transport.StreamableSession
	closed chan struct{}
}

func (s closingSession) Close() { s.closed <- struct{}{} }

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`

// Legacy sessions are capped (MaxSessions): the initialize beyond the cap
// is answered 503 with a JSON-RPC error naming the cap; a session ended
// with DELETE, or idle past SessionIdleTimeout, makes room again.
func TestLegacySessionCap(t *testing.T) {
	if streamable.DefaultMaxSessions != 10000 {
		t.Errorf("DefaultMaxSessions = %d, want 10000", streamable.DefaultMaxSessions)
	}
	ts := newFakeServer(t, &fakeBackend{}, &streamable.ServerOptions{MaxSessions: 2})
	first := initSession(t, ts.URL)
	initSession(t, ts.URL)
	resp, body := do(t, ts.URL, req{body: initBody})
	var m transport.Message
	_ = json.Unmarshal([]byte(body), &m)
	if resp.StatusCode != http.StatusServiceUnavailable || m.Error == nil || string(m.ID) != "1" ||
		!strings.Contains(m.Error.Message, "too many sessions (the limit is 2)") || resp.Header.Get(streamable.HeaderSessionID) != "" {
		t.Fatalf("initialize over the cap: HTTP %d %s", resp.StatusCode, body)
	}
	if resp.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After on the 503")
	}
	if resp, _ := do(t, ts.URL, req{method: http.MethodDelete, headers: map[string]string{streamable.HeaderSessionID: first}}); resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: HTTP %d", resp.StatusCode)
	}
	initSession(t, ts.URL) // room again

	// Idle sessions are swept to make room.
	idle := newFakeServer(t, &fakeBackend{}, &streamable.ServerOptions{MaxSessions: 1, SessionIdleTimeout: time.Millisecond})
	initSession(t, idle.URL)
	time.Sleep(5 * time.Millisecond) // past the idle timeout: more time only makes it more so
	initSession(t, idle.URL)
}

// Expired sessions are swept on a timer, without waiting for a new
// initialize; Close stops the timer.
func TestIdleSessionsSweptOnTimer(t *testing.T) {
	b := closeBackend{&fakeBackend{}, make(chan struct{}, 4)}
	h := streamable.NewServer(b, &streamable.ServerOptions{SessionIdleTimeout: 20 * time.Millisecond})
	ts := newHandlerServer(t, h)
	session := initSession(t, ts.URL)
	select {
	case <-b.closed:
	case <-time.After(30 * time.Second):
		t.Fatal("the idle session was never swept")
	}
	if resp, _ := do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":2,"method":"echo"}`, headers: map[string]string{streamable.HeaderSessionID: session}}); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the swept session answered HTTP %d, want 404", resp.StatusCode)
	}
	if streamable.SweepArmed(h) {
		t.Error("the sweep timer runs with no session alive")
	}
	initSession(t, ts.URL)
	if !streamable.SweepArmed(h) {
		t.Error("no sweep timer while a session lives")
	}
	h.Close()
	if streamable.SweepArmed(h) {
		t.Error("the sweep timer still runs after Close")
	}
	<-b.closed // Close ended the session
}

func newHandlerServer(t *testing.T, h *streamable.Server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })
	return ts
}
