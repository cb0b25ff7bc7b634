package streamable_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/internal/eventstoretest"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

func TestMemoryEventStoreContract(t *testing.T) {
	eventstoretest.Run(t, func(t *testing.T, max int) transport.EventStore { return transport.NewMemoryEventStore(max) })
}

// sharedStore stands for a store two replicas share: the memory event
// store, session records in a map, and a switch that breaks it.
type sharedStore struct {
	*transport.MemoryEventStore
	mu      sync.Mutex
	records map[string][]byte
	broken  atomic.Bool
}

var errBroken = errors.New("store is down")

func newSharedStore() *sharedStore {
	return &sharedStore{MemoryEventStore: transport.NewMemoryEventStore(64), records: map[string][]byte{}}
}

func (s *sharedStore) Append(ctx context.Context, session, stream string, data []byte) (string, error) {
	if s.broken.Load() {
		return "", errBroken
	}
	return s.MemoryEventStore.Append(ctx, session, stream, data)
}

func (s *sharedStore) Replay(ctx context.Context, session, last string, yield func(string, []byte) error) error {
	if s.broken.Load() {
		return errBroken
	}
	return s.MemoryEventStore.Replay(ctx, session, last, yield)
}

func (s *sharedStore) SaveSession(_ context.Context, session string, rec []byte) error {
	if s.broken.Load() {
		return errBroken
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.records[session] = rec
	return nil
}

func (s *sharedStore) LoadSession(_ context.Context, session string) ([]byte, error) {
	if s.broken.Load() {
		return nil, errBroken
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if rec, ok := s.records[session]; ok {
		return rec, nil
	}
	return nil, transport.ErrUnknownSession
}

// resume GETs the session's stream after lastEventID and returns the
// events until the stream ends.
func resume(t *testing.T, url, session, lastEventID string) (*http.Response, [][2]string) {
	t.Helper()
	gr, _ := http.NewRequest("GET", url, nil)
	gr.Header.Set("Accept", "text/event-stream")
	gr.Header.Set("Mcp-Session-Id", session)
	gr.Header.Set("Last-Event-ID", lastEventID)
	resp, err := http.DefaultClient.Do(gr)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got [][2]string
	if resp.StatusCode == 200 {
		for ev := range sseEvents(resp.Body) {
			got = append(got, ev)
		}
	}
	return resp, got
}

// With a store the replicas share, a client whose replica is gone resumes
// its streams on another one with Last-Event-ID and goes on with its
// session there, without initializing again.
func TestStreamableTakeOverAfterFailover(t *testing.T) {
	store := newSharedStore()
	ba := &fakeBackend{notifiers: make(chan func(*transport.Message) error, 1)}
	ha := streamable.NewServer(ba, &streamable.ServerOptions{EventStore: store})
	a := newHandlerServer(t, ha)
	b := newFakeServer(t, &fakeBackend{}, &streamable.ServerOptions{EventStore: store})
	session := initSession(t, a.URL)
	notify, _ := recv(t, ba.notifiers)
	note, _ := transport.NewNotification("notifications/tools/list_changed", nil)
	if err := notify(note); err != nil { // on the GET stream, nobody listening
		t.Fatal(err)
	}
	resp, body := do(t, a.URL, req{body: `{"jsonrpc":"2.0","id":5,"method":"count","params":{"n":3}}`, headers: map[string]string{"Mcp-Session-Id": session}})
	var posted [][2]string
	for ev := range sseEvents(strings.NewReader(body)) {
		posted = append(posted, ev)
	}
	if resp.StatusCode != 200 || len(posted) != 4 {
		t.Fatalf("count on A: %d, events %q", resp.StatusCode, posted)
	}
	ha.Close() // replica A goes away
	a.Close()

	// The client saw only the first event of its call: B replays the rest.
	resp, got := resume(t, b.URL, session, posted[0][0])
	if d := diff(pairs(posted[1:]), pairs(got)); resp.StatusCode != 200 || d != "" {
		t.Errorf("resume the call's stream on B: %d (-want +got)\n%s", resp.StatusCode, d)
	}
	resp, body = do(t, b.URL, req{body: `{"jsonrpc":"2.0","id":6,"method":"count","params":{"n":1}}`, headers: map[string]string{"Mcp-Session-Id": session}})
	var onB [][2]string
	for ev := range sseEvents(strings.NewReader(body)) {
		onB = append(onB, ev)
	}
	if resp.StatusCode != 200 || len(onB) != 2 || !strings.Contains(onB[1][1], `"id":6`) {
		t.Fatalf("the session on B: %d %q", resp.StatusCode, body)
	}
	if stream, _, _ := transport.SplitEventID(onB[0][0]); stream == "1" || stream == "0" {
		t.Errorf("B named its stream %q, a name A used", stream)
	}
	gresp, ctxCancel := openResume(t, b.URL, session, "0-0")
	defer ctxCancel()
	if ev, _ := recv(t, sseEvents(gresp.Body)); !strings.Contains(ev[1], "list_changed") {
		t.Errorf("GET stream on B replayed %q, want A's list_changed", ev)
	}
}

func pairs(evs [][2]string) string {
	var b strings.Builder
	for _, ev := range evs {
		b.WriteString(ev[0] + " " + ev[1] + "\n")
	}
	return b.String()
}

// openResume opens a GET stream after lastEventID and leaves it open.
func openResume(t *testing.T, url, session, lastEventID string) (*http.Response, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	gr, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	gr.Header.Set("Accept", "text/event-stream")
	gr.Header.Set("Mcp-Session-Id", session)
	gr.Header.Set("Last-Event-ID", lastEventID)
	resp, err := http.DefaultClient.Do(gr)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET after %s: %v %v", lastEventID, resp, err)
	}
	return resp, func() { cancel(); resp.Body.Close() }
}

// A store that fails is answered 503 with what failed, never a hang:
// initialize (the session cannot be saved), resuming, taking over.
func TestStreamableStoreDown(t *testing.T) {
	store := newSharedStore()
	ts := newFakeServer(t, &fakeBackend{}, &streamable.ServerOptions{EventStore: store})
	session := initSession(t, ts.URL)
	resp, body := do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":5,"method":"count","params":{"n":1}}`, headers: map[string]string{"Mcp-Session-Id": session}})
	first, _ := recv(t, sseEvents(strings.NewReader(body)))
	if resp.StatusCode != 200 || first[0] == "" {
		t.Fatalf("count: %d %q", resp.StatusCode, body)
	}
	store.broken.Store(true)
	for _, tc := range []struct {
		name    string
		do      func() (*http.Response, string)
		wantErr string
	}{
		{"initialize", func() (*http.Response, string) {
			return do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`})
		}, "saving the session: store is down"},
		{"resume", func() (*http.Response, string) {
			return do(t, ts.URL, req{method: "GET", headers: map[string]string{"Accept": "text/event-stream", "Mcp-Session-Id": session, "Last-Event-ID": first[0]}})
		}, "the event store failed: store is down"},
		{"take over", func() (*http.Response, string) {
			return do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":2,"method":"echo"}`, headers: map[string]string{"Mcp-Session-Id": "elsewhere"}})
		}, "loading the session: store is down"},
	} {
		resp, body := tc.do()
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, tc.wantErr) {
			t.Errorf("%s with the store down: %d %s, want 503 saying %q", tc.name, resp.StatusCode, body, tc.wantErr)
		}
	}
	// Events still reach a connected client, without an id to resume from.
	resp, body = do(t, ts.URL, req{body: `{"jsonrpc":"2.0","id":6,"method":"count","params":{"n":1}}`, headers: map[string]string{"Mcp-Session-Id": session}})
	if ev, _ := recv(t, sseEvents(strings.NewReader(body))); resp.StatusCode != 200 || ev[0] != "" || !strings.Contains(ev[1], `"progress":1`) {
		t.Errorf("count with the store down: %d, first event %q", resp.StatusCode, ev)
	}
}

// Fuzz the reader of stored session records: anything a store hands back
// either decodes to an initialize request or is an error.
func FuzzDecodeSessionRecord(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","method":"initialize"}`))
	f.Add([]byte("\x00\xff{"))
	f.Add([]byte(`{"owner":"ab","initialize":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}}`))
	f.Fuzz(func(t *testing.T, rec []byte) {
		m, _, err := streamable.DecodeSessionRecord(rec)
		if err == nil && (m.Method != "initialize" || !m.IsRequest()) {
			t.Fatalf("record %q decoded to %+v", rec, m)
		}
	})
}

// Fuzz SplitEventID on Last-Event-ID values a client sends.
func FuzzSplitEventID(f *testing.F) {
	for _, s := range []string{"1-2", "0-0", "a.1-1700000000000-0", "-", "1-", "-1", "\x00-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		stream, pos, ok := transport.SplitEventID(id)
		if ok && (stream+"-"+pos != id || stream == "" || pos == "" || strings.ContainsAny(stream, "- \x00")) {
			t.Fatalf("SplitEventID(%q) = %q, %q", id, stream, pos)
		}
	})
}
