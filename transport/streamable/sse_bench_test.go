package streamable_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport/streamable"
)

// BenchmarkSSEStreamTenEvents: a legacy-era request answered as an SSE
// stream of ten progress events and its response, through the handler
// in process (each event goes through the session's EventStore).
func BenchmarkSSEStreamTenEvents(b *testing.B) {
	h := streamable.NewServer(&fakeBackend{}, nil)
	defer h.Close()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, newPost(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, ""))
	session := w.Header().Get(streamable.HeaderSessionID)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, newPost(`{"jsonrpc":"2.0","id":2,"method":"count","params":{"n":10}}`, session))
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"result":10`) {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

func newPost(body, session string) *http.Request {
	r := httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		r.Header.Set(streamable.HeaderSessionID, session)
	}
	return r
}
