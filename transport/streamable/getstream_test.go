package streamable_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A legacy-era client opens its GET stream during the handshake and waits
// for the server's answer, so the first request after notifications/
// initialized reaches a server whose GET stream is already open: a server
// that resumes a closed response stream on the next GET (SEP-1699, as the
// conformance suite's sse-retry server does) must not mistake the
// handshake's GET, still on its way, for that resumption. The server here
// answers the GET slowly; the request must come after the answer.
func TestStreamableClientOpensGetStreamBeforeFirstRequest(t *testing.T) {
	var mu sync.Mutex
	var order []string
	note := func(s string) {
		mu.Lock()
		order = append(order, s)
		mu.Unlock()
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			time.Sleep(200 * time.Millisecond) // a slow server, not a timed assert
			note("GET answered")
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.Contains(string(body), `"initialize"`):
			w.Header().Set("Mcp-Session-Id", "s1")
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`)
		case strings.Contains(string(body), `notifications/initialized`):
			w.WriteHeader(http.StatusAccepted)
		default:
			note("tools/list")
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}`)
		}
	}))
	defer srv.Close()
	c := streamable.NewClient(srv.URL, nil)
	defer c.Close()
	write, read := clientIO(t, c)
	write(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	read()
	write(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	write(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	read()
	mu.Lock()
	got := strings.Join(order, ", ")
	mu.Unlock()
	if want := "GET answered, tools/list"; got != want {
		t.Errorf("order on the server = %q, want %q", got, want)
	}
}
